//! Safe exploitation: the bot strays from the safe bid only as far as what the opponent
//! has given up, and what straying has earned, pay for in this game.
//!
//! The safe bid of an auction guarantees a value `V` against any opponent bid: the
//! equilibrium bid `|S|/4` earns at least `V = S/2` (expected-score rounds), the maximin
//! bid on the win curves earns at least its worst case (win rounds). Every `GET` reveals
//! the opponent's bid `y`, so after each auction the bot knows exactly what its bid
//! earned, `P(ours, y)`, and what the safe bid would have earned against the same `y`.
//! The account starts each game at an allowance `ε` and adds `P(ours, y) − V`: the
//! opponent's gift `P(safe, y) − V` plus our profit `P(ours, y) − P(safe, y)` (both are
//! kept for reports). A bid `b` is allowed only if its risk `V − min_y P(b, y)` fits the
//! account. This is "risk what you've won" of Ganzfried and Sandholm, "Safe Opponent
//! Exploitation" (2015).
//!
//! Guarantee (pathwise, whatever the opponent does, adaptive or not): `P(ours, y) ≥
//! min_y P(b, y) ≥ V − account`, so the account never goes below zero, and over a game
//! `Σ P(ours, y) ≥ Σ V − ε`: the auctions never earn more than `ε` below what equilibrium
//! play guarantees. The safe bid has risk 0, so an allowed bid always exists; when the
//! account is spent the bot bids the safe bid while the opponent model keeps learning.
//!
//! Two accounts, because the payoffs have two units: points ([`super::payoff::payoff`],
//! allowance [`POINTS_ALLOWANCE`]) and win probability ([`Curves::outcome`], allowance
//! [`WIN_ALLOWANCE`]). Every auction is booked in points, against the equilibrium bid's
//! guarantee `S/2`, whichever way it was bid: a win round's gifts (a zero bidder's) fund the
//! expected-score rounds that follow, such as a game already decided, and a win round that
//! paid points for win probability leaves less to risk there. Win rounds are also booked in
//! win probability against their maximin bid. The win rounds may also risk [`WIN_PER_KILOPOINT`]
//! per thousand points that the expected-score rounds themselves have won, so over the win rounds of a
//! game the bot earns at least the maximin guarantee less `WIN_ALLOWANCE` and that share;
//! over the expected-score rounds, at least the equilibrium's guarantee less the allowance
//! and what the game's auctions have earned above that guarantee so far.

use super::payoff::{payoff, risk_below, worst_case, Curves, Limits};
use super::trust::Trust;
use crate::engine::search::wincurve::WinCurve;
use crate::engine::tunables::{
    POINTS_ALLOWANCE, REGRET_ALLOWANCE, WIN_ALLOWANCE, WIN_PER_KILOPOINT,
};
use crate::engine::value::bidding::equilibrium_bid;
use crate::protocol::Group;

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

/// The most `bid` can earn below the guarantee of `reference` (the safe bid), against
/// any opponent ask: `max(0, worst(reference) − worst(bid))`.
pub fn risk(pricing: &Pricing, reference: (Group, u32), bid: (Group, u32)) -> f64 {
    if bid == reference {
        return 0.0;
    }
    risk_below(pricing.worst(reference), pricing.worst(bid))
}

/// An open auction's pricing and safe bid.
#[derive(Clone, Debug, PartialEq)]
pub struct Settlement {
    pub pricing: Pricing,
    pub reference: (Group, u32),
    /// The model's best response in points with no limit on its risk: what the auction
    /// tests of the model ([`Trust::record`]).
    pub model_points: (Group, u32),
}

impl Pricing {
    /// The swing `S` the auction was priced with, points.
    pub fn swing_points(&self) -> f64 {
        match *self {
            Pricing::Points { swing_points } | Pricing::Win { swing_points, .. } => swing_points,
        }
    }
}

/// The per-game accounts, with what fed them (for reports).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Account {
    /// Expected-score budget, points: the allowance plus what every auction of the game
    /// earned above the equilibrium's guarantee (negative when win rounds paid for win
    /// probability; then the expected-score rounds bid the equilibrium).
    pub points: f64,
    /// The part of `points` that expected-score rounds earned (the share the win rounds may
    /// convert; their own gifts are already in `win`).
    pub points_rounds_won: f64,
    /// Win-probability budget.
    pub win: f64,
    /// Settled auctions whose bid differed from the safe bid.
    pub deviations: u32,
    /// What the safe bids would have earned above their guarantee (the opponent's gifts),
    /// by unit: points, win probability.
    pub gifts: [f64; 2],
    /// What our bids earned next to the safe bids against the same opponent bids.
    pub profit: [f64; 2],
    /// How far the model has earned trust, by stake.
    pub trust: Trust,
    /// The regret account, points: [`REGRET_ALLOWANCE`] plus what our bids earned next to
    /// the safe bids against the same opponent bids, in every auction. A bid may regret at
    /// most this much, so over a game the auctions earn at least what the safe bids would
    /// have earned against the same opponent, less the allowance: the opponent's gifts,
    /// which the equilibrium bidder keeps too, never pay for the model's risks.
    pub regret: f64,
}

impl Default for Account {
    fn default() -> Self {
        Account {
            points: POINTS_ALLOWANCE.get(),
            points_rounds_won: 0.0,
            win: WIN_ALLOWANCE.get(),
            deviations: 0,
            gifts: [0.0; 2],
            profit: [0.0; 2],
            trust: Trust::default(),
            regret: REGRET_ALLOWANCE.get(),
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

    /// Every limit on the bid of an auction priced in win probability (`win`) or points.
    pub fn limits(&self, win: bool) -> Limits {
        Limits {
            risk: if win { self.win_budget() } else { self.points },
            points_risk: self.trust.risk_cap_points(),
            regret_points: self.regret.max(0.0),
        }
    }

    /// The win rounds' budget: their own account plus a share of what the expected-score
    /// rounds have won (the allowance is not converted, and the win rounds' own gifts are
    /// not counted twice).
    pub fn win_budget(&self) -> f64 {
        self.win
            + WIN_PER_KILOPOINT.get() / 1_000.0 * self.points_rounds_won.min(self.points).max(0.0)
    }

    /// Books what `ours` earned against `theirs` above the safe bid's guarantee, in the
    /// auction's own unit, and (for a win round) in points above the equilibrium's
    /// guarantee; returns the amount booked in the auction's own unit.
    pub fn settle(&mut self, s: &Settlement, ours: (Group, u32), theirs: (Group, u32)) -> f64 {
        let guaranteed = s.pricing.worst(s.reference);
        let safe = s.pricing.outcome(s.reference, theirs);
        let got = s.pricing.outcome(ours, theirs);
        if ours != s.reference {
            self.deviations += 1;
        }
        let booked = got - guaranteed;
        let swing_points = s.pricing.swing_points();
        self.trust.record(swing_points, s.model_points, theirs);
        let points = |bid: (Group, u32)| payoff(swing_points, bid.0, bid.1, theirs.0, theirs.1);
        self.regret += points(ours) - points(s.reference);
        match s.pricing {
            Pricing::Points { .. } => {
                self.points += booked;
                self.points_rounds_won += booked;
                self.gifts[0] += safe - guaranteed;
                self.profit[0] += got - safe;
            }
            Pricing::Win { swing_points, .. } => {
                self.win += booked;
                self.gifts[1] += safe - guaranteed;
                self.profit[1] += got - safe;
                // The same auction in points, against the equilibrium bid.
                let points = Pricing::Points { swing_points };
                let equilibrium = equilibrium_bid(swing_points.round() as i64);
                self.points += points.outcome(ours, theirs) - points.worst(equilibrium);
            }
        }
        booked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::safety::payoff::{clip_toward, regret_points};
    use crate::engine::value::bidding::equilibrium_bid;
    use crate::protocol::BID_MAX_POINTS;
    use crate::rng::Pcg64;

    fn any_group(rng: &mut Pcg64) -> Group {
        if rng.chance(0.5) {
            Group::A
        } else {
            Group::B
        }
    }

    /// Every opponent ask worth trying against `bid`: a grid, and around `bid`.
    fn opponent_asks(bid: (Group, u32)) -> impl Iterator<Item = (Group, u32)> {
        [Group::A, Group::B].into_iter().flat_map(move |h| {
            (0..=BID_MAX_POINTS)
                .step_by(3)
                .chain([bid.1.saturating_sub(1), bid.1, bid.1 + 1])
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
    fn worst_cases_match_brute_force() {
        let mut rng = Pcg64::seed_from_u64(8);
        for _ in 0..40 {
            let swing = rng.below(160_001) as f64 - 80_000.0;
            let eq = equilibrium_bid(swing as i64);
            let points = Pricing::Points {
                swing_points: swing,
            };
            // The equilibrium bid guarantees half the swing.
            assert!((points.worst(eq) - swing / 2.0).abs() <= 2.0, "{swing}");
            let win = Pricing::Win {
                a: curve(rng.below(40_001) as i64 - 20_000),
                b: curve(rng.below(40_001) as i64 - 20_000),
                swing_points: swing,
            };
            for pricing in [points, win] {
                let bid = (any_group(&mut rng), rng.below(30_001) as u32);
                let least = opponent_asks(bid)
                    .map(|y| pricing.outcome(bid, y))
                    .fold(f64::MAX, f64::min);
                // The closed form may sit up to two points below the integer infimum
                // (it takes the opponent's ask at our amount itself, not one below).
                let slack = match pricing {
                    Pricing::Points { .. } => 2.0,
                    Pricing::Win { .. } => 1e-3,
                };
                assert!(pricing.worst(bid) <= least + 1e-9, "{bid:?}");
                assert!(pricing.worst(bid) >= least - slack, "{bid:?}");
                assert_eq!(risk(&pricing, eq, eq), 0.0);
                assert!(risk(&pricing, eq, bid) >= 0.0);
            }
        }
    }

    #[test]
    fn gifts_fund_deviations() {
        // S = 40000: the equilibrium bid A 10000 guarantees 20000. A zero bidder on our
        // group leaves it 30000: a gift of 10000.
        let pricing = Pricing::Points {
            swing_points: 40_000.0,
        };
        let reference = equilibrium_bid(40_000);
        let mut account = Account::default();
        let gift = account.settle(
            &Settlement {
                pricing: pricing.clone(),
                reference,
                model_points: reference,
            },
            reference,
            (Group::A, 0),
        );
        assert!((gift - 10_000.0).abs() < 1.0, "{gift}");
        assert_eq!(account.deviations, 0);
        // Each point bid below 10000 risks two (an ask just above ours takes the bundle
        // and pays only our amount plus one): 5000 now fits, 1 does not.
        assert!(risk(&pricing, reference, (Group::A, 5_000)) <= account.points);
        assert!(risk(&pricing, reference, (Group::A, 1)) > account.points);
    }

    #[test]
    fn the_opponents_gifts_never_feed_the_regret_account() {
        // S = 40000 favours A; the safe bid A 10000 guarantees 20000 (points).
        let settlement = Settlement {
            pricing: Pricing::Points {
                swing_points: 40_000.0,
            },
            reference: equilibrium_bid(40_000),
            model_points: equilibrium_bid(40_000),
        };
        // They ask A with 0 (a contested gift of 10000) or B with 3 (a quiet one): the safe
        // bid earns above its guarantee, which the equilibrium bidder keeps too, so the
        // regret account does not move; a bid of ours that earns less than the safe bid
        // against the same ask draws it down by the difference.
        for theirs in [(Group::A, 0), (Group::B, 3)] {
            let mut account = Account::default();
            account.settle(&settlement, settlement.reference, theirs);
            assert_eq!(account.regret, REGRET_ALLOWANCE.get(), "{theirs:?}");
        }
        let mut account = Account::default();
        account.settle(&settlement, (Group::B, 0), (Group::A, 0));
        let lost = payoff(40_000.0, Group::A, 10_000, Group::A, 0)
            - payoff(40_000.0, Group::B, 0, Group::A, 0);
        assert!(lost > 0.0);
        assert!((account.regret - (REGRET_ALLOWANCE.get() - lost)).abs() < 1e-6);
    }

    #[test]
    fn regret_matches_brute_force() {
        let mut rng = Pcg64::seed_from_u64(12);
        for _ in 0..200 {
            let swing = rng.below(120_001) as f64 - 60_000.0;
            let reference = equilibrium_bid(swing as i64);
            let bid = (any_group(&mut rng), rng.below(40_001) as u32);
            let brute = opponent_asks(bid)
                .chain(opponent_asks(reference))
                .map(|y| {
                    payoff(swing, reference.0, reference.1, y.0, y.1)
                        - payoff(swing, bid.0, bid.1, y.0, y.1)
                })
                .fold(0.0f64, f64::max);
            let closed = regret_points(swing, reference, bid);
            assert!(
                (closed - brute).abs() < 1e-6,
                "{swing} {bid:?}: {closed} {brute}"
            );
            assert!(
                closed
                    >= risk(
                        &Pricing::Points {
                            swing_points: swing
                        },
                        reference,
                        bid
                    ) - 1e-6
            );
        }
        assert_eq!(
            regret_points(4_000.0, (Group::A, 1_000), (Group::A, 1_000)),
            0.0
        );
        // Under-bidding by Δ regrets about 3Δ: an ask just above ours takes the bundle the
        // safe bid would have won.
        let r = regret_points(40_000.0, (Group::A, 10_000), (Group::A, 9_000));
        assert_eq!(r, 2_998.0);
    }

    #[test]
    fn clipping_stops_at_the_edge_of_the_limits() {
        let reference = (Group::A, 10_000);
        let fits = |x: u32| reference.1 - x.min(reference.1) <= 1_234;
        assert_eq!(
            clip_toward(reference, (Group::A, 5), fits),
            Some((Group::A, 8_766))
        );
        assert_eq!(clip_toward(reference, (Group::B, 5), fits), None);
        assert_eq!(clip_toward(reference, (Group::A, 9_999), |_| false), None);
        // Above the reference too.
        let below = |x: u32| x <= 12_000;
        assert_eq!(
            clip_toward(reference, (Group::A, 30_000), below),
            Some((Group::A, 12_000))
        );
    }

    /// The guarantees, against opponents that know everything: random asks, a zero bidder,
    /// and two punishers that answer each of our bids with the ask that leaves it the least
    /// (next to the guarantee) or that it most regrets (next to the safe bid). Whatever
    /// bids we try within the limits, neither account goes below zero: the auctions earn
    /// at least the equilibrium's guarantee less the allowance, and at least what the safe
    /// bids earn against the same asks less the regret allowance.
    #[test]
    fn the_accounts_never_go_negative() {
        let mut rng = Pcg64::seed_from_u64(10);
        for game in 0..400 {
            let mut account = Account::default();
            let (mut earned, mut guaranteed, mut safe) = (0.0, 0.0, 0.0);
            for _ in 0..12 {
                let swing = rng.below(120_001) as f64 - 60_000.0;
                let pricing = Pricing::Points {
                    swing_points: swing,
                };
                let reference = equilibrium_bid(swing as i64);
                let limits = account.limits(false);
                let mut bid = reference;
                for _ in 0..20 {
                    let try_bid = (any_group(&mut rng), rng.below(30_001) as u32);
                    if limits.allow(
                        swing,
                        reference,
                        try_bid,
                        risk(&pricing, reference, try_bid),
                    ) {
                        bid = try_bid;
                        break;
                    }
                }
                let least = |value: &dyn Fn(&(Group, u32)) -> f64| {
                    opponent_asks(bid)
                        .min_by(|p, q| value(p).total_cmp(&value(q)))
                        .unwrap_or((Group::A, 0))
                };
                let theirs = match game % 4 {
                    0 => (any_group(&mut rng), rng.below(40_001) as u32),
                    1 => (any_group(&mut rng), 0),
                    2 => least(&|y| pricing.outcome(bid, *y)),
                    _ => least(&|y| pricing.outcome(bid, *y) - pricing.outcome(reference, *y)),
                };
                guaranteed += pricing.worst(reference);
                earned += pricing.outcome(bid, theirs);
                safe += pricing.outcome(reference, theirs);
                let settlement = Settlement {
                    pricing,
                    reference,
                    model_points: bid,
                };
                account.settle(&settlement, bid, theirs);
                assert!(account.points >= -1e-9, "game {game}: {account:?}");
                assert!(account.regret >= -1e-6, "game {game}: {account:?}");
            }
            assert!(earned >= guaranteed - POINTS_ALLOWANCE.get() - 1e-6);
            assert!(earned >= safe - REGRET_ALLOWANCE.get() - 1e-6);
            let books = POINTS_ALLOWANCE.get() + account.gifts[0] + account.profit[0];
            assert!((books - account.points).abs() < 1e-6, "{account:?}");
            assert!(account.win_budget() >= WIN_ALLOWANCE.get() - 1e-12);
        }
    }
}
