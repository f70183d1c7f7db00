//! The commands over runs as data: `league` (every pair of players on the same deals)
//! and `merge` (the per-game records of a run's shards joined into one run's report).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use super::run_args::RunArgs;
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
