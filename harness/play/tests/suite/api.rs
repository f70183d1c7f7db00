//! The API's answers one by one: the menu, a new game, the points of five dice, the hints,
//! and what it refuses.

use crate::common;

use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};
use yacht::engine::config::LEVEL_MAX;

async fn get(http: &Client, url: String) -> (StatusCode, Value) {
    let response = http.get(url).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

async fn post(http: &Client, url: String, body: Value) -> (StatusCode, Value) {
    let response = http.post(url).json(&body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap())
}

/// The hint of the turn the game is at, once computed.
async fn hint(http: &Client, url: String) -> Value {
    let started = Instant::now();
    loop {
        let (status, answer) = get(http, url.clone()).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if answer["pending"] == false {
            return answer["hint"].clone();
        }
        assert!(started.elapsed() < Duration::from_secs(60), "no hint");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The state once the person owes a move (the opponent has answered).
async fn owed(http: &Client, url: String) -> Value {
    loop {
        let (_, state) = get(http, url.clone()).await;
        if !state["owed"].is_null() && state["resuming"] == false {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_answers_and_refuses_as_documented() {
    let server = common::start("api").await;
    let http = Client::new();
    let (status, menu) = get(&http, server.url("/api/opponents")).await;
    assert_eq!(status, StatusCode::OK);
    let keys: Vec<&str> = menu["opponents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["key"].as_str().unwrap())
        .collect();
    // Every level of the ladder and the ten sample AIs.
    assert_eq!(keys.len(), usize::from(LEVEL_MAX) + 10);
    assert!(keys.contains(&"level-1") && keys.contains(&"sample-10"));
    // Never a command line from the page: only the menu's keys.
    let (status, refused) = post(
        &http,
        server.url("/api/games"),
        json!({"opponent": "cmd:sh -c 'touch /tmp/pwned'"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["field"], "opponent");

    let (status, state) = post(
        &http,
        server.url("/api/games"),
        json!({"opponent": "level-4", "seat": "second"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(id.len(), 32);
    assert_eq!(state["seat"], "second");
    let game = |path: &str| server.url(&format!("/api/games/{id}{path}"));

    // A bid's hint: the bot's bid in the person's seat and its P(win).
    let state = owed(&http, game("")).await;
    assert_eq!(state["owed"], "bid");
    let advice = hint(&http, game("/hint")).await;
    assert!(
        advice["advice"].as_str().unwrap().starts_with("BID "),
        "{advice}"
    );
    let p = advice["p_win"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p), "{advice}");
    let turn = state["turn"].as_u64().unwrap();
    let (status, _) = post(
        &http,
        game("/bid"),
        json!({"turn": turn, "group": "A", "amount": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);

    // Round 2: bid, then score with the hint's advice.
    let state = owed(&http, game("")).await;
    let turn = state["turn"].as_u64().unwrap();
    let (status, _) = post(
        &http,
        game("/bid"),
        json!({"turn": turn, "group": "B", "amount": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let state = owed(&http, game("")).await;
    assert_eq!(state["owed"], "put");
    let advice = hint(&http, game("/hint")).await;
    let words: Vec<String> = advice["advice"]
        .as_str()
        .unwrap()
        .split(' ')
        .map(str::to_string)
        .collect();
    assert_eq!(words[0], "PUT", "{advice}");
    // What each open category would give for those dice: all twelve are open.
    let (status, points) = get(&http, game(&format!("/points?dice={}", words[2]))).await;
    assert_eq!(status, StatusCode::OK, "{points}");
    assert_eq!(points["options"].as_array().unwrap().len(), 12);
    let (status, refused) = get(&http, game("/points?dice=66666")).await;
    let held: Vec<u64> = state["players"][0]["held"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d.as_u64().unwrap())
        .collect();
    if held.iter().filter(|&&d| d == 6).count() < 5 {
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    }
    let turn = state["turn"].as_u64().unwrap();
    let (status, next) = post(
        &http,
        game("/put"),
        json!({"turn": turn, "category": words[1], "dice": words[2]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{next}");
    assert_eq!(
        next["players"][0]["sheet"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r["points"].is_null())
            .count(),
        1
    );

    // No replay before the end; unknown pages and games are 404s.
    for path in [
        format!("/games/{id}/replay"),
        "/games/nonsense/log".to_string(),
        "/api/games/0123456789abcdef0123456789abcdef".to_string(),
        "/nowhere".to_string(),
    ] {
        let response = http.get(server.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
    }
    // The page itself, its script and style, with a policy that admits nothing else.
    let page = http.get(server.url("/")).send().await.unwrap();
    let policy = page.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(policy.contains("default-src 'self'"), "{policy}");
    assert!(page
        .text()
        .await
        .unwrap()
        .contains("<script src=\"/app.js\">"));
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let response = http.get(server.url(path)).send().await.unwrap();
        assert!(response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with(kind));
    }
    let _ = std::fs::remove_dir_all(&server.games);
}

/// The number of games in the server's folder (one metadata file each).
fn games_on_disk(server: &common::TestServer) -> usize {
    std::fs::read_dir(&server.games).map_or(0, |d| {
        d.filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "json"))
        })
        .count()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_servers_own_page_can_drive_it() {
    let server = common::start("guard").await;
    let http = Client::new();
    let own = format!("http://{}", server.addr);
    let new_game = r#"{"opponent": "level-1"}"#;
    let before = games_on_disk(&server);

    // A cross-site "simple" request (no preflight in a browser): text/plain, another origin.
    let response = http
        .post(server.url("/api/games"))
        .header("content-type", "text/plain")
        .header("origin", "http://evil.example")
        .body(new_game)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    // The same without an Origin (a form or a program): still not JSON, so refused.
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ] {
        let response = http
            .post(server.url("/api/games"))
            .header("content-type", content_type)
            .body(new_game)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "{content_type}"
        );
    }
    // JSON from another origin, or from a sandboxed frame (Origin: null).
    for origin in [
        "http://evil.example",
        "null",
        "https://127.0.0.1",
        "http://localhost:1",
    ] {
        let response = http
            .post(server.url("/api/games"))
            .header("content-type", "application/json")
            .header("origin", origin)
            .body(new_game)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{origin}");
    }
    assert_eq!(
        games_on_disk(&server),
        before,
        "no refused request started a game"
    );

    // A DNS-rebinding page: the right address, another host name. No data, for any path.
    for path in ["/", "/api/opponents", "/app.js"] {
        let response = http
            .get(server.url(path))
            .header("host", format!("evil.example:{}", server.addr.port()))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::MISDIRECTED_REQUEST, "{path}");
        let body = response.text().await.unwrap();
        assert!(
            !body.contains("level-1") && !body.contains("<script"),
            "{body}"
        );
    }

    // The page's own request, as the browser sends it, plays.
    for host in [
        own.clone(),
        format!("http://localhost:{}", server.addr.port()),
    ] {
        let response = http
            .post(server.url("/api/games"))
            .header("content-type", "application/json")
            .header("origin", host.clone())
            .header("host", host.trim_start_matches("http://"))
            .body(new_game)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{host}");
    }
    assert_eq!(games_on_disk(&server), before + 2);
    let _ = std::fs::remove_dir_all(&server.games);
}

/// Polls `url` until `done` says its answer is the awaited one.
async fn until(http: &Client, url: String, done: impl Fn(&Value) -> bool) -> Value {
    let started = Instant::now();
    loop {
        let (status, answer) = get(http, url.clone()).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if done(&answer) {
            return answer;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The files the server keeps for its games, by name.
fn files_on_disk(server: &common::TestServer) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(&server.games)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_opened_log_is_checked_kept_and_reviewed() {
    let server = common::start("import").await;
    let http = Client::new();
    let logs = server.url("/api/logs");

    // Refused, and nothing kept: damaged, foreign, not text, not a whole game, no log.
    let lines: Vec<&str> = common::GOLDEN_LOG.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n");
    let garbled = common::GOLDEN_LOG.replacen("ROLL 12345 66123", "ROLL 12345 6612", 1);
    for (log, says) in [
        (cut.as_str(), "stops in round"),
        (garbled.as_str(), "line 5: bad dice"),
        (
            "Dear diary, today I rolled a yacht.\n",
            "line 1: not a log line",
        ),
        ("\u{fffd}PNG\r\n\u{1a}\n\u{fffd}\u{fffd}", "line 1"),
        ("", "no ROUND line"),
    ] {
        let (status, refused) =
            post(&http, logs.clone(), json!({"name": "x.log", "log": log})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
        let message = refused["error"].as_str().unwrap();
        assert!(
            message.starts_with("This file is not a whole game's official log: ")
                && message.contains(says),
            "{message}"
        );
        assert_eq!(refused["field"], "log");
    }
    let (status, _) = post(&http, logs.clone(), json!({"name": "x.log"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Too large: past the log's bound, and past the request's.
    for size in [300 * 1024, 2 * 1024 * 1024] {
        let log = format!("{}#{}\n", common::GOLDEN_LOG, "x".repeat(size));
        let (status, refused) =
            post(&http, logs.clone(), json!({"name": "big.log", "log": log})).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{refused}");
        assert!(
            refused["error"]
                .as_str()
                .unwrap()
                .contains("larger than 256 KiB"),
            "{refused}"
        );
    }
    // From another page, or not as JSON: refused by the guard.
    let body = json!({"name": "x.log", "log": common::GOLDEN_LOG}).to_string();
    for (origin, content_type, expected) in [
        (
            "http://evil.example",
            "application/json",
            StatusCode::FORBIDDEN,
        ),
        ("null", "application/json", StatusCode::FORBIDDEN),
        ("http://evil.example", "text/plain", StatusCode::FORBIDDEN),
    ] {
        let response = http
            .post(logs.clone())
            .header("origin", origin)
            .header("content-type", content_type)
            .body(body.clone())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), expected, "{origin} {content_type}");
    }
    let response = http
        .post(logs.clone())
        .header("content-type", "multipart/form-data; boundary=x")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(
        files_on_disk(&server),
        Vec::<String>::new(),
        "a refused log kept something"
    );

    // A whole log: kept as it came, shown from FIRST's side, never playable.
    let (status, state) = post(
        &http,
        logs.clone(),
        json!({"name": "golden\u{7}.log", "log": common::GOLDEN_LOG}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let id = state["id"].as_str().unwrap().to_string();
    assert_eq!(state["imported"]["name"], "golden.log");
    assert_eq!(
        state["imported"]["players"],
        json!(["sample:1", "sample:2"])
    );
    assert!(state["owed"].is_null());
    let kept = std::fs::read_to_string(server.games.join(format!("{id}.log"))).unwrap();
    assert_eq!(kept, common::GOLDEN_LOG);
    let game = |path: &str| server.url(&format!("/api/games/{id}{path}"));
    let state = until(&http, game(""), |s| !s["finished"].is_null()).await;
    assert_eq!(state["finished"]["totals"], json!([29300, 198000]));
    assert_eq!(state["finished"]["verdict"], "loss");
    assert_eq!(state["rounds"].as_array().unwrap().len(), 13);
    assert!(state["players"][1]["total"] == 198000, "{state}");
    let (status, refused) = post(
        &http,
        game("/bid"),
        json!({"turn": state["turn"], "group": "A", "amount": 0}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let (_, hint) = get(&http, game("/hint")).await;
    assert!(hint["hint"].is_null(), "{hint}");
    let replay = http
        .get(server.url(&format!("/games/{id}/replay")))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.status(), StatusCode::OK);
    assert!(replay
        .text()
        .await
        .unwrap()
        .contains("Yacht Auction replay"));

    // Reviewed as a finished game is: with progress, both sides, from FIRST's seat.
    let review = until(&http, game("/review"), |r| r["pending"] == false).await;
    assert_eq!(review["seat"], 0);
    assert_eq!(review["imported"], true);
    for side in 0..2 {
        assert_eq!(
            review["review"]["sides"][side]["decisions"]
                .as_array()
                .unwrap()
                .len(),
            24
        );
    }
    // The menu is as it was.
    let (status, menu) = get(&http, server.url("/api/opponents")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        menu["opponents"].as_array().unwrap().len(),
        usize::from(LEVEL_MAX) + 10
    );

    // A link reopens it, from the games folder, in a server started afresh on it.
    let again = common::start_in(server.games.clone()).await;
    let url = |path: &str| again.url(&format!("/api/games/{id}{path}"));
    let state = until(&http, url(""), |s| !s["finished"].is_null()).await;
    assert_eq!(state["imported"]["name"], "golden.log");
    let reopened = until(&http, url("/review"), |r| r["pending"] == false).await;
    assert_eq!(reopened["review"], review["review"]);
    let _ = std::fs::remove_dir_all(&server.games);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_logs_are_reviewed_as_one_match_each_bad_file_skipped_with_its_reason() {
    let server = common::start("match").await;
    let http = Client::new();
    let matches = server.url("/api/matches");

    // Refused whole: no list, an empty one, too many files.
    for body in [
        json!({}),
        json!({"logs": []}),
        json!({"logs": "a.log"}),
        json!({"logs": vec![json!({"name": "a.log", "log": ""}); 2001]}),
    ] {
        let (status, refused) = post(&http, matches.clone(), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert_eq!(refused["field"], "logs");
    }

    // The same game twice, a cut log, a letter, a file the page found too large, and a
    // file with no text: two games reviewed, four files skipped, each with its reason.
    let lines: Vec<&str> = common::GOLDEN_LOG.lines().collect();
    let cut = lines[..lines.len() / 2].join("\n");
    let body = json!({"logs": [
        {"name": "game-1.log", "log": common::GOLDEN_LOG},
        {"name": "cut.log", "log": cut},
        {"name": "letter.txt", "log": "Dear diary, today I rolled a yacht.\n"},
        {"name": "huge.log", "too_large": true},
        {"name": "image.png"},
        {"name": "game-2.log", "log": common::GOLDEN_LOG},
    ]});
    let (status, job) = post(&http, matches.clone(), body).await;
    assert_eq!(status, StatusCode::OK, "{job}");
    assert_eq!(job["total"], 4, "the files with text are reviewed: {job}");
    let id = job["id"].as_str().unwrap();
    let done = until(&http, server.url(&format!("/api/matches/{id}")), |s| {
        s["pending"] == false
    })
    .await;
    let review = &done["review"];
    assert_eq!(review["files"], json!(["game-1.log", "game-2.log"]));
    let players: Vec<&str> = review["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["player"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["sample:1", "sample:2"]);
    assert_eq!(review["players"][0]["games"], 2);
    let mut skipped: Vec<(String, String)> = review["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let reason = &s["reason"];
            (
                s["file"].as_str().unwrap().to_string(),
                reason["id"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    skipped.sort();
    assert_eq!(
        skipped,
        [
            ("cut.log".to_string(), "match-skip-not-whole".to_string()),
            ("huge.log".to_string(), "err-log-too-large".to_string()),
            ("image.png".to_string(), "match-skip-not-text".to_string()),
            ("letter.txt".to_string(), "match-skip-not-log".to_string()),
        ]
    );

    // Nothing reviewable: the job ends refused, with why; an unknown job is 404.
    let (status, job) = post(
        &http,
        matches.clone(),
        json!({"logs": [{"name": "a.txt", "log": "hello"}, {"name": "b.txt", "log": "world"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{job}");
    let url = server.url(&format!("/api/matches/{}", job["id"].as_str().unwrap()));
    let started = Instant::now();
    let refused = loop {
        let (status, answer) = get(&http, url.clone()).await;
        if status != StatusCode::OK {
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
            break answer;
        }
        assert!(started.elapsed() < Duration::from_secs(60), "{answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        refused["error"]
            .as_str()
            .unwrap()
            .contains("none of the 2 files"),
        "{refused}"
    );
    let (status, _) = get(&http, server.url("/api/matches/0123456789abcdef")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Reviewing a match keeps nothing in the games folder.
    assert_eq!(files_on_disk(&server), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&server.games);
}
