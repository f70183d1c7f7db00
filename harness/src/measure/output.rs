//! The text output of the measurements that are not games: solitaire, the table audit,
//! the spread calibration, the win curves' variance by sampler, start-up times.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

/// One player, fair bundles: the mean score against the table's expectation.
pub fn solitaire(games: usize, seed: u64) -> String {
    let start = Instant::now();
    let (mean, se) = super::solitaire::run(games, seed);
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
    let r = super::audit::run(threads)?;
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
    for (round, (mean, sd)) in super::calibrate::final_diff_spread(games, 777)
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

/// The state-by-state spread against the one spread per round (`harness measure state-spread`).
pub fn state_spread(games: usize, seed: u64, threads: usize) -> Result<String, String> {
    use super::state_spread::{measure, Moments, GATE_SIGMAS};
    let started = std::time::Instant::now();
    let moments = Moments::solve(threads)?;
    let mut out = format!(
        "second moment of the table solved in {:.1} s; one player's score at game start: sd {:.0} points\n\
         before each auction, {games} self-play games of the table-and-equilibrium bot (seed {seed}):\n\
         round: positions, sd of final - predicted (the round's one spread), root mean state sd, \
         their ratio (the auctions' sharing), mean |z| by scaled state spread over mean |z| by one \
         spread; log loss of the winner by one spread / by state / by row (coarse); decided at \
         {GATE_SIGMAS} spreads (leader lost) by one spread / by state / by row\n",
        started.elapsed().as_secs_f64(),
        moments.start_sd_points(),
    );
    for r in measure(&moments, games, seed) {
        let _ = writeln!(
            out,
            "round {:>2}: n {:>5}  sd {:>6.0}  state {:>6.0}  share {:>5.3}  |z| ratio {:>5.3}  \
             log loss {:.4} / {:.4} / {:.4}  decided {:>5} ({:>3}) / {:>5} ({:>3}) / {:>5} ({:>3})",
            r.round,
            r.positions,
            r.round_sd_points,
            r.state_sd_points,
            r.share,
            r.z_abs_ratio,
            r.log_loss_round,
            r.log_loss_state,
            r.log_loss_coarse,
            r.decided_round,
            r.upsets_round,
            r.decided_state,
            r.upsets_state,
            r.decided_coarse,
            r.upsets_coarse,
        );
    }
    Ok(out)
}

/// Per-rollout variance of a win-curve point and of the difference of the two curves,
/// for each sampler, averaged over the positions of `games` self-play games.
pub fn curve_variance(games: usize, rollouts: usize, seeds: u64) -> String {
    use super::curve_variance::{measure, positions, Sampler};
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
    let samples = super::startup::measure(program, dir, runs)?;
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

/// `harness measure regret`: the bot's win-round bids next to the oracle's, by round and part.
pub fn regret(bot_label: &str, opponent: &str, report: &super::regret::RegretReport) -> String {
    let mut out = format!(
        "{bot_label} against {opponent}: {} games, score {:.2}%\n\
         win-round bids, mean win probability left next to knowing the opponent's bid (the \
         bot's own curves at its actual bid), and the parts: draw (against a suspected \
         reader), limits (safety), hedge (weight on the worst case), model (uncertainty \
         about the bid); hedged: share of bids drawn\n",
        report.games,
        100.0 * report.points / report.games.max(1) as f64,
    );
    for r in &report.rounds {
        let _ = writeln!(
            out,
            "round {:>2}: bids {:>5}  total {:.4}  draw {:+.4}  limits {:+.4}  hedge {:+.4}  \
             model {:+.4}  hedged {:.2}",
            r.round, r.bids, r.total, r.draw, r.limits, r.hedge, r.model, r.hedged_share
        );
    }
    let [total, draw, limits, hedge, model] = report.per_game();
    let _ = writeln!(
        out,
        "per game: total {total:.4}  draw {draw:+.4}  limits {limits:+.4}  hedge {hedge:+.4}  \
         model {model:+.4}"
    );
    out
}
