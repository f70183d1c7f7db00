//! Measurements of the bot that do not belong in the judge binary: solitaire, the
//! table audit, the spread calibration, start-up times, and the contest export.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use crate::export::encode::StepPolicy;
use crate::export::{export, ExportSummary};

/// Installs the `data.bin` at `path` as this process's table (before anything reads it).
pub fn use_table_file(path: &Path) -> Result<(), String> {
    let path = path.to_str().ok_or("table path is not UTF-8")?;
    yacht::table::load(path)
        .map(|_| ())
        .map_err(|e| format!("{path}: {e}"))
}

/// One player, fair bundles: the mean score against the table's expectation.
pub fn solitaire(games: usize, seed: u64) -> String {
    let start = Instant::now();
    let (mean, se) = crate::measure::solitaire::run(games, seed);
    let expected = yacht::table::TABLE_START_EXPECTED_K;
    format!(
        "solitaire {games} games (seed {seed}): mean {mean:.4} k ± {se:.4} (s.e.); table {expected:.4} k; \
         deviation {:+.2} s.e.; {:.1} s\n",
        (mean - expected) / se,
        start.elapsed().as_secs_f64()
    )
}

/// The loss in play of the table in use (embedded, or installed from a `data.bin`)
/// against the exact f64 table.
pub fn table_audit() -> Result<String, String> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let r = crate::measure::audit::run(threads)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "table in use                          {}",
        yacht::table::source()
    );
    let _ = writeln!(
        out,
        "exact f64 expected score at start     {:.6} k",
        r.exact_start_k
    );
    let _ = writeln!(
        out,
        "policy of the table in use            {:.6} k",
        r.policy_start_k
    );
    let _ = writeln!(
        out,
        "loss in play                          {:.6} k",
        r.loss_k()
    );
    let _ = writeln!(
        out,
        "largest entry error                   {:.6} k",
        r.max_entry_error_k
    );
    let _ = writeln!(
        out,
        "solve {:.1} s, policy evaluation {:.1} s ({threads} threads)",
        r.solve_s, r.evaluate_s
    );
    Ok(out)
}

/// The spread of the final difference around the table's prediction, by round.
pub fn calibrate(games: usize) -> String {
    let mut out = format!(
        "final difference minus the table's prediction after each auction ({games} self-play games)\n"
    );
    for (round, (mean, sd)) in crate::measure::calibrate::final_diff_spread(games, 777)
        .iter()
        .enumerate()
    {
        let _ = writeln!(
            out,
            "round {:>2}: mean {mean:>7.0}  sd {sd:>7.0}",
            round + 1
        );
    }
    out
}

/// Per-rollout variance of a win-curve point and of the difference of the two curves,
/// for each sampler, averaged over the positions of `games` self-play games.
pub fn curve_variance(games: usize, rollouts: usize, seeds: u64) -> String {
    use crate::measure::curve_variance::{measure, positions, Sampler};
    let positions = positions(games, 4242);
    let mut out = format!(
        "{} positions (rounds 2-10 bid for the win, {games} self-play games), \
         {seeds} estimates of {rollouts} rollouts each\n\
         per-rollout variance          W_A(0)   W_A(0) - W_B(0)\n",
        positions.len()
    );
    let results = measure(&positions, rollouts, seeds);
    let common = results
        .iter()
        .find(|(s, _)| *s == Sampler::Common)
        .map_or_else(Default::default, |&(_, v)| v);
    for (sampler, v) in &results {
        let _ = writeln!(
            out,
            "{:<26} {:>9.4} {:>17.4}   (difference x{:.2} of common's, point x{:.2})",
            sampler.label(),
            v.point,
            v.difference,
            v.difference / common.difference,
            v.point / common.point
        );
    }
    out
}

/// Spawn-to-`OK` and first-decision times of `program` run in `dir`.
pub fn startup(program: &Path, dir: Option<&Path>, runs: usize) -> Result<String, String> {
    let samples = crate::measure::startup::measure(program, dir, runs)?;
    let mut ok: Vec<u64> = samples.iter().map(|s| s.ok_us).collect();
    let mut bid: Vec<u64> = samples.iter().map(|s| s.first_bid_us).collect();
    ok.sort_unstable();
    bid.sort_unstable();
    // No runs (`startup 0`) prints zeros rather than failing.
    let q = |v: &[u64], q: f64| yacht::bench::quantile(v, q).map_or(0.0, |x| x as f64 / 1000.0);
    Ok(format!(
        "{runs} runs: spawn to OK p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n\
         first ROLL to BID p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms\n",
        q(&ok, 0.5),
        q(&ok, 0.99),
        q(&ok, 1.0),
        q(&bid, 0.5),
        q(&bid, 0.99),
        q(&bid, 1.0)
    ))
}

/// Writes the contest submission to `dir` and describes it.
pub fn export_to(dir: &Path, policy: &StepPolicy, weight_games: usize) -> Result<String, String> {
    let started = Instant::now();
    let s: ExportSummary = export(dir, policy, weight_games)?;
    Ok(format!(
        "wrote {dir}/src/main.rs ({} bytes), {dir}/data.bin ({} bytes, hash {:016x}), {dir}/Cargo.toml\n\
         table: largest entry error {:.3} k; rows per step code {:?}\n\
         limits: source {} of 1048576 bytes, data {} of 10485760 bytes ({:.1} s)\n",
        s.source_bytes,
        s.data_bytes,
        s.data_hash,
        s.max_error_units as f64 / yacht::table::TABLE_UNITS_PER_K as f64,
        s.rows_per_code,
        s.source_bytes,
        s.data_bytes,
        started.elapsed().as_secs_f64(),
        dir = dir.display(),
    ))
}
