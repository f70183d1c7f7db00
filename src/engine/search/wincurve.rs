//! Win curves: P(win) + ½ P(draw) given which bundle we get this round and the net bid
//! transfer δ (points, our score difference moves by δ).
//!
//! - Round 12: once the bundles are assigned no dice remain to be rolled, both final scores
//!   are known (the table is exact with two categories left): the curve is a step.
//! - Round 11: one more bundle pair is random. For each of its 252 × 252 outcomes the
//!   round-12 auction is a complete-information game in which one player has a sure-win
//!   bid: we do iff `D_A + D_B > 0` (`D_g`: the final difference if we get g and nobody
//!   pays), i.e. iff `2·base + U(A) + U(B) > 0` with `U(X)` our final score with X minus
//!   theirs with X. The curve is the weighted distribution of `U(A) + U(B)`.
//! - Earlier: the empirical distribution of seeded rollouts ([`super::rollout`]), or the
//!   value network's distribution of the rest of the game ([`crate::engine::learned`]):
//!   a smooth curve, the same for the same position.

use crate::engine::learned::features::{features_with_rests, rest_points};
use crate::engine::learned::net::{Mixture, Net};
use crate::engine::value::bidding::POINTS_PER_UNIT;
use crate::engine::value::choice::{best_choice_for, best_choices_with, position_value_units};
use crate::engine::value::state::PlayerState;
use crate::rules::dice::{add, five_dice, total, Counts};

/// P(win) + ½ P(draw) as a function of a score-difference shift.
#[derive(Clone, Debug, PartialEq)]
pub enum WinCurve {
    /// The final difference is `diff + δ`.
    Exact { diff_points: i64 },
    /// We win iff `value + 2δ > 0` for `value` drawn from `sorted` (value, weight),
    /// `cumulative[i]` = weight of `sorted[..i]`.
    Pairs {
        sorted: Vec<(i64, f64)>,
        cumulative: Vec<f64>,
    },
    /// The final difference is drawn from a mixture of logistic distributions (the value
    /// network's).
    Mixture(Mixture),
}

impl WinCurve {
    /// A [`WinCurve::Pairs`] from (doubled final difference, weight) sorted by value.
    pub fn from_weighted_doubled(sorted: Vec<(i64, f64)>) -> WinCurve {
        let mut merged: Vec<(i64, f64)> = Vec::with_capacity(sorted.len());
        for (v, w) in sorted {
            match merged.last_mut() {
                Some(last) if last.0 == v => last.1 += w,
                _ => merged.push((v, w)),
            }
        }
        let mut cumulative = Vec::with_capacity(merged.len() + 1);
        let mut acc = 0.0;
        cumulative.push(acc);
        for &(_, w) in &merged {
            acc += w;
            cumulative.push(acc);
        }
        WinCurve::Pairs {
            sorted: merged,
            cumulative,
        }
    }

    /// The curve of a final difference `shift_points` larger (rounded to whole points).
    pub fn shifted(self, shift_points: f64) -> WinCurve {
        let shift = shift_points.round() as i64;
        if shift == 0 {
            return self;
        }
        match self {
            WinCurve::Exact { diff_points } => WinCurve::Exact {
                diff_points: diff_points + shift,
            },
            WinCurve::Pairs { sorted, cumulative } => WinCurve::Pairs {
                sorted: sorted
                    .into_iter()
                    .map(|(v, w)| (v + 2 * shift, w))
                    .collect(),
                cumulative,
            },
            WinCurve::Mixture(m) => WinCurve::Mixture(m.shifted(shift as f64)),
        }
    }

    /// The opponent's curve of the same outcome: its final difference is ours negated, so
    /// its `at(δ)` is `1 − ours.at(−δ)` (a draw is half a win for both).
    pub fn mirrored(&self) -> WinCurve {
        match self {
            WinCurve::Exact { diff_points } => WinCurve::Exact {
                diff_points: -diff_points,
            },
            WinCurve::Pairs { sorted, .. } => WinCurve::from_weighted_doubled(
                sorted.iter().rev().map(|&(v, w)| (-v, w)).collect(),
            ),
            WinCurve::Mixture(m) => WinCurve::Mixture(m.negated()),
        }
    }

    /// P(win) + ½ P(draw) after a shift of `delta_points`.
    pub fn at(&self, delta_points: f64) -> f64 {
        match self {
            WinCurve::Exact { diff_points } => win_share(*diff_points as f64 + delta_points),
            WinCurve::Pairs { sorted, cumulative } => {
                let threshold = -2.0 * delta_points;
                // Weight of values below, equal to, and above the threshold.
                let below = sorted.partition_point(|&(v, _)| (v as f64) < threshold);
                let upto = sorted.partition_point(|&(v, _)| (v as f64) <= threshold);
                let total = cumulative.last().copied().unwrap_or(1.0);
                let w_below = cumulative[below];
                let w_upto = cumulative[upto];
                ((total - w_upto) + 0.5 * (w_upto - w_below)) / total
            }
            WinCurve::Mixture(m) => m.above(delta_points),
        }
    }
}

/// What a final difference of `diff` points scores: 1 for a win, ½ for a draw, 0 for a
/// loss (the judge's points).
pub fn win_share(diff: f64) -> f64 {
    if diff > 0.0 {
        1.0
    } else if diff < 0.0 {
        0.0
    } else {
        0.5
    }
}

/// The value network's curve from the states after this round's scoring (`me0`, `opp0`),
/// the position before round `next_round`'s roll: the final difference is the score
/// difference now plus the network's distribution of the rest of the game.
pub fn net_curve(net: &Net, me0: &PlayerState, opp0: &PlayerState, next_round: u8) -> WinCurve {
    net_curves(net, &[(*me0, *opp0)], next_round).remove(0)
}

/// [`net_curve`] of each of `positions` (ours, theirs), the network evaluated on them all
/// together (faster than one by one).
pub fn net_curves(
    net: &Net,
    positions: &[(PlayerState, PlayerState)],
    next_round: u8,
) -> Vec<WinCurve> {
    let inputs: Vec<_> = positions
        .iter()
        .map(|(me0, opp0)| {
            let rests = [rest_points(me0), rest_points(opp0)];
            let x = features_with_rests(me0, opp0, rests, next_round);
            (x, rests[0] - rests[1], next_round)
        })
        .collect();
    net.rest_differences(&inputs)
        .into_iter()
        .zip(positions)
        .map(|(mixture, (me0, opp0))| {
            let now = (me0.total_points() - opp0.total_points()) as f64;
            WinCurve::Mixture(mixture.shifted(now))
        })
        .collect()
}

/// A player's state after receiving `bundle` and scoring by the table.
pub fn after_table_scoring(state: &PlayerState, bundle: &Counts) -> PlayerState {
    let mut next = *state;
    next.receive(bundle);
    if let Some(choice) = best_choice_for(&next) {
        // The choice comes from the held dice, so it always applies.
        let _ = next.apply_score(choice.category, &choice.dice);
    }
    next
}

/// A player's exact final remaining score (points) with each of the 252 bundles it may
/// receive in round 12, in rank order (two categories left: G is exact).
pub fn final_rest_points(p: &PlayerState) -> Vec<i64> {
    let bundles: Vec<Counts> = five_dice().iter().map(|(x, _)| *x).collect();
    if total(&p.held) != 5 {
        return bundles
            .iter()
            .map(|x| {
                position_value_units(p.used, p.upper_k, &add(&p.held, x)) as i64 * POINTS_PER_UNIT
            })
            .collect();
    }
    // Ten dice each time: their best scorings, the table's rows read once for all 252.
    best_choices_with(p.used, p.upper_k, &p.held, &bundles)
        .iter()
        .map(|c| c.map_or(0, |c| c.value_units) as i64 * POINTS_PER_UNIT)
        .collect()
}

/// P(win) + ½ P(draw) of the states after round 11's scorings when the last auction is
/// won by whoever has the sure-win bid (`2·base + U(A) + U(B) > 0`), over every round-12
/// bundle pair. `opp_finals` is [`final_rest_points`] of `opp`. Sorting the 252 values of
/// U once makes it O(252 log 252) rather than 252².
pub fn sure_win_probability(me: &PlayerState, opp: &PlayerState, opp_finals: &[i64]) -> f64 {
    let base = me.total_points() - opp.total_points();
    sure_win_of_finals(base, &final_rest_points(me), opp_finals)
}

/// [`sure_win_probability`] from the score difference now (`base`, points) and both
/// players' [`final_rest_points`].
pub fn sure_win_of_finals(base: i64, my_finals: &[i64], opp_finals: &[i64]) -> f64 {
    let mut u: Vec<(i64, f64)> = my_finals
        .iter()
        .zip(opp_finals)
        .zip(five_dice())
        .map(|((ours, theirs), (_, p))| (ours - theirs, *p))
        .collect();
    u.sort_unstable_by_key(|&(v, _)| v);
    // Suffix sums of weight: above[i] = weight of u[i..].
    let mut above = vec![0.0; u.len() + 1];
    for i in (0..u.len()).rev() {
        above[i] = above[i + 1] + u[i].1;
    }
    u.iter()
        .map(|&(ua, pa)| {
            // Count u_b with 2·base + ua + ub > 0, and half of those with = 0.
            let threshold = -2 * base - ua;
            let first_equal = u.partition_point(|&(v, _)| v < threshold);
            let first_above = u.partition_point(|&(v, _)| v <= threshold);
            pa * (above[first_above] + 0.5 * (above[first_equal] - above[first_above]))
        })
        .sum()
}

/// The round-11 curve for fixed states after round 11's scoring (`me`, `opp`): the
/// distribution of `U(A) + U(B)` shifted by twice the current difference.
pub fn pairs_curve(me: &PlayerState, opp: &PlayerState) -> WinCurve {
    let base_points = me.total_points() - opp.total_points();
    // U(X): our final remaining score with X minus theirs with X (points). Two categories
    // are left, so G is the exact final remaining score.
    let u: Vec<(i64, f64)> = final_rest_points(me)
        .iter()
        .zip(final_rest_points(opp))
        .zip(five_dice())
        .map(|((ours, theirs), (_, p))| (ours - theirs, *p))
        .collect();
    let mut sorted: Vec<(i64, f64)> = Vec::with_capacity(u.len() * u.len());
    for &(ua, pa) in &u {
        for &(ub, pb) in &u {
            sorted.push((ua + ub + 2 * base_points, pa * pb));
        }
    }
    sorted.sort_unstable_by_key(|&(v, _)| v);
    WinCurve::from_weighted_doubled(sorted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_curve_is_a_step_with_half_a_draw() {
        let c = WinCurve::Exact { diff_points: 100 };
        assert_eq!(c.at(0.0), 1.0);
        assert_eq!(c.at(-100.0), 0.5);
        assert_eq!(c.at(-101.0), 0.0);
    }

    #[test]
    fn a_shifted_curve_is_the_curve_at_a_larger_transfer() {
        let pairs = WinCurve::from_weighted_doubled(vec![(-3_000, 1.0), (500, 2.0), (8_000, 1.0)]);
        let exact = WinCurve::Exact { diff_points: -700 };
        for curve in [pairs, exact] {
            let moved = curve.clone().shifted(1_200.0);
            for delta in [-5_000.0, -1_200.0, -250.0, 0.0, 499.0, 3_000.0] {
                assert_eq!(moved.at(delta), curve.at(delta + 1_200.0), "{delta}");
            }
        }
    }

    #[test]
    fn the_mirrored_curve_is_the_opponents() {
        let pairs = WinCurve::from_weighted_doubled(vec![(-3_000, 1.0), (500, 2.0), (8_000, 1.0)]);
        let exact = WinCurve::Exact { diff_points: -700 };
        for curve in [pairs, exact] {
            let mirror = curve.mirrored();
            for delta in [
                -5_000.0, -700.0, -250.0, 0.0, 250.0, 700.0, 1_500.0, 4_000.0,
            ] {
                assert!(
                    (mirror.at(delta) - (1.0 - curve.at(-delta))).abs() < 1e-12,
                    "{delta}"
                );
            }
            assert_eq!(mirror.mirrored(), curve);
        }
    }

    #[test]
    fn pairs_curve_counts_weights() {
        let c = WinCurve::Pairs {
            sorted: vec![(-10, 0.25), (0, 0.5), (10, 0.25)],
            cumulative: vec![0.0, 0.25, 0.75, 1.0],
        };
        assert_eq!(c.at(0.0), 0.25 + 0.25);
        assert_eq!(c.at(5.0), 0.25 + 0.5 + 0.125);
        assert_eq!(c.at(-6.0), 0.0);
    }
}
