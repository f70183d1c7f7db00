//! `harness merge`: the per-game records of a run's shards joined into the report one run
//! of the whole would have printed (only the time taken is not known).
//!
//! Every line must belong to the same run ([`RunKey`]: command, players, deals, deadlines,
//! number of shards) and to the shard that owns its deal; no game may appear twice; every
//! deal pair must be whole; a match, tournament, gauntlet or league must have every deal.
//! An SPRT is read off its batches in deal order, up to the first one missing, exactly as
//! one run would have looked at them, and ends with the position a single run can
//! `--resume` from. Anything else is refused with the file and the line.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use super::gauntlet::{against_also, report as gauntlet_report, Row};
use super::league::{league_report, League};
use super::matches::MatchOutcome;
use super::report::{match_report, tournament_table};
use super::results::{read_file, ReadLine, RunKey};
use super::sprt::{batch_line, verdict_line, Resume};
use crate::stats::sprt::SprtConfig;
use crate::stats::{AdjustedScores, MatchStats, PairRecord, Pentanomial};

/// One match of a run: `(x, y)` and its deal pairs by deal index.
pub type MatchPairs = ((String, String), BTreeMap<usize, PairRecord>);

/// A merged run: its identity and each match's deal pairs in deal order.
pub struct Merged {
    pub run: RunKey,
    pub files: usize,
    /// `(x, y)` in order of first appearance, and their pairs by deal index.
    pub matches: Vec<MatchPairs>,
    /// Games read without the other game of their pair, left out ([`read_played`] only:
    /// [`read`] refuses them).
    pub lone_games: usize,
}

impl Merged {
    /// The deal pairs of `x` against `y`, by deal index.
    pub fn pairs(&self, x: &str, y: &str) -> Option<&BTreeMap<usize, PairRecord>> {
        self.matches
            .iter()
            .find(|((a, b), _)| a == x && b == y)
            .map(|(_, pairs)| pairs)
    }

    /// The match of `x` against `y` as one run would have returned it (no time).
    pub fn outcome(&self, x: &str, y: &str) -> Result<MatchOutcome, String> {
        let pairs = self
            .pairs(x, y)
            .ok_or_else(|| format!("no games of {x} against {y} in the results"))?;
        Ok(outcome_of(x, y, pairs.values()))
    }
}

fn outcome_of<'a>(x: &str, y: &str, pairs: impl Iterator<Item = &'a PairRecord>) -> MatchOutcome {
    let mut stats = MatchStats::default();
    let mut pair_halves = Vec::new();
    for pair in pairs {
        stats.add_pair(pair);
        pair_halves.push(pair.x_halves() as u8);
    }
    MatchOutcome {
        x_label: x.to_string(),
        y_label: y.to_string(),
        stats,
        pair_halves,
        elapsed: Duration::ZERO,
        threads: 0,
    }
}

/// The shard that owns a line's deal (an SPRT's: its batch).
fn owner(run: &RunKey, deal: usize) -> usize {
    let unit = match run.batch {
        Some(batch) if run.command == "sprt" => deal / batch.max(1),
        _ => deal,
    };
    unit % run.shards.max(1) + 1
}

/// Reads and checks every file; the games grouped by match and deal. The run must be
/// whole: every deal pair of every match (an SPRT: its batches as far as they go).
pub fn read(paths: &[PathBuf]) -> Result<Merged, String> {
    read_games(paths, true)
}

/// Reads and checks every file like [`read`], but takes a run as far as it was played
/// (one still running, or stopped): deals not played are absent, and a game whose pair
/// is not whole is left out and counted ([`Merged::lone_games`]).
pub fn read_played(paths: &[PathBuf]) -> Result<Merged, String> {
    read_games(paths, false)
}

fn read_games(paths: &[PathBuf], whole: bool) -> Result<Merged, String> {
    if paths.is_empty() {
        return Err("merge needs at least one --results file".to_string());
    }
    let mut first: Option<ReadLine> = None;
    // (x, y, deal) -> the two games, each with where it was read.
    let mut games: BTreeMap<(usize, usize), [Option<ReadLine>; 2]> = BTreeMap::new();
    let mut match_order: Vec<(String, String)> = Vec::new();
    let mut shards_seen: BTreeMap<usize, PathBuf> = BTreeMap::new();
    for (i, path) in paths.iter().enumerate() {
        if paths[..i].contains(path) {
            return Err(format!("{}: given twice", path.display()));
        }
        let lines = read_file(path)?;
        if lines.is_empty() {
            return Err(format!("{}: no game records", path.display()));
        }
        for read in lines {
            let line = &read.line;
            let reference = first.get_or_insert_with(|| read.clone());
            if line.run != reference.line.run {
                let what = if line.run.deals != reference.line.run.deals {
                    "other deals (seed, file or count)"
                } else if line.run.shards != reference.line.run.shards {
                    "another number of shards"
                } else {
                    "another run (command, players or deadlines)"
                };
                return Err(format!(
                    "{}: {what} than {}: not shards of one run",
                    read.place(),
                    reference.place()
                ));
            }
            if line.shard == 0 || line.shard > line.run.shards {
                return Err(format!(
                    "{}: shard {} of {}",
                    read.place(),
                    line.shard,
                    line.run.shards
                ));
            }
            if owner(&line.run, line.deal) != line.shard {
                return Err(format!(
                    "{}: deal {} belongs to shard {}, not {}",
                    read.place(),
                    line.deal,
                    owner(&line.run, line.deal),
                    line.shard
                ));
            }
            match shards_seen.get(&line.shard) {
                Some(other) if other != &read.file => {
                    return Err(format!(
                        "{}: shard {} is also in {}: overlapping shards",
                        read.place(),
                        line.shard,
                        other.display()
                    ));
                }
                _ => {
                    shards_seen.insert(line.shard, read.file.clone());
                }
            }
            let key = (line.x.clone(), line.y.clone());
            let m = match match_order.iter().position(|k| *k == key) {
                Some(m) => m,
                None => {
                    match_order.push(key);
                    match_order.len() - 1
                }
            };
            let slot = games.entry((m, line.deal)).or_default();
            let game = usize::from(line.game).min(1);
            if let Some(earlier) = &slot[game] {
                return Err(format!(
                    "{}: deal {} game {} of {} against {} is also at {}",
                    read.place(),
                    line.deal,
                    line.game,
                    line.x,
                    line.y,
                    earlier.place()
                ));
            }
            slot[game] = Some(read);
        }
    }
    let Some(first) = first else {
        return Err("no game records".to_string());
    };
    let mut matches: Vec<MatchPairs> = match_order
        .iter()
        .map(|k| (k.clone(), BTreeMap::new()))
        .collect();
    let mut lone_games = 0;
    for ((m, deal), [a, b]) in games {
        match (a, b) {
            (Some(a), Some(b)) => {
                let pair = PairRecord {
                    deal_index: deal,
                    games: [a.record()?, b.record()?],
                };
                matches[m].1.insert(deal, pair);
            }
            (Some(_), None) | (None, Some(_)) if !whole => lone_games += 1,
            (Some(one), None) | (None, Some(one)) => {
                return Err(format!(
                    "{}: deal {deal} has only game {} of its pair: a truncated results file?",
                    one.place(),
                    one.line.game
                ));
            }
            (None, None) => {}
        }
    }
    let run = first.line.run.clone();
    if whole && run.command != "sprt" {
        for ((x, y), pairs) in &matches {
            if pairs.len() != run.deals.count {
                let missing: Vec<usize> = (0..run.deals.count)
                    .filter(|d| !pairs.contains_key(d))
                    .collect();
                let shards: std::collections::BTreeSet<usize> =
                    missing.iter().map(|&d| owner(&run, d)).collect();
                return Err(format!(
                    "{x} against {y}: {} of {} deals missing (first {}), from shard(s) {:?} of {}",
                    missing.len(),
                    run.deals.count,
                    missing[0],
                    shards,
                    run.shards
                ));
            }
        }
    }
    Ok(Merged {
        run,
        files: paths.len(),
        matches,
        lone_games,
    })
}

/// The report one run would have printed (the time taken aside).
pub fn report(merged: &Merged) -> Result<String, String> {
    let run = &merged.run;
    let player = |i: usize| {
        run.players
            .get(i)
            .cloned()
            .ok_or_else(|| format!("the run names no player {i}"))
    };
    match run.command.as_str() {
        "match" => Ok(match_report(&merged.outcome(&player(0)?, &player(1)?)?)),
        "tournament" => {
            let x = player(0)?;
            let outcomes = run
                .opponents
                .iter()
                .map(|y| merged.outcome(&x, y))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(tournament_table(&x, &outcomes))
        }
        "gauntlet" => {
            let [nelo0, nelo1, ..] = run.sprt.unwrap_or([-3.0, 0.0, 0.05, 0.05]);
            let rows = run
                .opponents
                .iter()
                .map(|y| {
                    Ok(Row {
                        opponent: y.clone(),
                        candidate: merged.outcome(&player(0)?, y)?,
                        baseline: merged.outcome(&player(1)?, y)?,
                        also: (2..run.players.len())
                            .map(|i| merged.outcome(&player(i)?, y))
                            .collect::<Result<_, String>>()?,
                    })
                })
                .collect::<Result<Vec<_>, String>>()?;
            let mut out = gauntlet_report(&player(0)?, &player(1)?, &rows, nelo0, nelo1);
            for i in 2..run.players.len() {
                out.push('\n');
                out += &gauntlet_report(
                    &player(0)?,
                    &player(i)?,
                    &against_also(&rows, i - 2),
                    nelo0,
                    nelo1,
                );
            }
            Ok(out)
        }
        "league" => Ok(league_report(&league(merged)?)),
        "sprt" => Ok(sprt(merged)?.text),
        other => Err(format!("merge does not know the command {other:?}")),
    }
}

/// A merged league.
pub fn league(merged: &Merged) -> Result<League, String> {
    let labels = merged.run.players.clone();
    let matches = super::league::pairs(labels.len())
        .into_iter()
        .map(|(i, j)| Ok((i, j, merged.outcome(&labels[i], &labels[j])?)))
        .collect::<Result<_, String>>()?;
    Ok(League { labels, matches })
}

/// A merged SPRT: its printed lines, and the LLR after every deal pair (for the chart).
pub struct MergedSprt {
    pub text: String,
    pub llr_by_pair: Vec<(u64, f64)>,
    pub bounds: (f64, f64),
    pub verdict: String,
}

/// Reads the test off the batches in deal order, as one run would have looked at them.
pub fn sprt(merged: &Merged) -> Result<MergedSprt, String> {
    let run = &merged.run;
    let [nelo0, nelo1, alpha, beta] = run.sprt.ok_or("an SPRT's results name no test")?;
    let test = SprtConfig::with_error_rates(nelo0, nelo1, alpha, beta)?;
    let batch = run.batch.unwrap_or(1).max(1);
    let pairs = merged
        .matches
        .first()
        .map(|(_, pairs)| pairs)
        .ok_or("no games")?;
    let mut text = String::new();
    let mut counts = Pentanomial::default();
    let mut adjusted = AdjustedScores::default();
    let status_of = |counts: &Pentanomial, adjusted: &AdjustedScores| {
        if run.adjusted {
            test.status_adjusted(counts, adjusted)
        } else {
            test.status(counts)
        }
    };
    let mut llr_by_pair = Vec::new();
    let mut played = 0usize;
    let mut batches = 0u64;
    let mut decision = None;
    let mut status = status_of(&counts, &adjusted);
    while played < run.deals.count {
        let size = batch.min(run.deals.count - played);
        let deals: Vec<&PairRecord> = (played..played + size)
            .map_while(|d| pairs.get(&d))
            .collect();
        if deals.len() < size {
            break;
        }
        for pair in deals {
            counts.add_pair_halves(pair.x_halves());
            adjusted.add_pair(pair);
            llr_by_pair.push((counts.pairs(), status_of(&counts, &adjusted).llr()));
        }
        played += size;
        batches += 1;
        status = status_of(&counts, &adjusted);
        let position = Resume {
            batches,
            counts,
            adjusted,
        };
        text += &batch_line(&status, &position);
        text.push('\n');
        decision = status.decision();
        if decision.is_some() {
            break;
        }
    }
    let verdict = if decision.is_some() || played >= run.deals.count {
        verdict_line(decision, &status)
    } else {
        format!(
            "undecided after {batches} batches in deal order (the next batch, deals {played}.., is not in the results): resume {}",
            Resume {
                batches,
                counts,
                adjusted
            }
        )
    };
    text += &verdict;
    text.push('\n');
    Ok(MergedSprt {
        text,
        llr_by_pair,
        bounds: (test.lower_bound(), test.upper_bound()),
        verdict,
    })
}
