//! Running an SPRT: deal batches played as matches until the test decides.

use super::matches::{run_match, Deals, MatchConfig, ResultsTarget, RunSettings, Shard};
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;
use crate::stats::sprt::{Decision, SprtConfig, SprtStatus};
use crate::stats::{AdjustedScores, Pentanomial};
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
    /// Test on the luck-adjusted pair scores ([`SprtConfig::status_adjusted`]) rather than
    /// the pentanomial counts.
    pub adjusted: bool,
}

impl SprtRun {
    /// The test's state after these counts.
    pub fn status(&self, position: &Resume) -> SprtStatus {
        if self.adjusted {
            self.test
                .status_adjusted(&position.counts, &position.adjusted)
        } else {
            self.test.status(&position.counts)
        }
    }
}

/// The line printed after each batch (with the luck-adjusted score where the games
/// carried their luck).
pub fn batch_line(status: &SprtStatus, position: &Resume) -> String {
    let adjusted = match (
        position.adjusted.rate_interval(),
        position.adjusted.variance_ratio(),
    ) {
        (Some((rate, low, high)), Some(ratio)) => format!(
            "  adjusted {:.2}% [{:.2}, {:.2}] (variance {ratio:.2}x smaller)",
            100.0 * rate,
            100.0 * low,
            100.0 * high
        ),
        _ => String::new(),
    };
    format!(
        "{}{adjusted}  pairs {}  resume {position}",
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
/// from them), the counts so far and the luck-adjusted scores' sums. Resuming with the
/// same seed and batch size is the same test as one never interrupted; a long test can
/// span sessions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Resume {
    pub batches: u64,
    pub counts: Pentanomial,
    pub adjusted: AdjustedScores,
}

impl std::str::FromStr for Resume {
    type Err = String;

    /// `BATCHES:LL,LD,WL+DD,WD,WW` and optionally `;` and the ten sums of the
    /// luck-adjusted scores, as each batch's line prints it.
    fn from_str(text: &str) -> Result<Resume, String> {
        let bad = || {
            format!(
                "--resume {text:?}: BATCHES:LL,LD,WL+DD,WD,WW (five pair counts), then \
                 optionally ;PAIRS,S1,...,S9 (the luck-adjusted sums), as a batch line prints it"
            )
        };
        let (text_counts, sums) = match text.split_once(';') {
            Some((c, s)) => (c, Some(s)),
            None => (text, None),
        };
        let adjusted = match sums {
            None => AdjustedScores::default(),
            Some(sums) => {
                let (pairs, sums) = sums.split_once(',').ok_or_else(bad)?;
                let pairs = pairs.trim().parse::<u64>().map_err(|_| bad())?;
                let values: Vec<i128> = sums
                    .split(',')
                    .map(|v| v.trim().parse::<i128>())
                    .collect::<Result<_, _>>()
                    .map_err(|_| bad())?;
                let values: [i128; 9] = values.try_into().map_err(|_| bad())?;
                AdjustedScores::from_parts(pairs, values)
            }
        };
        let (batches, counts) = text_counts.split_once(':').ok_or_else(bad)?;
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
            adjusted,
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
        )?;
        if self.adjusted.pairs > 0 {
            let (pairs, sums) = self.adjusted.to_parts();
            let sums: Vec<String> = sums.iter().map(|v| v.to_string()).collect();
            write!(f, ";{pairs},{}", sums.join(","))?;
        }
        Ok(())
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
    let mut position = run.resume;
    let mut batch = run.resume.batches;
    let batch_deals = run.batch_deals.max(1);
    let whole = run.shard == Shard::WHOLE;
    let status = run.status(&position);
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
                    only: None,
                    results: run.results.clone().map(|target| ResultsTarget {
                        deal_offset: played,
                        ..target
                    }),
                },
            })?;
            position.counts += outcome.stats.pentanomial;
            position.adjusted += outcome.stats.adjusted;
        }
        played += count;
        batch += 1;
        position.batches = batch;
        let status = run.status(&position);
        if run.shard.owns(batch as usize - 1) {
            on_batch(&status, &position);
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
        let mut adjusted = AdjustedScores::default();
        adjusted.add(0.75, [0.1, -0.3], [1.0, 0.5]);
        adjusted.add(0.25, [-0.2, 0.05], [0.0, 0.5]);
        let with_luck = Resume { adjusted, ..resume };
        assert_eq!(with_luck.to_string().parse::<Resume>(), Ok(with_luck));
        for bad in [
            "",
            "4",
            "4:1,2,3,4",
            "4:1,2,3,4,5,6",
            "x:1,2,3,4,5",
            "4:1,2,-3,4,5",
            "4:1,2,3,4,5;1,2,3",
            "4:1,2,3,4,5;1,2,3,4,5,6,7,8,9,x",
            "4:1,2,3,4,5;1,2.5,3,4,5,6,7,8,9,10",
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
            adjusted: false,
        }
    }

    #[test]
    fn a_decided_or_finished_resume_plays_nothing() {
        // 5,000 pairs all won: far past H1's bound.
        let decided = Resume {
            batches: 500,
            counts: Pentanomial::new(0, 0, 0, 0, 5000),
            ..Resume::default()
        };
        let mut batches = 0;
        let (status, decision) = run_sprt(&run(decided, 200_000), |_, _| batches += 1).unwrap();
        assert_eq!(decision, Some(Decision::AcceptH1));
        assert_eq!((batches, status.counts), (0, decided.counts));

        let undecided = Resume {
            batches: 3,
            counts: Pentanomial::new(10, 0, 10, 0, 10),
            ..Resume::default()
        };
        let (status, decision) = run_sprt(&run(undecided, 30), |_, _| batches += 1).unwrap();
        assert_eq!(
            (decision, batches, status.counts),
            (None, 0, undecided.counts)
        );
    }
}
