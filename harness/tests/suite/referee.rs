//! Referee edge cases: tie-breakers, groups, late answers, bad dice, reused rules,
//! garbage lines, bad READY.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::{constant_deal, golden_deal, Scripted, Twist};
use harness::player::Player;
use harness::referee::{
    play_game, play_game_live, AbortReason, AnswerKind, Clock, GameRecord, GameResult,
    RefereeOptions,
};
use yacht::game::Deal;

fn play(
    first: &mut dyn Player,
    second: &mut dyn Player,
    deal: &Deal,
    time_scale: f64,
) -> GameRecord {
    let options = RefereeOptions {
        time_scale,
        write_log: true,
        ..RefereeOptions::default()
    };
    play_game(first, second, [1, 2], deal, &options).unwrap()
}

fn log_lines(record: &GameRecord) -> Vec<String> {
    record
        .log
        .as_deref()
        .unwrap_or_default()
        .lines()
        .map(str::to_string)
        .collect()
}

fn bidder(line: &str) -> Scripted {
    Scripted::always(2, "bidder", "BID", line)
}

#[test]
fn equal_bids_go_to_the_tie_breaker() {
    for t in [0u8, 1] {
        let deal = constant_deal("12345", "23456", t);
        let record = play(
            &mut bidder("BID A 500"),
            &mut bidder("BID A 500"),
            &deal,
            1.0,
        );
        assert_eq!(record.abort, None);
        let winner = t as usize;
        let mut expected = [6000i64, 6000];
        expected[winner] = -6000;
        assert_eq!(record.bid_points, expected, "t = {t}");
        let lines = log_lines(&record);
        let (first_gets, second_gets) = if t == 0 { ("A", "B") } else { ("B", "A") };
        assert_eq!(
            lines
                .iter()
                .filter(|l| **l == format!("GET FIRST {first_gets}"))
                .count(),
            12
        );
        assert_eq!(
            lines
                .iter()
                .filter(|l| **l == format!("GET SECOND {second_gets}"))
                .count(),
            12
        );
        assert_eq!(lines.iter().filter(|l| *l == "BID FIRST A 500").count(), 12);
    }
}

#[test]
fn the_higher_bid_wins_and_the_loser_earns_its_amount() {
    let deal = constant_deal("12345", "23456", 0);
    let record = play(
        &mut bidder("BID B 300"),
        &mut bidder("BID B 700"),
        &deal,
        1.0,
    );
    assert_eq!(record.bid_points, [3600, -8400]);
    assert!(log_lines(&record).contains(&"GET SECOND B".to_string()));
}

#[test]
fn different_groups_each_get_their_own_and_pay() {
    let deal = constant_deal("12345", "23456", 1);
    let record = play(
        &mut bidder("BID A 300"),
        &mut bidder("BID B 700"),
        &deal,
        1.0,
    );
    assert_eq!(record.abort, None);
    assert_eq!(record.bid_points, [-3600, -8400]);
    let lines = log_lines(&record);
    assert_eq!(lines.iter().filter(|l| *l == "GET FIRST A").count(), 12);
    assert_eq!(lines.iter().filter(|l| *l == "GET SECOND B").count(), 12);
}

fn late_at(index: usize, twist: fn() -> Twist) -> Scripted {
    Scripted::new(2, "late", Box::new(move |n, _| (n == index).then(twist)))
}

#[test]
fn answers_over_the_cpu_deadline_are_tle() {
    let deal = golden_deal();
    // time_scale 0.05: 25 ms of CPU for ROLL and SCORE, 150 ms for READY.
    for index in [0, 1, 3, 10] {
        let record = play(
            &mut late_at(index, || Twist::Spin(Duration::from_millis(200))),
            &mut Scripted::new(2, "fine", Box::new(|_, _| None)),
            &deal,
            0.05,
        );
        assert_eq!(record.abort, Some((0, AbortReason::Tle)), "answer {index}");
        assert_eq!(record.late_clock, Some(Clock::Cpu), "answer {index}");
        assert_eq!(record.result, GameResult::SecondWins);
        let lines = log_lines(&record);
        assert_eq!(lines.last().unwrap(), "ABORT FIRST TLE");
        assert_eq!(lines[2], "[RESULT \"0-1\"]");
    }
}

#[test]
fn waiting_is_late_only_on_the_wall_clock_backstop() {
    let deal = golden_deal();
    let sleeper = || late_at(2, || Twist::Sleep(Duration::from_millis(200)));
    let fine = || Scripted::new(2, "fine", Box::new(|_, _| None));
    // 200 ms asleep on a 25 ms CPU deadline: no CPU time spent, and within the default
    // backstop (10 × 25 ms).
    let record = play(&mut sleeper(), &mut fine(), &deal, 0.05);
    assert_eq!(record.abort, None);
    assert_eq!(record.late_clock, None);
    let waited = record.times[0].clock(Clock::Wall).micros[AnswerKind::Bid as usize][1];
    let spent = record.times[0].clock(Clock::Cpu).micros[AnswerKind::Bid as usize][1];
    assert!(
        waited >= 200_000 && spent < 25_000,
        "{waited} µs, {spent} µs of CPU"
    );
    // A backstop of 4 × 25 ms catches it, as a wall-clock time-out.
    let options = RefereeOptions {
        time_scale: 0.05,
        wall_backstop: 4.0,
        write_log: true,
        ..RefereeOptions::default()
    };
    let record = play_game(&mut sleeper(), &mut fine(), [1, 2], &deal, &options).unwrap();
    assert_eq!(record.abort, Some((0, AbortReason::Tle)));
    assert_eq!(record.late_clock, Some(Clock::Wall));
    assert_eq!(log_lines(&record).last().unwrap(), "ABORT FIRST TLE");
    // So does a wall-clock referee at the deadline itself.
    let options = RefereeOptions {
        clock: Clock::Wall,
        ..options
    };
    let record = play_game(&mut sleeper(), &mut fine(), [1, 2], &deal, &options).unwrap();
    assert_eq!(record.late_clock, Some(Clock::Wall));
    // A player that never answers meets the backstop.
    let record = play(&mut fine(), &mut late_at(5, || Twist::Silent), &deal, 0.05);
    assert_eq!(record.abort, Some((1, AbortReason::Tle)));
    assert_eq!(record.late_clock, Some(Clock::Wall));
    assert_eq!(record.result, GameResult::FirstWins);
    assert_eq!(log_lines(&record).last().unwrap(), "ABORT SECOND TLE");
}

#[test]
fn dice_not_held_are_no_such_dice() {
    // No six is ever rolled, so nobody can hold 66666.
    let deal = constant_deal("12345", "11234", 0);
    let mut cheat = Scripted::always(2, "cheat", "PUT", "PUT CHOICE 66666");
    let record = play(
        &mut Scripted::new(2, "fine", Box::new(|_, _| None)),
        &mut cheat,
        &deal,
        1.0,
    );
    assert_eq!(record.abort, Some((1, AbortReason::NoSuchDice)));
    let lines = log_lines(&record);
    assert_eq!(lines.last().unwrap(), "ABORT SECOND NO SUCH DICE");
    // The first player's valid PUT of that round is in the log, the bad one is not.
    assert!(lines[lines.len() - 2].starts_with("PUT FIRST "));
}

#[test]
fn a_reused_rule_is_rule_already_used() {
    // Sample 1 scores ONE, then TWO, ...: rewrite its second scoring as ONE again.
    let first_put = Arc::new(Mutex::new(None::<String>));
    let seen = first_put.clone();
    let mut reuser = Scripted::new(
        1,
        "reuser",
        Box::new(move |_, answer| {
            let text = answer.to_string();
            if !text.starts_with("PUT") {
                return None;
            }
            let mut seen = seen.lock().unwrap();
            match seen.as_ref() {
                None => {
                    *seen = Some(text);
                    None
                }
                Some(_) => {
                    let dice = text.rsplit(' ').next().unwrap().to_string();
                    Some(Twist::Line(format!("PUT ONE {dice}")))
                }
            }
        }),
    );
    let record = play(
        &mut reuser,
        &mut Scripted::new(2, "fine", Box::new(|_, _| None)),
        &golden_deal(),
        1.0,
    );
    assert_eq!(record.abort, Some((0, AbortReason::RuleAlreadyUsed)));
    assert_eq!(
        log_lines(&record).last().unwrap(),
        "ABORT FIRST RULE ALREADY USED"
    );
}

#[test]
fn garbage_lines_are_parse_failures() {
    let cases = [
        ("OK", "hello", AbortReason::InvalidReady),
        ("OK", "BID A 0", AbortReason::InvalidReady),
        ("OK", "", AbortReason::InvalidReady),
        ("BID", "BID C 100", AbortReason::BidParseFailed),
        ("BID", "BID A 100001", AbortReason::BidParseFailed),
        ("BID", "BID A -1", AbortReason::BidParseFailed),
        ("BID", "OK", AbortReason::BidParseFailed),
        ("BID", "", AbortReason::BidParseFailed),
        ("PUT", "PUT YACHT 1234", AbortReason::PutParseFailed),
        ("PUT", "PUT CHANCE 12345", AbortReason::PutParseFailed),
        ("PUT", "PUT CHOICE 12347", AbortReason::PutParseFailed),
        ("PUT", "BID A 0", AbortReason::PutParseFailed),
        ("PUT", "put CHOICE 12345", AbortReason::PutParseFailed),
    ];
    for (keyword, line, reason) in cases {
        for seat in 0..2 {
            let mut bad = Scripted::always(2, "bad", keyword, line);
            let mut good = Scripted::new(2, "good", Box::new(|_, _| None));
            let record = if seat == 0 {
                play(&mut bad, &mut good, &golden_deal(), 1.0)
            } else {
                play(&mut good, &mut bad, &golden_deal(), 1.0)
            };
            assert_eq!(record.abort, Some((seat, reason)), "{keyword} -> {line:?}");
            let who = ["FIRST", "SECOND"][seat];
            assert_eq!(
                log_lines(&record).last().unwrap(),
                &format!("ABORT {who} {}", reason.log_text())
            );
        }
    }
}

#[test]
fn a_closed_player_fails_to_parse_and_the_first_seat_is_blamed_first() {
    let closed = || {
        Scripted::new(
            2,
            "closed",
            Box::new(|n, _| (n == 1).then_some(Twist::Closed)),
        )
    };
    let record = play(&mut closed(), &mut closed(), &golden_deal(), 1.0);
    assert_eq!(record.abort, Some((0, AbortReason::BidParseFailed)));
    let lines = log_lines(&record);
    assert_eq!(
        &lines[3..],
        [
            "ROUND 1",
            "ROLL 12345 66123",
            "ABORT FIRST BID PARSE FAILED"
        ]
    );
}

#[test]
fn crlf_and_spaces_are_accepted_like_the_judge() {
    let mut spaced = Scripted::always(2, "spaced", "OK", "OK\r");
    let record = play(
        &mut spaced,
        &mut Scripted::new(2, "fine", Box::new(|_, _| None)),
        &golden_deal(),
        1.0,
    );
    assert_eq!(record.abort, None);
}

#[test]
fn a_live_log_grows_as_the_game_is_played_and_ends_as_the_record() {
    let deal = golden_deal();
    let mut snapshots: Vec<String> = Vec::new();
    let mut live = |log: &str| snapshots.push(log.to_string());
    let options = RefereeOptions::default();
    let record = play_game_live(
        &mut Scripted::new(2, "a", Box::new(|_, _| None)),
        &mut Scripted::new(3, "b", Box::new(|_, _| None)),
        [1, 2],
        &deal,
        &options,
        Some(&mut live),
    )
    .unwrap();
    // Without write_log the record keeps no log, but the observer saw it all.
    assert_eq!(record.log, None);
    let last = snapshots.pop().unwrap();
    assert!(last.contains("[RESULT \"") && !last.contains("[RESULT \"*\"]"));
    assert!(last.ends_with(&format!("SCORESECOND {}\n", record.total_points[1])));
    assert!(snapshots.len() > 50, "{}", snapshots.len());
    for pair in snapshots.windows(2) {
        let body = |s: &str| s.split_once("[RESULT \"*\"]\n").unwrap().1.to_string();
        assert!(
            body(&pair[1]).starts_with(&body(&pair[0])),
            "the log only grows"
        );
    }
    assert!(last.contains(
        snapshots
            .last()
            .unwrap()
            .split_once("[RESULT \"*\"]\n")
            .unwrap()
            .1
    ));
}

/// A seat that is not timed (a person at the play page).
struct Untimed(Scripted);

impl Player for Untimed {
    fn label(&self) -> String {
        self.0.label()
    }
    fn start(&mut self, seed: u64) -> Result<(), String> {
        self.0.start(seed)
    }
    fn send(&mut self, command: &yacht::protocol::Command) {
        self.0.send(command)
    }
    fn receive(&mut self, deadline: harness::player::Deadline) -> harness::player::Response {
        self.0.receive(deadline)
    }
    fn cpu_time(&mut self) -> Option<Duration> {
        self.0.cpu_time()
    }
    fn take_debug(&mut self, out: &mut Vec<String>) {
        self.0.take_debug(out)
    }
    fn finish(&mut self) {}
    fn is_timed(&self) -> bool {
        false
    }
}

#[test]
fn an_untimed_seat_is_never_late() {
    let deal = golden_deal();
    // 100 ms of CPU and 100 ms asleep on 25 ms deadlines with a 2x backstop.
    let options = RefereeOptions {
        time_scale: 0.05,
        wall_backstop: 2.0,
        ..RefereeOptions::default()
    };
    let mut slow = Untimed(Scripted::new(
        2,
        "person",
        Box::new(|n, _| match n {
            1 => Some(Twist::Spin(Duration::from_millis(100))),
            2 => Some(Twist::Sleep(Duration::from_millis(100))),
            _ => None,
        }),
    ));
    let mut fine = Scripted::new(2, "fine", Box::new(|_, _| None));
    let record = play_game(&mut slow, &mut fine, [1, 2], &deal, &options).unwrap();
    assert_eq!(record.abort, None);
}

/// A sample AI whose every decision also waits, on the wall clock only.
struct Dawdler(harness::samples::SampleAi);

impl yacht::game::Agent for Dawdler {
    fn reset(&mut self, seed: u64) {
        self.0.reset(seed);
    }
    fn handle(&mut self, command: &yacht::protocol::Command) -> yacht::engine::Reply {
        if command.owed().is_some() {
            std::thread::sleep(Duration::from_millis(60));
        }
        self.0.handle(command)
    }
}

#[test]
fn an_in_process_agent_is_judged_by_its_cpu_time_alone() {
    // 60 ms of wall time per answer, 25 ms deadlines, a 2x backstop: an in-process agent
    // cannot block, so its wall time (a loaded machine's) is no verdict.
    let options = RefereeOptions {
        time_scale: 0.05,
        wall_backstop: 2.0,
        ..RefereeOptions::default()
    };
    let config = harness::samples::SampleConfig::standard(2).unwrap();
    let mut dawdler =
        harness::player::InProcess::new(Dawdler(harness::samples::SampleAi::new(config)));
    let mut fine = Scripted::new(2, "fine", Box::new(|_, _| None));
    let record = play_game(&mut dawdler, &mut fine, [1, 2], &golden_deal(), &options).unwrap();
    assert_eq!(record.abort, None);
    assert!(record.times[0].clock(Clock::Wall).micros[AnswerKind::Bid as usize][0] >= 60_000);
}
