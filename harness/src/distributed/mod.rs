//! Games spread over machines: a run cut into jobs, each one `harness match` of some
//! seeded deals whose games come back as JSON lines (`job`: what a job plays, its command
//! line, and its games file, kept as the lines arrive), played here in-process (`local`)
//! or by GNU parallel on the hosts of an `--sshloginfile` (`parallel`). A host lost
//! mid-run loses no game that finished: its lines are already kept, and [`run_jobs`] plays
//! the deals it left unfinished again on the hosts that remain. A tune's batches
//! (`crate::tuning::run`), a match's shards (`matches`) and an SPRT's batches (`sprt`)
//! are such jobs.

pub mod job;
pub mod local;
pub mod matches;
pub mod parallel;
pub mod sprt;

use std::path::Path;

use crate::matchmaking::matches::progress_bar_of;
use job::{Games, Job};

/// Where a run's jobs play.
#[derive(Clone, Debug)]
pub enum Hosts {
    /// On this machine, in-process, on this many threads (0: one per core).
    Local { threads: usize },
    /// GNU parallel over SSH.
    Parallel(parallel::Parallel),
}

/// How many times the deals still unplayed are handed out again before a run gives up.
pub const ROUNDS: usize = 3;

/// Plays every job's deals that its games file (in `dir`) does not hold yet, again where a
/// round leaves some unplayed, up to [`ROUNDS`] rounds; a progress bar of the games of
/// all the jobs. Returns when every job's file holds all its games.
pub fn run_jobs(jobs: &[Job], hosts: &Hosts, dir: &Path, progress: bool) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut games: Vec<Games> = jobs
        .iter()
        .map(|job| Games::open(dir, job))
        .collect::<Result<_, _>>()?;
    let total: usize = jobs.iter().map(|j| 2 * j.deals().len()).sum();
    let bar = progress_bar_of(total as u64, progress, "games", "games");
    bar.set_position(games.iter().map(Games::count).sum::<usize>() as u64);
    for round in 0..ROUNDS {
        let pending: Vec<(usize, Vec<usize>)> = games
            .iter()
            .enumerate()
            .map(|(i, g)| (i, g.missing(&jobs[i])))
            .filter(|(_, missing)| !missing.is_empty())
            .collect();
        if pending.is_empty() {
            break;
        }
        if round > 0 {
            bar.println(format!(
                "round {}: {} jobs left games unplayed; playing them again",
                round + 1,
                pending.len()
            ));
        }
        match hosts {
            Hosts::Local { threads } => local::run(jobs, &pending, dir, *threads, &bar)?,
            Hosts::Parallel(p) => p.run(jobs, &pending, dir, &bar)?,
        }
        // What the round kept, read back from the files.
        games = jobs
            .iter()
            .map(|job| Games::open(dir, job))
            .collect::<Result<_, _>>()?;
    }
    bar.finish_and_clear();
    let unfinished: Vec<String> = games
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let missing = g.missing(&jobs[i]);
            (!missing.is_empty()).then(|| {
                format!(
                    "{} ({} deals unplayed; its stderr: {})",
                    jobs[i].name,
                    missing.len(),
                    dir.join(format!("{}.stderr", jobs[i].name)).display()
                )
            })
        })
        .collect();
    if unfinished.is_empty() {
        Ok(())
    } else {
        let parallel = match hosts {
            Hosts::Parallel(_) => format!(
                "; GNU parallel's own messages: {}",
                dir.join("parallel.stderr").display()
            ),
            Hosts::Local { .. } => String::new(),
        };
        Err(format!(
            "after {ROUNDS} rounds, jobs still unfinished: {}{parallel}",
            unfinished.join("; ")
        ))
    }
}
