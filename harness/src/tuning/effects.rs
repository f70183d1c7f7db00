//! What a tune's games say of each parameter on its own: the iterations' results regressed
//! on how far apart the two points set it. Every iteration moves every parameter at once
//! with independent signs, so one tune's games measure each parameter's slope as a
//! factorial screen would (random balance): a parameter's estimate is unbiased by the
//! others, which add only noise. The slope times the parameter's range is the measured
//! effect of the range in points of score (luck-adjusted): within ±0.5 at 95%, the
//! parameter is flat to the resolution.

use super::run::{IterationLine, Setup};
use super::spsa::Parameter;
use crate::stats::linear::least_squares;
use crate::stats::Z_95;

/// One parameter's measured effect.
#[derive(Clone, Debug, PartialEq)]
pub struct Effect {
    pub parameter: Parameter,
    /// Score points (0..=100 scale) per unit of the parameter, and its standard error.
    pub slope_points: f64,
    pub slope_error: f64,
    /// Where the tune left it, and the lowest and highest θ it visited.
    pub last: f64,
    pub visited: (f64, f64),
}

impl Effect {
    /// The effect of moving from the range's low end to its high end, points, with its
    /// 95% interval (the slope's, linear over the range).
    pub fn over_range(&self) -> (f64, f64, f64) {
        let range = self.parameter.max - self.parameter.min;
        let effect = self.slope_points * range;
        let margin = Z_95 * self.slope_error * range;
        (effect, effect - margin, effect + margin)
    }

    /// Whether the range's effect lies within ±`points` at 95%.
    pub fn flat_within(&self, points: f64) -> bool {
        let (_, low, high) = self.over_range();
        low >= -points && high <= points
    }
}

/// The effects of a tune's parameters from its iterations (those against `opponent`
/// alone, if given): `None` with too few iterations, or a parameter the points never set
/// apart.
pub fn effects(
    setup: &Setup,
    iterations: &[IterationLine],
    opponent: Option<&str>,
) -> Result<Option<Vec<Effect>>, String> {
    let parameters: Vec<Parameter> = setup
        .parameters
        .iter()
        .map(|p| p.parse())
        .collect::<Result<_, _>>()?;
    let chosen: Vec<&IterationLine> = iterations
        .iter()
        .filter(|l| opponent.is_none_or(|o| l.opponent == o))
        .collect();
    let rows: Vec<(Vec<f64>, f64, f64)> = chosen
        .iter()
        .map(|l| {
            let apart = l.plus.iter().zip(&l.minus).map(|(p, m)| p - m).collect();
            let difference = match (l.plus_adjusted, l.minus_adjusted) {
                (Some(p), Some(m)) => p - m,
                _ => l.plus_raw - l.minus_raw,
            };
            (apart, 100.0 * difference, l.pairs as f64)
        })
        .collect();
    let Some(fit) = least_squares(&rows) else {
        return Ok(None);
    };
    let effects = parameters
        .into_iter()
        .enumerate()
        .map(|(i, parameter)| {
            let thetas = iterations.iter().map(|l| l.theta_after[i]);
            let visited = thetas
                .clone()
                .fold((parameter.start, parameter.start), |(lo, hi), t| {
                    (lo.min(t), hi.max(t))
                });
            Effect {
                last: iterations
                    .last()
                    .map_or(parameter.start, |l| l.theta_after[i]),
                slope_points: fit.coefficients[i],
                slope_error: fit.standard_errors[i],
                visited,
                parameter,
            }
        })
        .collect();
    Ok(Some(effects))
}

/// The effects as a table: each parameter's range effect with its interval, whether it is
/// flat within ±`flat_points`, and where the tune took it.
pub fn effects_table(effects: &[Effect], flat_points: f64) -> String {
    let mut out = format!(
        "{:<28} {:>10} {:>10} {:>24}  {:<6} {:>10} {:>21}\n",
        "parameter", "start", "range", "effect of the range", "flat", "tuned", "visited"
    );
    for e in effects {
        let p = &e.parameter;
        let (effect, low, high) = e.over_range();
        let verdict = if e.flat_within(flat_points) {
            "yes"
        } else if low > 0.0 || high < 0.0 {
            "SLOPE"
        } else {
            "no"
        };
        out += &format!(
            "{:<28} {:>10} {:>10} {:>+7.2} [{:>+6.2}, {:>+6.2}]  {:<6} {:>10} {:>10}..{:<10}\n",
            p.key,
            p.format(p.start),
            format!("{}..{}", p.format(p.min), p.format(p.max)),
            effect,
            low,
            high,
            verdict,
            p.format(e.last),
            p.format(e.visited.0),
            p.format(e.visited.1),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tuning::spsa::{Schedule, Spsa};

    /// A tune's log of a planted objective: the score is 0.5 + 0.06·(a − 0.5) (6 points
    /// over a's range 0..1), b has no effect, and each pair's score has noise of standard
    /// deviation 0.1 (uniform).
    fn planted_log(iterations: usize) -> (Setup, Vec<IterationLine>) {
        let parameters = vec!["a=0.5:0:1:0.25".to_string(), "b=5:0:10:2".to_string()];
        let setup = Setup {
            schema: crate::tuning::run::SCHEMA.to_string(),
            base: "bot".to_string(),
            parameters: parameters.clone(),
            opponents: vec!["sample:1".to_string()],
            pairs: 10,
            iterations,
            r_end: 0.0,
            seed: 3,
            batch: 1,
        };
        let parsed: Vec<Parameter> = parameters.iter().map(|p| p.parse().unwrap()).collect();
        let mut spsa = Spsa::new(
            parsed,
            Schedule {
                iterations,
                r_end: 0.0,
            },
            3,
        );
        let mut rng = yacht::rng::Pcg64::seed_from_u64(11);
        let mut lines = Vec::new();
        while !spsa.finished() {
            let points = spsa.points();
            let mut mean = |a: f64| {
                let noise: f64 = (0..10)
                    .map(|_| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 - 0.5)
                    .sum::<f64>()
                    / 10.0;
                0.5 + 0.06 * (a - 0.5) + noise * 0.1 * 12f64.sqrt()
            };
            let (plus, minus) = (mean(points.plus[0]), mean(points.minus[0]));
            let theta = spsa.theta.clone();
            spsa.update(&points.signs, 0.0);
            lines.push(IterationLine {
                iteration: lines.len(),
                opponent: "sample:1".to_string(),
                deal_seed: 0,
                pairs: 10,
                theta,
                signs: points.signs,
                plus: points.plus,
                minus: points.minus,
                plus_raw: plus,
                minus_raw: minus,
                plus_adjusted: Some(plus),
                minus_adjusted: Some(minus),
                result: 0.0,
                theta_after: spsa.theta.clone(),
            });
        }
        (setup, lines)
    }

    #[test]
    fn a_planted_slope_is_measured_and_a_flat_parameter_called_flat() {
        let (setup, lines) = planted_log(400);
        let measured = effects(&setup, &lines, None).unwrap().unwrap();
        let (a, low, high) = measured[0].over_range();
        assert!((a - 6.0).abs() < 1.0 && low > 0.0, "{:?}", measured[0]);
        assert!(high - low < 2.0, "{:?}", measured[0]);
        let (b, _, _) = measured[1].over_range();
        assert!(b.abs() < 1.0, "{:?}", measured[1]);
        assert!(!measured[0].flat_within(0.5));
        let table = effects_table(&measured, 0.5);
        assert!(table.contains("SLOPE"), "{table}");
        assert!(effects(&setup, &lines, Some("nobody")).unwrap().is_none());
    }
}
