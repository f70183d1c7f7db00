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

use std::sync::atomic::{AtomicUsize, Ordering};

use super::layout::{next_effective_upper, Layout, UPPER_DECIDED};
use super::model::BundleModel;
use super::solve::{Combinatorics, Solved};
use crate::rules::category::{bonus_gain_k, Category, ALL_USED, CATEGORY_COUNT};
use crate::rules::dice::{N10, N5};

/// `E[X²]` (kilo-points²) of every table entry, in the layout of `solved.values`, for the
/// policy that scores by the argmax of `solved.values` (ties: first category in protocol
/// order, then first scored multiset in rank order, as the solver), with `threads`
/// threads.
pub fn second_moment(solved: &Solved, model: &BundleModel, threads: usize) -> Vec<f64> {
    let layout = &solved.layout;
    let comb = Combinatorics::new();
    let mut moments = vec![0.0f64; solved.values.len()];
    let threads = threads.max(1);
    for used_count in (0..CATEGORY_COUNT).rev() {
        let masks: Vec<u16> = (0..ALL_USED)
            .filter(|m| m.count_ones() as usize == used_count)
            .collect();
        let next = AtomicUsize::new(0);
        let done: Vec<Vec<(u16, Vec<f64>)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|_| {
                    scope.spawn(|| {
                        let mut out = Vec::new();
                        let mut hands = HandMoments::new();
                        while let Some(&used) = masks.get(next.fetch_add(1, Ordering::Relaxed)) {
                            let rows = used_set_moments(
                                layout,
                                &comb,
                                model,
                                &solved.values,
                                &moments,
                                used,
                                &mut hands,
                            );
                            out.push((used, rows));
                        }
                        out
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("moment thread panicked"))
                .collect()
        });
        for (used, rows) in done.into_iter().flatten() {
            let base = layout.row_base[used as usize] as usize * N5;
            moments[base..base + rows.len()].copy_from_slice(&rows);
        }
    }
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
        for (k, m) in row.iter_mut().enumerate() {
            let pairs = &comb.pair_hand[k * N5..(k + 1) * N5];
            *m = model
                .probs
                .iter()
                .zip(pairs)
                .map(|(p, &h)| p * hands.second[h as usize])
                .sum();
        }
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
        let next_used = used | c.bit();
        for s in 0..N5 {
            let score = comb.score_k[c.index()][s];
            let bonus = match c.upper_face() {
                Some(_) if effective != UPPER_DECIDED => {
                    let before = effective as u32;
                    bonus_gain_k(before, before + score as u32)
                }
                _ => 0,
            };
            let added = if c.upper_face().is_some() {
                score as u32
            } else {
                0
            };
            let next_effective = next_effective_upper(effective, next_used, added);
            let start = layout
                .row(next_used, next_effective)
                .expect("every successor state has a row")
                * N5;
            let gain = score + bonus as f64;
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
