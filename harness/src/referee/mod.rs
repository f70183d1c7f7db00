//! The referee: plays one game exactly as the official judge does.
//!
//! Message order: `READY` → `OK` from both; rounds 1..12: `ROLL` to both → both `BID` →
//! `GET` to both; from round 2 also `SCORE` to both → both `PUT` → `SET` to each with the
//! opponent's scoring; round 13: `SCORE` → `PUT` → `SET`; then `FINISH`. Answers are read
//! first seat first, so when both misbehave the first seat is the one aborted.
//!
//! Nothing a player sends can make the referee panic: every answer is checked and a bad
//! one ends the game with an `ABORT` line and a loss for its author.

pub mod log;
pub mod record;

use std::time::{Duration, Instant};

use yacht::game::{play, Deal, Event, Illegal, Seats, Stop};
use yacht::protocol::{parse_answer, Answer, Command, Owed};
use yacht::rules::category::POINTS_PER_K;

use crate::player::{Player, Received};
pub use log::GameLog;
pub use record::{AbortReason, AnswerKind, GameRecord, GameResult, ResponseTimes, SEAT_NAMES};

/// Deadlines and what to record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RefereeOptions {
    /// Multiplies every deadline (the judge measures CPU time on a 3.2 GHz core; a loaded
    /// or slower machine may want more wall-clock time).
    pub time_scale: f64,
    pub ready_ms: u64,
    pub roll_ms: u64,
    pub score_ms: u64,
    /// Build the official log.
    pub write_log: bool,
}

impl Default for RefereeOptions {
    fn default() -> RefereeOptions {
        RefereeOptions {
            time_scale: 1.0,
            ready_ms: 3000,
            roll_ms: 500,
            score_ms: 500,
            write_log: false,
        }
    }
}

impl RefereeOptions {
    fn limit(&self, kind: AnswerKind) -> Duration {
        let ms = match kind {
            AnswerKind::Ready => self.ready_ms,
            AnswerKind::Bid => self.roll_ms,
            AnswerKind::Put => self.score_ms,
        };
        Duration::from_secs_f64(ms as f64 / 1000.0 * self.time_scale.max(0.0))
    }
}

/// The referee's side of the play loop: the two players, when each command was sent (for
/// deadlines), the official log and the response times.
struct Referee<'a> {
    players: [&'a mut dyn Player; 2],
    sent: [Instant; 2],
    log: GameLog,
    times: [ResponseTimes; 2],
    options: &'a RefereeOptions,
    debug: Vec<String>,
    /// The round being played (0 before the first), for response times by round.
    round: u8,
    /// The last answer asked of each seat, and in which round (where an abort happened).
    asked: [(AnswerKind, u8); 2],
}

/// Plays one game of `deal` between `first` and `second`. `seeds` seed each player's
/// randomness. `Err` only when a player could not be started (a setup error).
pub fn play_game(
    first: &mut dyn Player,
    second: &mut dyn Player,
    seeds: [u64; 2],
    deal: &Deal,
    options: &RefereeOptions,
) -> Result<GameRecord, String> {
    let labels = [first.label(), second.label()];
    first.start(seeds[0])?;
    if let Err(e) = second.start(seeds[1]) {
        first.finish();
        return Err(e);
    }
    let mut referee = Referee {
        players: [first, second],
        sent: [Instant::now(); 2],
        log: GameLog::new(options.write_log),
        times: Default::default(),
        options,
        debug: Vec::new(),
        round: 0,
        asked: [(AnswerKind::Ready, 0); 2],
    };
    // The loop sends FINISH to both, also after an abort.
    let played = play(deal, &mut referee);
    for seat in 0..2 {
        referee.players[seat].finish();
        referee.flush_debug(seat);
    }
    let abort = played.stop.map(|stop| match stop {
        Stop::Fault(seat, reason) => (seat, reason),
        Stop::Illegal(seat, illegal) => (seat, abort_reason(illegal)),
    });
    let totals = played.states.map(|s| s.total_points());
    let result = match abort {
        Some((0, _)) => GameResult::SecondWins,
        Some(_) => GameResult::FirstWins,
        None => match totals[0].cmp(&totals[1]) {
            std::cmp::Ordering::Greater => GameResult::FirstWins,
            std::cmp::Ordering::Less => GameResult::SecondWins,
            std::cmp::Ordering::Equal => GameResult::Draw,
        },
    };
    match abort {
        Some((seat, reason)) => referee.log.line(format_args!(
            "ABORT {} {}",
            SEAT_NAMES[seat],
            reason.log_text()
        )),
        None => {
            referee.log.line(format_args!("FINISH"));
            referee.log.line(format_args!("SCOREFIRST {}", totals[0]));
            referee.log.line(format_args!("SCORESECOND {}", totals[1]));
        }
    }
    let states = played.states;
    Ok(GameRecord {
        result,
        abort,
        abort_at: abort.map(|(seat, _)| referee.asked[seat]),
        total_points: totals,
        category_points: states.map(|s| (s.category_k + s.bonus_k()) as i64 * POINTS_PER_K),
        bid_points: states.map(|s| s.bid_points),
        times: referee.times,
        log: referee.log.finish([&labels[0], &labels[1]], Some(result)),
    })
}

/// The judge's abort for an answer the rules do not allow: the wrong kind of answer reads
/// as one that did not parse.
fn abort_reason(illegal: Illegal) -> AbortReason {
    match illegal {
        Illegal::WrongAnswer(owed) => parse_failure(owed),
        Illegal::NoSuchDice => AbortReason::NoSuchDice,
        Illegal::CategoryUsed => AbortReason::RuleAlreadyUsed,
    }
}

/// The abort for an unreadable answer to what owed `owed`.
fn parse_failure(owed: Owed) -> AbortReason {
    match owed {
        Owed::Ok => AbortReason::InvalidReady,
        Owed::Bid => AbortReason::BidParseFailed,
        Owed::Put => AbortReason::PutParseFailed,
    }
}

impl Referee<'_> {
    /// Writes the debug lines `seat` produced so far into the log.
    fn flush_debug(&mut self, seat: usize) {
        self.players[seat].take_debug(&mut self.debug);
        for line in self.debug.drain(..) {
            self.log.debug(seat, &line);
        }
    }
}

impl Seats for Referee<'_> {
    type Fault = AbortReason;

    fn send(&mut self, seat: usize, command: &Command) {
        self.sent[seat] = Instant::now();
        self.players[seat].send(command);
    }

    /// Waits for `seat`'s answer, checking the deadline and the syntax (the play loop
    /// checks that it is the kind of answer owed).
    fn answer(&mut self, seat: usize, owed: Owed) -> Result<Answer, AbortReason> {
        let kind = AnswerKind::from(owed);
        self.asked[seat] = (kind, self.round);
        let sent = self.sent[seat];
        let deadline = sent + self.options.limit(kind);
        let response = self.players[seat].receive(deadline);
        self.flush_debug(seat);
        if self.players[seat].is_external() {
            let micros = response.at.saturating_duration_since(sent).as_micros();
            let micros = micros.min(u32::MAX as u128) as u32;
            self.times[seat].micros[kind as usize].push(micros);
            if kind != AnswerKind::Ready {
                self.times[seat].decisions.push((self.round, micros));
            }
        }
        match response.received {
            Received::Timeout => Err(AbortReason::Tle),
            _ if response.at > deadline => Err(AbortReason::Tle),
            Received::Answer(answer) => Ok(answer),
            Received::Line(line) => parse_answer(&line).map_err(|_| parse_failure(owed)),
            // A dead player reads as an empty line would: unparsable.
            Received::Closed => Err(parse_failure(owed)),
        }
    }

    fn observe(&mut self, event: &Event) {
        match *event {
            Event::Round(round) => {
                self.round = round;
                self.log.line(format_args!("ROUND {round}"));
            }
            Event::Roll { a, b } => self.log.line(format_args!("ROLL {a} {b}")),
            Event::Bid { seat, bid } => self.log.line(format_args!(
                "BID {} {} {}",
                SEAT_NAMES[seat], bid.group, bid.amount
            )),
            Event::Get { seat, group } => self
                .log
                .line(format_args!("GET {} {group}", SEAT_NAMES[seat])),
            Event::Put {
                seat,
                category,
                dice,
            } => self
                .log
                .line(format_args!("PUT {} {category} {dice}", SEAT_NAMES[seat])),
        }
    }
}
