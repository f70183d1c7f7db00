//! Running an SPRT: deal batches played as matches until the test decides.

use crate::matches::{run_match, Deals, MatchConfig};
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
}

/// Plays batches until H0 or H1 is accepted or `max_deals` is reached; `on_batch` sees
/// the status after each batch.
pub fn run_sprt(
    run: &SprtRun,
    mut on_batch: impl FnMut(&SprtStatus),
) -> Result<(SprtStatus, Option<Decision>), String> {
    let mut counts = Pentanomial::default();
    let mut played = 0;
    let mut batch = 0u64;
    loop {
        let count = run.batch_deals.max(1).min(run.max_deals - played);
        let outcome = run_match(&MatchConfig {
            x: run.x.clone(),
            y: run.y.clone(),
            // Every batch draws fresh deals from its own seed.
            deals: Deals::Seeded {
                seed: mix(run.seed, batch),
                count,
            },
            threads: run.threads,
            referee: run.referee,
            logs: None,
            progress: run.progress,
        })?;
        counts += outcome.stats.pentanomial;
        played += count;
        batch += 1;
        let status = run.test.status(&counts);
        on_batch(&status);
        let decision = status.decision();
        if decision.is_some() || played >= run.max_deals {
            return Ok((status, decision));
        }
    }
}
