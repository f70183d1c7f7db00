//! The second moment of the remaining score under the table's own policy, state by state.
//!
//! `F(used, upper, carried)` is the mean of the remaining score `X` when every scoring is
//! the table's argmax. The same backward induction gives `M = E[X²]`: with the 10 held
//! dice `H` scored as the argmax `(c, s)` (gain `g`, successor state `n`),
//! `E[X² | H] = g² + 2·g·F(n) + M(n)`, and `M = Σ_bundle p(bundle) · E[X² | H]`. Then
//! `Var X = M − F²` is the spread of one player's remaining score in that state (the
//! auctions' transfers aside): what a normal approximation of the final difference needs
//! besides the two means. Pawlewicz plays multi-player Yahtzee from such per-state
//! distributions ("A Nearly Optimal Computer Player in Multi-player Yahtzee", 2011).

use super::layout::Layout;
use super::model::BundleModel;
use super::solve::{backward_by_used_sets, expect_over_bundles, successor, Combinatorics, Solved};
use crate::rules::category::{Category, CATEGORY_COUNT};
use crate::rules::dice::{N10, N5};

/// `E[X²]` (kilo-points²) of every table entry, in the layout of `solved.values`, for the
/// policy that scores by the argmax of `solved.values` (ties: first category in protocol
/// order, then first scored multiset in rank order, as the solver), with `threads`
/// threads.
pub fn second_moment(solved: &Solved, model: &BundleModel, threads: usize) -> Vec<f64> {
    let layout = &solved.layout;
    let comb = Combinatorics::new();
    let mut moments = vec![0.0f64; solved.values.len()];
    backward_by_used_sets(
        layout,
        threads,
        &mut moments,
        HandMoments::new,
        |used, moments, hands| {
            used_set_moments(layout, &comb, model, &solved.values, moments, used, hands)
        },
    );
    moments
}

/// Per-thread buffers: for every 10-dice hand, the argmax's value and `E[X² | H]`.
struct HandMoments {
    best: Vec<f64>,
    second: Vec<f64>,
}

impl HandMoments {
    fn new() -> HandMoments {
        HandMoments {
            best: vec![0.0; N10],
            second: vec![0.0; N10],
        }
    }
}

/// `E[X²]` of all rows of one used-set, in slot order.
fn used_set_moments(
    layout: &Layout,
    comb: &Combinatorics,
    model: &BundleModel,
    values: &[f64],
    moments: &[f64],
    used: u16,
    hands: &mut HandMoments,
) -> Vec<f64> {
    let uppers = layout.effective_uppers(used);
    let mut out = vec![0.0; uppers.len() * N5];
    let last = used.count_ones() as usize == CATEGORY_COUNT - 1;
    for (slot, &effective) in uppers.iter().enumerate() {
        let row = &mut out[slot * N5..(slot + 1) * N5];
        if last {
            // The carried dice are scored in the last category: X is known, X² = F².
            let base = layout.row(used, effective).expect("a stored row") * N5;
            for (k, m) in row.iter_mut().enumerate() {
                *m = values[base + k] * values[base + k];
            }
            continue;
        }
        hand_moments(layout, comb, values, moments, used, effective, hands);
        expect_over_bundles(comb, model, &hands.second, row);
    }
    out
}

/// Fills `hands` with the argmax of every 10-dice hand of the row `(used, effective)` and
/// its `E[X² | H]`. The candidates and their order are the solver's (`solve::best_hands`),
/// so the argmax is the same one.
fn hand_moments(
    layout: &Layout,
    comb: &Combinatorics,
    values: &[f64],
    moments: &[f64],
    used: u16,
    effective: u8,
    hands: &mut HandMoments,
) {
    hands.best.fill(f64::NEG_INFINITY);
    for c in Category::ALL {
        if used & c.bit() != 0 {
            continue;
        }
        for s in 0..N5 {
            let (gain, start) = successor(layout, comb, used, effective, c, s);
            let pairs = &comb.pair_hand[s * N5..(s + 1) * N5];
            for (k, &h) in pairs.iter().enumerate() {
                let (f, m) = (values[start + k], moments[start + k]);
                let h = h as usize;
                if gain + f > hands.best[h] {
                    hands.best[h] = gain + f;
                    hands.second[h] = gain * gain + 2.0 * gain * f + m;
                }
            }
        }
    }
}
