//! The futures' lean: what the rollouts do not play, learnt from the bot's results.
//!
//! The rollouts ([`super::rollout`]) play both players by the table and split every later
//! auction evenly. The bot does better than that against an opponent that bids by a fixed
//! design (its own later win-seeking bids are not in the futures), and the same as that
//! against itself: its P(win) against the equilibrium designs was 0.3 to 0.5 logits short
//! of its results, right in self-play (docs/results.md#odds). The lean adds logits to every
//! P(win) of the rollouts' curves, in proportion to the auctions left, by what the game has
//! shown of the opponent: how well the model has predicted its bids, and what our asks have
//! earned. Its weights are a logistic regression of the bot's results on these features
//! with its own P(win) as the offset (`harness measure lean`), fitted on games against the
//! mix that stands for the finals: TD-Gammon's lesson, an evaluator corrected by its own
//! outcomes. Rounds 11 and 12 (enumerated and exact) do not lean: their curves were true.

use crate::engine::model::opponent::OpponentModel;
use crate::engine::track::view::GameView;
use crate::rules::auction::AUCTION_ROUNDS;

/// Points per unit of the earnings feature: a thousand points a auction.
const EARNED_UNIT_POINTS: f64 = 1_000.0;

/// What the lean is a function of, at one auction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeanFeatures {
    /// The share of the rollouts' auctions still to come: 1 in round 2, falling by a
    /// ninth a round to 1/9 in round 10, 0 from round 11 (no rollouts).
    pub left: f64,
    /// The model's predicted share ([`OpponentModel::predicted_share`]): near 1 against a
    /// design the habits know, near a half against one that bids as we do.
    pub predicted: f64,
    /// What our asks have earned per auction against the equilibrium's split, thousands
    /// of points, shrunk towards none by the earnings' prior
    /// ([`crate::engine::track::earnings::AuctionEarnings::expected_edge_points`]).
    pub earned: f64,
}

impl LeanFeatures {
    /// The features of the open auction of `view`, the opponent modelled by `model`.
    pub fn of(view: &GameView, model: &OpponentModel) -> LeanFeatures {
        let round = usize::from(view.round);
        let rolled_out = (2..AUCTION_ROUNDS - 1).contains(&round);
        let left = if rolled_out {
            (AUCTION_ROUNDS - 1 - round) as f64 / (AUCTION_ROUNDS - 3) as f64
        } else {
            0.0
        };
        let auctions_left = (AUCTION_ROUNDS - round.min(AUCTION_ROUNDS)).max(1) as f64;
        let earned = view.auction_earnings.expected_edge_points(view.round)
            / auctions_left
            / EARNED_UNIT_POINTS;
        LeanFeatures {
            left,
            predicted: model.predicted_share(),
            earned,
        }
    }

    /// The regression's inputs: the lean is their dot product with [`LEAN_WEIGHTS`].
    pub fn inputs(&self) -> [f64; LEAN_INPUTS] {
        [
            self.left,
            self.left * self.predicted,
            self.left * self.earned,
        ]
    }

    /// The lean, logits, with `weights`.
    pub fn logits(&self, weights: &[f64; LEAN_INPUTS]) -> f64 {
        self.inputs().iter().zip(weights).map(|(x, w)| x * w).sum()
    }
}

/// The regression's inputs: the auctions left, alone, times the predicted share, and times
/// the earnings.
pub const LEAN_INPUTS: usize = 3;

/// Fitted weights of [`LeanFeatures::inputs`] (logits at round 2): `harness measure lean`
/// on the default bot's forecasts against the default mix, 80 deal pairs each of seed 70,
/// against the luck-adjusted results (6,859 forecasts of rounds 2-10). In sample the level
/// shift goes from +0.47 to +0.12 against the equilibrium bidder, +0.53 to +0.23 against
/// eq-other-table, +0.34 to -0.02 against the maximin reference, +1.81 to +0.32 against
/// adapt-gain, and from 0.00 to -0.30 in self-play: early in a game nothing the model
/// sees tells a win-seeking opponent from an equilibrium design, so the lean is the mix's.
/// Held out (seed 71, in play): the equilibrium bidder's shift +0.38 -> -0.02, self-play's
/// +0.02 -> -0.32; over 300 deal pairs no win more (luck-adjusted -0.15 [-0.58, +0.28]
/// against the equilibrium bidder). Off by default (docs/experiments.md#futures-lean,
/// docs/runs/futures-lean.sh).
pub const LEAN_WEIGHTS: [f64; LEAN_INPUTS] = [0.345, 0.323, 2.705];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lean_fades_with_the_auctions_left_and_stops_at_round_11() {
        let model = OpponentModel::new();
        let mut view = GameView::default();
        let weights = [0.1, 0.4, 0.2];
        let mut last = f64::INFINITY;
        for round in 2..=12u8 {
            view.round = round;
            let f = LeanFeatures::of(&view, &model);
            // Before any GET: a half predicted, nothing earned.
            assert_eq!((f.predicted, f.earned), (0.5, 0.0));
            let logits = f.logits(&weights);
            assert!(logits < last || logits == 0.0, "round {round}: {logits}");
            last = logits;
            if round >= 11 {
                assert_eq!(logits, 0.0);
            }
        }
        view.round = 2;
        let f = LeanFeatures::of(&view, &model);
        assert!((f.logits(&weights) - (0.1 + 0.4 * 0.5)).abs() < 1e-12);
    }
}
