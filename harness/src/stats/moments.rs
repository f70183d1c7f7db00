//! A sample of scores in 0..=1 reduced to its size, mean and variance, and the normal
//! approximation built on them: the 95% interval of the mean and the likelihood of
//! superiority.

/// z of a two-sided 95% normal interval: Φ⁻¹(0.975).
pub const Z_95: f64 = 1.959_963_984_540_054;

/// Weighted mean and variance of values given as (value, weight) pairs; the weights are
/// counts or probabilities. The variance divides by the total weight (not by one less):
/// the maximum-likelihood variance, as fastchess and OpenBench compute it. NaN when the
/// weights sum to zero.
pub fn mean_and_variance<I>(weighted: I) -> (f64, f64)
where
    I: IntoIterator<Item = (f64, f64)>,
    I::IntoIter: Clone,
{
    let weighted = weighted.into_iter();
    let total: f64 = weighted.clone().map(|(_, w)| w).sum();
    let mean = weighted.clone().map(|(v, w)| v * w).sum::<f64>() / total;
    let variance = weighted
        .map(|(v, w)| w * (v - mean) * (v - mean))
        .sum::<f64>()
        / total;
    (mean, variance)
}

/// Independent samples of a score in 0..=1 (a deal pair's halved points, a paired trial),
/// reduced to what every estimate here needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moments {
    pub samples: u64,
    pub mean: f64,
    /// Variance of one sample (not of the mean).
    pub variance: f64,
}

impl Moments {
    /// From (score, count) pairs; `None` when the counts sum to zero.
    pub fn from_counts<I>(counted: I) -> Option<Moments>
    where
        I: IntoIterator<Item = (f64, u64)>,
        I::IntoIter: Clone,
    {
        let counted = counted.into_iter();
        let samples: u64 = counted.clone().map(|(_, c)| c).sum();
        if samples == 0 {
            return None;
        }
        let (mean, variance) = mean_and_variance(counted.map(|(v, c)| (v, c as f64)));
        Some(Moments {
            samples,
            mean,
            variance,
        })
    }

    /// Variance of the mean.
    pub fn variance_of_mean(&self) -> f64 {
        self.variance / self.samples as f64
    }

    /// Half-width of the 95% normal interval of the mean.
    pub fn margin_95(&self) -> f64 {
        Z_95 * self.variance_of_mean().sqrt()
    }

    /// (mean − ½) / σ, the distance from an even score in standard deviations of one
    /// sample: 0 at an even mean (no evidence either way, even without variance), ±∞
    /// when every sample is the same uneven score.
    pub fn t_value(&self) -> f64 {
        let excess = self.mean - 0.5;
        if excess == 0.0 {
            return 0.0;
        }
        excess / self.variance.sqrt()
    }

    /// Likelihood of superiority: the probability that the true mean exceeds ½ under the
    /// normal approximation (fastchess's formula), 0..=1.
    pub fn los(&self) -> f64 {
        let variance_of_mean = self.variance_of_mean();
        if variance_of_mean <= 0.0 {
            return match self.mean.partial_cmp(&0.5) {
                Some(std::cmp::Ordering::Greater) => 1.0,
                Some(std::cmp::Ordering::Less) => 0.0,
                _ => 0.5,
            };
        }
        0.5 * (1.0 + erf((self.mean - 0.5) / (2.0 * variance_of_mean).sqrt()))
    }
}

/// The 95% Wilson score interval of a rate observed over `trials` Bernoulli trials: the
/// fallback where a sample shows no variance, since unlike the normal interval it keeps
/// a width (400 wins out of 400 still leave room below 100%).
pub fn wilson_95(rate: f64, trials: f64) -> (f64, f64) {
    let z2 = Z_95 * Z_95;
    let centre = (rate + z2 / (2.0 * trials)) / (1.0 + z2 / trials);
    let half = Z_95 / (1.0 + z2 / trials)
        * (rate * (1.0 - rate) / trials + z2 / (4.0 * trials * trials)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The standard normal distribution function, from [`erf`].
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * (1.0 + erf(z / std::f64::consts::SQRT_2))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn z_95_is_the_975th_normal_quantile() {
        // Φ⁻¹(0.975) = √2 · erfinv(0.95), evaluated with mpmath at 50 digits.
        assert!((Z_95 - 1.959_963_984_540_054_2).abs() < 1e-15);
        assert!((erf(Z_95 / std::f64::consts::SQRT_2) - 0.95).abs() < 2e-7);
    }

    #[test]
    fn counts_and_probabilities_give_the_same_moments() {
        let counted = Moments::from_counts([(0.0, 1), (0.5, 2), (1.0, 1)]).unwrap();
        assert_eq!(
            (counted.samples, counted.mean, counted.variance),
            (4, 0.5, 0.125)
        );
        let (mean, variance) = mean_and_variance([(0.0, 0.25), (0.5, 0.5), (1.0, 0.25)]);
        assert_eq!((mean, variance), (0.5, 0.125));
        assert_eq!(Moments::from_counts([(0.5, 0)]), None);
    }

    #[test]
    fn t_value_of_degenerate_samples() {
        let even = Moments::from_counts([(0.5, 10)]).unwrap();
        assert_eq!((even.t_value(), even.los()), (0.0, 0.5));
        let all_wins = Moments::from_counts([(1.0, 10)]).unwrap();
        assert_eq!((all_wins.t_value(), all_wins.los()), (f64::INFINITY, 1.0));
    }
}
