//! The page in a real browser (Chromium, driven through chromedriver): a whole game against
//! level 1 by clicking and typing, an amount out of range refused next to its field with
//! the game unchanged, a reload in the middle, and the saved log replaying to the moves
//! made; a log file opened on the page (chosen, or dropped) and reviewed there, the same
//! review as the page `harness replay LOG --review --html` writes opened from the disk, and
//! a damaged or foreign file refused with a message while the page plays on. Screenshots
//! at 1,280 × 800 and 390 px wide go to `target/play-screenshots/`.
//!
//! Needs `/usr/bin/chromium` and `/usr/bin/chromedriver` (Debian's `chromium` and
//! `chromium-driver`; or `CHROMIUM` and `CHROMEDRIVER`). Without them the test says it was
//! skipped and why, unless `YACHT_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs
//! them): then it fails.

use crate::common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

/// chromedriver as a child process, killed when dropped.
struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn tool(variable: &str, default: &str) -> PathBuf {
    std::env::var_os(variable).map_or_else(|| PathBuf::from(default), PathBuf::from)
}

/// The browser and its driver, or why the test cannot run.
fn browser() -> Result<(PathBuf, PathBuf), String> {
    let chromium = tool("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = tool("CHROMEDRIVER", "/usr/bin/chromedriver");
    for path in [&chromium, &chromedriver] {
        if !path.is_file() {
            return Err(format!(
                "{} not found (apt-get install chromium chromium-driver)",
                path.display()
            ));
        }
    }
    Ok((chromium, chromedriver))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The browser and its driver; `None` (the test skipped, saying why) where they are missing
/// and not required.
fn browser_or_skip() -> Option<(PathBuf, PathBuf)> {
    match browser() {
        Ok(tools) => Some(tools),
        Err(why) if std::env::var("YACHT_REQUIRE_BROWSER").as_deref() != Ok("1") => {
            eprintln!("SKIPPED the browser test: {why}");
            None
        }
        Err(why) => panic!("the browser test is required here (YACHT_REQUIRE_BROWSER=1): {why}"),
    }
}

/// A browser session with a profile of its own (`name`: tests run side by side).
async fn connect(chromium: &PathBuf, chromedriver: &PathBuf, name: &str) -> (Driver, Client) {
    let port = free_port();
    let driver = Driver(
        Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let profile =
        std::env::temp_dir().join(format!("yacht-play-chromium-{name}-{}", std::process::id()));
    let capabilities = json!({
        "browserName": "chrome",
        "goog:chromeOptions": {
            "binary": chromium,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1280,800",
                format!("--user-data-dir={}", profile.display()),
            ],
        },
    });
    let serde_json::Value::Object(capabilities) = capabilities else {
        unreachable!()
    };
    let started = Instant::now();
    loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(capabilities.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(client) => return (driver, client),
            Err(e) if started.elapsed() < Duration::from_secs(20) => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("cannot start a browser session: {e}"),
        }
    }
}

/// A server with a games folder of its own, and a browser session (`name`) on its page at
/// 1,280 × 800; `None` where the browser is missing and not required (the test skipped).
async fn page_in_a_browser(name: &str) -> Option<(common::TestServer, Driver, Client)> {
    let (chromium, chromedriver) = browser_or_skip()?;
    let server = common::start(&format!("browser-{name}")).await;
    let (driver, client) = connect(&chromium, &chromedriver, name).await;
    client.set_window_size(1280, 800).await.unwrap();
    client.goto(&server.url("/")).await.unwrap();
    Some((server, driver, client))
}

async fn visible(client: &Client, css: &str) -> bool {
    match client.find(Locator::Css(css)).await {
        Ok(element) => element.is_displayed().await.unwrap_or(false),
        Err(_) => false,
    }
}

async fn click(client: &Client, css: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

async fn text(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// The attribute `name` of the element `css` ("" where it has none).
async fn attribute(client: &Client, css: &str, name: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap()
        .attr(name)
        .await
        .unwrap()
        .unwrap_or_default()
}

/// Whether the page is as wide as the window or narrower: no sideways scrolling.
async fn fits(client: &Client) -> bool {
    let width = client
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .unwrap();
    let [page, window] = [0, 1].map(|i| width[i].as_u64().unwrap());
    page <= window
}

/// Where the screenshots go (and the review's own page, to open from the disk).
fn shots_dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/play-screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// At 390 × 844 (a phone): scrolled to `css` if given, a screenshot, the page checked to fit
/// (`what` says what did not); then back to 1,280 × 800.
async fn on_a_phone(client: &Client, css: Option<&str>, name: &str, what: &str) {
    client.set_window_size(390, 844).await.unwrap();
    if let Some(css) = css {
        scroll_to(client, css).await;
    }
    screenshot(client, name).await;
    assert!(fits(client).await, "{what} is wider than a phone");
    client.set_window_size(1280, 800).await.unwrap();
}

async fn screenshot(client: &Client, name: &str) {
    let dir = shots_dir();
    let png = client.screenshot().await.unwrap();
    std::fs::write(dir.join(name), png).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_game_in_the_browser() {
    let Some((server, _driver, client)) = page_in_a_browser("game").await else {
        return;
    };
    screenshot(&client, "menu-1280.png").await;
    assert!(fits(&client).await, "the menu is wider than the window");
    on_a_phone(&client, None, "menu-390.png", "the menu").await;

    // Level 1, first seat.
    client
        .wait()
        .for_element(Locator::Css("[data-testid=opponent-level-1]"))
        .await
        .unwrap();
    for css in [
        "[data-testid=opponent-level-1]",
        "#seat option[value=first]",
        "[data-testid=start]",
    ] {
        click(&client, css).await;
    }

    let enter: char = Key::Enter.into();
    let mut moves: Vec<String> = Vec::new();
    let mut refused_once = false;
    let mut reloaded = false;
    let mut shot = false;
    let started = Instant::now();
    loop {
        assert!(
            started.elapsed() < Duration::from_secs(300),
            "the game is stuck"
        );
        if visible(&client, "[data-testid=end]").await {
            break;
        }
        if visible(&client, "#auction").await {
            let status = text(&client, "[data-testid=status]").await;
            let amount = client
                .find(Locator::Css("[data-testid=amount]"))
                .await
                .unwrap();
            if moves.len() == 3 {
                on_a_phone(&client, None, "auction-390.png", "the auction").await;
                screenshot(&client, "auction-1280.png").await;
            }
            if !refused_once {
                // Hints on: the bot's bid in the person's seat, and P(win).
                click(&client, "[data-testid=hints]").await;
                let started = Instant::now();
                while !text(&client, "[data-testid=hint]")
                    .await
                    .contains("would play BID")
                {
                    assert!(started.elapsed() < Duration::from_secs(30), "no hint");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                assert!(text(&client, "[data-testid=hint]")
                    .await
                    .contains("P(win) 0."));
                click(&client, "[data-testid=hints]").await;
                // Out of range: refused next to the field, the game where it was.
                amount.clear().await.unwrap();
                amount.send_keys(&format!("100001{enter}")).await.unwrap();
                let started = Instant::now();
                while text(&client, "[data-testid=bid-error]").await.is_empty() {
                    assert!(started.elapsed() < Duration::from_secs(10));
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                let error = text(&client, "[data-testid=bid-error]").await;
                assert!(error.contains("0 to 100000"), "{error}");
                assert_eq!(text(&client, "[data-testid=status]").await, status);
                assert!(visible(&client, "#auction").await);
                refused_once = true;
            }
            let round = moves.iter().filter(|m| m.starts_with("BID")).count() + 1;
            if round == 5 && !reloaded {
                // Reload in the middle: the same game, at the same place.
                client.refresh().await.unwrap();
                let started = Instant::now();
                while !visible(&client, "#auction").await {
                    assert!(
                        started.elapsed() < Duration::from_secs(10),
                        "no auction after the reload"
                    );
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                assert_eq!(text(&client, "[data-testid=status]").await, status);
                reloaded = true;
                continue;
            }
            let group = if round % 2 == 0 { "B" } else { "A" };
            client
                .find(Locator::Css(&format!(
                    "[data-testid=group-{}]",
                    group.to_lowercase()
                )))
                .await
                .unwrap()
                .click()
                .await
                .unwrap();
            let amount = client
                .find(Locator::Css("[data-testid=amount]"))
                .await
                .unwrap();
            amount.clear().await.unwrap();
            let bid = 100 * round;
            amount.send_keys(&format!("{bid}{enter}")).await.unwrap();
            moves.push(format!("BID {group} {bid}"));
            wait_until_gone(&client, "#auction", &status).await;
            continue;
        }
        if visible(&client, "#scoring").await {
            let status = text(&client, "[data-testid=status]").await;
            // The first five held dice, then the first open category.
            let mut faces = Vec::new();
            for i in 0..5 {
                let die = client
                    .find(Locator::Css(&format!("[data-testid=die-{i}]")))
                    .await
                    .unwrap();
                faces.push(
                    die.find(Locator::Css(".dice"))
                        .await
                        .unwrap()
                        .attr("title")
                        .await
                        .unwrap()
                        .unwrap(),
                );
                die.click().await.unwrap();
            }
            let category = client
                .wait()
                .for_element(Locator::Css(
                    "[data-testid=categories] button:not([disabled])",
                ))
                .await
                .unwrap();
            let name = category.attr("data-testid").await.unwrap().unwrap();
            if !shot {
                screenshot(&client, "scoring-1280.png").await;
                on_a_phone(&client, None, "scoring-390.png", "the scoring").await;
                shot = true;
            }
            category.click().await.unwrap();
            faces.sort();
            moves.push(format!(
                "PUT {} {}",
                name.trim_start_matches("category-"),
                faces.concat()
            ));
            wait_until_gone(&client, "#scoring", &status).await;
            continue;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The review at the end: computed with progress, then drawn for the person.
    let started = Instant::now();
    while !visible(&client, "[data-testid=review-chart]").await {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no review: {}",
            text(&client, "[data-testid=review-status]").await
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let (summary, rows) = review_seen(&client).await;
    assert!(
        summary.starts_with("Your dice were worth ") && summary.contains("your decisions cost "),
        "{summary}"
    );
    assert_eq!(rows, 48);
    screenshot(&client, "end-1280.png").await;
    assert!(fits(&client).await, "the end is wider than the window");
    on_a_phone(&client, None, "end-390.png", "the end").await;
    assert!(refused_once && reloaded);
    assert_eq!(moves.len(), 24, "{moves:?}");

    // The saved log replays to the moves made, and is whole.
    let url = client.current_url().await.unwrap();
    let id = url
        .fragment()
        .expect("the game's id is in the address")
        .to_string();
    let log = std::fs::read_to_string(server.games.join(format!("{id}.log"))).unwrap();
    let (logged, whole) = common::person_moves_in_log(&log, 0);
    assert!(whole, "{log}");
    assert_eq!(logged, moves);
    let replay = harness::replay::parse_log(&log).unwrap();
    let review = harness::replay::review(&replay, harness::replay::Side::First).unwrap();
    assert_eq!(review.puts.len(), 12);
    // The review is saved with the game, for both sides' 24 decisions.
    let saved = std::fs::read_to_string(server.games.join(format!("{id}.review.json"))).unwrap();
    let saved: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(saved["sides"][0]["decisions"].as_array().unwrap().len(), 24);
    // The replay page the end links to.
    let href = attribute(&client, "[data-testid=replay]", "href").await;
    client.goto(&href).await.unwrap();
    let page = client.source().await.unwrap();
    assert!(page.contains("Yacht Auction replay") && page.contains("class=\"die f"));
    client.set_window_size(1280, 800).await.unwrap();
    screenshot(&client, "replay-1280.png").await;
    client.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&server.games);
}

/// Waits until the panel `css` has gone (the move was taken) or the status moved on.
async fn wait_until_gone(client: &Client, css: &str, status: &str) {
    let started = Instant::now();
    while visible(client, css).await && text(client, "[data-testid=status]").await == status {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{css} stays after the move"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits until `css` is shown with a text that starts with `start`; its text.
async fn says(client: &Client, css: &str, start: &str) -> String {
    let started = Instant::now();
    loop {
        if visible(client, css).await {
            let said = text(client, css).await;
            if said.starts_with(start) {
                return said;
            }
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "{css} never said {start:?}: the status says {:?}",
            text(client, "[data-testid=status]").await
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Scrolls `css` to the top of the window.
async fn scroll_to(client: &Client, css: &str) {
    client
        .execute(
            "document.querySelector(arguments[0]).scrollIntoView();",
            vec![json!(css)],
        )
        .await
        .unwrap();
}

/// What the review shows: its summary, and how many decisions its list has; its chart has
/// a game's 14 points and its costliest decisions are drawn.
async fn review_seen(client: &Client) -> (String, usize) {
    let line = attribute(client, "[data-testid=chart-line]", "points").await;
    assert_eq!(line.split(' ').count(), 14, "{line}");
    let costly = text(client, "[data-testid=review-costly]").await;
    assert!(costly.contains("Round "), "{costly}");
    let rows = client
        .find_all(Locator::Css("[data-testid=review-decisions] tbody tr"))
        .await
        .unwrap()
        .len();
    (text(client, "[data-testid=review-summary]").await, rows)
}

/// Drops a file named `name` holding `content` on the page, as a person dragging it there.
async fn drop_file(client: &Client, name: &str, content: &str) {
    client
        .execute(
            "const data = new DataTransfer();\
             data.items.add(new File([arguments[1]], arguments[0], {type: 'text/plain'}));\
             for (const type of ['dragenter', 'dragover', 'drop']) {\
               document.body.dispatchEvent(new DragEvent(type,\
                 {dataTransfer: data, bubbles: true, cancelable: true}));\
             }",
            vec![json!(name), json!(content)],
        )
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_opened_on_the_page_is_reviewed_as_on_its_own_page() {
    let Some((server, _driver, client)) = page_in_a_browser("log").await else {
        return;
    };
    let chooser = client
        .wait()
        .for_element(Locator::Css("[data-testid=log-file]"))
        .await
        .unwrap();

    // Chosen with the file chooser: opened, replayed, reviewed from FIRST's side.
    let path = common::golden_log_path().canonicalize().unwrap();
    chooser.send_keys(path.to_str().unwrap()).await.unwrap();
    says(
        &client,
        "[data-testid=review-summary]",
        "FIRST's dice were worth ",
    )
    .await;
    says(
        &client,
        "[data-testid=status]",
        "Opened log golden-sample1-sample2.log: FIRST (sample:1) against SECOND (sample:2)",
    )
    .await;
    assert_eq!(text(&client, "#verdict").await, "SECOND won");
    let (summary, rows) = review_seen(&client).await;
    assert!(
        !summary.contains("(of 1)") && !summary.contains("-0.00") && !summary.contains("−0.00")
    );
    assert_eq!(rows, 48);
    screenshot(&client, "log-top-1280.png").await;
    scroll_to(&client, "[data-testid=review]").await;
    screenshot(&client, "log-review-1280.png").await;
    assert!(
        fits(&client).await,
        "the opened log is wider than the window"
    );
    for (css, name) in [
        ("[data-testid=review]", "log-review-390.png"),
        ("[data-testid=review-decisions]", "log-decisions-390.png"),
    ] {
        on_a_phone(&client, Some(css), name, "the opened log").await;
    }
    // Seen from SECOND: the same review, the other side's words (drawn anew each time).
    for (seat, words) in [
        ("1", "SECOND's dice were worth "),
        ("0", "FIRST's dice were worth "),
    ] {
        client
            .find(Locator::Css("[data-testid=review-seat]"))
            .await
            .unwrap()
            .select_by_value(seat)
            .await
            .unwrap();
        says(&client, "[data-testid=review-summary]", words).await;
    }

    // Its address reopens it: the same review, from the games folder.
    let url = client.current_url().await.unwrap();
    let id = url
        .fragment()
        .expect("the id is in the address")
        .to_string();
    assert!(server.games.join(format!("{id}.log")).is_file());
    client.goto("about:blank").await.unwrap();
    client.goto(url.as_str()).await.unwrap();
    says(&client, "[data-testid=review-summary]", "FIRST's").await;
    assert_eq!(review_seen(&client).await, (summary.clone(), rows));

    // The page `harness replay LOG --review --html` writes, opened from the disk: the same
    // review, drawn by the same script.
    let log = harness::replay::parse_log(common::GOLDEN_LOG).unwrap();
    let review =
        harness::review::review_log(&log, harness::review::decisions::review_valuation(), None)
            .unwrap();
    let page = shots_dir().join("golden-review.html");
    std::fs::write(
        &page,
        harness::review::page::review_page(&review, "golden-sample1-sample2.log"),
    )
    .unwrap();
    client
        .goto(&format!(
            "file://{}",
            page.canonicalize().unwrap().display()
        ))
        .await
        .unwrap();
    says(&client, "[data-testid=review-summary]", "FIRST's").await;
    assert_eq!(review_seen(&client).await, (summary, rows));
    screenshot(&client, "log-file-page-1280.png").await;
    assert!(
        fits(&client).await,
        "the review's page is wider than the window"
    );
    on_a_phone(&client, None, "log-file-page-390.png", "the review's page").await;

    // A damaged file dropped, a foreign one chosen: a message each, nothing kept.
    client.goto(&server.url("/")).await.unwrap();
    click(&client, "[data-testid=new-game]").await;
    let games_before = std::fs::read_dir(&server.games).unwrap().count();
    let cut: Vec<&str> = common::GOLDEN_LOG.lines().take(30).collect();
    drop_file(&client, "cut.log", &cut.join("\n")).await;
    says(
        &client,
        "[data-testid=import-error]",
        "Cannot open cut.log: This file is not a whole game's official log: it stops in round",
    )
    .await;
    on_a_phone(&client, None, "log-damaged-390.png", "the message").await;
    let foreign = shots_dir().join("foreign.txt");
    std::fs::write(&foreign, "Shopping: dice, a cup, a yacht.\n").unwrap();
    client
        .find(Locator::Css("[data-testid=log-file]"))
        .await
        .unwrap()
        .send_keys(foreign.canonicalize().unwrap().to_str().unwrap())
        .await
        .unwrap();
    says(
        &client,
        "[data-testid=import-error]",
        "Cannot open foreign.txt: This file is not a whole game's official log: line 1",
    )
    .await;
    screenshot(&client, "log-foreign-1280.png").await;
    assert_eq!(
        std::fs::read_dir(&server.games).unwrap().count(),
        games_before
    );

    // The page plays on: a game against level 1 starts and takes a bid.
    for css in [
        "[data-testid=opponent-level-1]",
        "#seat option[value=first]",
        "[data-testid=start]",
    ] {
        click(&client, css).await;
    }
    says(&client, "[data-testid=status]", "Round 1 of 13: your bid").await;
    assert!(visible(&client, "#auction").await);
    assert_eq!(text(&client, "[data-testid=import-error]").await, "");
    let status = text(&client, "[data-testid=status]").await;
    let enter: char = Key::Enter.into();
    let amount = client
        .find(Locator::Css("[data-testid=amount]"))
        .await
        .unwrap();
    amount.clear().await.unwrap();
    amount.send_keys(&format!("100{enter}")).await.unwrap();
    wait_until_gone(&client, "#auction", &status).await;
    client.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&server.games);
}
