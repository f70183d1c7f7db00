//! The scoring decision: round 11 by win probability over every round-12 bundle pair
//! ([`crate::engine::search::endgame::win_scoring`]), every other round by the table's argmax
//! (scorings by win probability in rounds 2–10 were measured and not kept:
//! docs/experiments/2026-11-25-win-scoring.md#win-scoring); greedily at the skill levels that give up the table,
//! and by the table's values seen through noise at those that misjudge them.

use super::config::{BotConfig, Scoring};
use crate::engine::search::endgame::{win_scoring, win_scoring_by_net};
use crate::engine::track::view::GameView;
use crate::engine::value::choice::{best_choice_for, best_greedy_choice};
use crate::engine::value::noise::noisy_choice;
use crate::protocol::Hand;
use crate::rules::category::Category;

/// The scoring: by win probability where the position calls for it (round 11), else the
/// best by the table; or why there is none.
pub fn decide_put(view: &GameView, config: &BotConfig) -> Result<(Category, Hand), String> {
    let me = &view.me;
    let choice = match config.scoring {
        Scoring::Greedy => best_greedy_choice(me.used, me.upper_k, &me.held),
        Scoring::Table if config.noise_points > 0 => {
            noisy_choice(me, config.noise_points, config.rng_seed.unwrap_or(0))
        }
        Scoring::Table => {
            let by_win = win_scoring(view, config.win_from_round)
                .or_else(|| win_scoring_by_net(view, config));
            if let Some((choice, _)) = by_win
                && let Some(dice) = Hand::from_counts(&choice.dice)
            {
                return Ok((choice.category, dice));
            }
            best_choice_for(me)
        }
    };
    let choice = choice.ok_or_else(|| {
        format!(
            "no legal scoring: {} dice held, used set {:#05x}",
            view.me.held_dice(),
            view.me.used
        )
    })?;
    let dice = Hand::from_counts(&choice.dice).ok_or("best choice is not 5 dice")?;
    Ok((choice.category, dice))
}
