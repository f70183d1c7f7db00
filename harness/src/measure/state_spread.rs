//! `harness measure state-spread`: whether the spread of the remaining score state by state (the
//! table's second moment, `yacht::solver::moments`) predicts the final difference better
//! than the one spread per round that the win search's decided-game gate uses today
//! (`engine::search::endgame::FINAL_DIFF_SIGMA_POINTS`).
//!
//! Self-play of the table-and-equilibrium bot, as `harness measure calibrate`. Before each auction
//! from round 2 on, both players hold 5 carried dice, and the exact table gives each
//! player's mean `F` and variance `M − F²` of the remaining score. The prediction of the
//! final difference is the difference so far plus `F_us − F_them`; its state spread is
//! `√(Var_us + Var_them)` for two players whose bundles are independent. The auctions make
//! them far from independent: the winner of a bundle pays the loser about half its swing,
//! so each player shares the other's fortune, and the realised spread is a fraction of the
//! state spread (about 0.6 in self-play). The report scales the state spread by that
//! fraction, per round, and compares it with the one spread per round as a predictor of
//! the winner (log loss of a normal P(win)) and as a gate (positions called decided at 2.5
//! spreads, and how many of those the leader lost). A coarse form, one variance per
//! `(used, upper)` row (the mean over the carried dice, 118,463 numbers: what would fit
//! the contest's `data.bin` beside the table), is scored the same way.

use yacht::engine::search::wincurve::win_share;
use yacht::engine::{Bot, BotConfig, Reply};
use yacht::game::{play_agents, Agent, Deal};
use yacht::protocol::Command;
use yacht::rules::auction::AUCTION_ROUNDS;
use yacht::rules::dice::{rank, N5};
use yacht::solver::layout::effective_upper;
use yacht::solver::model::BundleModel;
use yacht::solver::moments::second_moment;
use yacht::solver::solve::{solve, Solved};
use yacht::table;

use crate::stats::{mean_and_variance, normal_cdf};

/// Spreads at which a position counts as decided: the gate's
/// (`engine::tunables::DECIDED_SIGMAS`, its default).
pub const GATE_SIGMAS: f64 = yacht::engine::tunables::DECIDED_SIGMAS.default;

/// Points per kilo-point (the table's unit).
const POINTS_PER_K: f64 = 1_000.0;

/// One position: the predicted final difference and the state variance, points, exact
/// and coarse (by row).
#[derive(Clone, Copy, Debug)]
struct Position {
    predicted_points: f64,
    state_variance_points2: f64,
    coarse_variance_points2: f64,
}

/// The exact table and its second moment.
pub struct Moments {
    solved: Solved,
    second: Vec<f64>,
    /// Per row, the mean variance over the carried dice (fair 5-dice probabilities).
    row_variance: Vec<f64>,
}

impl Moments {
    /// Solves both (about twice the build's solve time).
    pub fn solve(threads: usize) -> Result<Moments, String> {
        let model = BundleModel::parse(table::TABLE_MODEL)?;
        let solved = solve(&model, threads);
        let second = second_moment(&solved, &model, threads);
        let row_variance = (0..solved.layout.rows)
            .map(|row| {
                let base = row * N5;
                model
                    .probs
                    .iter()
                    .enumerate()
                    .map(|(k, p)| {
                        let f = solved.values[base + k];
                        p * (second[base + k] - f * f).max(0.0)
                    })
                    .sum()
            })
            .collect();
        Ok(Moments {
            solved,
            second,
            row_variance,
        })
    }

    /// Mean (points), variance and the row's coarse variance (points²) of the remaining
    /// score of a player with `used`, `upper_k` and 5 carried dice `carried`.
    fn mean_and_variance(&self, used: u16, upper_k: u32, carried: &[u8; 6]) -> (f64, f64, f64) {
        let Some(row) = self.solved.layout.row(used, effective_upper(used, upper_k)) else {
            return (0.0, 0.0, 0.0);
        };
        let i = row * N5 + rank(carried);
        let (f, m) = (self.solved.values[i], self.second[i]);
        let k2 = POINTS_PER_K * POINTS_PER_K;
        (
            f * POINTS_PER_K,
            (m - f * f).max(0.0) * k2,
            self.row_variance[row] * k2,
        )
    }

    /// The standard deviation (points) of one player's remaining score at game start,
    /// before the first bundle: what solitaire games show.
    pub fn start_sd_points(&self) -> f64 {
        let model = BundleModel::fair();
        let start = self.solved.layout.row(0, 0).unwrap_or(0) * N5;
        let second: f64 = yacht::rules::dice::all_multisets(5)
            .iter()
            .zip(&model.probs)
            .map(|(d, p)| p * self.second[start + rank(d)])
            .sum();
        (second - self.solved.start_expected_k.powi(2))
            .max(0.0)
            .sqrt()
            * POINTS_PER_K
    }
}

/// The bot in the first seat, recording a [`Position`] before each auction from round 2.
struct Recorder<'a> {
    bot: Bot,
    moments: &'a Moments,
    positions: [Option<Position>; AUCTION_ROUNDS],
}

impl Agent for Recorder<'_> {
    fn handle(&mut self, command: &Command) -> Reply {
        if let Command::Roll { .. } = command {
            let view = self.bot.view();
            let round = view.round as usize + 1;
            if (2..=AUCTION_ROUNDS).contains(&round) {
                let (me, opp) = (&view.me, &view.opp);
                let (f_me, v_me, c_me) = self
                    .moments
                    .mean_and_variance(me.used, me.upper_k, &me.held);
                let (f_opp, v_opp, c_opp) =
                    self.moments
                        .mean_and_variance(opp.used, opp.upper_k, &opp.held);
                self.positions[round - 1] = Some(Position {
                    predicted_points: (me.total_points() - opp.total_points()) as f64 + f_me
                        - f_opp,
                    state_variance_points2: v_me + v_opp,
                    coarse_variance_points2: c_me + c_opp,
                });
            }
        }
        self.bot.handle(command)
    }
}

/// One round's comparison of the two spreads.
#[derive(Clone, Debug)]
pub struct RoundSpread {
    pub round: usize,
    pub positions: usize,
    /// Standard deviation of (final − predicted): the one spread of the round.
    pub round_sd_points: f64,
    /// Root mean state variance.
    pub state_sd_points: f64,
    /// The round's spread over the root mean state variance: the auctions' sharing.
    pub share: f64,
    /// Mean |final − predicted| over the scaled state spread, over that of the one spread
    /// per round: below 1 where the state spread tells the large errors from the small.
    pub z_abs_ratio: f64,
    /// Mean log loss of the winner under a normal P(win): one spread per round, the
    /// state spread scaled by [`RoundSpread::share`], and the coarse one scaled alike.
    pub log_loss_round: f64,
    pub log_loss_state: f64,
    pub log_loss_coarse: f64,
    /// Positions called decided at [`GATE_SIGMAS`], and of those, how many the leader
    /// did not win.
    pub decided_round: usize,
    pub upsets_round: usize,
    pub decided_state: usize,
    pub upsets_state: usize,
    pub decided_coarse: usize,
    pub upsets_coarse: usize,
}

/// Plays `games` self-play games (deals from `seed`) and compares the spreads by round.
pub fn measure(moments: &Moments, games: usize, seed: u64) -> Vec<RoundSpread> {
    let config = BotConfig::default_equilibrium();
    let mut samples: Vec<Vec<(Position, f64)>> = vec![Vec::new(); AUCTION_ROUNDS];
    for deal in Deal::seeded(seed, games) {
        let mut recorder = Recorder {
            bot: Bot::new(config),
            moments,
            positions: [None; AUCTION_ROUNDS],
        };
        let mut other = Bot::new(config);
        let record = play_agents(&deal, [&mut recorder, &mut other]);
        let final_points = (record.totals[0] - record.totals[1]) as f64;
        for (slot, position) in samples.iter_mut().zip(recorder.positions) {
            if let Some(p) = position {
                slot.push((p, final_points));
            }
        }
    }
    samples
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.is_empty())
        .map(|(i, s)| compare(i + 1, s))
        .collect()
}

/// One spread's record over `samples`: mean log loss of the winner under a normal P(win),
/// positions called decided at [`GATE_SIGMAS`], and of those, how many the leader lost.
fn score_spread(samples: &[(Position, f64)], sd: impl Fn(&Position) -> f64) -> (f64, usize, usize) {
    let n = samples.len() as f64;
    let (mut log_loss, mut decided, mut upsets) = (0.0, 0, 0);
    for (p, f) in samples {
        let (w, d, sd) = (win_share(*f), p.predicted_points, sd(p));
        // Draws count half: the loss of predicting q for an outcome worth w.
        let q = normal_cdf(d / sd).clamp(1e-6, 1.0 - 1e-6);
        log_loss -= (w * q.ln() + (1.0 - w) * (1.0 - q).ln()) / n;
        if d.abs() > GATE_SIGMAS * sd {
            decided += 1;
            upsets += usize::from(w != win_share(d));
        }
    }
    (log_loss, decided, upsets)
}

/// The comparison of one round's positions.
fn compare(round: usize, samples: &[(Position, f64)]) -> RoundSpread {
    let n = samples.len() as f64;
    let (_, round_var) =
        mean_and_variance(samples.iter().map(|(p, f)| (f - p.predicted_points, 1.0)));
    let mean = |x: fn(&Position) -> f64| samples.iter().map(|(p, _)| x(p)).sum::<f64>() / n;
    let state_var = mean(|p| p.state_variance_points2);
    let coarse_var = mean(|p| p.coarse_variance_points2);
    // Each spread scaled so that its mean variance is the round's: the auctions' sharing.
    let share = (round_var / state_var.max(1.0)).sqrt();
    let coarse_share = (round_var / coarse_var.max(1.0)).sqrt();
    let round_sd = round_var.sqrt().max(1.0);
    let state_sd = |p: &Position| (share * p.state_variance_points2.sqrt()).max(1.0);
    let coarse_sd = |p: &Position| (coarse_share * p.coarse_variance_points2.sqrt()).max(1.0);
    let mean_abs_z = |sd: &dyn Fn(&Position) -> f64| {
        samples
            .iter()
            .map(|(p, f)| ((f - p.predicted_points) / sd(p)).abs())
            .sum::<f64>()
            / n
    };
    let (log_loss_round, decided_round, upsets_round) = score_spread(samples, |_| round_sd);
    let (log_loss_state, decided_state, upsets_state) = score_spread(samples, state_sd);
    let (log_loss_coarse, decided_coarse, upsets_coarse) = score_spread(samples, coarse_sd);
    RoundSpread {
        round,
        positions: samples.len(),
        round_sd_points: round_sd,
        state_sd_points: state_var.sqrt(),
        share,
        z_abs_ratio: mean_abs_z(&state_sd) / mean_abs_z(&|_| round_sd),
        log_loss_round,
        log_loss_state,
        log_loss_coarse,
        decided_round,
        upsets_round,
        decided_state,
        upsets_state,
        decided_coarse,
        upsets_coarse,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Positions whose errors are exactly as wide as their state spreads say (half narrow,
    /// half wide): the share is 1, and the state spread predicts the winner better than
    /// one spread for all, and calls more positions decided without an upset.
    #[test]
    fn an_informative_state_spread_beats_one_spread() {
        // Errors ±1 sd in equal numbers: the variance of the errors is the state variance.
        let mut samples = Vec::new();
        for i in 0..4_000 {
            let sd: f64 = if i % 2 == 0 { 1_000.0 } else { 10_000.0 };
            let predicted = 3_000.0 * if i % 3 == 0 { 1.0 } else { -1.0 };
            let error = if (i / 2) % 2 == 0 { sd } else { -sd };
            let position = Position {
                predicted_points: predicted,
                state_variance_points2: sd * sd,
                coarse_variance_points2: 0.5 * (1_000f64.powi(2) + 10_000f64.powi(2)),
            };
            samples.push((position, predicted + error));
        }
        let r = compare(5, &samples);
        assert!((r.share - 1.0).abs() < 1e-9, "{r:?}");
        assert!(r.log_loss_state < r.log_loss_round, "{r:?}");
        // The coarse variance is the same for all: it predicts as one spread does.
        assert!((r.log_loss_coarse - r.log_loss_round).abs() < 1e-9, "{r:?}");
        // At 2.5 spreads only the narrow positions (3,000 from zero, sd 1,000) are decided,
        // and none of them is lost.
        assert_eq!((r.decided_state, r.upsets_state), (2_000, 0), "{r:?}");
        assert_eq!(r.decided_round, 0, "{r:?}");
    }
}
