//! `harness measure calibrate`: the spread of the final score difference around the table's
//! prediction after each round's auction, in self-play of the table-and-equilibrium bot.
//! This is where `engine::search::endgame::FINAL_DIFF_SIGMA_POINTS` comes from.

use yacht::engine::value::bidding::{bundle_values, BundleValues, POINTS_PER_UNIT};
use yacht::engine::{Bot, BotConfig, Reply};
use yacht::game::{play_agents, Agent, Deal};
use yacht::protocol::Command;
use yacht::rules::auction::AUCTION_ROUNDS;

/// The bot in the first seat, recording after each auction the table's prediction of the
/// final difference: current difference + bid transfer + our G − their G of the bundles
/// received.
struct Recorder {
    bot: Bot,
    /// At `ROLL`: the difference, both bid scores and the bundle values.
    open: Option<(i64, [i64; 2], BundleValues)>,
    predicted: [f64; AUCTION_ROUNDS],
}

impl Agent for Recorder {
    fn handle(&mut self, command: &Command) -> Reply {
        let view = *self.bot.view();
        if let Command::Roll { a, b } = *command {
            let values = bundle_values(&view.me, &view.opp, &a.counts(), &b.counts());
            let diff = view.me.total_points() - view.opp.total_points();
            self.open = Some((diff, [view.me.bid_points, view.opp.bid_points], values));
        }
        let reply = self.bot.handle(command);
        if let (Command::Get { got, .. }, Some((diff, bids, values))) = (*command, self.open) {
            let after = self.bot.view();
            let transfer = (after.me.bid_points - bids[0]) - (after.opp.bid_points - bids[1]);
            let g = got.index();
            let round = view.round as usize;
            if let Some(slot) = round.checked_sub(1).and_then(|r| self.predicted.get_mut(r)) {
                *slot = (diff
                    + transfer
                    + (values.ours[g] - values.theirs[1 - g]) as i64 * POINTS_PER_UNIT)
                    as f64;
            }
            self.open = None;
        }
        reply
    }
}

/// Mean and standard deviation (points), per round, of final difference minus the
/// prediction.
pub fn final_diff_spread(games: usize, seed: u64) -> Vec<(f64, f64)> {
    let mut errors: Vec<Vec<f64>> = (0..AUCTION_ROUNDS)
        .map(|_| Vec::with_capacity(games))
        .collect();
    let config = BotConfig::default_equilibrium();
    for deal in Deal::seeded(seed, games) {
        let mut recorder = Recorder {
            bot: Bot::new(config),
            open: None,
            predicted: [0.0; AUCTION_ROUNDS],
        };
        let mut other = Bot::new(config);
        let record = play_agents(&deal, [&mut recorder, &mut other]);
        let final_diff = (record.totals[0] - record.totals[1]) as f64;
        for (e, p) in errors.iter_mut().zip(recorder.predicted) {
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
