//! Who may talk to the server: only its own page.
//!
//! The server listens on loopback, but every web page a person visits runs in the same
//! browser, and can send requests to it. Three checks keep them out:
//! - **Host** must name the address the server listens on (the loopback names by
//!   default; the `--listen` address, and any `--host` names, when given). A DNS-rebinding
//!   page reaches the server under its own host name, so it gets 421 and no data.
//! - **Origin**, when the browser sends one (it does on every cross-site request and on
//!   the page's own POSTs), must be the server's own `http://HOST`: anything else is 403.
//! - A request that changes state (POST) must say `Content-Type: application/json`: a
//!   cross-site form or a `text/plain` "simple" request, which a browser sends without
//!   asking first, is 415. (A JSON request from another origin needs a CORS preflight,
//!   which this server never grants.)

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// The `Host` values the server answers to (lower case, with the port as a browser sends
/// it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllowedHosts(HashSet<String>);

impl AllowedHosts {
    /// The names of `addr`, where the server listens: its IP (bracketed if v6), and for a
    /// loopback address `localhost`, `127.0.0.1` and `[::1]` too; plus `extra` names
    /// (e.g. the machine's name when listening on every interface). Each with the port, and
    /// also without it on port 80 (a browser leaves the default port out).
    pub fn for_listener(addr: SocketAddr, extra: &[String]) -> AllowedHosts {
        let mut names: Vec<String> = extra.iter().map(|n| n.to_ascii_lowercase()).collect();
        let ip = match addr {
            SocketAddr::V4(a) => a.ip().to_string(),
            SocketAddr::V6(a) => format!("[{}]", a.ip()),
        };
        if !addr.ip().is_unspecified() {
            names.push(ip);
        }
        if addr.ip().is_loopback() {
            names.extend(["localhost", "127.0.0.1", "[::1]"].map(String::from));
        }
        let port = addr.port();
        let mut hosts = HashSet::new();
        for name in names {
            hosts.insert(format!("{name}:{port}"));
            if port == 80 {
                hosts.insert(name);
            }
        }
        AllowedHosts(hosts)
    }

    /// Whether a request's `Host` value is one of the server's.
    pub fn allows(&self, host: &str) -> bool {
        self.0.contains(&host.trim().to_ascii_lowercase())
    }

    /// Whether an `Origin` value is the server's own page (`http://` and an allowed host).
    pub fn allows_origin(&self, origin: &str) -> bool {
        origin
            .trim()
            .strip_prefix("http://")
            .is_some_and(|host| self.allows(host))
    }
}

/// A refusal in the API's shape, `{"error", "field"}`.
fn refuse(status: StatusCode, field: &str, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"error": message, "field": field})),
    )
        .into_response()
}

/// Why a request is refused, if it is: the checks of this module, in order.
pub fn refusal(allowed: &AllowedHosts, method: &Method, headers: &HeaderMap) -> Option<Response> {
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    if !text(header::HOST).is_some_and(|host| allowed.allows(host)) {
        return Some(refuse(
            StatusCode::MISDIRECTED_REQUEST,
            "host",
            "this server answers only to the address it listens on",
        ));
    }
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin.to_str().is_ok_and(|o| allowed.allows_origin(o))
    {
        return Some(refuse(
            StatusCode::FORBIDDEN,
            "origin",
            "requests from other pages are refused",
        ));
    }
    if method != Method::GET && method != Method::HEAD {
        let json = text(header::CONTENT_TYPE).is_some_and(|t| {
            t.split(';')
                .next()
                .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
        });
        if !json {
            return Some(refuse(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "body",
                "a request that changes a game must be application/json",
            ));
        }
    }
    None
}

/// The middleware: every request passes [`refusal`] before any route sees it.
pub async fn guard(
    State(allowed): State<Arc<AllowedHosts>>,
    request: Request,
    next: Next,
) -> Response {
    match refusal(&allowed, request.method(), request.headers()) {
        Some(refused) => refused,
        None => next.run(request).await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    fn status(
        allowed: &AllowedHosts,
        method: Method,
        pairs: &[(header::HeaderName, &str)],
    ) -> Option<StatusCode> {
        refusal(allowed, &method, &headers(pairs)).map(|r| r.status())
    }

    #[test]
    fn loopback_names_with_the_port_and_nothing_else() {
        let allowed = AllowedHosts::for_listener("127.0.0.1:8080".parse().unwrap(), &[]);
        for host in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(allowed.allows(host), "{host}");
        }
        for host in [
            "127.0.0.1",
            "localhost:8081",
            "evil.example:8080",
            "127.0.0.1:8080.evil",
            "",
        ] {
            assert!(!allowed.allows(host), "{host}");
        }
        assert!(allowed.allows_origin("http://localhost:8080"));
        assert!(!allowed.allows_origin("https://localhost:8080"));
        assert!(!allowed.allows_origin("http://evil.example"));
        assert!(!allowed.allows_origin("null"));
    }

    #[test]
    fn a_listen_address_names_itself_and_port_80_may_go_unsaid() {
        let allowed = AllowedHosts::for_listener("192.168.1.5:80".parse().unwrap(), &[]);
        assert!(allowed.allows("192.168.1.5") && allowed.allows("192.168.1.5:80"));
        assert!(!allowed.allows("localhost:80"));
        let every =
            AllowedHosts::for_listener("0.0.0.0:8080".parse().unwrap(), &["Box.lan".into()]);
        assert!(every.allows("box.lan:8080"));
        assert!(!every.allows("0.0.0.0:8080"));
    }

    #[test]
    fn each_check_refuses_with_its_status() {
        let allowed = AllowedHosts::for_listener("127.0.0.1:8080".parse().unwrap(), &[]);
        let host = (header::HOST, "127.0.0.1:8080");
        let json = (header::CONTENT_TYPE, "application/json; charset=utf-8");
        assert_eq!(
            status(&allowed, Method::GET, std::slice::from_ref(&host)),
            None
        );
        assert_eq!(
            status(&allowed, Method::POST, &[host.clone(), json.clone()]),
            None
        );
        assert_eq!(
            status(
                &allowed,
                Method::POST,
                &[
                    host.clone(),
                    json.clone(),
                    (header::ORIGIN, "http://127.0.0.1:8080")
                ]
            ),
            None
        );
        assert_eq!(
            status(&allowed, Method::GET, &[]),
            Some(StatusCode::MISDIRECTED_REQUEST)
        );
        assert_eq!(
            status(
                &allowed,
                Method::GET,
                &[(header::HOST, "evil.example:8080")]
            ),
            Some(StatusCode::MISDIRECTED_REQUEST)
        );
        assert_eq!(
            status(
                &allowed,
                Method::POST,
                &[
                    host.clone(),
                    json.clone(),
                    (header::ORIGIN, "http://evil.example")
                ]
            ),
            Some(StatusCode::FORBIDDEN)
        );
        assert_eq!(
            status(
                &allowed,
                Method::POST,
                &[host.clone(), (header::CONTENT_TYPE, "text/plain")]
            ),
            Some(StatusCode::UNSUPPORTED_MEDIA_TYPE)
        );
        assert_eq!(
            status(&allowed, Method::POST, &[host]),
            Some(StatusCode::UNSUPPORTED_MEDIA_TYPE)
        );
    }
}
