//! Jobs played on this machine, in-process: each job's deals as one match on the run's
//! threads, its lines handed to the job's games file as each game ends, exactly as a
//! host's would come back.

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use indicatif::ProgressBar;

use super::job::{Games, Job};
use crate::matchmaking::matches::{run_match, Deals, MatchConfig, ResultsTarget, RunSettings};
use crate::matchmaking::results::ResultsSink;

/// Plays each pending job's missing deals, one job after another, each on `threads`,
/// into its games file in `dir`.
pub fn run(
    jobs: &[Job],
    pending: &[(usize, Vec<usize>)],
    dir: &Path,
    threads: usize,
    bar: &ProgressBar,
) -> Result<(), String> {
    for (index, missing) in pending {
        let job = &jobs[*index];
        let games = Games::open(dir, job)?;
        let sink = ResultsSink::to_writer(
            &games.path.clone(),
            job.run_key(),
            job.shard.index,
            Box::new(Forward {
                games,
                bar: bar.clone(),
                pending: Vec::new(),
            }),
        );
        run_match(&MatchConfig {
            x: job.x.clone(),
            y: job.y.clone(),
            logs: None,
            run: RunSettings {
                deals: Deals::Seeded {
                    seed: job.seed,
                    count: job.count,
                },
                threads,
                referee: job.referee,
                progress: false,
                shard: job.shard,
                only: Some(missing.clone()),
                results: Some(ResultsTarget {
                    sink: Arc::new(sink),
                    deal_offset: 0,
                }),
            },
        })
        .map_err(|e| format!("job {}: {e}", job.name))?;
    }
    Ok(())
}

/// The results sink's writer: whole lines to the job's games file, each game counted.
struct Forward {
    games: Games,
    bar: ProgressBar,
    pending: Vec<u8>,
}

impl Write for Forward {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        while let Some(end) = self.pending.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.pending.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line);
            if self.games.accept(&text).map_err(std::io::Error::other)? {
                self.bar.inc(1);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
