//! One auction ahead of the value network: a position's curve as the average of the
//! network's curves at the positions the next auction may leave.
//!
//! From a position before round `r`'s roll, each of `n` sampled deals of round `r` (both
//! bundles and the coin of a tie) is settled as the rollouts settle an auction before the
//! last (both players bid the equilibrium: the coin gives the favoured bundle, its winner
//! pays half the swing; each scores by the table, [`super::rollout::settle`]); the network
//! values the position before round `r + 1`'s roll, its distribution moved by the
//! transfer; the curve is the mixture of the `n` (GNU Backgammon's 1-ply on its network,
//! with the chance node sampled). The same deals serve both children of an auction
//! (common random numbers), so their difference is far less noisy than either.

use super::rollout::{settle, FutureRound};
use super::wincurve::{net_curve, WinCurve};
use crate::engine::learned::features::LAST_ROUND;
use crate::engine::learned::net::{Mixture, Net};
use crate::engine::value::choice_cache::ChoiceCache;
use crate::engine::value::state::PlayerState;
use crate::rules::dice::add;

/// The curve of the position (`me`, `opp`) before round `round`'s roll one auction ahead,
/// over `deals` (round `round`'s bundles and coin); `None` where the position after that
/// auction is not one the network values (from round 12's roll on the rest is exact).
pub fn curve_one_ahead(
    net: &Net,
    me: &PlayerState,
    opp: &PlayerState,
    round: u8,
    deals: &[FutureRound],
    cache: &mut ChoiceCache,
) -> Option<WinCurve> {
    if round + 1 > LAST_ROUND || deals.is_empty() {
        return None;
    }
    let share = 1.0 / deals.len() as f64;
    let mut parts = Vec::new();
    for deal in deals {
        let (mut me1, mut opp1) = (*me, *opp);
        let choices = [(me, &deal.a), (me, &deal.b), (opp, &deal.a), (opp, &deal.b)]
            .map(|(p, x)| cache.best_choice(p.used, p.upper_k, &add(&p.held, x)));
        let transfer = settle(
            &mut me1,
            &mut opp1,
            (deal.a, deal.b, deal.we_win_coin),
            choices,
        );
        // The transfer is not yet in either score: it moves the whole distribution.
        let WinCurve::Mixture(m) = net_curve(net, &me1, &opp1, round + 1).shifted(transfer as f64)
        else {
            return None;
        };
        parts.extend(m.parts.into_iter().map(|mut c| {
            c.weight *= share;
            c
        }));
    }
    Some(WinCurve::Mixture(Mixture { parts }))
}
