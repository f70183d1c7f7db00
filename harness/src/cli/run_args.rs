//! [`RunArgs`]: the options every game-playing command shares (deals, seed, deal file,
//! threads, time scale, logs), and what they mean for a match.

use std::path::PathBuf;

use clap::Args;

use std::sync::Arc;

use crate::matchmaking::matches::{Deals, LogSaving, ResultsTarget, RunSettings, Shard};
use crate::matchmaking::results::{DealSource, ResultsSink, RunKey};
use crate::matchmaking::tournament::DEFAULT_DEALS;
use crate::referee::{Clock, RefereeOptions, WALL_BACKSTOP_DEFAULT};
use yacht::game::deal::read_deals;

/// The deadlines of every command that plays games: the judge's, on its clock.
#[derive(Args, Clone, Copy)]
pub struct DeadlineArgs {
    /// Multiplies every deadline (3 s READY, 0.5 s ROLL and SCORE, of CPU time). The
    /// machine's load does not stretch CPU time: scale only for a slower core than the
    /// judge's 3.2 GHz Xeon.
    #[arg(long, default_value_t = 1.0)]
    pub(super) time_scale: f64,
    /// The clock of the deadlines: cpu (the judge's: CPU time spent on the answer, all
    /// threads) or wall (time passed since the command; for comparison).
    #[arg(long, value_name = "CLOCK", default_value_t = Clock::Cpu)]
    deadline_clock: Clock,
    /// The wall-clock backstop of CPU deadlines, as a multiple of each deadline (for a
    /// player that sleeps, blocks or hangs).
    #[arg(long, value_name = "FACTOR", default_value_t = WALL_BACKSTOP_DEFAULT)]
    wall_backstop: f64,
    /// Do not follow each game's luck (about 6 ms of CPU a game: nothing beside a bot's
    /// search, most of a game between sample AIs); reports then show no luck-adjusted
    /// results.
    #[arg(long)]
    no_luck: bool,
    /// Follow issue 47's luck too, by the table's value alone, beside today's: `--results`
    /// lines then carry `luck_table` (docs/runs/luck-compare.py reads both).
    #[arg(long)]
    luck_table: bool,
}

impl DeadlineArgs {
    /// The referee's options for these deadlines.
    pub(super) fn referee(&self) -> RefereeOptions {
        RefereeOptions {
            time_scale: self.time_scale,
            clock: self.deadline_clock,
            wall_backstop: self.wall_backstop,
            luck: !self.no_luck,
            luck_table: self.luck_table && !self.no_luck,
            ..RefereeOptions::default()
        }
    }
}

#[derive(Args, Clone)]
pub struct RunArgs {
    /// Deal pairs (each deal is played twice, seats swapped).
    #[arg(long, default_value_t = DEFAULT_DEALS)]
    deals: usize,
    /// Seed of the deals and of the players' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play the deals of this file instead (official input format, 12 lines per deal).
    #[arg(long, value_name = "FILE")]
    deal_file: Option<PathBuf>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    pub(super) threads: usize,
    #[command(flatten)]
    pub(super) deadlines: DeadlineArgs,
    /// Save the official log of every game to this folder.
    #[arg(long, value_name = "DIR")]
    logs: Option<PathBuf>,
    /// With --logs: keep only the games X lost.
    #[arg(long)]
    losses_only: bool,
    /// Never draw a progress bar.
    #[arg(long)]
    pub(super) no_progress: bool,
    /// Write one JSON line per game to this file as each game ends (schema in the harness
    /// README; `harness merge` reads it back). `match --results -`: to the standard
    /// output, the report to the standard error (a job of `--sshloginfile`).
    #[arg(long, value_name = "FILE.jsonl")]
    results: Option<PathBuf>,
    /// Play only the K-th of N disjoint parts of the deals (deal i is part i % N + 1);
    /// `harness merge` joins the parts' --results files into one run's report.
    #[arg(long, value_name = "K/N", default_value = "1/1")]
    pub(super) shard: Shard,
    /// Of the deals (of the shard), play only these, by index (`3,5,9`): a job playing
    /// again what a lost host left unfinished.
    #[arg(long, value_name = "I,J,...", value_delimiter = ',')]
    deal_list: Vec<usize>,
}

impl RunArgs {
    /// The deals to play: the file's, or seeded ones.
    pub(super) fn deals(&self) -> Result<Deals, String> {
        match &self.deal_file {
            Some(path) => read_deals(path).map(Deals::Listed),
            None => Ok(Deals::Seeded {
                seed: self.seed,
                count: self.deals,
            }),
        }
    }

    /// The referee's options: the default deadlines times `--time-scale`.
    pub(super) fn referee(&self) -> RefereeOptions {
        self.deadlines.referee()
    }

    /// The per-game records' target for a run of `command` with `players`, if asked for.
    pub(super) fn results(
        &self,
        command: &str,
        players: &[String],
        opponents: &[String],
        sprt: Option<[f64; 4]>,
    ) -> Result<Option<ResultsTarget>, String> {
        let Some(path) = &self.results else {
            return Ok(None);
        };
        if self.results_on_stdout() && command != "match" {
            return Err(format!(
                "--results - (the standard output) is for match; give {command} a file"
            ));
        }
        let run = RunKey {
            command: command.to_string(),
            players: players.to_vec(),
            opponents: opponents.to_vec(),
            deals: deal_source(&self.deal_file, self.seed, self.deals)?,
            time_scale: self.deadlines.time_scale,
            shards: self.shard.count,
            batch: None,
            sprt,
            adjusted: false,
        };
        Ok(Some(ResultsTarget {
            sink: Arc::new(ResultsSink::create(path, run, self.shard.index)?),
            deal_offset: 0,
        }))
    }

    /// The settings of a run whose per-game records go to `results`.
    pub(super) fn settings(&self, results: Option<ResultsTarget>) -> Result<RunSettings, String> {
        Ok(RunSettings {
            deals: self.deals()?,
            threads: self.threads,
            referee: self.referee(),
            progress: !self.no_progress,
            shard: self.shard,
            only: (!self.deal_list.is_empty()).then(|| self.deal_list.clone()),
            results,
        })
    }

    /// A run spread over hosts (`--sshloginfile`): its seeded deals (seed, pairs) and its
    /// results file, refusing what such a run does not take.
    pub(super) fn spread(&self) -> Result<(u64, usize, PathBuf), String> {
        if self.deal_file.is_some() {
            return Err(
                "--sshloginfile plays seeded deals (--seed, --deals), not --deal-file".into(),
            );
        }
        if self.logs.is_some() {
            return Err("--sshloginfile keeps no --logs (its games are in --results)".into());
        }
        if self.shard != Shard::WHOLE || !self.deal_list.is_empty() {
            return Err(
                "--sshloginfile cuts the deals into jobs itself: no --shard or --deal-list".into(),
            );
        }
        match &self.results {
            Some(path) if !self.results_on_stdout() => Ok((self.seed, self.deals, path.clone())),
            _ => Err("--sshloginfile needs --results F.jsonl: the games are kept in F.games/ as they come back".into()),
        }
    }

    /// Whether the per-game records go to the standard output (`--results -`), so that
    /// the report must not.
    pub(super) fn results_on_stdout(&self) -> bool {
        self.results.as_deref() == Some(std::path::Path::new("-"))
    }

    /// Where to save the games' logs, if anywhere.
    pub(super) fn logs(&self) -> Option<LogSaving> {
        self.logs.clone().map(|dir| LogSaving {
            dir,
            losses_only: self.losses_only,
        })
    }
}

/// The identity of a run's deals: a deal file's content hash and count, or the seed and
/// the count.
pub(super) fn deal_source(
    deal_file: &Option<PathBuf>,
    seed: u64,
    count: usize,
) -> Result<DealSource, String> {
    Ok(match deal_file {
        Some(path) => {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            DealSource {
                seed: None,
                file_hash: Some(format!(
                    "{:016x}",
                    yacht::solver::quantize::fnv1a64(text.as_bytes())
                )),
                count: read_deals(path)?.len(),
            }
        }
        None => DealSource {
            seed: Some(seed),
            file_hash: None,
            count,
        },
    })
}
