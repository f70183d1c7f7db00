//! The luck of a game: what each chance event did to each player's win probability, next
//! to what it does on average.
//!
//! The chance events are the two bundles of each round (one event, `ROLL a b`) and the coin
//! that settles a tied bid. A position is valued by [`position_win`]: the probability that
//! the final difference, expected by the table (totals plus each player's expected remaining
//! score), ends above zero, with the spread the table's prediction has after that round's
//! auction (`FINAL_DIFF_SIGMA_POINTS`, measured over 3,000 games). An event's luck is the
//! value of the position it left minus the mean of that value over every outcome it could
//! have had, with their true probabilities (each bundle a fair roll of five dice; the coin
//! fair). So each term has mean zero *given the position*, whatever the value's errors: a
//! result minus its luck (the luck-adjusted result) has the same expectation as the result
//! (AIVAT's chance correction, Burch et al. 2018). The better the value predicts the result,
//! the less of the result's variance is left.
//!
//! After the roll and before the bids the position is valued at the equilibrium's split: when
//! both bid `|S|/4` for the favoured bundle the coin leaves each player the difference halfway
//! between the two assignments, whichever way it falls. After the auction, at the difference
//! of the assignment that happened.
//!
//! Cost: each roll values both bundles' 252 multisets for both players (the table's best
//! scoring of each) and averages over the 252 × 252 pairs; a few milliseconds a round.

use yacht::engine::search::endgame::FINAL_DIFF_SIGMA_POINTS;
use yacht::engine::value::bidding::POINTS_PER_UNIT;
use yacht::engine::value::choice::position_value_units;
use yacht::engine::PlayerState;
use yacht::game::Event;
use yacht::protocol::Hand;
use yacht::rules::auction::{Group, SealedBid, AUCTION_ROUNDS};
use yacht::rules::dice::{add, all_multisets, fair_probability, Counts, HAND_DICE};

use crate::stats::normal_cdf;

/// A chance event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceKind {
    /// The two bundles of a round.
    Roll,
    /// The coin that settled a tied bid.
    Coin,
}

/// One chance event's luck for each seat (first, second): the two sum to zero.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct LuckEvent {
    pub round: u8,
    pub kind: ChanceKind,
    pub luck: [f64; 2],
    /// The first seat's win probability after the event (the value the luck is measured
    /// with).
    pub win_after: f64,
}

/// The spread of the final difference around the table's prediction after round `round`'s
/// auction, points (0 after the last: nothing is left to chance).
pub fn sigma_after_auction(round: u8) -> f64 {
    let i = (round as usize).clamp(1, AUCTION_ROUNDS) - 1;
    FINAL_DIFF_SIGMA_POINTS[i]
}

/// Steps of the normal distribution function's table per unit of z, and its reach.
const PHI_STEPS_PER_UNIT: f64 = 256.0;
const PHI_REACH: f64 = 8.0;

/// Φ(z), read off a table with linear interpolation (within 1e-6 of [`normal_cdf`]): the
/// roll's mean takes 63,504 of them. Any fixed function would keep the luck's mean at zero;
/// this one is fast.
fn phi(z: f64) -> f64 {
    static TABLE: std::sync::LazyLock<Vec<f64>> = std::sync::LazyLock::new(|| {
        let n = (2.0 * PHI_REACH * PHI_STEPS_PER_UNIT) as usize;
        (0..=n)
            .map(|i| normal_cdf(i as f64 / PHI_STEPS_PER_UNIT - PHI_REACH))
            .collect()
    });
    let x = (z + PHI_REACH) * PHI_STEPS_PER_UNIT;
    if x <= 0.0 {
        return TABLE[0];
    }
    let i = x as usize;
    match (TABLE.get(i), TABLE.get(i + 1)) {
        (Some(&a), Some(&b)) => a + (b - a) * (x - i as f64),
        _ => TABLE[TABLE.len() - 1],
    }
}

/// Win probability of a final difference expected to be `diff_points` with spread
/// `sigma_points` (a draw counts half).
pub fn win_of_difference(diff_points: f64, sigma_points: f64) -> f64 {
    if sigma_points > 0.0 {
        phi(diff_points / sigma_points)
    } else if diff_points > 0.0 {
        1.0
    } else if diff_points < 0.0 {
        0.0
    } else {
        0.5
    }
}

/// The table's expectation of a player's final total: its total now plus its expected
/// remaining score with the dice it holds (5 before a bundle, 10 before a scoring).
pub fn expected_final_points(p: &PlayerState) -> f64 {
    let rest = match yacht::rules::dice::total(&p.held) {
        HAND_DICE | 10 => position_value_units(p.used, p.upper_k, &p.held) as i64 * POINTS_PER_UNIT,
        _ => 0,
    };
    (p.total_points() + rest) as f64
}

/// `me`'s win probability after round `round`'s auction, both players in these states.
pub fn position_win(me: &PlayerState, opp: &PlayerState, round: u8) -> f64 {
    win_of_difference(
        expected_final_points(me) - expected_final_points(opp),
        sigma_after_auction(round),
    )
}

/// The bundles of five dice with their probabilities.
fn bundles() -> &'static [(Counts, f64)] {
    static BUNDLES: std::sync::LazyLock<Vec<(Counts, f64)>> = std::sync::LazyLock::new(|| {
        all_multisets(HAND_DICE)
            .into_iter()
            .map(|c| {
                let p = fair_probability(&c);
                (c, p)
            })
            .collect()
    });
    &BUNDLES
}

/// What bundle `x` adds to `p`'s expected final total (its expected remaining score with
/// `x` added to its held dice), points.
fn with_bundle_points(p: &PlayerState, x: &Counts) -> f64 {
    position_value_units(p.used, p.upper_k, &add(&p.held, x)) as f64 * POINTS_PER_UNIT as f64
}

/// The values of round `round`'s roll from the states before its auction: the first seat's
/// win probability at the equilibrium's split of any two bundles, and its mean over every
/// pair of bundles.
#[derive(Clone, Debug)]
pub struct RollPricing {
    start: [PlayerState; 2],
    totals_points: f64,
    sigma_points: f64,
    mean: f64,
}

impl RollPricing {
    pub fn new(start: &[PlayerState; 2], round: u8) -> RollPricing {
        let mut pricing = RollPricing {
            start: *start,
            totals_points: (start[0].total_points() - start[1].total_points()) as f64,
            sigma_points: sigma_after_auction(round),
            mean: 0.0,
        };
        // g(x) / 2 for every bundle x, with its probability.
        let half: Vec<(f64, f64)> = bundles()
            .iter()
            .map(|(x, p)| (0.5 * pricing.worth_points(x), *p))
            .collect();
        let mut mean = 0.0;
        for &(hx, px) in &half {
            let mut inner = 0.0;
            for &(hy, py) in &half {
                inner +=
                    py * win_of_difference(pricing.totals_points + hx + hy, pricing.sigma_points);
            }
            mean += px * inner;
        }
        pricing.mean = mean;
        pricing
    }

    /// g(x): what bundle `x` is worth to the first seat minus to the second, points.
    fn worth_points(&self, x: &Counts) -> f64 {
        with_bundle_points(&self.start[0], x) - with_bundle_points(&self.start[1], x)
    }

    /// The first seat's win probability once `a` and `b` are rolled, at the equilibrium's
    /// split: each player gets half of each bundle's worth, `D = totals + (g(A) + g(B)) / 2`.
    pub fn win_at_split(&self, a: &Counts, b: &Counts) -> f64 {
        let d = self.totals_points + 0.5 * (self.worth_points(a) + self.worth_points(b));
        win_of_difference(d, self.sigma_points)
    }

    /// The mean of [`RollPricing::win_at_split`] over every pair of bundles.
    pub fn mean(&self) -> f64 {
        self.mean
    }
}

/// The luck of round `round`'s roll (`a`, `b`) for each seat, from the states before the
/// auction: the win probability at the equilibrium's split of the actual bundles, minus its
/// mean over every pair of bundles. Also returns the first seat's win probability after it.
pub fn roll_luck(start: &[PlayerState; 2], round: u8, a: &Counts, b: &Counts) -> (f64, [f64; 2]) {
    let pricing = RollPricing::new(start, round);
    let actual = pricing.win_at_split(a, b);
    let luck = actual - pricing.mean();
    (actual, [luck, -luck])
}

/// The luck of the coin of a tied bid in round `round` for each seat: the win probability
/// after the auction as it fell, minus the mean of the two ways it could fall. `after` are
/// the states after the auction; `swapped`, the states had the coin fallen the other way.
pub fn coin_luck(
    after: &[PlayerState; 2],
    swapped: &[PlayerState; 2],
    round: u8,
) -> (f64, [f64; 2]) {
    let actual = position_win(&after[0], &after[1], round);
    let other = position_win(&swapped[0], &swapped[1], round);
    let luck = 0.5 * (actual - other);
    (actual, [luck, -luck])
}

/// Follows a game's events and records the luck of each chance event as it happens (the
/// referee's records, `harness match --results`, the review of a log).
#[derive(Clone, Debug, Default)]
pub struct LuckTracker {
    states: [PlayerState; 2],
    round: u8,
    roll: Option<(Hand, Hand)>,
    bids: [Option<SealedBid>; 2],
    gets: [Option<Group>; 2],
    events: Vec<LuckEvent>,
}

impl LuckTracker {
    pub fn new() -> LuckTracker {
        LuckTracker::default()
    }

    /// Both players' states as the game stands.
    pub fn states(&self) -> &[PlayerState; 2] {
        &self.states
    }

    /// The luck of every chance event so far.
    pub fn events(&self) -> &[LuckEvent] {
        &self.events
    }

    /// Each seat's luck so far: the sum of its events' terms.
    pub fn total(&self) -> [f64; 2] {
        self.events
            .iter()
            .fold([0.0; 2], |acc, e| [acc[0] + e.luck[0], acc[1] + e.luck[1]])
    }

    /// Takes one step of the game.
    pub fn observe(&mut self, event: &Event) {
        match *event {
            Event::Round(round) => self.round = round,
            Event::Roll { a, b } => {
                self.roll = Some((a, b));
                self.bids = [None; 2];
                self.gets = [None; 2];
                let (win_after, luck) =
                    roll_luck(&self.states, self.round, &a.counts(), &b.counts());
                self.events.push(LuckEvent {
                    round: self.round,
                    kind: ChanceKind::Roll,
                    luck,
                    win_after,
                });
            }
            Event::Bid { seat, bid } => {
                if let Some(slot) = self.bids.get_mut(seat) {
                    *slot = Some(bid);
                }
            }
            Event::Get { seat, group } => {
                if let Some(slot) = self.gets.get_mut(seat) {
                    *slot = Some(group);
                }
                if let ([Some(g0), Some(g1)], Some(roll)) = (self.gets, self.roll) {
                    self.settle([g0, g1], roll);
                }
            }
            Event::Put {
                seat,
                category,
                dice,
            } => {
                if let Some(state) = self.states.get_mut(seat) {
                    let _ = state.apply_score(category, &dice.counts());
                }
            }
        }
    }

    /// The auction's outcome: bundles received and bids paid; a tie's coin luck.
    fn settle(&mut self, gets: [Group; 2], (a, b): (Hand, Hand)) {
        let bundle = |g: Group| {
            if g == Group::A {
                a.counts()
            } else {
                b.counts()
            }
        };
        let apply = |states: &[PlayerState; 2], gets: [Group; 2]| {
            let mut out = *states;
            for seat in 0..2 {
                out[seat].receive(&bundle(gets[seat]));
                if let Some(bid) = self.bids[seat] {
                    let amount = i64::from(bid.amount);
                    out[seat].bid_points += if bid.group == gets[seat] {
                        -amount
                    } else {
                        amount
                    };
                }
            }
            out
        };
        let after = apply(&self.states, gets);
        if let [Some(x), Some(y)] = self.bids
            && x == y
        {
            let swapped = apply(&self.states, [gets[1], gets[0]]);
            let (win_after, luck) = coin_luck(&after, &swapped, self.round);
            self.events.push(LuckEvent {
                round: self.round,
                kind: ChanceKind::Coin,
                luck,
                win_after,
            });
        }
        self.states = after;
        self.roll = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht::engine::search::wincurve::after_table_scoring;
    use yacht::rng::Pcg64;

    fn random_bundle(rng: &mut Pcg64) -> Counts {
        let mut c = [0u8; 6];
        for _ in 0..HAND_DICE {
            c[rng.below(6)] += 1;
        }
        c
    }

    /// Two players after `rounds` rounds of table play on random bundles.
    fn position(seed: u64, rounds: usize) -> [PlayerState; 2] {
        let mut rng = Pcg64::seed_from_u64(seed);
        let mut s = [PlayerState::default(); 2];
        for p in &mut s {
            p.receive(&random_bundle(&mut rng));
        }
        for _ in 1..rounds {
            for p in &mut s {
                *p = after_table_scoring(p, &random_bundle(&mut rng));
            }
        }
        s[1].bid_points = rng.below(20_000) as i64 - 10_000;
        s
    }

    #[test]
    fn the_table_of_phi_is_the_normal_distribution() {
        for i in -900..=900 {
            let z = f64::from(i) / 100.0;
            assert!((phi(z) - normal_cdf(z)).abs() < 1e-6, "{z}");
        }
        assert!(phi(-50.0) < 1e-12 && phi(50.0) > 1.0 - 1e-12);
    }

    /// The mean over every pair, taken each unordered pair once, is the plain double sum.
    #[test]
    fn the_rolls_mean_is_the_mean_over_every_pair() {
        let start = position(5, 6);
        let pricing = RollPricing::new(&start, 6);
        let all = bundles();
        let mut plain = 0.0;
        for (a, pa) in all.iter() {
            for (b, pb) in all.iter() {
                plain += pa * pb * pricing.win_at_split(a, b);
            }
        }
        assert!(
            (plain - pricing.mean()).abs() < 1e-9,
            "{plain} {}",
            pricing.mean()
        );
    }

    #[test]
    fn the_bundles_are_every_roll_of_five_fair_dice() {
        let all = bundles();
        assert_eq!(all.len(), 252);
        assert!((all.iter().map(|b| b.1).sum::<f64>() - 1.0).abs() < 1e-12);
    }

    /// The roll's luck has mean zero given the position: over rolls of real dice its
    /// average is within a few standard errors of 0, in early, middle and last rounds.
    #[test]
    fn a_rolls_luck_has_mean_zero_over_rolls_of_real_dice() {
        let mut rng = Pcg64::seed_from_u64(99);
        for (seed, round) in [(1u64, 1u8), (2, 4), (3, 9), (4, 11)] {
            let start = if round == 1 {
                [PlayerState::default(); 2]
            } else {
                position(seed, round as usize)
            };
            let pricing = RollPricing::new(&start, round);
            let n = 4_000;
            let lucks: Vec<f64> = (0..n)
                .map(|_| {
                    let (a, b) = (random_bundle(&mut rng), random_bundle(&mut rng));
                    pricing.win_at_split(&a, &b) - pricing.mean()
                })
                .collect();
            let mean = lucks.iter().sum::<f64>() / n as f64;
            let var = lucks.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
            let se = (var / n as f64).sqrt();
            // In round 1 both players are alike, so the split leaves the roll nothing to do:
            // its luck is all in the coin of a tie. Later the two players differ.
            assert_eq!(var > 0.0, round > 1, "round {round}: {var}");
            assert!(
                mean.abs() < 4.0 * se + 1e-12,
                "round {round}: mean {mean}, se {se}"
            );
            let (after, [l0, l1]) =
                roll_luck(&start, round, &[0, 0, 0, 0, 0, 5], &[5, 0, 0, 0, 0, 0]);
            assert_eq!(l0, -l1);
            assert!((0.0..=1.0).contains(&after));
        }
    }

    #[test]
    fn the_coin_is_fair_luck_for_both() {
        let start = position(7, 5);
        let (a, b) = ([0, 0, 0, 0, 0, 5], [1, 1, 1, 1, 1, 0]);
        let mut win = start;
        win[0].receive(&a);
        win[1].receive(&b);
        let mut lose = start;
        lose[0].receive(&b);
        lose[1].receive(&a);
        let (_, l_win) = coin_luck(&win, &lose, 5);
        let (_, l_lose) = coin_luck(&lose, &win, 5);
        assert!(
            l_win[0] > 0.0,
            "a yacht for the first seat is good luck: {l_win:?}"
        );
        assert!((l_win[0] + l_lose[0]).abs() < 1e-12);
        assert!((l_win[0] + l_win[1]).abs() < 1e-12);
    }
}
