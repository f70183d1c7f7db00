//! Refusals at the HTTP level: a connection kept alive across refused requests stays
//! usable (issue 76). A raw HTTP/1.1 client sends, on one connection, an upload over its
//! limit, posts from another page, a post that is not JSON, one to another host's name,
//! bad JSON and an unknown route, then asks for the page: every request is answered, none
//! says `Connection: close`, and the connection carries the next. Each body goes out in
//! two parts with a pause between, so that the server meets bodies that are not all there
//! yet (what a busy machine does to every client), and the sequence runs many times on
//! several connections at once.

use crate::common;

use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::TcpStream;

/// One answer: its status, its headers (names in lower case) and its body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn closes(&self) -> bool {
        self.header("connection")
            .is_some_and(|v| v.eq_ignore_ascii_case("close"))
    }
}

/// Reads one answer off the connection (a `Content-Length` body or a chunked one).
async fn answer(reader: &mut BufReader<OwnedReadHalf>) -> Result<Answer, String> {
    let mut line = String::new();
    reader
        .read_line(&mut line)
        .await
        .map_err(|e| format!("reading the status line: {e}"))?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("no status line, read {line:?}"))?;
    let mut headers = Vec::new();
    loop {
        line.clear();
        reader
            .read_line(&mut line)
            .await
            .map_err(|e| format!("reading headers: {e}"))?;
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        let (name, value) = header.split_once(':').ok_or("a header without a colon")?;
        headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
    }
    let mut answer = Answer {
        status,
        headers,
        body: Vec::new(),
    };
    if let Some(length) = answer.header("content-length") {
        let length: usize = length.parse().map_err(|_| "a bad content-length")?;
        answer.body = vec![0; length];
        reader
            .read_exact(&mut answer.body)
            .await
            .map_err(|e| format!("reading the body: {e}"))?;
    } else if answer
        .header("transfer-encoding")
        .is_some_and(|t| t.contains("chunked"))
    {
        loop {
            line.clear();
            reader
                .read_line(&mut line)
                .await
                .map_err(|e| e.to_string())?;
            let size = usize::from_str_radix(line.trim(), 16).map_err(|_| "a bad chunk size")?;
            let mut chunk = vec![0; size + 2];
            reader
                .read_exact(&mut chunk)
                .await
                .map_err(|e| e.to_string())?;
            if size == 0 {
                break;
            }
            answer.body.extend_from_slice(&chunk[..size]);
        }
    }
    Ok(answer)
}

/// A request: method, path, extra headers, body.
struct Ask {
    method: &'static str,
    path: &'static str,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
    expect: u16,
}

/// Sends `ask` on the connection, its body in two parts with a pause between, while the
/// answer is read (a server that answers early must not leave the writer stuck).
async fn exchange(
    writer: &mut OwnedWriteHalf,
    reader: &mut BufReader<OwnedReadHalf>,
    host: &str,
    ask: &Ask,
) -> Result<Answer, String> {
    let mut head = format!("{} {} HTTP/1.1\r\n", ask.method, ask.path);
    if !ask.headers.iter().any(|(n, _)| *n == "host") {
        head.push_str(&format!("host: {host}\r\n"));
    }
    for (name, value) in &ask.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("content-length: {}\r\n\r\n", ask.body.len()));
    let (first, rest) = ask.body.split_at(ask.body.len() / 3);
    let send = async {
        writer.write_all(head.as_bytes()).await?;
        writer.write_all(first).await?;
        writer.flush().await?;
        tokio::time::sleep(Duration::from_millis(15)).await;
        writer.write_all(rest).await?;
        writer.flush().await
    };
    let (sent, answered) = tokio::join!(send, answer(reader));
    let answered = answered?;
    sent.map_err(|e| format!("sending the body (answered {}): {e}", answered.status))?;
    Ok(answered)
}

/// The sequence: every refusal the server makes to a request with a body, then the page.
fn sequence(host: &str) -> Vec<Ask> {
    let json = || ("content-type", "application/json".to_string());
    let log = serde_json::json!({"name": "x.log", "log": common::GOLDEN_LOG}).to_string();
    let over = |bytes: usize| format!("{{\"pad\": \"{}\"}}", "x".repeat(bytes)).into_bytes();
    vec![
        // Over the 4 KiB of a move.
        Ask {
            method: "POST",
            path: "/api/games",
            headers: vec![json()],
            body: over(64 * 1024),
            expect: 413,
        },
        // A log posted from another page, as JSON and as a "simple" request.
        Ask {
            method: "POST",
            path: "/api/logs",
            headers: vec![json(), ("origin", "http://evil.example".into())],
            body: log.clone().into_bytes(),
            expect: 403,
        },
        Ask {
            method: "POST",
            path: "/api/games",
            headers: vec![
                ("content-type", "text/plain".into()),
                ("origin", "http://evil.example".into()),
            ],
            body: br#"{"opponent": "level-1"}"#.to_vec(),
            expect: 403,
        },
        // Not JSON, from no page at all.
        Ask {
            method: "POST",
            path: "/api/logs",
            headers: vec![("content-type", "text/plain".into())],
            body: log.clone().into_bytes(),
            expect: 415,
        },
        // Another host's name (DNS rebinding).
        Ask {
            method: "POST",
            path: "/api/logs",
            headers: vec![json(), ("host", "evil.example".into())],
            body: log.into_bytes(),
            expect: 421,
        },
        // Over an opened log's bound.
        Ask {
            method: "POST",
            path: "/api/logs",
            headers: vec![json()],
            body: over(1024 * 1024),
            expect: 413,
        },
        // Bad JSON, and an unknown route.
        Ask {
            method: "POST",
            path: "/api/games",
            headers: vec![json()],
            body: b"{\"opponent\": ".to_vec(),
            expect: 400,
        },
        Ask {
            method: "POST",
            path: "/api/nowhere",
            headers: vec![json()],
            body: over(2048),
            expect: 404,
        },
        // And the page, on the same connection.
        Ask {
            method: "GET",
            path: "/",
            headers: vec![("origin", format!("http://{host}"))],
            body: Vec::new(),
            expect: 200,
        },
    ]
}

/// Runs the sequence `rounds` times on one keep-alive connection; the first failure.
async fn one_connection(host: String, rounds: usize) -> Result<usize, String> {
    let stream = TcpStream::connect(&host).await.map_err(|e| e.to_string())?;
    let (reader, mut writer) = stream.into_split();
    let mut reader = BufReader::new(reader);
    let mut answered = 0;
    for round in 0..rounds {
        for ask in sequence(&host) {
            let said = exchange(&mut writer, &mut reader, &host, &ask)
                .await
                .map_err(|e| format!("round {round}, {} {}: {e}", ask.method, ask.path))?;
            let context = format!(
                "round {round}, {} {}: {} {}",
                ask.method,
                ask.path,
                said.status,
                String::from_utf8_lossy(&said.body[..said.body.len().min(200)])
            );
            if said.status != ask.expect {
                return Err(format!("expected {}; {context}", ask.expect));
            }
            if said.closes() {
                return Err(format!("the connection was closed: {context}"));
            }
            answered += 1;
        }
    }
    Ok(answered)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_keep_the_connection_usable() {
    let server = common::start("connections").await;
    let host = server.addr.to_string();
    const CONNECTIONS: usize = 4;
    const ROUNDS: usize = 6;
    let runs: Vec<_> = (0..CONNECTIONS)
        .map(|_| tokio::spawn(one_connection(host.clone(), ROUNDS)))
        .collect();
    let mut answered = 0;
    for run in runs {
        answered += run.await.unwrap().unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(answered, CONNECTIONS * ROUNDS * sequence(&host).len());
}

/// A body announced larger than the server will read is refused at once, with
/// `Connection: close`: the client opens a new connection and is answered there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_too_large_to_read_is_refused_with_connection_close() {
    let server = common::start("connections-close").await;
    let host = server.addr.to_string();
    let stream = TcpStream::connect(&host).await.unwrap();
    let (reader, mut writer) = stream.into_split();
    let mut reader = BufReader::new(reader);
    let limit = yacht_play::api::body_limit("/api/games");
    let announced = limit as u64 + 2 + yacht_play::settle::DRAIN_LIMIT_BYTES;
    let head = format!(
        "POST /api/games HTTP/1.1\r\nhost: {host}\r\ncontent-type: application/json\r\ncontent-length: {announced}\r\n\r\n"
    );
    writer.write_all(head.as_bytes()).await.unwrap();
    // What the server reads of it: one byte past the limit, then it answers.
    writer.write_all(&vec![b' '; limit + 1]).await.unwrap();
    let said = answer(&mut reader).await.unwrap();
    assert_eq!(said.status, 413);
    assert!(said.closes(), "413 without Connection: close");
    // A new connection is answered as usual.
    let answered = one_connection(host, 1).await.unwrap();
    assert_eq!(answered, sequence(&server.addr.to_string()).len());
}
