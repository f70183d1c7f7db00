//! [`RunArgs`]: the options every game-playing command shares (deals, seed, deal file,
//! threads, time scale, logs), and what they mean for a match.

use std::path::PathBuf;

use clap::Args;

use crate::matchmaking::matches::{Deals, LogSaving};
use crate::matchmaking::tournament::DEFAULT_DEALS;
use crate::referee::RefereeOptions;
use yacht::game::deal::read_deals;

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
    /// Multiplies every deadline (3 s READY, 0.5 s ROLL and SCORE).
    #[arg(long, default_value_t = 1.0)]
    time_scale: f64,
    /// Save the official log of every game to this folder.
    #[arg(long, value_name = "DIR")]
    logs: Option<PathBuf>,
    /// With --logs: keep only the games X lost.
    #[arg(long)]
    losses_only: bool,
    /// Never draw a progress bar.
    #[arg(long)]
    pub(super) no_progress: bool,
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
        RefereeOptions {
            time_scale: self.time_scale,
            ..RefereeOptions::default()
        }
    }

    /// Where to save the games' logs, if anywhere.
    pub(super) fn logs(&self) -> Option<LogSaving> {
        self.logs.clone().map(|dir| LogSaving {
            dir,
            losses_only: self.losses_only,
        })
    }
}
