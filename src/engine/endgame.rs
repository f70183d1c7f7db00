//! Which rounds bid for the win, and the win curves they bid with.

use std::time::{Duration, Instant};

use super::bidding::{bundle_values, POINTS_PER_UNIT};
use super::choice::{best_choice_for, top_choices, Choice};
use super::rollout::{rollout_curve, sample_futures};
use super::view::GameView;
use super::wincurve::{after_table_scoring, pairs_curve, WinCurve};
use crate::rules::dice::Counts;
use crate::selfplay::AUCTION_ROUNDS;

/// Rollouts per win curve before round 11.
pub const ROLLOUTS: usize = 400;
/// Hard budget for computing both win curves of one bid, far below the judge's 0.5 s
/// (the 400 rollouts of round 7, the longest, take about 13 ms here at p99).
pub const WIN_CURVES_BUDGET_MS: u64 = 120;

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
    let started = Instant::now();
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
        // Half the budget for the first curve; the second replays as many futures (the
        // same dice for both: common random numbers).
        let deadline = started + Duration::from_millis(WIN_CURVES_BUDGET_MS / 2);
        let (curve_a, played) = rollout_curve(&view.me, &view.opp, a, b, &futures, Some(deadline));
        let (curve_b, _) = rollout_curve(&view.me, &view.opp, b, a, &futures[..played], None);
        [curve_a, curve_b]
    };
    Some(curves)
}

/// Scorings weighed by win probability in round 11: the best few by the table.
pub const WIN_SCORING_CANDIDATES: usize = 8;

/// The round-11 scoring with the highest P(win) + ½ P(draw) among the table's best few
/// (ties: the higher table value), against the opponent's table scoring; `None` in other
/// rounds, or when the choice cannot matter.
pub fn win_scoring(view: &GameView, first_round: u8) -> Option<(Choice, f64)> {
    if first_round == 0 || (view.round as usize) != AUCTION_ROUNDS - 1 {
        return None;
    }
    let me = &view.me;
    let candidates = top_choices(me.used, me.upper_k, &me.held, WIN_SCORING_CANDIDATES);
    // The opponent scores at the same time: assume its table choice.
    let mut opp = view.opp;
    if let Some(choice) = best_choice_for(&opp) {
        let _ = opp.apply_score(choice.category, &choice.dice);
    }
    let mut best: Option<(Choice, f64)> = None;
    for candidate in candidates {
        let mut after = *me;
        if after
            .apply_score(candidate.category, &candidate.dice)
            .is_err()
        {
            continue;
        }
        let win = pairs_curve(&after, &opp).at(0.0);
        if best.is_none_or(|(_, w)| win > w) {
            best = Some((candidate, win));
        }
    }
    best
}
