//! The futures' lean: what the rollouts do not play, learnt from the bot's results.
//!
//! The rollouts ([`super::rollout`]) play both players by the table and split every later
//! auction evenly. The bot does better than that against an opponent that bids by a fixed
//! design (its own later win-seeking bids are not in the futures), and the same as that
//! against itself: its P(win) against the equilibrium designs was 0.3 to 0.5 logits short
//! of its results, right in self-play (docs/results.md#odds). The lean adds logits to every
//! P(win) of the rollouts' curves: that edge, in proportion to the auctions left, weighed
//! by how likely the opponent is not a win-seeker of our kind (its bids' gaps from the
//! equilibrium, [`crate::engine::model::design`]). Its weight is a logistic regression of
//! the bot's luck-adjusted results on this input with its own P(win) as the offset
//! (`harness measure lean`), fitted on games against the mix that stands for the finals:
//! TD-Gammon's lesson, an evaluator corrected by its own outcomes. Rounds 11 and 12
//! (enumerated and exact) do not lean: their curves were true.

use crate::engine::model::opponent::OpponentModel;
use crate::engine::track::view::GameView;
use crate::rules::auction::AUCTION_ROUNDS;

/// Whether the auctions of `round` are priced by rollouts (rounds 2-10), so lean: rounds 11
/// and 12 are enumerated and exact.
pub fn rolled_out(round: u8) -> bool {
    (2..AUCTION_ROUNDS - 1).contains(&usize::from(round))
}

/// What the lean is a function of, at one auction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LeanFeatures {
    /// The share of the rollouts' auctions still to come: 1 in round 2, falling by a
    /// ninth a round to 1/9 in round 10, 0 from round 11 (no rollouts).
    pub left: f64,
    /// The probability that the opponent seeks wins as we do
    /// ([`OpponentModel::seeking_probability`]).
    pub seeking: f64,
}

impl LeanFeatures {
    /// The features of the open auction of `view`, the opponent modelled by `model`.
    pub fn of(view: &GameView, model: &OpponentModel) -> LeanFeatures {
        let round = usize::from(view.round);
        let left = if rolled_out(view.round) {
            (AUCTION_ROUNDS - 1 - round) as f64 / (AUCTION_ROUNDS - 3) as f64
        } else {
            0.0
        };
        LeanFeatures {
            left,
            seeking: model.seeking_probability(),
        }
    }

    /// The regression's inputs: the lean is their dot product with [`LEAN_WEIGHTS`].
    pub fn inputs(&self) -> [f64; LEAN_INPUTS] {
        [self.left * (1.0 - self.seeking)]
    }

    /// The lean, logits, with `weights`.
    pub fn logits(&self, weights: &[f64; LEAN_INPUTS]) -> f64 {
        self.inputs().iter().zip(weights).map(|(x, w)| x * w).sum()
    }
}

/// The regression's input: the auctions left times the probability that the opponent is
/// not a win-seeker.
pub const LEAN_INPUTS: usize = 1;

/// Fitted weight of [`LeanFeatures::inputs`] (logits at round 2, against an opponent known
/// not to seek wins): `harness measure lean` on the default bot's forecasts against the
/// equilibrium bidder, eq-other-table, the maximin reference and itself, 80 deal pairs each
/// of seed 70, against the luck-adjusted results (5,595 forecasts of rounds 2-10;
/// adapt-gain, which the bot beats 91-98%, left out: its adjusted results leave (0, 1)).
/// In sample the level shift goes from +0.47 to +0.11 against the equilibrium bidder, +0.53
/// to +0.17 against eq-other-table, +0.34 to -0.03 against the maximin reference, and from
/// 0.00 to -0.19 in self-play (docs/experiments.md#futures-lean,
/// docs/runs/futures-lean.sh). Off by default.
pub const LEAN_WEIGHTS: [f64; LEAN_INPUTS] = [0.747];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lean_fades_with_the_auctions_left_and_stops_at_round_11() {
        let model = OpponentModel::new();
        let mut view = GameView::default();
        let weights = [0.8];
        let mut last = f64::INFINITY;
        for round in 2..=12u8 {
            view.round = round;
            let f = LeanFeatures::of(&view, &model);
            // Before any GET the designs' prior.
            assert_eq!(f.seeking, model.seeking_probability());
            let logits = f.logits(&weights);
            assert!(logits < last || logits == 0.0, "round {round}: {logits}");
            last = logits;
            if round >= 11 {
                assert_eq!(logits, 0.0);
            }
        }
        view.round = 2;
        let f = LeanFeatures::of(&view, &model);
        assert!((f.logits(&weights) - 0.8 * (1.0 - f.seeking)).abs() < 1e-12);
    }
}
