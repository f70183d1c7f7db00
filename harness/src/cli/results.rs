//! The commands over runs as data: `league` (every pair of players on the same deals),
//! `merge` (the per-game records of a run's shards joined into one run's report) and
//! `compare` (one player's games next to another's on the same deals).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::run_args::RunArgs;
use crate::matchmaking::compare::{compare, first_player, report as compare_report, Side};
use crate::matchmaking::league::{league_report, run_league, LeagueConfig};
use crate::matchmaking::merge;
use crate::matchmaking::pages::{league_page, sprt_page};
use crate::player::PlayerSpec;

/// Writes `text` to `path`.
pub(super) fn write_page(path: &PathBuf, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

#[derive(Args)]
pub struct LeagueArgs {
    /// The players (at least two): every pair plays the same seat-swapped deals.
    #[arg(required = true, num_args = 2..)]
    players: Vec<String>,
    /// Also write the crosstable as a self-contained HTML heat map here.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    #[command(flatten)]
    run: RunArgs,
}

impl LeagueArgs {
    /// `harness league`: prints the crosstable, the points and the ratings.
    pub fn run(self) -> Result<(), String> {
        let players: Vec<PlayerSpec> = self
            .players
            .iter()
            .map(|p| p.parse())
            .collect::<Result<_, _>>()?;
        let labels: Vec<String> = players.iter().map(PlayerSpec::label).collect();
        let run = &self.run;
        let config = LeagueConfig {
            run: run.settings(run.results("league", &labels, &[], None)?)?,
            players,
        };
        let started = Instant::now();
        let league = run_league(&config)?;
        print!("{}", league_report(&league));
        if let Some(path) = &self.html {
            write_page(path, &league_page(&league))?;
        }
        println!("({:.1} s)", started.elapsed().as_secs_f64());
        Ok(())
    }
}

#[derive(Args)]
pub struct MergeArgs {
    /// The --results files of the shards of one run.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Also write the page of the run here (a league's heat map, an SPRT's LLR chart).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
}

impl MergeArgs {
    /// `harness merge`: prints the report one run of the whole would have printed.
    pub fn run(self) -> Result<(), String> {
        let merged = merge::read(&self.files)?;
        print!("{}", merge::report(&merged)?);
        if let Some(path) = &self.html {
            let page = match merged.run.command.as_str() {
                "league" => league_page(&merge::league(&merged)?),
                "sprt" => {
                    let test = merge::sprt(&merged)?;
                    let title = format!(
                        "SPRT {} vs {}",
                        merged.run.players[0], merged.run.players[1]
                    );
                    sprt_page(&title, &test.llr_by_pair, test.bounds, &test.verdict)
                }
                other => return Err(format!("no page for a {other} run")),
            };
            write_page(path, &page)?;
        }
        println!("(merged {} files)", merged.files);
        Ok(())
    }
}

#[derive(Args)]
pub struct CompareArgs {
    /// The --results files of the new run (its shards, or a file still being written).
    #[arg(required = true)]
    new: Vec<PathBuf>,
    /// The --results files of the run to compare with, on the same deals (the same file
    /// again compares two players of one run, such as a gauntlet's candidate and baseline).
    #[arg(long, required = true, num_args = 1.., value_name = "FILE")]
    against: Vec<PathBuf>,
    /// The new run's player (default: its first, a match's X or a gauntlet's candidate).
    #[arg(long, value_name = "PLAYER")]
    player: Option<String>,
    /// The other run's player (default: its first).
    #[arg(long, value_name = "PLAYER")]
    against_player: Option<String>,
}

impl CompareArgs {
    /// `harness compare`: per opponent, both score rates, the paired difference with its
    /// 95% interval, the games that ended alike and the results that differ.
    pub fn run(self) -> Result<(), String> {
        let new = merge::read_played(&self.new)?;
        let old = merge::read_played(&self.against)?;
        let side = |run, player: &Option<String>| -> Result<Side, String> {
            let player = match player {
                Some(spec) => label_of(spec),
                None => first_player(run)?,
            };
            Ok(Side { run, player })
        };
        let (new, old) = (side(&new, &self.player)?, side(&old, &self.against_player)?);
        let comparison = compare(&new, &old)?;
        print!("{}", compare_report(&new, &old, &comparison));
        Ok(())
    }
}

/// A player as the results record it: the label of its spec (`bot:clock=0` is recorded
/// with every default spelled out), or the text itself if it is not a spec.
fn label_of(spec: &str) -> String {
    spec.parse::<PlayerSpec>()
        .map_or_else(|_| spec.to_string(), |p| p.label())
}
