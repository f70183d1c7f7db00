//! Elo scales: the logistic Elo of a score rate, the normalized Elo (nElo) of a t-value
//! per game pair, and the estimate of both with their 95% errors, as fastchess reports
//! them (app/src/matchmaking/elo/elo_pentanomial.cpp).

use super::moments::Moments;

/// Elo per unit of t (standard deviations of a per-game score) near an even score:
/// 800 / ln 10, the slope of the logistic Elo curve at ½ divided by its σ of ½.
pub const ELO_PER_T: f64 = 347.435_585_522_601_46;

/// The score rates Elo is evaluated at are kept this far inside 0..=1, so that a perfect
/// or hopeless score maps to ±2400 Elo rather than to an infinity a report cannot print.
const ELO_SCORE_CLAMP: f64 = 1e-6;

/// Logistic Elo difference of a score rate: −400 · log10(1/score − 1).
pub fn elo(score_rate: f64) -> f64 {
    let s = score_rate.clamp(ELO_SCORE_CLAMP, 1.0 - ELO_SCORE_CLAMP);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Normalized Elo of a t-value per game pair, t · (800 / ln 10) / √2. The √2 counts a
/// pair as two games, so pentanomial and per-game nElo agree when a pair's games are
/// independent.
pub fn nelo_of_pair_t(t_per_pair: f64) -> f64 {
    t_per_pair * ELO_PER_T / std::f64::consts::SQRT_2
}

/// The t-value per game pair of a normalized Elo (inverse of [`nelo_of_pair_t`]).
pub fn pair_t_of_nelo(nelo: f64) -> f64 {
    std::f64::consts::SQRT_2 * nelo / ELO_PER_T
}

/// Point estimates and 95% errors from game-pair samples (each sample the pair's score
/// halved, 0..=1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub pairs: u64,
    /// Mean score per game, 0..=1.
    pub score: f64,
    /// Variance of one pair's halved score (the sample's, not the mean's).
    pub pair_variance: f64,
    /// Logistic Elo difference and the half-width of its 95% interval.
    pub elo: f64,
    pub elo_error: f64,
    /// Normalized Elo and the half-width of its 95% interval.
    pub nelo: f64,
    pub nelo_error: f64,
    /// Likelihood of superiority (probability the true score exceeds ½), 0..=1.
    pub los: f64,
}

impl Estimate {
    /// The errors are half the width of the normal interval of the score mapped to each
    /// scale (the Elo scale is not linear), as fastchess reports them; they are 0 where
    /// every pair scored alike, since such a sample estimates no variance.
    pub fn from_moments(moments: &Moments) -> Estimate {
        let margin = moments.margin_95();
        let (low, high) = (moments.mean - margin, moments.mean + margin);
        let elo_error = (elo(high) - elo(low)) / 2.0;
        // nElo is linear in the score at a fixed variance: the mapped half-width is
        // z / √pairs in t.
        let nelo_error = if moments.variance > 0.0 {
            nelo_of_pair_t(margin / moments.variance.sqrt())
        } else {
            0.0
        };
        Estimate {
            pairs: moments.samples,
            score: moments.mean,
            pair_variance: moments.variance,
            elo: elo(moments.mean),
            elo_error: if elo_error.is_nan() { 0.0 } else { elo_error },
            nelo: nelo_of_pair_t(moments.t_value()),
            nelo_error,
            los: moments.los(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logistic_elo_of_a_score() {
        // 400 · log10(3) = 190.848 501 887 865 (mpmath); the formula is fastchess's
        // scoreToEloDiff and OpenBench's logistic_elo.
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.848_501_887_865).abs() < 1e-9);
        assert!((elo(0.25) + 190.848_501_887_865).abs() < 1e-9);
        assert!((elo(1.0) - 2400.0).abs() < 1e-3 && (elo(0.0) + 2400.0).abs() < 1e-3);
        assert!((ELO_PER_T - 800.0 / std::f64::consts::LN_10).abs() < 1e-12);
    }

    #[test]
    fn nelo_and_pair_t_are_inverse() {
        for nelo in [-5.0, 0.0, 2.0, 57.9] {
            assert!((nelo_of_pair_t(pair_t_of_nelo(nelo)) - nelo).abs() < 1e-12);
        }
    }
}
