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

use yacht::engine::PlayerState;
use yacht::protocol::{parse_answer, Answer, Command, Group};
use yacht::rules::auction::{resolve, SealedBid};
use yacht::rules::category::POINTS_PER_K;
use yacht::rules::dice::sub;

use crate::deal::{Deal, BID_ROUNDS};
use crate::player::{Player, Received};
pub use log::GameLog;
pub use record::{AbortReason, AnswerKind, GameRecord, GameResult, ResponseTimes, SEAT_NAMES};

/// Rounds in a game: 12 auctions, 12 scorings, shifted by one.
pub const ROUNDS: usize = BID_ROUNDS + 1;

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

type Abort = (usize, AbortReason);

struct Game<'a> {
    players: [&'a mut dyn Player; 2],
    states: [PlayerState; 2],
    log: GameLog,
    times: [ResponseTimes; 2],
    options: &'a RefereeOptions,
    debug: Vec<String>,
    /// The round being played (0 before the first), for response times by round.
    round: u8,
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
    let mut game = Game {
        players: [first, second],
        states: [PlayerState::default(); 2],
        log: GameLog::new(options.write_log),
        times: Default::default(),
        options,
        debug: Vec::new(),
        round: 0,
    };
    let abort = game.run(deal).err();
    for seat in 0..2 {
        game.players[seat].send(&Command::Finish);
        game.players[seat].finish();
        game.flush_debug(seat);
    }
    let totals = [0, 1].map(|s| game.states[s].total_points());
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
        Some((seat, reason)) => game.log.line(format_args!(
            "ABORT {} {}",
            SEAT_NAMES[seat],
            reason.log_text()
        )),
        None => {
            game.log.line(format_args!("FINISH"));
            game.log.line(format_args!("SCOREFIRST {}", totals[0]));
            game.log.line(format_args!("SCORESECOND {}", totals[1]));
        }
    }
    let states = game.states;
    Ok(GameRecord {
        result,
        abort,
        total_points: totals,
        category_points: states.map(|s| (s.category_k + s.bonus_k()) as i64 * POINTS_PER_K),
        bid_points: states.map(|s| s.bid_points),
        times: game.times,
        log: game.log.finish([&labels[0], &labels[1]], Some(result)),
    })
}

impl Game<'_> {
    fn run(&mut self, deal: &Deal) -> Result<(), Abort> {
        let sent = self.send_both(&Command::Ready, &Command::Ready);
        for (seat, sent_at) in sent.into_iter().enumerate() {
            let answer = self.await_answer(seat, sent_at, AnswerKind::Ready)?;
            if answer != Answer::Ok {
                return Err((seat, AbortReason::InvalidReady));
            }
        }
        for round in 1..=ROUNDS {
            self.log.line(format_args!("ROUND {round}"));
            self.round = round as u8;
            if let Some(dealt) = deal.rounds.get(round - 1) {
                self.auction(dealt.a, dealt.b, dealt.tie_winner)?;
            }
            if round >= 2 {
                self.scoring()?;
            }
        }
        Ok(())
    }

    fn send_both(&mut self, to_first: &Command, to_second: &Command) -> [Instant; 2] {
        let mut sent = [Instant::now(); 2];
        for (seat, command) in [to_first, to_second].into_iter().enumerate() {
            sent[seat] = Instant::now();
            self.players[seat].send(command);
        }
        sent
    }

    /// Writes the debug lines `seat` produced so far into the log.
    fn flush_debug(&mut self, seat: usize) {
        self.players[seat].take_debug(&mut self.debug);
        for line in self.debug.drain(..) {
            self.log.debug(seat, &line);
        }
    }

    /// Waits for `seat`'s answer to a command sent at `sent`, checking the deadline, the
    /// syntax and that it is the kind of answer owed.
    fn await_answer(
        &mut self,
        seat: usize,
        sent: Instant,
        kind: AnswerKind,
    ) -> Result<Answer, Abort> {
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
        let parse_failure = match kind {
            AnswerKind::Ready => AbortReason::InvalidReady,
            AnswerKind::Bid => AbortReason::BidParseFailed,
            AnswerKind::Put => AbortReason::PutParseFailed,
        };
        let answer = match response.received {
            Received::Timeout => return Err((seat, AbortReason::Tle)),
            _ if response.at > deadline => return Err((seat, AbortReason::Tle)),
            Received::Answer(answer) => answer,
            Received::Line(line) => parse_answer(&line).map_err(|_| (seat, parse_failure))?,
            // A dead player reads as an empty line would: unparsable.
            Received::Closed => return Err((seat, parse_failure)),
        };
        let fits = matches!(
            (kind, &answer),
            (AnswerKind::Ready, Answer::Ok)
                | (AnswerKind::Bid, Answer::Bid { .. })
                | (AnswerKind::Put, Answer::Put { .. })
        );
        if fits {
            Ok(answer)
        } else {
            Err((seat, parse_failure))
        }
    }

    fn auction(
        &mut self,
        a: yacht::protocol::Hand,
        b: yacht::protocol::Hand,
        tie_winner: u8,
    ) -> Result<(), Abort> {
        self.log.line(format_args!("ROLL {a} {b}"));
        let roll = Command::Roll { a, b };
        let sent = self.send_both(&roll, &roll);
        let mut bids = [SealedBid {
            group: 0,
            amount: 0,
        }; 2];
        let mut groups = [Group::A; 2];
        for seat in 0..2 {
            if let Answer::Bid { group, amount } =
                self.await_answer(seat, sent[seat], AnswerKind::Bid)?
            {
                self.log
                    .line(format_args!("BID {} {group} {amount}", SEAT_NAMES[seat]));
                groups[seat] = group;
                bids[seat] = SealedBid {
                    group: group_index(group),
                    amount,
                };
            }
        }
        let outcome = resolve(bids, tie_winner);
        let got = outcome
            .received
            .map(|g| if g == 0 { Group::A } else { Group::B });
        for seat in 0..2 {
            let bundle = if got[seat] == Group::A { a } else { b };
            self.states[seat].receive(&bundle.counts());
            self.states[seat].bid_points += outcome.bid_points[seat];
            self.log
                .line(format_args!("GET {} {}", SEAT_NAMES[seat], got[seat]));
        }
        let get = |seat: usize| Command::Get {
            got: got[seat],
            opp_group: groups[1 - seat],
            opp_amount: bids[1 - seat].amount,
        };
        self.send_both(&get(0), &get(1));
        Ok(())
    }

    fn scoring(&mut self) -> Result<(), Abort> {
        let sent = self.send_both(&Command::Score, &Command::Score);
        let mut sets = [Command::Score; 2];
        for seat in 0..2 {
            let Answer::Put { category, dice } =
                self.await_answer(seat, sent[seat], AnswerKind::Put)?
            else {
                continue;
            };
            let state = &mut self.states[seat];
            if sub(&state.held, &dice.counts()).is_none() {
                return Err((seat, AbortReason::NoSuchDice));
            }
            if state.apply_score(category, &dice.counts()).is_err() {
                return Err((seat, AbortReason::RuleAlreadyUsed));
            }
            self.log
                .line(format_args!("PUT {} {category} {dice}", SEAT_NAMES[seat]));
            sets[1 - seat] = Command::Set { category, dice };
        }
        self.send_both(&sets[0], &sets[1]);
        Ok(())
    }
}

const fn group_index(group: Group) -> u8 {
    match group {
        Group::A => 0,
        Group::B => 1,
    }
}
