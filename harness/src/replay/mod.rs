//! Official game logs: parsing them into typed rounds.
//!
//! The testing tool writes one line per event (RULES.md, "The official testing tool"):
//! header tags, then `ROUND n`, `ROLL`, `BID`, `GET`, `PUT` lines, `FINISH` and the final
//! scores, or an `ABORT` that ends the game early. Parsing is lenient about white space
//! and CRLF, strict about everything else, and reports the first line it cannot read with
//! its number and text. Nothing here panics on any input.
//!
//! The analysis (player states, decision values, command sequences, re-running a bot) and
//! the reports live in the submodules.

use std::fmt;

use yacht::protocol::{parse_amount, Group, Hand};
use yacht::rules::category::Category;

use crate::i18n::Message;

pub mod analysis;
pub mod commands;
pub mod explain;
pub mod report;

#[cfg(test)]
mod tests;

pub use analysis::{
    check_whole, final_totals, reconstruct, review, run_side, Exchange, Reconstruction,
    ReplayError, RerunOutcome, RoundTrace, SideReview,
};
pub use commands::{side_commands, walk, LogWalker};
pub use explain::{explain_html, explain_html_in, explain_side, explain_text, ExplainedBid};
pub use report::{
    dice_html, html_report, html_report_in, html_report_with, rerun_text, text_report, DICE_CSS,
};

/// Rounds in a game; the auction runs in rounds 1..=12, scoring in rounds 2..=13.
pub use yacht::game::play::GAME_ROUNDS as ROUNDS;
pub const LAST_BID_ROUND: u8 = yacht::rules::auction::AUCTION_ROUNDS as u8;
pub const FIRST_SCORE_ROUND: u8 = 2;

/// A seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    First,
    Second,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// 0 for FIRST, 1 for SECOND (the judge's player index).
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
    }

    pub const fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// The log's spelling.
    pub const fn name(self) -> &'static str {
        match self {
            Side::First => "FIRST",
            Side::Second => "SECOND",
        }
    }

    /// The log's spelling, exactly.
    pub fn parse(token: &str) -> Option<Side> {
        match token {
            "FIRST" => Some(Side::First),
            "SECOND" => Some(Side::Second),
            _ => None,
        }
    }

    /// A command-line spelling: `first`/`second` in any case, or `1`/`2`.
    pub fn from_arg(arg: &str) -> Option<Side> {
        match arg.to_ascii_lowercase().as_str() {
            "first" | "1" => Some(Side::First),
            "second" | "2" => Some(Side::Second),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A logged bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bid {
    pub group: Group,
    /// Judge points, 0..=100000.
    pub amount: u32,
}

/// A logged scoring: the dice in the order the player wrote them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Put {
    pub category: Category,
    pub dice: Hand,
}

/// Everything the log shows of one round; per-player arrays are indexed by [`Side::index`].
/// Fields stay `None` when the round did not reach them (its phase does not exist in this
/// round, or the game was aborted).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundLog {
    /// 1..=13.
    pub number: u8,
    /// Bundles A and B.
    pub roll: Option<(Hand, Hand)>,
    pub bids: [Option<Bid>; 2],
    /// The group each player received.
    pub gets: [Option<Group>; 2],
    pub puts: [Option<Put>; 2],
}

/// An `ABORT` line: which player lost the game on the spot, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Abort {
    pub side: Side,
    /// The judge's reason (`TLE`, `NO SUCH DICE`, ...).
    pub reason: String,
    /// The round in progress (0 before `ROUND 1`).
    pub round: u8,
}

/// A `# Debug FIRST: ...` line: what a player wrote to stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DebugLine {
    pub side: Side,
    /// The round in progress (0 before `ROUND 1`).
    pub round: u8,
    pub text: String,
}

/// A parsed official log.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameLog {
    /// The commands from the `[FIRST "COMMAND: ..."]` and `[SECOND ...]` tags.
    pub commands: [Option<String>; 2],
    /// The `[RESULT "..."]` tag: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: Option<String>,
    pub rounds: Vec<RoundLog>,
    pub finished: bool,
    /// `SCOREFIRST` / `SCORESECOND`, judge points.
    pub final_scores: [Option<i64>; 2],
    pub abort: Option<Abort>,
    pub debug: Vec<DebugLine>,
}

impl GameLog {
    /// The round numbered `number`, if the log reached it.
    pub fn round(&self, number: u8) -> Option<&RoundLog> {
        self.rounds.iter().find(|r| r.number == number)
    }
}

/// A line the parser could not read.
#[derive(Clone, Debug, PartialEq)]
pub struct LogError {
    /// 1-based line number.
    pub line: usize,
    /// The line as written (line ending removed).
    pub text: String,
    pub reason: Message,
}

impl LogError {
    /// What is wrong, for a person in any language (`line N: REASON: "TEXT"`).
    pub fn message(&self) -> Message {
        Message::new("log-line")
            .text("line", self.line.to_string())
            .message("reason", self.reason.clone())
            .text("text", format!("{:?}", self.text))
    }
}

impl fmt::Display for LogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message().fmt(f)
    }
}

impl std::error::Error for LogError {}

/// Parses an official log.
pub fn parse_log(text: &str) -> Result<GameLog, LogError> {
    let mut log = GameLog::default();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches(['\r', '\n']);
        parse_line(&mut log, line).map_err(|reason| LogError {
            line: i + 1,
            text: line.to_string(),
            reason,
        })?;
    }
    Ok(log)
}

/// The round in progress, or an error for an event before `ROUND 1`.
fn current_round(log: &mut GameLog) -> Result<&mut RoundLog, Message> {
    log.rounds
        .last_mut()
        .ok_or_else(|| Message::new("log-event-before-round"))
}

/// Stores `value` in an empty slot; a second event of the same kind in one round is an error.
/// `what` is the line's keyword; `per_player`, whether each player has one.
fn set_once<T>(
    slot: &mut Option<T>,
    value: T,
    what: &str,
    per_player: bool,
) -> Result<(), Message> {
    if slot.is_some() {
        let id = if per_player {
            "log-second-player"
        } else {
            "log-second"
        };
        return Err(Message::new(id).text("what", what));
    }
    *slot = Some(value);
    Ok(())
}

/// The message `id` about the token `token`, quoted.
fn bad(id: &'static str, token: &str) -> Message {
    Message::new(id).text("token", format!("{token:?}"))
}

fn parse_hand(token: &str) -> Result<Hand, Message> {
    Hand::parse(token).ok_or_else(|| bad("log-bad-dice", token))
}

fn parse_group(token: &str) -> Result<Group, Message> {
    match token {
        "A" => Ok(Group::A),
        "B" => Ok(Group::B),
        _ => Err(bad("log-bad-group", token)),
    }
}

fn parse_side(token: &str) -> Result<Side, Message> {
    Side::parse(token).ok_or_else(|| bad("log-bad-player", token))
}

fn parse_score(token: &str) -> Result<i64, Message> {
    token
        .parse::<i64>()
        .map_err(|_| bad("log-bad-score", token))
}

fn parse_line(log: &mut GameLog, line: &str) -> Result<(), Message> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Ok(());
    }
    if let Some(comment) = trimmed.strip_prefix('#') {
        parse_comment(log, comment);
        return Ok(());
    }
    if trimmed.starts_with('[') {
        return parse_tag(log, trimmed);
    }
    let toks: Vec<&str> = trimmed.split_ascii_whitespace().collect();
    match toks.as_slice() {
        ["ROUND", n] => {
            let number: u8 = n
                .parse()
                .ok()
                .filter(|n| (1..=ROUNDS).contains(n))
                .ok_or_else(|| bad("log-bad-round", n))?;
            let expected = log.rounds.last().map_or(1, |r| r.number.saturating_add(1));
            if number != expected {
                return Err(Message::new("log-round-order")
                    .text("number", number.to_string())
                    .text("expected", expected.to_string()));
            }
            log.rounds.push(RoundLog {
                number,
                ..RoundLog::default()
            });
            Ok(())
        }
        ["ROLL", a, b] => {
            let roll = (parse_hand(a)?, parse_hand(b)?);
            let round = current_round(log)?;
            if round.number > LAST_BID_ROUND {
                return Err(Message::new("log-roll-late").text("round", round.number.to_string()));
            }
            set_once(&mut round.roll, roll, "ROLL", false)
        }
        ["BID", side, group, amount] => {
            let side = parse_side(side)?;
            let group = parse_group(group)?;
            let amount = parse_amount(amount).ok_or_else(|| bad("log-bad-amount", amount))?;
            let round = current_round(log)?;
            set_once(
                &mut round.bids[side.index()],
                Bid { group, amount },
                "BID",
                true,
            )
        }
        ["GET", side, group] => {
            let side = parse_side(side)?;
            let group = parse_group(group)?;
            let round = current_round(log)?;
            set_once(&mut round.gets[side.index()], group, "GET", true)
        }
        ["PUT", side, rule, dice] => {
            let side = parse_side(side)?;
            let category =
                Category::from_name(rule).ok_or_else(|| bad("log-unknown-rule", rule))?;
            let dice = parse_hand(dice)?;
            let round = current_round(log)?;
            if round.number < FIRST_SCORE_ROUND {
                return Err(Message::new("log-put-round-1"));
            }
            set_once(
                &mut round.puts[side.index()],
                Put { category, dice },
                "PUT",
                true,
            )
        }
        ["FINISH"] => {
            log.finished = true;
            Ok(())
        }
        ["SCOREFIRST", n] => set_once(
            &mut log.final_scores[0],
            parse_score(n)?,
            "SCOREFIRST",
            false,
        ),
        ["SCORESECOND", n] => set_once(
            &mut log.final_scores[1],
            parse_score(n)?,
            "SCORESECOND",
            false,
        ),
        ["ABORT", side, reason @ ..] => {
            let side = parse_side(side)?;
            let round = log.rounds.last().map_or(0, |r| r.number);
            let abort = Abort {
                side,
                reason: reason.join(" "),
                round,
            };
            set_once(&mut log.abort, abort, "ABORT", false)
        }
        _ => Err(Message::new("log-not-a-line")),
    }
}

/// `# Debug FIRST: text` is kept; any other comment is skipped.
fn parse_comment(log: &mut GameLog, comment: &str) {
    let Some(rest) = comment.trim_start().strip_prefix("Debug ") else {
        return;
    };
    let Some((who, text)) = rest.split_once(':') else {
        return;
    };
    if let Some(side) = Side::parse(who.trim()) {
        log.debug.push(DebugLine {
            side,
            round: log.rounds.last().map_or(0, |r| r.number),
            text: text.strip_prefix(' ').unwrap_or(text).to_string(),
        });
    }
}

/// `[KEY "value"]`. FIRST, SECOND and RESULT are kept; unknown keys are skipped so that a
/// newer tool's extra tags do not break the replay.
fn parse_tag(log: &mut GameLog, line: &str) -> Result<(), Message> {
    let inner = line
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| Message::new("log-tag-form"))?;
    let (key, value) = inner
        .split_once(char::is_whitespace)
        .ok_or_else(|| Message::new("log-tag-form"))?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .ok_or_else(|| Message::new("log-tag-quoted"))?;
    match key {
        "FIRST" | "SECOND" => {
            let command = value.strip_prefix("COMMAND:").unwrap_or(value).trim();
            let index = if key == "FIRST" { 0 } else { 1 };
            log.commands[index] = Some(command.to_string());
        }
        "RESULT" => log.result = Some(value.to_string()),
        _ => {}
    }
    Ok(())
}

#[cfg(test)]
mod parse_tests {
    use super::*;

    const SHORT: &str = "[FIRST \"COMMAND: ./bot\"]\r\n[SECOND \"COMMAND: python3 x.py\"]\r\n\
        [RESULT \"*\"]\r\nROUND 1  \r\nROLL 12345 66123\r\n# Debug FIRST: thinking: hard\r\n\
        BID FIRST A 3000\r\nBID SECOND A 1200\r\nGET FIRST A\r\nGET SECOND B\r\nROUND 2\r\n\
        ROLL 11111 22222\r\nBID FIRST B 0\r\nBID SECOND A 0\r\nGET FIRST B\r\nGET SECOND A\r\n\
        PUT FIRST ONE 11111\r\nABORT SECOND NO SUCH DICE\r\n";

    #[test]
    fn parses_a_partial_log_with_crlf_and_debug_lines() {
        let log = parse_log(SHORT).unwrap();
        assert_eq!(log.commands[0].as_deref(), Some("./bot"));
        assert_eq!(log.commands[1].as_deref(), Some("python3 x.py"));
        assert_eq!(log.result.as_deref(), Some("*"));
        assert_eq!(log.rounds.len(), 2);
        let r1 = &log.rounds[0];
        assert_eq!(
            r1.bids[1],
            Some(Bid {
                group: Group::A,
                amount: 1200
            })
        );
        assert_eq!(r1.gets, [Some(Group::A), Some(Group::B)]);
        assert_eq!(log.debug.len(), 1);
        assert_eq!(log.debug[0].text, "thinking: hard");
        assert_eq!(log.debug[0].round, 1);
        let abort = log.abort.as_ref().unwrap();
        assert_eq!(
            (abort.side, abort.reason.as_str(), abort.round),
            (Side::Second, "NO SUCH DICE", 2)
        );
        assert_eq!(
            log.rounds[1].puts[0].map(|p| p.category),
            Some(Category::One)
        );
        assert!(!log.finished);
    }

    #[test]
    fn malformed_lines_name_their_line() {
        let bad = SHORT.replace("BID SECOND A 1200", "BID SECOND C 1200");
        let e = parse_log(&bad).unwrap_err();
        assert_eq!(e.line, 8);
        assert_eq!(e.text, "BID SECOND C 1200");
        assert!(e.to_string().starts_with("line 8: bad group"), "{e}");

        let e = parse_log("ROLL 12345 12345\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_log("ROUND 1\nROUND 3\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse_log("ROUND 1\nROLL 12345 12345\nROLL 12345 12345\n").unwrap_err();
        assert!(e.reason.to_string().contains("second ROLL"), "{e}");
        let e = parse_log("ROUND 1\nPUT FIRST ONE 11111\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = parse_log("[FIRST ./bot]\n").unwrap_err();
        assert_eq!(e.line, 1);
        let e = parse_log("ROUND 1\nBID FIRST A 100001\n").unwrap_err();
        assert!(e.reason.to_string().contains("bid amount"), "{e}");
        assert!(parse_log("ROUND 1\nSCOREFIRST 12x\n").is_err());
        assert!(parse_log("héllo\n").is_err());
    }

    #[test]
    fn sides_parse_from_log_and_command_line() {
        assert_eq!(Side::parse("SECOND"), Some(Side::Second));
        assert_eq!(Side::parse("second"), None);
        assert_eq!(Side::from_arg("Second"), Some(Side::Second));
        assert_eq!(Side::from_arg("1"), Some(Side::First));
        assert_eq!(Side::First.other(), Side::Second);
    }

    #[test]
    fn empty_and_header_only_logs_parse() {
        assert_eq!(parse_log("").unwrap(), GameLog::default());
        let log =
            parse_log("[FIRST \"COMMAND: a\"]\n[EVENT \"x\"]\nABORT FIRST INVALID READY MESSAGE\n")
                .unwrap();
        assert_eq!(log.abort.map(|a| a.round), Some(0));
    }
}
