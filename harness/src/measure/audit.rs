//! `harness measure table-audit`: what the table in use costs against the exact f64 solution.
//!
//! Re-solves the table in f64 (as `build.rs` does), then evaluates exactly the policy
//! that scores by the embedded quantised table. The difference of the two expected
//! scores at game start is the quantisation loss in play.

use std::time::Instant;

use yacht::solver::model::BundleModel;
use yacht::solver::quantize::TABLE_UNITS_PER_K;
use yacht::solver::solve::{evaluate_quantised_policy, solve};
use yacht::table;

/// Audit figures, kilo-points.
#[derive(Clone, Debug)]
pub struct AuditReport {
    pub exact_start_k: f64,
    pub policy_start_k: f64,
    /// Largest |stored − exact| over all entries.
    pub max_entry_error_k: f64,
    pub solve_s: f64,
    pub evaluate_s: f64,
}

impl AuditReport {
    /// Expected score the quantised table loses in play.
    pub fn loss_k(&self) -> f64 {
        self.exact_start_k - self.policy_start_k
    }
}

/// Runs the audit with `threads` threads (about twice the build's solve time).
pub fn run(threads: usize) -> Result<AuditReport, String> {
    let model = BundleModel::parse(table::TABLE_MODEL)?;
    let started = Instant::now();
    let exact = solve(&model, threads);
    let solve_s = started.elapsed().as_secs_f64();
    let stored = table::entries();
    if stored.len() != exact.values.len() {
        return Err(format!(
            "embedded table has {} entries, the solver {}",
            stored.len(),
            exact.values.len()
        ));
    }
    let scale = TABLE_UNITS_PER_K as f64;
    let max_entry_error_k = stored
        .iter()
        .zip(&exact.values)
        .map(|(&q, &v)| (q as f64 / scale - v).abs())
        .fold(0.0, f64::max);
    let started = Instant::now();
    let policy = evaluate_quantised_policy(&model, threads, stored, scale);
    let evaluate_s = started.elapsed().as_secs_f64();
    Ok(AuditReport {
        exact_start_k: exact.start_expected_k,
        policy_start_k: policy.start_expected_k,
        max_entry_error_k,
        solve_s,
        evaluate_s,
    })
}
