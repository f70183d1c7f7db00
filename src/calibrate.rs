//! `yacht-bot calibrate`: the spread of the final score difference around the table's
//! prediction after each round's auction, in self-play of the table-and-equilibrium bot.
//! This is where `engine::endgame::FINAL_DIFF_SIGMA_POINTS` comes from.

use crate::engine::bidding::{bundle_values, POINTS_PER_UNIT};
use crate::engine::{Bot, BotConfig};
use crate::protocol::{Answer, Command, Group};
use crate::rules::auction::{resolve, SealedBid, AUCTION_ROUNDS};
use crate::selfplay::Deal;

/// Mean and standard deviation (points), per round, of final difference minus the
/// prediction (current difference + bid transfer + our G − their G of the bundles received).
pub fn final_diff_spread(games: usize, seed: u64) -> Vec<(f64, f64)> {
    let mut errors: Vec<Vec<f64>> = (0..AUCTION_ROUNDS)
        .map(|_| Vec::with_capacity(games))
        .collect();
    let config = BotConfig::default_equilibrium();
    let group = |g: u8| if g == 0 { Group::A } else { Group::B };
    for deal in Deal::seeded(seed, games) {
        let mut bots = [Bot::new(config), Bot::new(config)];
        for bot in &mut bots {
            bot.handle(&Command::Ready);
        }
        let mut predicted = [0f64; AUCTION_ROUNDS];
        for round in 1..=AUCTION_ROUNDS + 1 {
            if round <= AUCTION_ROUNDS {
                let (a, b) = deal.bundles[round - 1];
                let view = *bots[0].view();
                let values = bundle_values(&view.me, &view.opp, &a.counts(), &b.counts());
                let roll = Command::Roll { a, b };
                let bids = [0, 1].map(|p| match bots[p].handle(&roll).answer {
                    Some(Answer::Bid { group, amount }) => SealedBid {
                        group: (group == Group::B) as u8,
                        amount,
                    },
                    _ => SealedBid {
                        group: 0,
                        amount: 0,
                    },
                });
                let o = resolve(bids, deal.tie_winner[round - 1]);
                let g = o.received[0] as usize;
                predicted[round - 1] = (view.me.total_points() - view.opp.total_points()
                    + o.bid_points[0]
                    - o.bid_points[1]
                    + (values.ours[g] - values.theirs[1 - g]) as i64 * POINTS_PER_UNIT)
                    as f64;
                for p in 0..2 {
                    bots[p].handle(&Command::Get {
                        got: group(o.received[p]),
                        opp_group: group(bids[1 - p].group),
                        opp_amount: bids[1 - p].amount,
                    });
                }
            }
            if round >= 2 {
                let puts = [0, 1].map(|p| bots[p].handle(&Command::Score).answer);
                for p in 0..2 {
                    if let Some(Answer::Put { category, dice }) = puts[1 - p] {
                        bots[p].handle(&Command::Set { category, dice });
                    }
                }
            }
        }
        let view = bots[0].view();
        let final_diff = (view.me.total_points() - view.opp.total_points()) as f64;
        for (e, p) in errors.iter_mut().zip(predicted) {
            e.push(final_diff - p);
        }
    }
    errors
        .iter()
        .map(|e| {
            let n = e.len().max(1) as f64;
            let mean = e.iter().sum::<f64>() / n;
            let var = e.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n;
            (mean, var.sqrt())
        })
        .collect()
}
