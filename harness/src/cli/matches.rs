//! The commands that play many games between players: `tournament`, `gauntlet`, `match`
//! and `sprt`, their arguments and their handlers.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use clap::Args;

use super::hosts_args::HostsArgs;
use super::run_args::{deal_source, DeadlineArgs, RunArgs};
use crate::contest::POPULATION;
use crate::distributed::matches::SpreadMatch;
use crate::distributed::sprt::SpreadSprt;
use crate::matchmaking::gauntlet::{against_also, report, run_gauntlet, GauntletConfig};
use crate::matchmaking::matches::{run_match, MatchConfig, ResultsTarget, Shard};
use crate::matchmaking::pages::sprt_page;
use crate::matchmaking::report::{match_report, tournament_table};
use crate::matchmaking::results::{ResultsSink, RunKey};
use crate::matchmaking::sprt::{batch_line, run_sprt, verdict_line, Resume, SprtRun};
use crate::matchmaking::tournament::{
    run_tournament, standard_opponents, variant_opponents, TournamentConfig,
};
use crate::player::PlayerSpec;
use crate::stats::sprt::SprtConfig;

/// Players given on the command line, parsed.
fn parse_players(players: &[String]) -> Result<Vec<PlayerSpec>, String> {
    players.iter().map(|p| p.parse()).collect()
}

#[derive(Args)]
pub struct TournamentArgs {
    /// Play an external bot instead of the in-process one.
    #[arg(long, value_name = "CMD", conflicts_with = "bot")]
    bot_cmd: Option<String>,
    /// The player in the bot's seat (e.g. `bot:bidder=model,win=7`).
    #[arg(long, value_name = "PLAYER", default_value = "bot")]
    bot: String,
    /// Opponents (repeatable); default: the ten sample AIs.
    #[arg(long = "opponent", value_name = "PLAYER")]
    opponents: Vec<String>,
    /// Also play the variant readings of the sample AIs (see `tournament::VARIANTS`).
    #[arg(long)]
    variants: bool,
    #[command(flatten)]
    run: RunArgs,
}

impl TournamentArgs {
    /// `harness tournament`: prints the table and the time taken.
    pub fn run(self) -> Result<(), String> {
        let x = match self.bot_cmd {
            Some(cmd) => PlayerSpec::Command(cmd),
            None => self.bot.parse()?,
        };
        let mut opponents = if self.opponents.is_empty() {
            standard_opponents()
        } else {
            parse_players(&self.opponents)?
        };
        if self.variants {
            opponents.extend(variant_opponents());
        }
        let run = &self.run;
        let labels: Vec<String> = opponents.iter().map(PlayerSpec::label).collect();
        let config = TournamentConfig {
            x: x.clone(),
            logs: run.logs(),
            run: run.settings(run.results("tournament", &[x.label()], &labels, None)?)?,
            opponents,
        };
        let started = Instant::now();
        let outcomes = run_tournament(&config)?;
        print!("{}", tournament_table(&x.label(), &outcomes));
        println!("({:.1} s)", started.elapsed().as_secs_f64());
        Ok(())
    }
}

#[derive(Args)]
pub struct GauntletArgs {
    /// The candidate.
    #[arg(long, value_name = "PLAYER", default_value = "bot")]
    bot: String,
    /// The baseline it must not fall below.
    #[arg(long, value_name = "PLAYER", default_value = "bot:bidder=equilibrium")]
    baseline: String,
    /// Further baselines (repeatable), each reported against the same candidate games.
    #[arg(long = "also", value_name = "PLAYER")]
    also: Vec<String>,
    /// Opponents (repeatable); default: the contest population (`contest::POPULATION`).
    #[arg(long = "opponent", value_name = "PLAYER")]
    opponents: Vec<String>,
    /// Also play the ten sample AIs.
    #[arg(long)]
    samples: bool,
    /// SPRT lower bound, normalized Elo.
    #[arg(long, default_value_t = -3.0, allow_hyphen_values = true)]
    nelo0: f64,
    /// SPRT upper bound, normalized Elo.
    #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
    nelo1: f64,
    #[command(flatten)]
    run: RunArgs,
}

impl GauntletArgs {
    /// `harness gauntlet`: prints the candidate against the baseline, then against each
    /// further baseline, and the time taken.
    pub fn run(self) -> Result<(), String> {
        let mut opponents: Vec<PlayerSpec> = if self.opponents.is_empty() {
            POPULATION
                .iter()
                .map(|m| PlayerSpec::Contest(m.name))
                .collect()
        } else {
            parse_players(&self.opponents)?
        };
        if self.samples {
            opponents.extend(standard_opponents());
        }
        let run = &self.run;
        let (candidate, baseline): (PlayerSpec, PlayerSpec) =
            (self.bot.parse()?, self.baseline.parse()?);
        let also = parse_players(&self.also)?;
        let players: Vec<String> = [&candidate, &baseline]
            .into_iter()
            .chain(&also)
            .map(PlayerSpec::label)
            .collect();
        let labels: Vec<String> = opponents.iter().map(PlayerSpec::label).collect();
        let test = Some([self.nelo0, self.nelo1, 0.05, 0.05]);
        let config = GauntletConfig {
            run: run.settings(run.results("gauntlet", &players, &labels, test)?)?,
            candidate,
            baseline,
            also,
            opponents,
        };
        let (nelo0, nelo1) = (self.nelo0, self.nelo1);
        let started = Instant::now();
        let rows = run_gauntlet(&config)?;
        print!(
            "{}",
            report(
                &config.candidate.label(),
                &config.baseline.label(),
                &rows,
                nelo0,
                nelo1
            )
        );
        for (i, other) in config.also.iter().enumerate() {
            println!();
            print!(
                "{}",
                report(
                    &config.candidate.label(),
                    &other.label(),
                    &against_also(&rows, i),
                    nelo0,
                    nelo1
                )
            );
        }
        println!("({:.1} s)", started.elapsed().as_secs_f64());
        Ok(())
    }
}

#[derive(Args)]
pub struct MatchArgs {
    /// Player X (the report's point of view).
    x: String,
    /// Player Y.
    y: String,
    #[command(flatten)]
    run: RunArgs,
    #[command(flatten)]
    hosts: HostsArgs,
    /// With --sshloginfile: into how many jobs (shards) the deals are cut.
    #[arg(long, default_value_t = 16, requires = "sshloginfile")]
    jobs: usize,
}

impl MatchArgs {
    /// `harness match`: prints the match report.
    pub fn run(self) -> Result<(), String> {
        let run = &self.run;
        let (x, y): (PlayerSpec, PlayerSpec) = (self.x.parse()?, self.y.parse()?);
        if self.hosts.spread() {
            let (seed, count, results) = run.spread()?;
            let outcome = SpreadMatch {
                x: &x,
                y: &y,
                seed,
                count,
                referee: run.referee(),
                jobs: self.jobs,
                progress: !run.no_progress,
            }
            .play(&self.hosts.hosts(run.threads)?, &results)?;
            print!("{}", match_report(&outcome));
            return Ok(());
        }
        let outcome = run_match(&MatchConfig {
            run: run.settings(run.results("match", &[x.label(), y.label()], &[], None)?)?,
            x,
            y,
            logs: run.logs(),
        })?;
        if run.results_on_stdout() {
            eprint!("{}", match_report(&outcome));
        } else {
            print!("{}", match_report(&outcome));
        }
        Ok(())
    }
}

#[derive(Args)]
pub struct SprtArgs {
    x: String,
    y: String,
    /// H0: normalized Elo = nelo0.
    #[arg(long, default_value_t = 0.0)]
    nelo0: f64,
    /// H1: normalized Elo = nelo1.
    #[arg(long, default_value_t = 5.0)]
    nelo1: f64,
    #[arg(long, default_value_t = 0.05)]
    alpha: f64,
    #[arg(long, default_value_t = 0.05)]
    beta: f64,
    /// Deal pairs between two looks at the test.
    #[arg(long, default_value_t = 500)]
    batch: usize,
    /// Give up undecided after this many deal pairs.
    #[arg(long, default_value_t = 200_000)]
    max_deals: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    deadlines: DeadlineArgs,
    /// Continue an interrupted run of the same test, seed and batch size from the
    /// `resume` of its last batch line (`BATCHES:LL,LD,WL+DD,WD,WW`, with the luck-adjusted
    /// sums after a `;`).
    #[arg(long, value_name = "POSITION")]
    resume: Option<String>,
    /// Write one JSON line per game to this file as each game ends.
    #[arg(long, value_name = "FILE.jsonl")]
    results: Option<PathBuf>,
    /// Play only batches b with b % N + 1 = K, to --max-deals, whatever they show;
    /// `harness merge` reads the test off all the shards' batches in order.
    #[arg(long, value_name = "K/N", default_value = "1/1")]
    shard: Shard,
    /// Also write the LLR after each batch as a self-contained HTML chart here.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Test on the luck-adjusted pair scores: the same hypotheses (the bounds' nElo read
    /// with the raw pairs' spread), with the dice's share of the variance taken out, so
    /// it decides in far fewer pairs (the factor is the report's variance ratio).
    #[arg(long)]
    adjusted: bool,
    #[command(flatten)]
    hosts: HostsArgs,
    /// With --sshloginfile: batches played at once (read in order: the test stops at the
    /// same batch as on one machine).
    #[arg(long, default_value_t = 8, requires = "sshloginfile")]
    jobs: usize,
}

impl SprtArgs {
    /// `harness sprt`: prints a line per batch, then the verdict.
    pub fn run(self) -> Result<(), String> {
        let resume = match self.resume {
            Some(text) => text.parse::<Resume>()?,
            None => Resume::default(),
        };
        let (x, y): (PlayerSpec, PlayerSpec) = (self.x.parse()?, self.y.parse()?);
        let key = RunKey {
            command: "sprt".to_string(),
            players: vec![x.label(), y.label()],
            opponents: Vec::new(),
            deals: deal_source(&None, self.seed, self.max_deals)?,
            time_scale: self.deadlines.time_scale,
            shards: self.shard.count,
            batch: Some(self.batch.max(1)),
            sprt: Some([self.nelo0, self.nelo1, self.alpha, self.beta]),
            adjusted: self.adjusted,
        };
        let spread = self.hosts.spread();
        if spread && (self.shard != Shard::WHOLE || self.results.is_none()) {
            return Err(
                "--sshloginfile needs --results F.jsonl (the batches' games are kept \
                        in F.games/ as they come back) and no --shard"
                    .to_string(),
            );
        }
        let results = match &self.results {
            Some(path) if !spread => Some(ResultsTarget {
                sink: Arc::new(ResultsSink::create(path, key.clone(), self.shard.index)?),
                deal_offset: 0,
            }),
            _ => None,
        };
        let run = SprtRun {
            x,
            y,
            test: SprtConfig::with_error_rates(self.nelo0, self.nelo1, self.alpha, self.beta)?,
            seed: self.seed,
            batch_deals: self.batch,
            max_deals: self.max_deals,
            threads: self.threads,
            referee: self.deadlines.referee(),
            progress: true,
            resume,
            shard: self.shard,
            results,
            adjusted: self.adjusted,
        };
        let mut looks = Vec::new();
        let on_batch = |status: &_, position: &_| {
            println!("{}", batch_line(status, position));
            looks.push((status.counts.pairs(), status.llr()));
        };
        let (status, decision) = match (&self.results, spread) {
            (Some(path), true) => SpreadSprt {
                run: &run,
                hosts: &self.hosts.hosts(self.threads)?,
                batches_at_once: self.jobs,
                results: path.clone(),
                key,
            }
            .play(on_batch)?,
            _ => run_sprt(&run, on_batch)?,
        };
        if run.shard == Shard::WHOLE {
            let verdict = verdict_line(decision, &status);
            println!("{verdict}");
            if let Some(path) = &self.html {
                let title = format!("SPRT {} vs {}", run.x.label(), run.y.label());
                let bounds = (status.lower_bound(), status.upper_bound());
                super::results::write_page(path, &sprt_page(&title, &looks, bounds, &verdict))?;
            }
        } else {
            println!(
                "shard {} played its batches to {} deal pairs: merge the shards' --results to read the test",
                run.shard, run.max_deals
            );
        }
        Ok(())
    }
}
