//! The commands that play many games between players: `tournament`, `gauntlet`, `match`
//! and `sprt`, their arguments and their handlers.

use std::time::Instant;

use clap::Args;

use super::run_args::RunArgs;
use crate::contest::POPULATION;
use crate::matchmaking::gauntlet::{against_also, report, run_gauntlet, GauntletConfig};
use crate::matchmaking::matches::{run_match, MatchConfig};
use crate::matchmaking::report::{match_report, tournament_table};
use crate::matchmaking::sprt::{run_sprt, Resume, SprtRun};
use crate::matchmaking::tournament::{
    run_tournament, standard_opponents, variant_opponents, TournamentConfig,
};
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;
use crate::stats::sprt::{Decision, SprtConfig};

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
        let config = TournamentConfig {
            x: x.clone(),
            opponents,
            deals: run.deals()?,
            threads: run.threads,
            referee: run.referee(),
            logs: run.logs(),
            progress: !run.no_progress,
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
        let config = GauntletConfig {
            candidate: self.bot.parse()?,
            baseline: self.baseline.parse()?,
            also: parse_players(&self.also)?,
            opponents,
            deals: run.deals()?,
            threads: run.threads,
            referee: run.referee(),
            progress: !run.no_progress,
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
}

impl MatchArgs {
    /// `harness match`: prints the match report.
    pub fn run(self) -> Result<(), String> {
        let run = &self.run;
        let outcome = run_match(&MatchConfig {
            x: self.x.parse()?,
            y: self.y.parse()?,
            deals: run.deals()?,
            threads: run.threads,
            referee: run.referee(),
            logs: run.logs(),
            progress: !run.no_progress,
        })?;
        print!("{}", match_report(&outcome));
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
    #[arg(long, default_value_t = 1.0)]
    time_scale: f64,
    /// Continue an interrupted run of the same test, seed and batch size from the
    /// `resume` of its last batch line (`BATCHES:LL,LD,WL+DD,WD,WW`).
    #[arg(long, value_name = "POSITION")]
    resume: Option<String>,
}

impl SprtArgs {
    /// `harness sprt`: prints a line per batch, then the verdict.
    pub fn run(self) -> Result<(), String> {
        let resume = match self.resume {
            Some(text) => text.parse::<Resume>()?,
            None => Resume::default(),
        };
        let run = SprtRun {
            x: self.x.parse()?,
            y: self.y.parse()?,
            test: SprtConfig::with_error_rates(self.nelo0, self.nelo1, self.alpha, self.beta)?,
            seed: self.seed,
            batch_deals: self.batch,
            max_deals: self.max_deals,
            threads: self.threads,
            referee: RefereeOptions {
                time_scale: self.time_scale,
                ..RefereeOptions::default()
            },
            progress: true,
            resume,
        };
        let (status, decision) = run_sprt(&run, |status, position| {
            println!(
                "{}  pairs {}  resume {position}",
                status.summary(),
                status.counts
            );
        })?;
        let verdict = match decision {
            Some(Decision::AcceptH1) => "H1 accepted (X is better by at least nelo1)",
            Some(Decision::AcceptH0) => "H0 accepted (X is not better by nelo1)",
            None => "undecided (max deals reached)",
        };
        println!("{verdict}: {}", status.summary());
        Ok(())
    }
}
