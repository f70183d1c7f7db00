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
//! - Earlier: the empirical distribution of seeded rollouts ([`super::rollout`]).

use crate::engine::value::bidding::POINTS_PER_UNIT;
use crate::engine::value::choice::{best_choice_for, position_value_units};
use crate::engine::value::state::PlayerState;
use crate::rules::dice::{add, all_multisets, fair_probability, Counts};

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
        /// Logits added to every P(win) the distribution gives (0: none): what the futures
        /// do not play, learnt from results ([`super::lean`]).
        lean_logits: f64,
    },
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
            lean_logits: 0.0,
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
            WinCurve::Pairs {
                sorted,
                cumulative,
                lean_logits,
            } => WinCurve::Pairs {
                sorted: sorted
                    .into_iter()
                    .map(|(v, w)| (v + 2 * shift, w))
                    .collect(),
                cumulative,
                lean_logits,
            },
        }
    }

    /// The curve with its spread around its mean multiplied by `factor` (the mean, and so
    /// the control variate's calibration, unchanged): the futures are played by the table
    /// on both sides, real players are not, and a factor above 1 says the final difference
    /// varies more than the futures say ([`crate::engine::search::endgame::SPREAD_BY_ROUND`]).
    /// An exact curve has no spread.
    pub fn widened(self, factor: f64) -> WinCurve {
        match self {
            WinCurve::Pairs {
                sorted,
                cumulative,
                lean_logits,
            } if factor != 1.0 => {
                let total = cumulative.last().copied().unwrap_or(0.0);
                if total <= 0.0 {
                    return WinCurve::Pairs {
                        sorted,
                        cumulative,
                        lean_logits,
                    };
                }
                let mean = sorted.iter().map(|&(v, w)| v as f64 * w).sum::<f64>() / total;
                let widen = |v: i64| (mean + factor * (v as f64 - mean)).round() as i64;
                // A positive factor keeps the order: the cumulative weights stand.
                WinCurve::from_weighted_doubled(
                    sorted.into_iter().map(|(v, w)| (widen(v), w)).collect(),
                )
                .leaned(lean_logits)
            }
            curve => curve,
        }
    }

    /// The curve with `logits` added to every P(win) it gives (to its lean so far): a
    /// player whose futures are better than the rollouts play them. An exact curve knows
    /// its result and does not lean.
    pub fn leaned(self, logits: f64) -> WinCurve {
        match self {
            WinCurve::Pairs {
                sorted,
                cumulative,
                lean_logits,
            } => WinCurve::Pairs {
                sorted,
                cumulative,
                lean_logits: lean_logits + logits,
            },
            curve => curve,
        }
    }

    /// The opponent's curve of the same outcome: its final difference is ours negated, so
    /// its `at(δ)` is `1 − ours.at(−δ)` (a draw is half a win for both).
    pub fn mirrored(&self) -> WinCurve {
        match self {
            WinCurve::Exact { diff_points } => WinCurve::Exact {
                diff_points: -diff_points,
            },
            WinCurve::Pairs {
                sorted,
                lean_logits,
                ..
            } => WinCurve::from_weighted_doubled(
                sorted.iter().rev().map(|&(v, w)| (-v, w)).collect(),
            )
            .leaned(-lean_logits),
        }
    }

    /// P(win) + ½ P(draw) after a shift of `delta_points`.
    pub fn at(&self, delta_points: f64) -> f64 {
        match self {
            WinCurve::Exact { diff_points } => win_share(*diff_points as f64 + delta_points),
            WinCurve::Pairs {
                sorted,
                cumulative,
                lean_logits,
            } => {
                let threshold = -2.0 * delta_points;
                // Weight of values below, equal to, and above the threshold.
                let below = sorted.partition_point(|&(v, _)| (v as f64) < threshold);
                let upto = sorted.partition_point(|&(v, _)| (v as f64) <= threshold);
                let total = cumulative.last().copied().unwrap_or(1.0);
                let w_below = cumulative[below];
                let w_upto = cumulative[upto];
                lean(
                    ((total - w_upto) + 0.5 * (w_upto - w_below)) / total,
                    *lean_logits,
                )
            }
        }
    }
}

/// `p` with `logits` added to its log-odds; 0 and 1 (a result the curve is sure of) stay.
pub fn lean(p: f64, logits: f64) -> f64 {
    if logits == 0.0 || p <= 0.0 || p >= 1.0 {
        return p;
    }
    let log_odds = (p / (1.0 - p)).ln() + logits;
    1.0 / (1.0 + (-log_odds).exp())
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
    all_multisets(5)
        .iter()
        .map(|x| position_value_units(p.used, p.upper_k, &add(&p.held, x)) as i64 * POINTS_PER_UNIT)
        .collect()
}

/// P(win) + ½ P(draw) of the states after round 11's scorings when the last auction is
/// won by whoever has the sure-win bid (`2·base + U(A) + U(B) > 0`), over every round-12
/// bundle pair. `opp_finals` is [`final_rest_points`] of `opp`. Sorting the 252 values of
/// U once makes it O(252 log 252) rather than 252².
pub fn sure_win_probability(me: &PlayerState, opp: &PlayerState, opp_finals: &[i64]) -> f64 {
    let base = me.total_points() - opp.total_points();
    let dice = all_multisets(5);
    let mut u: Vec<(i64, f64)> = final_rest_points(me)
        .iter()
        .zip(opp_finals)
        .zip(&dice)
        .map(|((ours, theirs), x)| (ours - theirs, fair_probability(x)))
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
    let dice = all_multisets(5);
    let base_points = me.total_points() - opp.total_points();
    // U(X): our final remaining score with X minus theirs with X (points). Two categories
    // are left, so G is the exact final remaining score.
    let u: Vec<(i64, f64)> = dice
        .iter()
        .map(|x| {
            let ours = position_value_units(me.used, me.upper_k, &add(&me.held, x)) as i64;
            let theirs = position_value_units(opp.used, opp.upper_k, &add(&opp.held, x)) as i64;
            ((ours - theirs) * POINTS_PER_UNIT, fair_probability(x))
        })
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
    fn a_leaning_curve_adds_its_logits_where_it_is_unsure() {
        let curve =
            WinCurve::from_weighted_doubled(vec![(-10, 1.0), (0, 1.0), (10, 1.0), (20, 1.0)]);
        let leaning = curve.clone().leaned(3f64.ln());
        // Odds 1:1 become 3:1, 5:3 become 5:1; a sure result stays sure.
        assert!((leaning.at(-2.5) - 0.75).abs() < 1e-12);
        assert!((leaning.at(0.0) - 5.0 / 6.0).abs() < 1e-12);
        assert_eq!(leaning.at(6.0), 1.0);
        assert_eq!(leaning.at(-20.0), 0.0);
        // Shifting and widening keep the lean; leaning back undoes it.
        let moved = leaning.clone().shifted(100.0).widened(2.0);
        assert!((moved.at(-102.5) - 0.75).abs() < 1e-12);
        assert_eq!(leaning.leaned(-(3f64.ln())).at(0.0), curve.at(0.0));
        let exact = WinCurve::Exact { diff_points: 7 };
        assert_eq!(exact.clone().leaned(1.0), exact);
    }

    #[test]
    fn a_widened_curve_keeps_its_mean_and_spreads_around_it() {
        // Doubled differences -10, 0, 10, 20 (mean 5), equal weights.
        let curve =
            WinCurve::from_weighted_doubled(vec![(-10, 1.0), (0, 1.0), (10, 1.0), (20, 1.0)]);
        // At δ = 0: 10 and 20 win, 0 draws.
        assert_eq!(curve.at(0.0), 0.625);
        let wide = curve.clone().widened(2.0);
        // -25, -5, 15, 35: two win.
        assert_eq!(wide.at(0.0), 0.5);
        // At the mean (δ = -2.5) both say a half; far out, the wide one is less sure.
        assert_eq!(curve.at(-2.5), 0.5);
        assert_eq!(wide.at(-2.5), 0.5);
        assert_eq!(curve.at(6.0), 1.0);
        assert_eq!(wide.at(6.0), 0.75);
        assert_eq!(curve.clone().widened(1.0), curve);
        let exact = WinCurve::Exact { diff_points: 7 };
        assert_eq!(exact.clone().widened(3.0), exact);
    }

    #[test]
    fn the_mirrored_curve_is_the_opponents() {
        let pairs = WinCurve::from_weighted_doubled(vec![(-3_000, 1.0), (500, 2.0), (8_000, 1.0)]);
        let exact = WinCurve::Exact { diff_points: -700 };
        let leaning = pairs.clone().leaned(0.6);
        for curve in [pairs, exact, leaning] {
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
            lean_logits: 0.0,
        };
        assert_eq!(c.at(0.0), 0.25 + 0.25);
        assert_eq!(c.at(5.0), 0.25 + 0.5 + 0.125);
        assert_eq!(c.at(-6.0), 0.0);
    }
}
