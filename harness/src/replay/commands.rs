//! What each side of a logged game received, rebuilt by the game core's play loop: the
//! deal comes from the log's rolls (tie-breakers from the bids and GETs), each seat gives
//! the answers the log shows, and the loop sends every command in the judge's order. The
//! sequence is written once, in `yacht::game::play`.

use yacht::game::{play, Deal, DealRound, Event, Seats};
use yacht::protocol::{Answer, Command, Hand, Owed};
use yacht::rules::auction::AUCTION_ROUNDS;

use super::analysis::Exchange;
use super::{GameLog, Side};

/// What a walk through a logged game sees, in the judge's order: every command each seat
/// receives with the answer the log shows for it, and every step of the game.
pub trait LogWalker {
    /// `seat` receives `exchange.command` in round `exchange.round` (0 for `READY` and
    /// `FINISH`); `exchange.logged` is its answer, where one is owed and the log shows it.
    fn command(&mut self, seat: usize, exchange: &Exchange);
    /// A step of the game (the official log's events).
    fn event(&mut self, _event: &Event) {}
}

/// Plays the logged game through the game's one play loop, both seats answering from the
/// log, showing `walker` everything. Stops where the log stops.
pub fn walk(log: &GameLog, walker: &mut dyn LogWalker) {
    let mut seats = Logged {
        answers: [0, 1].map(|seat| logged_answers(log, seat)),
        next: [0, 0],
        round: 0,
        walker,
    };
    play(&deal_of(log), &mut seats);
}

/// Records what one side receives.
struct SideRecorder {
    side: usize,
    out: Vec<Exchange>,
}

impl LogWalker for SideRecorder {
    fn command(&mut self, seat: usize, exchange: &Exchange) {
        if seat == self.side {
            self.out.push(*exchange);
        }
    }
}

/// The commands `side` received, in the judge's order (READY; per round ROLL, GET, SCORE,
/// SET; FINISH if the game finished), each with the answer the log shows. Stops where the
/// log stops.
pub fn side_commands(log: &GameLog, side: Side) -> Vec<Exchange> {
    let mut recorder = SideRecorder {
        side: side.index(),
        out: Vec::new(),
    };
    walk(log, &mut recorder);
    let mut out = recorder.out;
    // The judge sends FINISH after an abort too, but the log does not show it.
    if !log.finished && out.last().is_some_and(|e| e.command == Command::Finish) {
        out.pop();
    }
    out
}

/// The log's rolls, with each tie-breaker read off an equal bid's GET (0 where no tie
/// shows). Rounds the log does not reach get placeholder dice the loop never uses.
fn deal_of(log: &GameLog) -> Deal {
    let mut deal = Deal {
        rounds: [DealRound {
            a: Hand([1; 5]),
            b: Hand([1; 5]),
            tie_winner: 0,
        }; AUCTION_ROUNDS],
    };
    for round in &log.rounds {
        let Some(slot) = (round.number as usize)
            .checked_sub(1)
            .and_then(|r| deal.rounds.get_mut(r))
        else {
            continue;
        };
        if let Some((a, b)) = round.roll {
            (slot.a, slot.b) = (a, b);
        }
        if let ([Some(b0), Some(b1)], [Some(g0), _]) = (round.bids, round.gets)
            && b0 == b1
        {
            slot.tie_winner = u8::from(g0 != b0.group);
        }
    }
    deal
}

/// `seat`'s answers in the order it gave them, up to the first the log does not show.
fn logged_answers(log: &GameLog, seat: usize) -> Vec<Answer> {
    let mut out = Vec::new();
    let ready_failed = log
        .abort
        .as_ref()
        .is_some_and(|a| a.side.index() == seat && a.round == 0);
    if ready_failed {
        return out;
    }
    out.push(Answer::Ok);
    for round in &log.rounds {
        if round.number as usize <= AUCTION_ROUNDS {
            let Some(bid) = round.bids[seat] else {
                return out;
            };
            out.push(Answer::Bid {
                group: bid.group,
                amount: bid.amount,
            });
        }
        if round.number >= 2 {
            let Some(put) = round.puts[seat] else {
                return out;
            };
            out.push(Answer::Put {
                category: put.category,
                dice: put.dice,
            });
        }
    }
    out
}

/// Both seats answering from the log; the walker sees everything.
struct Logged<'a> {
    answers: [Vec<Answer>; 2],
    next: [usize; 2],
    round: u8,
    walker: &'a mut dyn LogWalker,
}

/// The log shows no answer here.
struct NotLogged;

impl Seats for Logged<'_> {
    type Fault = NotLogged;

    fn send(&mut self, seat: usize, command: &Command) {
        let logged = command
            .owed()
            .and_then(|_| self.answers[seat].get(self.next[seat]).copied());
        let round = if *command == Command::Finish {
            0
        } else {
            self.round
        };
        self.walker.command(
            seat,
            &Exchange {
                round,
                command: *command,
                logged,
            },
        );
    }

    fn answer(&mut self, seat: usize, _owed: Owed) -> Result<Answer, NotLogged> {
        let answer = self.answers[seat].get(self.next[seat]).copied();
        self.next[seat] += 1;
        answer.ok_or(NotLogged)
    }

    fn observe(&mut self, event: &Event) {
        if let Event::Round(round) = *event {
            self.round = round;
        }
        self.walker.event(event);
    }
}
