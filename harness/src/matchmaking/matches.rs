//! Matches: every deal played twice with the seats swapped (same dice, same
//! tie-breakers), deal pairs spread over all cores.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::results::ResultsSink;
use crate::player::{Player, PlayerSpec};
use crate::referee::{play_game, GameResult, RefereeOptions};
use crate::stats::{MatchStats, PairRecord};
use yacht::game::deal::{mix, Deal};

/// Where the deals come from.
#[derive(Clone, Debug)]
pub enum Deals {
    /// `count` deals drawn from `seed` (deal `i` is [`Deal::from_seed`]`(seed, i)`).
    Seeded { seed: u64, count: usize },
    /// Deals read from a file.
    Listed(Vec<Deal>),
}

impl Deals {
    pub fn len(&self) -> usize {
        match self {
            Deals::Seeded { count, .. } => *count,
            Deals::Listed(deals) => deals.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, index: usize) -> Option<Deal> {
        match self {
            Deals::Seeded { seed, count } => {
                (index < *count).then(|| Deal::from_seed(*seed, index as u64))
            }
            Deals::Listed(deals) => deals.get(index).copied(),
        }
    }

    /// The seed deal `i`'s game seeds derive from (0 for a deal file).
    pub fn seed(&self) -> u64 {
        match self {
            Deals::Seeded { seed, .. } => *seed,
            Deals::Listed(_) => 0,
        }
    }
}

/// Which part of the deals a run plays: the `index`-th (1-based) of `count` disjoint
/// parts, deal (or SPRT batch) `i` belonging to part `i % count + 1`. Shards of one run
/// on several machines together play exactly the deals of the whole run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole run.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Whether unit `i` (a deal, or an SPRT's batch) is this shard's.
    pub fn owns(&self, i: usize) -> bool {
        i % self.count.max(1) == self.index - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = String;

    /// `K/N` with 1 ≤ K ≤ N.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard {text:?}: K/N with 1 <= K <= N (e.g. 2/4)");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (
            k.trim().parse::<usize>().map_err(|_| bad())?,
            n.trim().parse::<usize>().map_err(|_| bad())?,
        );
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// Where a match writes its per-game records: the sink, and what to add to the match's
/// deal index in them (an SPRT's batches number their deals on from the ones before).
#[derive(Clone, Debug)]
pub struct ResultsTarget {
    pub sink: Arc<ResultsSink>,
    pub deal_offset: usize,
}

/// Which game logs to keep.
#[derive(Clone, Debug)]
pub struct LogSaving {
    pub dir: PathBuf,
    /// Keep only the games X lost.
    pub losses_only: bool,
}

/// What every game-playing run shares (a match, and the tournaments, gauntlets, leagues
/// and SPRTs made of matches): the deals, the threads, the referee's deadlines, the
/// progress bar, the shard and the per-game records.
#[derive(Clone, Debug)]
pub struct RunSettings {
    pub deals: Deals,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    pub referee: RefereeOptions,
    /// Show a progress bar (only drawn when stderr is a terminal).
    pub progress: bool,
    /// Which deals to play ([`Shard::WHOLE`]: all).
    pub shard: Shard,
    /// Of the shard's deals, only these (`None`: all of them): a job that plays again
    /// the deals a lost host left unfinished (`harness match --deal-list`).
    pub only: Option<Vec<usize>>,
    /// Per-game records, written as each game ends.
    pub results: Option<ResultsTarget>,
}

/// A match between X and Y.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    pub x: PlayerSpec,
    pub y: PlayerSpec,
    pub logs: Option<LogSaving>,
    pub run: RunSettings,
}

/// A finished match.
#[derive(Clone, Debug)]
pub struct MatchOutcome {
    pub x_label: String,
    pub y_label: String,
    pub stats: MatchStats,
    /// X's points in halves (0..=4) of each deal pair, in deal order (for paired
    /// comparisons of two players on the same deals).
    pub pair_halves: Vec<u8>,
    pub elapsed: Duration,
    pub threads: usize,
}

impl MatchOutcome {
    pub fn games_per_second(&self) -> f64 {
        self.stats.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// A progress bar of deal pairs on stderr, hidden when stderr is not a terminal or not
/// wanted.
pub fn progress_bar(len: u64, wanted: bool, message: &str) -> ProgressBar {
    progress_bar_of(len, wanted, message, "pairs")
}

/// A progress bar of `len` `units` on stderr, hidden when stderr is not a terminal or not
/// wanted.
pub fn progress_bar_of(len: u64, wanted: bool, message: &str, units: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    if wanted && std::io::stderr().is_terminal() {
        bar.set_draw_target(ProgressDrawTarget::stderr_with_hz(4));
        if let Ok(style) = ProgressStyle::with_template(&format!(
            "{{msg:>24}} [{{bar:32}}] {{pos}}/{{len}} {units} {{per_sec}} eta {{eta}}"
        )) {
            bar.set_style(style.progress_chars("=> "));
        }
    }
    bar.set_message(message.to_string());
    bar
}

/// Plays deal `index` twice: X first, then X second.
fn play_pair(
    players: &mut [Box<dyn Player>; 2],
    config: &MatchConfig,
    index: usize,
) -> Result<PairRecord, String> {
    let deal = config
        .run
        .deals
        .get(index)
        .ok_or_else(|| format!("no deal {index}"))?;
    let game_seed = mix(config.run.deals.seed(), index as u64);
    // Each player keeps its random stream in both seats: fewer differences in the pair.
    let seeds = [mix(game_seed, 1), mix(game_seed, 2)];
    let mut options = config.run.referee;
    options.write_log = config.logs.is_some();
    let [x, y] = players;
    let record = |game: usize, r: &crate::referee::GameRecord| match &config.run.results {
        Some(target) => target.sink.write_game(
            (&config.x.label(), &config.y.label()),
            (target.deal_offset + index, game_seed),
            game,
            r,
        ),
        None => Ok(()),
    };
    let first = play_game(x.as_mut(), y.as_mut(), seeds, &deal, &options)?;
    record(0, &first)?;
    let second = play_game(
        y.as_mut(),
        x.as_mut(),
        [seeds[1], seeds[0]],
        &deal,
        &options,
    )?;
    record(1, &second)?;
    let pair = PairRecord {
        deal_index: index,
        games: [first, second],
    };
    if let Some(saving) = &config.logs {
        save_logs(saving, &pair, &deal)?;
    }
    Ok(pair)
}

fn save_logs(saving: &LogSaving, pair: &PairRecord, deal: &Deal) -> Result<(), String> {
    let mut wrote = false;
    for (g, game) in pair.games.iter().enumerate() {
        let x_lost = game.result != GameResult::Draw && game.result.half_points(g) == 0;
        if saving.losses_only && !x_lost {
            continue;
        }
        if let Some(log) = &game.log {
            let seat = if g == 0 { "x-first" } else { "x-second" };
            let path = saving
                .dir
                .join(format!("deal{:05}-{seat}.log", pair.deal_index));
            std::fs::write(&path, log).map_err(|e| format!("{}: {e}", path.display()))?;
            wrote = true;
        }
    }
    if wrote {
        let path = saving.dir.join(format!("deal{:05}.txt", pair.deal_index));
        std::fs::write(&path, deal.to_input_text())
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// Plays the whole match. `Err` on a setup problem (a player that cannot start, a log
/// folder that cannot be written).
pub fn run_match(config: &MatchConfig) -> Result<MatchOutcome, String> {
    if config.run.deals.is_empty() {
        return Err("no deals to play".to_string());
    }
    if let Some(saving) = &config.logs {
        std::fs::create_dir_all(&saving.dir)
            .map_err(|e| format!("{}: {e}", saving.dir.display()))?;
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.run.threads)
        .build()
        .map_err(|e| format!("thread pool: {e}"))?;
    let threads = pool.current_num_threads();
    let message = format!("{} vs {}", config.x.label(), config.y.label());
    let owned: Vec<usize> = (0..config.run.deals.len())
        .filter(|&i| config.run.shard.owns(i))
        .filter(|i| config.run.only.as_ref().is_none_or(|only| only.contains(i)))
        .collect();
    if owned.is_empty() {
        return Err(format!(
            "shard {} of {} deals has no deal to play",
            config.run.shard,
            config.run.deals.len()
        ));
    }
    let bar = progress_bar(owned.len() as u64, config.run.progress, &message);
    let started = Instant::now();
    let pairs: Result<Vec<PairRecord>, String> = pool.install(|| {
        owned
            .into_par_iter()
            .map_init(
                || -> Result<[Box<dyn Player>; 2], String> {
                    Ok([config.x.build()?, config.y.build()?])
                },
                |players, index| {
                    let players = players.as_mut().map_err(|e| e.clone())?;
                    let pair = play_pair(players, config, index);
                    bar.inc(1);
                    pair
                },
            )
            .collect()
    });
    let elapsed = started.elapsed();
    bar.finish_and_clear();
    let mut stats = MatchStats::default();
    let pairs = pairs?;
    for pair in &pairs {
        stats.add_pair(pair);
    }
    let pair_halves = pairs.iter().map(|p| p.x_halves() as u8).collect();
    Ok(MatchOutcome {
        x_label: config.x.label(),
        y_label: config.y.label(),
        stats,
        pair_halves,
        elapsed,
        threads,
    })
}
