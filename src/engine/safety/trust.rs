//! How far the opponent model has earned trust this game, by stake.
//!
//! The account of [`super::account`] bounds what deviating may cost against the safe bid's
//! guarantee, funded by what the opponent gave. That does not bound it against what the
//! equilibrium bidder earns from the same opponent, which keeps those gifts too: an
//! adaptive bot that asks 3 when it expects us to want the other group, and raises when it
//! expects us to want its group, is predicted perfectly by the model in quiet rounds and
//! then beats a 5 in the first big contested auction, paid for by its own earlier gifts.
//!
//! So each contested auction (the opponent asked for the group the swing favours, the one
//! a deviation is about) tests the model: would its unconstrained best response in points
//! have earned at least the equilibrium bid's payoff against the bid the opponent made?
//! The model is trusted up to the largest stake `|S|` at which it has held since it last
//! failed, and a deviation's risk in points (next to the equilibrium bid, against any
//! opponent bid) may be at most [`TRUST_RISK_PER_STAKE`] of that stake. A failure at stake
//! `s` halves the trusted stake, and brings it down to at most [`FAILURE_KEEPS`] of `s`
//! (one miss at a small stake does not close the large ones the model has held at).

use super::payoff::payoff;
use crate::engine::tunables::{
    FAILURE_KEEPS, HELD_SHARE, HELD_SLACK_POINTS, TRUST_RISK_PER_STAKE, UNTESTED_RISK_POINTS,
};
use crate::engine::value::bidding::equilibrium_bid;
use crate::protocol::Group;

/// The model's record this game.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Trust {
    /// The largest stake (|S|, points) at which the model has held since its last failure.
    pub held_stake_points: f64,
    /// Contested auctions seen, and those in which the model failed.
    pub tests: u32,
    pub failures: u32,
}

impl Trust {
    /// The most a deviation may risk in points next to the equilibrium bid.
    pub fn risk_cap_points(&self) -> f64 {
        (TRUST_RISK_PER_STAKE.get() * self.held_stake_points).max(UNTESTED_RISK_POINTS.get())
    }

    /// Whether an auction of swing `swing_points` in which the opponent asked `their_group`
    /// was contested: it asked the group the swing favours, the one a deviation is about.
    pub fn contested(swing_points: f64, their_group: Group) -> bool {
        equilibrium_bid(swing_points.round() as i64).0 == their_group
    }

    /// Learns from a settled auction of swing `swing_points`: the model's unconstrained
    /// best response in points was `model`, the opponent asked `theirs`.
    pub fn record(&mut self, swing_points: f64, model: (Group, u32), theirs: (Group, u32)) {
        if !Trust::contested(swing_points, theirs.0) {
            return;
        }
        let equilibrium = equilibrium_bid(swing_points.round() as i64);
        self.tests += 1;
        let stake = swing_points.abs();
        let earned = |bid: (Group, u32)| payoff(swing_points, bid.0, bid.1, theirs.0, theirs.1);
        let slack = HELD_SHARE.get() * stake + HELD_SLACK_POINTS.get();
        if earned(model) >= earned(equilibrium) - slack {
            self.held_stake_points = self.held_stake_points.max(stake);
        } else {
            self.failures += 1;
            let kept = FAILURE_KEEPS.get() * stake.max(self.held_stake_points);
            self.held_stake_points = self.held_stake_points.min(kept);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::safety::payoff::points_risk;

    fn eq(swing_points: f64) -> (Group, u32) {
        equilibrium_bid(swing_points as i64)
    }

    #[test]
    fn untested_the_model_may_only_nudge_the_equilibrium() {
        let trust = Trust::default();
        // S = 12000: the equilibrium asks A 3000; a 5 risks about 6000.
        assert!(points_risk(12_000.0, eq(12_000.0), (Group::A, 5)) > trust.risk_cap_points());
        assert!(points_risk(12_000.0, eq(12_000.0), (Group::A, 3_001)) <= trust.risk_cap_points());
        assert!(points_risk(12_000.0, eq(12_000.0), (Group::A, 2_999)) <= trust.risk_cap_points());
    }

    #[test]
    fn quiet_rounds_on_the_other_group_earn_no_trust() {
        let mut trust = Trust::default();
        for _ in 0..5 {
            // The swing favours A; they ask B with 3: no test of a deviation on A.
            trust.record(12_000.0, (Group::A, 5), (Group::B, 3));
        }
        assert_eq!(trust.tests, 0);
        assert!(points_risk(12_000.0, eq(12_000.0), (Group::A, 5)) > trust.risk_cap_points());
    }

    #[test]
    fn a_held_prediction_opens_deviations_up_to_its_stake_and_a_failure_closes_them() {
        let mut trust = Trust::default();
        // They ask A with 3 at S = 12000 and the model said 4: held.
        trust.record(12_000.0, (Group::A, 4), (Group::A, 3));
        assert_eq!((trust.tests, trust.failures), (1, 0));
        assert!(points_risk(12_000.0, eq(12_000.0), (Group::A, 5)) <= trust.risk_cap_points());
        // A stake more than three times larger is not yet open to a full deviation.
        assert!(points_risk(60_000.0, eq(60_000.0), (Group::A, 5)) > trust.risk_cap_points());
        assert!(points_risk(36_000.0, eq(36_000.0), (Group::A, 5)) <= trust.risk_cap_points());
        // At S = 20000 they raise to 4000 above our 5: the model failed.
        trust.record(20_000.0, (Group::A, 5), (Group::A, 4_000));
        assert_eq!(trust.failures, 1);
        assert!(trust.held_stake_points <= 10_000.0);
        assert!(points_risk(40_000.0, eq(40_000.0), (Group::A, 5)) > trust.risk_cap_points());
        // A miss at a small stake halves what a large one earned.
        let mut trust = Trust::default();
        trust.record(40_000.0, (Group::A, 4), (Group::A, 3));
        trust.record(2_000.0, (Group::A, 1), (Group::A, 3));
        assert_eq!(trust.held_stake_points, 20_000.0);
    }

    #[test]
    fn one_off_the_known_bid_holds() {
        // Against an equilibrium bidder the model answers y + 1 or y − 1.
        let mut trust = Trust::default();
        trust.record(40_000.0, (Group::A, 10_001), (Group::A, 10_000));
        trust.record(40_000.0, (Group::A, 9_999), (Group::A, 10_000));
        assert_eq!((trust.tests, trust.failures), (2, 0));
        assert_eq!(trust.held_stake_points, 40_000.0);
    }
}
