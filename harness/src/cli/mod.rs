//! The command line: the top-level [`Cli`] (with the global `--table`), the [`Cmd`] enum
//! of every command, each wrapping its arguments, and [`run`], which dispatches. The
//! arguments and handler of each command live in the module of its family.

use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};

mod export;
mod games;
mod matches;
mod measure;
mod replay;
mod results;
mod run_args;

pub use export::ExportArgs;
pub use games::{DealsArgs, PlayArgs, SampleAiArgs};
pub use matches::{GauntletArgs, MatchArgs, SprtArgs, TournamentArgs};
pub use measure::{
    CalibrateArgs, CurveVarianceArgs, RegretArgs, SolitaireArgs, SpeedArgs, StartupArgs,
    StateSpreadArgs,
};
pub use replay::ReplayArgs;
pub use results::{CompareArgs, LeagueArgs, MergeArgs};
pub use run_args::RunArgs;

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

/// Players are written `bot`, `sample:N[:key=value,...]` or `cmd:<command line>`.
#[derive(Subcommand)]
pub enum Cmd {
    /// The bot against each of the ten sample AIs: one table.
    Tournament(TournamentArgs),
    /// The bot and a baseline against every contest-like opponent, on the same deals, side
    /// by side, with a paired SPRT of the bot against the baseline over the population
    Gauntlet(GauntletArgs),
    /// Any two players over many deals, seats swapped on each deal.
    Match(MatchArgs),
    /// One game from an official input file, writing the official log (like the testing tool).
    Play(PlayArgs),
    /// Runs sample AI N (1..=10) on stdin/stdout; options as key=value words.
    SampleAi(SampleAiArgs),
    /// Writes deals in the official input-file format (12 lines per deal).
    Deals(DealsArgs),
    /// Sequential probability ratio test of X against Y (pentanomial, normalized Elo).
    Sprt(SprtArgs),
    /// Every pair of players on the same seat-swapped deals, as a round robin: crosstable,
    /// points (wins) and Bradley-Terry ratings.
    League(LeagueArgs),
    /// Joins the --results files of a run's shards into the report one run would print.
    Merge(MergeArgs),
    /// One player's games next to another's (another run, or another player of the same
    /// run) on the same deals: per opponent, the paired difference and the games alike.
    Compare(CompareArgs),
    /// Reads an official log: per-round review of one side, optional HTML, optional re-run
    /// of a program on that side's commands.
    Replay(ReplayArgs),
    /// Writes the contest submission: DIR/src/main.rs, DIR/data.bin, DIR/Cargo.toml.
    Export(ExportArgs),
    /// What the table in use (embedded, or --table) loses in play against the exact f64 table.
    TableAudit,
    /// One player, fair bundles: mean score against the table's expectation.
    Solitaire(SolitaireArgs),
    /// Spread of the final difference around the table's prediction, by round.
    Calibrate(CalibrateArgs),
    /// The spread of the remaining score state by state (the table's second moment) against
    /// the one spread per round, as predictors of the winner and as decided-game gates.
    StateSpread(StateSpreadArgs),
    /// Where the bot's win-round bids lose win probability against one opponent, next to
    /// knowing its bid: by round, split into the draw, the safety limits, the hedge and
    /// the model (the bot's own curves; a match says what a change is worth).
    Regret(RegretArgs),
    /// Per-rollout variance of the win curves' points, by sampler (common random
    /// numbers, antithetic coins), at the positions where the bot bids for the win.
    CurveVariance(CurveVarianceArgs),
    /// Spawn-to-OK and first-decision times of a bot program.
    Startup(StartupArgs),
    /// Measures games per second (in-process and external).
    Speed(SpeedArgs),
}

/// Installs the `--table` file if one is given, then runs the command.
pub fn run(cli: Cli) -> Result<(), String> {
    if let Some(path) = &cli.table {
        use_table_file(path)?;
    }
    match cli.command {
        Cmd::Tournament(args) => args.run(),
        Cmd::Gauntlet(args) => args.run(),
        Cmd::Match(args) => args.run(),
        Cmd::Play(args) => args.run(),
        Cmd::SampleAi(args) => args.run(),
        Cmd::Deals(args) => args.run(),
        Cmd::Sprt(args) => args.run(),
        Cmd::League(args) => args.run(),
        Cmd::Merge(args) => args.run(),
        Cmd::Compare(args) => args.run(),
        Cmd::Replay(args) => args.run(),
        Cmd::Export(args) => args.run(),
        Cmd::TableAudit => measure::table_audit(),
        Cmd::Solitaire(args) => args.run(),
        Cmd::Calibrate(args) => args.run(),
        Cmd::StateSpread(args) => args.run(),
        Cmd::Regret(args) => args.run(),
        Cmd::CurveVariance(args) => args.run(),
        Cmd::Startup(args) => args.run(),
        Cmd::Speed(args) => args.run(),
    }
}

/// Installs the `data.bin` at `path` as this process's table (before anything reads it).
fn use_table_file(path: &Path) -> Result<(), String> {
    let path = path.to_str().ok_or("table path is not UTF-8")?;
    yacht::table::load(path)
        .map(|_| ())
        .map_err(|e| format!("{path}: {e}"))
}
