//! The gauntlet: two players (the candidate and a baseline) against every opponent of a
//! population, on the same seat-swapped deals, reported side by side, with a paired
//! SPRT of the candidate against the baseline over the whole population.
//!
//! The paired trial of one opponent and one deal is the candidate's pair score next to
//! the baseline's: `t = ½ + (h_candidate − h_baseline) / 8` with `h` the pair's points in
//! halves (0..=4), so `t` is ½ when both did equally well, in 0..=1. Its normalized Elo
//! follows the pentanomial convention (`nElo = t̂ · 800 / ln 10 / √2`, `t̂ = (μ − ½)/σ`);
//! the log-likelihood ratio is the normal approximation of the GSPRT,
//! `LLR = N/2 · ((t̂ − t₀)² − (t̂ − t₁)²)` (M. Van den Bergh, "Normalized Elo", section on
//! the GSPRT), with bounds ln(β/(1−α)) and ln((1−β)/α).

use std::fmt::Write as _;

use crate::matches::{run_match, Deals, MatchConfig, MatchOutcome};
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;
use crate::sprt::{ELO_PER_T, Z_95};
use crate::stats::elo;

/// A gauntlet: `candidate` and `baseline` against each of `opponents`.
#[derive(Clone, Debug)]
pub struct GauntletConfig {
    pub candidate: PlayerSpec,
    pub baseline: PlayerSpec,
    pub opponents: Vec<PlayerSpec>,
    pub deals: Deals,
    pub threads: usize,
    pub referee: RefereeOptions,
    pub progress: bool,
}

/// Both players' matches against one opponent.
pub struct Row {
    pub opponent: String,
    pub candidate: MatchOutcome,
    pub baseline: MatchOutcome,
}

/// The paired comparison over every opponent and deal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Paired {
    pub trials: usize,
    pub mean: f64,
    pub sigma: f64,
    pub nelo: f64,
    pub nelo_error: f64,
}

impl Paired {
    /// From the pair scores in halves of the candidate and the baseline on the same deals.
    pub fn from_halves(candidate: &[u8], baseline: &[u8]) -> Paired {
        let trials: Vec<f64> = candidate
            .iter()
            .zip(baseline)
            .map(|(&c, &b)| 0.5 + (c as f64 - b as f64) / 8.0)
            .collect();
        let n = trials.len().max(1) as f64;
        let mean = trials.iter().sum::<f64>() / n;
        let variance = trials.iter().map(|t| (t - mean).powi(2)).sum::<f64>() / n;
        let sigma = variance.sqrt();
        let to_nelo = |t: f64| t * ELO_PER_T / std::f64::consts::SQRT_2;
        let (nelo, nelo_error) = if sigma > 0.0 {
            (to_nelo((mean - 0.5) / sigma), to_nelo(Z_95 / n.sqrt()))
        } else {
            (0.0, 0.0)
        };
        Paired {
            trials: trials.len(),
            mean,
            sigma,
            nelo,
            nelo_error,
        }
    }

    /// The GSPRT log-likelihood ratio of nElo = `nelo1` against `nelo0`.
    pub fn llr(&self, nelo0: f64, nelo1: f64) -> f64 {
        if self.sigma <= 0.0 {
            return 0.0;
        }
        let t_of = |nelo: f64| std::f64::consts::SQRT_2 * nelo / ELO_PER_T;
        let t_hat = (self.mean - 0.5) / self.sigma;
        self.trials as f64 / 2.0 * ((t_hat - t_of(nelo0)).powi(2) - (t_hat - t_of(nelo1)).powi(2))
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
                    deals: config.deals.clone(),
                    threads: config.threads,
                    referee: config.referee,
                    logs: None,
                    progress: config.progress,
                })
            };
            Ok(Row {
                opponent: opponent.label(),
                candidate: play(&config.candidate)?,
                baseline: play(&config.baseline)?,
            })
        })
        .collect()
}

fn cell(outcome: &MatchOutcome) -> String {
    let s = &outcome.stats;
    let (low, high) = s.score_rate_interval();
    let margin = s.mean(s.total_points, 0) - s.mean(s.total_points, 1);
    format!(
        "{:>6.2}% [{:>6.2}, {:>6.2}] {:>+8.0}",
        100.0 * s.score_rate(),
        100.0 * low,
        100.0 * high,
        margin
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
        let margin =
            |s: &crate::stats::MatchStats| s.mean(s.total_points, 0) - s.mean(s.total_points, 1);
        let _ = writeln!(
            out,
            "{:<width$} {:>6} | {} | {} | {:>+7.2}% {:>+8.0}",
            row.opponent,
            c.games,
            cell(&row.candidate),
            cell(&row.baseline),
            100.0 * (c.score_rate() - b.score_rate()),
            margin(c) - margin(b),
        );
        all_c.extend_from_slice(&row.candidate.pair_halves);
        all_b.extend_from_slice(&row.baseline.pair_halves);
    }
    let paired = Paired::from_halves(&all_c, &all_b);
    let llr = paired.llr(nelo0, nelo1);
    let (alpha, beta) = (0.05f64, 0.05f64);
    let (lower, upper) = ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln());
    let verdict = if llr >= upper {
        "H1 accepted"
    } else if llr <= lower {
        "H0 accepted"
    } else {
        "no decision yet"
    };
    let _ = writeln!(
        out,
        "paired C - B over {} opponent-deal pairs: mean trial {:.4}, nElo {:+.1} +- {:.1} (Elo {:+.1})",
        paired.trials,
        paired.mean,
        paired.nelo,
        paired.nelo_error,
        elo(paired.mean)
    );
    let _ = writeln!(
        out,
        "SPRT nElo [{nelo0}, {nelo1}] (alpha = beta = 0.05): LLR {llr:.2} in ({lower:.2}, {upper:.2}): {verdict}"
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_players_have_zero_nelo_and_a_better_one_positive() {
        let same = Paired::from_halves(&[0, 2, 4, 3], &[0, 2, 4, 3]);
        assert_eq!(same.nelo, 0.0);
        assert_eq!(same.llr(-3.0, 0.0), 0.0);
        let better = Paired::from_halves(&[4, 4, 2, 4, 3, 2], &[2, 4, 2, 3, 1, 2]);
        assert!(better.mean > 0.5 && better.nelo > 0.0);
        // Evidence of a better candidate favours nElo 0 over -3.
        assert!(better.llr(-3.0, 0.0) > 0.0);
        let worse = Paired::from_halves(&[2, 4, 2, 3, 1, 2], &[4, 4, 2, 4, 3, 2]);
        assert!(worse.llr(-3.0, 0.0) < 0.0);
    }

    #[test]
    fn the_llr_is_the_normal_approximation() {
        // 100 trials, mean 0.55, sigma 0.1: t̂ = 0.5; against t0 = 0, t1 = 0.5: 50 · 0.25.
        let mut c = vec![4u8; 30];
        c.extend(vec![2u8; 70]);
        let b = vec![2u8; 100];
        let p = Paired::from_halves(&c, &b);
        let t_hat = (p.mean - 0.5) / p.sigma;
        let nelo1 = t_hat * ELO_PER_T / std::f64::consts::SQRT_2;
        let llr = p.llr(0.0, nelo1);
        assert!((llr - 100.0 / 2.0 * t_hat * t_hat).abs() < 1e-9, "{llr}");
    }
}
