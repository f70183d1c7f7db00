//! Simultaneous perturbation stochastic approximation (Spall 1992), in fishtest's form:
//! every parameter moved at once by ±c, the two bots played on the same deals, and each
//! parameter stepped by the result times its own sign. Pure: no games here; the objective
//! is whatever gives a result for a pair of points ([`crate::tuning::run`] plays games).
//!
//! Fishtest's schedule (fishtest/server/fishtest/spsa_handler.py): with N iterations,
//! `c_k = c_end · (N / (k+1))^γ`, `a_k = a_end · ((A + N) / (A + k + 1))^α`, where
//! `a_end = r_end · c_end²`, `A = N / 10`, `α = 0.602`, `γ = 0.101`; then
//! `θ += a_k / c_k · result · Δ` with `result` the wins minus losses of θ+ over the
//! iteration's games. Each parameter's own `c_end` (its step) makes the units its own.

use std::str::FromStr;

use yacht::game::deal::mix;
use yacht::rng::Pcg64;

/// Spall's decay of the step size.
pub const ALPHA: f64 = 0.602;
/// Spall's decay of the perturbation.
pub const GAMMA: f64 = 0.101;
/// Fishtest's default learning rate at the end (`r_end`).
pub const R_END_DEFAULT: f64 = 0.002;

/// One tuned parameter: a `bot:` key, where it starts, the range it stays in, and its
/// perturbation at the last iteration (fishtest's `c_end`).
#[derive(Clone, Debug, PartialEq)]
pub struct Parameter {
    pub key: String,
    pub start: f64,
    pub min: f64,
    pub max: f64,
    pub step: f64,
    /// Played rounded to a whole number (the key takes integers).
    pub integer: bool,
}

impl Parameter {
    /// `value` within the range, rounded if the key takes integers.
    pub fn playable(&self, value: f64) -> f64 {
        let v = value.clamp(self.min, self.max);
        if self.integer {
            v.round()
        } else {
            v
        }
    }

    /// `value` as the `bot:` spec writes it.
    pub fn format(&self, value: f64) -> String {
        let v = self.playable(value);
        if self.integer {
            format!("{}", v as i64)
        } else {
            // Enough digits for any step, no float noise.
            let text = format!("{v:.6}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    }
}

impl FromStr for Parameter {
    type Err = String;

    /// `KEY=START:MIN:MAX:STEP`; a whole-number key when all four are written without a
    /// decimal point (`draw=10:0:40:4`), a real one otherwise (`slip=0.05:0.01:0.2:0.02`).
    fn from_str(text: &str) -> Result<Parameter, String> {
        let bad = |why: &str| format!("--param {text:?}: {why} (KEY=START:MIN:MAX:STEP)");
        let (key, numbers) = text.split_once('=').ok_or_else(|| bad("no '='"))?;
        let fields: Vec<&str> = numbers.split(':').collect();
        let [start, min, max, step] = fields[..] else {
            return Err(bad("four numbers"));
        };
        let number = |s: &str| s.trim().parse::<f64>().map_err(|_| bad("not a number"));
        let p = Parameter {
            key: key.trim().to_string(),
            start: number(start)?,
            min: number(min)?,
            max: number(max)?,
            step: number(step)?,
            integer: [start, min, max, step].iter().all(|s| !s.contains('.')),
        };
        let finite = [p.start, p.min, p.max, p.step]
            .iter()
            .all(|v| v.is_finite());
        if p.key.is_empty() || !finite || p.min >= p.max || p.step <= 0.0 {
            return Err(bad("a key, MIN < MAX and STEP > 0"));
        }
        if !(p.min..=p.max).contains(&p.start) {
            return Err(bad("START within MIN..MAX"));
        }
        Ok(p)
    }
}

impl std::fmt::Display for Parameter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = |v: f64| {
            if self.integer {
                format!("{}", v as i64)
            } else {
                format!("{v:?}")
            }
        };
        write!(
            f,
            "{}={}:{}:{}:{}",
            self.key,
            n(self.start),
            n(self.min),
            n(self.max),
            n(self.step)
        )
    }
}

/// The schedule of a tune of `iterations` iterations.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Schedule {
    pub iterations: usize,
    /// The learning rate at the last iteration (fishtest's `r_end`).
    pub r_end: f64,
}

impl Schedule {
    /// Fishtest's stability constant `A`: a tenth of the iterations.
    fn stability(&self) -> f64 {
        0.1 * self.iterations as f64
    }

    /// The perturbation of `p` at iteration `k` (0-based).
    pub fn perturbation(&self, p: &Parameter, k: usize) -> f64 {
        p.step * (self.iterations as f64 / (k as f64 + 1.0)).powf(GAMMA)
    }

    /// The step size of `p` at iteration `k`.
    pub fn gain(&self, p: &Parameter, k: usize) -> f64 {
        let a_end = self.r_end * p.step * p.step;
        let big_a = self.stability();
        a_end * ((big_a + self.iterations as f64) / (big_a + k as f64 + 1.0)).powf(ALPHA)
    }
}

/// The two points an iteration plays: θ + cΔ and θ − cΔ, each within the ranges.
#[derive(Clone, Debug, PartialEq)]
pub struct Points {
    /// Δ: +1 or −1 per parameter.
    pub signs: Vec<i8>,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
}

/// A tune's state: where θ stands after `iteration` iterations.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    pub parameters: Vec<Parameter>,
    pub schedule: Schedule,
    /// Seeds the signs: iteration k's are a function of (seed, k), so a resumed tune
    /// draws what it would have drawn.
    pub seed: u64,
    pub theta: Vec<f64>,
    pub iteration: usize,
}

impl Spsa {
    pub fn new(parameters: Vec<Parameter>, schedule: Schedule, seed: u64) -> Spsa {
        let theta = parameters.iter().map(|p| p.start).collect();
        Spsa {
            parameters,
            schedule,
            seed,
            theta,
            iteration: 0,
        }
    }

    /// Iteration `k`'s signs (Rademacher), from the seed alone.
    pub fn signs(&self, k: usize) -> Vec<i8> {
        let mut rng = Pcg64::seed_from_u64(mix(self.seed, k as u64));
        self.parameters
            .iter()
            .map(|_| if rng.next_u64() >> 63 == 1 { 1 } else { -1 })
            .collect()
    }

    /// The points the current iteration plays, as played (clamped, rounded).
    pub fn points(&self) -> Points {
        self.points_around(self.iteration, &self.theta)
    }

    /// The points iteration `k` plays around `theta` (a batch's iterations all play around
    /// the θ its first one starts from), as played.
    pub fn points_around(&self, k: usize, theta: &[f64]) -> Points {
        let signs = self.signs(k);
        let at = |sign: f64| {
            self.parameters
                .iter()
                .zip(theta)
                .zip(&signs)
                .map(|((p, &t), &s)| {
                    p.playable(t + sign * f64::from(s) * self.schedule.perturbation(p, k))
                })
                .collect()
        };
        Points {
            plus: at(1.0),
            minus: at(-1.0),
            signs,
        }
    }

    /// Steps θ by the iteration's `result`: θ+'s wins minus losses over its games, less
    /// θ−'s (or anything on that scale: the luck-adjusted difference in points of result),
    /// and moves to the next iteration. θ stays within the ranges.
    pub fn update(&mut self, signs: &[i8], result: f64) {
        let k = self.iteration;
        for ((t, p), &s) in self.theta.iter_mut().zip(&self.parameters).zip(signs) {
            let c = self.schedule.perturbation(p, k);
            let step = self.schedule.gain(p, k) / c * result * f64::from(s);
            *t = (*t + step).clamp(p.min, p.max);
        }
        self.iteration += 1;
    }

    /// Whether every iteration has been played.
    pub fn finished(&self) -> bool {
        self.iteration >= self.schedule.iterations
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_parse_and_print_back() {
        let p: Parameter = "draw=10:0:40:4".parse().unwrap();
        assert!(p.integer);
        assert_eq!(p.to_string(), "draw=10:0:40:4");
        assert_eq!(p.format(12.6), "13");
        assert_eq!(p.format(99.0), "40");
        let q: Parameter = "slip=0.05:0.01:0.2:0.02".parse().unwrap();
        assert!(!q.integer);
        assert_eq!(q.to_string().parse::<Parameter>(), Ok(q.clone()));
        assert_eq!(q.format(0.123_456_789), "0.123457");
        assert_eq!(q.format(0.0), "0.01");
        for bad in [
            "draw",
            "draw=1:2:3",
            "draw=5:10:0:1",
            "d=1:0:2:0",
            "d=3:0:2:1",
            "=1:0:2:1",
        ] {
            assert!(bad.parse::<Parameter>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_schedule_ends_at_its_step_and_rate() {
        let p: Parameter = "x=0:-10:10:2".parse().unwrap();
        let s = Schedule {
            iterations: 100,
            r_end: 0.002,
        };
        assert!((s.perturbation(&p, 99) - 2.0).abs() < 1e-12);
        assert!(s.perturbation(&p, 0) > s.perturbation(&p, 50));
        assert!((s.gain(&p, 99) - 0.002 * 4.0).abs() < 1e-12);
        assert!(s.gain(&p, 0) > s.gain(&p, 99));
    }

    #[test]
    fn signs_are_the_seeds_and_both_kinds_come() {
        let params = (0..8)
            .map(|i| format!("p{i}=0:-1:1:0.1").parse().unwrap())
            .collect();
        let spsa = Spsa::new(
            params,
            Schedule {
                iterations: 10,
                r_end: 0.002,
            },
            7,
        );
        assert_eq!(spsa.signs(3), spsa.signs(3));
        assert_ne!(spsa.signs(3), spsa.signs(4));
        let all: Vec<i8> = (0..20).flat_map(|k| spsa.signs(k)).collect();
        let plus = all.iter().filter(|&&s| s == 1).count();
        assert!((60..=100).contains(&plus), "{plus} of 160");
    }

    /// A planted optimum: the score falls by 16 points per unit squared from a = 0.7 and
    /// is flat in b; each pair's score has noise of standard deviation 0.1, as a
    /// luck-adjusted pair's has against the designs of our strength. A tune of 1,000
    /// iterations of 10 pairs from a = 0.2, with the signs of `seed`, returns θ.
    fn tune_planted(seed: u64) -> Vec<f64> {
        let params = vec![
            "a=0.2:0:1:0.1".parse().unwrap(),
            "b=5:0:10:1".parse().unwrap(),
        ];
        let iterations = 1000;
        let mut spsa = Spsa::new(
            params,
            Schedule {
                iterations,
                r_end: 0.15,
            },
            seed,
        );
        let mut rng = Pcg64::seed_from_u64(seed + 100);
        let pairs = 10.0;
        let score = |a: f64| 0.5 - 0.16 * (a - 0.7) * (a - 0.7);
        while !spsa.finished() {
            let points = spsa.points();
            let mut noise = || {
                // The mean of `pairs` uniform noises of standard deviation 0.1.
                (0..10)
                    .map(|_| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 - 0.5)
                    .sum::<f64>()
                    * 0.1
                    * 12f64.sqrt()
                    / pairs
            };
            let plus = score(points.plus[0]) + noise();
            let minus = score(points.minus[0]) + noise();
            spsa.update(&points.signs, 2.0 * pairs * (plus - minus));
        }
        spsa.theta
    }

    /// From 0.5 away, every tune ends within 0.2 of the optimum and their mean within 0.05;
    /// the flat parameter stays within its range.
    #[test]
    fn a_planted_optimum_is_recovered() {
        let thetas: Vec<Vec<f64>> = (1..=8).map(tune_planted).collect();
        for theta in &thetas {
            assert!((theta[0] - 0.7).abs() < 0.2, "{thetas:?}");
            assert!((0.0..=10.0).contains(&theta[1]));
        }
        let mean = thetas.iter().map(|t| t[0]).sum::<f64>() / thetas.len() as f64;
        assert!((mean - 0.7).abs() < 0.05, "mean {mean}: {thetas:?}");
    }
}
