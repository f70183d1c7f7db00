//! The judge's line protocol as typed values: parsing and formatting, nothing else.
//!
//! Judge → player: `READY`, `ROLL aaaaa bbbbb`, `GET g h y`, `SCORE`, `SET RULE ddddd`,
//! `FINISH`. Player → judge: `OK`, `BID g x`, `PUT RULE ddddd`.
//! Parsing is lenient about surrounding white space and CR (a CRLF line parses), strict
//! about everything else. No function here panics on any input.

use std::fmt;

pub use crate::rules::auction::Group;
use crate::rules::category::Category;
use crate::rules::dice::{Counts, FACES, HAND_DICE};

/// The largest bid amount the judge accepts.
pub const BID_MAX_POINTS: u32 = 100_000;

/// Five dice in the order written on the line (faces 1..=6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand(pub [u8; HAND_DICE]);

impl Hand {
    /// Parses exactly five digits 1..=6.
    pub fn parse(token: &str) -> Option<Hand> {
        let bytes = token.as_bytes();
        if bytes.len() != HAND_DICE {
            return None;
        }
        let mut faces = [0u8; HAND_DICE];
        for (slot, &b) in faces.iter_mut().zip(bytes) {
            if !(b'1'..=b'6').contains(&b) {
                return None;
            }
            *slot = b - b'0';
        }
        Some(Hand(faces))
    }

    /// The hand as face counts.
    pub fn counts(&self) -> Counts {
        let mut counts = [0u8; FACES];
        for &f in &self.0 {
            counts[(f - 1) as usize] += 1;
        }
        counts
    }

    /// A hand of five dice from counts (ascending faces), or `None` unless exactly five.
    pub fn from_counts(counts: &Counts) -> Option<Hand> {
        let mut faces = [0u8; HAND_DICE];
        let mut n = 0;
        for (f, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                *faces.get_mut(n)? = f as u8 + 1;
                n += 1;
            }
        }
        (n == HAND_DICE).then_some(Hand(faces))
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.0 {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// A command from the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Ready,
    Roll {
        a: Hand,
        b: Hand,
    },
    Get {
        got: Group,
        opp_group: Group,
        opp_amount: u32,
    },
    Score,
    Set {
        category: Category,
        dice: Hand,
    },
    Finish,
}

/// What a command obliges the player to answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    Ok,
    Bid,
    Put,
}

impl Command {
    /// The answer this command requires, if any.
    pub const fn owed(&self) -> Option<Owed> {
        match self {
            Command::Ready => Some(Owed::Ok),
            Command::Roll { .. } => Some(Owed::Bid),
            Command::Score => Some(Owed::Put),
            Command::Get { .. } | Command::Set { .. } | Command::Finish => None,
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Ready => write!(f, "READY"),
            Command::Roll { a, b } => write!(f, "ROLL {a} {b}"),
            Command::Get {
                got,
                opp_group,
                opp_amount,
            } => write!(f, "GET {got} {opp_group} {opp_amount}"),
            Command::Score => write!(f, "SCORE"),
            Command::Set { category, dice } => write!(f, "SET {category} {dice}"),
            Command::Finish => write!(f, "FINISH"),
        }
    }
}

/// A player's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Ok,
    Bid { group: Group, amount: u32 },
    Put { category: Category, dice: Hand },
}

impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Ok => write!(f, "OK"),
            Answer::Bid { group, amount } => write!(f, "BID {group} {amount}"),
            Answer::Put { category, dice } => write!(f, "PUT {category} {dice}"),
        }
    }
}

/// Why a line did not parse, and what answer (if any) its keyword owes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: String,
    pub reason: String,
    /// The answer the line's keyword asks for, so a legal one can still be sent.
    pub owed: Option<Owed>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot parse {:?}: {}", self.line, self.reason)
    }
}

fn tokens(line: &str) -> Vec<&str> {
    line.split_ascii_whitespace().collect()
}

/// Parses one line from the judge.
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let toks = tokens(line);
    let keyword = toks.first().copied().unwrap_or("");
    let owed = match keyword {
        "READY" => Some(Owed::Ok),
        "ROLL" => Some(Owed::Bid),
        "SCORE" => Some(Owed::Put),
        _ => None,
    };
    let fail = |reason: String| ParseError {
        line: line.trim_end().to_string(),
        reason,
        owed,
    };
    let arity = |n: usize| {
        if toks.len() == n + 1 {
            Ok(())
        } else {
            Err(fail(format!(
                "{keyword} takes {n} argument(s), got {}",
                toks.len().saturating_sub(1)
            )))
        }
    };
    match keyword {
        "READY" => arity(0).map(|_| Command::Ready),
        "SCORE" => arity(0).map(|_| Command::Score),
        "FINISH" => arity(0).map(|_| Command::Finish),
        "ROLL" => {
            arity(2)?;
            let a = Hand::parse(toks[1]).ok_or_else(|| fail(format!("bad dice {:?}", toks[1])))?;
            let b = Hand::parse(toks[2]).ok_or_else(|| fail(format!("bad dice {:?}", toks[2])))?;
            Ok(Command::Roll { a, b })
        }
        "GET" => {
            arity(3)?;
            let got = Group::from_letter(toks[1])
                .ok_or_else(|| fail(format!("bad group {:?}", toks[1])))?;
            let opp_group = Group::from_letter(toks[2])
                .ok_or_else(|| fail(format!("bad group {:?}", toks[2])))?;
            let opp_amount =
                parse_amount(toks[3]).ok_or_else(|| fail(format!("bad amount {:?}", toks[3])))?;
            Ok(Command::Get {
                got,
                opp_group,
                opp_amount,
            })
        }
        "SET" => {
            arity(2)?;
            let category = Category::from_name(toks[1])
                .ok_or_else(|| fail(format!("unknown rule {:?}", toks[1])))?;
            let dice =
                Hand::parse(toks[2]).ok_or_else(|| fail(format!("bad dice {:?}", toks[2])))?;
            Ok(Command::Set { category, dice })
        }
        "" => Err(fail("empty line".to_string())),
        _ => Err(fail(format!("unknown command {keyword:?}"))),
    }
}

/// A bid amount: decimal digits only, 0..=100000.
pub fn parse_amount(token: &str) -> Option<u32> {
    if token.is_empty() || token.len() > 7 || !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok().filter(|&x| x <= BID_MAX_POINTS)
}

/// Parses a player's answer line as the referee does; `Err` carries the reason.
pub fn parse_answer(line: &str) -> Result<Answer, String> {
    let toks = tokens(line);
    match toks.as_slice() {
        ["OK"] => Ok(Answer::Ok),
        ["BID", g, x] => {
            let group = Group::from_letter(g).ok_or_else(|| format!("bad group {g:?}"))?;
            let amount = parse_amount(x).ok_or_else(|| format!("bad amount {x:?}"))?;
            Ok(Answer::Bid { group, amount })
        }
        ["PUT", rule, dice] => {
            let category =
                Category::from_name(rule).ok_or_else(|| format!("unknown rule {rule:?}"))?;
            let dice = Hand::parse(dice).ok_or_else(|| format!("bad dice {dice:?}"))?;
            Ok(Answer::Put { category, dice })
        }
        _ => Err(format!("not an answer: {:?}", line.trim_end())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_round_trip() {
        for line in [
            "READY",
            "ROLL 12345 66123",
            "GET A B 3000",
            "SCORE",
            "SET FULL_HOUSE 33366",
            "FINISH",
        ] {
            let cmd = parse_command(line).unwrap();
            assert_eq!(cmd.to_string(), line);
        }
    }

    #[test]
    fn lenient_about_white_space_and_crlf() {
        assert_eq!(
            parse_command("ROLL 12345 66123  \r\n").unwrap().to_string(),
            "ROLL 12345 66123"
        );
        assert_eq!(parse_command("  SCORE\r").unwrap(), Command::Score);
    }

    #[test]
    fn malformed_lines_say_what_is_owed() {
        let e = parse_command("ROLL 1234 66123").unwrap_err();
        assert_eq!(e.owed, Some(Owed::Bid));
        let e = parse_command("SCORE now").unwrap_err();
        assert_eq!(e.owed, Some(Owed::Put));
        let e = parse_command("SET CHANCE 12345").unwrap_err();
        assert_eq!(e.owed, None);
        assert!(parse_command("").is_err());
        assert!(parse_command("GET A B 100001").is_err());
        assert!(parse_command("GET A B -1").is_err());
        assert!(parse_command("ROLL 12345 66127").is_err());
    }

    #[test]
    fn answers_parse_like_the_judge() {
        assert_eq!(
            parse_answer("BID A 100000").unwrap(),
            Answer::Bid {
                group: Group::A,
                amount: 100_000
            }
        );
        assert!(parse_answer("BID A 100001").is_err());
        assert!(parse_answer("BID C 1").is_err());
        assert!(parse_answer("PUT CHANCE 12345").is_err());
        assert!(parse_answer("PUT YACHT 1234").is_err());
        assert!(parse_answer("OK extra").is_err());
    }

    #[test]
    fn hands_from_counts() {
        assert_eq!(
            Hand::from_counts(&[1, 0, 0, 0, 2, 2]).unwrap().to_string(),
            "15566"
        );
        assert!(Hand::from_counts(&[1, 0, 0, 0, 0, 0]).is_none());
        assert!(Hand::from_counts(&[6, 0, 0, 0, 0, 0]).is_none());
    }
}
