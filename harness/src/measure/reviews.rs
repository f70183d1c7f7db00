//! `harness measure reviews`: many games reviewed (`crate::review`), their decisions'
//! errors and luck summed up by player: what the marks' thresholds and the levels' error
//! rates are set on, and how a contestant's bot errs next to ours.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::replay::parse_log;
use crate::review::decisions::Kind;
use crate::review::marks::{decision_accuracy, Mark};
use crate::review::{review_log, GameReview};

/// Every `.log` file in `dirs` (not recursive), sorted.
pub fn logs_in(dirs: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for dir in dirs {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|e| e.to_string())?.path();
            if path.extension().is_some_and(|x| x == "log") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Reviews every log (in parallel); a log that cannot be read or replayed is an error
/// naming it. Each review's players are named `FOLDER: COMMAND` (a match's logs name an
/// in-process bot `bot` whatever its switches; the folder tells the runs apart).
pub fn review_all(
    logs: &[PathBuf],
    valuation: yacht::engine::search::positions::Valuation,
) -> Result<Vec<GameReview>, String> {
    logs.par_iter()
        .map(|path| {
            let text =
                std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let log = parse_log(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            let mut review = review_log(&log, valuation, None)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let folder = path
                .parent()
                .and_then(|p| p.file_name())
                .map_or(String::new(), |n| n.to_string_lossy().into_owned());
            for side in &mut review.sides {
                side.player = format!("{folder}: {}", side.player);
            }
            Ok(review)
        })
        .collect()
}

/// One player's decisions and luck over the games reviewed.
#[derive(Clone, Debug, Default)]
pub struct PlayerErrors {
    pub games: usize,
    pub bid_losses: Vec<f64>,
    pub put_losses: Vec<f64>,
    pub marks: [usize; 4],
    pub luck: Vec<f64>,
    pub results: Vec<f64>,
}

impl PlayerErrors {
    fn all(&self) -> impl Iterator<Item = f64> + '_ {
        self.bid_losses.iter().chain(&self.put_losses).copied()
    }

    /// Mean win probability lost per decision.
    pub fn error_rate(&self) -> f64 {
        let n = self.bid_losses.len() + self.put_losses.len();
        self.all().sum::<f64>() / n.max(1) as f64
    }

    pub fn accuracy(&self) -> f64 {
        let n = self.bid_losses.len() + self.put_losses.len();
        self.all().map(decision_accuracy).sum::<f64>() / n.max(1) as f64
    }
}

/// The reviews' decisions by player (the log's command line for each seat).
pub fn by_player(reviews: &[GameReview]) -> BTreeMap<String, PlayerErrors> {
    let mut out: BTreeMap<String, PlayerErrors> = BTreeMap::new();
    for review in reviews {
        for side in &review.sides {
            let p = out.entry(side.player.clone()).or_default();
            p.games += 1;
            for d in &side.decisions {
                match d.kind {
                    Kind::Bid => p.bid_losses.push(d.p_win_lost),
                    Kind::Put => p.put_losses.push(d.p_win_lost),
                }
                p.marks[d.mark as usize] += 1;
            }
            p.luck.push(side.luck);
            p.results.push(side.result);
        }
    }
    out
}

/// The `q`-quantile of `values` (nearest rank).
fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

/// The summary: a line per player, then the distribution of the losses.
pub fn report(players: &BTreeMap<String, PlayerErrors>) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<36} {:>5} {:>9} {:>8} {:>8} {:>8} {:>6} {:>6} {:>6} {:>8} {:>8}",
        "player",
        "games",
        "error",
        "bids",
        "puts",
        "accuracy",
        "?!/g",
        "?/g",
        "??/g",
        "luck",
        "score"
    );
    for (name, p) in players {
        let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
        let games = p.games.max(1) as f64;
        let _ = writeln!(
            out,
            "{:<36} {:>5} {:>9.5} {:>8.5} {:>8.5} {:>7.2}% {:>6.2} {:>6.2} {:>6.2} {:>+8.4} {:>7.2}%",
            name,
            p.games,
            p.error_rate(),
            mean(&p.bid_losses),
            mean(&p.put_losses),
            p.accuracy(),
            p.marks[Mark::Inaccuracy as usize] as f64 / games,
            p.marks[Mark::Mistake as usize] as f64 / games,
            p.marks[Mark::Blunder as usize] as f64 / games,
            mean(&p.luck),
            100.0 * mean(&p.results)
        );
    }
    let _ = writeln!(
        out,
        "\nwin probability lost per decision, quantiles (bids | scorings): 50% 90% 99% max"
    );
    for (name, p) in players {
        let q = |v: &[f64]| {
            [0.5, 0.9, 0.99, 1.0]
                .map(|x| format!("{:.4}", quantile(v, x)))
                .join(" ")
        };
        let _ = writeln!(
            out,
            "{name:<36} {} | {}",
            q(&p.bid_losses),
            q(&p.put_losses)
        );
    }
    out
}

/// Reviews the logs in `dirs` and reports.
pub fn run(
    dirs: &[PathBuf],
    valuation: yacht::engine::search::positions::Valuation,
    json: Option<&Path>,
) -> Result<String, String> {
    let logs = logs_in(dirs)?;
    if logs.is_empty() {
        return Err("no .log files in the folders given".to_string());
    }
    let reviews = review_all(&logs, valuation)?;
    if let Some(path) = json {
        let text = serde_json::to_string(&reviews).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(format!(
        "{} games reviewed\n{}",
        reviews.len(),
        report(&by_player(&reviews))
    ))
}
