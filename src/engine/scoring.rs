//! The scoring decision: round 11 by win probability over every round-12 bundle pair
//! ([`crate::engine::search::endgame::win_scoring`]), rounds 2–10 by rollouts of the table's best few
//! when `BotConfig::scoring_search` is on ([`search_scoring`]), else the table's argmax.
//!
//! The rollout search:
//! The table's argmax maximises the expected final score. Behind, a choice that keeps a
//! long shot alive can win more often; ahead, one that keeps the spread small. Each of
//! the table's best few scorings (within [`SCORING_WINDOW_POINTS`] of the best) is rolled
//! out from the states after this round's scorings (the opponent scores by the table),
//! all on the same futures (common random numbers), and its win probability read off
//! the calibrated curve at no transfer. The table's choice is left only for one whose win
//! probability is higher by more than [`SWITCH_STANDARD_ERRORS`] standard errors of the
//! paired difference: a noisy estimate does not overturn the table.

use std::time::{Duration, Instant};

use super::config::BotConfig;
use crate::engine::search::endgame::{
    is_open, rollouts_for_round, win_scoring, WIN_CURVES_BUDGET_MS,
};
use crate::engine::search::rollout::{play_rollouts_from, sample_futures, table_mean_doubled};
use crate::engine::search::wincurve::after_table_scoring;
use crate::engine::track::view::GameView;
use crate::engine::value::bidding::POINTS_PER_UNIT;
use crate::engine::value::choice::{all_choices, best_choice_for, Choice};
use crate::engine::value::choice_cache::ChoiceCache;
use crate::protocol::Hand;
use crate::rules::auction::AUCTION_ROUNDS;
use crate::rules::category::Category;

/// Candidates rolled out besides the table's choice, at most.
pub const SCORING_CANDIDATES: usize = 3;
/// Candidates further than this below the table's best value are not rolled out (points
/// of expected score): a choice that gives up more rarely wins more. Set by hand.
pub const SCORING_WINDOW_POINTS: i64 = 4_000;
/// How many standard errors of the paired difference a candidate's win probability must
/// beat the table's choice by. Set by hand: about a 2% one-sided test.
pub const SWITCH_STANDARD_ERRORS: f64 = 2.0;

/// The scoring: by win probability where the position calls for it (round 11), else the
/// best by the table; or why there is none.
pub fn decide_put(view: &GameView, config: &BotConfig) -> Result<(Category, Hand), String> {
    if let Some((choice, _)) = win_scoring(view, config.win_from_round)
        && let Some(dice) = Hand::from_counts(&choice.dice)
    {
        return Ok((choice.category, dice));
    }
    if let Some(choice) = search_scoring(view, config)
        && let Some(dice) = Hand::from_counts(&choice.dice)
    {
        return Ok((choice.category, dice));
    }
    let choice = best_choice_for(&view.me).ok_or_else(|| {
        format!(
            "no legal scoring: {} dice held, used set {:#05x}",
            view.me.held_dice(),
            view.me.used
        )
    })?;
    let dice = Hand::from_counts(&choice.dice).ok_or("best choice is not 5 dice")?;
    Ok((choice.category, dice))
}

/// The scoring with the best win probability among the table's best few, if one beats
/// the table's choice clearly; `None` when the table's choice stands (or outside rounds
/// 2–10, or in a decided game).
pub fn search_scoring(view: &GameView, config: &BotConfig) -> Option<Choice> {
    let round = view.round as usize;
    let first = (config.win_from_round as usize).max(2);
    if !config.scoring_search
        || config.win_from_round == 0
        || round < first
        || round > AUCTION_ROUNDS - 2
    {
        return None;
    }
    let started = config.use_clock.then(Instant::now);
    let me = &view.me;
    let table = best_choice_for(me)?;
    let mut ranked = all_choices(me.used, me.upper_k, &me.held);
    ranked.sort_by_key(|c| std::cmp::Reverse(c.value_units));
    let window_units = (SCORING_WINDOW_POINTS / POINTS_PER_UNIT) as i32;
    let candidates: Vec<Choice> = ranked
        .into_iter()
        .filter(|c| *c != table && c.value_units >= table.value_units - window_units)
        .take(SCORING_CANDIDATES)
        .collect();
    if candidates.is_empty() {
        return None;
    }
    // The opponent scores now too: by the table.
    let opp = after_table_scoring(&view.opp, &[0; 6]);
    let drift_points = view.opp_skill.expected_loss_points(view.round);
    let after = |c: &Choice| {
        let mut state = *me;
        state.apply_score(c.category, &c.dice).ok().map(|_| state)
    };
    let me_table = after(&table)?;
    // A decided game: no scoring can move the win probability.
    let expected = table_mean_doubled(&me_table, &opp) / 2.0 + drift_points;
    if !is_open(round, &[expected]) {
        return None;
    }
    let rollouts = (rollouts_for_round(config, round) * 2 / (candidates.len() + 1)).max(16);
    let futures = sample_futures(view.round, rollouts, scoring_seed(view));
    let mut cache = ChoiceCache::new();
    // The table's choice gets its share of the budget; each candidate replays as many
    // futures, and the candidates stop with the whole budget (one that does not finish
    // in it is not compared), so the search ends by the budget on any machine.
    let share_ms = WIN_CURVES_BUDGET_MS / (candidates.len() as u64 + 1);
    let deadline_base = started.map(|t| t + Duration::from_millis(share_ms));
    let deadline = started.map(|t| t + Duration::from_millis(WIN_CURVES_BUDGET_MS));
    let base = play_rollouts_from(me_table, opp, &futures, deadline_base, &mut cache);
    let played = base.played();
    let base_win = base
        .curve(config.control_variate)
        .shifted(drift_points)
        .at(0.0);
    let outcome = |doubled: i64| -> f64 {
        let shifted = doubled as f64 + 2.0 * drift_points;
        if shifted > 0.0 {
            1.0
        } else if shifted < 0.0 {
            0.0
        } else {
            0.5
        }
    };
    let mut best: Option<(Choice, f64)> = None;
    for c in candidates {
        let Some(state) = after(&c) else { continue };
        let r = play_rollouts_from(state, opp, &futures[..played], deadline, &mut cache);
        if r.played() < played {
            break;
        }
        let win = r
            .curve(config.control_variate)
            .shifted(drift_points)
            .at(0.0);
        // The paired difference's standard error, from the raw outcomes.
        let diffs: Vec<f64> = r
            .doubled
            .iter()
            .zip(&base.doubled)
            .map(|(&x, &y)| outcome(x) - outcome(y))
            .collect();
        let n = diffs.len() as f64;
        let mean = diffs.iter().sum::<f64>() / n;
        let variance = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let standard_error = (variance / n).sqrt().max(0.5 / n);
        let gain = win - base_win;
        if gain > SWITCH_STANDARD_ERRORS * standard_error && best.is_none_or(|(_, g)| gain > g) {
            best = Some((c, gain));
        }
    }
    best.map(|(c, _)| c)
}

/// A seed of the position alone, so decisions are reproducible.
fn scoring_seed(view: &GameView) -> u64 {
    let mut bytes = Vec::with_capacity(48);
    for p in [&view.me, &view.opp] {
        bytes.extend_from_slice(&p.held);
        bytes.extend_from_slice(&p.used.to_le_bytes());
        bytes.extend_from_slice(&p.total_points().to_le_bytes());
    }
    bytes.push(view.round);
    bytes.push(0x5c);
    crate::solver::quantize::fnv1a64(&bytes)
}
