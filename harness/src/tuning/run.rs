//! A tune played: each iteration's two points (θ + cΔ and θ − cΔ, as players:
//! [`super::player`]) against one opponent of the pool on the same deal pairs, the result
//! read from the luck-adjusted scores, one JSON line per iteration; a tune resumes from its
//! own log.
//!
//! A batch of B iterations plays at once: every iteration of batch b (iterations bB to
//! bB + B − 1) plays its points around the θ the batch starts from, its two points each a
//! job ([`crate::distributed`]) that runs here or on another machine; then the results
//! step θ in iteration order, exactly as one iteration after another would with each
//! point's θ B − 1 iterations late (B = 1: plain SPSA). So the θ of a tune depends on its
//! seed, batch and iterations, never on where or in what order its games were played.
//! Each job's games are kept as they come back (`LOG.games/iteration-K-plus.jsonl`), so a
//! tune stopped mid-batch goes on from its log and those games.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::player::spec_with;
use super::spsa::{Parameter, Schedule, Spsa};
use crate::distributed::job::Job;
use crate::distributed::{run_jobs, Hosts};
use crate::matchmaking::matches::{MatchOutcome, Shard};
use crate::matchmaking::merge;
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;
use yacht::game::deal::mix;

/// The log's schema, in its first line.
pub const SCHEMA: &str = "yacht-auction-tune/1";

/// What a tune is: a resumed tune must be the same one.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub schema: String,
    /// The tuned player without the parameters (`bot:clock=0`; a `cmd:` line with a
    /// `{KEY}` for each).
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
    /// Iterations played at once, all around the θ their batch starts from (logs written
    /// before batches were played one iteration at a time).
    #[serde(default = "one_iteration")]
    pub batch: usize,
}

fn one_iteration() -> usize {
    1
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
    /// Where the games play: here on threads, or on hosts by GNU parallel.
    pub hosts: Hosts,
    pub referee: RefereeOptions,
    pub progress: bool,
}

impl Tune {
    /// The player of the base with the parameters at `values`, as a spec.
    pub fn spec_at(&self, values: &[f64]) -> String {
        spec_with(&self.setup.base, &self.parameters, values)
    }

    /// The folder of the games of the tune's batches: `LOG.games` beside the log.
    pub fn games_dir(&self) -> PathBuf {
        games_dir(&self.log)
    }
}

/// The games folder of the tune logged at `log`.
pub fn games_dir(log: &Path) -> PathBuf {
    log.with_extension("games")
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

/// Iteration `k`'s two jobs: its plus and its minus point against its opponent.
fn iteration_jobs(tune: &Tune, spsa: &Spsa, k: usize, theta: &[f64]) -> Result<[Job; 2], String> {
    let points = spsa.points_around(k, theta);
    let opponent = &tune.opponents[k % tune.opponents.len()];
    let job = |sign: &str, values: &[f64]| -> Result<Job, String> {
        Ok(Job {
            name: format!("iteration-{k:05}-{sign}"),
            x: tune.spec_at(values).parse()?,
            y: opponent.clone(),
            seed: mix(tune.setup.seed, k as u64),
            count: tune.setup.pairs,
            shard: Shard::WHOLE,
            referee: tune.referee,
        })
    };
    Ok([job("plus", &points.plus)?, job("minus", &points.minus)?])
}

/// A job's match read back from its games file.
fn outcome(tune: &Tune, job: &Job) -> Result<MatchOutcome, String> {
    let path = tune.games_dir().join(format!("{}.jsonl", job.name));
    merge::read(&[path])?.outcome(&job.x.label(), &job.y.label())
}

/// Plays the tune from where its log stopped to its last iteration, a batch at a time,
/// calling `on_line` after each iteration; returns the final state. A new log gets the
/// setup as its first line; an existing one must hold the same setup.
pub fn run_tune(tune: &Tune, mut on_line: impl FnMut(&IterationLine)) -> Result<Spsa, String> {
    let schedule = Schedule {
        iterations: tune.setup.iterations,
        r_end: tune.setup.r_end,
    };
    let batch = tune.setup.batch.max(1);
    let mut spsa = Spsa::new(tune.parameters.clone(), schedule, tune.setup.seed);
    let resumed = tune.log.exists() && std::fs::metadata(&tune.log).is_ok_and(|m| m.len() > 0);
    let mut logged = Vec::new();
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
        logged = iterations;
    } else {
        let text = serde_json::to_string(&tune.setup).map_err(|e| e.to_string())?;
        std::fs::write(&tune.log, text + "\n")
            .map_err(|e| format!("{}: {e}", tune.log.display()))?;
    }
    let mut log = OpenOptions::new()
        .append(true)
        .open(&tune.log)
        .map_err(|e| format!("{}: {e}", tune.log.display()))?;
    let last = tune
        .until
        .map_or(schedule.iterations, |u| u.min(schedule.iterations));
    while spsa.iteration < last {
        let first = spsa.iteration;
        let start = first / batch * batch;
        // A batch cut by --until or a stop goes on around the θ it started from.
        let theta = if start == first {
            spsa.theta.clone()
        } else {
            logged[start].theta.clone()
        };
        let end = (start + batch).min(last);
        let mut jobs = Vec::new();
        for k in first..end {
            jobs.extend(iteration_jobs(tune, &spsa, k, &theta)?);
        }
        run_jobs(&jobs, &tune.hosts, &tune.games_dir(), tune.progress)?;
        for (k, pair) in (first..end).zip(jobs.chunks(2)) {
            let points = spsa.points_around(k, &theta);
            let (plus_raw, plus_adjusted) = scores(&outcome(tune, &pair[0])?);
            let (minus_raw, minus_adjusted) = scores(&outcome(tune, &pair[1])?);
            let difference = match (plus_adjusted, minus_adjusted) {
                (Some(p), Some(m)) => p - m,
                _ => plus_raw - minus_raw,
            };
            // Wins minus losses over the pairs' games, fishtest's scale of a result.
            let result = 2.0 * tune.setup.pairs as f64 * difference;
            let before = spsa.theta.clone();
            spsa.update(&points.signs, result);
            let line = IterationLine {
                iteration: k,
                opponent: pair[0].y.label(),
                deal_seed: pair[0].seed,
                pairs: tune.setup.pairs,
                theta: before,
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
            logged.push(line);
        }
    }
    Ok(spsa)
}
