//! Safe exploitation: the bot strays from the safe bid only as far as straying has paid
//! in this game.
//!
//! Every `GET` reveals the opponent's bid `y`, so after each auction the bot knows exactly
//! what its bid earned against it, `P(ours, y)`, and what the safe bid would have earned
//! against the same `y`. Each game keeps two accounts, because the payoffs have two units:
//!
//! - **Expected-score rounds** (points; `P` is [`response::payoff`], the safe bid is the
//!   equilibrium bid `|S|/4`). The account starts at [`POINTS_ALLOWANCE`] and adds
//!   `P(ours, y) − P(equilibrium, y)`. A bid is allowed only if its risk, the most it can
//!   earn less than the equilibrium bid against any same opponent ask,
//!   `max_y [P(equilibrium, y) − P(bid, y)]`, fits the account. So the account never goes
//!   below zero, and pathwise, whatever the opponent does (adaptive or not), the bot's
//!   auctions earn at most `POINTS_ALLOWANCE` less per game than equilibrium bids would
//!   have earned against the same opponent bids. (Counting the opponent's gifts too, as
//!   in the win rounds, lost up to 9.5 points of win rate to `contest:eq-noise-round` at
//!   `win=0` over 100 deal pairs: gifts that come from noise are not a weakness.)
//! - **Win-probability rounds** (the win-curve value, [`Curves::outcome`]; the safe bid is
//!   the maximin bid on the curves, the equilibrium of that constant-sum auction among the
//!   candidate bids, guaranteeing `V = worst(maximin)`). This is Ganzfried and Sandholm's
//!   "risk what you've won" ("Safe Opponent Exploitation", 2015): the account starts at
//!   [`WIN_ALLOWANCE`] and adds `P(ours, y) − V` (the opponent's gifts and our profit); a
//!   bid is allowed if `V − worst(bid)` fits it, plus [`WIN_PER_POINT`] per point the
//!   points account has won. Over the win rounds of a game the bot earns at least the
//!   maximin guarantee less `WIN_ALLOWANCE` and that share.
//!
//! The safe bid always has risk 0, so an allowed bid always exists; when an account is
//! spent the bot bids the safe bid while the opponent model keeps learning.

use super::response::{payoff, worst_case};
use super::winbid::Curves;
use super::wincurve::WinCurve;
use crate::protocol::{Group, BID_MAX_POINTS};

/// The expected-score allowance per game, points: the most the auctions of a game may
/// earn below the equilibrium's guarantee. Small next to the mean margin (tens of
/// thousands) and enough for the first small deviations.
pub const POINTS_ALLOWANCE: f64 = 1_000.0;
/// The win-probability allowance per game (the curves' units): with the points account's
/// share below, the most the win rounds of a game may earn below the maximin guarantee.
pub const WIN_ALLOWANCE: f64 = 0.005;
/// Win probability the win rounds may risk per point the points account has won: what
/// the expected-score rounds won (gifts and profits, not the allowance) may be risked in
/// the win rounds at this rate. A point of margin moves the win probability of a close
/// game by up to about 2.7e-5 (the density at zero of the final difference, σ ≈ 15,000
/// points at round 5: `harness calibrate`); 1e-5 is about a third of that.
pub const WIN_PER_POINT: f64 = 1e-5;

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

    /// The least value of ask `bid` over every opponent ask.
    pub fn worst(&self, bid: (Group, u32)) -> f64 {
        match self {
            Pricing::Points { swing_points } => worst_case(*swing_points, bid.0, bid.1),
            Pricing::Win { a, b, swing_points } => Curves {
                a,
                b,
                swing_points: *swing_points,
            }
            .worst_case(bid.0, bid.1),
        }
    }
}

/// What `bid` can lose, against any opponent ask, in the unit its account books:
/// - points: the most it can earn less than `reference` against the same ask,
///   `max_y [P(reference, y) − P(bid, y)]` (exact: both payoffs are linear in `y`
///   between the amounts `bid.1` and `reference.1`, so the maximum is at a piece's end);
/// - win curves: the most it can earn below the reference's guarantee,
///   `max(0, worst(reference) − worst(bid))`.
pub fn risk(pricing: &Pricing, reference: (Group, u32), bid: (Group, u32)) -> f64 {
    if bid == reference {
        return 0.0;
    }
    match pricing {
        Pricing::Points { .. } => {
            let mut regret = 0.0f64;
            for h in [Group::A, Group::B] {
                for y in piece_ends(bid.1, reference.1) {
                    regret = regret
                        .max(pricing.outcome(reference, (h, y)) - pricing.outcome(bid, (h, y)));
                }
            }
            regret
        }
        Pricing::Win { .. } => (pricing.worst(reference) - pricing.worst(bid)).max(0.0),
    }
}

/// The ends of the opponent-amount intervals on which the payoffs of asks of `x` and `z`
/// are linear: 0, the maximum, and each amount with its neighbours.
fn piece_ends(x: u32, z: u32) -> Vec<u32> {
    let mut ends = vec![0, BID_MAX_POINTS];
    for a in [x, z] {
        ends.extend([a.saturating_sub(1), a, (a + 1).min(BID_MAX_POINTS)]);
    }
    ends
}

/// An open auction's pricing and safe bid.
#[derive(Clone, Debug, PartialEq)]
pub struct Settlement {
    pub pricing: Pricing,
    pub reference: (Group, u32),
}

/// The per-game accounts, with what fed them (for reports).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Account {
    /// Expected-score budget, points.
    pub points: f64,
    /// Win-probability budget.
    pub win: f64,
    /// Settled auctions whose bid differed from the safe bid.
    pub deviations: u32,
    /// What the safe bids would have earned above their guarantee (the opponent's gifts),
    /// by unit: points, win probability.
    pub gifts: [f64; 2],
    /// What our bids earned next to the safe bids against the same opponent bids.
    pub profit: [f64; 2],
}

impl Default for Account {
    fn default() -> Self {
        Account {
            points: POINTS_ALLOWANCE,
            win: WIN_ALLOWANCE,
            deviations: 0,
            gifts: [0.0; 2],
            profit: [0.0; 2],
        }
    }
}

impl Account {
    /// The budget for an auction priced by `pricing`.
    pub fn budget(&self, pricing: &Pricing) -> f64 {
        match pricing {
            Pricing::Points { .. } => self.points,
            Pricing::Win { .. } => self.win_budget(),
        }
    }

    /// The win rounds' budget: their own account plus a share of what the points account
    /// has won (its allowance is not converted).
    pub fn win_budget(&self) -> f64 {
        self.win + WIN_PER_POINT * (self.points - POINTS_ALLOWANCE).max(0.0)
    }

    /// Books what `ours` earned against `theirs` above the safe bid's guarantee; returns
    /// that amount.
    pub fn settle(&mut self, s: &Settlement, ours: (Group, u32), theirs: (Group, u32)) -> f64 {
        let guaranteed = s.pricing.worst(s.reference);
        let safe = s.pricing.outcome(s.reference, theirs);
        let got = s.pricing.outcome(ours, theirs);
        if ours != s.reference {
            self.deviations += 1;
        }
        let (unit, booked) = match s.pricing {
            // Points: only what our bid earned next to the equilibrium bid.
            Pricing::Points { .. } => {
                self.points += got - safe;
                (0, got - safe)
            }
            // Win: the gifts too (what the maximin bid earned above its guarantee).
            Pricing::Win { .. } => {
                self.win += got - guaranteed;
                (1, got - guaranteed)
            }
        };
        self.gifts[unit] += safe - guaranteed;
        self.profit[unit] += got - safe;
        booked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bidding::equilibrium_bid;
    use crate::rng::Pcg64;

    fn any_group(rng: &mut Pcg64) -> Group {
        if rng.chance(0.5) {
            Group::A
        } else {
            Group::B
        }
    }

    fn opponent_asks(
        bid: (Group, u32),
        reference: (Group, u32),
    ) -> impl Iterator<Item = (Group, u32)> {
        [Group::A, Group::B].into_iter().flat_map(move |h| {
            (0..=BID_MAX_POINTS)
                .step_by(3)
                .chain([bid.1.saturating_sub(1), bid.1, bid.1 + 1])
                .chain([reference.1.saturating_sub(1), reference.1, reference.1 + 1])
                .map(move |y| (h, y.min(BID_MAX_POINTS)))
        })
    }

    fn curve(center: i64) -> WinCurve {
        WinCurve::from_weighted_doubled(
            (-40..=40)
                .map(|k| (2 * center + k * 1500, 1.0 + k.rem_euclid(3) as f64))
                .collect(),
        )
    }

    #[test]
    fn risks_match_brute_force() {
        let mut rng = Pcg64::seed_from_u64(8);
        for _ in 0..40 {
            let swing = rng.below(160_001) as f64 - 80_000.0;
            let eq = equilibrium_bid(swing as i64);
            let bid = (any_group(&mut rng), rng.below(30_001) as u32);
            // Points: the exact largest regret next to the equilibrium bid.
            let points = Pricing::Points {
                swing_points: swing,
            };
            assert!((points.worst(eq) - swing / 2.0).abs() <= 2.0, "{swing}");
            let brute = opponent_asks(bid, eq)
                .map(|y| points.outcome(eq, y) - points.outcome(bid, y))
                .fold(f64::MIN, f64::max);
            let exact = risk(&points, eq, bid);
            assert!(
                (exact - brute).abs() < 1e-6,
                "{swing} {bid:?}: {exact} {brute}"
            );
            // Win curves: the worst case is the least outcome over every ask (the closed
            // form may sit a point below the integer infimum).
            let win = Pricing::Win {
                a: curve(rng.below(40_001) as i64 - 20_000),
                b: curve(rng.below(40_001) as i64 - 20_000),
                swing_points: swing,
            };
            let least = opponent_asks(bid, eq)
                .map(|y| win.outcome(bid, y))
                .fold(f64::MAX, f64::min);
            assert!(win.worst(bid) <= least + 1e-12);
            assert!(win.worst(bid) >= least - 1e-3);
            assert_eq!(risk(&win, eq, eq), 0.0);
            assert_eq!(risk(&points, eq, eq), 0.0);
        }
    }

    /// The guarantee, against opponents that know everything: random asks, a zero
    /// bidder, and a punisher that answers each of our bids with the ask that hurts it
    /// most next to the equilibrium bid. Whatever bids we try (random ones, filtered by
    /// the budget), the account never goes below zero, so our auctions earn at most the
    /// allowance less than equilibrium bids against the same asks.
    #[test]
    fn the_points_account_never_goes_negative() {
        let mut rng = Pcg64::seed_from_u64(10);
        for game in 0..300 {
            let mut account = Account::default();
            let (mut ours, mut safe) = (0.0, 0.0);
            for _ in 0..12 {
                let swing = rng.below(120_001) as f64 - 60_000.0;
                let pricing = Pricing::Points {
                    swing_points: swing,
                };
                let reference = equilibrium_bid(swing as i64);
                let mut bid = reference;
                for _ in 0..20 {
                    let try_bid = (any_group(&mut rng), rng.below(30_001) as u32);
                    if risk(&pricing, reference, try_bid) <= account.budget(&pricing) {
                        bid = try_bid;
                        break;
                    }
                }
                let theirs = match game % 3 {
                    0 => (any_group(&mut rng), rng.below(40_001) as u32),
                    1 => (any_group(&mut rng), 0),
                    _ => opponent_asks(bid, reference)
                        .max_by(|p, q| {
                            let loss = |y| pricing.outcome(reference, y) - pricing.outcome(bid, y);
                            loss(*p).total_cmp(&loss(*q))
                        })
                        .unwrap_or((Group::A, 0)),
                };
                ours += pricing.outcome(bid, theirs);
                safe += pricing.outcome(reference, theirs);
                let settlement = Settlement { pricing, reference };
                account.settle(&settlement, bid, theirs);
                assert!(account.points >= -1e-9, "game {game}: {account:?}");
            }
            assert!(ours >= safe - POINTS_ALLOWANCE - 1e-6);
            assert!((POINTS_ALLOWANCE + account.profit[0] - account.points).abs() < 1e-6);
            assert!(account.win_budget() >= WIN_ALLOWANCE - 1e-12);
        }
    }

    #[test]
    fn profits_fund_larger_deviations() {
        // S = 40000: the equilibrium bid is A 10000. Each point bid lower risks three
        // (an ask just above ours takes the bundle); against a zero bidder on our group,
        // bidding 9700 earns 300 more, which pays for the next 100.
        let pricing = Pricing::Points {
            swing_points: 40_000.0,
        };
        let reference = equilibrium_bid(40_000);
        let budget = Account::default().points;
        let step = |x: u32| risk(&pricing, reference, (Group::A, x));
        assert!((step(9_000) - 3_000.0).abs() < 5.0, "{}", step(9_000));
        assert!(step(9_700) <= budget && step(9_000) > budget);
        let mut account = Account::default();
        let earned = account.settle(
            &Settlement {
                pricing: pricing.clone(),
                reference,
            },
            (Group::A, 9_700),
            (Group::A, 0),
        );
        assert!((earned - 300.0).abs() < 1e-6, "{earned}");
        assert!(step(9_600) <= account.points && step(9_500) > account.points);
    }
}
