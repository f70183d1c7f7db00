//! Win probabilities of positions seen from outside the game (a review of a finished
//! game): an auction's two win curves always searched in full, and the win probability
//! after a scoring, for any candidate, on futures shared by every candidate.
//!
//! The bot's own search ([`super::endgame`]) skips what cannot matter to its bid (decided
//! games, a flat probe) and stops on the clock; a review must compare every decision the
//! same way, so nothing here gates or reads a clock. Both players are played by the table
//! (no skill drift): the futures are the same for both sides, and one side's curves are
//! the other's mirrored.

use super::endgame::{net_of, net_rollouts_for_round};
use super::rollout::{play_rollouts_from, sample_futures, FutureRound};
use super::wincurve::{
    after_table_scoring, final_rest_points, net_curve, pairs_curve, sure_win_probability,
    win_share, WinCurve,
};
use crate::engine::config::BotConfig;
use crate::engine::learned::net::Net;
use crate::engine::tunables::NET_LAST_ROUND;
use crate::engine::value::bidding::{bundle_values, POINTS_PER_UNIT};
use crate::engine::value::choice::position_value_units;
use crate::engine::value::choice_cache::ChoiceCache;
use crate::engine::value::state::PlayerState;
use crate::rules::auction::AUCTION_ROUNDS;
use crate::rules::dice::Counts;

/// How positions are valued from outside the game: by a fixed count of rollouts, or as
/// the bot's own curves are (the value network in the rounds it values,
/// [`NET_LAST_ROUND`], then its rollout schedule, [`net_rollouts_for_round`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Valuation {
    /// Rollouts per curve, and futures per scoring's candidates.
    Rollouts(usize),
    /// The bot's curves with this network.
    Net(&'static Net),
}

impl Valuation {
    /// The curves `config` bids with: its network's where it has one, else `rollouts`.
    pub fn of(config: &BotConfig, rollouts: usize) -> Valuation {
        match net_of(config) {
            Some(net) => Valuation::Net(net),
            None => Valuation::Rollouts(rollouts),
        }
    }

    /// The network, where it values the curves of round `round`'s auction.
    fn net_at(&self, round: u8) -> Option<&'static Net> {
        match *self {
            Valuation::Net(net) if usize::from(round) <= NET_LAST_ROUND.count() => Some(net),
            _ => None,
        }
    }

    /// Rollouts per curve of round `round` where they are played.
    fn rollouts(&self, round: u8) -> usize {
        match *self {
            Valuation::Rollouts(n) => n.max(1),
            Valuation::Net(_) => net_rollouts_for_round(usize::from(round)),
        }
    }
}

/// A seed that depends only on the two states, the round and the bundles.
fn seed(me: &PlayerState, opp: &PlayerState, round: u8, bundles: &[&Counts]) -> u64 {
    let mut bytes = Vec::with_capacity(64);
    for p in [me, opp] {
        bytes.extend_from_slice(&p.held);
        bytes.extend_from_slice(&p.used.to_le_bytes());
        bytes.extend_from_slice(&p.total_points().to_le_bytes());
    }
    for b in bundles {
        bytes.extend_from_slice(&b[..]);
    }
    bytes.push(round);
    crate::solver::quantize::fnv1a64(&bytes)
}

/// A player's state after receiving `bundle` in `round` and scoring by the table (round 1
/// has no scoring: the bundle is held).
pub fn after_round(state: &PlayerState, bundle: &Counts, round: u8) -> PlayerState {
    if round <= 1 {
        let mut next = *state;
        next.receive(bundle);
        next
    } else {
        after_table_scoring(state, bundle)
    }
}

/// The win curves (`me` gets A, `me` gets B) of round `round`'s auction from the states
/// before it: exact in round 12, enumerated over every round-12 deal in round 11, else by
/// `valuation`: the network's, or seeded rollouts on common futures, calibrated to the
/// table's mean. Never gated, never cut.
pub fn auction_curves(
    me: &PlayerState,
    opp: &PlayerState,
    round: u8,
    a: &Counts,
    b: &Counts,
    valuation: Valuation,
) -> [WinCurve; 2] {
    let r = round as usize;
    if r >= AUCTION_ROUNDS {
        let diff = me.total_points() - opp.total_points();
        let v = bundle_values(me, opp, a, b);
        let units = [v.ours[0] - v.theirs[1], v.ours[1] - v.theirs[0]];
        return units.map(|u| WinCurve::Exact {
            diff_points: diff + u as i64 * POINTS_PER_UNIT,
        });
    }
    let starts = [(a, b), (b, a)].map(|(mine, theirs)| {
        (
            after_round(me, mine, round),
            after_round(opp, theirs, round),
        )
    });
    if r == AUCTION_ROUNDS - 1 {
        return starts.map(|(m, o)| pairs_curve(&m, &o));
    }
    if let Some(net) = valuation.net_at(round) {
        return starts.map(|(m, o)| net_curve(net, &m, &o, round + 1));
    }
    let rollouts = valuation.rollouts(round);
    let futures = sample_futures(round, rollouts, seed(me, opp, round, &[a, b]));
    let mut cache = ChoiceCache::new();
    starts.map(|(m, o)| play_rollouts_from(m, o, &futures, None, &mut cache).curve(true))
}

/// The futures every candidate scoring of round `round` is valued on (the auctions after
/// it), seeded by the position before the scoring; none where the network or the exact
/// endgame values them.
pub fn scoring_futures(
    me: &PlayerState,
    opp: &PlayerState,
    round: u8,
    valuation: Valuation,
) -> Vec<Vec<FutureRound>> {
    if (round as usize) >= AUCTION_ROUNDS - 1 || valuation.net_at(round).is_some() {
        return Vec::new();
    }
    sample_futures(round, valuation.rollouts(round), seed(me, opp, round, &[]))
}

/// `me`'s win probability (a draw counting half) right after round `round`'s scorings,
/// `me` and `opp` being the states after them: exact from round 11 on (every round-12 deal
/// in round 11, the known remainder after), the network's where `valuation` has it value
/// the round, else on `futures` ([`scoring_futures`]), so that every candidate of one
/// decision is valued on the same dice and their differences are real ones.
pub fn win_after_scoring(
    me: &PlayerState,
    opp: &PlayerState,
    round: u8,
    futures: &[Vec<FutureRound>],
    cache: &mut ChoiceCache,
    valuation: Valuation,
) -> f64 {
    let r = round as usize;
    let rest = |p: &PlayerState| match crate::rules::dice::total(&p.held) {
        5 => position_value_units(p.used, p.upper_k, &p.held) as i64 * POINTS_PER_UNIT,
        _ => 0,
    };
    if r > AUCTION_ROUNDS {
        return win_share((me.total_points() - opp.total_points()) as f64);
    }
    if r == AUCTION_ROUNDS {
        let diff = me.total_points() + rest(me) - opp.total_points() - rest(opp);
        return win_share(diff as f64);
    }
    if r == AUCTION_ROUNDS - 1 {
        return sure_win_probability(me, opp, &final_rest_points(opp));
    }
    if let Some(net) = valuation.net_at(round) {
        return net_curve(net, me, opp, round + 1).at(0.0);
    }
    play_rollouts_from(*me, *opp, futures, None, cache)
        .curve(true)
        .at(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Pcg64;

    fn bundle(rng: &mut Pcg64) -> Counts {
        let mut c = [0u8; 6];
        for _ in 0..5 {
            c[rng.below(6)] += 1;
        }
        c
    }

    /// Two players before round `round`'s auction.
    fn position(seed: u64, round: u8) -> (PlayerState, PlayerState) {
        let mut rng = Pcg64::seed_from_u64(seed);
        let (mut me, mut opp) = (PlayerState::default(), PlayerState::default());
        for r in 1..round {
            me = after_round(&me, &bundle(&mut rng), r);
            opp = after_round(&opp, &bundle(&mut rng), r);
        }
        (me, opp)
    }

    /// One side's curves are the other side's, mirrored: the review values both sides'
    /// bids on one search.
    #[test]
    fn the_curves_of_both_sides_are_mirrors() {
        for round in [1u8, 5, 11, 12] {
            let (me, opp) = position(round as u64, round);
            let (a, b) = ([1, 1, 1, 1, 1, 0], [0, 0, 0, 2, 0, 3]);
            let ours = auction_curves(&me, &opp, round, &a, &b, Valuation::Rollouts(200));
            let theirs = auction_curves(&opp, &me, round, &a, &b, Valuation::Rollouts(200));
            for delta in [-9_000.0, -1_000.0, 0.0, 2_500.0] {
                // We get A with transfer δ ⇔ they get B with transfer −δ.
                let p = ours[0].at(delta) + theirs[1].at(-delta);
                if round >= 11 {
                    assert!((p - 1.0).abs() < 1e-9, "round {round}: {p}");
                } else {
                    // Rollouts: other seeds for the other side's search; close, not equal.
                    assert!((p - 1.0).abs() < 0.12, "round {round}: {p}");
                }
            }
        }
    }

    /// A better scoring wins more often on the same futures, and the last rounds are exact.
    #[test]
    fn a_scoring_is_valued_on_common_futures() {
        let (mut me, mut opp) = position(3, 6);
        me.receive(&[0, 0, 0, 0, 0, 5]);
        opp.receive(&[1, 1, 1, 1, 1, 0]);
        let futures = scoring_futures(&me, &opp, 6, Valuation::Rollouts(400));
        assert_eq!(futures.len(), 400);
        let opp_after = after_table_scoring(&opp, &[0; 6]);
        let mut cache = ChoiceCache::new();
        let mut with = |category: crate::rules::category::Category| {
            let mut after = me;
            after.apply_score(category, &[0, 0, 0, 0, 0, 5]).ok()?;
            Some(win_after_scoring(
                &after,
                &opp_after,
                6,
                &futures,
                &mut cache,
                Valuation::Rollouts(400),
            ))
        };
        use crate::rules::category::Category;
        if let (Some(yacht), Some(one)) = (with(Category::Yacht), with(Category::One)) {
            assert!(yacht > one, "{yacht} {one}");
        }
        // After the last scoring, the result itself.
        let a = PlayerState {
            category_k: 200,
            ..PlayerState::default()
        };
        let b = PlayerState::default();
        let v = Valuation::Rollouts(400);
        assert_eq!(win_after_scoring(&a, &b, 13, &[], &mut cache, v), 1.0);
        assert_eq!(win_after_scoring(&b, &b, 13, &[], &mut cache, v), 0.5);
    }
}
