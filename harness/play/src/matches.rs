//! Several logs a person opened at once, reviewed as one match
//! ([`harness::review::match_review`], the review of `harness replay DIR --review`).
//!
//! A review of many logs takes seconds (about 20 a second on 2 cores), longer than a
//! request should wait: it runs on its own thread as a job, and the page polls the job for
//! its progress and then its review. Jobs live in memory only (a match review is recomputed
//! from the logs, which the person still has); the oldest is forgotten past
//! [`JOBS_KEPT`].

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use harness::review::decisions::review_valuation;
use harness::review::match_review::{review_match, LogFile, MatchReview, Skipped};

/// The match reviews kept for the page to read.
pub const JOBS_KEPT: usize = 16;

/// One match review: its logs' count, how many are reviewed, then its outcome.
pub struct MatchJob {
    pub id: String,
    pub name: String,
    pub total: usize,
    done: AtomicUsize,
    outcome: OnceLock<Result<MatchReview, String>>,
}

/// Where a job is.
pub enum JobState<'a> {
    Running { done: usize, total: usize },
    Done(&'a MatchReview),
    Failed(&'a str),
}

impl MatchJob {
    pub fn state(&self) -> JobState<'_> {
        match self.outcome.get() {
            Some(Ok(review)) => JobState::Done(review),
            Some(Err(e)) => JobState::Failed(e),
            None => JobState::Running {
                done: self.done.load(Ordering::Relaxed),
                total: self.total,
            },
        }
    }
}

/// The jobs of this process, newest last.
#[derive(Default)]
pub struct Matches {
    jobs: Mutex<VecDeque<Arc<MatchJob>>>,
}

impl Matches {
    /// Starts reviewing `files` under `id`; `refused` (files turned away before review:
    /// too large, not text) join the review's skipped files with their reasons.
    pub fn start(
        &self,
        id: String,
        name: String,
        files: Vec<LogFile>,
        refused: Vec<Skipped>,
    ) -> Arc<MatchJob> {
        let job = Arc::new(MatchJob {
            id,
            name,
            total: files.len(),
            done: AtomicUsize::new(0),
            outcome: OnceLock::new(),
        });
        {
            let mut jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
            while jobs.len() >= JOBS_KEPT {
                jobs.pop_front();
            }
            jobs.push_back(Arc::clone(&job));
        }
        let worker = Arc::clone(&job);
        std::thread::spawn(move || {
            let tick = || {
                worker.done.fetch_add(1, Ordering::Relaxed);
            };
            // A fault in the review must not leave the page polling a job that never ends.
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                review_match(&files, review_valuation(), &tick)
            }))
            .unwrap_or_else(|_| Err("the review stopped on a fault".to_string()))
            .map(|mut review| {
                review.skipped.extend(refused);
                review
            });
            let _ = worker.outcome.set(outcome);
        });
        job
    }

    /// The job `id`, if this process still keeps it.
    pub fn get(&self, id: &str) -> Option<Arc<MatchJob>> {
        let jobs = self.jobs.lock().unwrap_or_else(|p| p.into_inner());
        jobs.iter().find(|j| j.id == id).cloned()
    }
}
