//! What a round's auction looks like from the opponent's side: the public quantities any
//! reasonable bidder could base its bid on. The opponent model predicts bids from these.

use crate::engine::track::view::GameView;
use crate::engine::value::bidding::{bundle_values, POINTS_PER_UNIT};
use crate::engine::value::choice::best_immediate_k;
use crate::protocol::Group;
use crate::rules::category::POINTS_PER_K;
use crate::rules::dice::{pip_sum, Counts};

/// A quantity a bidder may bid on. Signed ones favour A when positive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feature {
    /// Pip sum of A minus pip sum of B.
    SumDiff,
    /// The opponent's own table value of A minus B (points).
    OwnValue,
    /// The full swing S, both players' values (points): what an equilibrium bidder prices.
    Swing,
    /// The opponent's best immediate score with A minus with B (points).
    Immediate,
    /// The opponent's lead over us (points, unsigned: no group preference).
    Lead,
    /// Our own table value of A minus B (points): what a bidder that prices what we want
    /// bids on (an adaptive public bot of the 2025 contest bids on half our gain).
    OtherValue,
}

impl Feature {
    pub const ALL: [Feature; 6] = [
        Feature::SumDiff,
        Feature::OwnValue,
        Feature::Swing,
        Feature::Immediate,
        Feature::Lead,
        Feature::OtherValue,
    ];
    /// The features that carry a group preference.
    pub const SIGNED: [Feature; 4] = [
        Feature::SumDiff,
        Feature::OwnValue,
        Feature::Swing,
        Feature::Immediate,
    ];
}

/// The public quantities of one auction.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RoundFeatures {
    pub round: u8,
    pub sum_diff: f64,
    pub own_value_points: f64,
    pub swing_points: f64,
    pub immediate_points: f64,
    pub lead_points: f64,
    pub other_value_points: f64,
    /// The opponent's maximin bid on its own win curves (the mirror of ours), where this
    /// round bids for the win; `None` where it bids for the expected score. What a
    /// contestant that bids for the win without modelling anyone asks.
    pub maximin_bid: Option<(Group, u32)>,
}

impl RoundFeatures {
    /// Computes the features of the open auction (`a`, `b`) for `view`.
    pub fn compute(view: &GameView, a: &Counts, b: &Counts) -> RoundFeatures {
        let values = bundle_values(&view.me, &view.opp, a, b);
        let immediate = |bundle: &Counts| {
            let mut held = view.opp.held;
            for (h, d) in held.iter_mut().zip(bundle) {
                *h = h.saturating_add(*d);
            }
            best_immediate_k(view.opp.used, &held) as f64
        };
        RoundFeatures {
            round: view.round,
            sum_diff: pip_sum(a) as f64 - pip_sum(b) as f64,
            own_value_points: ((values.theirs[0] - values.theirs[1]) as i64 * POINTS_PER_UNIT)
                as f64,
            swing_points: values.swing_points() as f64,
            immediate_points: (immediate(a) - immediate(b)) * POINTS_PER_K as f64,
            lead_points: (view.opp.total_points() - view.me.total_points()) as f64,
            other_value_points: ((values.ours[0] - values.ours[1]) as i64 * POINTS_PER_UNIT) as f64,
            maximin_bid: None,
        }
    }

    /// Whether the opponent and we each gain by the same bundle (by the table): an
    /// auction it must expect to fight for.
    pub fn contested(&self) -> bool {
        self.own_value_points * self.other_value_points > 0.0
    }

    /// The value of `feature` (signed features signed, `Lead` as is).
    pub fn get(&self, feature: Feature) -> f64 {
        match feature {
            Feature::SumDiff => self.sum_diff,
            Feature::OwnValue => self.own_value_points,
            Feature::Swing => self.swing_points,
            Feature::Immediate => self.immediate_points,
            Feature::Lead => self.lead_points,
            Feature::OtherValue => self.other_value_points,
        }
    }

    /// The magnitude a proportional bidder scales: |signed feature|, or the lead if positive.
    pub fn magnitude(&self, feature: Feature) -> f64 {
        match feature {
            Feature::Lead => self.lead_points.max(0.0),
            f => self.get(f).abs(),
        }
    }
}
