//! A control variate for the rollout win curves: the table's expected final difference.
//!
//! In a rollout ([`super::rollout`]) a fair coin decides who gets the favoured bundle of
//! each later auction, whatever the dice, so each player receives a uniformly random
//! bundle every round: the table's own model. Both score by the table, and the transfer's
//! sign is the coin's. So the mean of a rollout's final difference is exactly what the
//! table expects from the starting states (up to the table's rounding), a known mean.
//!
//! Weighting the rollouts so that their weighted mean is that known mean (linear
//! calibration weights) is the regression estimator with a control variate, for every
//! point of the curve at once: the part of each point's noise that only says "these
//! futures were lucky for us" is removed. Weights stay positive, so the curve stays a
//! distribution (monotone, in [0, 1]).

/// Weights (mean 1) that make the weighted mean of `values` equal `target`: `w_i = 1 −
/// (x̄ − target)(x_i − x̄) / s²`, `s²` the variance over `n`, then clipped at 0 (only an
/// outlier tens of standard deviations out could need it). All 1 when fewer than two
/// values or no spread.
pub fn calibration_weights(values: &[i64], target: f64) -> Vec<f64> {
    let n = values.len() as f64;
    let mean = values.iter().map(|&v| v as f64).sum::<f64>() / n.max(1.0);
    let spread = values
        .iter()
        .map(|&v| (v as f64 - mean).powi(2))
        .sum::<f64>()
        / n.max(1.0);
    if values.len() < 2 || spread <= 0.0 {
        return vec![1.0; values.len()];
    }
    let slope = (mean - target) / spread;
    values
        .iter()
        .map(|&v| (1.0 - slope * (v as f64 - mean)).max(0.0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_move_the_mean_to_the_target_and_keep_the_total() {
        let values = [-30_000i64, -1_000, 0, 4_000, 9_000, 12_500, 40_000];
        for target in [-2_000.0, 0.0, 4_500.0, 6_000.0] {
            let w = calibration_weights(&values, target);
            let total: f64 = w.iter().sum();
            let mean: f64 = w
                .iter()
                .zip(&values)
                .map(|(w, &v)| w * v as f64)
                .sum::<f64>()
                / total;
            assert!((total - values.len() as f64).abs() < 1e-9, "{w:?}");
            assert!((mean - target).abs() < 1e-6, "{target}: {mean}");
            assert!(w.iter().all(|&w| w >= 0.0));
        }
    }

    #[test]
    fn a_sample_already_on_its_mean_is_not_reweighted() {
        let values = [-5i64, 0, 5, 10];
        assert_eq!(calibration_weights(&values, 2.5), vec![1.0; 4]);
        // Nothing to regress on.
        assert_eq!(calibration_weights(&[7, 7, 7], 100.0), vec![1.0; 3]);
        assert_eq!(calibration_weights(&[7], 100.0), vec![1.0]);
        assert!(calibration_weights(&[], 0.0).is_empty());
    }

    #[test]
    fn a_far_target_clips_weights_at_zero() {
        // Target far above the sample: the lowest values would get negative weight.
        let w = calibration_weights(&[0, 1, 2, 3, 100], 99.0);
        assert!(w.iter().all(|&w| w >= 0.0), "{w:?}");
        assert_eq!(w[0], 0.0);
    }
}
