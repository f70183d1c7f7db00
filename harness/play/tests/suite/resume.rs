//! Nothing a person did is lost: the server is killed in the middle of a game against the
//! bot at full strength and started again on the same games folder; the game resumes at
//! the same position, goes on to its end, and its log is the log of the same moves played
//! without the interruption (so the bot was in the same state: it is a function of its
//! seed and the commands it has seen).

use crate::common;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use harness::player::PlayerSpec;
use harness::referee::{play_game, RefereeOptions};
use serde_json::{json, Value};
use yacht::engine::config::LEVEL_MAX;
use yacht::game::Deal;
use yacht_play::game::seat_seeds;
use yacht_play::human::HumanSeat;
use yacht_play::store::{GameId, Store};

struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start(games: &std::path::Path, port: u16) -> Server {
        let child = Command::new(env!("CARGO_BIN_EXE_yacht-play"))
            .args(["--port", &port.to_string(), "--games"])
            .arg(games)
            .stdout(Stdio::null())
            .spawn()
            .expect("the server starts");
        Server {
            child,
            base: format!("http://127.0.0.1:{port}"),
        }
    }

    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

async fn call(
    http: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    body: Option<Value>,
) -> Value {
    let started = Instant::now();
    loop {
        let mut request = http.request(method.clone(), &url);
        if let Some(body) = &body {
            request = request.json(body);
        }
        match request.send().await {
            Ok(response) => {
                assert!(
                    response.status().is_success(),
                    "{url}: {}",
                    response.status()
                );
                return response.json().await.unwrap();
            }
            // The server is still starting.
            Err(_) if started.elapsed() < Duration::from_secs(20) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("{url}: {e}"),
        }
    }
}

/// Plays the person's moves until `stop` of them have been made (or the game ends); the
/// state then.
async fn play_until(
    http: &reqwest::Client,
    base: &str,
    id: &str,
    stop: usize,
    made: &mut usize,
) -> Value {
    let url = |p: &str| format!("{base}/api/games/{id}{p}");
    loop {
        let state = call(http, reqwest::Method::GET, url(""), None).await;
        if state["resuming"] == true || (state["owed"].is_null() && state["finished"].is_null()) {
            tokio::time::sleep(Duration::from_millis(30)).await;
            continue;
        }
        if !state["finished"].is_null() || *made == stop {
            return state;
        }
        let turn = state["turn"].as_u64().unwrap();
        match state["owed"].as_str() {
            Some("bid") => {
                let body = json!({"turn": turn, "group": if turn % 2 == 0 { "A" } else { "B" }, "amount": 300 * (turn % 5)});
                call(http, reqwest::Method::POST, url("/bid"), Some(body)).await;
                *made += 1;
            }
            Some("put") => {
                let held = state["players"][0]["held"].as_array().unwrap().clone();
                let dice: String = held[held.len() - 5..]
                    .iter()
                    .map(|d| d.to_string())
                    .collect();
                let points = call(
                    http,
                    reqwest::Method::GET,
                    url(&format!("/points?dice={dice}")),
                    None,
                )
                .await;
                let category =
                    points["options"].as_array().unwrap().last().unwrap()["category"].clone();
                let body = json!({"turn": turn, "category": category, "dice": dice});
                call(http, reqwest::Method::POST, url("/put"), Some(body)).await;
                *made += 1;
            }
            _ => unreachable!("{state}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_resumes_after_the_server_is_killed() {
    let games = std::env::temp_dir().join(format!("yacht-play-resume-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&games);
    let port = common::free_port();
    let http = reqwest::Client::new();

    let server = Server::start(&games, port);
    let created = call(
        &http,
        reqwest::Method::POST,
        format!("{}/api/games", server.base),
        Some(json!({"opponent": format!("level-{LEVEL_MAX}"), "seat": "second"})),
    )
    .await;
    let id = created["id"].as_str().unwrap().to_string();
    let mut made = 0;
    // Thirteen moves: into round 7, the person owing its next move.
    let before = play_until(&http, &server.base, &id, 13, &mut made).await;
    assert!(before["finished"].is_null());
    let log_before = std::fs::read_to_string(games.join(format!("{id}.log"))).unwrap();
    server.kill();

    let server = Server::start(&games, port);
    let after = play_until(&http, &server.base, &id, 13, &mut made).await;
    for key in ["turn", "owed", "round", "roll", "players", "rounds"] {
        assert_eq!(after[key], before[key], "{key} after the restart");
    }
    let end = play_until(&http, &server.base, &id, usize::MAX, &mut made).await;
    assert!(end["finished"].is_object(), "{end}");
    server.kill();

    // The log: what was logged before the kill stands, and the whole is the log of the
    // same moves played in one go.
    let log = std::fs::read_to_string(games.join(format!("{id}.log"))).unwrap();
    let body = |log: &str| log.split_once("]\nROUND 1\n").unwrap().1.to_string();
    assert!(body(&log).starts_with(&body(&log_before)));
    let store = Store::open(&games).unwrap();
    let game = GameId::parse(&id).unwrap();
    let meta = store.read_meta(&game).unwrap();
    assert_eq!(meta.seat, 1);
    assert_eq!(played_in_one_go(&store, &game), log);
    let _ = std::fs::remove_dir_all(&games);
}

/// The log of the saved game's moves played in one go, its opponent built from the spec
/// its metadata reads as (all 24 of the person's answers made).
fn played_in_one_go(store: &Store, id: &GameId) -> String {
    let meta = store.read_meta(id).unwrap();
    let moves = store.read_moves(id).unwrap();
    assert_eq!(moves.len(), 24);
    let (_closed, inbox) = std::sync::mpsc::channel();
    let mut person = HumanSeat::new(Arc::default(), inbox, moves);
    let mut bot = meta.spec.parse::<PlayerSpec>().unwrap().build().unwrap();
    let options = RefereeOptions {
        time_scale: 10.0,
        write_log: true,
        ..RefereeOptions::default()
    };
    let seats: [&mut dyn harness::player::Player; 2] = if meta.seat == 0 {
        [&mut person, bot.as_mut()]
    } else {
        [bot.as_mut(), &mut person]
    };
    let [first, second] = seats;
    play_game(
        first,
        second,
        seat_seeds(meta.seed),
        &meta.deal().unwrap(),
        &options,
    )
    .unwrap()
    .log
    .unwrap()
}

/// A game begun against a level of the first ladder (five levels, before issue 79; its
/// metadata without a `ladder`) still opens: the server names the old level, plays it as
/// that level's switches (`GameMeta::on_today_s_ladder`), and the game goes on to its end
/// from the moves already made.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_begun_on_the_first_ladder_goes_on() {
    let games = std::env::temp_dir().join(format!("yacht-play-ladder1-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&games);
    std::fs::create_dir_all(&games).unwrap();
    let id = GameId::random().unwrap();
    let old = json!({
        "id": id.as_str(), "opponent": "level-3", "spec": "bot:level=3,clock=0", "seat": 0,
        "seed": 11, "deal": Deal::from_seed(11, 0).to_input_text(), "started": 0,
    });
    std::fs::write(games.join(format!("{id}.json")), old.to_string()).unwrap();
    // Two moves made on the first ladder: the person's first bid and second bid.
    std::fs::write(games.join(format!("{id}.moves")), "BID A 300\nBID B 0\n").unwrap();
    let port = common::free_port();
    let http = reqwest::Client::new();
    let server = Server::start(&games, port);
    let mut made = 2;
    let state = play_until(&http, &server.base, id.as_str(), 2, &mut made).await;
    assert_eq!(
        state["opponent"]["name"], "Bot, level 3 of the first ladder (five levels)",
        "{state}"
    );
    assert!(state["opponent"]["elo"].is_null(), "{state}");
    assert!(state["finished"].is_null(), "{state}");
    let end = play_until(&http, &server.base, id.as_str(), usize::MAX, &mut made).await;
    assert!(end["finished"].is_object(), "{end}");
    server.kill();

    // The game is ladder 1's level 3 (the own-gain bid, the table's scoring) from the start.
    let store = Store::open(&games).unwrap();
    let meta = store.read_meta(&id).unwrap();
    assert_eq!(meta.spec, "bot:bidder=own,win=0,clock=0");
    let log = std::fs::read_to_string(games.join(format!("{id}.log"))).unwrap();
    assert_eq!(played_in_one_go(&store, &id), log);
    let _ = std::fs::remove_dir_all(&games);
}
