//! The play loop: one game in the judge's message order, checked against the rules.
//!
//! `READY` → `OK` from both; rounds 1..12: `ROLL` to both → both `BID` → `GET` to both;
//! from round 2 also `SCORE` to both → both `PUT` → `SET` to each with the opponent's
//! scoring; round 13: `SCORE` → `PUT` → `SET`; then `FINISH` (also after a stop). Answers
//! are taken first seat first, so when both misbehave the first seat is the one stopped.

use crate::engine::PlayerState;
use crate::protocol::{Answer, Command, Hand, Owed};
use crate::rules::auction::{resolve, Group, SealedBid, AUCTION_ROUNDS};
use crate::rules::category::Category;
use crate::rules::dice::sub;

use super::Deal;

/// Rounds in a game: 12 auctions and 12 scorings, shifted by one.
pub const GAME_ROUNDS: u8 = AUCTION_ROUNDS as u8 + 1;

/// How the loop reaches the two players.
pub trait Seats {
    /// Why a seat's answer could not be had (a timeout, an unreadable line, a dead
    /// process, an in-process agent that gave nothing).
    type Fault;
    /// Delivers `command` to `seat`.
    fn send(&mut self, seat: usize, command: &Command);
    /// The answer `seat` owes for the last command sent to it.
    fn answer(&mut self, seat: usize, owed: Owed) -> Result<Answer, Self::Fault>;
    /// Every step of the game as it happens (for logs and records).
    fn observe(&mut self, _event: &Event) {}
}

/// One step of a game, in order: what the official log records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Round(u8),
    Roll {
        a: Hand,
        b: Hand,
    },
    Bid {
        seat: usize,
        bid: SealedBid,
    },
    Get {
        seat: usize,
        group: Group,
    },
    Put {
        seat: usize,
        category: Category,
        dice: Hand,
    },
}

/// An answer the rules do not allow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// Not the kind of answer owed (`OK`, `BID` or `PUT`).
    WrongAnswer(Owed),
    /// A `PUT` of dice the player does not hold.
    NoSuchDice,
    /// A `PUT` into a category already used.
    CategoryUsed,
}

/// Why a game ended early, and whose fault it was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop<F> {
    /// The seat could not answer.
    Fault(usize, F),
    /// The seat answered against the rules.
    Illegal(usize, Illegal),
}

/// A game played to its end or to a stop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played<F> {
    /// Both players' states where the game ended (scores are [`PlayerState::total_points`]).
    pub states: [PlayerState; 2],
    pub stop: Option<Stop<F>>,
}

/// Where a game is taken up: its start, or the start of a later round (before its `ROLL`,
/// the last round's scoring done), both players as they were there. A game taken up so
/// plays on from copies of both players ([`super::Agent::fork`]): a future played by the
/// real players (policy rollouts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Resume {
    /// Both players' states before the round (bundles held, bids paid, categories scored).
    pub states: [PlayerState; 2],
    /// The round played next, from its auction (1: the game's start, `READY` first).
    pub round: u8,
}

impl Resume {
    /// The game's start.
    pub fn start() -> Resume {
        Resume {
            states: [PlayerState::default(); 2],
            round: 1,
        }
    }
}

/// Plays `deal` through `seats`, first seat first.
pub fn play<S: Seats>(deal: &Deal, seats: &mut S) -> Played<S::Fault> {
    play_from(deal, seats, Resume::start())
}

/// Plays `deal` through `seats` from `from`: the rounds of `deal` before `from`'s are not
/// read (they were played), and `READY` is sent only at the start.
pub fn play_from<S: Seats>(deal: &Deal, seats: &mut S, from: Resume) -> Played<S::Fault> {
    let mut game = Game {
        seats,
        states: from.states,
    };
    let stop = game.run(deal, from.round).err();
    for seat in 0..2 {
        game.seats.send(seat, &Command::Finish);
    }
    Played {
        states: game.states,
        stop,
    }
}

struct Game<'a, S: Seats> {
    seats: &'a mut S,
    states: [PlayerState; 2],
}

impl<S: Seats> Game<'_, S> {
    /// The game from the start of round `first` (1: `READY` first).
    fn run(&mut self, deal: &Deal, first: u8) -> Result<(), Stop<S::Fault>> {
        if first <= 1 {
            self.send_both([Command::Ready; 2]);
            for seat in 0..2 {
                self.take(seat, Owed::Ok)?;
            }
        }
        for round in first.max(1)..=GAME_ROUNDS {
            self.seats.observe(&Event::Round(round));
            if let Some(dealt) = deal.rounds.get(round as usize - 1) {
                self.auction(dealt.a, dealt.b, dealt.tie_winner)?;
            }
            if round >= 2 {
                self.scoring()?;
            }
        }
        Ok(())
    }

    fn send_both(&mut self, commands: [Command; 2]) {
        for (seat, command) in commands.iter().enumerate() {
            self.seats.send(seat, command);
        }
    }

    /// `seat`'s answer, which must be of the kind owed.
    fn take(&mut self, seat: usize, owed: Owed) -> Result<Answer, Stop<S::Fault>> {
        let answer = self
            .seats
            .answer(seat, owed)
            .map_err(|f| Stop::Fault(seat, f))?;
        let fits = matches!(
            (owed, &answer),
            (Owed::Ok, Answer::Ok)
                | (Owed::Bid, Answer::Bid { .. })
                | (Owed::Put, Answer::Put { .. })
        );
        if fits {
            Ok(answer)
        } else {
            Err(Stop::Illegal(seat, Illegal::WrongAnswer(owed)))
        }
    }

    fn auction(&mut self, a: Hand, b: Hand, tie_winner: u8) -> Result<(), Stop<S::Fault>> {
        self.seats.observe(&Event::Roll { a, b });
        self.send_both([Command::Roll { a, b }; 2]);
        let mut bids = [SealedBid {
            group: Group::A,
            amount: 0,
        }; 2];
        for (seat, bid) in bids.iter_mut().enumerate() {
            if let Answer::Bid { group, amount } = self.take(seat, Owed::Bid)? {
                *bid = SealedBid { group, amount };
                self.seats.observe(&Event::Bid { seat, bid: *bid });
            }
        }
        let outcome = resolve(bids, tie_winner);
        for (seat, group) in outcome.received.into_iter().enumerate() {
            let bundle = if group == Group::A { a } else { b };
            self.states[seat].receive(&bundle.counts());
            self.states[seat].bid_points += outcome.bid_points[seat];
            self.seats.observe(&Event::Get { seat, group });
        }
        self.send_both([0, 1].map(|seat| Command::Get {
            got: outcome.received[seat],
            opp_group: bids[1 - seat].group,
            opp_amount: bids[1 - seat].amount,
        }));
        Ok(())
    }

    fn scoring(&mut self) -> Result<(), Stop<S::Fault>> {
        self.send_both([Command::Score; 2]);
        let mut sets = [Command::Score; 2];
        for seat in 0..2 {
            let Answer::Put { category, dice } = self.take(seat, Owed::Put)? else {
                continue;
            };
            let state = &mut self.states[seat];
            if sub(&state.held, &dice.counts()).is_none() {
                return Err(Stop::Illegal(seat, Illegal::NoSuchDice));
            }
            if state.apply_score(category, &dice.counts()).is_err() {
                return Err(Stop::Illegal(seat, Illegal::CategoryUsed));
            }
            self.seats.observe(&Event::Put {
                seat,
                category,
                dice,
            });
            sets[1 - seat] = Command::Set { category, dice };
        }
        self.send_both(sets);
        Ok(())
    }
}
