//! `harness measure regret`: where the bot's win-round bids lose win probability against one
//! opponent, next to knowing that opponent's bid.
//!
//! The bot plays the opponent on seat-swapped deals, the games `harness match` plays with
//! the same seed. At each win-round auction, once both
//! bids are in and before the `GET`, the bot's own curves value its bid and the bids each
//! part of its decision would have made without the next (`Bot::regret_of_open_bid`): the
//! draw against a suspected reader, the safety limits, the hedge, and the model's
//! uncertainty (the oracle answers the opponent's actual bid). Every value is the win
//! probability on the curves the bid was priced with, at the opponent's actual bid, so
//! the components add up to the regret next to the oracle. These are the bot's estimates,
//! not won games: the oracle's value is a maximum over the same sampled curves, so it is
//! biased up a little where bids are close. They say which part to look at; a match says
//! what a change is worth. The oracle player (`oracle:SPEC`) plays the same answer for
//! real.

use yacht::engine::bot::BidRegret;
use yacht::engine::search::wincurve::win_share;
use yacht::engine::tunables::RANDOMIZE_FROM_HEDGE;
use yacht::engine::{Bot, BotConfig};
use yacht::game::Deal;
use yacht::rules::auction::AUCTION_ROUNDS;

use super::observed::play_observed;
use crate::player::Player;

/// The mean regret of one round's win-round bids, win probability per bid.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RoundRegret {
    pub round: u8,
    pub bids: usize,
    /// Oracle less played: the sum of the four parts below.
    pub total: f64,
    /// Undrawn less played: the draw against a suspected reader.
    pub draw: f64,
    /// Unlimited less undrawn: the safety limits.
    pub limits: f64,
    /// Unhedged less unlimited: the weight on the worst case.
    pub hedge: f64,
    /// Oracle less unhedged: the model's uncertainty about the bid.
    pub model: f64,
    /// Share of the bids answered with a hedge from which the bid is drawn.
    pub hedged_share: f64,
}

/// The report: per round, and the games' outcome for context.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RegretReport {
    pub rounds: Vec<RoundRegret>,
    pub games: usize,
    /// The bot's points (win 1, draw ½).
    pub points: f64,
}

impl RegretReport {
    /// Summed over the rounds, per game: what a game's win-round bids leave next to the
    /// oracle, by part (total, draw, limits, hedge, model).
    pub fn per_game(&self) -> [f64; 5] {
        let games = self.games.max(1) as f64;
        let sum = |f: fn(&RoundRegret) -> f64| {
            self.rounds
                .iter()
                .map(|r| f(r) * r.bids as f64)
                .sum::<f64>()
                / games
        };
        [
            sum(|r| r.total),
            sum(|r| r.draw),
            sum(|r| r.limits),
            sum(|r| r.hedge),
            sum(|r| r.model),
        ]
    }
}

/// Plays `bot` against each opponent `make_opponent()` builds, on `deals` with seats
/// swapped, and sums the regret of every win-round bid by round. `seed` is the deals' seed:
/// each player's private generator is seeded as `harness match --seed` seeds it (by the
/// deal, the same for a player in both seats), so the games are the match's games.
pub fn measure(
    bot: BotConfig,
    mut make_opponent: impl FnMut() -> Result<Box<dyn Player>, String>,
    seed: u64,
    deals: &[Deal],
) -> Result<RegretReport, String> {
    let mut found = Vec::new();
    let mut report = RegretReport::default();
    for (index, deal) in deals.iter().enumerate() {
        for bot_seat in 0..2 {
            let mut opponent = make_opponent()?;
            let mut on_auction = |bot: &Bot, theirs| found.extend(bot.regret_of_open_bid(theirs));
            let (_, played, _) = play_observed(
                bot,
                opponent.as_mut(),
                (seed, index as u64),
                deal,
                bot_seat,
                &mut on_auction,
            )?;
            let totals = played.states.map(|s| s.total_points());
            let (us, them) = (totals[bot_seat], totals[1 - bot_seat]);
            report.games += 1;
            // A game stopped by a fault is lost, as the referee scores it.
            report.points += if played.stop.is_some() {
                0.0
            } else {
                win_share((us - them) as f64)
            };
        }
    }
    report.rounds = (1..=AUCTION_ROUNDS as u8)
        .filter_map(|round| summarize(round, found.iter().filter(|r| r.round == round)))
        .collect();
    Ok(report)
}

/// One round's means, or `None` if no bid of that round was a win-round bid.
fn summarize<'a>(round: u8, bids: impl Iterator<Item = &'a BidRegret>) -> Option<RoundRegret> {
    let mut r = RoundRegret {
        round,
        ..RoundRegret::default()
    };
    for b in bids {
        r.bids += 1;
        r.total += b.oracle.win - b.played.win;
        r.draw += b.undrawn.win - b.played.win;
        r.limits += b.unlimited.win - b.undrawn.win;
        r.hedge += b.unhedged.win - b.unlimited.win;
        r.model += b.oracle.win - b.unhedged.win;
        r.hedged_share += f64::from(u8::from(b.hedge >= RANDOMIZE_FROM_HEDGE.get()));
    }
    if r.bids == 0 {
        return None;
    }
    let n = r.bids as f64;
    for x in [
        &mut r.total,
        &mut r.draw,
        &mut r.limits,
        &mut r.hedge,
        &mut r.model,
        &mut r.hedged_share,
    ] {
        *x /= n;
    }
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::player::PlayerSpec;
    use yacht::engine::bot::ValuedBid;
    use yacht::protocol::Group;

    fn valued(win: f64) -> ValuedBid {
        ValuedBid {
            group: Group::A,
            amount: 0,
            win,
        }
    }

    /// The parts add up to the total, and each is the step it names.
    #[test]
    fn the_parts_add_up_to_the_regret_next_to_the_oracle() {
        let bid = BidRegret {
            round: 5,
            hedge: 0.6,
            read: 0.1,
            played: valued(0.40),
            undrawn: valued(0.41),
            unlimited: valued(0.44),
            unhedged: valued(0.43),
            oracle: valued(0.50),
        };
        let r = summarize(5, [bid, bid].iter()).expect("two bids");
        assert_eq!(r.bids, 2);
        assert!((r.total - 0.10).abs() < 1e-12);
        assert!((r.draw - 0.01).abs() < 1e-12);
        assert!((r.limits - 0.03).abs() < 1e-12);
        assert!((r.hedge + 0.01).abs() < 1e-12);
        assert!((r.model - 0.07).abs() < 1e-12);
        assert!((r.draw + r.limits + r.hedge + r.model - r.total).abs() < 1e-12);
        assert_eq!(r.hedged_share, 1.0);
        assert_eq!(summarize(6, [bid].iter().filter(|b| b.round == 6)), None);
    }

    /// Against an equilibrium bidder every round from 2 is a win round, and nothing
    /// beats knowing its bid.
    #[test]
    fn against_the_equilibrium_bidder_the_oracle_is_never_worse() {
        let bot = BotConfig {
            use_clock: false,
            rollouts: 200,
            ..BotConfig::default()
        };
        let deals = [Deal::from_seed(3, 0)];
        let report = measure(
            bot,
            || {
                "bot:bidder=equilibrium,win=0"
                    .parse::<PlayerSpec>()?
                    .build()
            },
            3,
            &deals,
        )
        .expect("in-process opponent");
        assert_eq!(report.games, 2);
        assert!(report.rounds.iter().any(|r| r.round == 2 && r.bids == 2));
        for r in &report.rounds {
            assert!(r.total >= -1e-9, "round {}: {r:?}", r.round);
        }
    }
}
