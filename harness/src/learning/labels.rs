//! `harness label`: bid positions labelled by rollouts, the database the value network is
//! distilled from and the benchmark it is judged on.
//!
//! A bid position (an auction of a positions file, from the first seat's view) has two
//! children, the positions before the next roll if the first seat gets A and if it gets B
//! (each side scoring its bundle by the table): the two positions a bid decides between,
//! and the two the bot's win curves value. Each child is rolled out on the same futures
//! (common random numbers, as the bot's curves are), the rollouts calibrated to the
//! table's mean ([`yacht::engine::search::control_variate`]), and its win curve kept at a
//! fixed grid of transfers: `W(δ)`, the probability of winning (a draw half) if the first
//! seat's final difference moves by δ. With the curve go the network's inputs of the child
//! as the bot computes them, its score difference, the table's expected rest difference
//! and the network's scale, so the trainer needs nothing of the bot's code.
//!
//! The file: the magic `YLB1`, a little-endian `u32` length and that many bytes of JSON
//! ([`LabelHeader`]: the run, the column names, the command and the commit), then records
//! of `record_floats` little-endian `f32`, one per position, in the run's order. A run
//! started again on its own file keeps its whole records and labels the rest; a run
//! spread over machines is cut into shards (`--shard K/N`, each its own file), read back
//! together by the trainer and the measure.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::bid_positions::{read_bid_positions, BidPosition};
use crate::matchmaking::matches::progress_bar_of;
use yacht::engine::learned::features::{features_with_rests, rest_points, scale_points, FEATURES};
use yacht::engine::search::endgame::rollouts_for_round;
use yacht::engine::search::positions::after_round;
use yacht::engine::search::rollout::{play_rollouts_from, sample_futures};
use yacht::engine::search::wincurve::WinCurve;
use yacht::engine::value::bidding::bundle_values;
use yacht::engine::value::choice_cache::ChoiceCache;
use yacht::engine::{BotConfig, PlayerState};
use yacht::game::deal::mix;
use yacht::rules::auction::{Group, SealedBid};

/// The file's first bytes.
pub const MAGIC: &[u8; 4] = b"YLB1";

/// Futures per child: a fixed count, or a multiple of the default bot's count in the
/// position's round ([`rollouts_for_round`]: 1,800 in round 2 up to 31,500 in rounds 9–10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FutureCount {
    Fixed(usize),
    TimesDefault(usize),
}

impl FutureCount {
    /// `N` or `Nx` (times the default's).
    pub fn parse(text: &str) -> Result<FutureCount, String> {
        let bad =
            || format!("--futures {text:?}: a count (256) or a multiple of the default's (4x)");
        match text.strip_suffix('x') {
            Some(k) => Ok(FutureCount::TimesDefault(k.parse().map_err(|_| bad())?)),
            None => Ok(FutureCount::Fixed(text.parse().map_err(|_| bad())?)),
        }
        .and_then(|c| {
            if c.of_round(2) == 0 {
                Err(bad())
            } else {
                Ok(c)
            }
        })
    }

    /// Futures per child in round `round`.
    pub fn of_round(self, round: u8) -> usize {
        match self {
            FutureCount::Fixed(n) => n,
            FutureCount::TimesDefault(k) => {
                k * rollouts_for_round(&BotConfig::DEFAULT, usize::from(round))
            }
        }
    }
}

/// What identifies a run: a file is resumed only by the same run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabelRun {
    /// The positions files, in order.
    pub sources: Vec<String>,
    /// The auctions' rounds labelled, first and last.
    pub rounds: [u8; 2],
    /// One auction in `every` of those rounds, drawn by a hash of its place in the sources.
    pub every: usize,
    /// At most this many auctions of each round (0: no limit).
    pub per_round: usize,
    pub futures: FutureCount,
    /// The transfers `W(δ)` is kept at, points.
    pub transfers_points: Vec<f64>,
    /// The futures' seed (each position's futures: `mix(seed, its index)`).
    pub seed: u64,
    /// This file's shard `[K, N]`: the positions whose index is K modulo N.
    pub shard: [usize; 2],
}

/// The file's JSON header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LabelHeader {
    pub run: LabelRun,
    /// One name per `f32` of a record.
    pub columns: Vec<String>,
    pub record_floats: usize,
    /// The command and the commit that began the file.
    pub command: String,
    pub commit: String,
}

/// The transfers of a grid `STEP:MAX`: `-MAX, -MAX + STEP, …, MAX` points.
pub fn transfer_grid(step_points: f64, max_points: f64) -> Vec<f64> {
    let n = (max_points / step_points).round() as i64;
    (-n..=n).map(|i| i as f64 * step_points).collect()
}

/// The children's names, in record order.
pub const CHILDREN: [&str; 2] = ["ga", "gb"];

/// The columns of a record with `transfers` grid points.
pub fn columns(transfers: usize) -> Vec<String> {
    let mut c: Vec<String> = ["round", "deal", "game", "source"]
        .map(String::from)
        .to_vec();
    for side in ["me", "opp"] {
        for face in 1..=6 {
            c.push(format!("{side}_held_{face}"));
        }
        for field in ["used", "upper_k", "category_k", "bid_points"] {
            c.push(format!("{side}_{field}"));
        }
    }
    for bundle in ["a", "b"] {
        for face in 1..=6 {
            c.push(format!("{bundle}_{face}"));
        }
    }
    for side in ["my_bid", "opp_bid"] {
        c.push(format!("{side}_group"));
        c.push(format!("{side}_amount"));
    }
    c.push("swing".into());
    for child in CHILDREN {
        for side in ["me", "opp"] {
            for face in 1..=6 {
                c.push(format!("{child}_{side}_held_{face}"));
            }
            for field in ["used", "upper_k", "category_k", "bid_points"] {
                c.push(format!("{child}_{side}_{field}"));
            }
        }
        for i in 0..FEATURES {
            c.push(format!("{child}_x{i}"));
        }
        for field in ["diff", "mu", "scale"] {
            c.push(format!("{child}_{field}"));
        }
        for i in 0..transfers {
            c.push(format!("{child}_w{i}"));
        }
    }
    c
}

/// One child of a labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Child {
    /// Both sides' states before the next round's roll.
    pub me: PlayerState,
    pub opp: PlayerState,
    /// The network's inputs (the first seat's view, before the next round's roll).
    pub features: Vec<f32>,
    /// The score difference now, points.
    pub diff_points: f32,
    /// The table's expected rest difference, points.
    pub mu_points: f32,
    pub scale_points: f32,
    /// `W(δ)` at the run's transfers.
    pub win: Vec<f32>,
}

/// A labelled position read back.
#[derive(Clone, Debug, PartialEq)]
pub struct Labelled {
    pub position: BidPosition,
    pub source: usize,
    pub swing_points: f64,
    /// We get A, we get B.
    pub children: [Child; 2],
}

fn bid_code(bid: Option<SealedBid>) -> [f32; 2] {
    match bid {
        Some(b) => [if b.group == Group::A { 0.0 } else { 1.0 }, b.amount as f32],
        None => [-1.0, 0.0],
    }
}

fn bid_of(code: &[f32]) -> Option<SealedBid> {
    let group = match code[0] as i32 {
        0 => Group::A,
        1 => Group::B,
        _ => return None,
    };
    Some(SealedBid::new(group, code[1] as u32))
}

/// Floats of a player's state in a record: held dice by face, used, upper, categories, bids.
const STATE_FLOATS: usize = 10;

fn push_state(out: &mut Vec<f32>, p: &PlayerState) {
    out.extend(p.held.iter().map(|&c| f32::from(c)));
    out.extend([
        f32::from(p.used),
        p.upper_k as f32,
        p.category_k as f32,
        p.bid_points as f32,
    ]);
}

fn read_state(f: &[f32]) -> PlayerState {
    let mut held = [0u8; 6];
    for (h, &v) in held.iter_mut().zip(&f[..6]) {
        *h = v as u8;
    }
    PlayerState {
        held,
        used: f[6] as u16,
        upper_k: f[7] as u32,
        category_k: f[8] as u32,
        bid_points: f[9] as i64,
    }
}

/// The two children of `p` (we get A, we get B): each side's state after its bundle.
pub fn children_of(p: &BidPosition) -> [(PlayerState, PlayerState); 2] {
    [(p.a, p.b), (p.b, p.a)].map(|(mine, theirs)| {
        (
            after_round(&p.me, &mine, p.round),
            after_round(&p.opp, &theirs, p.round),
        )
    })
}

/// The record of `p`: its children rolled out on `futures` futures of `seed`.
pub fn label(
    p: &BidPosition,
    source: usize,
    futures: usize,
    seed: u64,
    transfers: &[f64],
    cache: &mut ChoiceCache,
) -> Vec<f32> {
    let futures = sample_futures(p.round, futures, seed);
    let curves = children_of(p)
        .map(|(me, opp)| play_rollouts_from(me, opp, &futures, None, cache).curve(true));
    record(p, source, transfers, &curves)
}

/// The record of `p` whose children (we get A, we get B) have the win curves `curves`,
/// however they were found: coin-flip rollouts ([`label`]) or futures played by the real
/// players ([`crate::rollout::played`]).
pub fn record(
    p: &BidPosition,
    source: usize,
    transfers: &[f64],
    curves: &[WinCurve; 2],
) -> Vec<f32> {
    let mut out = Vec::with_capacity(columns(transfers.len()).len());
    out.extend([p.round, 0, 0, 0].map(f32::from));
    out[1] = p.deal as f32;
    out[2] = p.game as f32;
    out[3] = source as f32;
    push_state(&mut out, &p.me);
    push_state(&mut out, &p.opp);
    out.extend(p.a.iter().chain(&p.b).map(|&c| f32::from(c)));
    out.extend(bid_code(p.my_bid));
    out.extend(bid_code(p.opp_bid));
    out.push(bundle_values(&p.me, &p.opp, &p.a, &p.b).swing_points() as f32);
    let next = p.round + 1;
    for ((me, opp), curve) in children_of(p).into_iter().zip(curves) {
        push_state(&mut out, &me);
        push_state(&mut out, &opp);
        let rests = [rest_points(&me), rest_points(&opp)];
        out.extend(features_with_rests(&me, &opp, rests, next));
        out.push((me.total_points() - opp.total_points()) as f32);
        out.push((rests[0] - rests[1]) as f32);
        out.push(scale_points(next) as f32);
        out.extend(transfers.iter().map(|&d| curve.at(d) as f32));
    }
    out
}

/// What a labelling run does.
#[derive(Clone, Debug)]
pub struct LabelConfig {
    pub run: LabelRun,
    pub threads: usize,
    pub progress: bool,
    pub out: PathBuf,
    pub command: String,
}

/// The positions a run labels, each with its index in the run (before the shard's cut).
pub fn select(run: &LabelRun) -> Result<Vec<(usize, usize, BidPosition)>, String> {
    let [first, last] = run.rounds;
    let mut taken = [0usize; 13];
    let mut seen = 0usize;
    let mut out = Vec::new();
    for (source, path) in run.sources.iter().enumerate() {
        for p in read_bid_positions(Path::new(path), |r| (first..=last).contains(&r))? {
            let nth = seen;
            seen += 1;
            // A hash, not a stride: a stride would keep the same rounds of every game.
            if !mix(run.seed ^ 0x5E1E_C7ED, nth as u64).is_multiple_of(run.every.max(1) as u64) {
                continue;
            }
            let count = &mut taken[usize::from(p.round).min(12)];
            if run.per_round > 0 && *count >= run.per_round {
                continue;
            }
            *count += 1;
            out.push((source, p));
        }
    }
    let [k, n] = run.shard;
    Ok(out
        .into_iter()
        .enumerate()
        .filter(|(i, _)| i % n.max(1) == k)
        .map(|(i, (source, p))| (i, source, p))
        .collect())
}

/// The commit the harness runs from, if git can say.
pub(crate) fn commit() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

pub(crate) fn header_bytes(header: &LabelHeader) -> Result<Vec<u8>, String> {
    let json = serde_json::to_vec(header).map_err(|e| e.to_string())?;
    let mut out = MAGIC.to_vec();
    out.extend((json.len() as u32).to_le_bytes());
    out.extend(json);
    Ok(out)
}

/// The header of a labels file and where its records start.
pub(crate) fn read_header(bytes: &[u8], shown: &str) -> Result<(LabelHeader, usize), String> {
    if bytes.get(..4) != Some(&MAGIC[..]) {
        return Err(format!("{shown}: not a labels file (no {MAGIC:?})"));
    }
    let len = bytes
        .get(4..8)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
        .ok_or_else(|| format!("{shown}: cut in its header"))?;
    let json = bytes
        .get(8..8 + len)
        .ok_or_else(|| format!("{shown}: cut in its header"))?;
    let header: LabelHeader =
        serde_json::from_slice(json).map_err(|e| format!("{shown}: its header: {e}"))?;
    if header.columns.len() != header.record_floats {
        return Err(format!(
            "{shown}: its header names {} columns for {} floats",
            header.columns.len(),
            header.record_floats
        ));
    }
    Ok((header, 8 + len))
}

/// Labels the positions the file lacks and appends them; returns (labelled now, in file).
pub fn run_labels(config: &LabelConfig) -> Result<(usize, usize), String> {
    let shown = config.out.display().to_string();
    let positions = select(&config.run)?;
    let header = LabelHeader {
        columns: columns(config.run.transfers_points.len()),
        record_floats: columns(config.run.transfers_points.len()).len(),
        run: config.run.clone(),
        command: config.command.clone(),
        commit: commit(),
    };
    let record_bytes = 4 * header.record_floats;
    // Whole records already there are kept; a cut one is labelled again.
    let done = match std::fs::read(&config.out) {
        Ok(bytes) if !bytes.is_empty() => {
            let (old, start) = read_header(&bytes, &shown)?;
            if old.run != header.run || old.columns != header.columns {
                return Err(format!(
                    "{shown} holds another run's labels ({}); name another file",
                    old.command
                ));
            }
            let whole = (bytes.len() - start) / record_bytes;
            let file = std::fs::OpenOptions::new()
                .write(true)
                .open(&config.out)
                .map_err(|e| format!("{shown}: {e}"))?;
            file.set_len((start + whole * record_bytes) as u64)
                .map_err(|e| format!("{shown}: {e}"))?;
            whole
        }
        _ => {
            std::fs::write(&config.out, header_bytes(&header)?)
                .map_err(|e| format!("{shown}: {e}"))?;
            0
        }
    };
    let todo = &positions[done.min(positions.len())..];
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(&config.out)
        .map_err(|e| format!("{shown}: {e}"))?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| format!("thread pool: {e}"))?;
    let bar = progress_bar_of(todo.len() as u64, config.progress, "labels", "positions");
    let chunk = 32 * pool.current_num_threads().max(1);
    let run = &config.run;
    for batch in todo.chunks(chunk) {
        let records: Vec<Vec<f32>> = pool.install(|| {
            batch
                .par_iter()
                .map_init(ChoiceCache::new, |cache, (index, source, p)| {
                    let futures = run.futures.of_round(p.round);
                    let seed = mix(run.seed, *index as u64);
                    label(p, *source, futures, seed, &run.transfers_points, cache)
                })
                .collect()
        });
        let mut bytes = Vec::with_capacity(records.len() * record_bytes);
        for r in &records {
            debug_assert_eq!(r.len(), header.record_floats);
            for v in r {
                bytes.extend(v.to_le_bytes());
            }
        }
        file.write_all(&bytes)
            .and_then(|()| file.flush())
            .map_err(|e| format!("{shown}: {e}"))?;
        bar.inc(batch.len() as u64);
    }
    bar.finish_and_clear();
    Ok((todo.len(), positions.len()))
}

/// Every record of the labels files `paths` (shards of one run, or runs with the same
/// transfers), with the header of the first.
pub fn read_labels(paths: &[PathBuf]) -> Result<(LabelHeader, Vec<Labelled>), String> {
    let mut first: Option<LabelHeader> = None;
    let mut out = Vec::new();
    for path in paths {
        let shown = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|e| format!("{shown}: {e}"))?;
        let (header, start) = read_header(&bytes, &shown)?;
        if let Some(f) = &first
            && f.columns != header.columns
        {
            return Err(format!(
                "{shown}: its transfers are not {}'s",
                paths[0].display()
            ));
        }
        let n = header.record_floats;
        let t = header.run.transfers_points.len();
        for record in bytes[start..].chunks_exact(4 * n) {
            let f: Vec<f32> = record
                .chunks_exact(4)
                .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
                .collect();
            let bundle = |at: usize| {
                let mut c = [0u8; 6];
                for (x, &v) in c.iter_mut().zip(&f[at..at + 6]) {
                    *x = v as u8;
                }
                c
            };
            let position = BidPosition {
                round: f[0] as u8,
                deal: f[1] as usize,
                game: f[2] as usize,
                me: read_state(&f[4..4 + STATE_FLOATS]),
                opp: read_state(&f[4 + STATE_FLOATS..4 + 2 * STATE_FLOATS]),
                a: bundle(24),
                b: bundle(30),
                my_bid: bid_of(&f[36..38]),
                opp_bid: bid_of(&f[38..40]),
            };
            let child = |at: usize| {
                let x = at + 2 * STATE_FLOATS;
                Child {
                    me: read_state(&f[at..at + STATE_FLOATS]),
                    opp: read_state(&f[at + STATE_FLOATS..x]),
                    features: f[x..x + FEATURES].to_vec(),
                    diff_points: f[x + FEATURES],
                    mu_points: f[x + FEATURES + 1],
                    scale_points: f[x + FEATURES + 2],
                    win: f[x + FEATURES + 3..x + FEATURES + 3 + t].to_vec(),
                }
            };
            let child_floats = 2 * STATE_FLOATS + FEATURES + 3 + t;
            out.push(Labelled {
                position,
                source: f[3] as usize,
                swing_points: f64::from(f[40]),
                children: [child(41), child(41 + child_floats)],
            });
        }
        first.get_or_insert(header);
    }
    let header = first.ok_or("no labels files")?;
    Ok((header, out))
}

/// A child's curve as a [`WinCurve`] the engine can bid on: its `W(δ)` at the grid,
/// linear between grid points (each interval's mass spread over `SPREAD` points in it),
/// the mass beyond the grid's ends just past them (a grid wide enough that it holds none
/// that matters). What the benchmark judges every valuation's bids by.
pub fn grid_curve(transfers: &[f64], win: &[f32]) -> WinCurve {
    const SPREAD: usize = 16;
    // W(δ) = P(final + δ > 0) grows with δ: the mass between δ_j and δ_j+1 is a final
    // difference in (−δ_j+1, −δ_j], doubled in the curve's values.
    let mut pairs: Vec<(i64, f64)> = Vec::with_capacity(transfers.len() * SPREAD + 2);
    let w = |i: usize| f64::from(win[i]).clamp(0.0, 1.0);
    let last = transfers.len() - 1;
    pairs.push((
        (2.0 * (-transfers[last] - 1.0)).round() as i64,
        1.0 - w(last),
    ));
    for j in (0..last).rev() {
        let mass = (w(j + 1) - w(j)).max(0.0);
        for s in 0..SPREAD {
            let d =
                transfers[j] + (transfers[j + 1] - transfers[j]) * (s as f64 + 0.5) / SPREAD as f64;
            pairs.push(((-2.0 * d).round() as i64, mass / SPREAD as f64));
        }
    }
    pairs.push(((2.0 * (-transfers[0] + 1.0)).round() as i64, w(0)));
    pairs.sort_by_key(|&(v, _)| v);
    WinCurve::from_weighted_doubled(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_grid_curve_reads_its_grid_back() {
        let transfers = transfer_grid(1_000.0, 5_000.0);
        let win: Vec<f32> = transfers
            .iter()
            .map(|d| (0.5 + d / 12_000.0) as f32)
            .collect();
        let curve = grid_curve(&transfers, &win);
        for (d, w) in transfers.iter().zip(&win) {
            assert!(
                (curve.at(*d) - f64::from(*w)).abs() < 0.004,
                "{d}: {} vs {w}",
                curve.at(*d)
            );
        }
        // Between grid points, close to the line; past the ends, all won or all lost.
        assert!((curve.at(500.0) - (0.5 + 500.0 / 12_000.0)).abs() < 0.004);
        assert!((curve.at(5_000.5) - f64::from(win[10])).abs() < 1e-9);
        assert_eq!(curve.at(50_000.0), 1.0);
        assert_eq!(curve.at(-50_000.0), 0.0);
    }

    #[test]
    fn counts_parse_as_fixed_or_times_the_default() {
        assert_eq!(FutureCount::parse("256"), Ok(FutureCount::Fixed(256)));
        assert_eq!(FutureCount::parse("4x"), Ok(FutureCount::TimesDefault(4)));
        assert!(FutureCount::parse("0").is_err());
        assert!(FutureCount::parse("x").is_err());
        assert_eq!(
            FutureCount::TimesDefault(4).of_round(2),
            4 * rollouts_for_round(&BotConfig::DEFAULT, 2)
        );
    }
}
