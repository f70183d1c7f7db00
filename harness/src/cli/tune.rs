//! `harness tune`: SPSA over named `bot:` keys or a program's `{KEY}`s against a pool of
//! opponents, a batch of iterations at once, here or on the hosts of an `--sshloginfile`;
//! resumable from its log; `--effects LOG` reads a tune's games back as each parameter's
//! measured effect.

use std::path::PathBuf;

use clap::Args;

use super::hosts_args::HostsArgs;
use super::run_args::DeadlineArgs;
use crate::player::PlayerSpec;
use crate::tuning::effects::{effects, effects_table};
use crate::tuning::player::{check, spec_with};
use crate::tuning::run::{read_log, run_tune, Setup, Tune, SCHEMA};
use crate::tuning::spsa::{Parameter, R_END_DEFAULT};
use yacht::engine::tunables::TUNABLES;

/// The pool when none is given: the designs of the finals that play in-process (the
/// equilibrium bidder, the equilibrium on another table, the maximin reference) and the
/// habit of an adaptive public bot. The public bots themselves join with
/// `--opponent cmd:DIR/bw_NAME` (docs/runs/tune.sh).
pub const DEFAULT_POOL: [&str; 4] = [
    "bot:bidder=equilibrium,win=0,clock=0",
    "contest:eq-other-table",
    "bot:bidder=maximin,win=10,clock=0",
    "contest:adapt-gain",
];

#[derive(Args)]
pub struct TuneArgs {
    /// A tuned parameter, `KEY=START:MIN:MAX:STEP` (repeatable): KEY a `bot:` key, or the
    /// `{KEY}` of a `cmd:` base's command line; STEP its perturbation at the last
    /// iteration (fishtest's c_end); a whole number when all four numbers are written
    /// without a decimal point.
    #[arg(long = "param", value_name = "KEY=START:MIN:MAX:STEP")]
    parameters: Vec<String>,
    /// Tune every constant of the engine's tunables as well (`yacht-bot --tunables` lists
    /// them), each from its default over its range with its step.
    #[arg(long)]
    tunables: bool,
    /// The player tuned, without the parameters: a `bot:` spec, or a program whose
    /// command line names each parameter as `{KEY}` (`cmd:python3 bot.py --share {share}`).
    #[arg(long, value_name = "PLAYER", default_value = "bot:clock=0")]
    base: String,
    /// An opponent of the pool (repeatable; iteration k plays the k-th modulo the pool).
    /// Default: the equilibrium bidder, eq-other-table, the maximin reference, adapt-gain.
    #[arg(long = "opponent", value_name = "PLAYER")]
    opponents: Vec<String>,
    /// Iterations (the schedule's N).
    #[arg(long, default_value_t = 200)]
    iterations: usize,
    /// Deal pairs each point plays per iteration.
    #[arg(long, default_value_t = 8)]
    pairs: usize,
    /// Stop after this many iterations in all (the schedule is still --iterations'; the
    /// tune resumes from its log later).
    #[arg(long, value_name = "K")]
    until: Option<usize>,
    /// Iterations played at once, all around the θ their batch starts from: 2 x BATCH
    /// jobs of --pairs deal pairs for the threads or the hosts (the same seed, batch and
    /// iterations give the same θ wherever they play).
    #[arg(long, default_value_t = 1)]
    batch: usize,
    /// Seed of the signs and of every iteration's deals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The learning rate at the last iteration (fishtest's r_end).
    #[arg(long, default_value_t = R_END_DEFAULT)]
    r_end: f64,
    /// The tune's log: one JSON line per iteration; a tune of the same setup resumes from it.
    #[arg(long, value_name = "FILE.jsonl")]
    log: PathBuf,
    /// Play nothing: read the log's games as each parameter's effect over its range.
    #[arg(long)]
    effects: bool,
    /// With --effects: only the iterations against this opponent (its label).
    #[arg(long, value_name = "PLAYER")]
    against: Option<String>,
    /// A range's effect within ± this many points (95%) is called flat.
    #[arg(long, default_value_t = 0.5)]
    flat_points: f64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    deadlines: DeadlineArgs,
    #[command(flatten)]
    hosts: HostsArgs,
    /// Never draw a progress bar.
    #[arg(long)]
    no_progress: bool,
}

impl TuneArgs {
    pub fn run(self) -> Result<(), String> {
        if self.effects {
            return print_effects(&self);
        }
        let mut specs = self.parameters.clone();
        if self.tunables {
            specs.extend(TUNABLES.iter().map(|t| t.tune_spec(t.default)));
        }
        let parameters: Vec<Parameter> =
            specs.iter().map(|p| p.parse()).collect::<Result<_, _>>()?;
        if parameters.is_empty() {
            return Err("no --param to tune".to_string());
        }
        let pool: Vec<String> = if self.opponents.is_empty() {
            DEFAULT_POOL.iter().map(|s| s.to_string()).collect()
        } else {
            self.opponents.clone()
        };
        let opponents: Vec<PlayerSpec> =
            pool.iter().map(|p| p.parse()).collect::<Result<_, _>>()?;
        if self.iterations == 0 || self.pairs == 0 || self.batch == 0 {
            return Err("--iterations, --pairs and --batch must be at least 1".to_string());
        }
        // Every parameter must be one the player takes, at its start and both ends.
        check(&self.base, &parameters)?;
        let hosts = self.hosts.hosts(self.threads)?;
        let tune = Tune {
            setup: Setup {
                schema: SCHEMA.to_string(),
                base: self.base.clone(),
                parameters: parameters.iter().map(Parameter::to_string).collect(),
                opponents: opponents.iter().map(PlayerSpec::label).collect(),
                pairs: self.pairs,
                iterations: self.iterations,
                r_end: self.r_end,
                seed: self.seed,
                batch: self.batch,
            },
            parameters,
            opponents,
            log: self.log.clone(),
            until: self.until,
            hosts,
            referee: self.deadlines.referee(),
            progress: !self.no_progress,
        };
        println!(
            "tune: {} iterations of 2 x {} deal pairs, {} at once, log {} (games in {})",
            self.iterations,
            self.pairs,
            self.batch,
            self.log.display(),
            tune.games_dir().display()
        );
        let spsa = run_tune(&tune, |line| {
            eprintln!(
                "iteration {:>4} vs {:<40} result {:+7.3}",
                line.iteration, line.opponent, line.result
            );
        })?;
        println!("tuned: {}", tune.spec_at(&spsa.theta));
        print_effects(&self)
    }
}

/// `--effects`: the log's parameters, each with its range's effect.
fn print_effects(args: &TuneArgs) -> Result<(), String> {
    let (setup, iterations) = read_log(&args.log)?;
    println!(
        "{} of {} iterations, {} deal pairs a point each; {}",
        iterations.len(),
        setup.iterations,
        setup.pairs,
        match &args.against {
            Some(o) => format!("against {o}"),
            None => format!("against {}", setup.opponents.join(", ")),
        }
    );
    if let Some(last) = iterations.last() {
        let parameters: Vec<Parameter> = setup
            .parameters
            .iter()
            .map(|p| p.parse())
            .collect::<Result<_, _>>()?;
        println!(
            "theta after iteration {}: {}",
            last.iteration,
            spec_with(&setup.base, &parameters, &last.theta_after)
        );
    }
    match effects(&setup, &iterations, args.against.as_deref())? {
        Some(e) => {
            print!("{}", effects_table(&e, args.flat_points));
            println!(
                "effect of the range: luck-adjusted points of score from its low end to its \
                 high end (the slope over the points' gaps, times the range; 95% interval); \
                 flat: within ±{} points",
                args.flat_points
            );
        }
        None => println!("too few iterations to read each parameter's effect"),
    }
    Ok(())
}
