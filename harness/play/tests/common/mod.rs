//! A server on a free loopback port, with a games folder of its own, for the tests.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::PathBuf;

use yacht_play::api::Server;
use yacht_play::opponents::menu;
use yacht_play::store::Store;

/// A running server: its address and games folder.
pub struct TestServer {
    pub addr: SocketAddr,
    pub games: PathBuf,
}

impl TestServer {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

/// A whole official log: the harness's golden game (sample AI 1 against sample AI 2,
/// scores checked by hand).
pub const GOLDEN_LOG: &str = include_str!("../../../tests/data/golden-sample1-sample2.log");

/// Where [`GOLDEN_LOG`] is, to open it as a file.
pub fn golden_log_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/golden-sample1-sample2.log")
}

/// Starts a server on the current tokio runtime, games in a fresh folder named `name`.
pub async fn start(name: &str) -> TestServer {
    let games = std::env::temp_dir().join(format!("yacht-play-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&games);
    start_in(games).await
}

/// Starts a server on the games folder `games` as it is (another server's, say).
pub async fn start_in(games: PathBuf) -> TestServer {
    let store = Store::open(&games).unwrap();
    let listener = yacht_play::bind("127.0.0.1:0".parse().unwrap())
        .await
        .unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(
        async move { yacht_play::serve(listener, Server::new(store, menu(&[])), &[]).await },
    );
    TestServer { addr, games }
}

/// The person's side of a finished game's official log: its bids and scorings as
/// protocol lines, and whether the log is whole (a result, `FINISH`, no abort).
pub fn person_moves_in_log(log: &str, seat: usize) -> (Vec<String>, bool) {
    let game = harness::replay::parse_log(log).expect("the log parses");
    let whole =
        game.finished && game.abort.is_none() && game.result.as_deref().is_some_and(|r| r != "*");
    let mut moves = Vec::new();
    for round in &game.rounds {
        if let Some(bid) = round.bids[seat] {
            moves.push(format!("BID {} {}", bid.group, bid.amount));
        }
        if let Some(put) = round.puts[seat] {
            moves.push(format!("PUT {} {}", put.category, put.dice));
        }
    }
    (moves, whole)
}

/// A loopback port nothing listens on now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}
