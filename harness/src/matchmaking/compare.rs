//! `harness compare`: one player's games in one run next to another player's (or the
//! same player's in another run) on the same deals, game by game.
//!
//! This is how a change is judged after the fact: the default's run and the change's,
//! both with `--results`, on the same deal seed. Each opponent's deal pairs are paired by
//! deal index (the deals of a seed do not depend on the run's length, so a 100-pair run
//! pairs with the first 100 of a 500-pair one). Per opponent it gives both score rates,
//! the paired difference with its 95% interval ([`Paired`]: the gauntlet's trial, so the
//! interval is the one its SPRT reads), how many games ended with the same totals (a
//! change that leaves them all alone has not changed those games), and how many results
//! differ. A side may be a run still in progress or stopped ([`super::merge::read_played`]):
//! only deals both sides have whole are paired. Two matches against different opponents
//! (the same player against two designs, on the same deals) pair as one row.

use std::fmt::Write as _;

use super::gauntlet::Paired;
use std::collections::BTreeMap;

use super::merge::{MatchPairs, Merged};
use crate::stats::{Moments, PairRecord, Z_95};

/// A match's deal pairs by deal index.
type Pairs = BTreeMap<usize, PairRecord>;

/// One side of a comparison: a run (its shards merged) and the player whose games count.
pub struct Side<'a> {
    pub run: &'a Merged,
    /// The player's label as the run records it (`x` of its matches).
    pub player: String,
}

/// The comparison against one opponent.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub opponent: String,
    /// Deal pairs both sides played.
    pub pairs: usize,
    /// Score rates (0..=1) over those pairs.
    pub new_rate: f64,
    pub old_rate: f64,
    /// The paired difference; `None` without pairs.
    pub paired: Option<Paired>,
    /// Games whose final totals are the same on both sides.
    pub games_same: usize,
    /// Games whose result (the player's points) differs.
    pub results_differ: usize,
    /// The luck-adjusted pair scores' difference, new − old (pairs whose four games all
    /// carry their luck): its mean and the half-width of its 95% interval.
    pub adjusted: Option<(f64, f64)>,
}

impl Row {
    /// The paired difference of score rates, new − old, and the half-width of its 95%
    /// interval: a trial is `½ + Δ/2` for a pair's difference `Δ` in score rate.
    pub fn difference(&self) -> Option<(f64, f64)> {
        let p = self.paired?;
        Some((
            2.0 * (p.trials.mean - 0.5),
            2.0 * Z_95 * p.trials.variance_of_mean().sqrt(),
        ))
    }
}

/// A comparison: a row per opponent both sides played, in the new run's order, and the
/// pooled row over all of them.
#[derive(Clone, Debug, PartialEq)]
pub struct Comparison {
    pub rows: Vec<Row>,
    pub all: Row,
    /// Opponents the new side played and the old did not.
    pub new_only: Vec<String>,
    /// How many opponents the old side played and the new did not (a run compared with
    /// one opponent of a gauntlet leaves all the others).
    pub old_only: usize,
}

/// The player of a side by default: the run's first player (a match's X, a gauntlet's
/// candidate, a tournament's player).
pub fn first_player(run: &Merged) -> Result<String, String> {
    run.run
        .players
        .first()
        .cloned()
        .ok_or_else(|| "the run names no player".to_string())
}

/// Compares `new` with `old`. Refused when the runs' deals differ (another seed or deal
/// file) or when no opponent was played by both players.
pub fn compare(new: &Side, old: &Side) -> Result<Comparison, String> {
    let (nd, od) = (&new.run.run.deals, &old.run.run.deals);
    if nd.seed != od.seed || nd.file_hash != od.file_hash {
        return Err(format!(
            "the runs played other deals ({} against {}): nothing to pair",
            deals_of(new.run),
            deals_of(old.run)
        ));
    }
    // The matches to pair: the player's opponents both sides played; failing any, two
    // runs of one opponent each (a match against one opponent next to a match against
    // another, on the same deals).
    let mut matched: Vec<(String, &Pairs, &Pairs)> = Vec::new();
    let mut new_only = Vec::new();
    for ((x, y), new_pairs) in &new.run.matches {
        if *x != new.player {
            continue;
        }
        match old.run.pairs(&old.player, y) {
            Some(old_pairs) => matched.push((y.clone(), new_pairs, old_pairs)),
            None => new_only.push(y.clone()),
        }
    }
    let mut old_only = old
        .run
        .matches
        .iter()
        .filter(|((x, y), _)| *x == old.player && new.run.pairs(&new.player, y).is_none())
        .count();
    if matched.is_empty() {
        let (Some(((_, y_new), a)), Some(((_, y_old), b))) = (sole_match(new), sole_match(old))
        else {
            return Err(format!(
                "no opponent played by both {} (new) and {} (old)",
                new.player, old.player
            ));
        };
        matched.push((format!("{y_new} / {y_old}"), a, b));
        new_only.clear();
        old_only = 0;
    }
    let mut all = Tally::default();
    let rows = matched
        .iter()
        .map(|(opponent, new_pairs, old_pairs)| {
            let mut tally = Tally::default();
            for (deal, a) in *new_pairs {
                if let Some(b) = old_pairs.get(deal) {
                    tally.add(a, b);
                    all.add(a, b);
                }
            }
            tally.row(opponent)
        })
        .collect();
    Ok(Comparison {
        rows,
        all: all.row("all"),
        new_only,
        old_only,
    })
}

/// The side's one match, if its player played exactly one opponent.
fn sole_match<'a>(side: &'a Side) -> Option<&'a MatchPairs> {
    let mut matches = side
        .run
        .matches
        .iter()
        .filter(|((x, _), _)| *x == side.player);
    let only = matches.next()?;
    matches.next().is_none().then_some(only)
}

/// Where a run's deals come from, in words.
fn deals_of(run: &Merged) -> String {
    let deals = &run.run.deals;
    match (&deals.seed, &deals.file_hash) {
        (Some(seed), _) => format!("seed {seed}"),
        (None, Some(hash)) => format!("deal file {hash}"),
        (None, None) => "deals of unknown source".to_string(),
    }
}

/// Both sides' pair scores and game-by-game agreement, pair by pair.
#[derive(Default)]
struct Tally {
    new_halves: Vec<u8>,
    old_halves: Vec<u8>,
    games_same: usize,
    results_differ: usize,
    /// Per pair, new's luck-adjusted pair score minus old's.
    adjusted_differences: Vec<f64>,
}

/// X's luck-adjusted score over a pair (the mean of its two games'), if both carry it.
fn adjusted_pair_score(pair: &PairRecord) -> Option<f64> {
    let a = pair.games[0].adjusted(PairRecord::x_seat(0))?;
    let b = pair.games[1].adjusted(PairRecord::x_seat(1))?;
    Some(0.5 * (a + b))
}

impl Tally {
    fn add(&mut self, new: &PairRecord, old: &PairRecord) {
        self.new_halves.push(new.x_halves() as u8);
        self.old_halves.push(old.x_halves() as u8);
        if let (Some(a), Some(b)) = (adjusted_pair_score(new), adjusted_pair_score(old)) {
            self.adjusted_differences.push(a - b);
        }
        for g in 0..2 {
            let (a, b) = (&new.games[g], &old.games[g]);
            let seat = PairRecord::x_seat(g);
            if a.total_points == b.total_points {
                self.games_same += 1;
            }
            if a.result.half_points(seat) != b.result.half_points(seat) {
                self.results_differ += 1;
            }
        }
    }

    fn row(&self, opponent: &str) -> Row {
        let rate = |halves: &[u8]| {
            halves.iter().map(|&h| f64::from(h)).sum::<f64>() / (4.0 * halves.len() as f64)
        };
        Row {
            opponent: opponent.to_string(),
            pairs: self.new_halves.len(),
            new_rate: rate(&self.new_halves),
            old_rate: rate(&self.old_halves),
            paired: Paired::from_halves(&self.new_halves, &self.old_halves),
            games_same: self.games_same,
            results_differ: self.results_differ,
            adjusted: Moments::from_counts(self.adjusted_differences.iter().map(|&d| (d, 1)))
                .map(|m| (m.mean, m.margin_95())),
        }
    }
}

/// The comparison as text: who is compared, a line per opponent and the pooled line.
pub fn report(new: &Side, old: &Side, comparison: &Comparison) -> String {
    let mut out = String::new();
    let describe = |side: &Side| {
        format!(
            "{} ({} run, {})",
            side.player,
            side.run.run.command,
            deals_of(side.run)
        )
    };
    let _ = writeln!(out, "new = {}", describe(new));
    let _ = writeln!(out, "old = {}", describe(old));
    let width = comparison
        .rows
        .iter()
        .map(|r| r.opponent.len())
        .chain([8])
        .max()
        .unwrap_or(8);
    let _ = writeln!(
        out,
        "{:<width$} {:>6} | {:>7} {:>7} | {:^24} | {:^24} | {:>11} {:>9}",
        "opponent",
        "pairs",
        "new",
        "old",
        "new - old [95%]",
        "luck-adjusted [95%]",
        "games same",
        "differ"
    );
    let line = |out: &mut String, row: &Row| {
        let interval = |dm: Option<(f64, f64)>| match dm {
            Some((d, m)) => format!(
                "{:+6.2} [{:+6.2}, {:+6.2}]",
                100.0 * d,
                100.0 * (d - m),
                100.0 * (d + m)
            ),
            None => "-".to_string(),
        };
        let _ = writeln!(
            out,
            "{:<width$} {:>6} | {:>6.2}% {:>6.2}% | {:^24} | {:^24} | {:>5} of {:<4} {:>6}",
            row.opponent,
            row.pairs,
            100.0 * row.new_rate,
            100.0 * row.old_rate,
            interval(row.difference()),
            interval(row.adjusted),
            row.games_same,
            2 * row.pairs,
            row.results_differ,
        );
    };
    for row in &comparison.rows {
        line(&mut out, row);
    }
    if comparison.rows.len() > 1 {
        line(&mut out, &comparison.all);
    }
    if !comparison.new_only.is_empty() {
        let _ = writeln!(
            out,
            "not in the old run (not compared): {}",
            comparison.new_only.join(", ")
        );
    }
    if comparison.old_only > 0 {
        let _ = writeln!(
            out,
            "{} more opponents in the old run only (not compared)",
            comparison.old_only
        );
    }
    for (name, side) in [("new", new), ("old", old)] {
        if side.run.lone_games > 0 {
            let _ = writeln!(
                out,
                "{name}: {} games without the other game of their pair left out",
                side.run.lone_games
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paired_difference_is_the_difference_of_the_score_rates() {
        // New: two pairs won outright and one lost; old: three pairs split.
        let tally = Tally {
            new_halves: vec![4, 4, 0],
            old_halves: vec![2, 2, 2],
            games_same: 0,
            results_differ: 6,
            adjusted_differences: vec![0.25, 0.125, -0.125],
        };
        let row = tally.row("x");
        assert_eq!((row.new_rate, row.old_rate), (2.0 / 3.0, 0.5));
        let (d, margin) = row.difference().unwrap();
        assert!((d - (row.new_rate - row.old_rate)).abs() < 1e-12, "{d}");
        // Pair differences +½, +½, −½: sample variance (ML) 2/9, so the 95% half-width
        // of their mean is 1.96·√(2/27).
        assert!(
            (margin - Z_95 * (2.0f64 / 27.0).sqrt()).abs() < 1e-9,
            "{margin}"
        );
        // The adjusted differences' mean, 1/12, with their own interval.
        let (d, m) = row.adjusted.unwrap();
        assert!((d - 1.0 / 12.0).abs() < 1e-12 && m > 0.0, "{d} {m}");
    }
}
