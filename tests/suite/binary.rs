//! The built bot binary over pipes: a full game, malformed input, early exits.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, ChildStdout, Command as Process, Stdio};

use yacht::engine::{Bot, BotConfig};
use yacht::game::{play, Deal, Seats};
use yacht::protocol::{parse_answer, Answer, Command, Owed};

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

/// The binary in seat 0 (over pipes, one line at a time) and an in-process bot in seat 1,
/// at the play loop.
struct PipeAndBot {
    to_bot: ChildStdin,
    from_bot: BufReader<ChildStdout>,
    other: Bot,
    other_answer: Option<Answer>,
}

impl Seats for PipeAndBot {
    /// The binary's line that is not an answer, or why there was none.
    type Fault = String;

    fn send(&mut self, seat: usize, command: &Command) {
        if seat == 1 {
            self.other_answer = self.other.handle(command).answer;
            return;
        }
        // FINISH may find the binary gone already; the exit status is checked after.
        let _ = writeln!(self.to_bot, "{command}");
        let _ = self.to_bot.flush();
    }

    fn answer(&mut self, seat: usize, _owed: Owed) -> Result<Answer, String> {
        if seat == 1 {
            return self.other_answer.take().ok_or("no answer".to_string());
        }
        let mut line = String::new();
        self.from_bot
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        parse_answer(&line).map_err(|e| format!("{line:?}: {e}"))
    }
}

/// A full game against an in-process bot: the play loop checks that every answer is
/// legal for the state it tracks (the kind of answer, the dice held, the category unused).
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
        let mut seats = PipeAndBot {
            to_bot: child.stdin.take().expect("stdin"),
            from_bot: BufReader::new(child.stdout.take().expect("stdout")),
            other: Bot::new(BotConfig::default()),
            other_answer: None,
        };
        let played = play(deal, &mut seats);
        assert_eq!(played.stop, None, "game {game}");
        assert_eq!(played.states.map(|s| s.used), [0xfff; 2], "game {game}");
        drop(seats);
        let status = child.wait().expect("wait");
        assert!(status.success());
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
