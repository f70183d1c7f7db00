//! Logistic regression with an offset: `P(y) = σ(offset + β·x)`, fitted by Newton's method
//! on the log-likelihood (results may be fractional: a draw is ½). With `x = [1]` and the
//! offset a forecast's logit it is the forecast's level shift (0 for a true forecaster);
//! with more inputs, what a forecast lacks as a function of them (`harness measure lean`).

use super::linear::invert;

/// One observation: the offset (logits), the inputs, the result in 0..=1.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub offset: f64,
    pub x: Vec<f64>,
    pub y: f64,
}

/// The fitted weights and their standard errors (from the inverse information, counting
/// the rows as independent; rows of one game are not, so these are too narrow by up to
/// the square root of a game's rows' correlation).
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub beta: Vec<f64>,
    pub standard_error: Vec<f64>,
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

fn log_likelihood(rows: &[Row], beta: &[f64]) -> f64 {
    rows.iter()
        .map(|r| {
            let z = r.offset + r.x.iter().zip(beta).map(|(x, b)| x * b).sum::<f64>();
            let p = sigmoid(z).clamp(1e-12, 1.0 - 1e-12);
            r.y * p.ln() + (1.0 - r.y) * (1.0 - p).ln()
        })
        .sum()
}

/// The information matrix (the log-likelihood's negative Hessian) and gradient at `beta`.
fn information(rows: &[Row], beta: &[f64]) -> (Vec<Vec<f64>>, Vec<f64>) {
    let k = beta.len();
    let (mut info, mut grad) = (vec![vec![0.0; k]; k], vec![0.0; k]);
    for r in rows {
        let z = r.offset + r.x.iter().zip(beta).map(|(x, b)| x * b).sum::<f64>();
        let p = sigmoid(z);
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
    let n = rows.len() as f64;
    Some(Fit {
        mean_log_likelihood: log_likelihood(rows, &beta) / n,
        mean_log_likelihood_before: before / n,
        beta,
        standard_error,
    })
}

/// The level shift of forecasts `p` against results `y` (logits; 0 for a true
/// forecaster) and its standard error: [`fit`] with one input, always 1, and the
/// forecast's logit as the offset. `None` unless the mean result is strictly between 0
/// and 1 (luck-adjusted results may leave it: then no shift of the forecasts meets it).
pub fn shift(forecasts: &[(f64, f64)]) -> Option<(f64, f64)> {
    let mean = forecasts.iter().map(|&(_, y)| y).sum::<f64>() / forecasts.len().max(1) as f64;
    if forecasts.is_empty() || !(mean > 0.0 && mean < 1.0) {
        return None;
    }
    let rows: Vec<Row> = forecasts
        .iter()
        .map(|&(p, y)| Row {
            offset: logit(p),
            x: vec![1.0],
            y,
        })
        .collect();
    fit(&rows, 1).map(|f| (f.beta[0], f.standard_error[0]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht::rng::Pcg64;

    fn uniform(rng: &mut Pcg64) -> f64 {
        rng.below(1_000_000) as f64 / 1e6
    }

    /// Results drawn from a known lean are fitted back within a few standard errors, and
    /// the fit raises the likelihood; a true forecaster's shift is near 0.
    #[test]
    fn a_known_lean_is_fitted_back() {
        let mut rng = Pcg64::seed_from_u64(3);
        let truth = [0.4, -0.8, 1.5];
        let (mut rows, mut plain) = (Vec::new(), Vec::new());
        for _ in 0..20_000 {
            let p = 0.05 + 0.9 * uniform(&mut rng);
            let x = vec![1.0, uniform(&mut rng), uniform(&mut rng) - 0.5];
            let z = logit(p) + x.iter().zip(&truth).map(|(a, b)| a * b).sum::<f64>();
            rows.push(Row {
                offset: logit(p),
                x,
                y: f64::from(u8::from(rng.chance(sigmoid(z)))),
            });
            plain.push((p, f64::from(u8::from(rng.chance(p)))));
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
        assert!(f.mean_log_likelihood > f.mean_log_likelihood_before);
        let (s, se) = shift(&plain).expect("determined");
        assert!(s.abs() < 4.0 * se && se < 0.05, "{s} ± {se}");
        // Results above every forecast's reach (adjusted ones can be) have no shift.
        assert_eq!(shift(&[(0.6, 1.02), (0.9, 1.01), (0.3, 0.99)]), None);
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
}
