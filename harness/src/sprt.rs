//! Match statistics over game pairs, computed as fastchess and OpenBench compute them.
//!
//! Every deal is played twice with the seats swapped; the pair is the unit of sampling
//! (the two games of a pair are strongly correlated, so counting games separately would
//! understate the error). A pair scores 0, ½, 1, 1½ or 2 points; the statistics use the
//! pair score halved (0, ¼, ½, ¾, 1) so that its mean is the usual per-game score rate.
//!
//! - Score rate, Elo and normalized Elo come from the mean and variance of that
//!   pentanomial distribution, with 95% intervals from the per-pair variance.
//! - The SPRT is the pentanomial normalized-Elo GSPRT: the log-likelihood ratio between the
//!   maximum-likelihood distributions constrained to nElo = nelo1 and to nElo = nelo0
//!   (Michel Van den Bergh, "Comments on Normalized Elo", section 4.1).

use std::fmt;
use std::ops::AddAssign;

/// The two-sided 95% normal quantile.
pub const Z_95: f64 = 1.959_963_984_540_054;
/// Elo per unit of logistic "t" near a 50% score: 800 / ln 10.
pub const ELO_PER_T: f64 = 347.435_585_522_601_46;
/// What a zero count is replaced with before the SPRT's likelihoods are computed (a zero
/// probability would make the log-likelihood ratio infinite); fastchess uses the same.
pub const ZERO_COUNT_EPSILON: f64 = 1e-3;
/// Default type I and type II error rates.
pub const DEFAULT_ALPHA: f64 = 0.05;
pub const DEFAULT_BETA: f64 = 0.05;
/// The pair score halved, per outcome bucket (LL, LD, WL+DD, WD, WW).
pub const HALF_PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Counts of game pairs by their score (WL and DD are pooled: both score 1 point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub ll: u64,
    pub ld: u64,
    pub wl_dd: u64,
    pub wd: u64,
    pub ww: u64,
}

impl Pentanomial {
    pub const fn new(ll: u64, ld: u64, wl_dd: u64, wd: u64, ww: u64) -> Pentanomial {
        Pentanomial {
            ll,
            ld,
            wl_dd,
            wd,
            ww,
        }
    }

    /// Adds one pair from the tested player's two game scores (each 0, 0.5 or 1).
    /// Scores are clamped to 0..=1 and the pair total rounded to the nearest half point;
    /// returns `false` (and counts nothing) when a score is not a number.
    pub fn add_pair(&mut self, score_a: f64, score_b: f64) -> bool {
        if score_a.is_nan() || score_b.is_nan() {
            return false;
        }
        self.add_pair_points(score_a.clamp(0.0, 1.0) + score_b.clamp(0.0, 1.0))
    }

    /// Adds one pair from its total score in points (0..=2, rounded to the nearest half).
    /// Returns `false` (and counts nothing) for a value that is not a number.
    pub fn add_pair_points(&mut self, pair_points: f64) -> bool {
        if pair_points.is_nan() {
            return false;
        }
        let bucket = (pair_points.clamp(0.0, 2.0) * 2.0).round() as usize;
        match bucket {
            0 => self.ll += 1,
            1 => self.ld += 1,
            2 => self.wl_dd += 1,
            3 => self.wd += 1,
            _ => self.ww += 1,
        }
        true
    }

    /// Counts in bucket order LL, LD, WL+DD, WD, WW.
    pub const fn counts(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl_dd, self.wd, self.ww]
    }

    /// Number of pairs.
    pub const fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl_dd + self.wd + self.ww
    }

    /// Number of games (two per pair).
    pub const fn games(&self) -> u64 {
        2 * self.pairs()
    }

    /// Score, Elo and nElo with their 95% intervals; `None` without any pair.
    pub fn estimate(&self) -> Option<Estimate> {
        Estimate::from_counts(self)
    }
}

impl AddAssign for Pentanomial {
    fn add_assign(&mut self, other: Pentanomial) {
        self.ll += other.ll;
        self.ld += other.ld;
        self.wl_dd += other.wl_dd;
        self.wd += other.wd;
        self.ww += other.ww;
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}, {}, {}, {}, {}]",
            self.ll, self.ld, self.wl_dd, self.wd, self.ww
        )
    }
}

/// Mean and variance of a distribution over [`HALF_PAIR_SCORES`].
fn mean_and_variance(probs: &[f64; 5]) -> (f64, f64) {
    let mean: f64 = probs.iter().zip(HALF_PAIR_SCORES).map(|(p, a)| p * a).sum();
    let variance = probs
        .iter()
        .zip(HALF_PAIR_SCORES)
        .map(|(p, a)| p * (a - mean) * (a - mean))
        .sum();
    (mean, variance)
}

/// Logistic Elo of a score rate: −400·log10(1/score − 1) (±∞ at 0 and 1).
pub fn score_to_elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Normalized Elo of a score rate for a per-pair variance of the half pair score:
/// (score − ½) / √(2·variance) · 800 / ln 10. The √2 makes a pair count as two games, so
/// pentanomial and trinomial nElo agree when the two games of a pair are independent.
pub fn score_to_nelo(score: f64, variance_per_pair: f64) -> f64 {
    let excess = score - 0.5;
    if excess == 0.0 {
        // 0/0 when every pair is drawn: no evidence either way.
        return 0.0;
    }
    excess / (2.0 * variance_per_pair).sqrt() * ELO_PER_T
}

/// Point estimates and 95% intervals from pentanomial counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    pub pairs: u64,
    /// Mean score per game, 0..=1.
    pub score: f64,
    /// 95% interval of the score rate.
    pub score_low: f64,
    pub score_high: f64,
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
    /// `None` without any pair.
    pub fn from_counts(counts: &Pentanomial) -> Option<Estimate> {
        let pairs = counts.pairs();
        if pairs == 0 {
            return None;
        }
        let n = pairs as f64;
        let probs = counts.counts().map(|c| c as f64 / n);
        let (score, pair_variance) = mean_and_variance(&probs);
        let half_width = Z_95 * (pair_variance / n).sqrt();
        let (score_low, score_high) = (score - half_width, score + half_width);
        // The Elo scale is not linear: the error is half the width of the mapped interval,
        // as fastchess reports it.
        let elo_error = (score_to_elo(score_high) - score_to_elo(score_low)) / 2.0;
        let nelo_error = (score_to_nelo(score_high, pair_variance)
            - score_to_nelo(score_low, pair_variance))
            / 2.0;
        Some(Estimate {
            pairs,
            score,
            score_low,
            score_high,
            pair_variance,
            elo: score_to_elo(score),
            elo_error: if elo_error.is_nan() { 0.0 } else { elo_error },
            nelo: score_to_nelo(score, pair_variance),
            nelo_error: if nelo_error.is_nan() { 0.0 } else { nelo_error },
            los: los(score, pair_variance / n),
        })
    }
}

/// Probability that the true mean exceeds ½ under a normal approximation.
fn los(score: f64, variance_of_mean: f64) -> f64 {
    if variance_of_mean <= 0.0 {
        return match score.partial_cmp(&0.5) {
            Some(std::cmp::Ordering::Greater) => 1.0,
            Some(std::cmp::Ordering::Less) => 0.0,
            _ => 0.5,
        };
    }
    0.5 * (1.0 + erf((score - 0.5) / (2.0 * variance_of_mean).sqrt()))
}

/// The error function (Abramowitz–Stegun 7.1.26, absolute error below 1.5e-7: plenty for
/// a percentage printed with two decimals; std has no erf).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let y = 1.0 - poly * (-x * x).exp();
    if x < 0.0 {
        -y
    } else {
        y
    }
}

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

    /// The test's state for these counts.
    pub fn status(&self, counts: &Pentanomial) -> SprtStatus {
        SprtStatus {
            config: *self,
            counts: *counts,
            llr: self.llr(counts),
        }
    }
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
        if self.llr >= self.upper_bound() {
            Some(Decision::AcceptH1)
        } else if self.llr <= self.lower_bound() {
            Some(Decision::AcceptH0)
        } else {
            None
        }
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
    // nElo = t · 800/ln10 / √2 where t = (μ − ½)/σ of the half pair score.
    let t_of = |nelo: f64| std::f64::consts::SQRT_2 * nelo / ELO_PER_T;
    let (Some(p0), Some(p1)) = (
        constrained_mle(&empirical, t_of(nelo0)),
        constrained_mle(&empirical, t_of(nelo1)),
    ) else {
        return f64::NAN;
    };
    let mean_log_ratio: f64 = (0..5)
        .map(|i| empirical[i] * (p1[i].ln() - p0[i].ln()))
        .sum();
    total * mean_log_ratio
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
        let (mu, variance) = mean_and_variance(&p);
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

    #[test]
    fn llr_accepting_h1_region_matches_reference() {
        let counts = Pentanomial::new(365, 16618, 36029 + 200, 16974, 390);
        let llr = SprtConfig::new(0.0, 2.0).unwrap().llr(&counts);
        assert!(close(llr, 2.25, 0.01), "LLR {llr}");
    }

    #[test]
    fn llr_with_negative_lower_bound_matches_reference() {
        let counts = Pentanomial::new(127, 4883, 10311 + 401, 5150, 104);
        let status = SprtConfig::new(-1.75, 0.25).unwrap().status(&counts);
        assert!(close(status.llr(), 3.01, 0.01), "LLR {}", status.llr());
        assert_eq!(status.decision(), Some(Decision::AcceptH1));
    }

    #[test]
    fn elo_and_nelo_match_reference() {
        let counts = Pentanomial::new(34, 54, 31 + 32, 64, 75);
        let e = counts.estimate().unwrap();
        assert!(close(e.elo, 55.58, 0.02), "Elo {}", e.elo);
        assert!(close(e.elo_error, 27.65, 0.02), "error {}", e.elo_error);
        assert!(close(e.nelo, 57.94, 0.02), "nElo {}", e.nelo);
        assert!(e.score_low < e.score && e.score < e.score_high);
        assert!(e.los > 0.99 && e.los <= 1.0, "LOS {}", e.los);
    }

    #[test]
    fn bounds_and_summary() {
        let status = SprtConfig::new(0.0, 2.0)
            .unwrap()
            .status(&Pentanomial::new(34, 54, 63, 64, 75));
        assert!(close(status.lower_bound(), -2.944, 0.001));
        assert!(close(status.upper_bound(), 2.944, 0.001));
        assert_eq!(status.decision(), None);
        let line = status.summary();
        assert!(
            line.starts_with("Elo 55.58 ± 27.65, nElo 57.94, LLR "),
            "{line}"
        );
        assert!(line.ends_with("(-2.94, 2.94) [0.00, 2.00]"), "{line}");
    }

    #[test]
    fn pairs_land_in_their_buckets() {
        let mut p = Pentanomial::default();
        assert!(p.add_pair(0.0, 0.0));
        assert!(p.add_pair(0.5, 0.0));
        assert!(p.add_pair(1.0, 0.0));
        assert!(p.add_pair(0.5, 0.5));
        assert!(p.add_pair(1.0, 0.5));
        assert!(p.add_pair(1.0, 1.0));
        assert!(!p.add_pair(f64::NAN, 1.0));
        assert_eq!(p, Pentanomial::new(1, 1, 2, 1, 1));
        assert_eq!(p.games(), 12);
        let mut q = p;
        q += p;
        assert_eq!(q.pairs(), 12);
    }

    #[test]
    fn degenerate_counts_do_not_panic() {
        assert_eq!(Pentanomial::default().estimate(), None);
        let config = SprtConfig::new(0.0, 2.0).unwrap();
        assert_eq!(config.llr(&Pentanomial::default()), 0.0);
        let all_draws = Pentanomial::new(0, 0, 10, 0, 0);
        let e = all_draws.estimate().unwrap();
        assert_eq!((e.elo, e.nelo, e.elo_error), (0.0, 0.0, 0.0));
        assert!(config.llr(&all_draws).is_finite());
        let all_wins = Pentanomial::new(0, 0, 0, 0, 50);
        assert!(config.status(&all_wins).llr() > 0.0);
        let _ = config.status(&all_wins).summary();
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
}
