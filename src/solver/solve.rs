//! Backward induction over used-sets, from 11 categories used down to none.
//!
//! `F(used, upper, carried)` is the expected remaining score (bonus included) before the
//! next bundle arrives. With `H = carried + bundle` the 10 held dice,
//! `G(used, upper, H) = max over (5 scored ⊂ H, unused c) of score + bonus gain + F(next)`
//! and `F = Σ_bundle p(bundle) · G(H)`. With 11 used, `F` is the score of the carried
//! dice in the last category. Values are in kilo-points.
//!
//! The hot loop runs over the 252 × 252 ordered (scored, carried) pairs, each of which
//! names one 10-dice hand, once per unused category: about 6·10^10 steps in all.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::layout::{next_effective_upper, Layout, UPPER_DECIDED};
use super::model::BundleModel;
use crate::rules::category::{bonus_gain_k, Category, ALL_USED, CATEGORY_COUNT};
use crate::rules::dice::{add, all_multisets, rank, Counts, N10, N5};

/// A solved table: `values[row * N5 + rank(carried)]` in kilo-points.
#[derive(Clone, Debug)]
pub struct Solved {
    pub layout: Layout,
    pub values: Vec<f64>,
    /// Expected final score (bid score aside) at game start: E over the first bundle of F(∅, 0, bundle).
    pub start_expected_k: f64,
}

/// Precomputed index tables shared by all rows.
pub(super) struct Combinatorics {
    pub(super) dice5: Vec<Counts>,
    /// `pair_hand[s * N5 + k]` = rank of the 10-dice hand `dice5[s] + dice5[k]`.
    pub(super) pair_hand: Vec<u16>,
    /// `score_k[c][s]`: score of `dice5[s]` in category `c`.
    pub(super) score_k: Vec<[f64; N5]>,
}

impl Combinatorics {
    pub(super) fn new() -> Combinatorics {
        let dice5 = all_multisets(5);
        let mut pair_hand = vec![0u16; N5 * N5];
        for (s, a) in dice5.iter().enumerate() {
            for (k, b) in dice5.iter().enumerate() {
                pair_hand[s * N5 + k] = rank(&add(a, b)) as u16;
            }
        }
        let score_k = Category::ALL
            .iter()
            .map(|c| {
                let mut row = [0.0; N5];
                for (s, d) in dice5.iter().enumerate() {
                    row[s] = c.score_k(d) as f64;
                }
                row
            })
            .collect();
        Combinatorics {
            dice5,
            pair_hand,
            score_k,
        }
    }
}

/// How a row's choices are made: by the values being computed (the optimum), or by a
/// fixed quantised table (to measure what quantisation costs).
#[derive(Clone, Copy)]
enum Chooser<'a> {
    Optimal,
    Quantised { table: &'a [u16], scale: f64 },
}

/// Solves the exact table under `model` using `threads` threads.
pub fn solve(model: &BundleModel, threads: usize) -> Solved {
    run(model, threads, Chooser::Optimal)
}

/// The exact expected values of the policy that picks, at every scoring, the argmax by the
/// quantised table `quantised` (entries are kilo-points × `scale`), with the same tie-break
/// as the bot: first category in protocol order, then first scored multiset in rank order.
pub fn evaluate_quantised_policy(
    model: &BundleModel,
    threads: usize,
    quantised: &[u16],
    scale: f64,
) -> Solved {
    run(
        model,
        threads,
        Chooser::Quantised {
            table: quantised,
            scale,
        },
    )
}

fn run(model: &BundleModel, threads: usize, chooser: Chooser) -> Solved {
    let layout = Layout::new();
    let comb = Combinatorics::new();
    let mut values = vec![0.0f64; layout.rows * N5];
    backward_by_used_sets(
        &layout,
        threads,
        &mut values,
        Scratch::new,
        |used, values, scratch| {
            solve_used_set(&layout, &comb, model, values, chooser, used, scratch)
        },
    );

    let start_row = layout
        .row(0, 0)
        .expect("the start state (nothing used, upper 0) has a row");
    let start_expected_k = model
        .probs
        .iter()
        .zip(&values[start_row * N5..(start_row + 1) * N5])
        .map(|(p, v)| p * v)
        .sum();
    Solved {
        layout,
        values,
        start_expected_k,
    }
}

/// Backward induction's driver: used-sets from 11 categories used down to none, those of
/// one count spread over `threads` threads (each with its own `scratch`), every used-set's
/// rows computed by `rows_of(used, table so far, scratch)` and written into `table` before
/// the next count (which reads them).
pub(super) fn backward_by_used_sets<S>(
    layout: &Layout,
    threads: usize,
    table: &mut [f64],
    scratch: impl Fn() -> S + Sync,
    rows_of: impl Fn(u16, &[f64], &mut S) -> Vec<f64> + Sync,
) {
    for used_count in (0..CATEGORY_COUNT).rev() {
        let masks: Vec<u16> = (0..ALL_USED)
            .filter(|m| m.count_ones() as usize == used_count)
            .collect();
        let next = AtomicUsize::new(0);
        let done: Vec<Vec<(u16, Vec<f64>)>> = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads.max(1))
                .map(|_| {
                    scope.spawn(|| {
                        let mut out = Vec::new();
                        let mut scratch = scratch();
                        while let Some(&used) = masks.get(next.fetch_add(1, Ordering::Relaxed)) {
                            out.push((used, rows_of(used, table, &mut scratch)));
                        }
                        out
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("solver thread panicked"))
                .collect()
        });
        for (used, rows) in done.into_iter().flatten() {
            let base = layout.row_base[used as usize] as usize * N5;
            table[base..base + rows.len()].copy_from_slice(&rows);
        }
    }
}

/// Scoring the 5 dice of rank `s` in category `c` from the row `(used, effective)`: the
/// points it adds (score and bonus, kilo-points) and where the successor row starts in
/// the table.
pub(super) fn successor(
    layout: &Layout,
    comb: &Combinatorics,
    used: u16,
    effective: u8,
    c: Category,
    s: usize,
) -> (f64, usize) {
    let score = comb.score_k[c.index()][s];
    let (added, bonus) = match c.upper_face() {
        Some(_) if effective != UPPER_DECIDED => {
            let before = effective as u32;
            (score as u32, bonus_gain_k(before, before + score as u32))
        }
        Some(_) => (score as u32, 0),
        None => (0, 0),
    };
    let next_used = used | c.bit();
    let next_effective = next_effective_upper(effective, next_used, added);
    let row = layout
        .row(next_used, next_effective)
        .expect("every successor state has a row");
    (score + bonus as f64, row * N5)
}

/// Per-thread buffers for one row.
struct Scratch {
    /// Best value of each 10-dice hand by the chooser.
    choice: Vec<f64>,
    /// True value of that best choice.
    value: Vec<f64>,
    /// Value added by each scored multiset for the current category.
    gain: [f64; N5],
    /// Row (start offset into the table) each scored multiset leads to.
    next_row: [usize; N5],
}

impl Scratch {
    fn new() -> Scratch {
        Scratch {
            choice: vec![0.0; N10],
            value: vec![0.0; N10],
            gain: [0.0; N5],
            next_row: [0; N5],
        }
    }
}

/// `row[k]`: the expectation over the incoming bundle of `per_hand` at the 10-dice hand that
/// carried dice `k` and the bundle make. The step from hands back to a row that the table
/// (values) and its second moment (`moments.rs`) share.
pub(super) fn expect_over_bundles(
    comb: &Combinatorics,
    model: &BundleModel,
    per_hand: &[f64],
    row: &mut [f64],
) {
    for (k, out) in row.iter_mut().enumerate() {
        let hands = &comb.pair_hand[k * N5..(k + 1) * N5];
        *out = model
            .probs
            .iter()
            .zip(hands)
            .map(|(p, &h)| p * per_hand[h as usize])
            .sum();
    }
}

/// All rows of one used-set, in slot order.
fn solve_used_set(
    layout: &Layout,
    comb: &Combinatorics,
    model: &BundleModel,
    values: &[f64],
    chooser: Chooser,
    used: u16,
    scratch: &mut Scratch,
) -> Vec<f64> {
    let uppers = layout.effective_uppers(used);
    let mut out = vec![0.0; uppers.len() * N5];
    for (slot, &effective) in uppers.iter().enumerate() {
        let row = &mut out[slot * N5..(slot + 1) * N5];
        if used.count_ones() as usize == CATEGORY_COUNT - 1 {
            last_scoring_row(comb, used, effective, row);
        } else {
            best_hands(layout, comb, values, chooser, used, effective, scratch);
            expect_over_bundles(comb, model, &scratch.value, row);
        }
    }
    out
}

/// With one category left, the carried dice are scored in it.
fn last_scoring_row(comb: &Combinatorics, used: u16, effective: u8, row: &mut [f64]) {
    let last = Category::ALL
        .into_iter()
        .find(|c| used & c.bit() == 0)
        .expect("one category is unused");
    for (k, f) in row.iter_mut().enumerate() {
        let score = last.score_k(&comb.dice5[k]);
        let bonus = match last.upper_face() {
            Some(_) if effective != UPPER_DECIDED => {
                bonus_gain_k(effective as u32, effective as u32 + score)
            }
            _ => 0,
        };
        *f = (score + bonus) as f64;
    }
}

/// Fills `scratch.value` with G for every 10-dice hand (and `scratch.choice` with the
/// chooser's value of the choice made).
fn best_hands(
    layout: &Layout,
    comb: &Combinatorics,
    values: &[f64],
    chooser: Chooser,
    used: u16,
    effective: u8,
    scratch: &mut Scratch,
) {
    scratch.choice.fill(f64::NEG_INFINITY);
    scratch.value.fill(f64::NEG_INFINITY);
    for c in Category::ALL {
        if used & c.bit() != 0 {
            continue;
        }
        for s in 0..N5 {
            (scratch.gain[s], scratch.next_row[s]) = successor(layout, comb, used, effective, c, s);
        }
        match chooser {
            Chooser::Optimal => {
                for s in 0..N5 {
                    let gain = scratch.gain[s];
                    let next = &values[scratch.next_row[s]..scratch.next_row[s] + N5];
                    let hands = &comb.pair_hand[s * N5..(s + 1) * N5];
                    for (&h, &v) in hands.iter().zip(next) {
                        let slot = &mut scratch.value[h as usize];
                        let candidate = gain + v;
                        if candidate > *slot {
                            *slot = candidate;
                        }
                    }
                }
            }
            Chooser::Quantised { table, scale } => {
                for s in 0..N5 {
                    let gain = scratch.gain[s];
                    let start = scratch.next_row[s];
                    let next = &values[start..start + N5];
                    let next_q = &table[start..start + N5];
                    let hands = &comb.pair_hand[s * N5..(s + 1) * N5];
                    for ((&h, &v), &q) in hands.iter().zip(next).zip(next_q) {
                        let h = h as usize;
                        let candidate = gain * scale + q as f64;
                        if candidate > scratch.choice[h] {
                            scratch.choice[h] = candidate;
                            scratch.value[h] = gain + v;
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_hands_cover_every_ten_dice_hand() {
        let comb = Combinatorics::new();
        let mut seen = vec![false; N10];
        for &h in &comb.pair_hand {
            seen[h as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}
