//! Win curves for rounds before 11, by seeded rollouts of the rest of the game.
//!
//! Each rollout plays both players by the table: this round's scoring, then for each later
//! auction before the last a fair coin decides who gets which bundle and the winner pays
//! the loser half the swing (what two equilibrium bidders do: both ask for the favoured
//! group with |S|/4 and tie), and the last auction is resolved as the complete-information
//! game it is (we win iff `D_A + D_B > 0`, so its value is the average `(D_A + D_B)/2`).
//! A rollout yields the final difference before this round's transfer; the curve is their
//! distribution, empirical or calibrated to the mean the table expects
//! ([`super::control_variate`]). The same dice serve both assignments (common random
//! numbers), so the comparison of A against B is far less noisy than either curve.

use crate::clock::{Deadline, StopClock};

use super::control_variate::calibration_weights;
use super::wincurve::{after_table_scoring, WinCurve};
use crate::engine::value::bidding::POINTS_PER_UNIT;
use crate::engine::value::choice::{position_value_units, Choice};
use crate::engine::value::choice_cache::ChoiceCache;
use crate::engine::value::state::PlayerState;
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

/// The futures of one search, drawn from one seeded stream as they are needed: the first
/// `n` are the same however many are drawn later, so a search that plays more rollouts
/// extends the one that played fewer.
#[derive(Clone, Debug)]
pub struct Futures {
    rng: Pcg64,
    later: usize,
    drawn: Vec<Vec<FutureRound>>,
}

impl Futures {
    /// The stream for the rounds after `round`, each future of `12 − round` auctions.
    pub fn new(round: u8, seed: u64) -> Futures {
        Futures {
            rng: Pcg64::seed_from_u64(seed),
            later: AUCTION_ROUNDS.saturating_sub(round as usize),
            drawn: Vec::new(),
        }
    }

    /// The first `n` futures, drawing those not drawn yet.
    pub fn first(&mut self, n: usize) -> &[Vec<FutureRound>] {
        while self.drawn.len() < n {
            let rng = &mut self.rng;
            let future = (0..self.later)
                .map(|_| FutureRound {
                    a: random_bundle(rng),
                    b: random_bundle(rng),
                    we_win_coin: rng.chance(0.5),
                })
                .collect();
            self.drawn.push(future);
        }
        &self.drawn[..n]
    }
}

/// Samples for the rounds after `round`: `samples` futures of `12 − round` auctions (the
/// first `samples` of [`Futures::new`]`(round, seed)`).
pub fn sample_futures(round: u8, samples: usize, seed: u64) -> Vec<Vec<FutureRound>> {
    let mut futures = Futures::new(round, seed);
    futures.first(samples);
    futures.drawn
}

/// Rollouts between two looks at the clock. Set by hand, not tuned: at about 30 µs a
/// rollout, a batch overruns the deadline by about 0.5 ms at most.
/// Measured: docs/experiments/2026-11-21-win-from-round-5.md#win-from-round-5.
const CLOCK_EVERY_ROLLOUTS: usize = 16;

/// The doubled final differences of a set of rollouts, and the mean the table expects of
/// them (the control variate of [`super::control_variate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rollouts {
    /// Doubled final difference (`D_A + D_B` of the last auction) of each future played.
    pub doubled: Vec<i64>,
    /// What the table expects of them: twice the difference of total plus expected
    /// remaining score from the states after this round's scoring.
    pub table_mean_doubled: f64,
    /// The clock that stopped them short of the futures asked for, if one did.
    pub stopped_by: Option<StopClock>,
}

impl Rollouts {
    /// Futures played.
    pub fn played(&self) -> usize {
        self.doubled.len()
    }

    /// Keeps the first `played` futures (those another curve on the same futures reached).
    pub fn truncate(&mut self, played: usize) {
        self.doubled.truncate(played);
    }

    /// The win curve: the empirical distribution, or with `control` the one calibrated to
    /// the table's mean.
    pub fn curve(&self, control: bool) -> WinCurve {
        let weights = if control {
            calibration_weights(&self.doubled, self.table_mean_doubled)
        } else {
            vec![1.0; self.doubled.len()]
        };
        let mut values: Vec<(i64, f64)> = self.doubled.iter().copied().zip(weights).collect();
        values.sort_unstable_by_key(|&(v, _)| v);
        WinCurve::from_weighted_doubled(values)
    }
}

/// Twice the final difference the table expects of two players in these states (totals
/// plus expected remaining scores), points.
pub fn table_mean_doubled(me: &PlayerState, opp: &PlayerState) -> f64 {
    let expected = |p: &PlayerState| {
        p.total_points() + position_value_units(p.used, p.upper_k, &p.held) as i64 * POINTS_PER_UNIT
    };
    2.0 * (expected(me) - expected(opp)) as f64
}

/// The rollouts if we receive `mine` and the opponent `theirs` this round: the futures
/// played before `deadline` (at least one batch). `cache` memoises the rollouts' scorings
/// (share one across the curves of a search).
pub fn play_rollouts(
    me: &PlayerState,
    opp: &PlayerState,
    mine: &Counts,
    theirs: &Counts,
    futures: &[Vec<FutureRound>],
    deadline: Option<Deadline>,
    cache: &mut ChoiceCache,
) -> Rollouts {
    let me0 = after_table_scoring(me, mine);
    let opp0 = after_table_scoring(opp, theirs);
    play_rollouts_from(me0, opp0, futures, deadline, cache)
}

/// The rollouts from two players' states after this round's scoring (`me0`, `opp0`):
/// the futures played before `deadline` (at least one batch).
pub fn play_rollouts_from(
    me0: PlayerState,
    opp0: PlayerState,
    futures: &[Vec<FutureRound>],
    deadline: Option<Deadline>,
    cache: &mut ChoiceCache,
) -> Rollouts {
    let mut doubled: Vec<i64> = Vec::with_capacity(futures.len());
    let mut stopped_by = None;
    for (i, future) in futures.iter().enumerate() {
        // The clocks are read once per batch, and never without a deadline (bench).
        let batch_done = i > 0 && i % CLOCK_EVERY_ROLLOUTS == 0;
        if batch_done && let Some(clock) = deadline.and_then(|d| d.passed()) {
            stopped_by = Some(clock);
            break;
        }
        doubled.push(play_future(me0, opp0, future, cache));
    }
    Rollouts {
        doubled,
        table_mean_doubled: table_mean_doubled(&me0, &opp0),
        stopped_by,
    }
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
        transfer_points += settle(
            &mut me,
            &mut opp,
            (a, b, we_win_coin),
            [ours_a, ours_b, theirs_a, theirs_b],
        );
    }
    // No later auction (not reached for rounds before 12).
    2 * (me.total_points() - opp.total_points() + transfer_points)
}

/// One auction of a future before the last, both players bidding the equilibrium: the
/// coin decides who gets the favoured bundle and the winner pays the loser half the swing;
/// each receives its bundle and scores it by the table. `choices` are each player's best
/// scoring with each bundle (ours with A, ours with B, theirs with A, theirs with B).
/// Returns our net transfer (points).
fn settle(
    me: &mut PlayerState,
    opp: &mut PlayerState,
    (a, b, we_win_coin): (Counts, Counts, bool),
    [ours_a, ours_b, theirs_a, theirs_b]: [Option<Choice>; 4],
) -> i64 {
    let value = |c: &Option<Choice>| c.map_or(0, |c| c.value_units) as i64;
    let swing_units = (value(&ours_a) - value(&ours_b)) + (value(&theirs_a) - value(&theirs_b));
    let swing = swing_units * POINTS_PER_UNIT;
    let we_get_a = (swing > 0) == we_win_coin;
    let half = swing.abs() / 2;
    let (ours, theirs, my_choice, their_choice) = if we_get_a {
        (a, b, ours_a, theirs_b)
    } else {
        (b, a, ours_b, theirs_a)
    };
    me.receive(&ours);
    opp.receive(&theirs);
    for (p, choice) in [(me, my_choice), (opp, their_choice)] {
        if let Some(c) = choice {
            // The choice comes from the held dice, so it always applies.
            let _ = p.apply_score(c.category, &c.dice);
        }
    }
    if we_win_coin {
        -half
    } else {
        half
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn random_dice(rng: &mut Pcg64) -> Counts {
        random_bundle(rng)
    }

    /// A player before round `round`'s auction, reached by table play from random bundles
    /// (a consistent state: the table has a row for its used set and upper sum).
    fn random_player(rng: &mut Pcg64, round: u8) -> PlayerState {
        let mut p = PlayerState {
            held: random_dice(rng),
            bid_points: rng.below(20_000) as i64 - 10_000,
            ..PlayerState::default()
        };
        for _ in 2..round {
            p = after_table_scoring(&p, &random_dice(rng));
        }
        p
    }

    /// The control variate's premise: the rollouts' mean final difference is the one the
    /// table expects from the states after this round's scoring (a wrong mean would bias
    /// every calibrated curve). Within four standard errors, at positions of several rounds.
    #[test]
    fn rollouts_average_to_the_table_expectation() {
        let mut rng = Pcg64::seed_from_u64(5);
        let mut cache = ChoiceCache::new();
        for round in [2u8, 4, 7, 10] {
            let (me, opp) = (
                random_player(&mut rng, round),
                random_player(&mut rng, round),
            );
            let (mine, theirs) = (random_dice(&mut rng), random_dice(&mut rng));
            let futures = sample_futures(round, 4000, u64::from(round));
            let r = play_rollouts(&me, &opp, &mine, &theirs, &futures, None, &mut cache);
            let n = r.played() as f64;
            let mean = r.doubled.iter().map(|&v| v as f64).sum::<f64>() / n;
            let variance = r
                .doubled
                .iter()
                .map(|&v| (v as f64 - mean).powi(2))
                .sum::<f64>()
                / (n - 1.0);
            let standard_error = (variance / n).sqrt();
            assert!(
                (mean - r.table_mean_doubled).abs() < 4.0 * standard_error,
                "round {round}: rollouts {mean:.0} table {:.0} (s.e. {standard_error:.0})",
                r.table_mean_doubled
            );
        }
    }

    /// The calibrated curve is still a distribution and agrees with the empirical one where
    /// the sample's mean is the table's.
    #[test]
    fn the_calibrated_curve_is_a_distribution() {
        let r = Rollouts {
            doubled: vec![-9_000, -3_000, -3_000, 1_000, 2_000, 8_000],
            table_mean_doubled: 2_000.0,
            stopped_by: None,
        };
        let (plain, control) = (r.curve(false), r.curve(true));
        let mut last = 0.0;
        for delta in (-6_000..=6_000).step_by(250) {
            let p = control.at(delta as f64);
            assert!(
                (0.0..=1.0).contains(&p) && p >= last - 1e-12,
                "{delta}: {p}"
            );
            last = p;
        }
        // The sample's mean is below the table's: calibration leans on the high values.
        assert!(control.at(0.0) > plain.at(0.0));
        let centred = Rollouts {
            table_mean_doubled: r.doubled.iter().sum::<i64>() as f64 / 6.0,
            ..r.clone()
        };
        assert_eq!(centred.curve(true), plain);
    }
}
