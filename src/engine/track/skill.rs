//! How well the opponent scores, measured by the table: what its scorings have lost
//! against the table's best choice so far, and what that predicts for the rest of the game.
//!
//! The win curves and the decided-game gate take the opponent's expected remaining score
//! from the table, which assumes it scores as well as the table. A contest bot that scores
//! greedily gives up several thousand points a scoring, so against it the game is decided
//! rounds before the table alone would say so. A bot that scores by the exact table loses
//! nothing here and nothing changes.

use crate::engine::tunables::PRIOR_SCORINGS;
use crate::engine::value::bidding::POINTS_PER_UNIT;
use crate::engine::value::choice::{best_choice_for, choice_value_units};
use crate::engine::value::state::PlayerState;
use crate::rules::auction::AUCTION_ROUNDS;
use crate::rules::category::Category;
use crate::rules::dice::Counts;

/// The opponent's scorings so far, judged by the table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoringSkill {
    /// Table units its scorings lost against the table's best choice.
    pub lost_units: i64,
    /// Scorings judged.
    pub scorings: u8,
}

impl ScoringSkill {
    /// Judges the scoring of `dice` in `category` by a player in state `before`.
    pub fn observe(&mut self, before: &PlayerState, category: Category, dice: &Counts) {
        let (Some(best), Some(played)) = (
            best_choice_for(before),
            choice_value_units(before, category, dice),
        ) else {
            return;
        };
        self.lost_units += i64::from((best.value_units - played).max(0));
        self.scorings += 1;
    }

    /// What its scorings still to come are expected to lose, points, after the auction of
    /// `round` (1..=12): one scoring with a choice in each of rounds `round..=12` (round
    /// 1 has none; the last round's has none either).
    pub fn expected_loss_points(&self, round: u8) -> f64 {
        let rounds = AUCTION_ROUNDS as f64;
        let left = (rounds - f64::from(round.max(2)) + 1.0).max(0.0);
        let per_scoring = self.lost_units as f64 * POINTS_PER_UNIT as f64
            / (f64::from(self.scorings) + PRIOR_SCORINGS.get());
        per_scoring * left
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::parse_digits;

    #[test]
    fn a_table_scorer_loses_nothing_and_a_poor_one_is_measured() {
        let state = PlayerState {
            held: parse_digits("1111166666").unwrap(),
            ..PlayerState::default()
        };
        let mut skill = ScoringSkill::default();
        let best = best_choice_for(&state).unwrap();
        skill.observe(&state, best.category, &best.dice);
        assert_eq!(
            skill,
            ScoringSkill {
                lost_units: 0,
                scorings: 1
            }
        );
        assert_eq!(skill.expected_loss_points(2), 0.0);
        // Five ones in ONE (5000) with five sixes carried is far below the table's best.
        skill.observe(&state, Category::One, &parse_digits("11111").unwrap());
        assert_eq!(skill.scorings, 2);
        assert!(skill.lost_units > 0);
        let early = skill.expected_loss_points(2);
        let late = skill.expected_loss_points(12);
        assert!(early > 10.0 * late && late > 0.0, "{early} {late}");
        // An illegal scoring is not judged.
        skill.observe(&state, Category::Two, &parse_digits("22222").unwrap());
        assert_eq!(skill.scorings, 2);
    }
}
