//! The API's answers one by one: the menu, a new game, the points of five dice, the hints,
//! and what it refuses.

use crate::common;

use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

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
    assert_eq!(keys.len(), 15);
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
