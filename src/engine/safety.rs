//! Safe exploitation: the bot strays from the equilibrium bid only as far as straying
//! has already paid in this game.
//!
//! Every `GET` reveals the opponent's bid `y`, so after each auction we know exactly what
//! our bid earned against it, `P(ours, y)`, and what the reference bid would have earned
//! against the same `y`, `P(ref, y)`. The account starts each game at an allowance `ε`
//! and adds `P(ours, y) − P(ref, y)`. A bid `b` is allowed only if its *risk*, the most
//! it can lose to the reference against any opponent bid, `max_y [P(ref, y) − P(b, y)]`,
//! is at most the account. The reference itself has risk 0, so a bid always exists.
//!
//! Guarantee (pathwise, whatever the opponent does, adaptive or not): the account never
//! goes below zero, so over a game `Σ P(ours, y) ≥ Σ P(ref, y) − ε`. Our bids never earn
//! less than the reference bids would have earned against the same opponent bids, by more
//! than `ε` per game. This is the principle of Ganzfried and Sandholm, "Safe Opponent
//! Exploitation" (2015): risk only what has been won.
//!
//! Two accounts, because the payoffs have two units:
//! - expected-score rounds: `P` is the change of the expected score difference in points
//!   ([`response::payoff`]), the reference is the equilibrium bid `|S|/4`;
//! - win-probability rounds: `P` is the win-curve value ([`Curves::outcome`]), the
//!   reference is the maximin bid on the curves (the equilibrium of that constant-sum
//!   auction among the candidate bids).

use super::response::payoff;
use super::winbid::Curves;
use super::wincurve::WinCurve;
use crate::protocol::{Group, BID_MAX_POINTS};

/// The expected-score allowance per game, points: the most the bot may lose in a game to
/// equilibrium bids against the same opponent bids. Small next to the mean margin
/// (tens of thousands) and enough for the first small deviations to start earning.
pub const POINTS_ALLOWANCE: f64 = 1_000.0;
/// The win-probability allowance per game: the most win probability (in the curves'
/// units) the bot may lose in a game to maximin bids against the same opponent bids.
pub const WIN_ALLOWANCE: f64 = 0.005;

/// Sub-intervals per monotone piece when bounding a win-curve risk.
const WIN_RISK_STEPS: u32 = 24;

/// How one auction was priced, kept until its `GET` settles the account.
#[derive(Clone, Debug, PartialEq)]
pub enum Pricing {
    /// Expected score: the swing `S` in points.
    Points { swing_points: f64 },
    /// Win probability: the two curves (we get A, we get B) and the swing.
    Win {
        a: WinCurve,
        b: WinCurve,
        swing_points: f64,
    },
}

impl Pricing {
    /// Our value of ask `ours` against their ask `theirs`.
    pub fn outcome(&self, ours: (Group, u32), theirs: (Group, u32)) -> f64 {
        match self {
            Pricing::Points { swing_points } => {
                payoff(*swing_points, ours.0, ours.1, theirs.0, theirs.1)
            }
            Pricing::Win { a, b, swing_points } => Curves {
                a,
                b,
                swing_points: *swing_points,
            }
            .outcome(ours.0, ours.1, theirs.0, theirs.1),
        }
    }
}

/// An open auction's pricing and reference bid.
#[derive(Clone, Debug, PartialEq)]
pub struct Settlement {
    pub pricing: Pricing,
    pub reference: (Group, u32),
}

/// The per-game account, with what fed it (for reports).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Account {
    /// Expected-score budget, points.
    pub points: f64,
    /// Win-probability budget.
    pub win: f64,
    /// Settled auctions whose bid differed from the reference.
    pub deviations: u32,
}

impl Default for Account {
    fn default() -> Self {
        Account {
            points: POINTS_ALLOWANCE,
            win: WIN_ALLOWANCE,
            deviations: 0,
        }
    }
}

impl Account {
    /// The budget for an auction priced by `pricing`.
    pub fn budget(&self, pricing: &Pricing) -> f64 {
        match pricing {
            Pricing::Points { .. } => self.points,
            Pricing::Win { .. } => self.win,
        }
    }

    /// Books what `ours` earned against `theirs` next to the reference; returns that
    /// difference (positive: the deviation paid).
    pub fn settle(&mut self, s: &Settlement, ours: (Group, u32), theirs: (Group, u32)) -> f64 {
        if ours == s.reference {
            return 0.0;
        }
        self.deviations += 1;
        let earned = s.pricing.outcome(ours, theirs) - s.pricing.outcome(s.reference, theirs);
        match s.pricing {
            Pricing::Points { .. } => self.points += earned,
            Pricing::Win { .. } => self.win += earned,
        }
        earned
    }
}

/// The opponent amounts at which `P(·, h, y)` of a bid of `x` or `z` changes formula: the
/// ends of the pieces on which both payoffs are monotone in `y`, as sorted ranges.
fn pieces(x: u32, z: u32) -> Vec<(u32, u32)> {
    let (lo, hi) = (x.min(z), x.max(z));
    let mut cuts: Vec<(u32, u32)> = Vec::new();
    let mut push = |from: i64, to: i64| {
        let from = from.max(0);
        let to = to.min(BID_MAX_POINTS as i64);
        if from <= to {
            cuts.push((from as u32, to as u32));
        }
    };
    let (lo, hi) = (lo as i64, hi as i64);
    push(0, lo - 1);
    push(lo, lo);
    push(lo + 1, hi - 1);
    push(hi, hi);
    push(hi + 1, BID_MAX_POINTS as i64);
    cuts
}

/// The most `bid` can earn less than `reference` against any opponent ask, under
/// `pricing`: exact for expected-score pricing (the payoffs are linear on each piece),
/// an upper bound for win curves (monotone on each piece, bounded per sub-interval).
pub fn risk(pricing: &Pricing, reference: (Group, u32), bid: (Group, u32)) -> f64 {
    if bid == reference {
        return 0.0;
    }
    let steps = match pricing {
        Pricing::Points { .. } => 1,
        Pricing::Win { .. } => WIN_RISK_STEPS,
    };
    let mut worst = 0.0f64;
    for h in [Group::A, Group::B] {
        let gap = |y: u32| {
            (
                pricing.outcome(reference, (h, y)),
                pricing.outcome(bid, (h, y)),
            )
        };
        for (from, to) in pieces(bid.1, reference.1) {
            // On [from, to] both values are monotone in y: on each sub-interval the gap is
            // at most the larger reference value minus the smaller bid value.
            let span = (to - from) as u64;
            let n = (steps as u64).min(span.max(1));
            let mut prev = gap(from);
            worst = worst.max(prev.0 - prev.1);
            for k in 1..=n {
                let y = from + ((span * k) / n) as u32;
                let next = gap(y);
                let bound = if steps == 1 {
                    next.0 - next.1
                } else {
                    prev.0.max(next.0) - prev.1.min(next.1)
                };
                worst = worst.max(bound);
                prev = next;
            }
        }
    }
    worst
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Pcg64;

    fn brute_force_risk(pricing: &Pricing, reference: (Group, u32), bid: (Group, u32)) -> f64 {
        let mut worst = 0.0f64;
        for h in [Group::A, Group::B] {
            for y in (0..=BID_MAX_POINTS).step_by(7).chain([
                bid.1.saturating_sub(1),
                bid.1,
                bid.1 + 1,
                reference.1.saturating_sub(1),
                reference.1,
                reference.1 + 1,
                BID_MAX_POINTS,
            ]) {
                let y = y.min(BID_MAX_POINTS);
                worst =
                    worst.max(pricing.outcome(reference, (h, y)) - pricing.outcome(bid, (h, y)));
            }
        }
        worst
    }

    #[test]
    fn points_risk_is_exact() {
        let mut rng = Pcg64::seed_from_u64(8);
        for _ in 0..200 {
            let swing = rng.below(160_001) as f64 - 80_000.0;
            let pricing = Pricing::Points {
                swing_points: swing,
            };
            let reference = super::super::bidding::equilibrium_bid(swing as i64);
            let bid = (
                if rng.chance(0.5) { Group::A } else { Group::B },
                rng.below(40_001) as u32,
            );
            let exact = risk(&pricing, reference, bid);
            let brute = brute_force_risk(&pricing, reference, bid);
            assert!(
                (exact - brute).abs() < 1e-6,
                "{swing} {bid:?}: {exact} {brute}"
            );
        }
    }

    #[test]
    fn win_risk_bounds_the_brute_force() {
        let curve = |center: i64| {
            WinCurve::from_weighted_doubled(
                (-40..=40)
                    .map(|k| (2 * center + k * 1500, 1.0 + k.rem_euclid(3) as f64))
                    .collect(),
            )
        };
        let mut rng = Pcg64::seed_from_u64(9);
        for _ in 0..60 {
            let pricing = Pricing::Win {
                a: curve(rng.below(40_001) as i64 - 20_000),
                b: curve(rng.below(40_001) as i64 - 20_000),
                swing_points: 20_000.0,
            };
            let reference = (Group::A, rng.below(20_001) as u32);
            let bid = (
                if rng.chance(0.5) { Group::A } else { Group::B },
                rng.below(30_001) as u32,
            );
            let bound = risk(&pricing, reference, bid);
            let brute = brute_force_risk(&pricing, reference, bid);
            assert!(
                bound >= brute - 1e-12,
                "{bid:?} {reference:?}: {bound} < {brute}"
            );
            assert!(bound <= brute + 0.2, "loose: {bound} vs {brute}");
        }
    }

    /// The guarantee, against opponents that know everything: random asks, and a
    /// punisher that answers each of our bids with the ask that hurts it most next to
    /// the reference. Whatever bids we try (here: random ones, filtered by the budget),
    /// the account never goes below zero.
    #[test]
    fn the_account_never_goes_negative() {
        let mut rng = Pcg64::seed_from_u64(10);
        for game in 0..200 {
            let mut account = Account::default();
            let mut earned_total = 0.0;
            for _ in 0..12 {
                let swing = rng.below(120_001) as f64 - 60_000.0;
                let pricing = Pricing::Points {
                    swing_points: swing,
                };
                let reference = super::super::bidding::equilibrium_bid(swing as i64);
                let mut bid = reference;
                for _ in 0..20 {
                    let try_bid = (
                        if rng.chance(0.5) { Group::A } else { Group::B },
                        rng.below(30_001) as u32,
                    );
                    if risk(&pricing, reference, try_bid) <= account.budget(&pricing) {
                        bid = try_bid;
                        break;
                    }
                }
                let theirs = if game % 2 == 0 {
                    let y = rng.below(40_001) as u32;
                    (if rng.chance(0.5) { Group::A } else { Group::B }, y)
                } else {
                    // The punisher: the ask maximising reference − ours.
                    let mut best = (Group::A, 0u32, f64::MIN);
                    for h in [Group::A, Group::B] {
                        for y in [0, bid.1.saturating_sub(1), bid.1, bid.1 + 1, 100_000] {
                            let loss =
                                pricing.outcome(reference, (h, y)) - pricing.outcome(bid, (h, y));
                            if loss > best.2 {
                                best = (h, y, loss);
                            }
                        }
                    }
                    (best.0, best.1)
                };
                earned_total += account.settle(&Settlement { pricing, reference }, bid, theirs);
                assert!(account.points >= -1e-9, "game {game}: {account:?}");
            }
            assert!(earned_total >= -POINTS_ALLOWANCE - 1e-9);
        }
    }
}
