//! `harness measure curve-variance`: how noisy the rollout win curves are, per rollout, and what
//! three variance reductions buy: common random numbers (the same futures for both
//! bundles, what the bot does), antithetic coins (each future's dice played a second
//! time with every later auction's coin flipped; measured, not adopted: it raised a point's
//! variance, docs/experiments/2026-11-23-curve-variance.md#curve-variance) and the table's
//! expected difference as a control variate on top of common random numbers.
//!
//! A position is a `ROLL` of rounds 2–10 of the default bot's self-play at which the bot
//! bids for the win (`win_curves` is `Some`). At each, a curve point is estimated `seeds`
//! times with `rollouts` futures each; its variance over the seeds times `rollouts` is the
//! variance of one rollout (for independent rollouts, `p(1 − p)`), the figure to compare
//! between samplers at equal cost.

use crate::stats::mean_and_variance;
use yacht::engine::search::endgame::win_curves;
use yacht::engine::search::rollout::{play_rollouts, sample_futures, FutureRound};
use yacht::engine::value::choice_cache::ChoiceCache;
use yacht::engine::{Bot, BotConfig, GameView, Reply};
use yacht::game::deal::mix;
use yacht::game::{play_agents, Agent, Deal};
use yacht::protocol::Command;
use yacht::rules::auction::AUCTION_ROUNDS;
use yacht::rules::dice::Counts;

/// How the futures of one estimate are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampler {
    /// Independent futures, one curve each (no common random numbers).
    Independent,
    /// Independent futures, the same for both bundles: the bot's sampler.
    Common,
    /// Half as many futures, each also played with every coin flipped; the same for both
    /// bundles.
    AntitheticCoins,
    /// The bot's futures, each curve calibrated to the table's expected difference (the
    /// control variate of `yacht::engine::search::control_variate`).
    CommonControl,
}

impl Sampler {
    pub const ALL: [Sampler; 4] = [
        Sampler::Independent,
        Sampler::Common,
        Sampler::AntitheticCoins,
        Sampler::CommonControl,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Sampler::Independent => "independent",
            Sampler::Common => "common",
            Sampler::AntitheticCoins => "antithetic coins",
            Sampler::CommonControl => "common + control variate",
        }
    }

    /// The futures for the curves of A and of B.
    fn futures(
        self,
        round: u8,
        rollouts: usize,
        seed: u64,
    ) -> (Vec<Vec<FutureRound>>, Vec<Vec<FutureRound>>) {
        match self {
            Sampler::Independent => (
                sample_futures(round, rollouts, seed),
                // Another stream: the second curve shares no dice with the first.
                sample_futures(round, rollouts, seed ^ 0x9e37_79b9_7f4a_7c15),
            ),
            Sampler::Common | Sampler::CommonControl => {
                let f = sample_futures(round, rollouts, seed);
                (f.clone(), f)
            }
            Sampler::AntitheticCoins => {
                let half = sample_futures(round, rollouts.div_ceil(2), seed);
                let mut f = Vec::with_capacity(rollouts);
                for future in half {
                    let flipped: Vec<FutureRound> = future
                        .iter()
                        .map(|r| FutureRound {
                            we_win_coin: !r.we_win_coin,
                            ..*r
                        })
                        .collect();
                    f.push(future);
                    f.push(flipped);
                }
                f.truncate(rollouts);
                (f.clone(), f)
            }
        }
    }
}

/// A position the bot bids for the win at: the game before the auction and its bundles.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub view: GameView,
    pub a: Counts,
    pub b: Counts,
}

/// The bot, recording the positions at which it bids for the win with rollouts.
struct Recorder {
    bot: Bot,
    config: BotConfig,
    positions: Vec<Position>,
}

impl Agent for Recorder {
    fn handle(&mut self, command: &Command) -> Reply {
        let reply = self.bot.handle(command);
        if let Command::Roll { a, b } = *command {
            // After the ROLL: the round is counted, the dice are not yet received.
            let view = *self.bot.view();
            let (a, b) = (a.counts(), b.counts());
            let rolled_out = (2..AUCTION_ROUNDS - 1).contains(&(view.round as usize));
            if rolled_out && win_curves(&view, &self.config, &a, &b).is_some() {
                self.positions.push(Position { view, a, b });
            }
        }
        reply
    }
}

/// The positions of `games` self-play games of the default bot (clock off). Each bot's
/// private generator is seeded from `seed` and the game, as the referee's in-process bots
/// are: the same arguments give the same positions on every run.
pub fn positions(games: usize, seed: u64) -> Vec<Position> {
    let clockless = BotConfig {
        use_clock: false,
        ..BotConfig::default()
    };
    let seeded = |game_seed: u64, seat: u64| BotConfig {
        rng_seed: Some(mix(game_seed, seat)),
        ..clockless
    };
    let mut out = Vec::new();
    for (index, deal) in Deal::seeded(seed, games).iter().enumerate() {
        let game_seed = mix(seed, index as u64);
        let config = seeded(game_seed, 1);
        let mut recorder = Recorder {
            bot: Bot::new(config),
            config,
            positions: Vec::new(),
        };
        let mut other = Bot::new(seeded(game_seed, 2));
        play_agents(deal, [&mut recorder, &mut other]);
        out.extend(recorder.positions);
    }
    out
}

/// Per-rollout variances at one position: of `W_A(0)` and of `W_A(0) − W_B(0)`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PointVariance {
    pub point: f64,
    pub difference: f64,
}

/// The per-rollout variances at `position` with `sampler`, from `seeds` estimates of
/// `rollouts` futures each (sample variance over the seeds, times `rollouts`).
pub fn point_variance(
    position: &Position,
    sampler: Sampler,
    rollouts: usize,
    seeds: u64,
) -> PointVariance {
    let Position { view, a, b } = position;
    let mut cache = ChoiceCache::new();
    let estimates: Vec<(f64, f64)> = (0..seeds)
        .map(|seed| {
            let (fa, fb) = sampler.futures(view.round, rollouts, seed);
            let control = sampler == Sampler::CommonControl;
            let curve_a =
                play_rollouts(&view.me, &view.opp, a, b, &fa, None, &mut cache).curve(control);
            let curve_b =
                play_rollouts(&view.me, &view.opp, b, a, &fb, None, &mut cache).curve(control);
            let wa = curve_a.at(0.0);
            (wa, wa - curve_b.at(0.0))
        })
        .collect();
    // The sample variance (over n − 1) of the estimates, times the rollouts of each.
    let n = estimates.len() as f64;
    let unbiased = n / (n - 1.0).max(1.0);
    let variance = |pick: fn(&(f64, f64)) -> f64| {
        let (_, ml) = mean_and_variance(estimates.iter().map(|e| (pick(e), 1.0)));
        ml * unbiased * rollouts as f64
    };
    PointVariance {
        point: variance(|e| e.0),
        difference: variance(|e| e.1),
    }
}

/// Mean per-rollout variances over `positions`, for each sampler of [`Sampler::ALL`].
pub fn measure(
    positions: &[Position],
    rollouts: usize,
    seeds: u64,
) -> Vec<(Sampler, PointVariance)> {
    Sampler::ALL
        .iter()
        .map(|&sampler| {
            let n = positions.len().max(1) as f64;
            let mut sum = PointVariance::default();
            for p in positions {
                let v = point_variance(p, sampler, rollouts, seeds);
                sum.point += v.point;
                sum.difference += v.difference;
            }
            let mean = PointVariance {
                point: sum.point / n,
                difference: sum.difference / n,
            };
            (sampler, mean)
        })
        .collect()
}
