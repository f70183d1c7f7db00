//! Win curves for rounds before 11, by seeded rollouts of the rest of the game.
//!
//! Each rollout plays both players by the table: this round's scoring, then for each later
//! auction before the last a fair coin decides who gets which bundle and the winner pays
//! the loser half the swing (what two equilibrium bidders do: both ask for the favoured
//! group with |S|/4 and tie), and the last auction is resolved as the complete-information
//! game it is (we win iff `D_A + D_B > 0`, so its value is the average `(D_A + D_B)/2`).
//! A rollout yields the final difference before this round's transfer; the curve is their
//! empirical distribution. The same dice serve both assignments (common random numbers),
//! so the comparison of A against B is far less noisy than either curve.

use std::time::Instant;

use super::bidding::POINTS_PER_UNIT;
use super::choice::Choice;
use super::choice_cache::ChoiceCache;
use super::state::PlayerState;
use super::wincurve::{after_table_scoring, WinCurve};
use crate::rng::Pcg64;
use crate::rules::auction::AUCTION_ROUNDS;
use crate::rules::dice::{add, Counts};

/// One future auction's dice and coin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FutureRound {
    pub a: Counts,
    pub b: Counts,
    /// Who gets the favoured bundle when both bid the equilibrium and tie.
    pub we_win_coin: bool,
}

fn random_bundle(rng: &mut Pcg64) -> Counts {
    let mut counts = [0u8; 6];
    for _ in 0..5 {
        counts[rng.below(6)] += 1;
    }
    counts
}

/// Samples for the rounds after `round`: `samples` futures of `12 − round` auctions.
pub fn sample_futures(round: u8, samples: usize, seed: u64) -> Vec<Vec<FutureRound>> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let later = AUCTION_ROUNDS.saturating_sub(round as usize);
    (0..samples)
        .map(|_| {
            (0..later)
                .map(|_| FutureRound {
                    a: random_bundle(&mut rng),
                    b: random_bundle(&mut rng),
                    we_win_coin: rng.chance(0.5),
                })
                .collect()
        })
        .collect()
}

/// Rollouts between two looks at the clock. Set by hand (0a74a32), not tuned: at about
/// 30 µs a rollout (in round 5, 2 × 800 rollouts took 47 ms at p99, 7c1a6f6) a batch
/// overruns the deadline by about 0.5 ms at most.
const CLOCK_EVERY_ROLLOUTS: usize = 16;

/// The win curve if we receive `mine` and the opponent `theirs` this round, from the
/// futures played before `deadline` (at least one batch), and how many were played.
/// `cache` memoises the rollouts' scorings (share one across the curves of a search).
pub fn rollout_curve(
    me: &PlayerState,
    opp: &PlayerState,
    mine: &Counts,
    theirs: &Counts,
    futures: &[Vec<FutureRound>],
    deadline: Option<Instant>,
    cache: &mut ChoiceCache,
) -> (WinCurve, usize) {
    let me0 = after_table_scoring(me, mine);
    let opp0 = after_table_scoring(opp, theirs);
    let mut values: Vec<(i64, f64)> = Vec::with_capacity(futures.len());
    for (i, future) in futures.iter().enumerate() {
        // The clock is read once per batch, and never without a deadline (bench).
        let batch_done = i > 0 && i % CLOCK_EVERY_ROLLOUTS == 0;
        if batch_done && deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        values.push((play_future(me0, opp0, future, cache), 1.0));
    }
    let played = values.len();
    values.sort_unstable_by_key(|&(v, _)| v);
    (WinCurve::from_weighted_doubled(values), played)
}

/// Plays one future from the states after this round's scoring; returns the doubled
/// final difference (`D_A + D_B` of the last auction).
fn play_future(
    mut me: PlayerState,
    mut opp: PlayerState,
    future: &[FutureRound],
    cache: &mut ChoiceCache,
) -> i64 {
    let mut transfer_points = 0i64;
    let last = future.len().saturating_sub(1);
    for (i, &FutureRound { a, b, we_win_coin }) in future.iter().enumerate() {
        // Each player's best scoring with each bundle: its value prices the auction and
        // the one received is then played (no second search).
        let [ours_a, ours_b, theirs_a, theirs_b] = [(&me, &a), (&me, &b), (&opp, &a), (&opp, &b)]
            .map(|(p, x)| cache.best_choice(p.used, p.upper_k, &add(&p.held, x)));
        let value = |c: &Option<Choice>| c.map_or(0, |c| c.value_units) as i64;
        if i == last {
            // D_A + D_B, in points: the last auction's sure-win test.
            let sum_units =
                (value(&ours_a) - value(&theirs_b)) + (value(&ours_b) - value(&theirs_a));
            return 2 * (me.total_points() - opp.total_points() + transfer_points)
                + sum_units * POINTS_PER_UNIT;
        }
        // Both ask for the favoured group at |S|/4: the coin decides, and the winner
        // pays the loser |S|/2 in score difference.
        let swing_units = (value(&ours_a) - value(&ours_b)) + (value(&theirs_a) - value(&theirs_b));
        let swing = swing_units * POINTS_PER_UNIT;
        let we_get_a = (swing > 0) == we_win_coin;
        let half = swing.abs() / 2;
        transfer_points += if we_win_coin { -half } else { half };
        let (ours, theirs, my_choice, their_choice) = if we_get_a {
            (a, b, ours_a, theirs_b)
        } else {
            (b, a, ours_b, theirs_a)
        };
        me.receive(&ours);
        opp.receive(&theirs);
        for (p, choice) in [(&mut me, my_choice), (&mut opp, their_choice)] {
            if let Some(c) = choice {
                // The choice comes from the held dice, so it always applies.
                let _ = p.apply_score(c.category, &c.dice);
            }
        }
    }
    // No later auction (not reached for rounds before 12).
    2 * (me.total_points() - opp.total_points() + transfer_points)
}
