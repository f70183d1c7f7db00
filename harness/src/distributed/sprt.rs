//! An SPRT whose batches are jobs: rounds of several batches played at once (on threads
//! or hosts), then read in batch order exactly as one run looks at them, so it prints the
//! same lines and stops at the same batch as `harness sprt` on one machine (the batches of
//! its last round past the decision are played for nothing). Its games are kept by batch;
//! at the end they are written as one SPRT run's `--results` lines, which `harness merge`
//! reads.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::job::Job;
use super::{run_jobs, Hosts};
use crate::matchmaking::matches::{MatchOutcome, Shard};
use crate::matchmaking::merge;
use crate::matchmaking::results::{read_file, RunKey};
use crate::matchmaking::sprt::{Resume, SprtRun};
use crate::stats::sprt::{Decision, SprtStatus};
use yacht::game::deal::mix;

/// Where a spread SPRT keeps its games: `F.games/` for `--results F.jsonl`.
pub struct SpreadSprt<'a> {
    pub run: &'a SprtRun,
    pub hosts: &'a Hosts,
    /// Batches played at once.
    pub batches_at_once: usize,
    /// The run's results file; its batches' games are kept in `results.games/` meanwhile.
    pub results: PathBuf,
    /// The run key its lines carry (the SPRT's, as `harness sprt --results` writes it).
    pub key: RunKey,
}

impl SpreadSprt<'_> {
    fn dir(&self) -> PathBuf {
        games_dir(&self.results)
    }

    /// Batch `b`'s job: its own seed's deals, as `run_sprt` plays them.
    fn job(&self, b: u64, count: usize) -> Job {
        Job {
            name: format!("batch-{b:05}"),
            x: self.run.x.clone(),
            y: self.run.y.clone(),
            seed: mix(self.run.seed, b),
            count,
            shard: Shard::WHOLE,
            referee: self.run.referee,
        }
    }

    fn outcome(&self, job: &Job) -> Result<MatchOutcome, String> {
        let path = self.dir().join(format!("{}.jsonl", job.name));
        merge::read(&[path])?.outcome(&job.x.label(), &job.y.label())
    }

    /// Plays rounds of batches until the test decides or `max_deals` is reached;
    /// `on_batch` sees each batch in order, as `run_sprt`'s does.
    pub fn play(
        &self,
        mut on_batch: impl FnMut(&SprtStatus, &Resume),
    ) -> Result<(SprtStatus, Option<Decision>), String> {
        let run = self.run;
        let batch_deals = run.batch_deals.max(1);
        let mut position = run.resume;
        let mut batch = run.resume.batches;
        let mut played = batch as usize * batch_deals;
        let mut status = run.status(&position);
        let mut jobs_played: Vec<Job> = Vec::new();
        let finish = |jobs: &[Job], status: SprtStatus| -> Result<_, String> {
            self.write_results(jobs, batch_deals)?;
            let decision = status.decision();
            Ok((status, decision))
        };
        if status.decision().is_some() || played >= run.max_deals {
            return finish(&jobs_played, status);
        }
        loop {
            let mut round = Vec::new();
            let (mut b, mut p) = (batch, played);
            while round.len() < self.batches_at_once.max(1) && p < run.max_deals {
                let count = batch_deals.min(run.max_deals - p);
                round.push(self.job(b, count));
                b += 1;
                p += count;
            }
            run_jobs(&round, self.hosts, &self.dir(), run.progress)?;
            for job in round {
                let outcome = self.outcome(&job)?;
                position.counts += outcome.stats.pentanomial;
                position.adjusted += outcome.stats.adjusted;
                played += job.count;
                batch += 1;
                position.batches = batch;
                status = run.status(&position);
                on_batch(&status, &position);
                jobs_played.push(job);
                if status.decision().is_some() || played >= run.max_deals {
                    return finish(&jobs_played, status);
                }
            }
        }
    }

    /// The batches' games as one SPRT's lines: its run key, deals numbered on from the
    /// batches before (as `harness sprt --results` writes them).
    fn write_results(&self, jobs: &[Job], batch_deals: usize) -> Result<(), String> {
        let mut out = std::io::BufWriter::new(
            std::fs::File::create(&self.results)
                .map_err(|e| format!("{}: {e}", self.results.display()))?,
        );
        for job in jobs {
            let b: u64 = job.name["batch-".len()..]
                .parse()
                .map_err(|_| format!("job {}", job.name))?;
            let offset = b as usize * batch_deals;
            for read in read_file(&self.dir().join(format!("{}.jsonl", job.name)))? {
                let mut line = read.line;
                line.run = self.key.clone();
                line.shard = 1;
                line.deal += offset;
                let text = serde_json::to_string(&line).map_err(|e| e.to_string())?;
                writeln!(out, "{text}").map_err(|e| format!("{}: {e}", self.results.display()))?;
            }
        }
        out.flush()
            .map_err(|e| format!("{}: {e}", self.results.display()))
    }
}

/// The games folder of a spread run whose results file is `results`.
pub fn games_dir(results: &Path) -> PathBuf {
    results.with_extension("games")
}
