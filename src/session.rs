//! The protocol loop: the only code that reads the judge's lines and writes answers.
//!
//! Every line is parsed into a [`Command`]; the bot answers with a typed [`Answer`](crate::protocol::Answer),
//! written and flushed at once. A line that does not parse is reported on stderr and,
//! when its keyword owes an answer, still gets a legal one. `FINISH` and end of input
//! end the session. Nothing here may panic.
#![deny(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::{BufRead, Write};

use crate::clock::AnswerStart;
use crate::engine::{Bot, BotConfig, Reply};
use crate::protocol::{parse_command, Command};

/// Why a session ended.
#[derive(Debug, PartialEq, Eq)]
pub enum End {
    Finish,
    EndOfInput,
    /// Writing an answer failed (the judge went away).
    OutputClosed,
}

/// Plays one session: reads commands from `input` until `FINISH` or end of input.
pub fn run(
    input: impl BufRead,
    mut output: impl Write,
    mut diagnostics: impl Write,
    config: BotConfig,
) -> End {
    let mut bot = Bot::new(config);
    for line in input.split(b'\n') {
        let Ok(bytes) = line else {
            return End::EndOfInput;
        };
        // The referee's wall clock started when it wrote the line: as close to that as
        // this side can see.
        let read = AnswerStart::now();
        let text = String::from_utf8_lossy(&bytes);
        let reply = match parse_command(&text) {
            Ok(Command::Finish) => return End::Finish,
            Ok(command) => bot.handle_read_at(&command, Some(read)),
            Err(error) => {
                let _ = writeln!(diagnostics, "yacht-bot: {error}");
                match error.owed {
                    Some(owed) => bot.answer_malformed(owed),
                    None => Reply::default(),
                }
            }
        };
        for warning in &reply.warnings {
            let _ = writeln!(diagnostics, "yacht-bot: {warning}");
        }
        if let Some(answer) = reply.answer
            && writeln!(output, "{answer}")
                .and_then(|_| output.flush())
                .is_err()
        {
            return End::OutputClosed;
        }
    }
    End::EndOfInput
}

#[cfg(test)]
#[allow(clippy::indexing_slicing)]
mod tests {
    use super::*;

    /// Plays `input` with the default bot, its wall-clock budget off: on a busy machine
    /// that budget cuts a search and says so on stderr, which these tests read for
    /// protocol errors (the cut itself is tested below).
    fn play(input: &str) -> (String, String, End) {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let config = BotConfig {
            wall_budget_ms: 0,
            ..BotConfig::default()
        };
        let end = run(input.as_bytes(), &mut out, &mut err, config);
        (
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
            end,
        )
    }

    #[test]
    fn answers_ready_roll_and_score() {
        let (out, err, end) = play(
            "READY\nROLL 12345 66666\nGET B A 0\nROLL 11111 23456\nGET A A 0\nSCORE\nFINISH\nSCORE\n",
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 4, "{out}");
        assert_eq!(lines[0], "OK");
        assert!(lines[1].starts_with("BID B "), "{out}");
        assert!(lines[2].starts_with("BID "));
        assert!(lines[3].starts_with("PUT "));
        assert_eq!(err, "");
        assert_eq!(end, End::Finish);
    }

    #[test]
    fn malformed_lines_get_a_message_and_a_legal_answer() {
        let (out, err, end) = play("READY\nROLL 1234 66666\nhello\n\nSCORE\r\n");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines, ["OK", "BID A 0", "PUT ONE 11111"]);
        assert!(err.contains("bad dice \"1234\""), "{err}");
        assert!(err.contains("unknown command \"hello\""), "{err}");
        assert!(err.contains("no legal scoring"), "{err}");
        assert_eq!(end, End::EndOfInput);
    }

    #[test]
    fn invalid_utf8_does_not_panic() {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let end = run(
            &b"READY\n\xff\xfe\nFINISH\n"[..],
            &mut out,
            &mut err,
            BotConfig::default(),
        );
        assert_eq!(end, End::Finish);
        assert_eq!(out, b"OK\n");
    }

    #[test]
    fn a_spent_wall_budget_cuts_the_search_and_says_so_once_a_game() {
        // A CPU budget of 5 s and rollouts enough to fill it, but 10 ms of wall time: the
        // wall clock cuts the searches of rounds 2 and 3, and the bot says so once. (The
        // rollouts' curves: the network's rounds do not search.)
        let config = BotConfig {
            curves: crate::engine::config::CurveSource::Rollouts,
            rollouts: 1_000_000,
            budget_ms: 5_000,
            wall_budget_ms: 10,
            rng_seed: Some(1),
            ..BotConfig::default()
        };
        let input = "READY\nROLL 12345 66666\nGET A B 0\nROLL 11222 34456\nGET A B 0\nSCORE\n\
                     SET CHOICE 66666\nROLL 33345 11266\nGET A B 0\nSCORE\nFINISH\n";
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let started = crate::clock::CpuInstant::now();
        let end = run(input.as_bytes(), &mut out, &mut err, config);
        let (out, err) = (String::from_utf8_lossy(&out), String::from_utf8_lossy(&err));
        assert_eq!(end, End::Finish);
        assert_eq!(out.lines().count(), 6, "{out}");
        assert_eq!(
            err.matches("the wall clock cut the win search").count(),
            1,
            "{err}"
        );
        assert!(err.contains("in round 2"), "{err}");
        // Two searches of 5 s of CPU each had they not been cut. The thread's CPU time, not
        // the wall clock's: on a busy machine the wall clock runs on while this thread waits.
        if crate::clock::is_cpu_time() {
            assert!(started.elapsed() < std::time::Duration::from_secs(3));
        }
    }
}
