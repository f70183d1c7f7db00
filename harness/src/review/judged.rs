//! A judged decision, the vocabulary the review's files share: what was decided
//! ([`Kind`]), how it was judged ([`Judged`]) and the mark its loss earned ([`Mark`]).
//! Below `decisions.rs` (which judges) and `marks.rs` (which grades): both import from
//! here, and this file imports neither, so the review's imports go one way.

use crate::i18n::Message;

/// A decision's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub enum Mark {
    #[serde(rename = "")]
    None,
    #[serde(rename = "?!")]
    Inaccuracy,
    #[serde(rename = "?")]
    Mistake,
    #[serde(rename = "??")]
    Blunder,
}

impl Mark {
    /// The symbol (empty for none).
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The word for a person.
    pub fn word(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// A bid or a scoring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Bid,
    Put,
}

/// One decision judged.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Judged {
    /// 0: the first seat, 1: the second.
    pub seat: usize,
    pub round: u8,
    pub kind: Kind,
    /// The answer played and the best one, as protocol lines (`BID A 3000`,
    /// `PUT FULL_HOUSE 33366`).
    pub played: String,
    pub best: String,
    /// Win probability given up against the best decision (≥ 0).
    pub p_win_lost: f64,
    /// Expected points given up: a bid's hedged objective in points, a scoring's table
    /// value, each against its own best (may be negative where the win-probability best
    /// gives up points).
    pub points_lost: f64,
    /// A scoring's: whether it took the most points now (score and upper-bonus gain, the
    /// greedy scoring's), as a player without the table does every time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub greedy: Option<bool>,
    /// A bid's win probability given up against the opponent's actual bid (hindsight).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_win_lost_hindsight: Option<f64>,
    /// The mark the loss earns (`marks::mark`).
    pub mark: Mark,
    /// The win probability of the best decision (what the played one is measured from).
    pub p_win_best: f64,
    /// The position: the bundles of a bid (`A`, `B`), the dice held at a scoring.
    pub dice: Vec<String>,
    /// Why the best is better, in words and numbers (English: [`Judged::reason`] said).
    pub why: String,
    /// The same as a catalog message, for the page to say in its reader's language.
    pub reason: Message,
}
