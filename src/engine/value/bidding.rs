//! Pricing the auction: what bundle A is worth against bundle B, to both players.
//!
//! A bundle's value to a player is `G(that player's state, carried + bundle)` (round 1:
//! `F` of the bundle itself). The swing `S = (ours(A) − ours(B)) + (theirs(A) − theirs(B))`
//! is how much our expected score difference gains if we get A instead of B.

use super::choice::{best_greedy_choice, position_value_units};
use super::state::PlayerState;
use crate::engine::config::Scoring;
use crate::protocol::{Group, BID_MAX_POINTS};
use crate::rules::category::POINTS_PER_K;
use crate::rules::dice::Counts;
use crate::table::TABLE_UNITS_PER_K;

/// Judge points per table unit (1 unit = 1/200 kilo-point = 5 points).
pub const POINTS_PER_UNIT: i64 = POINTS_PER_K / TABLE_UNITS_PER_K as i64;

/// Each player's expected remaining score with bundle A and with bundle B, table units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BundleValues {
    /// Ours, indexed A = 0, B = 1.
    pub ours: [i32; 2],
    /// The opponent's, indexed A = 0, B = 1.
    pub theirs: [i32; 2],
}

impl BundleValues {
    /// The swing `S` in table units: positive favours A.
    pub fn swing_units(&self) -> i32 {
        (self.ours[0] - self.ours[1]) + (self.theirs[0] - self.theirs[1])
    }

    /// The swing in judge points.
    pub fn swing_points(&self) -> i64 {
        self.swing_units() as i64 * POINTS_PER_UNIT
    }
}

/// `p`'s held dice with `bundle` added.
fn with_bundle(p: &PlayerState, bundle: &Counts) -> Counts {
    let mut held = p.held;
    for (h, d) in held.iter_mut().zip(bundle) {
        *h = h.saturating_add(*d);
    }
    held
}

/// Values of the two bundles to both players.
pub fn bundle_values(me: &PlayerState, opp: &PlayerState, a: &Counts, b: &Counts) -> BundleValues {
    let value = |p: &PlayerState, bundle: &Counts| {
        position_value_units(p.used, p.upper_k, &with_bundle(p, bundle))
    };
    BundleValues {
        ours: [value(me, a), value(me, b)],
        theirs: [value(opp, a), value(opp, b)],
    }
}

/// How much more bundle A is worth than bundle B to `me` alone, judge points: by the table
/// (the first half of the swing), or for a greedy scorer by the best score it makes now.
pub fn own_gain_points(me: &PlayerState, a: &Counts, b: &Counts, scoring: Scoring) -> i64 {
    let value = |bundle: &Counts| {
        let held = with_bundle(me, bundle);
        match scoring {
            Scoring::Table => position_value_units(me.used, me.upper_k, &held),
            Scoring::Greedy => {
                best_greedy_choice(me.used, me.upper_k, &held).map_or(0, |c| c.value_units)
            }
        }
    };
    (value(a) - value(b)) as i64 * POINTS_PER_UNIT
}

/// The equilibrium bid for swing `S` (judge points): ask for A if `S > 0`, else B, with
/// amount `|S| / 4`, rounded, clamped to 0..=100000.
///
/// Why a quarter: when both ask for the same group, winning costs the difference `x + y`
/// and losing earns `x + y`. Against a bid `y` the opponent's best reply earns
/// `max(S − 2y, 2y)`, smallest at `y = S / 4`, which guarantees us half the swing.
pub fn equilibrium_bid(swing_points: i64) -> (Group, u32) {
    let group = if swing_points > 0 { Group::A } else { Group::B };
    let amount = (swing_points.unsigned_abs() + 2) / 4;
    (group, amount.min(BID_MAX_POINTS as u64) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equilibrium_is_a_quarter_of_the_swing() {
        assert_eq!(equilibrium_bid(40_000), (Group::A, 10_000));
        assert_eq!(equilibrium_bid(-40_002), (Group::B, 10_001));
        assert_eq!(equilibrium_bid(0), (Group::B, 0));
        assert_eq!(equilibrium_bid(10_000_000), (Group::A, BID_MAX_POINTS));
        assert_eq!(equilibrium_bid(i64::MIN), (Group::B, BID_MAX_POINTS));
    }
}
