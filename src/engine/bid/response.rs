//! The best response to a predicted bid, hedged by how much of the opponent is unexplained.
//!
//! Payoffs are changes of the expected score difference (us − them), in points, relative
//! to "we get B and nobody pays", so getting A is worth the swing `S`. With our ask
//! (g, x) and theirs (h, y):
//! - different groups: we get g; we pay x, they pay y: `base(g) − x + y`;
//! - same group, x > y: we get g, pay x, they earn y: `base(g) − x − y`;
//! - same group, x < y: we get the other, earn x, they pay y: `base(other) + x + y`;
//! - same group, x = y: a fair coin between the two.
//!
//! The objective is `(1 − λ) · E_model[payoff] + λ · worst-case payoff`, with λ the weight
//! the model leaves unexplained plus a floor. The worst case of ask (g, x) is
//! `min(base(other) + 2x, base(g) − 2x)`, maximised by the equilibrium `x = |S|/4`, so with
//! no evidence the response is the equilibrium bid, and it strays only as far as the
//! evidence pays for. On top of that, [`best_response_within`] keeps to bids whose risk
//! next to the equilibrium bid fits the game's account ([`crate::engine::safety::account`]).

use crate::engine::model::opponent::{Atom, Predictive, MIN_OBSERVED_ROUNDS};
use crate::engine::safety::payoff::{base, clip_toward, points_risk, worst_case, Limits, Response};
use crate::engine::tunables::ROBUST_FLOOR;
use crate::engine::value::bidding::equilibrium_bid;
use crate::protocol::{Group, BID_MAX_POINTS};

/// Expected payoff of (g, x) over atoms (weights normalised by `total`), using prefix sums
/// over the same-group atoms sorted by amount.
struct Expectation<'a> {
    swing: f64,
    same: [Vec<&'a Atom>; 2],
    /// Prefix sums of weight and weight × amount over `same[g]`.
    prefix: [Vec<(f64, f64)>; 2],
    total: [(f64, f64); 2],
    norm: f64,
}

impl<'a> Expectation<'a> {
    fn new(swing: f64, atoms: &'a [Atom]) -> Expectation<'a> {
        let mut same: [Vec<&Atom>; 2] = [Vec::new(), Vec::new()];
        for atom in atoms {
            same[atom.group.index()].push(atom);
        }
        let prefix = [0, 1].map(|i| {
            let mut acc = (0.0, 0.0);
            let mut out = vec![acc];
            for a in &same[i] {
                acc = (acc.0 + a.weight, acc.1 + a.weight * a.amount as f64);
                out.push(acc);
            }
            out
        });
        let total = [0, 1].map(|i| prefix[i].last().copied().unwrap_or((0.0, 0.0)));
        let norm = total[0].0 + total[1].0;
        Expectation {
            swing,
            same,
            prefix,
            total,
            norm,
        }
    }

    /// `(1 − λ)` times the expected payoff plus `λ` times the worst case.
    fn hedged(&self, lambda: f64, g: Group, x: u32) -> f64 {
        (1.0 - lambda) * self.value(g, x) + lambda * worst_case(self.swing, g, x)
    }

    fn value(&self, g: Group, x: u32) -> f64 {
        if self.norm <= 0.0 {
            return 0.0;
        }
        let gi = g.index();
        let mine = base(self.swing, g);
        let other = base(self.swing, g.other());
        let xf = x as f64;
        // They ask the other group.
        let (w_o, wy_o) = self.total[1 - gi];
        let mut sum = w_o * (mine - xf) + wy_o;
        // They ask ours: split by amount below, equal to, above x.
        let atoms = &self.same[gi];
        let lt = atoms.partition_point(|a| a.amount < x);
        let le = atoms.partition_point(|a| a.amount <= x);
        let p = &self.prefix[gi];
        let (w_lt, wy_lt) = p[lt];
        let (w_le, wy_le) = p[le];
        let (w_all, wy_all) = self.total[gi];
        sum += w_lt * (mine - xf) - wy_lt;
        let (w_eq, _) = (w_le - w_lt, wy_le - wy_lt);
        sum += w_eq * 0.5 * (mine + other);
        let (w_gt, wy_gt) = (w_all - w_le, wy_all - wy_le);
        sum += w_gt * (other + xf) + wy_gt;
        sum / self.norm
    }
}

/// The hedged objective of ask (g, x) against `predictive`, points: what
/// [`best_response_within`] maximises (the worst case alone before the model has observed a
/// round), and what the review of a game measures a bid's cost in points with.
pub fn points_objective(swing_points: f64, predictive: &Predictive, g: Group, x: u32) -> f64 {
    if predictive.observed < MIN_OBSERVED_ROUNDS || predictive.atoms.is_empty() {
        return worst_case(swing_points, g, x);
    }
    let lambda = (predictive.hedge() + ROBUST_FLOOR.get()).clamp(0.0, 1.0);
    let expectation = Expectation::new(swing_points, &predictive.atoms);
    expectation.hedged(lambda, g, x)
}

/// The bid maximising the hedged objective against `predictive`, for swing `S` (points),
/// with no limit on its risk (for test adversaries; the bot uses [`best_response_within`]).
pub fn best_response(swing_points: f64, predictive: &Predictive) -> Response {
    best_response_within(swing_points, predictive, &Limits::NONE)
}

/// The bid maximising the hedged objective among those `limits` allow next to the
/// equilibrium bid (risk in points below its guarantee, against any opponent bid).
pub fn best_response_within(
    swing_points: f64,
    predictive: &Predictive,
    limits: &Limits,
) -> Response {
    let (eq_group, eq_amount) = equilibrium_bid(swing_points.round() as i64);
    let reference = (eq_group, eq_amount);
    let equilibrium = Response {
        group: eq_group,
        amount: eq_amount,
        objective_points: worst_case(swing_points, eq_group, eq_amount),
        lambda: 1.0,
        reference,
        risk: 0.0,
    };
    if predictive.observed < MIN_OBSERVED_ROUNDS || predictive.atoms.is_empty() {
        return equilibrium;
    }
    let lambda = (predictive.hedge() + ROBUST_FLOOR.get()).clamp(0.0, 1.0);
    let expectation = Expectation::new(swing_points, &predictive.atoms);
    let objective = |g: Group, x: u32| expectation.hedged(lambda, g, x);
    let mut best = Response {
        objective_points: objective(eq_group, eq_amount),
        lambda,
        ..equilibrium
    };
    let allowed = |g: Group, x: u32| {
        limits.allow(
            swing_points,
            reference,
            (g, x),
            points_risk(swing_points, reference, (g, x)),
        )
    };
    let mut consider = |g: Group, x: u32| {
        let value = objective(g, x);
        if value <= best.objective_points {
            return;
        }
        // A bid beyond the limits is moved back towards the equilibrium bid until it fits
        // (the objective is linear in between, so part of the way keeps part of the gain).
        let (g, x, value) = if allowed(g, x) {
            (g, x, value)
        } else {
            match clip_toward(reference, (g, x), |x| allowed(g, x)) {
                Some((g, x)) => (g, x, objective(g, x)),
                None => return,
            }
        };
        if value > best.objective_points {
            best = Response {
                group: g,
                amount: x,
                objective_points: value,
                lambda,
                reference,
                risk: points_risk(swing_points, reference, (g, x)),
            };
        }
    };
    // Between the amounts of their same-group atoms the objective is linear in x (with a
    // kink at the equilibrium): its maximum is at 0, at the equilibrium, or next to an atom.
    for g in [Group::A, Group::B] {
        consider(g, 0);
        for atom in predictive.atoms.iter().filter(|a| a.group == g) {
            for x in [
                atom.amount.saturating_sub(1),
                atom.amount,
                atom.amount.saturating_add(1),
            ] {
                consider(g, x.min(BID_MAX_POINTS));
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::model::opponent::Atom;
    use crate::engine::safety::payoff::payoff;

    fn point(group: Group, amount: u32, observed: usize) -> Predictive {
        Predictive {
            atoms: vec![Atom {
                group,
                amount,
                weight: 1.0,
            }],
            unexplained: 0.0,
            read: 0.0,
            observed,
        }
    }

    #[test]
    fn no_evidence_means_the_equilibrium_bid() {
        let r = best_response(40_000.0, &point(Group::A, 30_000, 0));
        assert_eq!((r.group, r.amount), (Group::A, 10_000));
    }

    #[test]
    fn against_an_over_bidder_we_let_it_pay() {
        // S = 40000, they ask A with 30000 > S/4: losing at 29999 earns 59999.
        let r = best_response(40_000.0, &point(Group::A, 30_000, 3));
        assert_eq!((r.group, r.amount), (Group::A, 29_999));
    }

    #[test]
    fn against_an_under_bidder_we_win_just_above() {
        // S = 40000, they ask A with 2000 < S/4: winning at 2001 is worth S - 4001.
        let r = best_response(40_000.0, &point(Group::A, 2_000, 3));
        assert_eq!((r.group, r.amount), (Group::A, 2_001));
    }

    #[test]
    fn against_a_zero_bidder_on_the_other_group_we_pay_nothing() {
        let r = best_response(40_000.0, &point(Group::B, 0, 3));
        assert_eq!((r.group, r.amount), (Group::A, 0));
    }

    #[test]
    fn the_prefix_sum_expectation_is_the_mean_payoff() {
        // Expectation::value is a closed form of the mean of `payoff` (the auction's own
        // rule) over the atoms: check it on atoms below, at and above each ask, both groups.
        let asks = [
            (Group::A, 0, 1.0),
            (Group::A, 300, 2.0),
            (Group::A, 300, 0.5),
            (Group::B, 120, 1.5),
            (Group::A, 900, 0.25),
            (Group::B, 4_000, 1.0),
        ];
        let atoms: Vec<Atom> = asks
            .map(|(group, amount, weight)| Atom {
                group,
                amount,
                weight,
            })
            .to_vec();
        let total: f64 = atoms.iter().map(|a| a.weight).sum();
        for swing in [-2_500.0, 0.0, 1_234.5] {
            let expectation = Expectation::new(swing, &atoms);
            for g in Group::BOTH {
                for x in [0, 1, 120, 299, 300, 301, 900, 5_000] {
                    let mean = atoms
                        .iter()
                        .map(|a| a.weight * payoff(swing, g, x, a.group, a.amount))
                        .sum::<f64>()
                        / total;
                    let closed = expectation.value(g, x);
                    assert!(
                        (closed - mean).abs() < 1e-9,
                        "{swing} {g} {x}: {closed} {mean}"
                    );
                }
            }
        }
    }

    #[test]
    fn bids_stay_in_range() {
        for swing in [-1e9, -250_000.0, -1.0, 0.0, 3.0, 399_999.0, 1e9] {
            for amount in [0, 1, 50_000, 99_999, BID_MAX_POINTS] {
                for group in [Group::A, Group::B] {
                    let r = best_response(swing, &point(group, amount, 2));
                    assert!(r.amount <= BID_MAX_POINTS, "{swing} {amount} {r:?}");
                }
            }
        }
    }
}
