//! The sequential probability ratio test on normalized Elo, over the pentanomial counts
//! and estimates of [`crate::stats`].
//!
//! The test is the pentanomial normalized-Elo GSPRT: the log-likelihood ratio between the
//! maximum-likelihood distributions constrained to nElo = nelo1 and to nElo = nelo0
//! (Michel Van den Bergh, "Comments on Normalized Elo", section 4.1; fastchess
//! app/src/matchmaking/sprt/sprt.cpp and OpenBench OpenBench/stats.py compute the same),
//! with Wald's bounds ln(β/(1−α)) and ln((1−β)/α).

use crate::stats::{
    mean_and_variance, pair_t_of_nelo, AdjustedScores, Estimate, Moments, Pentanomial,
    HALF_PAIR_SCORES,
};

/// What a zero count is replaced with before the SPRT's likelihoods are computed (a zero
/// probability would make the log-likelihood ratio infinite); fastchess and OpenBench use
/// the same.
pub const ZERO_COUNT_EPSILON: f64 = 1e-3;
/// Default type I and type II error rates.
pub const DEFAULT_ALPHA: f64 = 0.05;
pub const DEFAULT_BETA: f64 = 0.05;

/// An SPRT on normalized Elo: H0 nElo = `nelo0` against H1 nElo = `nelo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    pub nelo0: f64,
    pub nelo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl SprtConfig {
    /// Bounds [nelo0, nelo1] with α = β = 0.05.
    pub fn new(nelo0: f64, nelo1: f64) -> Result<SprtConfig, String> {
        SprtConfig::with_error_rates(nelo0, nelo1, DEFAULT_ALPHA, DEFAULT_BETA)
    }

    pub fn with_error_rates(
        nelo0: f64,
        nelo1: f64,
        alpha: f64,
        beta: f64,
    ) -> Result<SprtConfig, String> {
        if !(nelo0.is_finite() && nelo1.is_finite() && nelo0 < nelo1) {
            return Err(format!(
                "SPRT bounds must be finite with nelo0 < nelo1, got [{nelo0}, {nelo1}]"
            ));
        }
        let rate_ok = |r: f64| r > 0.0 && r < 1.0;
        if !(rate_ok(alpha) && rate_ok(beta) && alpha + beta < 1.0) {
            return Err(format!(
                "SPRT error rates must lie in (0, 1) with alpha + beta < 1, got {alpha}, {beta}"
            ));
        }
        Ok(SprtConfig {
            nelo0,
            nelo1,
            alpha,
            beta,
        })
    }

    /// ln(β / (1 − α)): at or below it H0 is accepted.
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// ln((1 − β) / α): at or above it H1 is accepted.
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for these counts.
    pub fn llr(&self, counts: &Pentanomial) -> f64 {
        llr_normalized(counts, self.nelo0, self.nelo1)
    }

    /// The hypothesis a log-likelihood ratio accepts; `None` while it lies strictly
    /// between the bounds (or is not a number).
    pub fn decision(&self, llr: f64) -> Option<Decision> {
        if llr >= self.upper_bound() {
            Some(Decision::AcceptH1)
        } else if llr <= self.lower_bound() {
            Some(Decision::AcceptH0)
        } else {
            None
        }
    }

    /// The test's state for these counts.
    pub fn status(&self, counts: &Pentanomial) -> SprtStatus {
        SprtStatus {
            config: *self,
            counts: *counts,
            llr: self.llr(counts),
        }
    }

    /// The test's state on the luck-adjusted pair scores ([`llr_adjusted`]), beside the
    /// raw counts (for the Elo estimate of the summary).
    pub fn status_adjusted(&self, counts: &Pentanomial, adjusted: &AdjustedScores) -> SprtStatus {
        SprtStatus {
            config: *self,
            counts: *counts,
            llr: llr_adjusted(adjusted, self.nelo0, self.nelo1),
        }
    }
}

/// The GSPRT's log-likelihood ratio of the same hypotheses as [`llr_normal_approximation`]
/// on the raw pairs, read off the luck-adjusted pair scores: the bounds' nElo are turned
/// into pair scores with the raw pairs' own spread, `sⱼ = ½ + tⱼ·σ_raw` (so the test asks
/// the question the raw test asks, of the same true score), and the likelihoods are
/// normal with the adjusted pairs' far smaller variance:
/// `N/(2σ²_adj) · ((μ̂ − s₀)² − (μ̂ − s₁)²)`. The adjusted mean has the raw mean's
/// expectation (the luck terms have mean zero), so the test is as valid and needs the
/// variance ratio fewer pairs. 0 without pairs or variance.
pub fn llr_adjusted(adjusted: &AdjustedScores, nelo0: f64, nelo1: f64) -> f64 {
    let (Some(a), Some(raw)) = (adjusted.moments(), adjusted.raw_moments()) else {
        return 0.0;
    };
    if a.variance <= 0.0 || raw.variance <= 0.0 {
        return 0.0;
    }
    let sigma_raw = raw.variance.sqrt();
    let [s0, s1] = [nelo0, nelo1].map(|n| 0.5 + pair_t_of_nelo(n) * sigma_raw);
    a.samples as f64 / (2.0 * a.variance) * ((a.mean - s0).powi(2) - (a.mean - s1).powi(2))
}

/// Which hypothesis the SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// nElo ≤ nelo0 (no improvement of the size sought).
    AcceptH0,
    /// nElo ≥ nelo1.
    AcceptH1,
}

/// The SPRT's state after some pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtStatus {
    pub config: SprtConfig,
    pub counts: Pentanomial,
    llr: f64,
}

impl SprtStatus {
    pub fn llr(&self) -> f64 {
        self.llr
    }

    pub fn lower_bound(&self) -> f64 {
        self.config.lower_bound()
    }

    pub fn upper_bound(&self) -> f64 {
        self.config.upper_bound()
    }

    /// `None` while the LLR is strictly between the bounds (or not a number).
    pub fn decision(&self) -> Option<Decision> {
        self.config.decision(self.llr)
    }

    pub fn estimate(&self) -> Option<Estimate> {
        self.counts.estimate()
    }

    /// One line: `Elo 12.30 ± 4.50, nElo 20.10, LLR 1.23 (-2.94, 2.94) [0.00, 2.00]`.
    pub fn summary(&self) -> String {
        let (elo, elo_error, nelo) = self
            .estimate()
            .map_or((0.0, 0.0, 0.0), |e| (e.elo, e.elo_error, e.nelo));
        format!(
            "Elo {elo:.2} ± {elo_error:.2}, nElo {nelo:.2}, LLR {:.2} ({:.2}, {:.2}) [{:.2}, {:.2}]",
            self.llr,
            self.lower_bound(),
            self.upper_bound(),
            self.config.nelo0,
            self.config.nelo1
        )
    }
}

/// The pentanomial normalized-Elo log-likelihood ratio of nElo = `nelo1` against
/// nElo = `nelo0`: `N · Σ p̂ᵢ ln(p1ᵢ / p0ᵢ)`, where p̂ is the empirical distribution
/// (zero counts replaced by [`ZERO_COUNT_EPSILON`]) and pⱼ its maximum-likelihood
/// neighbour with nElo = neloⱼ. 0 without any pair; NaN if a constrained maximum does not
/// exist (bounds so extreme no distribution on 0..1 reaches them).
pub fn llr_normalized(counts: &Pentanomial, nelo0: f64, nelo1: f64) -> f64 {
    if counts.pairs() == 0 {
        return 0.0;
    }
    let regularized = counts
        .counts()
        .map(|c| if c == 0 { ZERO_COUNT_EPSILON } else { c as f64 });
    let total: f64 = regularized.iter().sum();
    let empirical = regularized.map(|c| c / total);
    let (Some(p0), Some(p1)) = (
        constrained_mle(&empirical, pair_t_of_nelo(nelo0)),
        constrained_mle(&empirical, pair_t_of_nelo(nelo1)),
    ) else {
        return f64::NAN;
    };
    let mean_log_ratio: f64 = (0..5)
        .map(|i| empirical[i] * (p1[i].ln() - p0[i].ln()))
        .sum();
    total * mean_log_ratio
}

/// The normal approximation of the GSPRT's log-likelihood ratio of nElo = `nelo1`
/// against nElo = `nelo0` for samples that are not pentanomial (the gauntlet's paired
/// trials take nine values): `N/2 · ((t̂ − t₀)² − (t̂ − t₁)²)` with t̂ = (μ − ½)/σ per
/// sample and tⱼ the t-value per pair of neloⱼ (Van den Bergh, "Comments on Normalized
/// Elo", the GSPRT's normal approximation). 0 when the samples show no variance.
pub fn llr_normal_approximation(moments: &Moments, nelo0: f64, nelo1: f64) -> f64 {
    if moments.variance <= 0.0 {
        return 0.0;
    }
    let t_hat = moments.t_value();
    let (t0, t1) = (pair_t_of_nelo(nelo0), pair_t_of_nelo(nelo1));
    moments.samples as f64 / 2.0 * ((t_hat - t0).powi(2) - (t_hat - t1).powi(2))
}

/// Outer fixed-point iterations of [`constrained_mle`] before giving up.
const MLE_MAX_ITERATIONS: usize = 10_000;
/// Converged when no probability moves by more than this in one iteration.
const MLE_TOLERANCE: f64 = 1e-10;

/// The distribution p closest to `empirical` in likelihood subject to
/// (μ(p) − ½) / σ(p) = `t` (Van den Bergh, section 4.1).
///
/// The Lagrange condition gives pᵢ = p̂ᵢ / (1 + θ·φᵢ) with
/// φᵢ = aᵢ − ½ − ½·t·σ·(1 + ((aᵢ − μ)/σ)²), where μ and σ are those of p itself; so
/// iterate: compute φ from the current p, solve Σ p̂ᵢ φᵢ / (1 + θ φᵢ) = 0 for θ, update p.
/// Starting from the uniform distribution, as the paper suggests.
fn constrained_mle(empirical: &[f64; 5], t: f64) -> Option<[f64; 5]> {
    let mut p = [0.2; 5];
    for _ in 0..MLE_MAX_ITERATIONS {
        let (mu, variance) = mean_and_variance(HALF_PAIR_SCORES.into_iter().zip(p));
        let sigma = variance.sqrt();
        if sigma.is_nan() || sigma <= 0.0 {
            return None;
        }
        let phi = HALF_PAIR_SCORES.map(|a| {
            let z = (a - mu) / sigma;
            a - 0.5 - 0.5 * t * sigma * (1.0 + z * z)
        });
        let theta = solve_lagrange_multiplier(empirical, &phi)?;
        let mut max_change = 0.0f64;
        for i in 0..5 {
            let next = empirical[i] / (1.0 + theta * phi[i]);
            max_change = max_change.max((next - p[i]).abs());
            p[i] = next;
        }
        if max_change < MLE_TOLERANCE {
            return Some(p);
        }
    }
    // Not converged to the tolerance: the last iterate is still a close approximation.
    Some(p)
}

/// The root θ of g(θ) = Σ p̂ᵢ φᵢ / (1 + θ φᵢ) with every 1 + θ φᵢ > 0, i.e. θ in
/// (−1/max φ, −1/min φ). g decreases strictly there from +∞ to −∞, so the root is unique;
/// Newton steps, falling back to bisection whenever a step leaves the bracket.
fn solve_lagrange_multiplier(empirical: &[f64; 5], phi: &[f64; 5]) -> Option<f64> {
    let lowest = phi.iter().copied().fold(f64::INFINITY, f64::min);
    let highest = phi.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // Without φ of both signs every term has the same sign and no root exists.
    if !(lowest < 0.0 && highest > 0.0) {
        return None;
    }
    let (mut lo, mut hi) = (-1.0 / highest, -1.0 / lowest);
    let g_and_slope = |theta: f64| {
        let mut g = 0.0;
        let mut slope = 0.0;
        for (w, f) in empirical.iter().zip(phi) {
            let d = 1.0 + theta * f;
            g += w * f / d;
            slope -= w * f * f / (d * d);
        }
        (g, slope)
    };
    let mut theta = 0.0f64.clamp(lo, hi);
    for _ in 0..200 {
        let (g, slope) = g_and_slope(theta);
        if g == 0.0 {
            return Some(theta);
        }
        if g > 0.0 {
            lo = theta;
        } else {
            hi = theta;
        }
        let newton = theta - g / slope;
        let next = if newton > lo && newton < hi && newton.is_finite() {
            newton
        } else {
            0.5 * (lo + hi)
        };
        if (next - theta).abs() <= 1e-15 * (1.0 + theta.abs()) || hi - lo <= 1e-15 {
            return Some(next);
        }
        theta = next;
    }
    Some(theta)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    /// Golden LLRs: Van den Bergh's section 4.1 algorithm (zero counts replaced by 1e-3,
    /// MLE from the uniform distribution by the fixed point p = p̂ / (1 + θφ), LLR =
    /// N · Σ p̂ ln(p1/p0)), evaluated in Python with mpmath at 50 digits, each MLE iterated
    /// to 1e-40 and checked against its constraint, and cross-checked to 14 digits by a
    /// second method (maximizing the empirical likelihood at fixed mean and variance, then
    /// profiling over σ). Counts (LL, LD, WL+DD, WD, WW) and bounds are fastchess's
    /// app/tests/sprt_test.cpp "normalized pentanomial 1..3" (expecting 2.25, 3.01 and
    /// 111.82 ± 1%) and OpenBench's OpenBench/stats.py example.
    const GOLDEN_LLRS: [(Pentanomial, f64, f64, f64); 5] = [
        (
            Pentanomial::new(365, 16618, 36029 + 200, 16974, 390),
            0.0,
            2.0,
            2.250_367_703_546_976,
        ),
        (
            Pentanomial::new(127, 4883, 10311 + 401, 5150, 104),
            -1.75,
            0.25,
            3.010_154_196_603_691,
        ),
        (
            Pentanomial::new(0, 0, 0, 0, 5550),
            0.0,
            5.0,
            111.797_555_086_714_2,
        ),
        (
            Pentanomial::new(39, 8843, 26675, 9240, 44),
            0.5,
            2.5,
            2.941_675_207_987_069,
        ),
        (
            Pentanomial::new(0, 0, 10, 0, 0),
            0.0,
            2.0,
            -3.500_705_369_263_9e-4,
        ),
    ];

    #[test]
    fn llrs_match_the_reference() {
        for (counts, nelo0, nelo1, expected) in GOLDEN_LLRS {
            let llr = SprtConfig::new(nelo0, nelo1).unwrap().llr(&counts);
            assert!(
                close(llr, expected, 1e-9),
                "{counts} [{nelo0}, {nelo1}]: LLR {llr}"
            );
        }
    }

    /// The normal approximation N/2 · ((t̂ − t₀)² − (t̂ − t₁)²) of the same samples
    /// (t̂ from the unregularized pentanomial mean and variance), evaluated in Python:
    /// within 1e-3 of the exact LLR on these large samples.
    #[test]
    fn the_normal_approximation_is_close_on_large_samples() {
        let approximations = [2.250_431_196_653_352, 3.010_880_754_878_487];
        for ((counts, nelo0, nelo1, exact), expected) in GOLDEN_LLRS.into_iter().zip(approximations)
        {
            let approximation = llr_normal_approximation(&counts.moments().unwrap(), nelo0, nelo1);
            assert!(close(approximation, expected, 1e-9), "{approximation}");
            assert!(close(approximation, exact, 1e-3), "{approximation} {exact}");
        }
    }

    #[test]
    fn decisions_at_the_reference_llrs() {
        let [accepts_h1, negative_bound, ..] = GOLDEN_LLRS;
        // 2.25 is inside (−2.94, 2.94) for [0, 2]; 3.01 is above it for [−1.75, 0.25].
        let status = SprtConfig::new(accepts_h1.1, accepts_h1.2)
            .unwrap()
            .status(&accepts_h1.0);
        assert_eq!(status.decision(), None);
        let status = SprtConfig::new(negative_bound.1, negative_bound.2)
            .unwrap()
            .status(&negative_bound.0);
        assert_eq!(status.decision(), Some(Decision::AcceptH1));
        let config = SprtConfig::new(0.0, 2.0).unwrap();
        assert_eq!(config.decision(-3.0), Some(Decision::AcceptH0));
        assert_eq!(config.decision(f64::NAN), None);
    }

    #[test]
    fn bounds_and_summary() {
        let status = SprtConfig::new(0.0, 2.0)
            .unwrap()
            .status(&Pentanomial::new(34, 54, 63, 64, 75));
        // ln(0.05 / 0.95) = −2.944 438 979 166 44.
        assert!(close(status.lower_bound(), -2.944_438_979_166_44, 1e-12));
        assert!(close(status.upper_bound(), 2.944_438_979_166_44, 1e-12));
        assert_eq!(status.decision(), None);
        let line = status.summary();
        // Elo and nElo of these counts: see stats::pentanomial's reference test.
        assert!(
            line.starts_with("Elo 55.58 ± 27.65, nElo 57.94, LLR "),
            "{line}"
        );
        assert!(line.ends_with("(-2.94, 2.94) [0.00, 2.00]"), "{line}");
    }

    #[test]
    fn degenerate_counts_do_not_panic() {
        let config = SprtConfig::new(0.0, 2.0).unwrap();
        assert_eq!(config.llr(&Pentanomial::default()), 0.0);
        assert!(config.llr(&Pentanomial::new(0, 0, 10, 0, 0)).is_finite());
        let all_wins = Pentanomial::new(0, 0, 0, 0, 50);
        assert!(config.status(&all_wins).llr() > 0.0);
        let _ = config.status(&all_wins).summary();
        let _ = config.status(&Pentanomial::default()).summary();
        assert!(SprtConfig::new(2.0, 0.0).is_err());
        assert!(SprtConfig::with_error_rates(0.0, 2.0, 0.0, 0.05).is_err());
    }

    #[test]
    fn symmetric_counts_give_antisymmetric_llr() {
        let counts = Pentanomial::new(10, 30, 50, 40, 20);
        let mirrored = Pentanomial::new(20, 40, 50, 30, 10);
        let a = llr_normalized(&counts, -3.0, 3.0);
        let b = llr_normalized(&mirrored, -3.0, 3.0);
        assert!(close(a, -b, 1e-6), "{a} {b}");
    }

    /// Without luck the adjusted test is the raw pairs' normal approximation; with luck
    /// that explains half of each pair's deviation, the same mean reads as stronger
    /// evidence (a quarter of the variance: four times the LLR).
    #[test]
    fn the_adjusted_test_asks_the_raw_question_with_less_noise() {
        let pairs = [1.0, 0.75, 0.5, 0.5, 0.75, 0.25, 1.0, 0.5];
        let mut none = AdjustedScores::default();
        let mut half = AdjustedScores::default();
        let mean = pairs.iter().sum::<f64>() / pairs.len() as f64;
        for &raw in &pairs {
            none.add(raw, [0.0, 0.0], [raw, raw]);
            // Luck of half the deviation from the mean, in both games.
            let luck = 0.5 * (raw - mean);
            half.add(raw, [luck, luck], [raw, raw]);
        }
        let raw = Moments::from_counts(pairs.iter().map(|&p| (p, 1))).unwrap();
        let expected = llr_normal_approximation(&raw, 0.0, 10.0);
        assert!(close(llr_adjusted(&none, 0.0, 10.0), expected, 1e-9));
        assert!(close(llr_adjusted(&half, 0.0, 10.0), 4.0 * expected, 1e-9));
        assert_eq!(llr_adjusted(&AdjustedScores::default(), 0.0, 10.0), 0.0);
    }
}
