//! `harness positions`: every position a bid is made in, from seeded games between any two
//! players, with what the value network is trained on.
//!
//! Each deal is played twice with the seats swapped (as a match plays it; once when a
//! player plays itself, whose swapped game would be the same game), by the referee with
//! the judge's deadlines; the log of each game is walked through the game's
//! one play loop, and at every `ROLL` the position before the bundles are dealt is kept:
//! both players' states (held dice, used categories, upper sum, category and bid scores,
//! the table's expected rest), the bundles, both bids, who got what, the score
//! difference, and, once the game is over, the final difference, the first seat's result
//! and the luck still to come (`review::luck`: the roll of this round and every later roll
//! and coin). The result minus the luck to come has the result's mean given the position
//! and far less variance: the luck-adjusted score's correction, applied to a position.
//! The network's inputs (`yacht::engine::learned::features`, the first seat's view) follow.
//!
//! The file is CSV: a `#` line naming the run, the header, one row a position. Pairs are
//! appended as they finish, in any order; a run started again on its own file plays only
//! the deals it lacks (the last deal written is played again, in case it was cut).

use std::collections::BTreeSet;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rayon::prelude::*;

use crate::matchmaking::matches::{progress_bar_of, Deals};
use crate::player::{Player, PlayerSpec};
use crate::referee::{play_game, GameRecord, RefereeOptions};
use crate::replay::commands::{walk, LogWalker};
use crate::replay::{analysis::Exchange, parse_log};
use crate::review::luck::LuckTracker;
use yacht::engine::learned::features::{features_with_rests, names, rest_points, scale_points};
use yacht::engine::PlayerState;
use yacht::game::deal::mix;
use yacht::game::Event;
use yacht::rules::auction::{Group, SealedBid};
use yacht::rules::dice::to_digits;

/// What a positions run plays.
#[derive(Clone, Debug)]
pub struct PositionsConfig {
    pub x: PlayerSpec,
    pub y: PlayerSpec,
    pub deals: Deals,
    pub threads: usize,
    pub referee: RefereeOptions,
    pub progress: bool,
    pub out: PathBuf,
}

/// What a run wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PositionsSummary {
    /// Deal pairs played now (the rest were in the file already).
    pub pairs_played: usize,
    pub pairs_in_file: usize,
    /// Positions written now.
    pub rows_written: usize,
    /// Games that ended in an abort (their positions are not kept).
    pub aborted_games: usize,
}

/// One position before a round's roll, from the first seat's view.
#[derive(Clone, Debug)]
struct Pending {
    round: u8,
    states: [PlayerState; 2],
    a: yacht::protocol::Hand,
    b: yacht::protocol::Hand,
    bids: [Option<SealedBid>; 2],
    first_got: Option<Group>,
    /// Luck events before this position's roll.
    luck_before: usize,
}

/// Follows a logged game: the luck of each chance event and each position before a roll.
#[derive(Default)]
struct Recorder {
    luck: LuckTracker,
    round: u8,
    positions: Vec<Pending>,
}

impl LogWalker for Recorder {
    fn command(&mut self, _seat: usize, _exchange: &Exchange) {}

    fn event(&mut self, event: &Event) {
        match *event {
            Event::Round(round) => self.round = round,
            Event::Roll { a, b } => self.positions.push(Pending {
                round: self.round,
                states: *self.luck.states(),
                a,
                b,
                bids: [None; 2],
                first_got: None,
                luck_before: self.luck.events().len(),
            }),
            Event::Bid { seat, bid } => {
                if let Some(p) = self.positions.last_mut()
                    && seat < 2
                {
                    p.bids[seat] = Some(bid);
                }
            }
            Event::Get { seat: 0, group } => {
                if let Some(p) = self.positions.last_mut() {
                    p.first_got = Some(group);
                }
            }
            _ => {}
        }
        self.luck.observe(event);
    }
}

/// The file's header line (after the `#` line).
pub fn header() -> String {
    let mut cols: Vec<String> = ["deal", "game", "round"].map(String::from).to_vec();
    for seat in ["first", "second"] {
        for field in [
            "held",
            "used",
            "upper_k",
            "category_k",
            "bid_points",
            "rest",
        ] {
            cols.push(format!("{seat}_{field}"));
        }
    }
    cols.extend(
        [
            "a",
            "b",
            "first_bid",
            "second_bid",
            "first_got",
            "diff",
            "final_diff",
            "first_points",
            "luck_to_come",
            "scale",
        ]
        .map(String::from),
    );
    cols.extend(names());
    cols.join(",")
}

fn bid_text(bid: Option<SealedBid>) -> String {
    bid.map_or_else(String::new, |b| format!("{}{}", b.group.letter(), b.amount))
}

/// The rows of one finished game (`game` 0: X first, 1: X second), or `None` for an
/// aborted one.
fn game_rows(deal: usize, game: usize, record: &GameRecord) -> Result<Option<String>, String> {
    if record.abort.is_some() {
        return Ok(None);
    }
    let text = record.log.as_deref().ok_or("the referee kept no log")?;
    let log = parse_log(text).map_err(|e| format!("deal {deal} game {game}: {e}"))?;
    let mut recorder = Recorder::default();
    walk(&log, &mut recorder);
    let end = recorder.luck.states();
    let final_diff = end[0].total_points() - end[1].total_points();
    if final_diff != record.total_points[0] - record.total_points[1] {
        return Err(format!(
            "deal {deal} game {game}: the walk ends {final_diff} apart, the referee {}",
            record.total_points[0] - record.total_points[1]
        ));
    }
    let first_points = f64::from(record.result.half_points(0)) / 2.0;
    let lucks: Vec<f64> = recorder.luck.events().iter().map(|e| e.luck[0]).collect();
    let mut out = String::new();
    for p in &recorder.positions {
        let rests = p.states.map(|s| rest_points(&s));
        let luck_to_come: f64 = lucks[p.luck_before..].iter().sum();
        let mut row = format!("{deal},{game},{}", p.round);
        for (s, rest) in p.states.iter().zip(rests) {
            row.push_str(&format!(
                ",{},{},{},{},{},{rest}",
                to_digits(&s.held),
                s.used,
                s.upper_k,
                s.category_k,
                s.bid_points
            ));
        }
        row.push_str(&format!(
            ",{},{},{},{},{},{},{final_diff},{first_points},{luck_to_come:.6},{}",
            p.a,
            p.b,
            bid_text(p.bids[0]),
            bid_text(p.bids[1]),
            p.first_got
                .map_or(String::new(), |g| g.letter().to_string()),
            p.states[0].total_points() - p.states[1].total_points(),
            scale_points(p.round)
        ));
        for v in features_with_rests(&p.states[0], &p.states[1], rests, p.round) {
            row.push_str(&format!(",{v}"));
        }
        out.push_str(&row);
        out.push('\n');
    }
    Ok(Some(out))
}

/// The `#` line that names a run: a file is resumed only by a run of the same players
/// and seed (with as many deals or more).
fn run_line(config: &PositionsConfig) -> String {
    format!(
        "# harness positions {} {} --seed {}",
        config.x.label(),
        config.y.label(),
        config.deals.seed(),
    )
}

/// The deals already in `path` (all but the last one written), after cutting the file to
/// them; a new file gets its two first lines.
fn prepare(path: &Path, run: &str) -> Result<BTreeSet<usize>, String> {
    let shown = path.display();
    let fresh = || -> Result<BTreeSet<usize>, String> {
        std::fs::write(path, format!("{run}\n{}\n", header()))
            .map_err(|e| format!("{shown}: {e}"))?;
        Ok(BTreeSet::new())
    };
    let Ok(text) = std::fs::read_to_string(path) else {
        return fresh();
    };
    if text.is_empty() {
        return fresh();
    }
    let mut lines = text.split_inclusive('\n');
    let (Some(first), Some(second)) = (lines.next(), lines.next()) else {
        return fresh();
    };
    if first.trim_end() != run {
        return Err(format!(
            "{shown} holds another run's positions ({}); name another file",
            first.trim_end()
        ));
    }
    if second.trim_end() != header() {
        return Err(format!(
            "{shown}: its columns are not this build's; name another file"
        ));
    }
    // Whole lines only; the last deal written may have been cut mid-pair.
    let rows: Vec<&str> = lines.filter(|l| l.ends_with('\n')).collect();
    let deal_of = |l: &str| l.split(',').next().and_then(|d| d.parse::<usize>().ok());
    let last = rows.last().and_then(|l| deal_of(l));
    let kept: Vec<&str> = rows
        .into_iter()
        .filter(|l| deal_of(l).is_some() && deal_of(l) != last)
        .collect();
    let done = kept.iter().filter_map(|l| deal_of(l)).collect();
    let mut content = String::with_capacity(text.len());
    content.push_str(first);
    content.push_str(second);
    for l in kept {
        content.push_str(l);
    }
    std::fs::write(path, content).map_err(|e| format!("{shown}: {e}"))?;
    Ok(done)
}

/// Plays the deals the file lacks and appends their positions.
pub fn run_positions(config: &PositionsConfig) -> Result<PositionsSummary, String> {
    let done = prepare(&config.out, &run_line(config))?;
    let todo: Vec<usize> = (0..config.deals.len())
        .filter(|i| !done.contains(i))
        .collect();
    let file = std::fs::OpenOptions::new()
        .append(true)
        .open(&config.out)
        .map_err(|e| format!("{}: {e}", config.out.display()))?;
    let sink = Mutex::new(file);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads)
        .build()
        .map_err(|e| format!("thread pool: {e}"))?;
    let message = format!("{} vs {}", config.x.label(), config.y.label());
    let bar = progress_bar_of(todo.len() as u64, config.progress, &message, "pairs");
    // A player against itself: the seat-swapped game would be the same game (the same
    // program in each seat, each seat's stream seeded alike), so each deal is played once.
    let self_play = config.x.label() == config.y.label();
    let options = RefereeOptions {
        write_log: true,
        luck: false,
        ..config.referee
    };
    let counts: Result<Vec<(usize, usize)>, String> = pool.install(|| {
        todo.par_iter()
            .map_init(
                || -> Result<[Box<dyn Player>; 2], String> {
                    Ok([config.x.build()?, config.y.build()?])
                },
                |players, &index| {
                    let [x, y] = players.as_mut().map_err(|e| e.clone())?;
                    let deal = config
                        .deals
                        .get(index)
                        .ok_or_else(|| format!("no deal {index}"))?;
                    // Seeded as a match seeds its games: the same games as `harness match`.
                    let game_seed = mix(config.deals.seed(), index as u64);
                    let seeds = [mix(game_seed, 1), mix(game_seed, 2)];
                    let mut games =
                        vec![play_game(x.as_mut(), y.as_mut(), seeds, &deal, &options)?];
                    if !self_play {
                        games.push(play_game(
                            y.as_mut(),
                            x.as_mut(),
                            [seeds[1], seeds[0]],
                            &deal,
                            &options,
                        )?);
                    }
                    let mut text = String::new();
                    let mut aborted = 0;
                    for (game, record) in games.iter().enumerate() {
                        match game_rows(index, game, record)? {
                            Some(rows) => text.push_str(&rows),
                            None => aborted += 1,
                        }
                    }
                    let mut file = sink.lock().map_err(|_| "a writer panicked")?;
                    file.write_all(text.as_bytes())
                        .and_then(|()| file.flush())
                        .map_err(|e| format!("{}: {e}", config.out.display()))?;
                    bar.inc(1);
                    Ok((text.lines().count(), aborted))
                },
            )
            .collect()
    });
    bar.finish_and_clear();
    let counts = counts?;
    Ok(PositionsSummary {
        pairs_played: counts.len(),
        pairs_in_file: done.len() + counts.len(),
        rows_written: counts.iter().map(|c| c.0).sum(),
        aborted_games: counts.iter().map(|c| c.1).sum(),
    })
}
