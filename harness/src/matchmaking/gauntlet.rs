//! The gauntlet: two players (the candidate and a baseline) against every opponent of a
//! population, on the same seat-swapped deals, reported side by side, with a paired
//! SPRT of the candidate against the baseline over the whole population.
//!
//! The paired trial of one opponent and one deal is the candidate's pair score next to
//! the baseline's: `t = ½ + (h_candidate − h_baseline) / 8` with `h` the pair's points in
//! halves (0..=4), so `t` is ½ when both did equally well, in 0..=1. Its normalized Elo
//! follows the pentanomial convention (`nElo = t̂ · 800 / ln 10 / √2`, `t̂ = (μ − ½)/σ`);
//! the log-likelihood ratio is the normal approximation of the GSPRT,
//! `LLR = N/2 · ((t̂ − t₀)² − (t̂ − t₁)²)` ([`llr_normal_approximation`]), with the SPRT's
//! bounds ln(β/(1−α)) and ln((1−β)/α). All of it comes from [`crate::stats`] and
//! [`crate::stats::sprt`].

use std::fmt::Write as _;

use super::matches::{run_match, MatchConfig, MatchOutcome, RunSettings};
use super::report::score_percent_and_elo;
use crate::player::PlayerSpec;
use crate::stats::sprt::{llr_normal_approximation, Decision, SprtConfig};
use crate::stats::{Estimate, Moments};

/// A gauntlet: `candidate` and `baseline` against each of `opponents` (and each of
/// `also`, further baselines compared with the same candidate games).
#[derive(Clone, Debug)]
pub struct GauntletConfig {
    pub candidate: PlayerSpec,
    pub baseline: PlayerSpec,
    pub also: Vec<PlayerSpec>,
    pub opponents: Vec<PlayerSpec>,
    pub run: RunSettings,
}

/// Both players' matches against one opponent.
#[derive(Clone)]
pub struct Row {
    pub opponent: String,
    pub candidate: MatchOutcome,
    pub baseline: MatchOutcome,
    /// The further baselines' matches, in the order of [`GauntletConfig::also`].
    pub also: Vec<MatchOutcome>,
}

/// The rows with further baseline `index` in the baseline's place (for its report).
pub fn against_also(rows: &[Row], index: usize) -> Vec<Row> {
    rows.iter()
        .filter_map(|row| {
            Some(Row {
                baseline: row.also.get(index)?.clone(),
                also: Vec::new(),
                ..row.clone()
            })
        })
        .collect()
}

/// The paired comparison over every opponent and deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    /// The trials' count, mean and variance.
    pub trials: Moments,
    /// nElo (and Elo) of the mean trial with their 95% errors: a trial compares two
    /// pairs, so the per-pair convention applies.
    pub estimate: Estimate,
}

impl Paired {
    /// From the pair scores in halves of the candidate and the baseline on the same
    /// deals; `None` without any.
    pub fn from_halves(candidate: &[u8], baseline: &[u8]) -> Option<Paired> {
        let trials = candidate
            .iter()
            .zip(baseline)
            .map(|(&c, &b)| (0.5 + (f64::from(c) - f64::from(b)) / 8.0, 1));
        let trials = Moments::from_counts(trials)?;
        Some(Paired {
            trials,
            estimate: Estimate::from_moments(&trials),
        })
    }

    /// The GSPRT log-likelihood ratio of nElo = `nelo1` against `nelo0`.
    pub fn llr(&self, nelo0: f64, nelo1: f64) -> f64 {
        llr_normal_approximation(&self.trials, nelo0, nelo1)
    }
}

/// Plays the gauntlet (each match uses every core).
pub fn run_gauntlet(config: &GauntletConfig) -> Result<Vec<Row>, String> {
    config
        .opponents
        .iter()
        .map(|opponent| {
            let play = |x: &PlayerSpec| {
                run_match(&MatchConfig {
                    x: x.clone(),
                    y: opponent.clone(),
                    logs: None,
                    run: config.run.clone(),
                })
            };
            Ok(Row {
                opponent: opponent.label(),
                candidate: play(&config.candidate)?,
                baseline: play(&config.baseline)?,
                also: config.also.iter().map(play).collect::<Result<_, _>>()?,
            })
        })
        .collect()
}

fn cell(outcome: &MatchOutcome) -> String {
    let s = &outcome.stats;
    let ([rate, low, high], _) = score_percent_and_elo(s);
    format!(
        "{rate:>6.2}% [{low:>6.2}, {high:>6.2}] {:>+8.0}",
        s.mean_point_margin()
    )
}

/// The side-by-side table, the pooled paired estimate and the SPRT verdict for
/// `[nelo0, nelo1]` with α = β = 0.05.
pub fn report(candidate: &str, baseline: &str, rows: &[Row], nelo0: f64, nelo1: f64) -> String {
    let mut out = String::new();
    let width = rows
        .iter()
        .map(|r| r.opponent.len())
        .chain([8])
        .max()
        .unwrap_or(8);
    let _ = writeln!(out, "C = {candidate}\nB = {baseline}");
    let _ = writeln!(
        out,
        "{:<width$} {:>6} | {:^35} | {:^35} | {:>8} {:>8}",
        "opponent", "games", "C: score [95%] margin", "B: score [95%] margin", "dScore", "dMargin"
    );
    let (mut all_c, mut all_b) = (Vec::new(), Vec::new());
    for row in rows {
        let (c, b) = (&row.candidate.stats, &row.baseline.stats);
        let _ = writeln!(
            out,
            "{:<width$} {:>6} | {} | {} | {:>+7.2}% {:>+8.0}",
            row.opponent,
            c.games,
            cell(&row.candidate),
            cell(&row.baseline),
            100.0 * (c.score_rate() - b.score_rate()),
            c.mean_point_margin() - b.mean_point_margin(),
        );
        // A game lost on time (the referee's deadlines are wall clock) says more about
        // the machine's load than about the player: say so next to the row.
        let aborts = [("C", c), ("B", b)]
            .into_iter()
            .map(|(who, s)| (who, s.total_aborts(0)))
            .filter(|&(_, n)| n > 0)
            .map(|(who, n)| format!("{who} {n}"))
            .collect::<Vec<_>>();
        if !aborts.is_empty() {
            let _ = writeln!(
                out,
                "{:<width$}   aborted games of ours (time, crash or illegal answer): {}",
                "",
                aborts.join(", ")
            );
        }
        all_c.extend_from_slice(&row.candidate.pair_halves);
        all_b.extend_from_slice(&row.baseline.pair_halves);
    }
    let Some(paired) = Paired::from_halves(&all_c, &all_b) else {
        let _ = writeln!(out, "no paired trials");
        return out;
    };
    let _ = writeln!(
        out,
        "paired C - B over {} opponent-deal pairs: mean trial {:.4}, nElo {:+.1} +- {:.1} (Elo {:+.1})",
        paired.trials.samples,
        paired.trials.mean,
        paired.estimate.nelo,
        paired.estimate.nelo_error,
        paired.estimate.elo
    );
    let test = match SprtConfig::new(nelo0, nelo1) {
        Ok(test) => test,
        Err(e) => {
            let _ = writeln!(out, "SPRT: {e}");
            return out;
        }
    };
    let llr = paired.llr(nelo0, nelo1);
    let verdict = match test.decision(llr) {
        Some(Decision::AcceptH1) => "H1 accepted",
        Some(Decision::AcceptH0) => "H0 accepted",
        None => "no decision yet",
    };
    let _ = writeln!(
        out,
        "SPRT nElo [{nelo0}, {nelo1}] (alpha = beta = 0.05): LLR {llr:.2} in ({:.2}, {:.2}): {verdict}",
        test.lower_bound(),
        test.upper_bound()
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::nelo_of_pair_t;

    #[test]
    fn equal_players_have_zero_nelo_and_a_better_one_positive() {
        let same = Paired::from_halves(&[0, 2, 4, 3], &[0, 2, 4, 3]).unwrap();
        assert_eq!(same.estimate.nelo, 0.0);
        assert_eq!(same.llr(-3.0, 0.0), 0.0);
        let better = Paired::from_halves(&[4, 4, 2, 4, 3, 2], &[2, 4, 2, 3, 1, 2]).unwrap();
        assert!(better.trials.mean > 0.5 && better.estimate.nelo > 0.0);
        // Evidence of a better candidate favours nElo 0 over -3.
        assert!(better.llr(-3.0, 0.0) > 0.0);
        let worse = Paired::from_halves(&[2, 4, 2, 3, 1, 2], &[4, 4, 2, 4, 3, 2]).unwrap();
        assert!(worse.llr(-3.0, 0.0) < 0.0);
        assert_eq!(Paired::from_halves(&[], &[]), None);
    }

    #[test]
    fn the_llr_is_the_normal_approximation() {
        // 100 trials, 30 of ¾ and 70 of ½: mean 0.575, σ = ¼·√0.21, t̂ = 0.3/√0.21; against
        // t0 = 0 and t1 = t̂ the LLR is N/2 · t̂².
        let mut c = vec![4u8; 30];
        c.extend(vec![2u8; 70]);
        let b = vec![2u8; 100];
        let p = Paired::from_halves(&c, &b).unwrap();
        let t_hat = (p.trials.mean - 0.5) / p.trials.variance.sqrt();
        assert!((t_hat - 0.3 / 0.21f64.sqrt()).abs() < 1e-12, "{t_hat}");
        let llr = p.llr(0.0, nelo_of_pair_t(t_hat));
        assert!((llr - 100.0 / 2.0 * t_hat * t_hat).abs() < 1e-9, "{llr}");
        // nElo and its error follow the pentanomial convention: t / √2 · 800 / ln 10,
        // error z / √N in t.
        let to_nelo = |t: f64| t / std::f64::consts::SQRT_2 * 800.0 / std::f64::consts::LN_10;
        assert!((p.estimate.nelo - to_nelo(t_hat)).abs() < 1e-9);
        assert!((p.estimate.nelo_error - to_nelo(1.959_964 / 10.0)).abs() < 1e-4);
    }

    #[test]
    fn a_row_with_aborted_games_says_so() {
        let outcome = |aborts: u64| {
            let mut stats = crate::stats::MatchStats {
                games: 2,
                ..Default::default()
            };
            if aborts > 0 {
                stats
                    .aborts
                    .insert((0, crate::referee::AbortReason::Tle), aborts);
            }
            MatchOutcome {
                x_label: "x".into(),
                y_label: "y".into(),
                stats,
                pair_halves: vec![2],
                elapsed: std::time::Duration::from_secs(1),
                threads: 1,
            }
        };
        let row = |c: u64, b: u64| Row {
            opponent: "opp".into(),
            candidate: outcome(c),
            baseline: outcome(b),
            also: Vec::new(),
        };
        let clean = report("c", "b", &[row(0, 0)], -3.0, 0.0);
        assert!(!clean.contains("aborted"), "{clean}");
        let loaded = report("c", "b", &[row(0, 3)], -3.0, 0.0);
        assert!(loaded.contains("aborted games of ours (time, crash or illegal answer): B 3"));
    }
}
