//! The network's inputs: two players' states before a round's roll, as numbers.
//!
//! One definition for both sides of the model: `harness positions` writes these columns
//! for the trainer, and the bot evaluates the network on the same function's output. The
//! layout is `[me; PLAYER_FEATURES] [opp; PLAYER_FEATURES] [round; ROUND_FEATURES]`, so
//! the opponent's view of a position is the two player blocks swapped (the trainer's
//! mirror, and the bot's).

use crate::engine::value::bidding::POINTS_PER_UNIT;
use crate::engine::value::choice::position_value_units;
use crate::engine::value::state::PlayerState;
use crate::rules::category::{Category, CATEGORY_COUNT, UPPER_BONUS_THRESHOLD_K};
use crate::rules::dice::{all_multisets, fair_probability, total, FACES, HAND_DICE};

/// The first round whose pre-roll position the network values: the state after round 1's
/// auction (round 1 scores nothing, so only the held bundle differs).
pub const FIRST_ROUND: u8 = 2;
/// The last: before round 11's roll, the position round 10's win curves start from. From
/// round 12's roll on the rest of the game is enumerated exactly.
pub const LAST_ROUND: u8 = 11;
/// Rounds the network values, one input each.
pub const ROUND_FEATURES: usize = (LAST_ROUND - FIRST_ROUND + 1) as usize;
/// One player's inputs: its expected remaining score by the table, its open categories,
/// what its upper section still needs for the bonus and whether it has it, its held dice.
pub const PLAYER_FEATURES: usize = 1 + CATEGORY_COUNT + 2 + FACES;
/// All inputs.
pub const FEATURES: usize = 2 * PLAYER_FEATURES + ROUND_FEATURES;

/// Expected remaining scores are given to the network in units of this many points (the
/// start's is 268,838: about 2.7).
const REST_UNIT_POINTS: f64 = 100_000.0;

/// The rest of the game's score difference is modelled in units of this scale, by round:
/// roughly the spread of the final difference from before round `round`'s roll (16,638
/// points after round 1's auction, 7,910 after round 11's: docs/experiments/2026-11-21-calibration.md#calibration),
/// as a straight line. A normalisation, not a measurement: the network learns the spread.
pub fn scale_points(round: u8) -> f64 {
    let auctions_left = 13.0 - f64::from(round.clamp(FIRST_ROUND, LAST_ROUND));
    6_000.0 + 900.0 * auctions_left
}

/// A player's expected remaining score by the table from a pre-roll state, points: with
/// the 5 dice carried from the last scoring, or before the first bundle (nothing held),
/// the mean over that bundle.
pub fn rest_points(p: &PlayerState) -> f64 {
    let units = if total(&p.held) == 0 {
        all_multisets(HAND_DICE)
            .iter()
            .map(|x| fair_probability(x) * f64::from(position_value_units(p.used, p.upper_k, x)))
            .sum::<f64>()
    } else {
        f64::from(position_value_units(p.used, p.upper_k, &p.held))
    };
    units * POINTS_PER_UNIT as f64
}

/// One player's block, given its table rest (points).
fn player_block(p: &PlayerState, rest: f64, out: &mut [f32]) {
    out[0] = (rest / REST_UNIT_POINTS) as f32;
    for (i, c) in Category::ALL.iter().enumerate() {
        out[1 + i] = if p.used & c.bit() == 0 { 1.0 } else { 0.0 };
    }
    let need = UPPER_BONUS_THRESHOLD_K.saturating_sub(p.upper_k);
    out[1 + CATEGORY_COUNT] = need as f32 / UPPER_BONUS_THRESHOLD_K as f32;
    out[2 + CATEGORY_COUNT] = if need == 0 { 1.0 } else { 0.0 };
    for (face, &count) in p.held.iter().enumerate() {
        out[3 + CATEGORY_COUNT + face] = f32::from(count) / 5.0;
    }
}

/// The inputs for `me` against `opp` before round `round`'s roll (clamped to the rounds
/// the network values), with each player's table rest (points) already computed.
pub fn features_with_rests(
    me: &PlayerState,
    opp: &PlayerState,
    rests: [f64; 2],
    round: u8,
) -> [f32; FEATURES] {
    let mut out = [0.0f32; FEATURES];
    player_block(me, rests[0], &mut out[..PLAYER_FEATURES]);
    player_block(
        opp,
        rests[1],
        &mut out[PLAYER_FEATURES..2 * PLAYER_FEATURES],
    );
    let r = usize::from(round.clamp(FIRST_ROUND, LAST_ROUND) - FIRST_ROUND);
    out[2 * PLAYER_FEATURES + r] = 1.0;
    out
}

/// The inputs for `me` against `opp` before round `round`'s roll.
pub fn features(me: &PlayerState, opp: &PlayerState, round: u8) -> [f32; FEATURES] {
    features_with_rests(me, opp, [rest_points(me), rest_points(opp)], round)
}

/// The same position seen from the other side: the player blocks swapped.
pub fn mirrored(x: &[f32; FEATURES]) -> [f32; FEATURES] {
    let mut out = *x;
    out[..PLAYER_FEATURES].copy_from_slice(&x[PLAYER_FEATURES..2 * PLAYER_FEATURES]);
    out[PLAYER_FEATURES..2 * PLAYER_FEATURES].copy_from_slice(&x[..PLAYER_FEATURES]);
    out
}

/// The inputs' names, in order (the positions file's column names).
pub fn names() -> Vec<String> {
    let mut names = Vec::with_capacity(FEATURES);
    for side in ["me", "opp"] {
        names.push(format!("{side}_rest"));
        for c in Category::ALL {
            names.push(format!("{side}_open_{}", c.name()));
        }
        names.push(format!("{side}_upper_need"));
        names.push(format!("{side}_bonus"));
        for face in 1..=FACES {
            names.push(format!("{side}_held_{face}"));
        }
    }
    for round in FIRST_ROUND..=LAST_ROUND {
        names.push(format!("round_{round}"));
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_has_a_name_for_every_input() {
        let names = names();
        assert_eq!(names.len(), FEATURES);
        let unique: std::collections::BTreeSet<_> = names.iter().collect();
        assert_eq!(unique.len(), FEATURES);
    }

    #[test]
    fn the_mirror_swaps_the_players_and_keeps_the_round() {
        let me = PlayerState {
            held: [0, 0, 0, 0, 2, 3],
            used: Category::Yacht.bit() | Category::One.bit(),
            upper_k: 3,
            ..PlayerState::default()
        };
        let opp = PlayerState {
            held: [5, 0, 0, 0, 0, 0],
            used: Category::Choice.bit() | Category::Six.bit(),
            upper_k: 24,
            ..PlayerState::default()
        };
        let x = features(&me, &opp, 4);
        assert_eq!(mirrored(&x), features(&opp, &me, 4));
        assert_eq!(mirrored(&mirrored(&x)), x);
        // The round is one-hot; YACHT used shows as closed.
        assert_eq!(x[2 * PLAYER_FEATURES + 2], 1.0);
        assert_eq!(x[2 * PLAYER_FEATURES..].iter().sum::<f32>(), 1.0);
        assert_eq!(x[1 + Category::Yacht.index()], 0.0);
        assert_eq!(x[1 + Category::Two.index()], 1.0);
    }

    #[test]
    fn the_scale_shrinks_as_the_game_goes() {
        for round in FIRST_ROUND..LAST_ROUND {
            assert!(scale_points(round + 1) < scale_points(round));
        }
        assert_eq!(scale_points(1), scale_points(FIRST_ROUND));
    }
}
