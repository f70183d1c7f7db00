//! The referee: plays one game exactly as the official judge does.
//!
//! Message order: `READY` → `OK` from both; rounds 1..12: `ROLL` to both → both `BID` →
//! `GET` to both; from round 2 also `SCORE` to both → both `PUT` → `SET` to each with the
//! opponent's scoring; round 13: `SCORE` → `PUT` → `SET`; then `FINISH`. Answers are read
//! first seat first, so when both misbehave the first seat is the one aborted.
//!
//! Nothing a player sends can make the referee panic: every answer is checked and a bad
//! one ends the game with an `ABORT` line and a loss for its author.
//!
//! Deadlines are the judge's: the CPU time the player spent on the answer (all its
//! threads), from the moment the command was written to the moment the answer was read,
//! so a busy machine does not make an answer late. A wall-clock backstop, a multiple of
//! each deadline, catches a program that sleeps, blocks or hangs (an in-process agent
//! cannot, so it has none); the log line is the judge's `ABORT … TLE` either way, and the
//! record says which clock ran out.

pub mod log;
pub mod record;

use std::time::{Duration, Instant};

use yacht::clock::CpuInstant;
use yacht::game::{play, Deal, Event, Illegal, Seats, Stop};
use yacht::protocol::{parse_answer, Answer, Command, Owed};
use yacht::rules::category::POINTS_PER_K;

use crate::player::{Deadline, Player, Received};
use crate::review::luck::LuckTracker;
pub use log::GameLog;
pub use record::{
    micros, AbortReason, AnswerKind, Clock, ClockTimes, GameRecord, GameResult, ResponseTimes,
    SEAT_NAMES,
};

/// The wall-clock backstop of a CPU deadline by default, as a multiple of it: 5 s for a
/// bid, 30 s for `READY`. Generous, so that only a player that sleeps or hangs meets it
/// (a player given a tenth of a core by a loaded machine does not).
pub const WALL_BACKSTOP_DEFAULT: f64 = 10.0;

/// Deadlines and what to record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RefereeOptions {
    /// Multiplies every deadline. The deadlines are CPU time, which the machine's load does
    /// not stretch; a slower core than the judge's 3.2 GHz Xeon is the reason to scale.
    pub time_scale: f64,
    pub ready_ms: u64,
    pub roll_ms: u64,
    pub score_ms: u64,
    /// The clock of the deadlines: [`Clock::Cpu`], the judge's (wall time for a player
    /// without a CPU clock), or [`Clock::Wall`] for every answer (the referee before CPU
    /// time; for comparison).
    pub clock: Clock,
    /// The wall-clock backstop of CPU deadlines, as a multiple of each deadline.
    pub wall_backstop: f64,
    /// Build the official log.
    pub write_log: bool,
    /// Follow the luck of each game's chance events ([`GameRecord::luck`]).
    pub luck: bool,
    /// Follow issue 47's luck (the table's value alone) beside it, for comparisons
    /// ([`GameRecord::luck_table`]).
    pub luck_table: bool,
}

impl Default for RefereeOptions {
    fn default() -> RefereeOptions {
        RefereeOptions {
            time_scale: 1.0,
            ready_ms: 3000,
            roll_ms: 500,
            score_ms: 500,
            clock: Clock::Cpu,
            wall_backstop: WALL_BACKSTOP_DEFAULT,
            write_log: false,
            luck: true,
            luck_table: false,
        }
    }
}

impl RefereeOptions {
    /// The deadline of an answer to `kind`, on the deadlines' clock.
    pub fn limit(&self, kind: AnswerKind) -> Duration {
        let ms = match kind {
            AnswerKind::Ready => self.ready_ms,
            AnswerKind::Bid => self.roll_ms,
            AnswerKind::Put => self.score_ms,
        };
        Duration::from_secs_f64(ms as f64 / 1000.0 * self.time_scale.max(0.0))
    }

    /// When an answer to `kind` is late, for a command written at `sent_at` to a player
    /// whose CPU clock read `cpu_sent` then (`None`: no CPU clock) and that `can_block`
    /// (else no wall-clock backstop: see [`Player::can_block`]).
    fn deadline(
        &self,
        kind: AnswerKind,
        sent_at: Instant,
        cpu_sent: Option<Duration>,
        can_block: bool,
    ) -> Deadline {
        let limit = self.limit(kind);
        match cpu_sent.filter(|_| self.clock == Clock::Cpu) {
            Some(cpu) => Deadline {
                cpu: Some(cpu + limit),
                wall: can_block.then(|| sent_at + limit.mul_f64(self.wall_backstop.max(1.0))),
            },
            None => Deadline {
                cpu: None,
                wall: Some(sent_at + limit),
            },
        }
    }
}

/// The referee's side of the play loop: the two players, when each command was sent and
/// their CPU clocks then (for deadlines), the official log and the response times.
struct Referee<'a> {
    players: [&'a mut dyn Player; 2],
    sent: [(Instant, Option<Duration>); 2],
    /// Which clock ran out, when an answer was late.
    late_clock: Option<Clock>,
    log: GameLog,
    /// Handed the log after every step that adds to it ([`play_game_live`]).
    live: Option<&'a mut dyn FnMut(&str)>,
    /// The log's length when `live` last saw it.
    published_len: usize,
    labels: [String; 2],
    times: [ResponseTimes; 2],
    options: &'a RefereeOptions,
    debug: Vec<String>,
    /// The round being played (0 before the first), for response times by round.
    round: u8,
    /// The last answer asked of each seat, and in which round (where an abort happened).
    asked: [(AnswerKind, u8); 2],
    /// The luck of the game's chance events, as they happen, and the CPU time it took.
    luck: LuckTracker,
    luck_cpu: Duration,
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
    play_game_live(first, second, seeds, deal, options, None)
}

/// [`play_game`], handing `live` the official log as it stands (`[RESULT "*"]` until the
/// end) after every step that adds to it, and the whole log at the end: a game whose log
/// is written as it is played. With `live`, the log is built whatever
/// [`RefereeOptions::write_log`] says.
pub fn play_game_live<'a>(
    first: &'a mut dyn Player,
    second: &'a mut dyn Player,
    seeds: [u64; 2],
    deal: &Deal,
    options: &'a RefereeOptions,
    live: Option<&'a mut dyn FnMut(&str)>,
) -> Result<GameRecord, String> {
    let labels = [first.label(), second.label()];
    first.start(seeds[0])?;
    if let Err(e) = second.start(seeds[1]) {
        first.finish();
        return Err(e);
    }
    let mut referee = Referee {
        players: [first, second],
        sent: [(Instant::now(), None); 2],
        late_clock: None,
        log: GameLog::new(options.write_log || live.is_some()),
        live,
        published_len: 0,
        labels: labels.clone(),
        times: Default::default(),
        options,
        debug: Vec::new(),
        round: 0,
        asked: [(AnswerKind::Ready, 0); 2],
        luck: if options.luck_table {
            LuckTracker::new().beside_table()
        } else {
            LuckTracker::new()
        },
        luck_cpu: Duration::ZERO,
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
    let log = referee.log.finish([&labels[0], &labels[1]], Some(result));
    if let (Some(live), Some(log)) = (referee.live.as_mut(), log.as_deref()) {
        live(log);
    }
    Ok(GameRecord {
        result,
        abort,
        abort_at: abort.map(|(seat, _)| referee.asked[seat]),
        late_clock: referee.late_clock,
        total_points: totals,
        category_points: states.map(|s| (s.category_k + s.bonus_k()) as i64 * POINTS_PER_K),
        bid_points: states.map(|s| s.bid_points),
        times: referee.times,
        luck: options.luck.then(|| referee.luck.total()),
        luck_table: referee.luck.total_by_table().filter(|_| options.luck),
        luck_cpu_micros: micros(referee.luck_cpu).into(),
        log: log.filter(|_| options.write_log),
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

    /// Hands the log so far to the live observer, if there is one and the log has grown
    /// since it last saw it.
    fn publish(&mut self) {
        let length = self.log.len();
        if let Some(live) = self.live.as_mut()
            && length != self.published_len
            && let Some(log) = self.log.snapshot([&self.labels[0], &self.labels[1]])
        {
            self.published_len = length;
            live(&log);
        }
    }
}

impl Seats for Referee<'_> {
    type Fault = AbortReason;

    fn send(&mut self, seat: usize, command: &Command) {
        let cpu = self.players[seat].cpu_time();
        self.sent[seat] = (Instant::now(), cpu);
        self.players[seat].send(command);
    }

    /// Waits for `seat`'s answer, checking the deadline on both clocks and the syntax (the
    /// play loop checks that it is the kind of answer owed).
    fn answer(&mut self, seat: usize, owed: Owed) -> Result<Answer, AbortReason> {
        let kind = AnswerKind::from(owed);
        self.asked[seat] = (kind, self.round);
        let (sent_at, cpu_sent) = self.sent[seat];
        let can_block = self.players[seat].can_block();
        let deadline = self.options.deadline(kind, sent_at, cpu_sent, can_block);
        let response = self.players[seat].receive(deadline);
        self.flush_debug(seat);
        self.publish();
        let wall = response.at.saturating_duration_since(sent_at);
        let cpu = response
            .cpu_at
            .zip(cpu_sent)
            .map(|(at, sent)| at.saturating_sub(sent));
        let times = &mut self.times[seat];
        times
            .clock_mut(Clock::Wall)
            .push(kind, self.round, micros(wall));
        if let Some(cpu) = cpu {
            times
                .clock_mut(Clock::Cpu)
                .push(kind, self.round, micros(cpu));
        }
        let late = match response.received {
            // A person is not timed (the play page's seat).
            _ if !self.players[seat].is_timed() => None,
            Received::Timeout(clock) => Some(clock),
            _ if deadline
                .cpu
                .is_some_and(|_| cpu > Some(self.options.limit(kind))) =>
            {
                Some(Clock::Cpu)
            }
            _ if deadline.wall.is_some_and(|wall| response.at > wall) => Some(Clock::Wall),
            _ => None,
        };
        if let Some(clock) = late {
            self.late_clock = Some(clock);
            return Err(AbortReason::Tle);
        }
        match response.received {
            Received::Answer(answer) => Ok(answer),
            Received::Line(line) => parse_answer(&line).map_err(|_| parse_failure(owed)),
            // A dead player reads as an empty line would: unparsable.
            Received::Closed | Received::Timeout(_) => Err(parse_failure(owed)),
        }
    }

    fn observe(&mut self, event: &Event) {
        if self.options.luck {
            let started = CpuInstant::now();
            if let Event::Bid { seat, .. } = *event
                && let Some(player) = self.players.get(seat)
            {
                self.luck.observe_draw(seat, player.drawn_among());
            }
            self.luck.observe(event);
            self.luck_cpu += started.elapsed();
        }
        self.log_event(event);
        self.publish();
    }
}

impl Referee<'_> {
    /// The official log's line for `event`.
    fn log_event(&mut self, event: &Event) {
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
