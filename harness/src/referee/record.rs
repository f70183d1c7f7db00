//! What a game produced: result, scores, abort, response times, log.

pub use crate::player::Clock;

/// Seat names as the log writes them.
pub const SEAT_NAMES: [&str; 2] = ["FIRST", "SECOND"];

/// Why the referee stopped a game (the offender loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AbortReason {
    /// No answer before the deadline.
    Tle,
    /// The answer to `READY` was not `OK`.
    InvalidReady,
    /// The answer to `ROLL` was not a valid `BID g x`.
    BidParseFailed,
    /// The answer to `SCORE` was not a valid `PUT RULE ddddd`.
    PutParseFailed,
    /// `PUT` named dice the player does not hold.
    NoSuchDice,
    /// `PUT` named a category the player already used.
    RuleAlreadyUsed,
}

impl AbortReason {
    pub const ALL: [AbortReason; 6] = [
        AbortReason::Tle,
        AbortReason::InvalidReady,
        AbortReason::BidParseFailed,
        AbortReason::PutParseFailed,
        AbortReason::NoSuchDice,
        AbortReason::RuleAlreadyUsed,
    ];

    /// The text after `ABORT FIRST ` in the official log.
    pub const fn log_text(self) -> &'static str {
        match self {
            AbortReason::Tle => "TLE",
            AbortReason::InvalidReady => "INVALID READY MESSAGE",
            AbortReason::BidParseFailed => "BID PARSE FAILED",
            AbortReason::PutParseFailed => "PUT PARSE FAILED",
            AbortReason::NoSuchDice => "NO SUCH DICE",
            AbortReason::RuleAlreadyUsed => "RULE ALREADY USED",
        }
    }
}

/// The result from the first seat's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    FirstWins,
    SecondWins,
    Draw,
}

impl GameResult {
    /// The `[RESULT "..."]` text.
    pub const fn log_text(self) -> &'static str {
        match self {
            GameResult::FirstWins => "1-0",
            GameResult::SecondWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    /// Points (1, ½, 0) scored by `seat`, in halves.
    pub const fn half_points(self, seat: usize) -> u32 {
        match (self, seat) {
            (GameResult::Draw, _) => 1,
            (GameResult::FirstWins, 0) | (GameResult::SecondWins, 1) => 2,
            _ => 0,
        }
    }
}

/// Which command an answer was owed to, for response-time statistics.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerKind {
    Ready = 0,
    Bid = 1,
    Put = 2,
}

impl From<yacht::protocol::Owed> for AnswerKind {
    fn from(owed: yacht::protocol::Owed) -> AnswerKind {
        match owed {
            yacht::protocol::Owed::Ok => AnswerKind::Ready,
            yacht::protocol::Owed::Bid => AnswerKind::Bid,
            yacht::protocol::Owed::Put => AnswerKind::Put,
        }
    }
}

impl AnswerKind {
    pub const ALL: [AnswerKind; 3] = [AnswerKind::Ready, AnswerKind::Bid, AnswerKind::Put];

    /// The command that owes this answer.
    pub const fn command_name(self) -> &'static str {
        match self {
            AnswerKind::Ready => "READY",
            AnswerKind::Bid => "ROLL",
            AnswerKind::Put => "SCORE",
        }
    }
}

/// One clock's times of one player in one game, microseconds, by [`AnswerKind`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockTimes {
    pub micros: [Vec<u32>; 3],
    /// The decisions (bids and scorings) as `(round, micros)`, for timing by round.
    pub decisions: Vec<(u8, u32)>,
}

impl ClockTimes {
    /// Records one answer to `kind` in `round` (0: `READY`).
    pub fn push(&mut self, kind: AnswerKind, round: u8, micros: u32) {
        self.micros[kind as usize].push(micros);
        if kind != AnswerKind::Ready {
            self.decisions.push((round, micros));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.micros.iter().all(Vec::is_empty)
    }
}

/// Response times of one player in one game, on both clocks (indexed by [`Clock`]); the
/// CPU times are empty for a player without a CPU clock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResponseTimes {
    pub by_clock: [ClockTimes; 2],
}

impl ResponseTimes {
    pub fn clock(&self, clock: Clock) -> &ClockTimes {
        &self.by_clock[clock as usize]
    }

    pub fn clock_mut(&mut self, clock: Clock) -> &mut ClockTimes {
        &mut self.by_clock[clock as usize]
    }
}

/// Saturating microseconds of a duration.
pub fn micros(duration: std::time::Duration) -> u32 {
    u32::try_from(duration.as_micros()).unwrap_or(u32::MAX)
}

/// One finished (or aborted) game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    pub result: GameResult,
    /// The seat that was aborted, and why.
    pub abort: Option<(usize, AbortReason)>,
    /// The answer the aborted seat owed when it was aborted, and the round (0: `READY`).
    pub abort_at: Option<(AnswerKind, u8)>,
    /// Final totals (categories + bonus + bids) by seat, judge points; on an abort, the
    /// totals when the game stopped.
    pub total_points: [i64; 2],
    /// Category scores plus the upper bonus, by seat.
    pub category_points: [i64; 2],
    /// Bid scores, by seat.
    pub bid_points: [i64; 2],
    /// Which clock ran out when the abort is a time-out: the CPU deadline (the judge's) or
    /// the wall-clock backstop.
    pub late_clock: Option<Clock>,
    /// By seat, every player's.
    pub times: [ResponseTimes; 2],
    /// Each seat's luck: the sum over the game's chance events (the rolls, the coins of
    /// tied bids) of what each did to the seat's win probability next to its mean
    /// ([`crate::review::luck`]); the two sum to zero. `None` where it was not followed (a
    /// record read back from a file written before it was).
    pub luck: Option<[f64; 2]>,
    /// The same by the table's value alone (issue 47's luck, [`crate::review::luck::LuckValue::Table`]),
    /// beside it on the same games so that the two can be compared.
    pub luck_table: Option<[f64; 2]>,
    /// CPU time the referee spent on the luck, microseconds (0 in a record read back).
    pub luck_cpu_micros: u64,
    /// The official log, when asked for.
    pub log: Option<String>,
}

impl GameRecord {
    /// `seat`'s luck-adjusted result: its points (1, ½, 0) minus its luck.
    pub fn adjusted(&self, seat: usize) -> Option<f64> {
        let points = f64::from(self.result.half_points(seat)) / 2.0;
        self.luck.map(|l| points - l[seat])
    }
}
