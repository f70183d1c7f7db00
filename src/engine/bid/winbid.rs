//! Bidding for the win: the hedged best response with P(win) as the payoff.
//!
//! Same structure as [`super::response`]: `(1 − λ) · E_model + λ · worst case`, but the
//! value of an outcome (bundle g received, net transfer δ) is the win curve `W_g(δ)`
//! plus a tiny multiple of the expected score difference (`MARGIN_PER_POINT`), so that
//! where the win probability cannot be moved the bid still maximises the expected margin.

use crate::engine::model::opponent::{Predictive, MIN_OBSERVED_ROUNDS};
use crate::engine::safety::payoff::{
    clip_toward, risk_below, Curves, Limits, Response, MARGIN_PER_POINT,
};
use crate::engine::search::wincurve::WinCurve;
use crate::engine::tunables::{RANDOMIZE_FROM_HEDGE, RANDOMIZE_MARGIN_POINTS, ROBUST_FLOOR_WIN};
use crate::engine::value::bidding::equilibrium_bid;
use crate::protocol::{Group, BID_MAX_POINTS};
use crate::rng::Pcg64;

/// Scale factors of the equilibrium amount also tried as candidates (besides 0, the model's
/// atoms ±1 and the curves' critical amounts). A coarse grid set by hand (eccc4fe); not
/// measured.
const EQUILIBRIUM_MULTIPLES: [f64; 8] = [0.25, 0.5, 0.75, 1.25, 1.5, 2.0, 3.0, 4.0];

/// The private draw among near-best win bids: the generator, and how far below the best
/// objective a drawn bid may be.
pub struct Draw<'a> {
    pub rng: &'a mut Pcg64,
    pub tolerance: f64,
    /// Where the bids drawn among are written (each as likely), when they are more than
    /// one: the randomness a referee that knows the player may correct for (the luck's
    /// action terms, AIVAT's).
    pub among: Option<&'a mut Vec<(Group, u32)>>,
}

impl<'a> Draw<'a> {
    /// The draw with a tolerance of `permille` thousandths of win probability (plus the
    /// margin's); none at 0.
    pub fn new(rng: &'a mut Pcg64, permille: u16) -> Option<Draw<'a>> {
        (permille > 0).then(|| Draw {
            rng,
            tolerance: Draw::tolerance_of(permille),
            among: None,
        })
    }

    /// The same, writing the bids drawn among to `among`.
    pub fn recording(mut self, among: &'a mut Vec<(Group, u32)>) -> Draw<'a> {
        self.among = Some(among);
        self
    }

    /// The tolerance of `permille` thousandths of win probability, margin included.
    pub fn tolerance_of(permille: u16) -> f64 {
        permille as f64 / 1_000.0 + MARGIN_PER_POINT * RANDOMIZE_MARGIN_POINTS.get()
    }
}

/// The weight the win objective gives the worst case: what the model cannot explain, and
/// all of it before the model has observed a round.
fn win_hedge(predictive: &Predictive) -> f64 {
    let use_model = predictive.observed >= MIN_OBSERVED_ROUNDS && !predictive.atoms.is_empty();
    if use_model {
        (predictive.hedge() + ROBUST_FLOOR_WIN.get()).clamp(0.0, 1.0)
    } else {
        1.0
    }
}

/// The hedged win objective of ask (g, x) against `predictive`: `(1 − λ)` times its
/// expected value over the model's predicted bids plus `λ` times its worst case over every
/// bid, with `λ` the weight the model cannot explain (all of it before the model has
/// observed a round). The value of an outcome is its win probability plus the margin's
/// tie-break ([`MARGIN_PER_POINT`]). What [`best_win_response_with`] maximises, and what
/// the review of a game measures a bid's error with.
pub fn win_objective(curves: &Curves, predictive: &Predictive, g: Group, x: u32) -> f64 {
    let lambda = win_hedge(predictive);
    let norm: f64 = predictive.atoms.iter().map(|a| a.weight).sum();
    let expected = if lambda < 1.0 && norm > 0.0 {
        predictive
            .atoms
            .iter()
            .map(|a| a.weight * curves.outcome(g, x, a.group, a.amount))
            .sum::<f64>()
            / norm
    } else {
        0.0
    };
    (1.0 - lambda) * expected + lambda * curves.worst_case(g, x)
}

/// The bid maximising the hedged win objective (deterministic, no limit on its risk: for
/// test adversaries).
pub fn best_win_response(curves: &Curves, predictive: &Predictive) -> Response {
    best_win_response_with(curves, predictive, None, &Limits::NONE)
}

/// The bid maximising the hedged win objective among those `limits` allow next to the
/// maximin bid (risk in win probability below its guarantee, against any opponent bid);
/// with `draw`, against an opponent that may read our bids, one drawn among the allowed
/// bids within its tolerance of the best.
pub fn best_win_response_with(
    curves: &Curves,
    predictive: &Predictive,
    draw: Option<Draw>,
    limits: &Limits,
) -> Response {
    let swing = curves.swing_points;
    let (eq_group, eq_amount) = equilibrium_bid(swing.round() as i64);
    let use_model = predictive.observed >= MIN_OBSERVED_ROUNDS && !predictive.atoms.is_empty();
    let lambda = win_hedge(predictive);
    let objective = |g: Group, x: u32| win_objective(curves, predictive, g, x);

    let mut candidates: Vec<u32> = vec![0, eq_amount];
    candidates.extend(
        EQUILIBRIUM_MULTIPLES
            .iter()
            .map(|m| (eq_amount as f64 * m).round() as u32),
    );
    if use_model {
        for atom in &predictive.atoms {
            candidates.extend([atom.amount.saturating_sub(1), atom.amount, atom.amount + 1]);
        }
    }
    candidates.extend(critical_amounts(curves.a).chain(critical_amounts(curves.b)));
    candidates.retain(|&x| x <= BID_MAX_POINTS);
    candidates.sort_unstable();
    candidates.dedup();

    let scored: Vec<(Group, u32, f64)> = [Group::A, Group::B]
        .into_iter()
        .flat_map(|g| candidates.iter().map(move |&x| (g, x)))
        .map(|(g, x)| (g, x, objective(g, x)))
        .collect();
    // The reference: the maximin bid (the equilibrium bid when nothing beats its worst
    // case), which safe exploitation measures every deviation against.
    let mut reference = (eq_group, eq_amount);
    let mut reference_worst = curves.worst_case(eq_group, eq_amount);
    for &(g, x, _) in &scored {
        let worst = curves.worst_case(g, x);
        if worst > reference_worst + 1e-12 {
            reference = (g, x);
            reference_worst = worst;
        }
    }
    let response = |(g, x): (Group, u32), objective_points: f64, risk: f64| Response {
        group: g,
        amount: x,
        objective_points,
        lambda,
        reference,
        risk,
    };
    let allowed = |g: Group, x: u32, risk: f64| limits.allow(swing, reference, (g, x), risk);
    // Best first; the first allowed one wins (the reference always is: risk 0).
    let mut ranked: Vec<&(Group, u32, f64)> = scored.iter().collect();
    ranked.sort_by(|p, q| q.2.total_cmp(&p.2));
    let mut best = response(reference, objective(reference.0, reference.1), 0.0);
    let risk_of = |g: Group, x: u32| risk_below(reference_worst, curves.worst_case(g, x));
    for &&(g, x, value) in &ranked {
        if value <= best.objective_points + 1e-12 {
            break;
        }
        let risk = risk_of(g, x);
        if allowed(g, x, risk) {
            best = response((g, x), value, risk);
            break;
        }
        // Part of the way from the maximin bid, where the whole way is beyond the limits.
        if let Some((g, x)) = clip_toward(reference, (g, x), |x| allowed(g, x, risk_of(g, x))) {
            let value = objective(g, x);
            if value > best.objective_points + 1e-12 {
                best = response((g, x), value, risk_of(g, x));
            }
        }
    }
    if let Some(draw) = draw.filter(|_| predictive.hedge() >= RANDOMIZE_FROM_HEDGE.get()) {
        let near: Vec<(Group, u32, f64, f64)> = ranked
            .iter()
            .take_while(|c| c.2 >= best.objective_points - draw.tolerance)
            .map(|&&(g, x, value)| {
                (
                    g,
                    x,
                    value,
                    risk_below(reference_worst, curves.worst_case(g, x)),
                )
            })
            .filter(|c| allowed(c.0, c.1, c.3))
            .collect();
        if let Some(&(g, x, value, risk)) = near.get(draw.rng.below(near.len().max(1))) {
            best = response((g, x), value, risk);
        }
        if let (Some(among), true) = (draw.among, near.len() > 1) {
            among.extend(near.iter().map(|c| (c.0, c.1)));
        }
    }
    best
}

/// The opponent's maximin bid in the auction whose curves (for us) are `curves`: the bid
/// a contestant that bids for the win without an opponent model asks, if it prices the
/// game as we do. Its curve when it gets A is the mirror of ours when we get B, and the
/// swing is the same for both players.
pub fn opponent_maximin(curves: &Curves) -> (Group, u32) {
    let (a, b) = (curves.b.mirrored(), curves.a.mirrored());
    let theirs = Curves {
        a: &a,
        b: &b,
        swing_points: curves.swing_points,
    };
    let r = best_win_response(&theirs, &Predictive::default());
    (r.group, r.amount)
}

/// Amounts at which an exact curve's outcome flips, for each way a transfer is formed
/// (x, 2x, the difference itself), one below and above.
fn critical_amounts(curve: &WinCurve) -> impl Iterator<Item = u32> {
    let diff = match curve {
        WinCurve::Exact { diff_points } => Some(diff_points.unsigned_abs() as f64),
        WinCurve::Pairs { .. } | WinCurve::Mixture(_) => None,
    };
    diff.into_iter().flat_map(|d| {
        [d, d / 2.0]
            .into_iter()
            .flat_map(|c| [c - 1.0, c, c + 1.0])
            .filter(|c| *c >= 0.0)
            .map(|c| c.round() as u32)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::config::DRAW_PERMILLE_DEFAULT;

    #[test]
    fn far_ahead_in_the_last_auction_we_cannot_lose() {
        // We win by 50000 with either bundle: any bid below 25000 is a sure win.
        let a = WinCurve::Exact {
            diff_points: 60_000,
        };
        let b = WinCurve::Exact {
            diff_points: 50_000,
        };
        let curves = Curves {
            a: &a,
            b: &b,
            swing_points: 10_000.0,
        };
        let r = best_win_response(&curves, &Predictive::default());
        assert!(curves.worst_case(r.group, r.amount) > 0.99, "{r:?}");
    }

    #[test]
    fn the_sure_win_interval_is_found_when_it_exists() {
        // D_A = 30000, D_B = -10000: D_A + D_B > 0, so x in (5000, 15000) on A wins surely.
        let a = WinCurve::Exact {
            diff_points: 30_000,
        };
        let b = WinCurve::Exact {
            diff_points: -10_000,
        };
        let curves = Curves {
            a: &a,
            b: &b,
            swing_points: 40_000.0,
        };
        let r = best_win_response(&curves, &Predictive::default());
        assert_eq!(r.group, Group::A);
        assert!(r.amount > 5_000 && r.amount < 15_000, "{r:?}");
        assert!(curves.worst_case(r.group, r.amount) > 0.99);
    }

    #[test]
    fn the_opponents_maximin_is_our_maximin_seen_from_its_seat() {
        // D_A = 30000, D_B = -10000 for us; for the opponent, getting A means we get B.
        let (a, b) = (
            WinCurve::Exact {
                diff_points: 30_000,
            },
            WinCurve::Exact {
                diff_points: -10_000,
            },
        );
        let ours = Curves {
            a: &a,
            b: &b,
            swing_points: 40_000.0,
        };
        // The same position from its seat: it wins by 10000 with A and loses by 30000
        // with B, so it has no sure win; its maximin bid is what best_win_response gives
        // from there.
        let (ta, tb) = (
            WinCurve::Exact {
                diff_points: 10_000,
            },
            WinCurve::Exact {
                diff_points: -30_000,
            },
        );
        let from_its_seat = best_win_response(
            &Curves {
                a: &ta,
                b: &tb,
                swing_points: 40_000.0,
            },
            &Predictive::default(),
        );
        assert_eq!(
            opponent_maximin(&ours),
            (from_its_seat.group, from_its_seat.amount)
        );
        // We have a sure win on A, so its maximin bid cannot stop it: whatever it asks,
        // our maximin bid still wins.
        let mine = best_win_response(&ours, &Predictive::default());
        let (g, y) = opponent_maximin(&ours);
        assert!(ours.outcome(mine.group, mine.amount, g, y) > 0.99);
    }

    #[test]
    fn against_a_reader_the_bid_is_drawn_among_the_near_best() {
        let a = WinCurve::Exact {
            diff_points: 30_000,
        };
        let b = WinCurve::Exact {
            diff_points: -10_000,
        };
        let curves = Curves {
            a: &a,
            b: &b,
            swing_points: 40_000.0,
        };
        let read = Predictive {
            read: 1.0,
            observed: 3,
            ..Predictive::default()
        };
        let best = best_win_response(&curves, &read);
        let mut amounts = std::collections::BTreeSet::new();
        for seed in 0..40 {
            let mut rng = Pcg64::seed_from_u64(seed);
            let draw = Draw::new(&mut rng, DRAW_PERMILLE_DEFAULT);
            let r = best_win_response_with(&curves, &read, draw, &Limits::NONE);
            // Every draw is as good as the best, within the tolerance.
            assert!(
                r.objective_points
                    >= best.objective_points - Draw::tolerance_of(DRAW_PERMILLE_DEFAULT)
            );
            assert!(r.amount <= BID_MAX_POINTS);
            amounts.insert((r.group == Group::A, r.amount));
        }
        assert!(amounts.len() > 3, "the draws vary: {amounts:?}");
        // Without a suspected reader the bid is the deterministic best.
        let mut rng = Pcg64::seed_from_u64(1);
        let plain = best_win_response_with(
            &curves,
            &Predictive::default(),
            Draw::new(&mut rng, DRAW_PERMILLE_DEFAULT),
            &Limits::NONE,
        );
        assert_eq!(plain, best_win_response(&curves, &Predictive::default()));
    }
}
