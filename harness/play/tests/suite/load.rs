//! Many people at once, over loopback: 50 games played to the end by an HTTP client, with
//! malformed requests among the moves (each refused with a 4xx, the game unchanged), then
//! every game's log complete and legal.
//!
//! It also measures what a person waits for: the latency of every request that does not
//! wait on the opponent (state, points, moves), printed as p50 / p99 / max. The CI run
//! plays level 1 against a server in the test's process. The benchmark plays the bot at
//! full strength in every game against a server of its own, so that the client's work is
//! not the server's (no figure here is asserted: it is a measurement):
//!
//! ```sh
//! yacht-play --port 8799 --games target/bench-games &
//! YACHT_LOAD_SERVER=http://127.0.0.1:8799 YACHT_LOAD_OPPONENT=level-5 \
//!     cargo test --release -p yacht-play --test suite load:: -- --nocapture
//! ```

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

const GAMES: usize = 50;

/// How often a waiting page asks for the state (app.js `POLL_MS`).
const POLL: Duration = Duration::from_millis(300);

/// Latencies of requests that never wait on the opponent, microseconds.
type Latencies = Arc<Mutex<Vec<u64>>>;

struct Driver {
    http: Client,
    base: String,
    latencies: Latencies,
    refused: usize,
}

impl Driver {
    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Vec<u8>>,
    ) -> (StatusCode, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(body) = body {
            request = request
                .header("content-type", "application/json")
                .body(body);
        }
        let start = Instant::now();
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        let text = response.text().await.unwrap();
        self.latencies
            .lock()
            .unwrap()
            .push(start.elapsed().as_micros() as u64);
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.send(reqwest::Method::GET, path, None).await
    }

    async fn post(&self, path: &str, body: &Value) -> (StatusCode, Value) {
        self.send(
            reqwest::Method::POST,
            path,
            Some(body.to_string().into_bytes()),
        )
        .await
    }

    /// Sends a request that must be refused, and checks the game did not move (when the
    /// person owes the move, nothing else can move it).
    async fn refused(&mut self, id: &str, path: &str, body: Vec<u8>, turn: Option<u64>) {
        let (status, answer) = self.send(reqwest::Method::POST, path, Some(body)).await;
        assert!(status.is_client_error(), "{path}: {status} {answer}");
        assert!(answer.get("error").is_some(), "{path}: {answer}");
        if let Some(turn) = turn {
            let (_, state) = self.get(&format!("/api/games/{id}")).await;
            assert_eq!(
                state["turn"], turn,
                "{path}: a refused request moved the game"
            );
        }
        self.refused += 1;
    }
}

/// The `k`-th kind of malformed request for the move due now.
fn malformed(k: usize, id: &str, turn: u64, owed: &str, state: &Value) -> (String, Vec<u8>) {
    let bid = format!("/api/games/{id}/bid");
    let put = format!("/api/games/{id}/put");
    let body = |v: Value| v.to_string().into_bytes();
    let used = state["players"][0]["sheet"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| !r["points"].is_null())
        .map(|r| r["category"].as_str().unwrap().to_string());
    match k % 12 {
        0 => (
            bid,
            body(json!({"turn": turn, "group": "A", "amount": 100_001})),
        ),
        1 => (bid, body(json!({"turn": turn, "group": "A", "amount": -1}))),
        2 => (
            bid,
            body(json!({"turn": turn, "group": "A", "amount": 2.5})),
        ),
        3 => (
            bid,
            body(json!({"turn": turn, "group": "A", "amount": "lots"})),
        ),
        4 => (bid, body(json!({"turn": turn, "group": "C", "amount": 5}))),
        5 => (bid.clone(), body(json!({"group": "A", "amount": 5}))),
        6 => (
            bid,
            body(json!({"turn": turn.saturating_sub(1), "group": "A", "amount": 5})),
        ),
        // Out of turn: the other kind of move.
        7 if owed == "bid" => (
            put,
            body(json!({"turn": turn, "category": "CHOICE", "dice": "11111"})),
        ),
        7 => (bid, body(json!({"turn": turn, "group": "A", "amount": 5}))),
        8 if owed == "put" && used.is_some() => (
            put,
            body(
                json!({"turn": turn, "category": used.unwrap(), "dice": state["players"][0]["held"].as_array().unwrap()[..5]}),
            ),
        ),
        8 => (
            "/api/games/0123456789abcdef0123456789abcdef/bid".to_string(),
            body(json!({"turn": turn, "group": "A", "amount": 0})),
        ),
        9 => (bid, b"{\"turn\": 1, \"group\": ".to_vec()),
        10 => (bid, vec![b' '; 8192]),
        _ => (
            put,
            body(json!({"turn": turn, "category": "YACHT", "dice": "99999"})),
        ),
    }
}

/// Plays one game to its end against `opponent`; returns the game's id, the person's
/// seat and the moves made.
async fn play_one(
    mut driver: Driver,
    opponent: &str,
    n: usize,
) -> (String, usize, Vec<String>, usize) {
    let (status, mut state) = driver
        .post(
            "/api/games",
            &json!({"opponent": opponent, "seat": if n.is_multiple_of(2) { "first" } else { "second" }}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    let seat = usize::from(state["seat"] == "second");
    let mut moves = Vec::new();
    let mut k = n;
    let started = Instant::now();
    while state["finished"].is_null() {
        assert!(state["error"].is_null(), "{state}");
        assert!(
            started.elapsed() < Duration::from_secs(600),
            "game {id} is stuck"
        );
        let turn = state["turn"].as_u64().unwrap();
        let owed = state["owed"].as_str().unwrap_or("").to_string();
        if owed.is_empty() {
            // The page's polling interval (app.js POLL_MS).
            tokio::time::sleep(POLL).await;
            state = driver.get(&format!("/api/games/{id}")).await.1;
            continue;
        }
        let (path, body) = malformed(k, &id, turn, &owed, &state);
        k += 1;
        driver.refused(&id, &path, body, Some(turn)).await;
        if owed == "bid" {
            let amount = (turn * 37 % 400) as u32;
            let group = if turn % 3 == 0 { "B" } else { "A" };
            let (status, next) = driver
                .post(
                    &format!("/api/games/{id}/bid"),
                    &json!({"turn": turn, "group": group, "amount": amount}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{next}");
            moves.push(format!("BID {group} {amount}"));
            state = next;
            // The same move again: a repeated submission.
            let again = json!({"turn": turn, "group": group, "amount": amount});
            let path = format!("/api/games/{id}/bid");
            driver
                .refused(&id, &path, again.to_string().into_bytes(), None)
                .await;
        } else {
            let held: Vec<u64> = state["players"][0]["held"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d.as_u64().unwrap())
                .collect();
            let dice: String = held[..5].iter().map(|d| d.to_string()).collect();
            let (status, points) = driver
                .get(&format!("/api/games/{id}/points?dice={dice}"))
                .await;
            assert_eq!(status, StatusCode::OK, "{points}");
            let category = points["options"][0]["category"]
                .as_str()
                .unwrap()
                .to_string();
            let (status, next) = driver
                .post(
                    &format!("/api/games/{id}/put"),
                    &json!({"turn": turn, "category": category, "dice": dice}),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{next}");
            moves.push(format!("PUT {category} {dice}"));
            state = next;
        }
    }
    (id, seat, moves, driver.refused)
}

fn percentile(sorted: &[u64], q: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_games_at_once_with_malformed_requests_among_the_moves() {
    let external = std::env::var("YACHT_LOAD_SERVER").ok();
    let server = match &external {
        Some(_) => None,
        None => Some(common::start("load").await),
    };
    let base = external.unwrap_or_else(|| server.as_ref().unwrap().url(""));
    let opponent = std::env::var("YACHT_LOAD_OPPONENT").unwrap_or_else(|_| "level-1".to_string());
    let latencies: Latencies = Arc::default();
    let http = Client::builder()
        .pool_max_idle_per_host(GAMES)
        .build()
        .unwrap();
    let started = Instant::now();
    let tasks: Vec<_> = (0..GAMES)
        .map(|n| {
            let driver = Driver {
                http: http.clone(),
                base: base.clone(),
                latencies: Arc::clone(&latencies),
                refused: 0,
            };
            let opponent = opponent.clone();
            tokio::spawn(async move { play_one(driver, &opponent, n).await })
        })
        .collect();
    let mut refused = 0;
    for task in tasks {
        let (id, seat, moves, n) = task.await.unwrap();
        refused += n;
        // Every game's log: complete, legal, the moves made; the replay page is there.
        let get = |path: String| {
            let http = http.clone();
            async move {
                let response = http.get(path).send().await.unwrap();
                (response.status(), response.text().await.unwrap())
            }
        };
        let (status, log) = get(format!("{base}/games/{id}/log")).await;
        assert_eq!(status, StatusCode::OK, "{id}");
        let (logged, whole) = common::person_moves_in_log(&log, seat);
        assert!(whole, "{id}: {log}");
        assert_eq!(logged, moves, "{id}");
        let (status, page) = get(format!("{base}/games/{id}/replay")).await;
        assert_eq!(status, StatusCode::OK, "{id}: {page}");
        // The moves file is the same (a server of this process: its folder is known).
        if let Some(server) = &server {
            let recorded =
                std::fs::read_to_string(server.games.join(format!("{id}.moves"))).unwrap();
            assert_eq!(recorded.lines().collect::<Vec<_>>(), moves, "{id}");
        }
    }
    assert!(refused >= 1000, "{refused} malformed requests");
    let mut all = latencies.lock().unwrap().clone();
    all.sort_unstable();
    eprintln!(
        "{GAMES} games against {opponent} in {:.1} s: {refused} malformed requests refused; {} requests that do not wait on the opponent: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        started.elapsed().as_secs_f64(),
        all.len(),
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        percentile(&all, 1.0),
    );
    if let Some(server) = server {
        let _ = std::fs::remove_dir_all(&server.games);
    }
}
