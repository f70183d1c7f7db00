//! Which kind of design bids against us: the equilibrium of a table, a win-seeker of our
//! kind, or another, told apart by how far each of its bids stood from the equilibrium bid.
//!
//! Why: the futures of the win curves play both players by the table and the equilibrium
//! split. Against an equilibrium design the bot's own later win-seeking is an edge the
//! futures leave out (the bot wins more than they say); against a win-seeker of our kind
//! the two sides' win-seeking cancels and the futures are true (docs/results.md#odds).
//! The futures' lean ([`crate::engine::search::lean`]) weighs that edge by how likely the
//! opponent is not a win-seeker.
//!
//! The evidence per auction is the class of its bid's gap from the equilibrium bid
//! ([`crate::engine::model::opponent::OpponentModel::bid_gaps`]): near (≤ 1%), moderate
//! (≤ 30%), far. A table's equilibrium, ours or another's, stays near; a win-seeker moves
//! moderately about half the time (its curves bend the price where the game is close);
//! other designs bid far.

/// The gap bounds of the classes: near up to the first, moderate up to the second, far
/// beyond.
const GAP_BOUNDS: [f64; 2] = [0.01, 0.3];

/// The likelihood of each gap class (near, moderate, far) under each design (a win-seeker,
/// an equilibrium design, another). Measured on the default bot's games of seed 70 (80 deal
/// pairs each, `docs/runs/futures-lean.sh`; the opponents' bids of rounds 2-9): the bot
/// itself 0.461, 0.467, 0.073; the equilibrium bidder and the maximin reference 1.0, 0, 0;
/// eq-other-table 0.977, 0.023, 0; adapt-gain 0.003, 0.091, 0.906. Rounded, with a floor
/// of 1% where a design showed none; the third design's row is set by hand, wider than
/// adapt-gain's alone, so that no design is excluded by one bid.
const LIKELIHOODS: [[f64; 3]; 3] = [[0.45, 0.45, 0.10], [0.97, 0.02, 0.01], [0.10, 0.20, 0.70]];

/// The designs' prior weights (a win-seeker, an equilibrium design, another): the finals'
/// field is built on the exact table and the equilibrium bid, some of it win-seeking (the
/// mix the lean is fitted on has as many of each). Set by hand.
const PRIORS: [f64; 3] = [0.45, 0.45, 0.10];

/// The probability that the opponent seeks wins as we do, given the gaps of its bids
/// (each 0..=1, in order). Leave out auctions in which every design bids alike (round 1:
/// the win-seekers of the mix bid the equilibrium there).
pub fn seeking_probability(gaps: impl IntoIterator<Item = f64>) -> f64 {
    let mut weights = PRIORS;
    for gap in gaps {
        let class = GAP_BOUNDS.iter().filter(|&&bound| gap > bound).count();
        for (weight, likelihood) in weights.iter_mut().zip(&LIKELIHOODS) {
            *weight *= likelihood[class];
        }
        // Renormalised every bid: a long game of near bids must not underflow.
        let total: f64 = weights.iter().sum();
        weights.iter_mut().for_each(|w| *w /= total);
    }
    weights[0]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn before_any_bid_the_prior_speaks() {
        assert_eq!(seeking_probability([]), PRIORS[0]);
    }

    #[test]
    fn moderate_gaps_reveal_a_seeker_and_near_ones_an_equilibrium_design() {
        let seeker = seeking_probability([0.004, 0.05, 0.002, 0.12]);
        assert!(seeker > 0.95, "{seeker}");
        let equilibrium = seeking_probability([0.0, 0.002, 0.001, 0.0, 0.003]);
        assert!(equilibrium < 0.05, "{equilibrium}");
        // One moderate bid among near ones (eq-other-table does it one bid in forty) does
        // not make a seeker.
        let slip = seeking_probability([0.0, 0.002, 0.05, 0.001, 0.0, 0.003, 0.0]);
        assert!(slip < 0.2, "{slip}");
    }

    #[test]
    fn far_bids_are_neither() {
        let other = seeking_probability([1.0, 0.8, 1.0, 0.6]);
        assert!(other < 0.01, "{other}");
        // and a thousand near bids leave a number, not a NaN.
        let long = seeking_probability(std::iter::repeat_n(0.0, 1_000));
        assert!((0.0..1e-6).contains(&long), "{long}");
    }
}
