//! The built bot binary over pipes: a full game, malformed input, early exits.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as Process, Stdio};

use yacht::engine::{Bot, BotConfig, PlayerState};
use yacht::protocol::{parse_answer, Answer, Command, Group};
use yacht::rules::auction::{resolve, SealedBid};
use yacht::selfplay::Deal;

const BOT: &str = env!("CARGO_BIN_EXE_yacht-bot");

/// Runs the binary with `input`, returning (stdout, stderr, exit success).
fn run_with_input(args: &[&str], input: &str) -> (String, String, bool) {
    let mut child = Process::new(BOT)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn bot");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("wait");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

/// A full game against an in-process bot, one line at a time, checking every answer is
/// legal for the state the referee tracks.
#[test]
fn full_game_over_pipes_gives_only_legal_answers() {
    for (game, deal) in Deal::seeded(99, 3).iter().enumerate() {
        let mut child = Process::new(BOT)
            .arg("NYPC")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn bot");
        let mut to_bot = child.stdin.take().expect("stdin");
        let mut from_bot = BufReader::new(child.stdout.take().expect("stdout"));
        let mut ask = |cmd: &Command| -> Option<Answer> {
            writeln!(to_bot, "{cmd}").expect("send");
            to_bot.flush().expect("flush");
            cmd.owed()?;
            let mut line = String::new();
            from_bot.read_line(&mut line).expect("read");
            Some(
                parse_answer(&line)
                    .unwrap_or_else(|e| panic!("game {game}: {cmd} -> {line:?}: {e}")),
            )
        };
        let mut other = Bot::new(BotConfig::default());
        let mut states = [PlayerState::default(); 2]; // [binary, in-process]
        assert_eq!(ask(&Command::Ready), Some(Answer::Ok));
        other.handle(&Command::Ready);
        for round in 1..=13usize {
            if round <= 12 {
                let (a, b) = deal.bundles[round - 1];
                let roll = Command::Roll { a, b };
                let bids = [ask(&roll), other.handle(&roll).answer].map(|ans| match ans {
                    Some(Answer::Bid { group, amount }) => SealedBid {
                        group: (group == Group::B) as u8,
                        amount,
                    },
                    other => panic!("game {game} round {round}: expected a bid, got {other:?}"),
                });
                let outcome = resolve(bids, deal.tie_winner[round - 1]);
                let group = |g: u8| if g == 0 { Group::A } else { Group::B };
                for (state, &received) in states.iter_mut().zip(&outcome.received) {
                    let bundle = if received == 0 { a } else { b };
                    state.receive(&bundle.counts());
                }
                let get = |p: usize| Command::Get {
                    got: group(outcome.received[p]),
                    opp_group: group(bids[1 - p].group),
                    opp_amount: bids[1 - p].amount,
                };
                assert_eq!(ask(&get(0)), None);
                other.handle(&get(1));
            }
            if round >= 2 {
                let puts = [ask(&Command::Score), other.handle(&Command::Score).answer];
                for (p, put) in puts.iter().enumerate() {
                    let Some(Answer::Put { category, dice }) = *put else {
                        panic!("game {game} round {round}: expected a put, got {put:?}");
                    };
                    states[p]
                        .apply_score(category, &dice.counts())
                        .unwrap_or_else(|e| panic!("game {game} round {round} player {p}: {e:?}"));
                }
                if let Some(Answer::Put { category, dice }) = puts[1] {
                    assert_eq!(ask(&Command::Set { category, dice }), None);
                }
                if let Some(Answer::Put { category, dice }) = puts[0] {
                    other.handle(&Command::Set { category, dice });
                }
            }
        }
        assert_eq!(ask(&Command::Finish), None);
        drop(to_bot);
        let status = child.wait().expect("wait");
        assert!(status.success());
        assert_eq!(states[0].used, 0xfff, "game {game}: all categories used");
    }
}

#[test]
fn malformed_lines_are_reported_and_answered_legally() {
    let input = "READY\nROLL 1234 66666\nROLL 12345 66666\nGET A A 0\nhello world\n\
                 ROLL 12345 66666 77777\nGET Q A 1\nSET CHANCE 12345\nSET YACHT 1234\n\
                 ROLL 11111 22222\nROLL 11111 22222\nGET A B 0\nSCORE\nFINISH\n";
    let (out, err, ok) = run_with_input(&["NYPC"], input);
    assert!(ok, "exit status");
    let answers: Vec<_> = out
        .lines()
        .map(|l| parse_answer(l).expect("legal line"))
        .collect();
    assert_eq!(answers.len(), 7, "{out}");
    assert_eq!(answers[0], Answer::Ok);
    assert!(
        answers[1..6]
            .iter()
            .all(|a| matches!(a, Answer::Bid { .. })),
        "{out}"
    );
    assert!(matches!(answers[6], Answer::Put { .. }), "{out}");
    for needle in [
        "bad dice \"1234\"",
        "unknown command \"hello\"",
        "ROLL takes 2 argument(s), got 3",
        "bad group \"Q\"",
        "unknown rule \"CHANCE\"",
        "bad dice \"1234\"",
        "ROLL again before GET",
    ] {
        assert!(err.contains(needle), "stderr lacks {needle:?}:\n{err}");
    }
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn early_finish_and_end_of_input_exit_cleanly() {
    let (out, err, ok) = run_with_input(&[], "READY\nFINISH\nROLL 12345 12345\n");
    assert!(ok);
    assert_eq!(out, "OK\n");
    assert_eq!(err, "");
    let (out, _, ok) = run_with_input(&["NYPC", "--unknown"], "READY\nROLL 12345 12345\n");
    assert!(ok);
    assert_eq!(out.lines().count(), 2);
    let (out, _, ok) = run_with_input(&[], "");
    assert!(ok);
    assert_eq!(out, "");
}

#[test]
fn version_names_the_table_hash() {
    let out = Process::new(BOT).arg("--version").output().expect("run");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("{:016x}", yacht::table::TABLE_HASH)),
        "{text}"
    );
}
