//! The page in a real browser (Chromium, driven through chromedriver), in English and in
//! Korean (the browser's language): a whole game against level 1 by clicking and typing,
//! an amount out of range refused next to its field with the game unchanged, a reload in
//! the middle, the review and the replay page, and the saved log replaying to the moves
//! made; a log file opened on the page (chosen, or dropped) and reviewed there, the same
//! review as the page `harness replay LOG --review --html` writes opened from the disk, and
//! a damaged or foreign file refused with a message while the page plays on. On every
//! screen no word of the other language is left and no catalog key is missing. A log whose
//! player's command is 200 characters long fits a phone everywhere it is shown, and the
//! language switch changes the page and is remembered. Several logs dropped at once are
//! reviewed as a match, as on the page `harness replay DIR --review --html` writes. Screenshots at 1,280 × 800 and
//! 390 px wide go to `target/play-screenshots/` (named by language).
//!
//! Needs `/usr/bin/chromium` and `/usr/bin/chromedriver` (Debian's `chromium` and
//! `chromium-driver`; or `CHROMIUM` and `CHROMEDRIVER`). Without them the test says it was
//! skipped and why, unless `YACHT_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs
//! them): then it fails.

use crate::common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use std::collections::{BTreeMap, HashSet};

use fantoccini::key::Key;
use fantoccini::{Client, ClientBuilder, Locator};
use harness::i18n::{format, tr, Message};
use harness::review::decisions::review_valuation;
use harness::review::match_review::{review_match, LogFile};
use serde_json::json;
use yacht::engine::config::LEVEL_MAX;
use yacht_play::opponents::{LADDER_ELO, LEVEL_ABOUT_KEYS};

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

/// A browser session with a profile of its own (`name`: tests run side by side), its
/// language `lang` (what it tells pages: `navigator.languages`, `Accept-Language`).
async fn connect(
    chromium: &PathBuf,
    chromedriver: &PathBuf,
    name: &str,
    lang: &str,
) -> (Driver, Client) {
    let port = common::free_port();
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
                format!("--lang={lang}"),
            ],
            "prefs": { "intl.accept_languages": lang },
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

/// A server with a games folder of its own, and a browser session (`name`) in the language
/// `lang` on its page at 1,280 × 800; `None` where the browser is missing and not required
/// (the test skipped).
async fn page_in_a_browser(name: &str, lang: &str) -> Option<(common::TestServer, Driver, Client)> {
    let (chromium, chromedriver) = browser_or_skip()?;
    let server = common::start(&format!("browser-{name}-{lang}")).await;
    let (driver, client) = connect(&chromium, &chromedriver, &format!("{name}-{lang}"), lang).await;
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

/// What a person reads on the page as it stands: every text (shown or not: a hidden panel
/// is the next one shown), the title, and the tooltips and labels; not the language
/// switch, which names each language in its own.
async fn words_on_page(client: &Client) -> String {
    let text = client
        .execute(
            "const copy = document.body.cloneNode(true);\
             copy.querySelectorAll('#lang, script, style').forEach((e) => e.remove());\
             const parts = [document.title];\
             const walk = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);\
             while (walk.nextNode()) parts.push(walk.currentNode.nodeValue);\
             for (const e of document.querySelectorAll('[title], [aria-label]')) {\
               if (e.closest('#lang')) continue;\
               parts.push(e.getAttribute('title') || '', e.getAttribute('aria-label') || '');\
             }\
             return parts.join('\\n');",
            vec![],
        )
        .await
        .unwrap();
    text.as_str().unwrap_or_default().to_string()
}

/// The Latin words the Korean catalog itself writes (the statement's names that stay as
/// the official format writes them: FIRST, BID, ROUND, Elo, AI, …), from its messages'
/// text, without keys, variables, functions or comments.
fn korean_catalog_words() -> HashSet<String> {
    let text = harness::i18n::CATALOGS
        .iter()
        .find(|(tag, _)| *tag == "ko")
        .expect("a Korean catalog")
        .1;
    let mut words = HashSet::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
        let value = match line.split_once(" = ") {
            Some((key, value)) if !key.starts_with(' ') => value,
            _ => line,
        };
        let mut kept = String::new();
        let mut depth = 0usize;
        for ch in value.chars() {
            match ch {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ if depth == 0 => kept.push(ch),
                _ => {}
            }
        }
        // A variant's key ([yes], *[other]) is the catalog's, not a word it writes.
        let kept = kept.trim_start().trim_start_matches('*');
        let kept = match kept.strip_prefix('[') {
            Some(rest) => rest.split_once(']').map_or("", |(_, v)| v),
            None => kept,
        };
        words.extend(latin_words(kept));
    }
    words
}

/// The words of two or more Latin letters in `text`.
fn latin_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 2)
        .map(str::to_string)
        .collect()
}

/// Checks that the page as it stands is all in `lang`: in English no Hangul; in Korean no
/// Latin word but the Korean catalog's own, the categories' names and the protocol's
/// `BID` and `PUT` (as the statement writes them) and `data` (players' commands, a file's
/// name); and no catalog key asked for that
/// the language's catalog lacks. `what` says which screen failed.
async fn all_in(client: &Client, lang: &str, data: &[&str], what: &str) {
    let text = words_on_page(client).await;
    if lang == "ko" {
        let mut allowed = korean_catalog_words();
        for category in yacht::rules::category::Category::ALL {
            allowed.extend(latin_words(category.name()));
        }
        // The protocol's lines, as the official format writes them (a hint's `BID A 300`).
        allowed.extend(["BID", "PUT"].map(String::from));
        for d in data {
            allowed.extend(latin_words(d));
        }
        let foreign: HashSet<String> = latin_words(&text)
            .into_iter()
            .filter(|w| !allowed.contains(w))
            .collect();
        assert!(
            foreign.is_empty(),
            "{what}: English left in Korean: {foreign:?}\n{text}"
        );
    } else {
        let hangul: String = text
            .chars()
            .filter(|c| {
                ('\u{1100}'..='\u{11FF}').contains(c)
                    || ('\u{3130}'..='\u{318F}').contains(c)
                    || ('\u{AC00}'..='\u{D7AF}').contains(c)
            })
            .collect();
        assert!(
            hangul.is_empty(),
            "{what}: Korean left in English: {hangul}\n{text}"
        );
    }
    let missing = client
        .execute(
            "return typeof YachtI18n === 'undefined' ? [] : [...YachtI18n.missing];",
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(missing, json!([]), "{what}: keys the {lang} catalog lacks");
}

/// `message` said in `lang` by the server's catalogs (the page's @fluent/bundle must say
/// the same).
fn said(lang: &str, message: Message) -> String {
    format(lang, &message)
}

/// What `message` says in `lang` before its argument `name` (set to a mark).
fn said_before(lang: &str, message: Message, name: &'static str) -> String {
    let text = format(lang, &message.text(name, "\u{1}"));
    text.split('\u{1}').next().unwrap_or_default().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_game_in_the_browser_in_english() {
    a_whole_game("en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_plays_a_whole_game_in_the_browser_in_korean() {
    a_whole_game("ko").await;
}

/// A whole game against level 1 on a page in the language `lang`.
async fn a_whole_game(lang: &str) {
    let Some((server, _driver, client)) = page_in_a_browser("game", lang).await else {
        return;
    };
    let shot = |name: &str| format!("{lang}-{name}");
    client
        .wait()
        .for_element(Locator::Css("[data-testid=opponent-level-1]"))
        .await
        .unwrap();
    assert_eq!(
        text(&client, "#menu h2").await,
        tr(lang, "menu-title"),
        "the browser's language chooses"
    );
    all_in(&client, lang, &[], "the menu").await;
    // The ladder from the top: every level, each with its rating and its line in the
    // page's language.
    let levels = client
        .find_all(Locator::Css(
            "#opponents input[data-testid^=opponent-level-]",
        ))
        .await
        .unwrap()
        .len();
    assert_eq!(levels, usize::from(LEVEL_MAX), "the menu's levels");
    for (n, level) in (1..=LEVEL_MAX).rev().enumerate() {
        let shown = text(&client, &format!("#opponents label:nth-child({})", n + 1)).await;
        let elo = LADDER_ELO[usize::from(level) - 1].1;
        let name = if level == LEVEL_MAX {
            "opponent-level-max"
        } else {
            "opponent-level"
        };
        for want in [
            Message::new(name).text("level", level.to_string()),
            Message::new("opponent-elo").number("elo", elo),
            Message::new(LEVEL_ABOUT_KEYS[usize::from(level) - 1]),
        ] {
            let want = want.in_lang(lang);
            assert!(
                shown.contains(&want),
                "level {level}: {want:?} in {shown:?}"
            );
        }
    }
    screenshot(&client, &shot("menu-1280.png")).await;
    assert!(fits(&client).await, "the menu is wider than the window");
    on_a_phone(&client, None, &shot("menu-390.png"), "the menu").await;

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
    let mut shot_scoring = false;
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
                on_a_phone(&client, None, &shot("auction-390.png"), "the auction").await;
                screenshot(&client, &shot("auction-1280.png")).await;
                all_in(&client, lang, &[], "the auction").await;
            }
            if !refused_once {
                // Hints on: the bot's bid in the person's seat, and P(win).
                click(&client, "[data-testid=hints]").await;
                let advice = said_before(lang, Message::new("hint-advice"), "advice") + "BID ";
                let started = Instant::now();
                while !text(&client, "[data-testid=hint]")
                    .await
                    .starts_with(&advice)
                {
                    assert!(started.elapsed() < Duration::from_secs(30), "no hint");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                let hint = text(&client, "[data-testid=hint]").await;
                assert!(hint.contains(" 0."), "{hint}");
                all_in(&client, lang, &[], "the hint").await;
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
                assert_eq!(
                    error,
                    said(lang, Message::new("err-amount").number("max", 100_000.0))
                );
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
            if !shot_scoring {
                screenshot(&client, &shot("scoring-1280.png")).await;
                on_a_phone(&client, None, &shot("scoring-390.png"), "the scoring").await;
                all_in(&client, lang, &[], "the scoring").await;
                shot_scoring = true;
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
    let person = Message::new("review-summary-cost").text("person", "yes");
    assert!(
        summary.starts_with(&said_before(lang, person, "luck")),
        "{summary}"
    );
    assert_eq!(rows, 48);
    all_in(&client, lang, &[], "the end and its review").await;
    screenshot(&client, &shot("end-1280.png")).await;
    assert!(fits(&client).await, "the end is wider than the window");
    on_a_phone(&client, None, &shot("end-390.png"), "the end").await;
    scroll_to(&client, "[data-testid=review-decisions]").await;
    screenshot(&client, &shot("end-review-1280.png")).await;
    on_a_phone(
        &client,
        Some("[data-testid=review-decisions]"),
        &shot("end-review-390.png"),
        "the review's decisions",
    )
    .await;
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
    assert!(href.ends_with(&format!("?lang={lang}")), "{href}");
    client.goto(&href).await.unwrap();
    let page = client.source().await.unwrap();
    assert!(page.contains(&tr(lang, "replay-title")) && page.contains("class=\"die f"));
    // The log names the seats by their commands: the person, and the bot by its spec.
    let commands = ["person", "bot:level=1,clock=0"];
    all_in(&client, lang, &commands, "the replay page").await;
    client.set_window_size(1280, 800).await.unwrap();
    screenshot(&client, &shot("replay-1280.png")).await;
    on_a_phone(&client, None, &shot("replay-390.png"), "the replay page").await;
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
    let costly = client
        .find_all(Locator::Css("[data-testid=review-costly] li"))
        .await
        .unwrap();
    assert!(!costly.is_empty() && costly.len() <= 3);
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
async fn a_log_opened_on_the_page_is_reviewed_as_on_its_own_page_in_english() {
    a_log_opened("en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_opened_on_the_page_is_reviewed_as_on_its_own_page_in_korean() {
    a_log_opened("ko").await;
}

/// What the review says of a seat's dice first, seen from `seat` (a seat's name).
fn seat_summary(lang: &str, seat: &str) -> String {
    let message = Message::new("review-summary-cost")
        .text("person", "no")
        .text("me", seat);
    said_before(lang, message, "luck")
}

/// The golden log opened on a page in the language `lang`, reviewed there and on its own
/// page; a damaged and a foreign file refused.
async fn a_log_opened(lang: &str) {
    let Some((server, _driver, client)) = page_in_a_browser("log", lang).await else {
        return;
    };
    let shot = |name: &str| format!("{lang}-{name}");
    let data = ["golden-sample1-sample2.log", "sample:1", "sample:2"];
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
        &seat_summary(lang, "FIRST"),
    )
    .await;
    let seat = |seat: &str, player: &str| {
        said(
            lang,
            Message::new("status-seat-player")
                .text("seat", seat)
                .text("player", player),
        )
    };
    let opened = Message::new("status-log")
        .text("name", "golden-sample1-sample2.log")
        .text("first", seat("FIRST", "sample:1"))
        .text("second", seat("SECOND", "sample:2"));
    says(&client, "[data-testid=status]", &said(lang, opened)).await;
    assert_eq!(text(&client, "#verdict").await, tr(lang, "verdict-second"));
    let (summary, rows) = review_seen(&client).await;
    assert!(
        !summary.contains("(of 1)") && !summary.contains("-0.00") && !summary.contains("−0.00")
    );
    assert_eq!(rows, 48);
    all_in(&client, lang, &data, "the opened log").await;
    screenshot(&client, &shot("log-top-1280.png")).await;
    scroll_to(&client, "[data-testid=review]").await;
    screenshot(&client, &shot("log-review-1280.png")).await;
    assert!(
        fits(&client).await,
        "the opened log is wider than the window"
    );
    for (css, name) in [
        ("[data-testid=review]", "log-review-390.png"),
        ("[data-testid=review-decisions]", "log-decisions-390.png"),
    ] {
        on_a_phone(&client, Some(css), &shot(name), "the opened log").await;
    }
    // Seen from SECOND: the same review, the other side's words (drawn anew each time).
    for (seat, words) in [
        ("1", seat_summary(lang, "SECOND")),
        ("0", seat_summary(lang, "FIRST")),
    ] {
        client
            .find(Locator::Css("[data-testid=review-seat]"))
            .await
            .unwrap()
            .select_by_value(seat)
            .await
            .unwrap();
        says(&client, "[data-testid=review-summary]", &words).await;
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
    says(
        &client,
        "[data-testid=review-summary]",
        &seat_summary(lang, "FIRST"),
    )
    .await;
    assert_eq!(review_seen(&client).await, (summary.clone(), rows));

    // The page `harness replay LOG --review --html` writes, opened from the disk: the same
    // review, drawn by the same script.
    let log = harness::replay::parse_log(common::GOLDEN_LOG).unwrap();
    let review =
        harness::review::review_log(&log, harness::review::decisions::review_valuation(), None)
            .unwrap();
    let page = shots_dir().join(format!("golden-review-{lang}.html"));
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
    says(
        &client,
        "[data-testid=review-summary]",
        &seat_summary(lang, "FIRST"),
    )
    .await;
    assert_eq!(review_seen(&client).await, (summary, rows));
    all_in(&client, lang, &data, "the review's own page").await;
    screenshot(&client, &shot("log-file-page-1280.png")).await;
    assert!(
        fits(&client).await,
        "the review's page is wider than the window"
    );
    on_a_phone(
        &client,
        None,
        &shot("log-file-page-390.png"),
        "the review's page",
    )
    .await;

    // A damaged file dropped, a foreign one chosen: a message each, nothing kept.
    client.goto(&server.url("/")).await.unwrap();
    click(&client, "[data-testid=new-game]").await;
    let games_before = std::fs::read_dir(&server.games).unwrap().count();
    let cut: Vec<&str> = common::GOLDEN_LOG.lines().take(30).collect();
    drop_file(&client, "cut.log", &cut.join("\n")).await;
    let refused = |name: &str, reason: Message| {
        said(
            lang,
            Message::new("import-cannot-open")
                .text("name", name)
                .message(
                    "error",
                    Message::new("log-refused").message("reason", reason),
                ),
        )
    };
    let cut_short = refused(
        "cut.log",
        Message::new("log-cut-short").text("round", "\u{1}"),
    );
    let cut_short = cut_short.split('\u{1}').next().unwrap().to_string();
    says(&client, "[data-testid=import-error]", &cut_short).await;
    // The page keeps the log opened before out of sight: its names are data too.
    let refused_data = [data[0], data[1], data[2], "cut.log"];
    all_in(&client, lang, &refused_data, "the refusal").await;
    on_a_phone(&client, None, &shot("log-damaged-390.png"), "the message").await;
    let foreign = shots_dir().join("foreign.txt");
    std::fs::write(&foreign, "Shopping: dice, a cup, a yacht.\n").unwrap();
    client
        .find(Locator::Css("[data-testid=log-file]"))
        .await
        .unwrap()
        .send_keys(foreign.canonicalize().unwrap().to_str().unwrap())
        .await
        .unwrap();
    let foreign_line = Message::new("log-line")
        .text("line", "1")
        .message("reason", Message::new("log-not-a-line"))
        .text("text", "\"Shopping: dice, a cup, a yacht.\"");
    says(
        &client,
        "[data-testid=import-error]",
        &refused("foreign.txt", foreign_line),
    )
    .await;
    screenshot(&client, &shot("log-foreign-1280.png")).await;
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
    let round1 = Message::new("status-bid")
        .text("round", "1")
        .text("seat", "first");
    says(
        &client,
        "[data-testid=status]",
        &said_before(lang, round1, "opponent"),
    )
    .await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_log_with_a_200_character_command_fits_a_phone_in_either_language() {
    let Some((server, _driver, client)) = page_in_a_browser("long", "en").await else {
        return;
    };
    // A contestant's program named by its path, as the testing tool logs it: 200
    // characters without a space to break at; and a long file name.
    let mut command = String::from("/home/contestant/nypc-2025/");
    while command.len() < 189 {
        command.push_str("yacht-auction-final-submission/");
    }
    command.truncate(189);
    command.push_str("/bot-v17.py");
    assert_eq!(command.len(), 200);
    let log = common::GOLDEN_LOG
        .replace("COMMAND: sample:1", &format!("COMMAND: {command}"))
        .replace("COMMAND: sample:2", &format!("COMMAND: python3 {command}"));
    assert_eq!(
        harness::replay::parse_log(&log).unwrap().commands[0].as_deref(),
        Some(command.as_str())
    );
    let name =
        "yacht-auction-finals-round-robin-game-0042-seat-swapped-second-half-of-the-pair.log";
    let path = shots_dir().join(name);
    std::fs::write(&path, &log).unwrap();
    client
        .wait()
        .for_element(Locator::Css("[data-testid=log-file]"))
        .await
        .unwrap()
        .send_keys(path.canonicalize().unwrap().to_str().unwrap())
        .await
        .unwrap();
    says(
        &client,
        "[data-testid=review-summary]",
        &seat_summary("en", "FIRST"),
    )
    .await;
    let data = [command.as_str(), name, "python"];
    for lang in ["en", "ko"] {
        if lang == "ko" {
            // The switch: the page, the game and the review drawn again in Korean.
            client
                .find(Locator::Css("[data-testid=lang]"))
                .await
                .unwrap()
                .select_by_value("ko")
                .await
                .unwrap();
            says(
                &client,
                "[data-testid=review-summary]",
                &seat_summary("ko", "FIRST"),
            )
            .await;
        }
        all_in(&client, lang, &data, "the long log").await;
        for (css, what) in [
            (None, "the long log's top"),
            (Some("[data-testid=review]"), "the long log's review"),
            (
                Some("[data-testid=review-decisions]"),
                "the long log's decisions",
            ),
            (Some("[data-testid=sheet]"), "the long log's sheet"),
        ] {
            let shot = format!("{lang}-long-{}-390.png", what.rsplit(' ').next().unwrap());
            on_a_phone(&client, css, &shot, what).await;
        }
        // Seen from SECOND, whose name is the longest.
        client
            .find(Locator::Css("[data-testid=review-seat]"))
            .await
            .unwrap()
            .select_by_value("1")
            .await
            .unwrap();
        says(
            &client,
            "[data-testid=review-summary]",
            &seat_summary(lang, "SECOND"),
        )
        .await;
        on_a_phone(
            &client,
            Some("[data-testid=review]"),
            &format!("{lang}-long-second-390.png"),
            "the review from SECOND",
        )
        .await;
        client
            .find(Locator::Css("[data-testid=review-seat]"))
            .await
            .unwrap()
            .select_by_value("0")
            .await
            .unwrap();
        says(
            &client,
            "[data-testid=review-summary]",
            &seat_summary(lang, "FIRST"),
        )
        .await;
    }
    // The choice is remembered: a reload stays in Korean.
    client.refresh().await.unwrap();
    says(
        &client,
        "[data-testid=review-summary]",
        &seat_summary("ko", "FIRST"),
    )
    .await;
    assert_eq!(
        text(&client, "[data-testid=new-game]").await,
        tr("ko", "nav-new-game")
    );
    // The replay page, in Korean, on a phone.
    let href = attribute(&client, "[data-testid=replay]", "href").await;
    assert!(href.ends_with("?lang=ko"), "{href}");
    client.goto(&href).await.unwrap();
    all_in(&client, "ko", &data, "the long log's replay page").await;
    on_a_phone(
        &client,
        None,
        "ko-long-replay-390.png",
        "the long log's replay page",
    )
    .await;
    // The review's own page, from the disk, with the long name as its heading's note.
    let parsed = harness::replay::parse_log(&log).unwrap();
    let review = harness::review::review_log(
        &parsed,
        harness::review::decisions::review_valuation(),
        None,
    )
    .unwrap();
    let page = shots_dir().join("long-review.html");
    std::fs::write(&page, harness::review::page::review_page(&review, name)).unwrap();
    client
        .goto(&format!(
            "file://{}",
            page.canonicalize().unwrap().display()
        ))
        .await
        .unwrap();
    says(
        &client,
        "[data-testid=review-summary]",
        &seat_summary("en", "FIRST"),
    )
    .await;
    on_a_phone(
        &client,
        None,
        "en-long-file-page-390.png",
        "the long log's own review page",
    )
    .await;
    client.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&server.games);
}

/// Drops the files `files` (name, content) on the page at once, as a person dragging a
/// match's logs there.
async fn drop_files(client: &Client, files: &[(&str, &str)]) {
    let files: Vec<serde_json::Value> = files.iter().map(|(n, c)| json!([n, c])).collect();
    client
        .execute(
            "const data = new DataTransfer();\
             for (const [name, text] of arguments[0]) {\
               data.items.add(new File([text], name, {type: 'text/plain'}));\
             }\
             for (const type of ['dragenter', 'dragover', 'drop']) {\
               document.body.dispatchEvent(new DragEvent(type,\
                 {dataTransfer: data, bubbles: true, cancelable: true}));\
             }",
            vec![json!(files)],
        )
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_logs_dropped_are_reviewed_as_a_match_in_english() {
    several_logs_dropped("en").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn several_logs_dropped_are_reviewed_as_a_match_in_korean() {
    several_logs_dropped("ko").await;
}

/// What the match review shows: its summary, its findings' and skipped files' counts; both
/// round charts are drawn.
async fn match_seen(client: &Client) -> (String, usize, usize) {
    for chart in ["bids_by_round", "puts_by_round"] {
        assert!(visible(client, &format!("[data-testid=match-chart-{chart}]")).await);
    }
    let count =
        |css: &'static str| async move { client.find_all(Locator::Css(css)).await.unwrap().len() };
    (
        text(client, "[data-testid=match-summary]").await,
        count("[data-testid=match-findings] li").await,
        count("[data-testid=match-skipped] li").await,
    )
}

/// Three logs and a letter dropped on a page in `lang`: the match reviewed there (two
/// players, three games, the letter skipped with its reason), the same review as the page
/// `harness replay DIR --review --html` writes opened from the disk; both at 1,280 and
/// 390 px, all in the page's language.
async fn several_logs_dropped(lang: &str) {
    let Some((server, _driver, client)) = page_in_a_browser("match", lang).await else {
        return;
    };
    let shot = |name: &str| format!("{lang}-{name}");
    let letter = "Dear diary, today I rolled a yacht.\n";
    let files = [
        ("game-1.log", common::GOLDEN_LOG),
        ("game-2.log", common::GOLDEN_LOG),
        ("game-3.log", common::GOLDEN_LOG),
        ("letter.txt", letter),
    ];
    let data = [
        "game-1.log",
        "game-2.log",
        "game-3.log",
        "letter.txt",
        "sample:1",
        "sample:2",
        letter, // the skipped file's reason quotes its first line
    ];
    client
        .wait()
        .for_element(Locator::Css("[data-testid=log-file]"))
        .await
        .unwrap();
    drop_files(&client, &files).await;
    let summary_start = said_before(
        lang,
        Message::new("match-summary")
            .number("games", 3.0)
            .text("one", "sample:1")
            .text("other", "sample:2")
            .number("skipped", 1.0),
        "nothing",
    );
    says(&client, "[data-testid=match-summary]", &summary_start).await;
    let seen = match_seen(&client).await;
    assert_eq!(seen.2, 1, "the letter is skipped: {seen:?}");
    let skipped = text(&client, "[data-testid=match-skipped]").await;
    assert!(skipped.starts_with("letter.txt: "), "{skipped}");
    all_in(&client, lang, &data, "the match dropped").await;
    screenshot(&client, &shot("match-1280.png")).await;
    assert!(
        fits(&client).await,
        "the match review is wider than the window"
    );
    on_a_phone(&client, None, &shot("match-390.png"), "the match review").await;
    // Nothing was kept in the games folder; a costly decision's game opens as its log.
    let kept = std::fs::read_dir(&server.games).map_or(0, |d| d.count());
    assert_eq!(kept, 0, "a match review keeps nothing");
    click(&client, "[data-testid=match-open-game]").await;
    says(
        &client,
        "[data-testid=review-summary]",
        &seat_summary(lang, "FIRST"),
    )
    .await;
    assert!(!visible(&client, "[data-testid=match-body]").await);
    // Two logs dropped again, then back to the menu.
    drop_files(&client, &files[..2]).await;
    says(&client, "[data-testid=match-summary]", "").await;
    click(&client, "[data-testid=match-back]").await;
    assert!(!visible(&client, "[data-testid=match-body]").await);
    assert!(visible(&client, "[data-testid=start]").await);

    // The page of `harness replay DIR --review --html`, opened from the disk: the same
    // review, drawn by the same script.
    let logs: Vec<LogFile> = files
        .iter()
        .map(|(name, text)| LogFile {
            name: name.to_string(),
            text: text.to_string(),
        })
        .collect();
    let review = review_match(&logs, review_valuation(), &|| {}).unwrap();
    let page = shots_dir().join(format!("match-review-{lang}.html"));
    std::fs::write(
        &page,
        harness::review::page::match_page(&review, "logs", &BTreeMap::new()),
    )
    .unwrap();
    client
        .goto(&format!(
            "file://{}",
            page.canonicalize().unwrap().display()
        ))
        .await
        .unwrap();
    says(&client, "[data-testid=match-summary]", &summary_start).await;
    assert_eq!(match_seen(&client).await, seen);
    all_in(&client, lang, &data, "the match review's own page").await;
    screenshot(&client, &shot("match-file-page-1280.png")).await;
    assert!(
        fits(&client).await,
        "the match review's page is wider than the window"
    );
    on_a_phone(
        &client,
        None,
        &shot("match-file-page-390.png"),
        "the match review's page",
    )
    .await;
    client.close().await.unwrap();
    let _ = std::fs::remove_dir_all(&server.games);
}
