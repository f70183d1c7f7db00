//! Running an SPRT: deal batches played as matches until the test decides.

use super::matches::{run_match, Deals, MatchConfig, ResultsTarget, RunSettings, Shard};
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;
use crate::stats::sprt::{Decision, SprtConfig, SprtStatus};
use crate::stats::Pentanomial;
use yacht::game::deal::mix;

/// An SPRT of X against Y.
#[derive(Clone, Debug)]
pub struct SprtRun {
    pub x: PlayerSpec,
    pub y: PlayerSpec,
    pub test: SprtConfig,
    pub seed: u64,
    /// Deal pairs per batch (the test is checked between batches).
    pub batch_deals: usize,
    /// Stop undecided after this many deal pairs.
    pub max_deals: usize,
    pub threads: usize,
    pub referee: RefereeOptions,
    pub progress: bool,
    /// Where an interrupted run of the same test, seed and batch size stopped.
    pub resume: Resume,
    /// Which batches to play: a shard plays its own (batch `b` is part `b % N + 1`) until
    /// `max_deals`, whatever its own counts say; `harness merge` reads the test off the
    /// shards' batches in order.
    pub shard: Shard,
    /// Per-game records (each batch's deals numbered on from the batches before).
    pub results: Option<ResultsTarget>,
}

/// The line printed after each batch.
pub fn batch_line(status: &SprtStatus, position: &Resume) -> String {
    format!(
        "{}  pairs {}  resume {position}",
        status.summary(),
        status.counts
    )
}

/// The verdict printed at the end.
pub fn verdict_line(decision: Option<Decision>, status: &SprtStatus) -> String {
    let verdict = match decision {
        Some(Decision::AcceptH1) => "H1 accepted (X is better by at least nelo1)",
        Some(Decision::AcceptH0) => "H0 accepted (X is not better by nelo1)",
        None => "undecided (max deals reached)",
    };
    format!("{verdict}: {}", status.summary())
}

/// An interrupted SPRT's position: batches played (the next batch's deals follow on
/// from them) and the counts so far. Resuming with the same seed and batch size is the
/// same test as one never interrupted; a long test can span sessions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Resume {
    pub batches: u64,
    pub counts: Pentanomial,
}

impl std::str::FromStr for Resume {
    type Err = String;

    /// `BATCHES:LL,LD,WL+DD,WD,WW`, as each batch's line prints it.
    fn from_str(text: &str) -> Result<Resume, String> {
        let bad = || format!("--resume {text:?}: BATCHES:LL,LD,WL+DD,WD,WW (five pair counts)");
        let (batches, counts) = text.split_once(':').ok_or_else(bad)?;
        let batches = batches.trim().parse::<u64>().map_err(|_| bad())?;
        let counts: Vec<u64> = counts
            .split(',')
            .map(|c| c.trim().parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        let [ll, ld, wl_dd, wd, ww] = counts[..] else {
            return Err(bad());
        };
        Ok(Resume {
            batches,
            counts: Pentanomial::new(ll, ld, wl_dd, wd, ww),
        })
    }
}

impl std::fmt::Display for Resume {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let c = &self.counts;
        write!(
            f,
            "{}:{},{},{},{},{}",
            self.batches, c.ll, c.ld, c.wl_dd, c.wd, c.ww
        )
    }
}

/// Plays batches (after `run.resume`'s) until H0 or H1 is accepted or `max_deals` pairs
/// in all are reached; `on_batch` sees the status and the position after each batch. A
/// shard (`run.shard` not whole) plays only its batches, to `max_deals`, and its status
/// counts only them.
pub fn run_sprt(
    run: &SprtRun,
    mut on_batch: impl FnMut(&SprtStatus, &Resume),
) -> Result<(SprtStatus, Option<Decision>), String> {
    let mut counts = run.resume.counts;
    let mut batch = run.resume.batches;
    let batch_deals = run.batch_deals.max(1);
    let whole = run.shard == Shard::WHOLE;
    let status = run.test.status(&counts);
    // A resumed test may already be decided, or out of deals.
    let mut played = batch as usize * batch_deals;
    if (whole && status.decision().is_some()) || played >= run.max_deals {
        let decision = status.decision();
        return Ok((status, decision));
    }
    loop {
        let count = batch_deals.min(run.max_deals - played);
        if run.shard.owns(batch as usize) {
            let outcome = run_match(&MatchConfig {
                x: run.x.clone(),
                y: run.y.clone(),
                logs: None,
                run: RunSettings {
                    // Every batch draws fresh deals from its own seed.
                    deals: Deals::Seeded {
                        seed: mix(run.seed, batch),
                        count,
                    },
                    threads: run.threads,
                    referee: run.referee,
                    progress: run.progress,
                    shard: Shard::WHOLE,
                    results: run.results.clone().map(|target| ResultsTarget {
                        deal_offset: played,
                        ..target
                    }),
                },
            })?;
            counts += outcome.stats.pentanomial;
        }
        played += count;
        batch += 1;
        let status = run.test.status(&counts);
        if run.shard.owns(batch as usize - 1) {
            on_batch(
                &status,
                &Resume {
                    batches: batch,
                    counts,
                },
            );
        }
        let decision = status.decision().filter(|_| whole);
        if decision.is_some() || played >= run.max_deals {
            return Ok((status, decision));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_reads_back_as_printed() {
        let resume: Resume = "4:423,0,1128,0,449".parse().unwrap();
        assert_eq!(resume.batches, 4);
        assert_eq!(resume.counts, Pentanomial::new(423, 0, 1128, 0, 449));
        assert_eq!(resume.to_string().parse::<Resume>(), Ok(resume));
        for bad in [
            "",
            "4",
            "4:1,2,3,4",
            "4:1,2,3,4,5,6",
            "x:1,2,3,4,5",
            "4:1,2,-3,4,5",
        ] {
            assert!(bad.parse::<Resume>().is_err(), "{bad:?}");
        }
    }

    fn run(resume: Resume, max_deals: usize) -> SprtRun {
        SprtRun {
            x: "bot".parse().unwrap(),
            y: "sample:1".parse().unwrap(),
            test: SprtConfig::with_error_rates(0.0, 5.0, 0.05, 0.05).unwrap(),
            seed: 1,
            batch_deals: 10,
            max_deals,
            threads: 1,
            referee: RefereeOptions::default(),
            progress: false,
            resume,
            shard: Shard::WHOLE,
            results: None,
        }
    }

    #[test]
    fn a_decided_or_finished_resume_plays_nothing() {
        // 5,000 pairs all won: far past H1's bound.
        let decided = Resume {
            batches: 500,
            counts: Pentanomial::new(0, 0, 0, 0, 5000),
        };
        let mut batches = 0;
        let (status, decision) = run_sprt(&run(decided, 200_000), |_, _| batches += 1).unwrap();
        assert_eq!(decision, Some(Decision::AcceptH1));
        assert_eq!((batches, status.counts), (0, decided.counts));

        let undecided = Resume {
            batches: 3,
            counts: Pentanomial::new(10, 0, 10, 0, 10),
        };
        let (status, decision) = run_sprt(&run(undecided, 30), |_, _| batches += 1).unwrap();
        assert_eq!(
            (decision, batches, status.counts),
            (None, 0, undecided.counts)
        );
    }
}
