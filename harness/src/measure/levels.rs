//! `harness measure levels`: what a review's level estimate is worth. Each skill level
//! (`bot:level=L,clock=0`) plays each opponent, every game is reviewed, and each candidate
//! measure of a side's errors is fitted: a centre per level (the geometric mean over the
//! opponents of the level's games' geometric means), each game estimated as the level of
//! the nearest centre (on a log scale: a level is a factor apart from the next). A measure
//! is good where the mean estimate orders the levels against every opponent, most of each
//! level's games are estimated within one level of it, and the measure itself orders them.
//! The kept measure is also read between bounds fitted to the criterion
//! ([`Bounds`]: each level within one level in 90% of its games against each opponent),
//! which the review reads its level from (`review::marks::LEVEL_BOUNDS`).
//!
//! The plain mean of the win probability lost saturates: in a game lost early every later
//! decision costs nothing, so a beginner crushed by round 5 reads as a better player than
//! one who kept it close. The candidates weigh each decision by how open the game was
//! (lichess weighs its accuracy by the volatility of the position), or count points.

use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::matchmaking::matches::{run_match, Deals, LogSaving, MatchConfig, RunSettings, Shard};
use crate::referee::RefereeOptions;
use crate::replay::parse_log;
use crate::review::decisions::{Judged, Kind};
use crate::review::marks::{
    error_rate_open, nearest_level, openness, points_lost_rate, points_lost_rate_of,
    weighted_error, LevelMeasures, LevelRule, ERROR_FLOOR,
};
use crate::review::match_review::logs_in;
use crate::review::review_log;
use yacht::engine::config::LEVEL_MAX;

/// The candidate measures of a side's errors, by name.
pub const MEASURES: [&str; 9] = [
    "plain",
    "open 4p(1-p)",
    "open 0.1-0.9",
    "open sqrt",
    "points",
    "points of scorings",
    "points of bids",
    "overbid",
    "greedy share",
];

/// Each candidate measure of one side's decisions, in the order of [`MEASURES`].
pub fn measures(decisions: &[Judged]) -> [f64; 9] {
    let n = decisions.len().max(1) as f64;
    // The review's own measures, as its rule reads them.
    let review = LevelMeasures::of(decisions);
    [
        decisions.iter().map(|d| d.p_win_lost).sum::<f64>() / n,
        error_rate_open(decisions),
        weighted_error(decisions, |p| f64::from(u8::from((0.1..=0.9).contains(&p)))),
        weighted_error(decisions, |p| 2.0 * (p * (1.0 - p)).max(0.0).sqrt()),
        points_lost_rate(decisions),
        review.scoring_points,
        points_lost_rate_of(decisions, Kind::Bid),
        review.overbid,
        review.greedy,
    ]
}

/// One reviewed game of a level against an opponent.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct LevelGame {
    pub level: u8,
    pub opponent: String,
    pub log: String,
    pub result: f64,
    /// Each measure of [`MEASURES`].
    pub measures: Vec<f64>,
    /// The decisions judged.
    pub decisions: usize,
    /// Of them, those made with the best P(win) between 0.1 and 0.9.
    pub open_decisions: usize,
}

/// The folder of one level's games against `opponent` under `root`.
fn folder(root: &Path, opponent: &str, level: u8) -> PathBuf {
    let name: String = opponent
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    root.join(name).join(format!("level{level}"))
}

/// Plays (where its logs are not all kept) and reviews every level against every
/// opponent over `deals` deal pairs of `seed`, the level in X's seat.
pub fn play_and_review(
    root: &Path,
    opponents: &[String],
    deals: usize,
    seed: u64,
    valuation: yacht::engine::search::positions::Valuation,
) -> Result<Vec<LevelGame>, String> {
    let mut games = Vec::new();
    for opponent in opponents {
        for level in 1..=LEVEL_MAX {
            let dir = folder(root, opponent, level);
            let have = if dir.exists() {
                logs_in(std::slice::from_ref(&dir))?.len()
            } else {
                0
            };
            if have < 2 * deals {
                run_match(&MatchConfig {
                    x: format!("bot:level={level},clock=0").parse()?,
                    y: opponent.parse()?,
                    logs: Some(LogSaving {
                        dir: dir.clone(),
                        losses_only: false,
                    }),
                    run: RunSettings {
                        deals: Deals::Seeded { seed, count: deals },
                        threads: 0,
                        // The clock is off: the deadlines only catch a hang, whatever the load.
                        referee: RefereeOptions {
                            time_scale: 20.0,
                            luck: false,
                            ..RefereeOptions::default()
                        },
                        progress: false,
                        shard: Shard::WHOLE,
                        only: None,
                        results: None,
                    },
                })?;
            }
            let logs = logs_in(&[dir])?;
            let reviewed: Result<Vec<LevelGame>, String> = logs
                .par_iter()
                .map(|path| review_game(path, level, opponent, valuation))
                .collect();
            games.extend(reviewed?);
        }
    }
    Ok(games)
}

/// The review of one logged game, X's side (`-x-first.log`: the first seat).
fn review_game(
    path: &Path,
    level: u8,
    opponent: &str,
    valuation: yacht::engine::search::positions::Valuation,
) -> Result<LevelGame, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let log = parse_log(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let review =
        review_log(&log, valuation, None).map_err(|e| format!("{}: {e}", path.display()))?;
    let seat = usize::from(!path.to_string_lossy().ends_with("-x-first.log"));
    let side = &review.sides[seat];
    Ok(LevelGame {
        level,
        opponent: opponent.to_string(),
        log: path.display().to_string(),
        result: side.result,
        measures: measures(&side.decisions).to_vec(),
        decisions: side.decisions.len(),
        open_decisions: side
            .decisions
            .iter()
            .filter(|d| openness(d.p_win_best) >= 0.36)
            .count(),
    })
}

/// A measure's fit: a centre per level, and each game's estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    /// Level 1's centre first.
    pub centres: Vec<f64>,
}

impl Fit {
    /// The centres of `measure` (its index) over `games`: per level, the geometric mean
    /// over the opponents of each opponent's games' geometric mean.
    pub fn of(games: &[LevelGame], measure: usize, opponents: &[String]) -> Fit {
        let centres = (1..=LEVEL_MAX)
            .map(|level| {
                let logs: Vec<f64> = opponents
                    .iter()
                    .filter_map(|o| {
                        let of: Vec<f64> = games
                            .iter()
                            .filter(|g| g.level == level && &g.opponent == o)
                            .map(|g| g.measures[measure].max(ERROR_FLOOR).ln())
                            .collect();
                        (!of.is_empty()).then(|| of.iter().sum::<f64>() / of.len() as f64)
                    })
                    .collect();
                (logs.iter().sum::<f64>() / logs.len().max(1) as f64).exp()
            })
            .collect();
        Fit { centres }
    }

    /// The level whose centre is nearest `value` on a log scale.
    pub fn estimate(&self, value: f64) -> u8 {
        nearest_level(&self.centres, value)
    }
}

/// The criterion: each level's games read within one level in at least this share
/// of them, against each opponent.
pub const WITHIN_ONE_GOAL: f64 = 0.9;

/// The values tried for a bound: a factor 10^0.02 apart from 0.1 to 10^5 (points).
fn bound_grid() -> Vec<f64> {
    (0..300)
        .map(|i| 10f64.powf(-1.0 + 0.02 * f64::from(i)))
        .collect()
}

/// The review's measures of a game ([`LevelMeasures`]), from its [`MEASURES`].
pub fn level_measures(game: &LevelGame) -> LevelMeasures {
    LevelMeasures {
        scoring_points: game.measures[SCORING_POINTS],
        overbid: game.measures[OVERBID],
        greedy: game.measures[GREEDY],
    }
}

/// Where [`level_measures`] reads in [`MEASURES`].
const SCORING_POINTS: usize = 5;
const OVERBID: usize = 7;
const GREEDY: usize = 8;

/// The review's rule ([`LevelRule`]) fitted to the criterion, from `start`: each of its
/// numbers in turn (the overbid, the greedy share, each bound) moved to the grid's value
/// that most improves, until none does: first the least share within one level over the
/// cells (level, opponent), up to [`WITHIN_ONE_GOAL`]; then the mean share read as the
/// level itself; then the least share within one level. The bounds are fitted rather than
/// set at centres: the nearest centre reads a level as the one below wherever it errs more
/// against an opponent than against the others, while the criterion asks for every one.
pub fn fit_rule(games: &[LevelGame], opponents: &[String], start: &LevelRule) -> LevelRule {
    let cells: Vec<(u8, Vec<LevelMeasures>)> = (1..=LEVEL_MAX)
        .flat_map(|level| {
            opponents.iter().map(move |o| {
                let values = games
                    .iter()
                    .filter(|g| g.level == level && &g.opponent == o)
                    .map(level_measures)
                    .collect();
                (level, values)
            })
        })
        .filter(|(_, v): &(u8, Vec<LevelMeasures>)| !v.is_empty())
        .collect();
    let score = |rule: &LevelRule| -> [f64; 3] {
        let (mut least, mut exact) = (f64::INFINITY, 0.0);
        for (level, values) in &cells {
            let n = values.len() as f64;
            let read: Vec<u8> = values.iter().map(|m| rule.level(m)).collect();
            let within = read.iter().filter(|&&r| r.abs_diff(*level) <= 1).count();
            least = least.min(within as f64 / n);
            exact += read.iter().filter(|&&r| r == *level).count() as f64 / n;
        }
        [
            least.min(WITHIN_ONE_GOAL),
            exact / cells.len().max(1) as f64,
            least,
        ]
    };
    let points = bound_grid();
    // Shares of greedy scorings, and above 1: never level 1 by its scorings.
    let shares: Vec<f64> = (50..=101).map(|i| f64::from(i) / 100.0).collect();
    let mut rule = start.clone();
    let mut best = score(&rule);
    let mut improved = true;
    while improved {
        improved = false;
        for i in 0..rule.bounds.len() + 2 {
            let grid = if i == 1 { &shares } else { &points };
            for &value in grid {
                let mut tried = rule.clone();
                match i {
                    0 => tried.overbid = value,
                    1 => tried.greedy = value,
                    _ => tried.bounds[i - 2] = value,
                }
                if !tried.bounds.windows(2).all(|w| w[0] > w[1]) {
                    continue;
                }
                let s = score(&tried);
                if s > best {
                    (best, rule, improved) = (s, tried, true);
                }
            }
        }
    }
    rule
}

/// Each measure's verdict with its centres, then the review's rule ([`LevelRule`]) fitted
/// to these games and as the review has it (on games of another seed or of other opponents,
/// a held-out test): by level and opponent, the mean estimate, the share of games within
/// one level and the mean measure; and whether the criteria hold.
pub fn report(games: &[LevelGame], opponents: &[String]) -> String {
    let mut out = String::new();
    let list = |v: &[f64]| {
        v.iter()
            .map(|c| format!("{c:.5}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    for (m, name) in MEASURES.iter().enumerate() {
        let fit = Fit::of(games, m, opponents);
        out += &format!("\n== {name}: centres {}\n", list(&fit.centres));
        out += &table(games, opponents, &|g| g.measures[m], &|g| {
            fit.estimate(g.measures[m])
        });
    }
    let review = LevelRule::review();
    let fitted = fit_rule(games, opponents, &review);
    for (title, rule) in [
        ("the rule fitted to the criterion", &fitted),
        (
            "the review's rule (LEVEL_1_OVERBID, LEVEL_1_GREEDY, LEVEL_BOUNDS)",
            &review,
        ),
    ] {
        out += &format!(
            "\n== {title}: level 1 above {:.1} points overbid a bid or from {:.2} of the \
             scorings greedy; levels 2-{LEVEL_MAX} by the scorings' points lost a decision, \
             bounds {}\n",
            rule.overbid,
            rule.greedy,
            list(&rule.bounds)
        );
        out += &table(games, opponents, &|g| g.measures[SCORING_POINTS], &|g| {
            rule.level(&level_measures(g))
        });
    }
    out
}

/// One estimate's table (`value` the measure shown, `estimate` a game's level), and its
/// verdicts.
fn table(
    games: &[LevelGame],
    opponents: &[String],
    value: &dyn Fn(&LevelGame) -> f64,
    estimate: &dyn Fn(&LevelGame) -> u8,
) -> String {
    let mut out = String::new();
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    out += &format!("{:<8}", "level");
    for o in opponents {
        out += &format!(" {:>30}", o);
    }
    out += &format!(" {:>12}\n", "within one");
    let mut ordered = true;
    let mut measure_ordered = true;
    let mut within_all = true;
    // The cell (level, opponent) whose games are least often within one level.
    let mut weakest: Option<(f64, u8, &str)> = None;
    let mut last: Vec<(f64, f64)> = vec![(0.0, f64::INFINITY); opponents.len()];
    for level in 1..=LEVEL_MAX {
        out += &format!("{:<8}", level);
        let mut near = (0, 0);
        for (i, o) in opponents.iter().enumerate() {
            let of: Vec<&LevelGame> = games
                .iter()
                .filter(|g| g.level == level && &g.opponent == o)
                .collect();
            let estimates: Vec<f64> = of.iter().map(|g| f64::from(estimate(g))).collect();
            let values: Vec<f64> = of.iter().map(|g| value(g)).collect();
            let close = estimates
                .iter()
                .filter(|&&e| (e - f64::from(level)).abs() <= 1.0)
                .count();
            let cell = close as f64 / estimates.len().max(1) as f64;
            if weakest.is_none_or(|(w, _, _)| cell < w) {
                weakest = Some((cell, level, o.as_str()));
            }
            near = (near.0 + close, near.1 + estimates.len());
            let (e, v) = (mean(&estimates), mean(&values));
            ordered &= e > last[i].0;
            measure_ordered &= v < last[i].1;
            last[i] = (e, v);
            out += &format!(" {:>8.2} {:>4.0}% {:>14.5}", e, 100.0 * cell, v);
        }
        let share = near.0 as f64 / near.1.max(1) as f64;
        within_all &= share >= WITHIN_ONE_GOAL;
        out += &format!(" {:>11.0}%\n", 100.0 * share);
    }
    out += &format!(
        "mean estimate orders the levels against every opponent: {}; each level's games \
         within one level >= {:.0}%: {}; the measure orders them: {}\n",
        yes(ordered),
        100.0 * WITHIN_ONE_GOAL,
        yes(within_all),
        yes(measure_ordered)
    );
    if let Some((share, level, opponent)) = weakest {
        out += &format!(
            "every level against every opponent within one level >= {:.0}%: {} (the least: \
             level {level} against {opponent}, {:.0}%)\n",
            100.0 * WITHIN_ONE_GOAL,
            yes(share >= WITHIN_ONE_GOAL),
            100.0 * share
        );
    }
    out
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "NO"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(level: u8, opponent: &str, value: f64) -> LevelGame {
        LevelGame {
            level,
            opponent: opponent.to_string(),
            log: String::new(),
            result: 0.5,
            measures: vec![value; MEASURES.len()],
            decisions: 24,
            open_decisions: 12,
        }
    }

    #[test]
    fn centres_are_geometric_means_and_games_go_to_the_nearest() {
        let opponents = ["a".to_string(), "b".to_string()];
        let mut games = Vec::new();
        for level in 1..=LEVEL_MAX {
            // Level L errs 0.1 / 2^L against a and 1.5 times that against b.
            let base = 0.1 / f64::from(1u32 << level);
            games.push(game(level, "a", base));
            games.push(game(level, "b", 1.5 * base));
        }
        let fit = Fit::of(&games, 0, &opponents);
        for (i, c) in fit.centres.iter().enumerate() {
            let want = 0.1 / f64::from(1u32 << (i + 1)) * 1.5f64.sqrt();
            assert!((c - want).abs() < 1e-12, "{:?}", fit.centres);
        }
        assert_eq!(fit.estimate(0.2), 1);
        assert_eq!(fit.estimate(0.0), LEVEL_MAX);
        assert_eq!(fit.estimate(fit.centres[2] * 1.3), 3);
        let text = report(&games, &opponents);
        assert!(
            text.contains("orders the levels against every opponent: yes"),
            "{text}"
        );
        assert!(
            text.contains("every level against every opponent within one level >= 90%: yes"),
            "{text}"
        );
        // A level read two away in every game of one cell fails that cell.
        games.push(game(5, "a", fit.centres[2]));
        games.push(game(5, "a", fit.centres[2]));
        let text = report(&games, &opponents);
        assert!(
            text.contains("within one level >= 90%: NO (the least: level 5 against a, 33%)"),
            "{text}"
        );
    }

    /// The bot erring against one opponent as the level two below it does: the nearest
    /// centre reads it two levels low there; the rule's bounds move until every cell is
    /// within one, and level 1 (scoring no worse than level 3, but overbidding) reads as 1.
    #[test]
    fn the_rule_meets_the_criterion_where_the_nearest_centre_fails() {
        let opponents = ["a".to_string(), "b".to_string()];
        // Level L >= 2 loses 20,000 / 2^L points a scoring; level 1 as level 3 does.
        let base = |level: u8| 20_000.0 / f64::from(1u32 << level);
        let measured = |level: u8, points: f64| {
            let mut g = game(level, "a", 0.0);
            g.measures[SCORING_POINTS] = points;
            g.measures[OVERBID] = if level == 1 { 6_000.0 } else { 1_000.0 };
            g.measures[GREEDY] = if level == 1 { 1.0 } else { 0.6 };
            g
        };
        let mut games = Vec::new();
        for level in 1..=LEVEL_MAX {
            let own = if level == 1 { base(3) } else { base(level) };
            let against_b = if level == LEVEL_MAX {
                base(LEVEL_MAX - 2)
            } else {
                own
            };
            for _ in 0..3 {
                games.push(measured(level, own));
                games.push(LevelGame {
                    opponent: "b".to_string(),
                    ..measured(level, against_b)
                });
            }
        }
        let fit = Fit::of(&games, SCORING_POINTS, &opponents);
        assert_eq!(fit.estimate(base(LEVEL_MAX - 2)), LEVEL_MAX - 2);
        let start = LevelRule {
            overbid: 1e5,
            greedy: 1.01,
            bounds: fit.centres[1..]
                .windows(2)
                .map(|w| (w[0] * w[1]).sqrt())
                .collect(),
        };
        let rule = fit_rule(&games, &opponents, &start);
        assert!(rule.bounds.windows(2).all(|w| w[0] > w[1]), "{rule:?}");
        for g in &games {
            let read = rule.level(&level_measures(g));
            assert!(read.abs_diff(g.level) <= 1, "{rule:?} {g:?}");
            if g.level == 1 {
                assert_eq!(read, 1, "{rule:?}");
            }
        }
        // The top level against a still reads as itself: the bounds do not give up the level.
        assert_eq!(
            rule.level(&level_measures(&measured(LEVEL_MAX, base(LEVEL_MAX)))),
            LEVEL_MAX
        );
        let text = report(&games, &opponents);
        let fitted = &text[text.find("the rule fitted").unwrap()..];
        let fitted = &fitted[..fitted.find("\n== ").unwrap_or(fitted.len())];
        assert!(
            fitted.contains("every level against every opponent within one level >= 90%: yes"),
            "{text}"
        );
    }
}
