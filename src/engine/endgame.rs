//! Which rounds bid for the win, and the win curves they bid with.

use super::bidding::{bundle_values, POINTS_PER_UNIT};
use super::rollout::{rollout_curve, sample_futures};
use super::view::GameView;
use super::wincurve::{after_table_scoring, pairs_curve, WinCurve};
use crate::rules::dice::Counts;
use crate::selfplay::AUCTION_ROUNDS;

/// Rollouts per win curve before round 11.
pub const ROLLOUTS: usize = 400;

/// A seed that depends only on the position, so decisions are reproducible.
fn rollout_seed(view: &GameView, a: &Counts, b: &Counts) -> u64 {
    let mut bytes = Vec::with_capacity(64);
    for p in [&view.me, &view.opp] {
        bytes.extend_from_slice(&p.held);
        bytes.extend_from_slice(&p.used.to_le_bytes());
        bytes.extend_from_slice(&p.total_points().to_le_bytes());
    }
    bytes.extend_from_slice(a);
    bytes.extend_from_slice(b);
    bytes.push(view.round);
    crate::solver::quantize::fnv1a64(&bytes)
}

/// The win curves (we get A, we get B) of the open auction, or `None` when this round
/// bids for the expected score (before `first_round`, or `first_round` 0: never).
pub fn win_curves(
    view: &GameView,
    first_round: u8,
    a: &Counts,
    b: &Counts,
) -> Option<[WinCurve; 2]> {
    let round = view.round as usize;
    // Round 1 has no scoring to roll out from; it always bids for the expected score.
    if first_round == 0 || round < (first_round as usize).max(2) || round > AUCTION_ROUNDS {
        return None;
    }
    let curves = if round == AUCTION_ROUNDS {
        // No dice left to roll: the final difference is known for each assignment.
        let diff_points = view.me.total_points() - view.opp.total_points();
        let v = bundle_values(&view.me, &view.opp, a, b);
        let exact = |ours: i32, theirs: i32| WinCurve::Exact {
            diff_points: diff_points + (ours - theirs) as i64 * POINTS_PER_UNIT,
        };
        [exact(v.ours[0], v.theirs[1]), exact(v.ours[1], v.theirs[0])]
    } else if round == AUCTION_ROUNDS - 1 {
        let curve = |mine: &Counts, theirs: &Counts| {
            pairs_curve(
                &after_table_scoring(&view.me, mine),
                &after_table_scoring(&view.opp, theirs),
            )
        };
        [curve(a, b), curve(b, a)]
    } else {
        let futures = sample_futures(view.round, ROLLOUTS, rollout_seed(view, a, b));
        let curve = |mine: &Counts, theirs: &Counts| {
            rollout_curve(&view.me, &view.opp, mine, theirs, &futures)
        };
        [curve(a, b), curve(b, a)]
    };
    Some(curves)
}
