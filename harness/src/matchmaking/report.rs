//! Human-readable match reports and the tournament table.

use std::fmt::Write as _;

use super::matches::MatchOutcome;
use crate::referee::{AbortReason, AnswerKind, Clock};
use crate::stats::{elo, quantile, MatchStats};

const PENTANOMIAL_NAMES: [&str; 5] = ["LL", "LD", "WL+DD", "WD", "WW"];

fn points(v: f64) -> String {
    if v.is_nan() {
        "-".to_string()
    } else {
        format!("{v:.0}")
    }
}

/// The median, 99th percentile and maximum of response times given in microseconds, in
/// milliseconds; `None` without samples.
fn p50_p99_max_ms(micros: &[u32]) -> Option<[f64; 3]> {
    let mut sorted = micros.to_vec();
    let mut at = |q: f64| quantile(&mut sorted, q).map(|us| us as f64 / 1000.0);
    Some([at(0.5)?, at(0.99)?, at(1.0)?])
}

/// `p50 … p99 … max … ms`, or `-` without samples (a player without a CPU clock).
fn p50_p99_max_text(ms: Option<[f64; 3]>) -> String {
    match ms {
        Some([p50, p99, max]) => format!("p50 {p50:.2} ms, p99 {p99:.2} ms, max {max:.2} ms"),
        None => "-".to_string(),
    }
}

/// Which deadline a time-out missed, in words.
pub(crate) fn late_clock_text(clock: Clock) -> &'static str {
    match clock {
        Clock::Cpu => "CPU clock",
        Clock::Wall => "wall clock",
    }
}

/// X's score rate and the ends of its 95% interval, in percent, with the Elo of each.
pub(crate) fn score_percent_and_elo(s: &MatchStats) -> ([f64; 3], [f64; 3]) {
    let (low, high) = s.score_rate_interval();
    let rates = [s.score_rate(), low, high];
    (rates.map(|r| 100.0 * r), rates.map(elo))
}

/// X's luck-adjusted score with its interval, the factor by which the luck correction
/// cut the pairs' variance, X's mean luck and its correlation with the result; `None`
/// without luck records.
pub(crate) fn adjusted_line(a: &crate::stats::AdjustedScores) -> Option<String> {
    let (rate, low, high) = a.rate_interval()?;
    let ratio = a
        .variance_ratio()
        .map_or("-".to_string(), |r| format!("{r:.2}x"));
    let (luck, luck_se) = a.luck_mean()?;
    let corr = a
        .luck_result_correlation()
        .map_or("-".to_string(), |c| format!("{c:.2}"));
    Some(format!(
        "luck-adjusted: score {:.2}% [{:.2}%, {:.2}%] (95%; the pairs' variance {ratio} smaller); X's luck {luck:+.4} ± {:.4} a game, its correlation with the result {corr}",
        100.0 * rate,
        100.0 * low,
        100.0 * high,
        1.96 * luck_se
    ))
}

/// The full report of one match.
pub fn match_report(outcome: &MatchOutcome) -> String {
    let s = &outcome.stats;
    let mut out = String::new();
    let (x, y) = (&outcome.x_label, &outcome.y_label);
    let ([rate, low, high], [elo_rate, elo_low, elo_high]) = score_percent_and_elo(s);
    let _ = writeln!(out, "X = {x}\nY = {y}");
    if outcome.threads == 0 {
        // Merged from per-game records: no one run's time to tell.
        let _ = writeln!(
            out,
            "games {} ({} deal pairs) from merged results",
            s.games,
            s.games / 2
        );
    } else {
        let _ = writeln!(
            out,
            "games {} ({} deal pairs) in {:.2} s on {} threads: {:.0} games/s",
            s.games,
            s.games / 2,
            outcome.elapsed.as_secs_f64(),
            outcome.threads,
            outcome.games_per_second()
        );
    }
    let _ = writeln!(
        out,
        "X: {} wins, {} draws, {} losses; score {rate:.2}% [{low:.2}%, {high:.2}%] (95%); Elo {elo_rate:+.1} [{elo_low:+.1}, {elo_high:+.1}]",
        s.wins,
        s.draws,
        s.losses,
    );
    let penta: Vec<String> = PENTANOMIAL_NAMES
        .iter()
        .zip(s.pentanomial.counts())
        .map(|(n, c)| format!("{n} {c}"))
        .collect();
    let _ = writeln!(out, "pairs (X's view): {}", penta.join(", "));
    if let Some(line) = adjusted_line(&s.adjusted) {
        let _ = writeln!(out, "{line}");
        if s.luck_cpu_micros > 0 {
            let players: u64 = s.times[0][Clock::Cpu as usize]
                .iter()
                .chain(&s.times[1][Clock::Cpu as usize])
                .flatten()
                .map(|&us| u64::from(us))
                .sum();
            let _ = writeln!(
                out,
                "the luck took {:.1} ms of CPU a game, {:.1}% of the players' CPU time",
                s.luck_cpu_micros as f64 / 1000.0 / s.games.max(1) as f64,
                100.0 * s.luck_cpu_micros as f64 / players.max(1) as f64
            );
        }
    }
    let _ = writeln!(
        out,
        "{:<10} {:>10} {:>10} {:>10}   (means over {} completed games)",
        "", "total", "categories", "bids", s.completed
    );
    for (side, label) in [(0, "X"), (1, "Y")] {
        let _ = writeln!(
            out,
            "{:<10} {:>10} {:>10} {:>10}",
            label,
            points(s.mean(s.total_points, side)),
            points(s.mean(s.category_points, side)),
            points(s.mean(s.bid_points, side)),
        );
    }
    if s.aborts.is_empty() {
        let _ = writeln!(out, "aborts: none");
    } else {
        for ((side, reason), count) in &s.aborts {
            let who = if *side == 0 { "X" } else { "Y" };
            let clocks = if *reason == AbortReason::Tle {
                let by_clock: Vec<String> = Clock::ALL
                    .iter()
                    .filter_map(|&c| {
                        let n = s.late_clocks.get(&(*side, c))?;
                        Some(format!("{n} on the {}", late_clock_text(c)))
                    })
                    .collect();
                format!(" ({})", by_clock.join(", "))
            } else {
                String::new()
            };
            let _ = writeln!(out, "aborts: {who} {} × {count}{clocks}", reason.log_text());
        }
    }
    for (side, label) in [(0, "X"), (1, "Y")] {
        for kind in AnswerKind::ALL {
            let [cpu, wall] = Clock::ALL.map(|c| &s.times[side][c as usize][kind as usize]);
            let Some(wall_ms) = p50_p99_max_ms(wall) else {
                continue;
            };
            let _ = writeln!(
                out,
                "response {label} {:<5}: cpu {} | wall {} ({} answers)",
                kind.command_name(),
                p50_p99_max_text(p50_p99_max_ms(cpu)),
                p50_p99_max_text(Some(wall_ms)),
                wall.len()
            );
        }
    }
    for (side, label) in [(0, "X"), (1, "Y")] {
        let [cpu, wall] = Clock::ALL.map(|c| &s.round_times[side][c as usize]);
        if wall.iter().all(Vec::is_empty) {
            continue;
        }
        let _ = writeln!(
            out,
            "decisions {label} by round (ms): round   cpu p50  p99  max | wall p50  p99  max (answers)"
        );
        for (round, (cpu, wall)) in cpu.iter().zip(wall).enumerate() {
            let Some([p50, p99, max]) = p50_p99_max_ms(wall) else {
                continue;
            };
            let cpu = match p50_p99_max_ms(cpu) {
                Some([p50, p99, max]) => format!("{p50:>8.2} {p99:>8.2} {max:>8.2}"),
                None => format!("{:>8} {:>8} {:>8}", "-", "-", "-"),
            };
            let _ = writeln!(
                out,
                "  {round:>2} {cpu} | {p50:>8.2} {p99:>8.2} {max:>8.2} ({})",
                wall.len()
            );
        }
    }
    out
}

/// One table row per match, X being the same player in every row.
pub fn tournament_table(x_label: &str, outcomes: &[MatchOutcome]) -> String {
    let mut out = String::new();
    let width = outcomes
        .iter()
        .map(|o| o.y_label.len())
        .chain([8])
        .max()
        .unwrap_or(8);
    let _ = writeln!(out, "{x_label} against each opponent (X = {x_label}):");
    let _ = writeln!(
        out,
        "{:<width$} {:>5} {:>5} {:>4} {:>5} {:>25} {:>7}  {:>20} {:>7} {:>7} {:>8} {:>8} {:>6}",
        "opponent",
        "games",
        "W",
        "D",
        "L",
        "score [95% interval]",
        "Elo",
        "LL/LD/DD+WL/WD/WW",
        "X mean",
        "Y mean",
        "X bids",
        "Y bids",
        "aborts"
    );
    let mut all = MatchStats::default();
    for o in outcomes {
        let s = &o.stats;
        all.games += s.games;
        all.wins += s.wins;
        all.draws += s.draws;
        all.losses += s.losses;
        let penta: Vec<String> = s.pentanomial.counts().map(|c| c.to_string()).to_vec();
        let ([rate, low, high], [elo_rate, ..]) = score_percent_and_elo(s);
        let _ = writeln!(
            out,
            "{:<width$} {:>5} {:>5} {:>4} {:>5} {rate:>7.2}% [{low:>6.2}, {high:>6.2}] {elo_rate:>+7.0}  {:>20} {:>7} {:>7} {:>8} {:>8} {:>3}/{:<2}",
            o.y_label,
            s.games,
            s.wins,
            s.draws,
            s.losses,
            penta.join("/"),
            points(s.mean(s.total_points, 0)),
            points(s.mean(s.total_points, 1)),
            points(s.mean(s.bid_points, 0)),
            points(s.mean(s.bid_points, 1)),
            s.total_aborts(0),
            s.total_aborts(1),
        );
    }
    let _ = writeln!(
        out,
        "{:<width$} {:>5} {:>5} {:>4} {:>5} {:>7.2}%",
        "all",
        all.games,
        all.wins,
        all.draws,
        all.losses,
        100.0 * all.score_rate()
    );
    out
}
