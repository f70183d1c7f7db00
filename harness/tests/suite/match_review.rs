//! The review of a whole match: a player with one planted weakness (it plays as the bot but
//! overbids in round 3) is named at the top of the report, with the part that costs it;
//! files that are not logs, a cut log and a game of other players are each skipped with
//! their reason while the rest are reviewed; the page carries the review and nothing that
//! could end its script.

use std::time::Duration;

use harness::player::{Deadline, Player, PlayerSpec, Received, Response};
use harness::referee::{play_game, RefereeOptions};
use harness::review::decisions::review_valuation;
use harness::review::match_review::{review_match, LogFile, MatchReview};
use yacht::game::deal::{mix, Deal};
use yacht::protocol::{Answer, Command};

/// The bot, but in round 3 it asks three times its bid and 3,000 more for the group it
/// chose: a program that plays well with one bad habit.
struct Overbidder {
    inner: Box<dyn Player>,
    round: u8,
}

impl Player for Overbidder {
    fn label(&self) -> String {
        "overbidder".into()
    }
    fn start(&mut self, game_seed: u64) -> Result<(), String> {
        self.round = 0;
        self.inner.start(game_seed)
    }
    fn send(&mut self, command: &Command) {
        if let Command::Roll { .. } = command {
            self.round += 1;
        }
        self.inner.send(command);
    }
    fn receive(&mut self, deadline: Deadline) -> Response {
        let mut r = self.inner.receive(deadline);
        if let Received::Answer(Answer::Bid { amount, .. }) = &mut r.received
            && self.round == 3
        {
            *amount = (*amount * 3 + 3_000).min(100_000);
        }
        r
    }
    fn cpu_time(&mut self) -> Option<Duration> {
        self.inner.cpu_time()
    }
    fn take_debug(&mut self, out: &mut Vec<String>) {
        self.inner.take_debug(out);
    }
    fn finish(&mut self) {
        self.inner.finish();
    }
    fn can_block(&self) -> bool {
        self.inner.can_block()
    }
}

fn bot() -> Box<dyn Player> {
    "bot:clock=0"
        .parse::<PlayerSpec>()
        .unwrap()
        .build()
        .unwrap()
}

/// `pairs` deal pairs of the overbidder against the bot, each game's log a file.
fn logs(pairs: usize, seed: u64) -> Vec<LogFile> {
    let options = RefereeOptions {
        write_log: true,
        luck: false,
        ..RefereeOptions::default()
    };
    let mut x = Overbidder {
        inner: bot(),
        round: 0,
    };
    let mut y = bot();
    let mut out = Vec::new();
    for i in 0..pairs {
        let deal = Deal::from_seed(seed, i as u64);
        let s = [mix(seed, 2 * i as u64), mix(seed, 2 * i as u64 + 1)];
        for (game, record) in [
            play_game(&mut x, y.as_mut(), s, &deal, &options).unwrap(),
            play_game(y.as_mut(), &mut x, [s[1], s[0]], &deal, &options).unwrap(),
        ]
        .into_iter()
        .enumerate()
        {
            out.push(LogFile {
                name: format!("deal{i:05}-{game}.log"),
                text: record.log.expect("a log"),
            });
        }
    }
    out
}

fn review(files: &[LogFile]) -> MatchReview {
    review_match(files, review_valuation(), &|| {}).expect("a review")
}

#[test]
fn a_planted_weakness_is_named_at_the_top() {
    let files = logs(12, 71);
    let m = review(&files);
    assert_eq!(m.files.len(), 24);
    assert!(m.skipped.is_empty(), "{:?}", m.skipped);
    let planted = m
        .players
        .iter()
        .position(|p| p.player == "overbidder")
        .expect("the player");
    let top = m.findings.first().expect("a finding");
    assert_eq!(top.player, planted, "{:?}", m.findings);
    assert!(
        (top.part == "bids-round" && top.round == Some(3)) || top.part == "overpaid",
        "the top finding names round 3's bids or the overpaying: {:?}",
        top
    );
    let said = top.message.to_string();
    assert!(said.starts_with("overbidder: "), "{said}");
    // Its round-3 bids cost it far more than the bot's on the same deals, and its other
    // rounds about what the bot's cost.
    let (me, other) = (&m.players[planted], &m.players[1 - planted]);
    assert!(
        me.bids_by_round[2].per_decision() > 5.0 * other.bids_by_round[2].per_decision().max(1e-4)
    );
    assert!(me.habit.overpaid.cost > 3.0 * other.habit.overpaid.cost);
    // Both players' games are all there, each player once a seat.
    assert_eq!((me.games, other.games), (24, 24));
    let text = harness::review::output::match_text(&m);
    assert!(text.contains("read first:\n  1. overbidder: "), "{text}");
}

#[test]
fn files_that_are_not_a_match_s_logs_are_skipped_with_their_reason() {
    let mut files = logs(2, 72);
    let whole = files[0].text.clone();
    let cut = whole.lines().take(40).collect::<Vec<_>>().join("\n");
    files.push(LogFile {
        name: "cut.log".into(),
        text: cut,
    });
    files.push(LogFile {
        name: "notes.txt".into(),
        text: "hello\nworld\n".into(),
    });
    files.push(LogFile {
        name: "deal.txt".into(),
        text: Deal::from_seed(1, 0).to_input_text(),
    });
    // A game of two other players: the names in its header differ.
    let other = whole
        .replace("overbidder", "someone")
        .replace("COMMAND: bot", "COMMAND: another");
    files.push(LogFile {
        name: "other.log".into(),
        text: other,
    });
    let m = review(&files);
    assert_eq!(m.files.len(), 4, "the match's four games: {:?}", m.skipped);
    let reason = |name: &str| {
        m.skipped
            .iter()
            .find(|s| s.file == name)
            .map(|s| s.reason.id)
            .unwrap_or_else(|| panic!("{name} is not skipped: {:?}", m.skipped))
    };
    assert_eq!(reason("cut.log"), "match-skip-not-whole");
    assert_eq!(reason("notes.txt"), "match-skip-not-log");
    assert_eq!(reason("deal.txt"), "match-skip-deal");
    assert_eq!(reason("other.log"), "match-skip-other-players");
    let text = harness::review::output::match_text(&m);
    assert!(
        text.contains("cut.log: not a whole game's log: it stops in round"),
        "{text}"
    );
    // The page carries the review, every name escaped.
    let page = harness::review::page::match_page(&m, "</script><b>", &Default::default());
    assert!(!page.contains("</script><b>"));
    assert!(page.contains("const YachtMatch") && page.contains("id=\"match-data\""));
    // Nothing to review is an error, not an empty report.
    assert!(review_match(&files[6..7], review_valuation(), &|| {}).is_err());
}

#[test]
fn a_decision_made_again_in_the_same_position_is_listed_once_with_its_files() {
    // The same game under two names: every costly decision made twice, at the same cost.
    let game = logs(1, 73).remove(0);
    let files = [
        LogFile {
            name: "one.log".into(),
            text: game.text.clone(),
        },
        LogFile {
            name: "two.log".into(),
            text: game.text,
        },
    ];
    let m = review(&files);
    for list in &m.costliest {
        assert!(!list.is_empty());
        for c in list {
            assert_eq!(
                (c.file.as_str(), c.also.clone()),
                ("one.log", vec!["two.log".to_string()]),
                "{c:?}"
            );
        }
        // No decision listed twice.
        for (i, a) in list.iter().enumerate() {
            for b in &list[i + 1..] {
                assert!(a.decision != b.decision, "{a:?}");
            }
        }
    }
    let text = harness::review::output::match_text(&m);
    assert!(text.contains("one.log (and two.log) round"), "{text}");
}
