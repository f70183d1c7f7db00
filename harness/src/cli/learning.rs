//! The commands of the learned value: `positions` (the games it learns from) and `label`
//! (their auctions labelled by rollouts: what it is distilled from and judged on).

use std::path::PathBuf;

use clap::Args;

use super::run_args::DeadlineArgs;
use crate::learning::labels::{run_labels, transfer_grid, FutureCount, LabelConfig, LabelRun};
use crate::learning::positions::{run_positions, PositionsConfig};
use crate::matchmaking::matches::Deals;

#[derive(Args)]
pub struct PositionsArgs {
    /// Player X (seat 1 in each pair's first game, seat 2 in its second).
    x: String,
    /// Player Y.
    y: String,
    /// Deal pairs (each deal is played twice, seats swapped).
    #[arg(long, default_value_t = 1000)]
    deals: usize,
    /// Seed of the deals and of the players' randomness (as `harness match --seed`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    #[command(flatten)]
    deadlines: DeadlineArgs,
    /// Never draw a progress bar.
    #[arg(long)]
    no_progress: bool,
    /// The positions file (CSV). Run again on the same file, the run plays only the deals
    /// the file lacks.
    #[arg(long, value_name = "FILE.csv")]
    out: PathBuf,
}

impl PositionsArgs {
    /// `harness positions`: plays the deals and writes every position a bid is made in.
    pub fn run(self) -> Result<(), String> {
        let config = PositionsConfig {
            x: self.x.parse()?,
            y: self.y.parse()?,
            deals: Deals::Seeded {
                seed: self.seed,
                count: self.deals,
            },
            threads: self.threads,
            referee: self.deadlines.referee(),
            progress: !self.no_progress,
            out: self.out,
        };
        let started = std::time::Instant::now();
        let summary = run_positions(&config)?;
        println!(
            "{}: {} deal pairs played now ({} in the file), {} positions written, {} games aborted (not kept), {:.1} s",
            config.out.display(),
            summary.pairs_played,
            summary.pairs_in_file,
            summary.rows_written,
            summary.aborted_games,
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }
}

#[derive(Args)]
pub struct LabelArgs {
    /// Positions files (`harness positions`), read in order.
    #[arg(required = true)]
    positions: Vec<PathBuf>,
    /// Futures each child is rolled out on: a count (256), or a multiple of the default
    /// bot's count in the position's round (4x: a benchmark's reference).
    #[arg(long, default_value = "256")]
    futures: String,
    /// The auctions' rounds labelled, FIRST-LAST (round 1's children are the positions
    /// before round 2's roll; rounds 11 and 12 the bot values exactly).
    #[arg(long, default_value = "1-10")]
    rounds: String,
    /// One auction in N of those rounds (drawn by a hash of its place in the files).
    #[arg(long, default_value_t = 1)]
    every: usize,
    /// At most this many auctions of each round (0: no limit).
    #[arg(long, default_value_t = 0)]
    per_round: usize,
    /// The transfers the win curves are kept at, STEP:MAX points (-MAX to MAX).
    #[arg(long, default_value = "1500:30000")]
    transfers: String,
    /// Seed of the futures.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only the positions whose index is K modulo N (one machine's share: the shards' files
    /// are read back together).
    #[arg(long, value_name = "K/N", default_value = "0/1")]
    shard: String,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Never draw a progress bar.
    #[arg(long)]
    no_progress: bool,
    /// The labels file. Run again on the same file, the run labels only what it lacks.
    #[arg(long, value_name = "FILE.ylb")]
    out: PathBuf,
}

impl LabelArgs {
    /// `harness label`: the positions' auctions labelled by rollouts.
    pub fn run(self) -> Result<(), String> {
        let pair = |text: &str, sep: char, what: &str| -> Result<(f64, f64), String> {
            let (x, y) = text
                .split_once(sep)
                .ok_or_else(|| format!("{what} {text:?}: expected X{sep}Y"))?;
            let n = |s: &str| {
                s.parse::<f64>()
                    .map_err(|_| format!("{what} {text:?}: not numbers"))
            };
            Ok((n(x)?, n(y)?))
        };
        let (first, last) = pair(&self.rounds, '-', "--rounds")?;
        if !(1.0..=10.0).contains(&first) || !(first..=10.0).contains(&last) {
            return Err(format!(
                "--rounds {}: within 1-10, first to last",
                self.rounds
            ));
        }
        let (step, max) = pair(&self.transfers, ':', "--transfers")?;
        if step <= 0.0 || max < step {
            return Err(format!(
                "--transfers {}: a positive step up to a larger max",
                self.transfers
            ));
        }
        let (k, n) = pair(&self.shard, '/', "--shard")?;
        if n < 1.0 || k < 0.0 || k >= n {
            return Err(format!("--shard {}: K/N with 0 <= K < N", self.shard));
        }
        let config = LabelConfig {
            run: LabelRun {
                sources: self
                    .positions
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect(),
                rounds: [first as u8, last as u8],
                every: self.every.max(1),
                per_round: self.per_round,
                futures: FutureCount::parse(&self.futures)?,
                transfers_points: transfer_grid(step, max),
                seed: self.seed,
                shard: [k as usize, n as usize],
            },
            threads: self.threads,
            progress: !self.no_progress,
            command: std::iter::once("harness".to_string())
                .chain(std::env::args().skip(1))
                .collect::<Vec<_>>()
                .join(" "),
            out: self.out,
        };
        let started = std::time::Instant::now();
        let (now, total) = run_labels(&config)?;
        println!(
            "{}: {now} positions labelled now ({total} in the file), {:.1} s",
            config.out.display(),
            started.elapsed().as_secs_f64()
        );
        Ok(())
    }
}
