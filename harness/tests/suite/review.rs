//! The review of a game finds planted blunders and only them: the table and the
//! equilibrium bid (ladder 1's level 4) with a bid of 100,000 for an ordinary bundle and a
//! large straight put in YACHT for 0 while LARGE_STRAIGHT is open, against a sample AI;
//! and the same game without them.

use harness::player::{InProcess, PlayerSpec};
use harness::referee::{play_game, RefereeOptions};
use harness::replay::parse_log;
use harness::review::decisions::Kind;
use harness::review::marks::Mark;
use harness::review::{review_log, GameReview};
use yacht::engine::value::bidding::{bundle_values, equilibrium_bid};
use yacht::engine::value::choice::best_choice_for;
use yacht::engine::{GameView, Reply};
use yacht::game::{Agent, Deal};
use yacht::protocol::{Answer, Command, Group, Hand};
use yacht::rules::category::Category;

/// The table and the equilibrium bid (ladder 1's level 4), with two decisions planted:
/// a bid of 100,000 for bundle A in round 3, and in round 2 the large straight it holds
/// put in YACHT for 0.
struct Planter {
    view: GameView,
    bid: bool,
    put: bool,
}

impl Agent for Planter {
    fn handle(&mut self, command: &Command) -> Reply {
        let _ = self.view.advance(command);
        let answer = match *command {
            Command::Ready => Some(Answer::Ok),
            Command::Roll { a, b } => {
                let view = &self.view;
                let (group, amount) = if self.bid && view.round == 3 {
                    (Group::A, 100_000)
                } else {
                    let v = bundle_values(&view.me, &view.opp, &a.counts(), &b.counts());
                    equilibrium_bid(v.swing_points())
                };
                self.view.my_bid = Some((group, amount));
                Some(Answer::Bid { group, amount })
            }
            Command::Score => {
                let (category, dice) = if self.put && self.view.me.used == 0 {
                    (Category::Yacht, Hand::parse("12345").unwrap())
                } else {
                    let c = best_choice_for(&self.view.me).unwrap();
                    (c.category, Hand::from_counts(&c.dice).unwrap())
                };
                self.view.me.apply_score(category, &dice.counts()).unwrap();
                Some(Answer::Put { category, dice })
            }
            _ => None,
        };
        Reply {
            answer,
            warnings: Vec::new(),
        }
    }
}

/// The planter (first seat; with the planted bid and scoring as asked) against sample AI 6
/// on a deal whose first round gives both players a large straight; the game reviewed.
fn reviewed(bid: bool, put: bool) -> GameReview {
    let mut deal = Deal::from_seed(47, 3);
    let straight = Hand::parse("12345").unwrap();
    deal.rounds[0].a = straight;
    deal.rounds[0].b = straight;
    let mut bot = InProcess::new(Planter {
        view: GameView::default(),
        bid,
        put,
    });
    let mut sample = "sample:6".parse::<PlayerSpec>().unwrap().build().unwrap();
    let options = RefereeOptions {
        write_log: true,
        ..RefereeOptions::default()
    };
    let record = play_game(&mut bot, sample.as_mut(), [1, 2], &deal, &options).unwrap();
    assert_eq!(record.abort, None);
    let log = parse_log(&record.log.unwrap()).unwrap();
    review_log(
        &log,
        yacht::engine::search::positions::Valuation::Rollouts(400),
        None,
    )
    .unwrap()
}

fn mark_of(review: &GameReview, round: u8, kind: Kind) -> Mark {
    review.sides[0]
        .decisions
        .iter()
        .find(|d| d.round == round && d.kind == kind)
        .map(|d| d.mark)
        .unwrap()
}

#[test]
fn planted_blunders_are_found_and_only_they() {
    // Each in a game of its own: after either the game is lost, and nothing more can be.
    let planted = reviewed(false, true);
    let first = &planted.sides[0];
    assert_eq!(first.decisions.len(), 24);
    let put = first
        .decisions
        .iter()
        .find(|d| d.round == 2 && d.kind == Kind::Put)
        .unwrap();
    assert_eq!(put.played, "PUT YACHT 12345");
    assert_eq!(put.mark, Mark::Blunder, "{put:?}");
    let overbid = reviewed(true, false);
    let bid = overbid.sides[0]
        .decisions
        .iter()
        .find(|d| d.round == 3 && d.kind == Kind::Bid)
        .unwrap();
    assert_eq!(bid.played, "BID A 100000");
    assert_eq!(bid.mark, Mark::Blunder, "{bid:?}");
    assert!(bid.points_lost > 50_000.0, "{bid:?}");

    let clean = reviewed(false, false);
    let first = &clean.sides[0];
    assert_ne!(mark_of(&clean, 2, Kind::Put), Mark::Blunder);
    assert_ne!(mark_of(&clean, 3, Kind::Bid), Mark::Blunder);
    assert_eq!(first.blunders, 0, "{:#?}", first.decisions);
    assert!(first.error_rate < planted.sides[0].error_rate);
    // The luck is the dice's, whoever plays them: the same first roll, the same term.
    assert_eq!(clean.luck[0].luck, planted.luck[0].luck);
    // Each chance event's terms sum to zero across the seats.
    for e in &planted.luck {
        assert!((e.luck[0] + e.luck[1]).abs() < 1e-12);
    }
    let adjusted = planted.sides[0].adjusted + planted.sides[1].adjusted;
    assert!((adjusted - 1.0).abs() < 1e-9, "{adjusted}");
}

/// `harness replay LOG --review --html FILE` writes one page that needs nothing else: the
/// review's shared script and style inline, and the review itself as JSON the script
/// draws, the same review as `--json` writes.
#[test]
fn the_review_page_carries_the_shared_script_and_the_review() {
    let dir = std::env::temp_dir().join(format!("harness-review-page-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/golden-sample1-sample2.log"
    );
    let (page, json) = (dir.join("review.html"), dir.join("review.json"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_harness"))
        .args(["replay", log, "--review", "--rollouts", "60", "--html"])
        .arg(&page)
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(&page).unwrap();
    assert!(page.contains(harness::review::page::REVIEW_JS));
    assert!(page.contains(harness::i18n::page::I18N_SCRIPT.as_str()));
    assert!(page.contains(harness::review::page::REVIEW_CSS));
    assert!(page.contains(harness::replay::DICE_CSS));
    // Nothing from elsewhere: no address (but the SVG namespace's name), no file beside it.
    let named = page.replace("\"http://www.w3.org/2000/svg\"", "");
    for fetched in ["src=", "href=", "http:", "https:", "@import", "url("] {
        assert!(!named.contains(fetched), "{fetched}");
    }
    let start = "<script type=\"application/json\" id=\"review-data\">";
    let data = &page[page.find(start).unwrap() + start.len()..];
    let data: serde_json::Value = serde_json::from_str(&data[..data.find("</script>").unwrap()])
        .expect("the embedded review is JSON");
    assert_eq!(data["name"], "golden-sample1-sample2.log");
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(data["review"], written);
    assert_eq!(data["review"]["sides"][1]["player"], "sample:2");
    let decisions: usize = (0..2)
        .map(|s| {
            data["review"]["sides"][s]["decisions"]
                .as_array()
                .unwrap()
                .len()
        })
        .sum();
    assert_eq!(decisions, 48);
    // The text says the result in words, never "-0.00".
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("luck-adjusted, worth "), "{text}");
    for (i, _) in text.match_indices("-0.") {
        let digits: String = text[i + 3..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        assert!(digits.contains(|c| c != '0'), "a negative zero: {text}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The review's files (`harness/src/review/*.rs`) that `file`'s code names, as `super::NAME`
/// or `crate::review::NAME` outside comments.
fn review_files_named(source: &str, files: &[String]) -> Vec<String> {
    let code: String = source
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    files
        .iter()
        .filter(|f| {
            code.contains(&format!("super::{f}::"))
                || code.contains(&format!("super::{f}::{{"))
                || code.contains(&format!("crate::review::{f}::"))
        })
        .cloned()
        .collect()
}

/// Issue 64: the review's files import one way (no file reaches, directly or through
/// others, back to itself): `judged.rs` is below `decisions.rs` and `marks.rs`.
#[test]
fn the_review_files_import_one_way() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/review");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name.ends_with(".rs") && name != "mod.rs")
                .then(|| name.trim_end_matches(".rs").to_string())
        })
        .collect();
    files.sort();
    assert!(files.contains(&"judged".to_string()) && files.contains(&"marks".to_string()));
    let edges: Vec<(String, Vec<String>)> = files
        .iter()
        .map(|f| {
            let source = std::fs::read_to_string(dir.join(format!("{f}.rs"))).unwrap();
            let named = review_files_named(&source, &files);
            (f.clone(), named.into_iter().filter(|n| n != f).collect())
        })
        .collect();
    // Depth-first: a file met again while it is on the path closes a circle.
    fn visit(
        f: &str,
        edges: &[(String, Vec<String>)],
        path: &mut Vec<String>,
        done: &mut Vec<String>,
    ) {
        if done.iter().any(|d| d == f) {
            return;
        }
        if let Some(at) = path.iter().position(|p| p == f) {
            panic!(
                "the review's imports go round: {} -> {f}",
                path[at..].join(" -> ")
            );
        }
        path.push(f.to_string());
        let next = &edges.iter().find(|(g, _)| g == f).unwrap().1;
        for n in next {
            visit(n, edges, path, done);
        }
        path.pop();
        done.push(f.to_string());
    }
    let mut done = Vec::new();
    for (f, _) in &edges {
        visit(f, &edges, &mut Vec::new(), &mut done);
    }
    let judged = &edges.iter().find(|(g, _)| g == "judged").unwrap().1;
    assert!(
        judged.is_empty(),
        "judged.rs imports {judged:?}: it must stay below them"
    );
}
