//! Policy rollouts (issue 78): a bid's alternatives valued by futures played to the end by
//! the real players, not by the coin-flip futures the value network was distilled from.
//!
//! Tesauro and Galperin (1996, "On-line policy improvement using Monte-Carlo search") chose
//! each move by rolling out the base player's own policy to the end of the game; GNU
//! Backgammon's rollouts are the truth its benchmarks are measured against. Here a position
//! is both players as they stand at a round's bids, copied ([`Agent::fork`]): our side
//! a copy of our bot (its bid in this round replaced by the alternative, [`Bot::bid_instead`]),
//! theirs a copy of whatever in-process player stands for them, with the bid it made. Each future is a deal whose
//! round is the roll that happened and whose tie coin and later rounds are drawn from a
//! seeded generator; every alternative plays the same futures (common random numbers), so
//! their difference is read from the futures where play diverges. The game is played on by
//! the game core's own loop ([`play_from`]), the one place the game's sequence is written.

pub mod judge;
pub mod played;
pub mod probe;

use std::cmp::Ordering;

use yacht::engine::{Bot, PlayerState};
use yacht::game::{play_from, Agent, Deal, NoAnswer, Resume, Seats};
use yacht::protocol::{Answer, Command, Hand, Owed};
use yacht::rules::auction::SealedBid;

/// A position at a round's bids, from our side: both players as they stood once the
/// round's roll had reached them and each had made its bid (so a future never computes the
/// round's bids again).
pub struct BidPosition<'a> {
    /// Our bot after the round's `ROLL` (its own bid made; each future replaces it).
    pub me: &'a Bot,
    /// The opponent's stand-in after the round's `ROLL` (copied once for each future).
    pub them: &'a (dyn Agent + Send),
    /// The stand-in's bid in the round (its answer to that `ROLL`).
    pub their_bid: SealedBid,
    /// Our state and theirs before the round.
    pub states: [PlayerState; 2],
    /// The round whose bids are decided.
    pub round: u8,
    /// The round's roll: bundles A and B.
    pub roll: (Hand, Hand),
}

/// Future `index` of the futures seeded `seed` for round `round`: the roll that happened in
/// that round, a fair tie coin, every later round drawn (a match's deal `index` of seed
/// `seed`, its earlier rounds never read).
pub fn future(seed: u64, index: u64, round: u8, roll: (Hand, Hand)) -> Deal {
    let mut deal = Deal::from_seed(seed, index);
    if let Some(r) = deal.rounds.get_mut(usize::from(round).saturating_sub(1)) {
        (r.a, r.b) = roll;
    }
    deal
}

/// Our result in one future (1 a win, 0.5 a draw, 0 a loss) when we bid `bid` in the
/// position's round and both sides play on as they would; `None` when the opponent cannot
/// be copied or a copy stopped the game.
pub fn play_future(position: &BidPosition, bid: SealedBid, deal: &Deal) -> Option<f64> {
    play_future_against(position, bid, position.their_bid, deal)
}

/// [`play_future`] with the opponent's bid in the round `theirs` (its copy told so), not
/// the one it made; `None` also when its copy cannot be told another bid.
pub fn play_future_against(
    position: &BidPosition,
    bid: SealedBid,
    theirs: SealedBid,
    deal: &Deal,
) -> Option<f64> {
    let difference = play_future_difference(position, bid, theirs, deal)?;
    Some(match difference.cmp(&0) {
        Ordering::Greater => 1.0,
        Ordering::Equal => 0.5,
        Ordering::Less => 0.0,
    })
}

/// Our final score minus theirs, points, in the future [`play_future_against`] plays.
pub fn play_future_difference(
    position: &BidPosition,
    bid: SealedBid,
    theirs: SealedBid,
    deal: &Deal,
) -> Option<i64> {
    let mut them = position.them.fork()?;
    if theirs != position.their_bid && !them.bid_instead(theirs) {
        return None;
    }
    let mut seats = RolloutSeats {
        me: position.me.clone(),
        them,
        bids: Some([bid, theirs]),
        pending: [None, None],
    };
    let from = Resume {
        states: position.states,
        round: position.round,
    };
    let played = play_from(deal, &mut seats, from);
    if played.stop.is_some() {
        return None;
    }
    let [ours, theirs] = played.states.map(|s| s.total_points());
    Some(ours - theirs)
}

/// A bid's mean result over the futures, and the standard error of its difference from the
/// first bid's on the same futures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Valued {
    pub bid: SealedBid,
    pub mean: f64,
    pub difference_se: f64,
}

/// Each of `bids` valued on the same `futures` futures of seed `seed` (futures where a copy
/// stopped the game are left out for every bid).
pub fn value_bids(
    position: &BidPosition,
    bids: &[SealedBid],
    futures: usize,
    seed: u64,
) -> Vec<Valued> {
    value_bids_against(position, bids, futures, seed, &[])
}

/// [`value_bids`] with the opponent's bid in each future drawn from `theirs` (bids and
/// their weights; the same draw for every candidate of a future, from the future's seed);
/// empty: the bid it made. A model's prediction of the bid played out.
pub fn value_bids_against(
    position: &BidPosition,
    bids: &[SealedBid],
    futures: usize,
    seed: u64,
    theirs: &[(SealedBid, f64)],
) -> Vec<Valued> {
    let mut results: Vec<Vec<f64>> = vec![Vec::with_capacity(futures); bids.len()];
    for index in 0..futures as u64 {
        let deal = future(seed, index, position.round, position.roll);
        let their_bid = drawn(theirs, seed, index).unwrap_or(position.their_bid);
        let played: Option<Vec<f64>> = bids
            .iter()
            .map(|&bid| play_future_against(position, bid, their_bid, &deal))
            .collect();
        if let Some(played) = played {
            for (r, x) in results.iter_mut().zip(played) {
                r.push(x);
            }
        }
    }
    let first = results.first().cloned().unwrap_or_default();
    bids.iter()
        .zip(&results)
        .map(|(&bid, r)| Valued {
            bid,
            mean: mean(r),
            difference_se: standard_error(
                &r.iter().zip(&first).map(|(x, y)| x - y).collect::<Vec<_>>(),
            ),
        })
        .collect()
}

/// The bid of `weighted` drawn for future `index` of `seed` (by weight; `None` if empty or
/// weightless).
pub fn drawn(weighted: &[(SealedBid, f64)], seed: u64, index: u64) -> Option<SealedBid> {
    let total: f64 = weighted.iter().map(|(_, w)| w.max(0.0)).sum();
    if total <= 0.0 {
        return None;
    }
    let u = (yacht::game::deal::mix(seed ^ 0xD8A3_0B1D, index) >> 11) as f64 / (1u64 << 53) as f64;
    let mut left = u * total;
    for &(bid, w) in weighted {
        left -= w.max(0.0);
        if left < 0.0 {
            return Some(bid);
        }
    }
    weighted.last().map(|&(b, _)| b)
}

fn mean(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.5;
    }
    xs.iter().sum::<f64>() / xs.len() as f64
}

fn standard_error(xs: &[f64]) -> f64 {
    let n = xs.len() as f64;
    if n < 2.0 {
        return 0.0;
    }
    let m = mean(xs);
    (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0) / n).sqrt()
}

/// The two copies at the game core's loop, ours first. Both have seen the round's `ROLL`
/// already: to it each answers its bid of the position (ours the one valued, the bot told
/// so) without being asked again.
struct RolloutSeats {
    me: Bot,
    them: Box<dyn Agent + Send>,
    /// The round's two bids, until its `ROLL` is sent.
    bids: Option<[SealedBid; 2]>,
    pending: [Option<Answer>; 2],
}

impl Seats for RolloutSeats {
    type Fault = NoAnswer;

    fn send(&mut self, seat: usize, command: &Command) {
        // A future from round 1 starts with the game's `READY`, which the copies have
        // answered already: sent again it would reset them.
        if *command == Command::Ready {
            self.pending[seat] = Some(Answer::Ok);
            return;
        }
        if let (Command::Roll { .. }, Some(bids)) = (command, self.bids) {
            let bid = bids[seat];
            if seat == 0 {
                self.me.bid_instead(bid.group, bid.amount);
            } else {
                self.bids = None;
            }
            self.pending[seat] = Some(Answer::Bid {
                group: bid.group,
                amount: bid.amount,
            });
            return;
        }
        self.pending[seat] = if seat == 0 {
            self.me.handle(command).answer
        } else {
            self.them.handle(command).answer
        };
    }

    fn answer(&mut self, seat: usize, _owed: Owed) -> Result<Answer, NoAnswer> {
        self.pending[seat].take().ok_or(NoAnswer)
    }
}
