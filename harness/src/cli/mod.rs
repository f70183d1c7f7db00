//! The command line: the top-level [`Cli`] (with the global `--table`), the [`Cmd`] enum
//! of every command, each wrapping its arguments, and [`run`], which dispatches. The
//! arguments and handler of each command live in the module of its family.

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

mod export;
mod games;
mod hosts_args;
mod learning;
mod matches;
mod measure;
mod replay;
mod results;
mod run_args;
mod tune;

pub use export::ExportArgs;
pub use games::{DealsArgs, PlayArgs, SampleAiArgs};
pub use learning::{LabelArgs, PositionsArgs};
pub use matches::{GauntletArgs, MatchArgs, SprtArgs, TournamentArgs};
pub use measure::MeasureArgs;
pub use replay::ReplayArgs;
pub use results::{CompareArgs, LeagueArgs, MergeArgs};
pub use run_args::RunArgs;
pub use tune::TuneArgs;

#[derive(Parser)]
#[command(
    name = "harness",
    version,
    about = "Yacht Auction referee, sample AIs, matches and tournaments"
)]
pub struct Cli {
    /// Play in-process bots (and audit) with this `data.bin` instead of the embedded table.
    #[arg(long, global = true, value_name = "DATA_BIN")]
    table: Option<PathBuf>,
    #[command(subcommand)]
    command: Cmd,
}

/// Players are written `bot[:options]`, `sample:N[:key=value,...]`, `contest:NAME`,
/// `cmd:<command line>` or `export:DIR` (see `harness match --help`).
#[derive(Subcommand)]
pub enum Cmd {
    /// The bot (or --bot PLAYER) against each of the ten sample AIs: one table.
    Tournament(TournamentArgs),
    /// Any two players over many deals, seats swapped on each deal.
    Match(MatchArgs),
    /// Every pair of players on the same seat-swapped deals, as the finals' round robin:
    /// crosstable, points (wins) and Bradley-Terry ratings.
    League(LeagueArgs),
    /// One game from an official input file, writing the official log (like the testing tool).
    Play(PlayArgs),
    /// Reads an official log: per-round review of one side, optional HTML page, optional
    /// re-run of a program on that side's commands.
    Replay(ReplayArgs),
    /// Writes the contest submission: DIR/src/main.rs, DIR/data.bin, DIR/Cargo.toml.
    Export(ExportArgs),
    /// The bot and a baseline against every contest-like opponent, on the same deals, side
    /// by side, with a paired SPRT of the bot against the baseline over the population.
    Gauntlet(GauntletArgs),
    /// Sequential probability ratio test of X against Y (pentanomial, normalized Elo).
    Sprt(SprtArgs),
    /// One player's games next to another's (another run, or another player of the same
    /// run) on the same deals: per opponent, the paired difference and the games alike.
    Compare(CompareArgs),
    /// Joins the --results files of a run's shards into the report one run would print.
    Merge(MergeArgs),
    /// Runs sample AI N (1..=10) on stdin/stdout; options as key=value words.
    SampleAi(SampleAiArgs),
    /// Writes deals in the official input-file format (12 lines per deal).
    Deals(DealsArgs),
    /// SPSA over named `bot:` keys against a pool of opponents on the same deal pairs,
    /// luck-adjusted; resumable from its log (`--effects LOG`: each parameter's effect).
    Tune(TuneArgs),
    /// Every position a bid is made in, from seeded games between any two players, with
    /// the result and the luck still to come: what the value network is trained on (CSV).
    Positions(PositionsArgs),
    /// Bid positions of positions files labelled by rollouts of both assignments on common
    /// futures: the database the value network is distilled from, and its benchmark.
    Label(LabelArgs),
    /// Research tools (table audit, calibration, regret, rollout variance, speed, ...):
    /// `harness measure --help` lists them.
    Measure(MeasureArgs),
}

/// Installs the `--table` file if one is given, then runs the command.
pub fn run(cli: Cli) -> Result<(), String> {
    if let Some(path) = &cli.table {
        use_table_file(path)?;
    }
    match cli.command {
        Cmd::Tournament(args) => args.run(),
        Cmd::Match(args) => args.run(),
        Cmd::League(args) => args.run(),
        Cmd::Play(args) => args.run(),
        Cmd::Replay(args) => args.run(),
        Cmd::Export(args) => args.run(),
        Cmd::Gauntlet(args) => args.run(),
        Cmd::Sprt(args) => args.run(),
        Cmd::Compare(args) => args.run(),
        Cmd::Merge(args) => args.run(),
        Cmd::SampleAi(args) => args.run(),
        Cmd::Deals(args) => args.run(),
        Cmd::Measure(args) => args.run(),
        Cmd::Tune(args) => args.run(),
        Cmd::Positions(args) => args.run(),
        Cmd::Label(args) => args.run(),
    }
}

/// Installs the `data.bin` at `path` as this process's table (before anything reads it).
fn use_table_file(path: &Path) -> Result<(), String> {
    let path = path.to_str().ok_or("table path is not UTF-8")?;
    yacht::table::load(path)
        .map(|_| ())
        .map_err(|e| format!("{path}: {e}"))
}
