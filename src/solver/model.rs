//! The incoming-bundle model: the distribution of the 5 dice a player receives each round.
//!
//! The exact table assumes each bundle is 5 fair dice (`fair`). Who gets which bundle is
//! decided by the auction, so a player that usually wins the better bundle sees a better
//! distribution; the other models let a build compare that assumption.
//! Chosen at build time by the `YACHT_BUNDLE_MODEL` environment variable.

use crate::rules::dice::{all_multisets, fair_probability, pip_sum, N5};

/// The environment variable `build.rs` reads the model from.
pub const MODEL_ENV_VAR: &str = "YACHT_BUNDLE_MODEL";
/// The model used when the variable is unset.
pub const DEFAULT_MODEL: &str = "fair";

/// A distribution over the 252 five-dice multisets, in rank order.
#[derive(Clone, Debug)]
pub struct BundleModel {
    /// The spec it was parsed from, e.g. `fair` or `mix:0.25`.
    pub name: String,
    /// Probability of each multiset, summing to 1.
    pub probs: Vec<f64>,
}

impl BundleModel {
    /// Each bundle is 5 independent fair dice.
    pub fn fair() -> BundleModel {
        BundleModel {
            name: "fair".to_string(),
            probs: all_multisets(5).iter().map(fair_probability).collect(),
        }
    }

    /// The bundle with the higher pip sum of two fair bundles.
    pub fn better_sum() -> BundleModel {
        let dice = all_multisets(5);
        let fair: Vec<f64> = dice.iter().map(fair_probability).collect();
        let mut by_sum = [0f64; 31];
        for (d, p) in dice.iter().zip(&fair) {
            by_sum[pip_sum(d) as usize] += p;
        }
        let probs = dice
            .iter()
            .zip(&fair)
            .map(|(d, p)| {
                let s = pip_sum(d) as usize;
                let below: f64 = by_sum[..s].iter().sum();
                // Ours is the better one: the other is lower, or equal and we take the first.
                p * (2.0 * below + by_sum[s])
            })
            .collect();
        BundleModel {
            name: "better-sum".to_string(),
            probs,
        }
    }

    /// Parses `fair`, `better-sum`, or `mix:W` (weight W of `better-sum`, the rest `fair`).
    pub fn parse(spec: &str) -> Result<BundleModel, String> {
        let spec = spec.trim();
        match spec {
            "" | "fair" => Ok(Self::fair()),
            "better-sum" => Ok(Self::better_sum()),
            _ => {
                let weight: f64 = spec
                    .strip_prefix("mix:")
                    .and_then(|w| w.parse().ok())
                    .filter(|w: &f64| (0.0..=1.0).contains(w))
                    .ok_or_else(|| {
                        format!("unknown bundle model '{spec}': use fair, better-sum or mix:W with W in 0..=1")
                    })?;
                let fair = Self::fair();
                let better = Self::better_sum();
                let probs = fair
                    .probs
                    .iter()
                    .zip(&better.probs)
                    .map(|(f, b)| (1.0 - weight) * f + weight * b)
                    .collect();
                Ok(BundleModel {
                    name: spec.to_string(),
                    probs,
                })
            }
        }
    }

    /// Number of outcomes (always 252).
    pub fn len(&self) -> usize {
        N5
    }

    /// Never empty.
    pub fn is_empty(&self) -> bool {
        false
    }
}
