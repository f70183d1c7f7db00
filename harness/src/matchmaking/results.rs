//! Per-game records as data: one JSON object per line (JSON Lines), written as each game
//! ends, read back by `harness merge` and by anything that reads JSON (pandas, DuckDB).
//!
//! A line says which run it belongs to ([`RunKey`]: the command, its players, its deals,
//! its deadlines and into how many shards it was cut), which shard played it, which match
//! of the run (`x`, `y`), which deal and which game of the seat-swapped pair, and what
//! happened: the result, both scores, any abort (who, why, at which command, and for a
//! time-out which clock ran out) and each seat's response times, wall and CPU (the raw
//! times too, so that a merge reports exactly what one run would have). The schema is
//! documented in docs/harness/runs-as-data.md.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::referee::{
    AbortReason, AnswerKind, Clock, ClockTimes, GameRecord, GameResult, ResponseTimes, SEAT_NAMES,
};
use crate::stats::{quantile, PairRecord};

/// The `schema` field of every line.
pub const SCHEMA: &str = "yacht-auction-results/1";

/// Where a run's deals come from: a seed and a count, or a deal file (by content hash).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DealSource {
    /// The deals' seed (`Deal::from_seed(seed, i)`), or `None` for a deal file.
    pub seed: Option<u64>,
    /// FNV-1a 64 of a deal file's text, hex, or `None` for seeded deals.
    pub file_hash: Option<String>,
    /// Deal pairs in the whole run (per match; an SPRT's most).
    pub count: usize,
}

/// What must agree between the shards of one run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunKey {
    /// `match`, `tournament`, `gauntlet`, `league` or `sprt`.
    pub command: String,
    /// The run's players as given on its command line (their labels): X and Y of a match
    /// or an SPRT, the player of a tournament, a gauntlet's candidate, baseline and further
    /// baselines, a league's players.
    pub players: Vec<String>,
    /// A tournament's or a gauntlet's opponents, in report order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opponents: Vec<String>,
    pub deals: DealSource,
    /// The deadlines' multiplier.
    pub time_scale: f64,
    /// Into how many shards the deals were cut (1: one run).
    pub shards: usize,
    /// An SPRT's deal pairs per batch and its test `[nelo0, nelo1, alpha, beta]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub batch: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<[f64; 4]>,
    /// Whether an SPRT tests the luck-adjusted pair scores (`sprt --adjusted`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub adjusted: bool,
}

/// An abort: the seat, the side of the match (x or y), the judge's reason, and the command
/// whose answer it was (`READY`, `ROLL` or `SCORE`) in which round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AbortLine {
    pub seat: String,
    pub side: String,
    pub reason: String,
    pub command: String,
    pub round: u8,
    /// For a time-out, the clock that ran out: `cpu` (the judge's deadline) or `wall`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<String>,
}

/// One seat's response times on one clock in one game, microseconds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TimesLine {
    pub answers: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub ready_us: Vec<u32>,
    pub roll_us: Vec<u32>,
    pub score_us: Vec<u32>,
    /// Bids and scorings as `[round, micros]`.
    pub decisions: Vec<(u8, u32)>,
}

/// One game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameLine {
    pub schema: String,
    pub run: RunKey,
    /// Which shard (1..=`run.shards`) played it.
    pub shard: usize,
    /// The match of the run: X (the report's point of view) and Y.
    pub x: String,
    pub y: String,
    /// Deal index within the match (an SPRT's: across its batches) and the seed its game
    /// seeds derive from.
    pub deal: usize,
    pub deal_seed: u64,
    /// 0: X sat first; 1: X sat second.
    pub game: u8,
    pub first: String,
    pub second: String,
    /// `1-0`, `0-1` or `1/2-1/2`, as the log's `[RESULT]`.
    pub result: String,
    /// X's points: 1, ½ or 0.
    pub x_points: f64,
    /// By seat (first, second), judge points.
    pub total: [i64; 2],
    pub categories: [i64; 2],
    pub bids: [i64; 2],
    pub abort: Option<AbortLine>,
    /// Wall-clock times by seat (`null` in files written before every player was timed).
    pub times: [Option<TimesLine>; 2],
    /// CPU times by seat, what the judge charges (`null` for a player without a CPU clock).
    #[serde(default)]
    pub cpu_times: [Option<TimesLine>; 2],
    /// X's luck: what the game's chance events did to X's win probability next to their
    /// mean (`harness::review::luck`; mean zero given the position). Absent in files
    /// written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<f64>,
    /// X's luck-adjusted result: `x_points − luck`, on the same 0–1 scale (it may leave
    /// it), with the same expectation as `x_points` and, where the luck explains the
    /// dice, far less variance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adjusted: Option<f64>,
    /// X's luck by the table's value alone (issue 47's), beside `luck` on the same game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck_table: Option<f64>,
    /// CPU time the referee spent on the luck, microseconds.
    #[serde(default)]
    pub luck_cpu_us: u64,
}

/// Where the lines go, and the run they belong to.
pub struct ResultsSink {
    pub path: PathBuf,
    pub run: RunKey,
    /// This run's shard (1-based).
    pub shard: usize,
    file: Mutex<Box<dyn Write + Send>>,
}

impl std::fmt::Debug for ResultsSink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ResultsSink({})", self.path.display())
    }
}

impl ResultsSink {
    /// Creates (truncates) `path`; `-` is the standard output (a job run on another
    /// machine sends its games back that way: `crate::distributed`).
    pub fn create(path: &Path, run: RunKey, shard: usize) -> Result<ResultsSink, String> {
        if path == Path::new("-") {
            return Ok(ResultsSink::to_writer(
                path,
                run,
                shard,
                Box::new(std::io::stdout()),
            ));
        }
        let file = File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(ResultsSink::to_writer(
            path,
            run,
            shard,
            Box::new(BufWriter::new(file)),
        ))
    }

    /// Lines written to `writer` (flushed after each line), named `path` in messages.
    pub fn to_writer(
        path: &Path,
        run: RunKey,
        shard: usize,
        writer: Box<dyn Write + Send>,
    ) -> ResultsSink {
        ResultsSink {
            path: path.to_path_buf(),
            run,
            shard,
            file: Mutex::new(writer),
        }
    }

    /// Writes game `game` (0: X first) of deal `deal` of the match `x` against `y`, and
    /// flushes, so a run stopped at any moment leaves whole lines.
    pub fn write_game(
        &self,
        (x, y): (&str, &str),
        (deal, deal_seed): (usize, u64),
        game: usize,
        record: &GameRecord,
    ) -> Result<(), String> {
        let line = game_line(
            &self.run,
            self.shard,
            (x, y),
            (deal, deal_seed),
            game,
            record,
        );
        let text = serde_json::to_string(&line).map_err(|e| e.to_string())?;
        let mut file = self
            .file
            .lock()
            .map_err(|_| "results file lock poisoned".to_string())?;
        writeln!(file, "{text}")
            .and_then(|_| file.flush())
            .map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

fn seat_name(seat: usize) -> String {
    SEAT_NAMES[seat].to_ascii_lowercase()
}

fn times_line(times: &ClockTimes) -> Option<TimesLine> {
    if times.is_empty() {
        return None;
    }
    let mut all: Vec<u32> = times.micros.iter().flatten().copied().collect();
    let answers = all.len();
    let mut at = |q: f64| quantile(&mut all, q).map_or(0.0, |us| f64::from(us) / 1000.0);
    Some(TimesLine {
        answers,
        p50_ms: at(0.5),
        p99_ms: at(0.99),
        max_ms: at(1.0),
        ready_us: times.micros[AnswerKind::Ready as usize].clone(),
        roll_us: times.micros[AnswerKind::Bid as usize].clone(),
        score_us: times.micros[AnswerKind::Put as usize].clone(),
        decisions: times.decisions.clone(),
    })
}

/// The times of a line back as the referee recorded them.
fn clock_times(line: Option<TimesLine>) -> ClockTimes {
    line.map_or_else(ClockTimes::default, |t| ClockTimes {
        micros: [t.ready_us, t.roll_us, t.score_us],
        decisions: t.decisions,
    })
}

/// The line of one game.
pub fn game_line(
    run: &RunKey,
    shard: usize,
    (x, y): (&str, &str),
    (deal, deal_seed): (usize, u64),
    game: usize,
    record: &GameRecord,
) -> GameLine {
    let x_seat = PairRecord::x_seat(game);
    let (first, second) = if x_seat == 0 { (x, y) } else { (y, x) };
    GameLine {
        schema: SCHEMA.to_string(),
        run: run.clone(),
        shard,
        x: x.to_string(),
        y: y.to_string(),
        deal,
        deal_seed,
        game: game as u8,
        first: first.to_string(),
        second: second.to_string(),
        result: record.result.log_text().to_string(),
        x_points: f64::from(record.result.half_points(x_seat)) / 2.0,
        total: record.total_points,
        categories: record.category_points,
        bids: record.bid_points,
        abort: record.abort.map(|(seat, reason)| {
            let (kind, round) = record.abort_at.unwrap_or((AnswerKind::Ready, 0));
            AbortLine {
                seat: seat_name(seat),
                side: if seat == x_seat { "x" } else { "y" }.to_string(),
                reason: reason.log_text().to_string(),
                command: kind.command_name().to_string(),
                round,
                clock: record.late_clock.map(|c| c.name().to_string()),
            }
        }),
        times: [0, 1].map(|seat| times_line(record.times[seat].clock(Clock::Wall))),
        cpu_times: [0, 1].map(|seat| times_line(record.times[seat].clock(Clock::Cpu))),
        luck: record.luck.map(|l| l[x_seat]),
        adjusted: record.adjusted(x_seat),
        luck_table: record.luck_table.map(|l| l[x_seat]),
        luck_cpu_us: record.luck_cpu_micros,
    }
}

/// A line read back, with where it came from.
#[derive(Clone, Debug)]
pub struct ReadLine {
    pub line: GameLine,
    pub file: PathBuf,
    pub number: usize,
}

impl ReadLine {
    /// `file:line`, for messages.
    pub fn place(&self) -> String {
        format!("{}:{}", self.file.display(), self.number)
    }

    /// The game as the referee recorded it (without the log).
    pub fn record(&self) -> Result<GameRecord, String> {
        let l = &self.line;
        let result = match l.result.as_str() {
            "1-0" => GameResult::FirstWins,
            "0-1" => GameResult::SecondWins,
            "1/2-1/2" => GameResult::Draw,
            other => return Err(format!("{}: result {other:?}", self.place())),
        };
        let abort = match &l.abort {
            None => None,
            Some(a) => {
                let seat = SEAT_NAMES
                    .iter()
                    .position(|s| s.eq_ignore_ascii_case(&a.seat))
                    .ok_or_else(|| format!("{}: abort seat {:?}", self.place(), a.seat))?;
                let reason = AbortReason::ALL
                    .into_iter()
                    .find(|r| r.log_text() == a.reason)
                    .ok_or_else(|| format!("{}: abort reason {:?}", self.place(), a.reason))?;
                let kind = AnswerKind::ALL
                    .into_iter()
                    .find(|k| k.command_name() == a.command)
                    .ok_or_else(|| format!("{}: abort command {:?}", self.place(), a.command))?;
                Some(((seat, reason), (kind, a.round)))
            }
        };
        let late_clock = match l.abort.as_ref().and_then(|a| a.clock.as_deref()) {
            None => None,
            Some(name) => Some(
                Clock::parse(name)
                    .ok_or_else(|| format!("{}: abort clock {name:?}", self.place()))?,
            ),
        };
        let times = [0, 1].map(|seat| {
            let mut times = ResponseTimes::default();
            *times.clock_mut(Clock::Wall) = clock_times(l.times[seat].clone());
            *times.clock_mut(Clock::Cpu) = clock_times(l.cpu_times[seat].clone());
            times
        });
        Ok(GameRecord {
            result,
            abort: abort.map(|(a, _)| a),
            abort_at: abort.map(|(_, at)| at),
            late_clock,
            total_points: l.total,
            category_points: l.categories,
            bid_points: l.bids,
            times,
            luck: l.luck.map(|x_luck| {
                let mut by_seat = [-x_luck; 2];
                by_seat[PairRecord::x_seat(l.game as usize)] = x_luck;
                by_seat
            }),
            luck_table: l.luck_table.map(|x_luck| {
                let mut by_seat = [-x_luck; 2];
                by_seat[PairRecord::x_seat(l.game as usize)] = x_luck;
                by_seat
            }),
            luck_cpu_micros: l.luck_cpu_us,
            log: None,
        })
    }
}

/// Reads every line of `path`; a line that is not a record of this schema is an error
/// naming the file and the line (a truncated last line included).
pub fn read_file(path: &Path) -> Result<Vec<ReadLine>, String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (i, text) in BufReader::new(file).lines().enumerate() {
        let number = i + 1;
        let text = text.map_err(|e| format!("{}:{number}: {e}", path.display()))?;
        if text.trim().is_empty() {
            continue;
        }
        let line: GameLine = serde_json::from_str(&text).map_err(|e| {
            format!(
                "{}:{number}: not a game record of {SCHEMA} (truncated or foreign): {e}",
                path.display()
            )
        })?;
        if line.schema != SCHEMA {
            return Err(format!(
                "{}:{number}: schema {:?}, not {SCHEMA}",
                path.display(),
                line.schema
            ));
        }
        out.push(ReadLine {
            line,
            file: path.to_path_buf(),
            number,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run() -> RunKey {
        RunKey {
            command: "match".to_string(),
            players: vec!["bot".to_string(), "sample:3".to_string()],
            deals: DealSource {
                seed: Some(1),
                file_hash: None,
                count: 10,
            },
            opponents: Vec::new(),
            time_scale: 1.0,
            shards: 2,
            batch: None,
            sprt: None,
            adjusted: false,
        }
    }

    #[test]
    fn a_game_reads_back_as_written() {
        let record = GameRecord {
            result: GameResult::SecondWins,
            abort: Some((0, AbortReason::Tle)),
            abort_at: Some((AnswerKind::Bid, 7)),
            late_clock: Some(Clock::Cpu),
            total_points: [100_000, 120_000],
            category_points: [101_000, 118_000],
            bid_points: [-1_000, 2_000],
            times: [
                ResponseTimes {
                    by_clock: [
                        ClockTimes {
                            micros: [vec![2_500], vec![39_000, 50_000], vec![800]],
                            decisions: vec![(1, 39_000), (2, 50_000), (2, 800)],
                        },
                        ClockTimes {
                            micros: [vec![3_000], vec![40_000, 51_000], vec![900]],
                            decisions: vec![(1, 40_000), (2, 51_000), (2, 900)],
                        },
                    ],
                },
                ResponseTimes::default(),
            ],
            luck: Some([-0.125, 0.125]),
            luck_table: None,
            luck_cpu_micros: 0,
            log: None,
        };
        let line = game_line(&run(), 2, ("bot", "sample:3"), (4, 99), 1, &record);
        // X sat second: the first seat is Y, and the aborted first seat is Y's.
        assert_eq!(
            (line.first.as_str(), line.second.as_str()),
            ("sample:3", "bot")
        );
        let abort = line.abort.clone().unwrap();
        assert_eq!(
            (abort.side.as_str(), abort.command.as_str(), abort.round),
            ("y", "ROLL", 7)
        );
        assert_eq!(line.x_points, 1.0);
        // X (the second seat) won with luck +0.125: adjusted 0.875.
        assert_eq!((line.luck, line.adjusted), (Some(0.125), Some(0.875)));
        assert_eq!(abort.clock.as_deref(), Some("cpu"));
        assert!(line.times[1].is_none());
        assert_eq!(line.times[0].as_ref().unwrap().max_ms, 51.0);
        assert_eq!(line.cpu_times[0].as_ref().unwrap().max_ms, 50.0);
        let text = serde_json::to_string(&line).unwrap();
        let back: GameLine = serde_json::from_str(&text).unwrap();
        assert_eq!(back, line);
        let read = ReadLine {
            line: back,
            file: PathBuf::from("r.jsonl"),
            number: 3,
        };
        assert_eq!(read.record().unwrap(), record);
    }
}
