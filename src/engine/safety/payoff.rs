//! The auction's payoffs, shared by both bidders and the safety account: what an ask earns
//! against an opponent ask, in points (relative to "we get B and nobody pays", so getting A
//! is worth the swing `S`) and in win probability (on the win curves), its worst case over
//! every opponent ask, its risk and regret next to a safe bid, the limits a bid must keep
//! to, and the shape of a chosen bid. Everything here follows from the one payoff rule,
//! [`our_outcomes`].

use crate::engine::search::wincurve::WinCurve;
use crate::protocol::{Group, BID_MAX_POINTS};
use crate::rules::auction::{our_outcomes, SealedBid};

/// A chosen bid and the objective it reached.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Response {
    pub group: Group,
    pub amount: u32,
    pub objective_points: f64,
    /// The hedge weight λ used.
    pub lambda: f64,
    /// The safe reference bid (the equilibrium bid; on win curves, the maximin bid).
    pub reference: (Group, u32),
    /// The most this bid can lose next to the reference against any opponent bid.
    pub risk: f64,
}

/// What receiving `group` is worth next to receiving B with nothing paid: the swing for A.
pub fn base(swing_points: f64, group: Group) -> f64 {
    match group {
        Group::A => swing_points,
        Group::B => 0.0,
    }
}

/// Our payoff (points) for ask (g, x) against their ask (h, y): the auction's own rule
/// ([`our_outcomes`]), a tie being a fair coin.
pub fn payoff(swing_points: f64, g: Group, x: u32, h: Group, y: u32) -> f64 {
    let [win_tie, lose_tie] = our_outcomes(SealedBid::new(g, x), SealedBid::new(h, y))
        .map(|(got, delta)| base(swing_points, got) + delta as f64);
    0.5 * (win_tie + lose_tie)
}

/// The least payoff of ask (g, x) over every opponent bid.
pub fn worst_case(swing_points: f64, g: Group, x: u32) -> f64 {
    let x = x as f64;
    (base(swing_points, g.other()) + 2.0 * x).min(base(swing_points, g) - 2.0 * x)
}

/// Weight of one point of expected margin next to a win probability of 1: a tie-break,
/// so that where the win probability cannot be moved the bid keeps its points. Larger
/// weights kept more margin but made our bids easier to read: against a copy of the bot
/// reading our bids, the bot scored above half at 1e-9 and below half at 1e-5.
/// Measured: docs/experiments/2026-11-23-safe-exploitation.md#margin-weight.
pub const MARGIN_PER_POINT: f64 = 1e-9;

/// The two curves: we get A, we get B.
pub struct Curves<'a> {
    pub a: &'a WinCurve,
    pub b: &'a WinCurve,
    pub swing_points: f64,
}

impl Curves<'_> {
    /// Value of receiving `g` with net transfer `delta` (points).
    fn value(&self, g: Group, delta: f64) -> f64 {
        let (curve, base) = match g {
            Group::A => (self.a, self.swing_points),
            Group::B => (self.b, 0.0),
        };
        curve.at(delta) + MARGIN_PER_POINT * (base + delta)
    }

    /// Our value for ask (g, x) against their ask (h, y).
    pub fn outcome(&self, g: Group, x: u32, h: Group, y: u32) -> f64 {
        self.settled(g, x, h, y, |group, delta| self.value(group, delta))
    }

    /// The win probability alone (without the margin that breaks ties between equal
    /// probabilities) for ask (g, x) against their ask (h, y).
    pub fn win_probability(&self, g: Group, x: u32, h: Group, y: u32) -> f64 {
        self.settled(g, x, h, y, |group, delta| match group {
            Group::A => self.a.at(delta),
            Group::B => self.b.at(delta),
        })
    }

    /// `value` of the auction's outcome for ask (g, x) against (h, y): the auction's own
    /// rule; a tie is a fair coin.
    fn settled(
        &self,
        g: Group,
        x: u32,
        h: Group,
        y: u32,
        value: impl Fn(Group, f64) -> f64,
    ) -> f64 {
        let [(g1, d1), (g2, d2)] = our_outcomes(SealedBid::new(g, x), SealedBid::new(h, y));
        if (g1, d1) == (g2, d2) {
            value(g1, d1 as f64)
        } else {
            0.5 * (value(g1, d1 as f64) + value(g2, d2 as f64))
        }
    }

    /// The least value of ask (g, x) over every opponent bid (values grow with δ).
    pub fn worst_case(&self, g: Group, x: u32) -> f64 {
        let xf = x as f64;
        let mut worst = self.value(g, -xf); // they ask the other group with 0
        worst = worst.min(self.outcome(g, x, g, x)); // a tie
        if x > 0 {
            worst = worst.min(self.value(g, -2.0 * xf + 1.0)); // they bid just below
        }
        if x < BID_MAX_POINTS {
            worst = worst.min(self.value(g.other(), 2.0 * xf + 1.0)); // just above
        }
        worst
    }
}

/// The most a bid whose worst case is `worst_bid` can earn below a safe bid that
/// guarantees `guaranteed` (the risk of [`super::account::risk`]).
pub fn risk_below(guaranteed: f64, worst_bid: f64) -> f64 {
    (guaranteed - worst_bid).max(0.0)
}

/// The most `bid` can earn below `reference` in points against one opponent ask, over
/// every ask: its regret next to the safe bid. Both payoffs are piecewise linear in the
/// opponent's amount with kinks only at the two bids, so the ends and the kinks (with
/// their neighbours, for the ties) are every candidate.
pub fn regret_points(swing_points: f64, reference: (Group, u32), bid: (Group, u32)) -> f64 {
    if bid == reference {
        return 0.0;
    }
    let mut amounts = vec![0, BID_MAX_POINTS];
    for x in [reference.1, bid.1] {
        amounts.extend([x.saturating_sub(1), x, (x + 1).min(BID_MAX_POINTS)]);
    }
    let mut worst = 0.0f64;
    for h in Group::BOTH {
        for &y in &amounts {
            let safe = payoff(swing_points, reference.0, reference.1, h, y);
            let ours = payoff(swing_points, bid.0, bid.1, h, y);
            worst = worst.max(safe - ours);
        }
    }
    worst
}

/// What an auction's bid may risk: win probability below the safe bid's guarantee
/// (`win`, win rounds only), points of worst case below it
/// ([`super::trust::Trust::risk_cap_points`]), and points of regret next to it
/// ([`super::account::Account::regret`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Points below the safe bid's guarantee (expected-score rounds) or win probability
    /// below it (win rounds).
    pub risk: f64,
    /// Points of worst case below the safe bid's, by the model's trust.
    pub points_risk: f64,
    /// Points of regret next to the safe bid.
    pub regret_points: f64,
}

/// The allowed bid on `bid`'s group closest to `bid` between it and `reference` (same
/// group), when `bid` itself is not allowed: risk and regret grow with the distance from
/// the safe bid, so a binary search finds the edge. `None` on another group, or when no
/// amount but the reference's is allowed.
pub fn clip_toward(
    reference: (Group, u32),
    bid: (Group, u32),
    allowed: impl Fn(u32) -> bool,
) -> Option<(Group, u32)> {
    if bid.0 != reference.0 || bid.1 == reference.1 {
        return None;
    }
    // `inside` is allowed (the reference), `outside` is not (the bid).
    let (mut inside, mut outside) = (reference.1, bid.1);
    while inside.abs_diff(outside) > 1 {
        let middle = if inside < outside {
            inside + (outside - inside) / 2
        } else {
            outside + (inside - outside) / 2
        };
        if allowed(middle) {
            inside = middle;
        } else {
            outside = middle;
        }
    }
    (inside != reference.1).then_some((bid.0, inside))
}

impl Limits {
    /// No limit (test adversaries).
    pub const NONE: Limits = Limits {
        risk: f64::INFINITY,
        points_risk: f64::INFINITY,
        regret_points: f64::INFINITY,
    };

    /// The limits of an auction priced in points, each widened to at least `points`.
    pub fn widened_to(self, points: f64) -> Limits {
        Limits {
            risk: self.risk.max(points),
            points_risk: self.points_risk.max(points),
            regret_points: self.regret_points.max(points),
        }
    }

    /// Whether `bid`, whose risk in the auction's own unit is `risk`, fits next to
    /// `reference` for swing `swing_points`.
    pub fn allow(
        &self,
        swing_points: f64,
        reference: (Group, u32),
        bid: (Group, u32),
        risk: f64,
    ) -> bool {
        // Within the stakes at which the model has held, or within what the model's own
        // deviations have earned (never the opponent's gifts, which the safe bid keeps).
        risk <= self.risk
            && points_risk(swing_points, reference, bid) <= self.points_risk
            && (self.regret_points.is_infinite()
                || regret_points(swing_points, reference, bid) <= self.regret_points)
    }
}

/// The risk in points of `bid` next to the safe bid `reference` (the equilibrium bid in
/// expected-score rounds, the maximin bid on win curves) for swing `swing_points`: how
/// much lower its worst case over every opponent bid is.
pub fn points_risk(swing_points: f64, reference: (Group, u32), bid: (Group, u32)) -> f64 {
    let worst = |b: (Group, u32)| worst_case(swing_points, b.0, b.1);
    (worst(reference) - worst(bid)).max(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payoffs_follow_the_rules() {
        // Different groups: both pay.
        assert_eq!(
            payoff(100.0, Group::A, 10, Group::B, 30),
            100.0 - 10.0 + 30.0
        );
        // Same group, we win: we pay, they earn.
        assert_eq!(payoff(100.0, Group::A, 30, Group::A, 10), 100.0 - 40.0);
        // Same group, we lose: we earn, they pay.
        assert_eq!(payoff(100.0, Group::A, 10, Group::A, 30), 40.0);
        // A tie is a coin.
        assert_eq!(payoff(100.0, Group::A, 20, Group::A, 20), 50.0);
        assert_eq!(worst_case(100.0, Group::A, 25), 50.0);
    }
}
