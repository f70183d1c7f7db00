//! Every request's body read before it is answered: a refusal is an answer, not a reset.
//!
//! A server that answers before it has read a request's body (a refusal by the
//! [`guard`](crate::guard), a body over its route's limit, an unknown route) leaves the
//! rest of that body on the connection. hyper then either reads it in passing or, if it is
//! not all there yet, closes the connection without saying so: the client, which keeps the
//! connection for its next request, sees that request fail (`IncompleteMessage`, a broken
//! pipe). On a busy machine the body is often not all there yet. nginx and hyper's own
//! guidance do what this layer does, outside every route and the guard:
//! - the body is read first, up to one byte past its route's limit ([`Limits`]), and the
//!   route (or the guard) sees it whole, so a refusal inside is an answer on a connection
//!   that stays usable;
//! - what is left of a body past its limit is read and dropped, up to
//!   [`DRAIN_LIMIT_BYTES`] more and for at most [`DRAIN_TIME`];
//! - a body that cannot be settled so (larger still, announced larger, too slow, or broken
//!   off) is answered with `Connection: close`, so no client sends another request on a
//!   connection that is about to end.

use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use http_body_util::BodyExt;

/// How much of a body past its route's limit is read and dropped to keep the connection:
/// a little more than the largest upload the page makes (a match's logs, 64 MiB), so that
/// a person's too large upload is refused on a connection that goes on.
pub const DRAIN_LIMIT_BYTES: u64 = 8 * 1024 * 1024;

/// How long a body may take to arrive, in all; a slower one is answered with
/// `Connection: close` (a client that announces a body and never sends it holds nothing).
pub const DRAIN_TIME: Duration = Duration::from_secs(10);

/// The largest body a request to a path may have (the router's own limits, from the one
/// function that sets them).
pub type Limits = Arc<dyn Fn(&str) -> usize + Send + Sync>;

/// The body as far as it was read: the bytes kept, and whether it ended within them.
struct Read {
    kept: Vec<u8>,
    whole: bool,
}

/// Reads frames of `body` into `kept` until it ends (`whole`) or holds more than `keep`
/// bytes; then drops the rest up to `drop` bytes more (none: it stops there). `None` when
/// the body broke off.
async fn read(body: &mut Body, keep: usize, drop: Option<u64>) -> Option<Read> {
    let mut kept = Vec::new();
    let mut dropped = 0u64;
    loop {
        let past = kept.len() > keep;
        if past && drop.is_none_or(|bound| dropped > bound) {
            return Some(Read { kept, whole: false });
        }
        let Some(frame) = body.frame().await else {
            return Some(Read { kept, whole: true });
        };
        let Ok(data) = frame.ok()?.into_data() else {
            continue; // trailers
        };
        let take = data.len().min((keep + 1).saturating_sub(kept.len()));
        kept.extend_from_slice(&data[..take]);
        dropped += (data.len() - take) as u64;
    }
}

/// The middleware: the request's body read (and the rest of it dropped) before the routes
/// and the guard see it; `Connection: close` on the answer when it could not be settled.
pub async fn settle(State(limits): State<Limits>, request: Request, next: Next) -> Response {
    let limit = limits(request.uri().path());
    let (parts, mut body) = request.into_parts();
    let announced = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    // A body announced larger than can be dropped is read only to one byte past its
    // limit, for the route to refuse, and the connection closed after the answer.
    let hopeless = announced.is_some_and(|n| n > limit as u64 + 1 + DRAIN_LIMIT_BYTES);
    let drop = (!hopeless).then_some(DRAIN_LIMIT_BYTES);
    let read = tokio::time::timeout(DRAIN_TIME, read(&mut body, limit, drop))
        .await
        .ok()
        .flatten();
    // The routes see what was kept: all of a body within its limit, one byte past the
    // limit otherwise, which the route's own limit refuses in its own words.
    let (kept, settled) = read.map_or((Vec::new(), false), |r| (r.kept, r.whole));
    let mut response = next
        .run(Request::from_parts(parts, Body::from(Bytes::from(kept))))
        .await;
    if !settled {
        response
            .headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body(chunks: &[usize]) -> Body {
        let frames: Vec<Result<Bytes, std::io::Error>> = chunks
            .iter()
            .map(|&n| Ok(Bytes::from(vec![b'x'; n])))
            .collect();
        Body::from_stream(futures_util::stream::iter(frames))
    }

    #[tokio::test]
    async fn a_body_within_its_limit_is_kept_whole() {
        let read = read(&mut body(&[3, 4]), 10, None).await.unwrap();
        assert!(read.whole);
        assert_eq!(read.kept.len(), 7);
        let read = super::read(&mut body(&[10]), 10, None).await.unwrap();
        assert!(read.whole && read.kept.len() == 10);
    }

    #[tokio::test]
    async fn past_its_limit_one_byte_more_is_kept_and_the_rest_dropped_up_to_a_bound() {
        let read = read(&mut body(&[6, 6, 6]), 10, Some(100)).await.unwrap();
        assert!(read.whole, "the rest was dropped and the body ended");
        assert_eq!(read.kept.len(), 11);
        let read = super::read(&mut body(&[6, 6, 200, 6]), 10, Some(100))
            .await
            .unwrap();
        assert!(!read.whole, "more than the bound: not settled");
        assert_eq!(read.kept.len(), 11);
        // Not to be drained: it stops one byte past the limit, the rest unread.
        let mut rest = body(&[6, 6, 6]);
        let read = super::read(&mut rest, 10, None).await.unwrap();
        assert!(!read.whole && read.kept.len() == 11);
        assert!(rest.frame().await.is_some(), "the last frame was read");
    }

    #[tokio::test]
    async fn a_broken_body_is_not_settled() {
        let frames: Vec<Result<Bytes, std::io::Error>> = vec![
            Ok(Bytes::from_static(b"abc")),
            Err(std::io::Error::other("reset")),
        ];
        let mut broken = Body::from_stream(futures_util::stream::iter(frames));
        assert!(read(&mut broken, 10, Some(100)).await.is_none());
    }
}
