//! The commands about single games and their inputs: `play` (one game from an official
//! input file), `sample-ai` (a sample AI on stdin/stdout) and `deals` (writing deal files).

use std::path::PathBuf;

use clap::Args;

use super::run_args::DeadlineArgs;
use crate::player::PlayerSpec;
use crate::referee::{play_game, RefereeOptions};
use crate::samples::{stdio, SampleAi, SampleConfig};
use yacht::game::deal::{deals_text, read_deals, Deal};

#[derive(Args)]
pub struct PlayArgs {
    /// Input file: 12 lines `aaaaa bbbbb t`.
    #[arg(short, long)]
    input: PathBuf,
    /// Log file to write.
    #[arg(short, long)]
    log: PathBuf,
    /// First player.
    #[arg(short = 'a', long)]
    first: String,
    /// Second player.
    #[arg(short = 'b', long)]
    second: String,
    #[command(flatten)]
    deadlines: DeadlineArgs,
    /// Seed of the players' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl PlayArgs {
    /// `harness play`: writes the official log and prints the result.
    pub fn run(self) -> Result<(), String> {
        let Self {
            input,
            log,
            first,
            second,
            deadlines,
            seed,
        } = self;
        let deals = read_deals(&input)?;
        let [deal] = deals.as_slice() else {
            return Err(format!("{}: expected exactly one deal", input.display()));
        };
        let (first, second): (PlayerSpec, PlayerSpec) = (first.parse()?, second.parse()?);
        let options = RefereeOptions {
            write_log: true,
            ..deadlines.referee()
        };
        let record = play_game(
            first.build()?.as_mut(),
            second.build()?.as_mut(),
            [seed, seed.wrapping_add(1)],
            deal,
            &options,
        )?;
        let text = record.log.unwrap_or_default();
        std::fs::write(&log, &text).map_err(|e| format!("{}: {e}", log.display()))?;
        println!(
            "result {}  FIRST {}  SECOND {}{}",
            record.result.log_text(),
            record.total_points[0],
            record.total_points[1],
            record
                .abort
                .map(|(s, r)| format!("  (ABORT {} {})", ["FIRST", "SECOND"][s], r.log_text()))
                .unwrap_or_default()
        );
        Ok(())
    }
}

#[derive(Args)]
pub struct SampleAiArgs {
    number: u8,
    /// e.g. scale=2 base=10000 better=sum min=5 seed=3 bid=aggressive score=combo
    options: Vec<String>,
}

impl SampleAiArgs {
    /// `harness sample-ai`: plays the protocol on stdin/stdout until the input ends.
    pub fn run(self) -> Result<(), String> {
        let mut ai = SampleAi::new(SampleConfig::with_options(self.number, &self.options)?);
        let stdin = std::io::stdin();
        stdio::run(&mut ai, stdin.lock(), std::io::stdout(), std::io::stderr())
            .map_err(|e| format!("stdout: {e}"))
    }
}

#[derive(Args)]
pub struct DealsArgs {
    #[arg(long, default_value_t = 1)]
    count: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Output file (default: stdout).
    #[arg(long)]
    out: Option<PathBuf>,
}

impl DealsArgs {
    /// `harness deals`: writes `count` seeded deals to the file or stdout.
    pub fn run(self) -> Result<(), String> {
        let deals: Vec<Deal> = (0..self.count as u64)
            .map(|i| Deal::from_seed(self.seed, i))
            .collect();
        let text = deals_text(&deals);
        match self.out {
            Some(path) => {
                std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
            }
            None => {
                print!("{text}");
                Ok(())
            }
        }
    }
}
