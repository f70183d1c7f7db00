//! Logistic regression with an offset: `P(y) = σ(offset + β·x)`, fitted by Newton's method
//! on the log-likelihood (results may be fractional: a draw is ½). With `x = [1]` and the
//! offset a forecast's logit it is the forecast's level shift (0 for a true forecaster);
//! with more inputs, what a forecast lacks as a function of them.
//!
//! Rows come in clusters (the forecasts of one game share its result): besides the
//! standard errors that count rows as independent, the fit gives the cluster-robust
//! (sandwich) ones, which hold when a cluster's rows are correlated and when the results
//! are not Bernoulli (luck-adjusted results leave 0..=1, so the likelihood is a
//! quasi-likelihood and only the sandwich is a valid variance).

use super::linear::{invert, multiply};

/// One observation: the offset (logits), the inputs, the result (0..=1 for a game's; a
/// luck-adjusted one may leave it), and its cluster (the game it was made in).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub offset: f64,
    pub x: Vec<f64>,
    pub y: f64,
    pub cluster: usize,
}

/// The fitted weights and their standard errors.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub beta: Vec<f64>,
    /// From the inverse information, counting the rows as independent: too narrow when a
    /// cluster's rows are correlated, as a game's forecasts are.
    pub standard_error: Vec<f64>,
    /// Cluster-robust: the sandwich `I⁻¹ (Σ_c s_c s_cᵀ) I⁻¹ · C/(C−1)`, `s_c` the score
    /// summed over cluster `c`'s rows, `C` the clusters (`NaN` with fewer than two).
    pub clustered_standard_error: Vec<f64>,
    /// Mean log-likelihood per row, nats (the offset alone: `mean_log_likelihood_before`).
    pub mean_log_likelihood: f64,
    pub mean_log_likelihood_before: f64,
}

/// The logit of a forecast, kept finite: a forecast of 0 or 1 is read as 0.001 or 0.999.
pub fn logit(p: f64) -> f64 {
    let p = p.clamp(1e-3, 1.0 - 1e-3);
    (p / (1.0 - p)).ln()
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// A row's logit at `beta`: its offset plus the weighted inputs.
fn predictor(r: &Row, beta: &[f64]) -> f64 {
    r.offset + r.x.iter().zip(beta).map(|(x, b)| x * b).sum::<f64>()
}

fn log_likelihood(rows: &[Row], beta: &[f64]) -> f64 {
    rows.iter()
        .map(|r| {
            let p = sigmoid(predictor(r, beta)).clamp(1e-12, 1.0 - 1e-12);
            r.y * p.ln() + (1.0 - r.y) * (1.0 - p).ln()
        })
        .sum()
}

/// The information matrix (the log-likelihood's negative Hessian) and gradient at `beta`.
fn information(rows: &[Row], beta: &[f64]) -> (Vec<Vec<f64>>, Vec<f64>) {
    let k = beta.len();
    let (mut info, mut grad) = (vec![vec![0.0; k]; k], vec![0.0; k]);
    for r in rows {
        let p = sigmoid(predictor(r, beta));
        let w = p * (1.0 - p);
        for ((g, row), xi) in grad.iter_mut().zip(&mut info).zip(&r.x) {
            *g += (r.y - p) * xi;
            for (cell, xj) in row.iter_mut().zip(&r.x) {
                *cell += w * xi * xj;
            }
        }
    }
    (info, grad)
}

/// The maximum-likelihood weights of `rows` (all of `inputs` inputs); `None` if the rows do
/// not determine them (too few, or an input that never varies from another).
pub fn fit(rows: &[Row], inputs: usize) -> Option<Fit> {
    if rows.is_empty() || rows.iter().any(|r| r.x.len() != inputs) {
        return None;
    }
    let mut beta = vec![0.0; inputs];
    let before = log_likelihood(rows, &beta);
    for _ in 0..50 {
        let (info, grad) = information(rows, &beta);
        let inverse = invert(info)?;
        let step: Vec<f64> = inverse
            .iter()
            .map(|row| row.iter().zip(&grad).map(|(a, g)| a * g).sum())
            .collect();
        // Newton's step, halved while it lowers the likelihood (the log-likelihood is
        // concave, so a short enough step always raises it).
        let now = log_likelihood(rows, &beta);
        let mut scale = 1.0;
        let mut next: Vec<f64> = beta.iter().zip(&step).map(|(b, s)| b + s).collect();
        while log_likelihood(rows, &next) < now - 1e-12 && scale > 1e-6 {
            scale /= 2.0;
            next = beta.iter().zip(&step).map(|(b, s)| b + scale * s).collect();
        }
        let moved = step.iter().map(|s| (s * scale).abs()).fold(0.0, f64::max);
        beta = next;
        if moved < 1e-9 {
            break;
        }
    }
    let (info, _) = information(rows, &beta);
    let covariance = invert(info)?;
    let standard_error = (0..inputs)
        .map(|i| covariance[i][i].max(0.0).sqrt())
        .collect();
    let clustered_standard_error = sandwich(rows, &beta, &covariance)
        .iter()
        .enumerate()
        // A rounding below 0 is 0; NaN (one cluster) stays NaN.
        .map(|(i, row)| if row[i] < 0.0 { 0.0 } else { row[i].sqrt() })
        .collect();
    let n = rows.len() as f64;
    Some(Fit {
        mean_log_likelihood: log_likelihood(rows, &beta) / n,
        mean_log_likelihood_before: before / n,
        beta,
        standard_error,
        clustered_standard_error,
    })
}

/// The cluster-robust covariance of the weights at `beta`, `inverse` the inverse
/// information there ([`Fit::clustered_standard_error`]).
fn sandwich(rows: &[Row], beta: &[f64], inverse: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let k = beta.len();
    let mut scores: std::collections::BTreeMap<usize, Vec<f64>> = Default::default();
    for r in rows {
        let residual = r.y - sigmoid(predictor(r, beta));
        let score = scores.entry(r.cluster).or_insert_with(|| vec![0.0; k]);
        for (s, x) in score.iter_mut().zip(&r.x) {
            *s += residual * x;
        }
    }
    let clusters = scores.len() as f64;
    if clusters < 2.0 {
        return vec![vec![f64::NAN; k]; k];
    }
    let mut meat = vec![vec![0.0; k]; k];
    for s in scores.values() {
        for (row, si) in meat.iter_mut().zip(s) {
            for (cell, sj) in row.iter_mut().zip(s) {
                *cell += si * sj;
            }
        }
    }
    let correction = clusters / (clusters - 1.0);
    multiply(&multiply(inverse, &meat), inverse)
        .into_iter()
        .map(|row| row.into_iter().map(|v| v * correction).collect())
        .collect()
}

/// A level shift ([`shift`]): logits, with both standard errors of [`Fit`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shift {
    pub logits: f64,
    pub standard_error: f64,
    pub clustered_standard_error: f64,
}

impl Shift {
    /// `+0.12 ± 0.08 (0.05)`: the shift, its clustered standard error, in brackets the
    /// independent one, each to `decimals` places.
    pub fn to_text(&self, decimals: usize) -> String {
        format!(
            "{:+.*} ± {:.*} ({:.*})",
            decimals,
            self.logits,
            decimals,
            self.clustered_standard_error,
            decimals,
            self.standard_error
        )
    }
}

/// One forecast for [`shift`]: P(win), the result, the game it was made in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Forecast {
    pub p: f64,
    pub y: f64,
    pub game: usize,
}

/// The level shift of forecasts against their results (logits; 0 for a true
/// forecaster) and its standard errors: [`fit`] with one input, always 1, and the
/// forecast's logit as the offset, each game a cluster. `None` unless the mean result is
/// strictly between 0 and 1 (luck-adjusted results may leave it: then no shift of the
/// forecasts meets it).
pub fn shift(forecasts: &[Forecast]) -> Option<Shift> {
    let mean = forecasts.iter().map(|f| f.y).sum::<f64>() / forecasts.len().max(1) as f64;
    if forecasts.is_empty() || !(mean > 0.0 && mean < 1.0) {
        return None;
    }
    let rows: Vec<Row> = forecasts
        .iter()
        .map(|f| Row {
            offset: logit(f.p),
            x: vec![1.0],
            y: f.y,
            cluster: f.game,
        })
        .collect();
    fit(&rows, 1).map(|f| Shift {
        logits: f.beta[0],
        standard_error: f.standard_error[0],
        clustered_standard_error: f.clustered_standard_error[0],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht::rng::Pcg64;

    fn uniform(rng: &mut Pcg64) -> f64 {
        rng.below(1_000_000) as f64 / 1e6
    }

    /// Results drawn from a known lean are fitted back within a few standard errors, and
    /// the fit raises the likelihood; a true forecaster's shift is near 0. With every row
    /// its own cluster the sandwich agrees with the information's errors (the results are
    /// Bernoulli, so both are valid).
    #[test]
    fn a_known_lean_is_fitted_back() {
        let mut rng = Pcg64::seed_from_u64(3);
        let truth = [0.4, -0.8, 1.5];
        let (mut rows, mut plain) = (Vec::new(), Vec::new());
        for i in 0..20_000 {
            let p = 0.05 + 0.9 * uniform(&mut rng);
            let x = vec![1.0, uniform(&mut rng), uniform(&mut rng) - 0.5];
            let z = logit(p) + x.iter().zip(&truth).map(|(a, b)| a * b).sum::<f64>();
            rows.push(Row {
                offset: logit(p),
                x,
                y: f64::from(u8::from(rng.chance(sigmoid(z)))),
                cluster: i,
            });
            let y = f64::from(u8::from(rng.chance(p)));
            plain.push(Forecast { p, y, game: i });
        }
        let f = fit(&rows, 3).expect("determined");
        for ((beta, truth), se) in f.beta.iter().zip(truth).zip(&f.standard_error) {
            assert!(
                (beta - truth).abs() < 4.0 * se,
                "{truth}: {:?} ± {:?}",
                f.beta,
                f.standard_error
            );
        }
        for (se, robust) in f.standard_error.iter().zip(&f.clustered_standard_error) {
            assert!((robust / se - 1.0).abs() < 0.1, "{se} against {robust}");
        }
        assert!(f.mean_log_likelihood > f.mean_log_likelihood_before);
        let s = shift(&plain).expect("determined");
        assert!(
            s.logits.abs() < 4.0 * s.standard_error && s.standard_error < 0.05,
            "{s:?}"
        );
        // Results above every forecast's reach (adjusted ones can be) have no shift.
        let above =
            [(0.6, 1.02), (0.9, 1.01), (0.3, 0.99)].map(|(p, y)| Forecast { p, y, game: 0 });
        assert_eq!(shift(&above), None);
        assert_eq!(shift(&[]), None);
        // An input that is another's copy leaves the weights undetermined.
        let twins: Vec<Row> = rows
            .iter()
            .map(|r| Row {
                x: vec![r.x[0], r.x[0]],
                ..r.clone()
            })
            .collect();
        assert_eq!(fit(&twins, 2), None);
    }

    /// Forecasts that share their game's result (ten a game, one result each) are one
    /// observation ten times over: the independent error is √10 too narrow, and the
    /// clustered one is the error of the games' results. A single cluster has none.
    #[test]
    fn a_games_forecasts_are_read_together() {
        let mut rng = Pcg64::seed_from_u64(5);
        let (mut alone, mut together) = (Vec::new(), Vec::new());
        for game in 0..2_000 {
            let y = f64::from(u8::from(rng.chance(0.6)));
            alone.push(Forecast { p: 0.6, y, game });
            for _ in 0..10 {
                together.push(Forecast { p: 0.6, y, game });
            }
        }
        let (alone, together) = (shift(&alone).unwrap(), shift(&together).unwrap());
        assert!((together.logits - alone.logits).abs() < 1e-9);
        let ratio = together.clustered_standard_error / together.standard_error;
        assert!((ratio - 10f64.sqrt()).abs() < 0.05, "{together:?}");
        let matched = together.clustered_standard_error / alone.clustered_standard_error;
        assert!(
            (matched - 1.0).abs() < 0.01,
            "{together:?} against {alone:?}"
        );
        let one_game = [0.3, 0.7].map(|y| Forecast { p: 0.5, y, game: 0 });
        assert!(shift(&one_game).unwrap().clustered_standard_error.is_nan());
    }
}
