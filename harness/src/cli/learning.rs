//! The commands of the learned value: `positions` (what it is trained on).

use std::path::PathBuf;

use clap::Args;

use super::run_args::DeadlineArgs;
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
