//! The luck of a game: what each chance event did to each player's win probability, next
//! to what it does on average.
//!
//! The chance events are the two bundles of each round (one event, `ROLL a b`) and the coin
//! that settles a tied bid. An event's luck is the value of the position it left minus the
//! mean of that value over every outcome it could have had, with their true probabilities
//! (each bundle a fair roll of five dice; the coin fair). So each term has mean zero *given
//! the position*, whatever the value's errors: a result minus its luck (the luck-adjusted
//! result) has the same expectation as the result (AIVAT's chance correction, Burch et al.
//! 2018). The better the value predicts the result, the less of the result's variance is
//! left.
//!
//! **The value** ([`LuckValue`]) is the bot's own where it can be afforded: after the
//! auctions of rounds 6-10 ([`LuckSettings::net_first_auction`] to [`NET_LAST_AUCTION`]),
//! the value network's win probability of the position the auction left once both players
//! score by the table (the curves the bot bids on, `search::wincurve::net_curve`); after
//! round 11's auction the exact value of the last round (over every pair of round 12's
//! bundles, the player with the sure-win bid takes it: `sure_win_of_finals`, the bot's own
//! round-11 curve); exact after round 12. Before round 6, the table's expected final
//! difference through a normal curve of the round's spread: there the network's sample
//! added as much noise as its value took away. The table's value everywhere
//! ([`LuckValue::Table`], issue 47's) is kept for the test and the `--luck-table` column
//! that compare the two.
//!
//! After the roll and before the bids the position is valued at the equilibrium's split:
//! when both bid `|S|/4` for the favoured bundle the coin leaves each player the difference
//! halfway between the two assignments, whichever way it falls: the value is the mean of
//! the two assignments' values, each at the transfer that brings it halfway. After the
//! auction, the value of the assignment that happened.
//!
//! **The roll's mean** over its 252 × 252 pairs of bundles is exact for the table's value
//! (each bundle's worth to each player computed once, a few milliseconds a round). Where
//! the network or round 11's exact value is read, it is estimated from a sample drawn by a
//! generator seeded from the position ([`LuckSettings::pairs`] pairs of bundles in rounds
//! 6-10; every ordered pair of [`LuckSettings::bundles_round_11`] drawn bundles in round
//! 11), with the table's value as a control variate: the table's exact mean plus the
//! sample's mean of the value less the table's, the table's normal curve taking the
//! network's own spread at the position before the roll less the roll's share. The sample
//! is drawn apart from the roll that happened, so the estimate's mean is the true mean and
//! the term keeps mean zero; the control variate leaves it little to estimate.
//!
//! **A bid drawn at random** by a player that says what it drew among (an in-process bot
//! that hedges among near-best bids) is an action term: the drawn bid's value minus the
//! mean over the bids it was drawn among (AIVAT's action correction); nothing for a
//! program whose randomness is unknown.

use yacht::engine::learned::features::{features_with_rests, rest_points};
use yacht::engine::learned::net::{embedded, Net};
use yacht::engine::search::endgame::FINAL_DIFF_SIGMA_POINTS;
use yacht::engine::search::wincurve::{
    final_rest_points, net_curve, net_curves, sure_win_of_finals,
};
use yacht::engine::value::bidding::POINTS_PER_UNIT;
use yacht::engine::value::choice::{best_choice_for, best_choices_with, position_value_units};
use yacht::engine::PlayerState;
use yacht::game::Event;
use yacht::protocol::Hand;
use yacht::rng::Pcg64;
use yacht::rules::auction::{resolve, Group, SealedBid, AUCTION_ROUNDS};
use yacht::rules::dice::{five_dice, rank, Counts, HAND_DICE};

use crate::stats::normal_cdf;

/// A chance event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChanceKind {
    /// The two bundles of a round.
    Roll,
    /// The coin that settled a tied bid.
    Coin,
    /// A bid drawn at random among near-best ones by a player that says so (an in-process
    /// bot): its value next to the mean over what it was drawn among (AIVAT's action term).
    Draw,
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

/// The table Φ is read from: Φ at every step from −[`PHI_REACH`] to +[`PHI_REACH`].
fn phi_table() -> &'static [f64] {
    static TABLE: std::sync::LazyLock<Vec<f64>> = std::sync::LazyLock::new(|| {
        let n = (2.0 * PHI_REACH * PHI_STEPS_PER_UNIT) as usize;
        (0..=n)
            .map(|i| normal_cdf(i as f64 / PHI_STEPS_PER_UNIT - PHI_REACH))
            .collect()
    });
    &TABLE
}

/// Φ(z), read off a table with linear interpolation (within 1e-6 of [`normal_cdf`]): a
/// roll's mean takes 31,878 of them. Any fixed function would keep the luck's mean at zero;
/// this one is fast.
fn phi(z: f64) -> f64 {
    phi_in(phi_table(), z)
}

/// [`phi`] on the table `table` (read once by a caller that takes many).
#[inline]
fn phi_in(table: &[f64], z: f64) -> f64 {
    let x = (z + PHI_REACH) * PHI_STEPS_PER_UNIT;
    if x <= 0.0 {
        return table[0];
    }
    let i = x as usize;
    if i + 1 >= table.len() {
        return table[table.len() - 1];
    }
    let (a, b) = (table[i], table[i + 1]);
    a + (b - a) * (x - i as f64)
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
    five_dice()
}

/// Each bundle's effect on each player before a round's auction, both players receiving
/// it and scoring by the table: the expected final total it leaves (points) and the state
/// after the scoring (before it in round 1, which scores nothing). One best scoring per
/// player and bundle: the roll's every valuation reads these.
#[derive(Clone, Debug, Default)]
struct BundleEffects {
    expected_points: [Vec<f64>; 2],
    scored: [Vec<PlayerState>; 2],
}

impl BundleEffects {
    fn new(start: &[PlayerState; 2], round: u8) -> BundleEffects {
        let all: Vec<Counts> = bundles().iter().map(|(x, _)| *x).collect();
        let effects = |p: &PlayerState| -> (Vec<f64>, Vec<PlayerState>) {
            if round < 2 {
                return all
                    .iter()
                    .map(|x| {
                        let mut with = *p;
                        with.receive(x);
                        (expected_final_points(&with), with)
                    })
                    .unzip();
            }
            // The table's rows read once for all 252 hands.
            best_choices_with(p.used, p.upper_k, &p.held, &all)
                .into_iter()
                .zip(&all)
                .map(|(choice, x)| {
                    let mut with = *p;
                    with.receive(x);
                    match choice {
                        Some(c) => {
                            let expected =
                                with.total_points() + c.value_units as i64 * POINTS_PER_UNIT;
                            // The choice comes from the held dice, so it always applies.
                            let _ = with.apply_score(c.category, &c.dice);
                            (expected as f64, with)
                        }
                        None => (expected_final_points(&with), with),
                    }
                })
                .unzip()
        };
        let (e0, s0) = effects(&start[0]);
        let (e1, s1) = effects(&start[1]);
        BundleEffects {
            expected_points: [e0, e1],
            scored: [s0, s1],
        }
    }
}

/// The values of round `round`'s roll by the table: the first seat's win probability at
/// the equilibrium's split of any two bundles, `Φ(D / σ)` with `D` the expected final
/// difference halfway between the two assignments, and its exact mean over every pair.
#[derive(Clone, Debug)]
pub struct RollPricing {
    totals_points: f64,
    sigma_points: f64,
    /// g(x) for every bundle, by rank: what it is worth to the first seat minus to the
    /// second, points.
    worth_points: Vec<f64>,
    mean: f64,
}

impl RollPricing {
    /// The table's pricing of round `round`'s roll, with the round's spread.
    pub fn new(start: &[PlayerState; 2], round: u8) -> RollPricing {
        RollPricing::of_effects(
            start,
            &BundleEffects::new(start, round),
            sigma_after_auction(round),
        )
    }

    fn of_effects(start: &[PlayerState; 2], effects: &BundleEffects, sigma: f64) -> RollPricing {
        let totals = [0, 1].map(|seat| start[seat].total_points() as f64);
        let worth_points = effects.expected_points[0]
            .iter()
            .zip(&effects.expected_points[1])
            .map(|(e0, e1)| (e0 - totals[0]) - (e1 - totals[1]))
            .collect();
        RollPricing {
            totals_points: totals[0] - totals[1],
            sigma_points: sigma,
            worth_points,
            mean: 0.0,
        }
        .with_sigma(sigma)
    }

    /// The same values with the spread `sigma_points`, and their exact mean.
    fn with_sigma(mut self, sigma_points: f64) -> RollPricing {
        self.sigma_points = sigma_points;
        // g(x) / 2 for every bundle x, with its probability; each unordered pair once.
        let half: Vec<(f64, f64)> = bundles()
            .iter()
            .zip(&self.worth_points)
            .map(|((_, p), g)| (0.5 * g, *p))
            .collect();
        let mut mean = 0.0;
        if sigma_points > 0.0 {
            // In units of σ, half the totals with each bundle: z = zx + zy, read off the
            // table directly (the same values as win_of_difference's, in a tight loop).
            let table = phi_table();
            let z: Vec<(f64, f64)> = half
                .iter()
                .map(|&(h, p)| ((0.5 * self.totals_points + h) / sigma_points, p))
                .collect();
            for (i, &(zx, px)) in z.iter().enumerate() {
                let mut inner = 0.5 * px * phi_in(table, 2.0 * zx);
                for &(zy, py) in &z[i + 1..] {
                    inner += py * phi_in(table, zx + zy);
                }
                mean += 2.0 * px * inner;
            }
        } else {
            for (i, &(hx, px)) in half.iter().enumerate() {
                let mut inner =
                    0.5 * px * win_of_difference(self.totals_points + 2.0 * hx, sigma_points);
                for &(hy, py) in &half[i + 1..] {
                    inner += py * win_of_difference(self.totals_points + hx + hy, sigma_points);
                }
                mean += 2.0 * px * inner;
            }
        }
        self.mean = mean;
        self
    }

    /// The expected final difference at the split of `a` and `b`: `totals + (g(A) + g(B)) / 2`.
    fn split_points(&self, a: &Counts, b: &Counts) -> f64 {
        self.totals_points + 0.5 * (self.worth_points[rank(a)] + self.worth_points[rank(b)])
    }

    /// The first seat's win probability once `a` and `b` are rolled, at the equilibrium's
    /// split.
    pub fn win_at_split(&self, a: &Counts, b: &Counts) -> f64 {
        win_of_difference(self.split_points(a, b), self.sigma_points)
    }

    /// The variance of the split's expected difference over the roll, points²: half the
    /// variance of one bundle's worth (the two bundles are independent).
    fn split_variance(&self) -> f64 {
        let (mut m, mut m2) = (0.0, 0.0);
        for ((_, p), g) in bundles().iter().zip(&self.worth_points) {
            m += p * g;
            m2 += p * g * g;
        }
        0.5 * (m2 - m * m).max(0.0)
    }

    /// The mean of [`RollPricing::win_at_split`] over every pair of bundles.
    pub fn mean(&self) -> f64 {
        self.mean
    }
}

/// What the luck values positions with.
#[derive(Clone, Copy, Debug)]
pub enum LuckValue {
    /// The table's expected final difference through a normal curve of the round's spread
    /// (issue 47's value).
    Table,
    /// The value network's curves after the auctions of rounds
    /// [`LuckSettings::net_first_auction`] to [`NET_LAST_AUCTION`], round 11's exact
    /// curve, the table's value before and its exact value after round 12's (issue 77).
    Net(&'static Net, LuckSettings),
}

/// The last round whose auction the network can value: the position before round 11's
/// roll is the last it was trained on (`learned::features::LAST_ROUND`).
pub const NET_LAST_AUCTION: u8 = 10;

/// Where the network's value is read and how its means are estimated. The defaults are
/// measured against the equilibrium bidder on the same 1,000 deal pairs (the pairs'
/// variance smaller by 30.4x with the network from round 9, 32.9x from round 6, 35.2x from
/// round 6 with twice the samples at 1.4 times the CPU: docs/experiments/2026-12-02-luck-by-network.md);
/// before round 6 it cut the variance no more than its sample's noise added. Research runs
/// may set them from the environment (`YACHT_LUCK_NET_FROM`, `YACHT_LUCK_PAIRS`,
/// `YACHT_LUCK_BUNDLES_11`, `YACHT_LUCK_DRAWS`); nothing else reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LuckSettings {
    /// The first round whose auction the network values (the table's value before).
    pub net_first_auction: u8,
    /// Pairs of bundles drawn for the mean of a roll the network values.
    pub pairs: usize,
    /// Bundles drawn for the mean of round 11's roll: every ordered pair of two of them is
    /// a pair of bundles (each player's final values with each drawn bundle computed once).
    pub bundles_round_11: usize,
    /// Whether a player's bids drawn at random are corrected for (AIVAT's action terms),
    /// where the player says what it drew among (`YACHT_LUCK_DRAWS=0`: not).
    pub draws: bool,
}

impl Default for LuckSettings {
    fn default() -> LuckSettings {
        LuckSettings {
            net_first_auction: 6,
            pairs: 8,
            bundles_round_11: 6,
            draws: true,
        }
    }
}

impl LuckSettings {
    /// The defaults, or what the environment sets.
    pub fn from_env() -> LuckSettings {
        let read = |name: &str, default: usize| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(default)
        };
        let d = LuckSettings::default();
        LuckSettings {
            net_first_auction: read("YACHT_LUCK_NET_FROM", d.net_first_auction.into())
                .clamp(1, usize::from(NET_LAST_AUCTION) + 1) as u8,
            pairs: read("YACHT_LUCK_PAIRS", d.pairs).max(1),
            bundles_round_11: read("YACHT_LUCK_BUNDLES_11", d.bundles_round_11).max(2),
            draws: read("YACHT_LUCK_DRAWS", usize::from(d.draws)) != 0,
        }
    }
}

/// The spread of the control variate's normal curve is never below this (points): where
/// the network sees almost nothing left to chance, a step would correlate worse.
const CONTROL_SIGMA_FLOOR_POINTS: f64 = 2_000.0;

/// How a round's mean is estimated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sampling {
    /// Exact: the table's value.
    Exact,
    /// From this many pairs of bundles drawn (the network's value).
    Pairs(usize),
    /// From every ordered pair of this many bundles drawn (round 11's exact value).
    Bundles(usize),
}

impl LuckValue {
    /// Where the network is read and how means are estimated (the defaults for the
    /// table's value, which reads no network).
    pub fn settings(self) -> LuckSettings {
        match self {
            LuckValue::Net(_, s) => s,
            LuckValue::Table => LuckSettings::default(),
        }
    }

    /// The network the bot plays with, or the table's value without one.
    pub fn default_value() -> LuckValue {
        embedded().map_or(LuckValue::Table, |net| {
            LuckValue::Net(net, LuckSettings::from_env())
        })
    }

    /// The network, if it values the auction of round `round`.
    fn net_for(self, round: u8) -> Option<&'static Net> {
        match self {
            LuckValue::Net(net, s) if (s.net_first_auction..=NET_LAST_AUCTION).contains(&round) => {
                Some(net)
            }
            _ => None,
        }
    }

    /// Whether round `round`'s auction is valued by round 11's exact curve.
    fn exact_round_11(self, round: u8) -> bool {
        matches!(self, LuckValue::Net(..)) && usize::from(round) == AUCTION_ROUNDS - 1
    }

    /// How the mean of round `round`'s roll is estimated.
    fn sampling(self, round: u8) -> Sampling {
        match self {
            LuckValue::Net(_, s) if self.net_for(round).is_some() => Sampling::Pairs(s.pairs),
            LuckValue::Net(_, s) if self.exact_round_11(round) => {
                Sampling::Bundles(s.bundles_round_11)
            }
            _ => Sampling::Exact,
        }
    }

    /// The first seat's win probability after round `round`'s auction left `states` (bids
    /// paid, nothing scored yet), with `delta_points` more to the first seat.
    pub fn after_auction(self, states: &[PlayerState; 2], round: u8, delta_points: f64) -> f64 {
        self.after_auction_curve(states, round).at(delta_points)
    }

    /// The same as a function of the transfer.
    fn after_auction_curve(self, states: &[PlayerState; 2], round: u8) -> AfterCurve {
        if self.sampling(round) == Sampling::Exact {
            return AfterCurve::Normal {
                diff_points: expected_final_points(&states[0]) - expected_final_points(&states[1]),
                sigma_points: sigma_after_auction(round),
            };
        }
        let scored = if round >= 2 {
            states.map(|s| scored_by_table(&s).0)
        } else {
            *states
        };
        self.after_scoring_curve(&scored, round)
    }

    /// The same from the states after the round's scorings by the table (round 1: after its
    /// auction), for the network and round 11.
    fn after_scoring(self, scored: &[PlayerState; 2], round: u8, delta_points: f64) -> f64 {
        self.after_scoring_curve(scored, round).at(delta_points)
    }

    fn after_scoring_curve(self, scored: &[PlayerState; 2], round: u8) -> AfterCurve {
        match (self, self.net_for(round)) {
            (_, Some(net)) => AfterCurve::Curve(net_curve(net, &scored[0], &scored[1], round + 1)),
            // After round 11's auction, exactly: over every pair of round 12's bundles, the
            // player with the sure-win bid wins it (the bot's own round-11 curve,
            // `search::wincurve::pairs_curve`).
            (LuckValue::Net(..), None) => AfterCurve::Finals {
                base_points: scored[0].total_points() - scored[1].total_points(),
                mine: final_rest_points(&scored[0]),
                theirs: final_rest_points(&scored[1]),
            },
            (LuckValue::Table, None) => AfterCurve::Normal {
                diff_points: expected_final_points(&scored[0]) - expected_final_points(&scored[1]),
                sigma_points: sigma_after_auction(round),
            },
        }
    }

    /// The spread of the final difference the network expects after round `round`'s
    /// auction from the position before its roll (`start`): the variance of its mixture
    /// there less the roll's share (`roll_variance`), points. `None` without the network.
    fn control_sigma(self, start: &[PlayerState; 2], round: u8, roll_variance: f64) -> Option<f64> {
        let LuckValue::Net(net, _) = self else {
            return None;
        };
        let rests = [rest_points(&start[0]), rest_points(&start[1])];
        let x = features_with_rests(&start[0], &start[1], rests, round);
        let mixture = net.rest_difference(&x, rests[0] - rests[1], round);
        let mean = mixture.mean_points();
        let variance: f64 = mixture
            .parts
            .iter()
            .map(|c| {
                let logistic = c.scale_points * c.scale_points * std::f64::consts::PI.powi(2) / 3.0;
                c.weight * ((c.centre_points - mean).powi(2) + logistic)
            })
            .sum();
        Some(
            (variance - roll_variance)
                .max(0.0)
                .sqrt()
                .max(CONTROL_SIGMA_FLOOR_POINTS),
        )
    }
}

/// The first seat's win probability after an auction, as a function of a further transfer
/// to it (points): what each kind of [`LuckValue`] reads there.
enum AfterCurve {
    /// The network's curve.
    Curve(yacht::engine::search::wincurve::WinCurve),
    /// Round 11's exact curve: both players' final values with each of round 12's bundles,
    /// and the score difference now.
    Finals {
        base_points: i64,
        mine: Vec<i64>,
        theirs: Vec<i64>,
    },
    /// The table's expected final difference through a normal curve.
    Normal { diff_points: f64, sigma_points: f64 },
}

impl AfterCurve {
    fn at(&self, delta_points: f64) -> f64 {
        match self {
            AfterCurve::Curve(curve) => curve.at(delta_points),
            AfterCurve::Finals {
                base_points,
                mine,
                theirs,
            } => sure_win_of_finals(base_points + delta_points.round() as i64, mine, theirs),
            AfterCurve::Normal {
                diff_points,
                sigma_points,
            } => win_of_difference(diff_points + delta_points, *sigma_points),
        }
    }
}

/// `p` after its best scoring by the table, and its expected final total then (points).
fn scored_by_table(p: &PlayerState) -> (PlayerState, f64) {
    let mut next = *p;
    match best_choice_for(p) {
        Some(choice) => {
            // The choice comes from the held dice, so it always applies.
            let _ = next.apply_score(choice.category, &choice.dice);
            let rest = choice.value_units as i64 * POINTS_PER_UNIT;
            (next, (p.total_points() + rest) as f64)
        }
        None => (next, expected_final_points(p)),
    }
}

/// A round's roll priced before it happens: the value of each pair of bundles at the
/// equilibrium's split, and that value's mean over every pair (exact for the table's value,
/// estimated for the network's).
#[derive(Clone, Debug)]
pub struct RoundPricing {
    value: LuckValue,
    round: u8,
    effects: BundleEffects,
    /// The table's values with the round's spread: issue 47's luck, when it is followed
    /// beside (or is the value).
    table: Option<RollPricing>,
    /// The network's estimated mean's control variate: the table's values with the spread
    /// the network expects after the roll.
    control: Option<RollPricing>,
    mean: f64,
}

impl RoundPricing {
    /// Prices round `round`'s roll from `start`; with `beside_table`, issue 47's luck too.
    pub fn new(
        value: LuckValue,
        start: &[PlayerState; 2],
        round: u8,
        beside_table: bool,
    ) -> RoundPricing {
        // Two players alike (the start of a game): whatever the bundles, each player's
        // chances at the split are the other's, so every value is ½ (the table's, with
        // g ≡ 0, and the network's, which is antisymmetric); nothing to compute.
        if start[0] == start[1] {
            return RoundPricing {
                value,
                round,
                effects: BundleEffects::default(),
                table: None,
                control: None,
                mean: 0.5,
            };
        }
        let effects = BundleEffects::new(start, round);
        let sampling = value.sampling(round);
        let exact = sampling == Sampling::Exact;
        let table = (exact || beside_table)
            .then(|| RollPricing::of_effects(start, &effects, sigma_after_auction(round)));
        let control = (!exact).then(|| {
            let pricing = RollPricing::of_effects(start, &effects, sigma_after_auction(round));
            match value.control_sigma(start, round, pricing.split_variance()) {
                Some(sigma) => pricing.with_sigma(sigma),
                None => pricing,
            }
        });
        let mut pricing = RoundPricing {
            value,
            round,
            effects,
            mean: 0.0,
            table,
            control,
        };
        let mut rng = Pcg64::seed_from_u64(position_seed(start, round));
        pricing.mean = pricing.estimate_mean(sampling, &mut rng);
        pricing
    }

    /// The mean of the roll's value: exact for the table's; for the others the control
    /// variate's exact mean plus the mean, over a sample drawn from `rng`, of the value less
    /// the control variate's (an unbiased estimate: the sample is drawn apart from the roll).
    fn estimate_mean(&self, sampling: Sampling, rng: &mut Pcg64) -> f64 {
        match (&self.control, sampling) {
            (Some(control), Sampling::Pairs(pairs)) => {
                let sample: Vec<(Counts, Counts)> = (0..pairs)
                    .map(|_| (roll_five(rng), roll_five(rng)))
                    .collect();
                let values = self.values_at_split(&sample);
                control.mean() + self.correction(control, &sample, &values)
            }
            (Some(control), Sampling::Bundles(n)) => {
                let drawn: Vec<Counts> = (0..n).map(|_| roll_five(rng)).collect();
                let (sample, values) = self.round_11_values(&drawn);
                control.mean() + self.correction(control, &sample, &values)
            }
            _ => self.table.as_ref().map_or(0.5, RollPricing::mean),
        }
    }

    /// The mean of the sample's values less the control variate's at the same pairs.
    fn correction(
        &self,
        control: &RollPricing,
        sample: &[(Counts, Counts)],
        values: &[f64],
    ) -> f64 {
        let sum: f64 = values
            .iter()
            .zip(sample)
            .map(|(value, (a, b))| value - control.win_at_split(a, b))
            .sum();
        sum / sample.len().max(1) as f64
    }

    /// Round 11's values at the split of every ordered pair of two of the `drawn` bundles
    /// (each pair is a pair of independent bundles, as the roll's are), with the pairs:
    /// each player's final values with each drawn bundle computed once.
    fn round_11_values(&self, drawn: &[Counts]) -> (Vec<(Counts, Counts)>, Vec<f64>) {
        let e = &self.effects;
        let finals: Vec<[Vec<i64>; 2]> = drawn
            .iter()
            .map(|x| [0, 1].map(|seat| final_rest_points(&e.scored[seat][rank(x)])))
            .collect();
        let (mut sample, mut values) = (Vec::new(), Vec::new());
        for (i, a) in drawn.iter().enumerate() {
            for (j, b) in drawn.iter().enumerate() {
                if i == j {
                    continue;
                }
                let (ra, rb) = (rank(a), rank(b));
                // The first seat gets a (the second b), or the other way, each at the
                // transfer that brings it halfway to the other.
                let d_a = e.expected_points[0][ra] - e.expected_points[1][rb];
                let d_b = e.expected_points[0][rb] - e.expected_points[1][ra];
                let half = 0.5 * (d_b - d_a);
                let win = |mine: usize, theirs: usize, (m, t): (usize, usize), delta: f64| {
                    let base = e.scored[0][m].total_points() - e.scored[1][t].total_points();
                    sure_win_of_finals(
                        base + delta.round() as i64,
                        &finals[mine][0],
                        &finals[theirs][1],
                    )
                };
                sample.push((*a, *b));
                values.push(0.5 * (win(i, j, (ra, rb), half) + win(j, i, (rb, ra), -half)));
            }
        }
        (sample, values)
    }

    /// The first seat's win probability once `a` and `b` are rolled, before the bids: the
    /// mean of the two assignments' values, each at the transfer that brings its expected
    /// difference halfway to the other's (the equilibrium's split).
    pub fn value_at_split(&self, a: &Counts, b: &Counts) -> f64 {
        self.values_at_split(&[(*a, *b)])[0]
    }

    /// [`RoundPricing::value_at_split`] of each pair, the network evaluated on them all
    /// together.
    fn values_at_split(&self, pairs: &[(Counts, Counts)]) -> Vec<f64> {
        if self.control.is_none() {
            return pairs
                .iter()
                .map(|(a, b)| self.table_value_at_split(a, b).unwrap_or(0.5))
                .collect();
        }
        let e = &self.effects;
        let assigned = |mine: &Counts, theirs: &Counts| {
            let (m, t) = (rank(mine), rank(theirs));
            let states = [e.scored[0][m], e.scored[1][t]];
            (states, e.expected_points[0][m] - e.expected_points[1][t])
        };
        // Each pair's two assignments, and the transfer that brings the first halfway.
        let split: Vec<([PlayerState; 2], [PlayerState; 2], f64)> = pairs
            .iter()
            .map(|(a, b)| {
                let (to_a, d_a) = assigned(a, b);
                let (to_b, d_b) = assigned(b, a);
                (to_a, to_b, 0.5 * (d_b - d_a))
            })
            .collect();
        match self.value.net_for(self.round) {
            Some(net) => {
                let positions: Vec<(PlayerState, PlayerState)> = split
                    .iter()
                    .flat_map(|(to_a, to_b, _)| [(to_a[0], to_a[1]), (to_b[0], to_b[1])])
                    .collect();
                let curves = net_curves(net, &positions, self.round + 1);
                curves
                    .chunks_exact(2)
                    .zip(&split)
                    .map(|(c, &(_, _, half))| 0.5 * (c[0].at(half) + c[1].at(-half)))
                    .collect()
            }
            None => split
                .iter()
                .map(|(to_a, to_b, half)| {
                    0.5 * (self.value.after_scoring(to_a, self.round, *half)
                        + self.value.after_scoring(to_b, self.round, -half))
                })
                .collect(),
        }
    }

    /// The table's value of the roll (issue 47's), where it is followed.
    fn table_value_at_split(&self, a: &Counts, b: &Counts) -> Option<f64> {
        self.table.as_ref().map(|t| t.win_at_split(a, b))
    }

    /// The mean of [`RoundPricing::value_at_split`] over every pair of bundles: the first
    /// seat's win probability before the roll.
    pub fn mean(&self) -> f64 {
        self.mean
    }
}

/// Five fair dice.
fn roll_five(rng: &mut Pcg64) -> Counts {
    let mut c = [0u8; 6];
    for _ in 0..HAND_DICE {
        c[rng.below(6)] += 1;
    }
    c
}

/// A seed from a position: the same position draws the same sample wherever its luck is
/// measured (the referee, the review of its log).
fn position_seed(states: &[PlayerState; 2], round: u8) -> u64 {
    let mut bytes = vec![round];
    for s in states {
        bytes.extend_from_slice(&s.held);
        bytes.extend_from_slice(&s.used.to_le_bytes());
        bytes.extend_from_slice(&s.upper_k.to_le_bytes());
        bytes.extend_from_slice(&s.category_k.to_le_bytes());
        bytes.extend_from_slice(&s.bid_points.to_le_bytes());
    }
    yacht::solver::quantize::fnv1a64(&bytes)
}

/// The luck of round `round`'s roll (`a`, `b`) for each seat by the table's value, from the
/// states before the auction: the win probability at the equilibrium's split of the actual
/// bundles, minus its mean over every pair of bundles. Also returns the first seat's win
/// probability after it.
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
    value: LuckValue,
    after: &[PlayerState; 2],
    swapped: &[PlayerState; 2],
    round: u8,
) -> (f64, [f64; 2]) {
    let actual = value.after_auction(after, round, 0.0);
    let other = value.after_auction(swapped, round, 0.0);
    let luck = 0.5 * (actual - other);
    (actual, [luck, -luck])
}

/// Follows a game's events and records the luck of each chance event as it happens (the
/// referee's records, `harness match --results`, the review of a log).
#[derive(Clone, Debug)]
pub struct LuckTracker {
    value: LuckValue,
    states: [PlayerState; 2],
    round: u8,
    /// The round's roll, priced at its `ROUND` line.
    pricing: Option<RoundPricing>,
    roll: Option<(Hand, Hand)>,
    bids: [Option<SealedBid>; 2],
    gets: [Option<Group>; 2],
    /// The bids each seat's bid was drawn among, when it says ([`LuckTracker::observe_draw`]).
    draws: [Vec<SealedBid>; 2],
    events: Vec<LuckEvent>,
    /// Whether issue 47's luck is followed beside ([`LuckTracker::beside_table`]).
    beside_table: bool,
    /// Each seat's luck by the table's value alone, when followed beside.
    table_total: [f64; 2],
}

impl Default for LuckTracker {
    fn default() -> LuckTracker {
        LuckTracker::new()
    }
}

impl LuckTracker {
    /// A tracker valuing positions as the bot does ([`LuckValue::default_value`]).
    pub fn new() -> LuckTracker {
        LuckTracker::with_value(LuckValue::default_value())
    }

    pub fn with_value(value: LuckValue) -> LuckTracker {
        LuckTracker {
            value,
            states: [PlayerState::default(); 2],
            round: 0,
            pricing: None,
            roll: None,
            bids: [None; 2],
            gets: [None; 2],
            draws: [Vec::new(), Vec::new()],
            events: Vec::new(),
            beside_table: false,
            table_total: [0.0; 2],
        }
    }

    /// Follows issue 47's luck (the table's value alone) beside the tracker's own, for
    /// comparisons ([`LuckTracker::total_by_table`]).
    pub fn beside_table(mut self) -> LuckTracker {
        self.beside_table = true;
        self
    }

    /// The round's roll priced from the states now.
    fn price(&self, round: u8) -> RoundPricing {
        RoundPricing::new(self.value, &self.states, round, self.beside_table)
    }

    /// The first seat's win probability before this round's roll, once its `ROUND` line
    /// was seen (`None` in round 13, which has no roll).
    pub fn win_before_roll(&self) -> Option<f64> {
        self.pricing.as_ref().map(RoundPricing::mean)
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

    /// Each seat's luck so far by the table's value alone ([`LuckValue::Table`]): issue 47's
    /// luck of the same events, for comparisons; `None` unless followed
    /// ([`LuckTracker::beside_table`]).
    pub fn total_by_table(&self) -> Option<[f64; 2]> {
        self.beside_table.then_some(self.table_total)
    }

    /// `seat`'s next bid is drawn at random among `among`, each as likely (said before
    /// its `Bid` event; nothing for a player whose randomness is not known).
    pub fn observe_draw(&mut self, seat: usize, among: Vec<SealedBid>) {
        if !self.value.settings().draws {
            return;
        }
        if let Some(slot) = self.draws.get_mut(seat) {
            *slot = among;
        }
    }

    /// Takes one step of the game.
    pub fn observe(&mut self, event: &Event) {
        match *event {
            Event::Round(round) => {
                self.round = round;
                self.pricing = (usize::from(round) <= AUCTION_ROUNDS).then(|| self.price(round));
            }
            Event::Roll { a, b } => {
                self.roll = Some((a, b));
                self.bids = [None; 2];
                self.gets = [None; 2];
                if self.pricing.is_none() {
                    self.pricing = Some(self.price(self.round));
                }
                let Some(pricing) = &self.pricing else {
                    return;
                };
                let win_after = pricing.value_at_split(&a.counts(), &b.counts());
                if let Some(table) = pricing.table.as_ref().filter(|_| self.beside_table) {
                    let by_table = table.win_at_split(&a.counts(), &b.counts()) - table.mean();
                    self.table_total[0] += by_table;
                    self.table_total[1] -= by_table;
                }
                let luck = win_after - pricing.mean();
                let luck = [luck, -luck];
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
        let swapped = apply(&self.states, [gets[1], gets[0]]);
        let drawn = self.draws.iter().any(|d| d.len() > 1);
        if let ([Some(b0), Some(b1)], true) = (self.bids, drawn) {
            self.draw_terms([b0, b1], [bundle(Group::A), bundle(Group::B)]);
        }
        if let [Some(x), Some(y)] = self.bids
            && x == y
        {
            let (win_after, luck) = coin_luck(self.value, &after, &swapped, self.round);
            if self.beside_table {
                let (_, by_table) = coin_luck(LuckValue::Table, &after, &swapped, self.round);
                self.table_total[0] += by_table[0];
                self.table_total[1] += by_table[1];
            }
            self.events.push(LuckEvent {
                round: self.round,
                kind: ChanceKind::Coin,
                luck,
                win_after,
            });
        }
        self.states = after;
        self.roll = None;
        self.pricing = None;
        self.draws = [Vec::new(), Vec::new()];
    }

    /// The luck of the bids drawn at random (AIVAT's action terms), as one event: with `V`
    /// the first seat's value after the auction (a tie's coin averaged) and `D` each seat's
    /// draw (its actual bid alone if it did not draw), the first seat's draw is worth
    /// `mean_{c1∈D1} V(b0, c1) − mean_{c0∈D0, c1∈D1} V(c0, c1)` and the second's
    /// `V(b0, b1) − mean_{c1∈D1} V(b0, c1)`: each has mean zero given what came before it,
    /// and they sum to `V(b0, b1) − mean V`.
    fn draw_terms(&mut self, bids: [SealedBid; 2], bundles: [Counts; 2]) {
        // The two assignments' values as functions of the transfer, by the first seat's
        // group.
        let curves = [Group::A, Group::B].map(|g0| {
            let mut s = self.states;
            s[0].receive(&bundles[g0 as usize]);
            s[1].receive(&bundles[g0.other() as usize]);
            self.value.after_auction_curve(&s, self.round)
        });
        let value = |b0: SealedBid, b1: SealedBid| -> f64 {
            let ways: &[u8] = if b0 == b1 { &[0, 1] } else { &[0] };
            let total: f64 = ways
                .iter()
                .map(|&tie_winner| {
                    let o = resolve([b0, b1], tie_winner);
                    let transfer = (o.bid_points[0] - o.bid_points[1]) as f64;
                    curves[o.received[0] as usize].at(transfer)
                })
                .sum();
            total / ways.len() as f64
        };
        let among = |seat: usize| -> Vec<SealedBid> {
            if self.draws[seat].len() > 1 {
                self.draws[seat].clone()
            } else {
                vec![bids[seat]]
            }
        };
        let (d0, d1) = (among(0), among(1));
        let mean = |values: Vec<f64>| values.iter().sum::<f64>() / values.len().max(1) as f64;
        let given_first = mean(d1.iter().map(|&c1| value(bids[0], c1)).collect());
        let over_both = mean(
            d0.iter()
                .flat_map(|&c0| d1.iter().map(move |&c1| (c0, c1)))
                .map(|(c0, c1)| value(c0, c1))
                .collect(),
        );
        let actual = value(bids[0], bids[1]);
        let luck = (given_first - over_both) + (actual - given_first);
        self.events.push(LuckEvent {
            round: self.round,
            kind: ChanceKind::Draw,
            luck: [luck, -luck],
            win_after: actual,
        });
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
        let (_, l_win) = coin_luck(LuckValue::Table, &win, &lose, 5);
        let (_, l_lose) = coin_luck(LuckValue::Table, &lose, &win, 5);
        assert!(
            l_win[0] > 0.0,
            "a yacht for the first seat is good luck: {l_win:?}"
        );
        assert!((l_win[0] + l_lose[0]).abs() < 1e-12);
        assert!((l_win[0] + l_win[1]).abs() < 1e-12);
    }

    fn net_value() -> LuckValue {
        LuckValue::default_value()
    }

    /// Two players alike: the network's value at the split is ½ for any two bundles (its
    /// two views are averaged, so a position is worth one minus its mirror), which the
    /// pricing takes without computing it.
    #[test]
    fn two_players_alike_are_even_whatever_the_bundles() {
        let LuckValue::Net(..) = net_value() else {
            panic!("the embedded network reads");
        };
        let mut rng = Pcg64::seed_from_u64(4);
        for (round, start) in [
            (1u8, [PlayerState::default(); 2]),
            (9, [position(8, 9)[0]; 2]),
        ] {
            let pricing = RoundPricing::new(net_value(), &start, round, false);
            assert_eq!(pricing.mean(), 0.5);
            for _ in 0..5 {
                let (a, b) = (random_bundle(&mut rng), random_bundle(&mut rng));
                assert_eq!(pricing.value_at_split(&a, &b), 0.5);
                // The long way: the two assignments' values at the transfer halfway.
                let assigned = |x: &Counts, y: &Counts| {
                    let mut s = start;
                    s[0].receive(x);
                    s[1].receive(y);
                    s
                };
                let (to_a, to_b) = (assigned(&a, &b), assigned(&b, &a));
                let d = |s: &[PlayerState; 2]| {
                    expected_final_points(&s[0]) - expected_final_points(&s[1])
                };
                let half = 0.5 * (d(&to_b) - d(&to_a));
                let v = 0.5
                    * (net_value().after_auction(&to_a, 10, half)
                        + net_value().after_auction(&to_b, 10, -half));
                assert!((v - 0.5).abs() < 1e-9, "{v}");
            }
        }
    }

    /// The estimated mean of a roll's value is unbiased: over many samples its average is
    /// the mean of a large independent sample of the value, within a few standard errors, in
    /// a round the network values and in round 11 (the pairs of drawn bundles).
    #[test]
    fn the_estimated_mean_of_a_roll_is_the_values_mean() {
        for (seed, round) in [(21u64, 9u8), (22, 10), (23, 11)] {
            // An open game: the second seat's bids make up the table's expected difference.
            let mut start = position(seed, usize::from(round));
            let gap = expected_final_points(&start[0]) - expected_final_points(&start[1]);
            start[1].bid_points += gap.round() as i64;
            let pricing = RoundPricing::new(net_value(), &start, round, false);
            let sampling = net_value().sampling(round);
            assert_ne!(sampling, Sampling::Exact, "round {round}");
            let mut rng = Pcg64::seed_from_u64(seed);
            let estimates: Vec<f64> = (0..60)
                .map(|_| pricing.estimate_mean(sampling, &mut rng))
                .collect();
            let reference: Vec<(Counts, Counts)> = (0..600)
                .map(|_| (random_bundle(&mut rng), random_bundle(&mut rng)))
                .collect();
            let values = pricing.values_at_split(&reference);
            let stats = |xs: &[f64]| {
                let n = xs.len() as f64;
                let m = xs.iter().sum::<f64>() / n;
                let v = xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0);
                (m, v / n)
            };
            let ((m_est, v_est), (m_ref, v_ref)) = (stats(&estimates), stats(&values));
            let se = (v_est + v_ref).sqrt();
            assert!(
                (m_est - m_ref).abs() < 4.0 * se + 1e-9,
                "round {round}: estimate {m_est} against {m_ref} (se {se})"
            );
            // The control variate leaves each estimate far less spread than the value's.
            assert!(
                (0.05..0.95).contains(&m_ref),
                "round {round}: a decided game, {m_ref}"
            );
            assert!(v_est * 60.0 < 0.5 * v_ref * 600.0, "round {round}");
        }
    }

    /// Round 11's pairs of drawn bundles are valued as the roll that happens is.
    #[test]
    fn round_11_drawn_pairs_are_valued_as_one_roll() {
        let start = position(31, 11);
        let pricing = RoundPricing::new(net_value(), &start, 11, false);
        let mut rng = Pcg64::seed_from_u64(5);
        let drawn: Vec<Counts> = (0..3).map(|_| random_bundle(&mut rng)).collect();
        let (pairs, values) = pricing.round_11_values(&drawn);
        assert_eq!(pairs.len(), 6);
        for ((a, b), v) in pairs.iter().zip(&values) {
            let direct = pricing.value_at_split(a, b);
            assert!((v - direct).abs() < 1e-12, "{v} against {direct}");
        }
    }

    /// A bid drawn at random: the draw's term, averaged over what it could have drawn, is
    /// zero, whatever the opponent bid; and it is zero when nothing was drawn.
    #[test]
    fn a_drawn_bids_luck_has_mean_zero_over_its_draw() {
        let start = position(41, 6);
        let (a, b) = ([0, 0, 0, 1, 2, 2], [2, 1, 1, 1, 0, 0]);
        let play = |ours: SealedBid, among: &[SealedBid], theirs: SealedBid| -> [f64; 2] {
            let mut t = LuckTracker::with_value(net_value());
            t.states = start;
            t.round = 6;
            t.observe(&Event::Roll {
                a: Hand::from_counts(&a).unwrap(),
                b: Hand::from_counts(&b).unwrap(),
            });
            t.observe_draw(0, among.to_vec());
            t.observe(&Event::Bid { seat: 0, bid: ours });
            t.observe(&Event::Bid {
                seat: 1,
                bid: theirs,
            });
            let gets = resolve([ours, theirs], 0).received;
            t.observe(&Event::Get {
                seat: 0,
                group: gets[0],
            });
            t.observe(&Event::Get {
                seat: 1,
                group: gets[1],
            });
            let draws: Vec<&LuckEvent> = t
                .events()
                .iter()
                .filter(|e| e.kind == ChanceKind::Draw)
                .collect();
            draws.first().map_or([0.0; 2], |e| e.luck)
        };
        let among = [
            SealedBid::new(Group::A, 1_000),
            SealedBid::new(Group::A, 4_000),
            SealedBid::new(Group::B, 2_000),
        ];
        for theirs in [SealedBid::new(Group::A, 2_500), SealedBid::new(Group::B, 0)] {
            let lucks: Vec<[f64; 2]> = among.iter().map(|&c| play(c, &among, theirs)).collect();
            let mean: f64 = lucks.iter().map(|l| l[0]).sum::<f64>() / 3.0;
            assert!(mean.abs() < 1e-12, "{lucks:?}");
            assert!(lucks.iter().any(|l| l[0].abs() > 1e-6), "{lucks:?}");
            assert!(lucks.iter().all(|l| (l[0] + l[1]).abs() < 1e-15));
        }
        assert_eq!(play(among[0], &[], SealedBid::new(Group::B, 0)), [0.0; 2]);
    }
}
