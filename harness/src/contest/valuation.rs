//! How contest bots value the two bundles: a hand-tuned heuristic (the immediate score
//! plus a bonus for pairs, runs and upper-section progress), or the exact table.

use yacht::engine::value::bidding::bundle_values;
use yacht::engine::value::choice::all_choices;
use yacht::engine::value::state::PlayerState;
use yacht::protocol::Group;
use yacht::rules::category::{Category, POINTS_PER_K};
use yacht::rules::dice::Counts;

/// Potential of each face held at least twice (a pair may grow into a set), points.
pub const PAIR_BONUS_POINTS: i64 = 800;
/// Potential of four consecutive faces (a straight in the making), points.
pub const RUN_BONUS_POINTS: i64 = 2_500;
/// Potential per pip held of a face whose upper category is open, points.
pub const UPPER_PIP_POINTS: i64 = 300;

fn with_bundle(state: &PlayerState, bundle: &Counts) -> Counts {
    let mut held = state.held;
    for (h, d) in held.iter_mut().zip(bundle) {
        *h = h.saturating_add(*d);
    }
    held
}

/// The heuristic worth of receiving `bundle` (points): the best immediate score of the
/// ten dice in an open category, plus the potential of what they hold.
pub fn heuristic_points(state: &PlayerState, bundle: &Counts) -> i64 {
    let held = with_bundle(state, bundle);
    let immediate = all_choices(state.used, state.upper_k, &held)
        .iter()
        .map(|c| c.category.score_k(&c.dice) as i64 * POINTS_PER_K)
        .max()
        .unwrap_or(0);
    let pairs = held.iter().filter(|&&c| c >= 2).count() as i64 * PAIR_BONUS_POINTS;
    let run = (0..3).any(|start| held[start..start + 4].iter().all(|&c| c > 0));
    let upper: i64 = Category::ALL
        .iter()
        .filter(|c| state.used & c.bit() == 0)
        .filter_map(|c| c.upper_face())
        .map(|face| face as i64 * held[face as usize - 1] as i64 * UPPER_PIP_POINTS)
        .sum();
    immediate + pairs + if run { RUN_BONUS_POINTS } else { 0 } + upper
}

/// The group `state` prefers by the heuristic and by how much (points, ≥ 0).
pub fn heuristic_gap(state: &PlayerState, a: &Counts, b: &Counts) -> (Group, i64) {
    let (va, vb) = (heuristic_points(state, a), heuristic_points(state, b));
    if va >= vb {
        (Group::A, va - vb)
    } else {
        (Group::B, vb - va)
    }
}

/// The group `me` prefers by the exact table, and its own gap (points, ≥ 0), ignoring
/// what the bundles are worth to the opponent.
pub fn table_gap(me: &PlayerState, opp: &PlayerState, a: &Counts, b: &Counts) -> (Group, i64) {
    let v = bundle_values(me, opp, a, b);
    let gap = (v.ours[0] - v.ours[1]) as i64 * yacht::engine::value::bidding::POINTS_PER_UNIT;
    if gap >= 0 {
        (Group::A, gap)
    } else {
        (Group::B, -gap)
    }
}

/// The equilibrium bid on the table's swing (both players' values): group and amount.
pub fn equilibrium(me: &PlayerState, opp: &PlayerState, a: &Counts, b: &Counts) -> (Group, u32) {
    let v = bundle_values(me, opp, a, b);
    yacht::engine::value::bidding::equilibrium_bid(v.swing_points())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_yacht_in_the_making_is_worth_more_than_junk() {
        let state = PlayerState {
            held: [0, 0, 0, 0, 0, 4],
            ..PlayerState::default()
        };
        let sixes = [0, 0, 0, 0, 0, 5];
        let junk = [2, 1, 0, 0, 2, 0];
        let (group, gap) = heuristic_gap(&state, &sixes, &junk);
        assert_eq!(group, Group::A);
        assert!(gap > 20_000, "{gap}");
    }
}
