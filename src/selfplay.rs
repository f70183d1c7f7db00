//! A minimal in-process game driver: two [`Bot`]s through their real decision path.
//!
//! Used by `bench` (deterministic signature, speed) and by tests. The full referee, with
//! the judge's deadlines, aborts and logs, is in the harness crate.

use std::time::Instant;

use crate::engine::bot::decide_bid;
use crate::engine::reader::Reader;
use crate::engine::{Bot, BotConfig, Reply};
use crate::protocol::{Answer, Command, Group, Hand, BID_MAX_POINTS};
use crate::rng::Pcg64;
use crate::rules::auction::{resolve, SealedBid};

pub use crate::rules::auction::AUCTION_ROUNDS;

/// One game's dice and tie-breakers, as in the judge's input file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    pub bundles: [(Hand, Hand); AUCTION_ROUNDS],
    /// Who wins an exact tie each round: 0 = first player, 1 = second.
    pub tie_winner: [u8; AUCTION_ROUNDS],
}

impl Deal {
    /// A deal of fair dice and fair-coin tie-breakers.
    pub fn random(rng: &mut Pcg64) -> Deal {
        let mut hand = || Hand(std::array::from_fn(|_| rng.u8_inclusive(1, 6)));
        let bundles = std::array::from_fn(|_| (hand(), hand()));
        let tie_winner = std::array::from_fn(|_| rng.u8_inclusive(0, 1));
        Deal {
            bundles,
            tie_winner,
        }
    }

    /// `count` deals from `seed`, reproducible on every machine.
    pub fn seeded(seed: u64, count: usize) -> Vec<Deal> {
        let mut rng = Pcg64::seed_from_u64(seed);
        (0..count).map(|_| Deal::random(&mut rng)).collect()
    }
}

/// What one played game reports.
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    /// Final totals (judge points) of the first and second player.
    pub totals: [i64; 2],
    /// Every answer, in order, as protocol lines.
    pub answers: Vec<String>,
    /// Nanoseconds of each decision (`BID` or `PUT`), with its round.
    pub decision_ns: Vec<(u8, u64)>,
    /// Warnings the bots raised (a clean game has none).
    pub warnings: Vec<String>,
}

/// Anything that plays through typed commands: the bot, or a wrapper around it.
pub trait Agent {
    fn handle(&mut self, command: &Command) -> Reply;
    /// The agent's own total as it tracks it (judge points).
    fn own_total_points(&self) -> i64;
    /// The agent's own bid score as it tracks it (judge points).
    fn own_bid_points(&self) -> i64;
}

impl Agent for Bot {
    fn handle(&mut self, command: &Command) -> Reply {
        Bot::handle(self, command)
    }
    fn own_total_points(&self) -> i64 {
        self.view().me.total_points()
    }
    fn own_bid_points(&self) -> i64 {
        self.view().me.bid_points
    }
}

impl Agent for Reader {
    fn handle(&mut self, command: &Command) -> Reply {
        Reader::handle(self, command)
    }
    fn own_total_points(&self) -> i64 {
        self.view().me.total_points()
    }
    fn own_bid_points(&self) -> i64 {
        self.view().me.bid_points
    }
}

/// An equilibrium bidder whose amounts are scaled by `factor`: a strong opponent whose
/// bids are merely mis-scaled (for the bench, and for tests of the opponent model).
pub struct ScaledBidder {
    bot: Bot,
    factor: f64,
}

impl ScaledBidder {
    pub fn new(factor: f64) -> ScaledBidder {
        ScaledBidder {
            bot: Bot::new(BotConfig::default_equilibrium()),
            factor,
        }
    }
}

impl Agent for ScaledBidder {
    fn handle(&mut self, command: &Command) -> Reply {
        if let Command::Roll { .. } = command {
            let mut view = *self.bot.view();
            if let Command::Roll { a, b } = *command {
                view.roll = Some((a, b));
                view.round += 1;
            }
            let (group, amount, _) =
                decide_bid(&view, &BotConfig::default_equilibrium(), self.bot.model());
            let scaled = (amount as f64 * self.factor)
                .round()
                .min(BID_MAX_POINTS as f64) as u32;
            self.bot.override_next_bid((group, scaled));
        }
        self.bot.handle(command)
    }
    fn own_total_points(&self) -> i64 {
        self.bot.view().me.total_points()
    }
    fn own_bid_points(&self) -> i64 {
        self.bot.view().me.bid_points
    }
}

fn timed(
    bot: &mut dyn Agent,
    command: &Command,
    round: u8,
    record: &mut GameRecord,
) -> Option<Answer> {
    let start = Instant::now();
    let reply = bot.handle(command);
    let ns = start.elapsed().as_nanos() as u64;
    if let Some(answer) = reply.answer {
        if !matches!(answer, Answer::Ok) {
            record.decision_ns.push((round, ns));
        }
        record.answers.push(answer.to_string());
    }
    record.warnings.extend(reply.warnings);
    reply.answer
}

/// Plays `deal` between two bots (`configs[0]` first), returning the record.
pub fn play(deal: &Deal, configs: [BotConfig; 2]) -> GameRecord {
    let [mut first, mut second] = configs.map(Bot::new);
    play_agents(deal, [&mut first, &mut second])
}

/// Plays `deal` between two agents (`bots[0]` first), returning the record.
pub fn play_agents(deal: &Deal, mut bots: [&mut dyn Agent; 2]) -> GameRecord {
    let mut record = GameRecord::default();
    for bot in bots.iter_mut() {
        timed(&mut **bot, &Command::Ready, 0, &mut record);
    }
    let mut bid_points = [0i64; 2];
    for round in 1..=AUCTION_ROUNDS as u8 + 1 {
        if round as usize <= AUCTION_ROUNDS {
            let (a, b) = deal.bundles[round as usize - 1];
            let roll = Command::Roll { a, b };
            let bids = [0, 1].map(|p| match timed(&mut *bots[p], &roll, round, &mut record) {
                Some(Answer::Bid { group, amount }) => SealedBid {
                    group: (group == Group::B) as u8,
                    amount,
                },
                _ => SealedBid {
                    group: 0,
                    amount: 0,
                },
            });
            let outcome = resolve(bids, deal.tie_winner[round as usize - 1]);
            for p in 0..2 {
                bid_points[p] += outcome.bid_points[p];
                let group = |g: u8| if g == 0 { Group::A } else { Group::B };
                let get = Command::Get {
                    got: group(outcome.received[p]),
                    opp_group: group(bids[1 - p].group),
                    opp_amount: bids[1 - p].amount,
                };
                bots[p].handle(&get);
            }
        }
        if round >= 2 {
            let puts = [0, 1].map(|p| timed(&mut *bots[p], &Command::Score, round, &mut record));
            for p in 0..2 {
                if let Some(Answer::Put { category, dice }) = puts[1 - p] {
                    bots[p].handle(&Command::Set { category, dice });
                }
            }
        }
    }
    // Each bot tracks its own score exactly; bid scores are cross-checked here.
    for p in 0..2 {
        let tracked = bots[p].own_bid_points();
        if tracked != bid_points[p] {
            record.warnings.push(format!(
                "player {p} tracked bid score {tracked} != {}",
                bid_points[p]
            ));
        }
        record.totals[p] = bots[p].own_total_points();
    }
    record
}
