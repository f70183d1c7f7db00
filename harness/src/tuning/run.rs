//! A tune played: each iteration's two points (θ + cΔ and θ − cΔ, as `bot:` specs) against
//! one opponent of the pool on the same deal pairs, the result read from the luck-adjusted
//! scores, one JSON line per iteration; a tune resumes from its own log.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::spsa::{Parameter, Schedule, Spsa};
use crate::matchmaking::matches::{
    progress_bar_of, run_match, Deals, MatchConfig, MatchOutcome, RunSettings, Shard,
};
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;
use yacht::game::deal::mix;

/// The log's schema, in its first line.
pub const SCHEMA: &str = "yacht-auction-tune/1";

/// What a tune is: a resumed tune must be the same one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub schema: String,
    /// The tuned bot without the parameters (`bot:clock=0`).
    pub base: String,
    /// Each parameter as `KEY=START:MIN:MAX:STEP`.
    pub parameters: Vec<String>,
    /// The pool: iteration k plays opponent k mod its size.
    pub opponents: Vec<String>,
    /// Deal pairs each point plays per iteration.
    pub pairs: usize,
    pub iterations: usize,
    pub r_end: f64,
    pub seed: u64,
}

/// One iteration, as logged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationLine {
    pub iteration: usize,
    pub opponent: String,
    /// The seed of this iteration's deals (`harness match --seed` plays them again).
    pub deal_seed: u64,
    pub pairs: usize,
    /// θ before the iteration.
    pub theta: Vec<f64>,
    pub signs: Vec<i8>,
    /// The points played, as the specs wrote them.
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    /// Each point's mean score over its pairs (0..=1), raw and luck-adjusted.
    pub plus_raw: f64,
    pub minus_raw: f64,
    pub plus_adjusted: Option<f64>,
    pub minus_adjusted: Option<f64>,
    /// What θ stepped by: the points' difference in wins minus losses over the pairs,
    /// luck-adjusted where the games carried their luck.
    pub result: f64,
    /// θ after the iteration.
    pub theta_after: Vec<f64>,
}

/// A tune to play.
#[derive(Clone, Debug)]
pub struct Tune {
    pub setup: Setup,
    pub parameters: Vec<Parameter>,
    pub opponents: Vec<PlayerSpec>,
    pub log: PathBuf,
    /// Stop after this many iterations in all (`None`: the schedule's).
    pub until: Option<usize>,
    pub threads: usize,
    pub referee: RefereeOptions,
    pub progress: bool,
}

impl Tune {
    /// The `bot:` spec of the base with the parameters at `values`.
    pub fn spec_at(&self, values: &[f64]) -> String {
        spec_with(&self.setup.base, &self.parameters, values)
    }
}

/// `base` with each parameter set to its value, as a `bot:` spec.
pub fn spec_with(base: &str, parameters: &[Parameter], values: &[f64]) -> String {
    let settings: Vec<String> = parameters
        .iter()
        .zip(values)
        .map(|(p, &v)| format!("{}={}", p.key, p.format(v)))
        .collect();
    let joiner = if base.contains(':') { "," } else { ":" };
    format!("{base}{joiner}{}", settings.join(","))
}

/// The tune's log so far: its setup and its iterations, a cut last line left out.
pub fn read_log(path: &Path) -> Result<(Setup, Vec<IterationLine>), String> {
    read_log_prefix(path).map(|(setup, iterations, _)| (setup, iterations))
}

/// [`read_log`], and the length in bytes of the lines read (all but a cut last line).
fn read_log_prefix(path: &Path) -> Result<(Setup, Vec<IterationLine>, u64), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut lines = text.split_inclusive('\n');
    let first = lines
        .next()
        .ok_or_else(|| format!("{}: empty tune log", path.display()))?;
    let setup: Setup = serde_json::from_str(first)
        .map_err(|e| format!("{}:1: not a tune log ({e})", path.display()))?;
    if setup.schema != SCHEMA {
        return Err(format!(
            "{}: schema {:?}, not {SCHEMA}",
            path.display(),
            setup.schema
        ));
    }
    let mut length = first.len() as u64;
    let rest: Vec<&str> = lines.collect();
    let mut iterations = Vec::new();
    for (i, line) in rest.iter().enumerate() {
        let complete = line.ends_with('\n');
        match serde_json::from_str::<IterationLine>(line) {
            Ok(read) if complete && read.iteration == iterations.len() => {
                iterations.push(read);
                length += line.len() as u64;
            }
            Ok(read) if complete => {
                return Err(format!(
                    "{}:{}: iteration {}, expected {}",
                    path.display(),
                    i + 2,
                    read.iteration,
                    iterations.len()
                ));
            }
            Err(e) if i + 1 < rest.len() => {
                return Err(format!("{}:{}: {e}", path.display(), i + 2));
            }
            // A line cut by an interruption (only the last can be) is left out.
            _ => break,
        }
    }
    Ok((setup, iterations, length))
}

/// The state after the logged iterations, each replayed through the update (the log's θ
/// must be what the update gives: the same tune, the same code).
pub fn replay(spsa: &mut Spsa, iterations: &[IterationLine]) -> Result<(), String> {
    for line in iterations {
        let drawn = spsa.signs(line.iteration);
        if drawn != line.signs {
            return Err(format!(
                "iteration {}: the log's signs are not this tune's",
                line.iteration
            ));
        }
        spsa.update(&line.signs, line.result);
        let drift = spsa
            .theta
            .iter()
            .zip(&line.theta_after)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        if drift > 1e-9 {
            return Err(format!(
                "iteration {}: the log's θ is not what its results give",
                line.iteration
            ));
        }
    }
    Ok(())
}

/// The mean pair score (0..=1) of a match, raw and luck-adjusted.
fn scores(outcome: &MatchOutcome) -> (f64, Option<f64>) {
    let pairs = outcome.pair_halves.len().max(1) as f64;
    let raw = outcome
        .pair_halves
        .iter()
        .map(|&h| f64::from(h))
        .sum::<f64>()
        / 4.0
        / pairs;
    (raw, outcome.stats.adjusted.moments().map(|m| m.mean))
}

/// Plays the tune from where its log stopped to its last iteration, calling `on_line`
/// after each; returns the final state. A new log gets the setup as its first line; an
/// existing one must hold the same setup.
pub fn run_tune(tune: &Tune, mut on_line: impl FnMut(&IterationLine)) -> Result<Spsa, String> {
    let schedule = Schedule {
        iterations: tune.setup.iterations,
        r_end: tune.setup.r_end,
    };
    let mut spsa = Spsa::new(tune.parameters.clone(), schedule, tune.setup.seed);
    let resumed = tune.log.exists() && std::fs::metadata(&tune.log).is_ok_and(|m| m.len() > 0);
    if resumed {
        let (setup, iterations, length) = read_log_prefix(&tune.log)?;
        if setup != tune.setup {
            return Err(format!(
                "{}: a log of another tune (setup {})",
                tune.log.display(),
                serde_json::to_string(&setup).unwrap_or_default()
            ));
        }
        replay(&mut spsa, &iterations)?;
        // The lines read stay as written; a cut last line goes.
        OpenOptions::new()
            .write(true)
            .open(&tune.log)
            .and_then(|f| f.set_len(length))
            .map_err(|e| format!("{}: {e}", tune.log.display()))?;
    } else {
        let text = serde_json::to_string(&tune.setup).map_err(|e| e.to_string())?;
        std::fs::write(&tune.log, text + "\n")
            .map_err(|e| format!("{}: {e}", tune.log.display()))?;
    }
    let mut log = OpenOptions::new()
        .append(true)
        .open(&tune.log)
        .map_err(|e| format!("{}: {e}", tune.log.display()))?;
    let bar = progress_bar_of(
        schedule.iterations as u64,
        tune.progress,
        "tune",
        "iterations",
    );
    bar.set_position(spsa.iteration as u64);
    let last = tune
        .until
        .map_or(schedule.iterations, |u| u.min(schedule.iterations));
    while spsa.iteration < last {
        let k = spsa.iteration;
        let points = spsa.points();
        let opponent = &tune.opponents[k % tune.opponents.len()];
        let deal_seed = mix(tune.setup.seed, k as u64);
        let play = |values: &[f64]| -> Result<MatchOutcome, String> {
            run_match(&MatchConfig {
                x: tune.spec_at(values).parse()?,
                y: opponent.clone(),
                logs: None,
                run: RunSettings {
                    deals: Deals::Seeded {
                        seed: deal_seed,
                        count: tune.setup.pairs,
                    },
                    threads: tune.threads,
                    referee: tune.referee,
                    progress: false,
                    shard: Shard::WHOLE,
                    results: None,
                },
            })
        };
        let (plus_raw, plus_adjusted) = scores(&play(&points.plus)?);
        let (minus_raw, minus_adjusted) = scores(&play(&points.minus)?);
        let difference = match (plus_adjusted, minus_adjusted) {
            (Some(p), Some(m)) => p - m,
            _ => plus_raw - minus_raw,
        };
        // Wins minus losses over the pairs' games, fishtest's scale of a result.
        let result = 2.0 * tune.setup.pairs as f64 * difference;
        let theta = spsa.theta.clone();
        spsa.update(&points.signs, result);
        let line = IterationLine {
            iteration: k,
            opponent: opponent.label(),
            deal_seed,
            pairs: tune.setup.pairs,
            theta,
            signs: points.signs,
            plus: points.plus,
            minus: points.minus,
            plus_raw,
            minus_raw,
            plus_adjusted,
            minus_adjusted,
            result,
            theta_after: spsa.theta.clone(),
        };
        let text = serde_json::to_string(&line).map_err(|e| e.to_string())?;
        writeln!(log, "{text}")
            .and_then(|()| log.flush())
            .map_err(|e| format!("{}: {e}", tune.log.display()))?;
        on_line(&line);
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(spsa)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_carry_the_values_as_the_keys_take_them() {
        let params: Vec<Parameter> = ["draw=10:0:40:4", "eqprior=30:0:80:10"]
            .iter()
            .map(|p| p.parse().unwrap())
            .collect();
        assert_eq!(
            spec_with("bot:clock=0", &params, &[12.4, 85.0]),
            "bot:clock=0,draw=12,eqprior=80"
        );
        assert_eq!(
            spec_with("bot", &params, &[0.0, 0.0]),
            "bot:draw=0,eqprior=0"
        );
    }
}
