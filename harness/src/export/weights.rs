//! How much play depends on each row of the table: the encoder's step allocation.
//!
//! A coding error in a row costs points only when a scoring compares an option leading
//! to that row with a close rival. So we simulate games scored by the table and count, per
//! row, the decisions in which the row's best option came within [`COMPETITIVE_GAP_UNITS`]
//! of the best overall. Games cycle through three bundle streams — fair bundles, the
//! better of two and the worse of two (by the table's own valuation) — because auctions
//! hand a player better or worse bundles than solitaire does, and so reach other rows.

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64;
use rayon::prelude::*;
use yacht::game::play::GAME_ROUNDS;
use yacht::rules::auction::AUCTION_ROUNDS;

use yacht::engine::value::choice::{all_choices, best_choice_for};
use yacht::engine::value::state::PlayerState;
use yacht::rules::dice::{add, Counts};
use yacht::solver::layout::{effective_upper, Layout, UPPER_DECIDED};

/// An option within this many table units (0.25 k-point) of the best counts as a rival.
pub const COMPETITIVE_GAP_UNITS: i32 = 50;
/// Games per parallel chunk (each chunk has its own seeded generator).
const CHUNK_GAMES: usize = 1000;

fn bundle(rng: &mut Pcg64) -> Counts {
    let mut b = [0u8; 6];
    for _ in 0..5 {
        b[rng.gen_range(0..6)] += 1;
    }
    b
}

/// Per row, how often per game it held a competitive option (`games` simulated games,
/// reproducible from `seed`).
pub fn row_weights(games: usize, seed: u64) -> Vec<f64> {
    let layout = Layout::new();
    let chunks = games.div_ceil(CHUNK_GAMES);
    let counts = (0..chunks)
        .into_par_iter()
        .map(|chunk| {
            let mut rng = Pcg64::seed_from_u64(seed ^ (chunk as u64).wrapping_mul(0x9E37_79B9));
            let mut counts = vec![0u32; layout.rows];
            let first = chunk * CHUNK_GAMES;
            for game in first..(first + CHUNK_GAMES).min(games) {
                play_counting(&layout, game % 3, &mut rng, &mut counts);
            }
            counts
        })
        .reduce(
            || vec![0u32; layout.rows],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        );
    counts
        .into_iter()
        .map(|c| c as f64 / games.max(1) as f64)
        .collect()
}

/// One game of 12 scorings; `stream` 0: fair bundles, 1: the better of two, 2: the worse.
fn play_counting(layout: &Layout, stream: usize, rng: &mut Pcg64, counts: &mut [u32]) {
    let mut me = PlayerState::default();
    for round in 1..=GAME_ROUNDS {
        if round as usize <= AUCTION_ROUNDS {
            let (a, b) = (bundle(rng), bundle(rng));
            let pick = match stream {
                0 => a,
                _ => {
                    let value = |x: &Counts| {
                        if round == 1 {
                            yacht::table::value_units(0, 0, x)
                        } else {
                            best_choice_for(&PlayerState {
                                held: add(&me.held, x),
                                ..me
                            })
                            .map_or(0, |c| c.value_units)
                        }
                    };
                    let a_better = value(&a) >= value(&b);
                    if a_better == (stream == 1) {
                        a
                    } else {
                        b
                    }
                }
            };
            me.receive(&pick);
        }
        if round == 1 {
            continue;
        }
        if round as usize <= AUCTION_ROUNDS {
            count_rivals(layout, &me, counts);
        }
        let Some(c) = best_choice_for(&me) else {
            return;
        };
        if me.apply_score(c.category, &c.dice).is_err() {
            return;
        }
    }
}

fn count_rivals(layout: &Layout, me: &PlayerState, counts: &mut [u32]) {
    let choices = all_choices(me.used, me.upper_k, &me.held);
    let Some(best) = choices.iter().map(|c| c.value_units).max() else {
        return;
    };
    // At most 12 categories × 6 upper outcomes: a short list beats a map.
    let mut rows: Vec<(usize, i32)> = Vec::with_capacity(32);
    for c in &choices {
        let next_used = me.used | c.category.bit();
        let upper = match c.category.upper_face() {
            Some(_) => me.upper_k + c.category.score_k(&c.dice),
            None => me.upper_k,
        };
        let eff = effective_upper(next_used, upper.min(63));
        let Some(r) = layout
            .row(next_used, eff)
            .or_else(|| layout.row(next_used, UPPER_DECIDED))
        else {
            continue;
        };
        match rows.iter_mut().find(|(x, _)| *x == r) {
            Some((_, v)) => *v = (*v).max(c.value_units),
            None => rows.push((r, c.value_units)),
        }
    }
    for (r, v) in rows {
        if best - v <= COMPETITIVE_GAP_UNITS {
            counts[r] += 1;
        }
    }
}
