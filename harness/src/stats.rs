//! The one statistics module of the harness: match records, deal-pair (pentanomial)
//! counts, their mean and variance, the score interval, Elo and normalized Elo, and
//! quantiles, and the logistic fit of forecasts against results. The SPRT ([`sprt`]) and the gauntlet's paired comparison build on
//! these and keep no statistics of their own.
//!
//! The formulas are fastchess's and OpenBench's (app/src/matchmaking/elo/
//! elo_pentanomial.cpp; OpenBench/stats.py) and Michel Van den Bergh's, "Comments on
//! Normalized Elo"; the tests check golden values computed from them independently.

pub mod bradley_terry;
mod elo;
pub mod linear;
pub mod logistic;
mod match_stats;
mod moments;
mod pentanomial;
pub mod sprt;

pub use elo::{elo, nelo_of_pair_t, pair_t_of_nelo, Estimate, ELO_PER_T};
pub use match_stats::{AdjustedScores, MatchStats, PairRecord};
pub use moments::{mean_and_variance, normal_cdf, Moments, Z_95};
pub use pentanomial::{Pentanomial, HALF_PAIR_SCORES};

/// `q`-quantile (0..=1) of unsorted samples, nearest rank ([`yacht::bench::quantile`],
/// the one convention bench and the reports share); `None` when empty.
pub fn quantile(samples: &mut [u32], q: f64) -> Option<u32> {
    samples.sort_unstable();
    yacht::bench::quantile(samples, q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_nearest_rank() {
        let mut v = vec![5, 1, 4, 2, 3];
        assert_eq!(quantile(&mut v, 0.5), Some(3));
        assert_eq!(quantile(&mut v, 0.99), Some(5));
        assert_eq!(quantile(&mut [], 0.5), None);
    }
}
