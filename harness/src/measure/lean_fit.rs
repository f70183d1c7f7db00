//! `harness measure lean`: the weights of the futures' lean ([`yacht::engine::search::lean`])
//! fitted on forecasts (`harness measure odds --forecasts`): a logistic regression of each
//! game's result on the lean's inputs, with the bot's own P(win) as the offset, over the
//! auctions of the rollouts' rounds. Reports the weights and, by opponent, the level
//! shift of P(win) before and after leaning by them.

use std::fmt::Write as _;
use std::path::Path;

use yacht::engine::search::lean::{rolled_out, LEAN_INPUTS};
use yacht::engine::search::wincurve::lean;

use crate::stats::logistic::{fit, logit, shift, Forecast, Row};

/// One forecast of a rollouts' round: whom against, P(win), the lean's inputs, the result,
/// and its game (numbered in the file's order of first appearance, whatever the opponent:
/// the fit reads a game's forecasts together).
#[derive(Clone, Debug, PartialEq)]
pub struct LeanForecast {
    pub opponent: String,
    pub p_win: f64,
    pub inputs: [f64; LEAN_INPUTS],
    pub result: f64,
    pub game: usize,
}

/// The forecasts of the rollouts' rounds (2-10, [`rolled_out`]) in the JSON lines of
/// `harness measure odds --forecasts`; with `adjusted` each result is luck-adjusted (less
/// the luck after the forecast: the same expectation, less noise).
pub fn read_forecasts(path: &Path, adjusted: bool) -> Result<Vec<LeanForecast>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = Vec::new();
    // A game is its opponent and its number in the file (each opponent's count from 0).
    let mut games: std::collections::HashMap<(String, u64), usize> = Default::default();
    for (i, line) in text.lines().enumerate() {
        let bad = |what: &str| format!("{}:{}: {what}", path.display(), i + 1);
        let v: serde_json::Value = serde_json::from_str(line).map_err(|e| bad(&e.to_string()))?;
        let Some(p_win) = v["p_win"].as_f64() else {
            continue;
        };
        let lean = v["lean"]
            .as_array()
            .ok_or_else(|| bad("no \"lean\" (forecasts written before the lean)"))?;
        let inputs: Vec<f64> = lean.iter().filter_map(serde_json::Value::as_f64).collect();
        let inputs: [f64; LEAN_INPUTS] = inputs
            .try_into()
            .map_err(|_| bad("\"lean\" of another length"))?;
        // The rounds the lean acts in (the rollouts'), whatever its inputs there: an
        // input of 0 (an opponent sure to seek wins) is a forecast the fit must see.
        let round = v["round"].as_u64().ok_or_else(|| bad("no \"round\""))?;
        if !u8::try_from(round).is_ok_and(rolled_out) {
            continue;
        }
        let points = v["points"].as_f64().ok_or_else(|| bad("no \"points\""))?;
        let later_luck = if adjusted {
            v["later_luck"]
                .as_f64()
                .ok_or_else(|| bad("no \"later_luck\" (forecasts written before the luck)"))?
        } else {
            0.0
        };
        let opponent = v["opponent"].as_str().unwrap_or("?").to_string();
        let number = v["game"].as_u64().ok_or_else(|| bad("no \"game\""))?;
        let next = games.len();
        let game = *games.entry((opponent.clone(), number)).or_insert(next);
        out.push(LeanForecast {
            opponent,
            p_win,
            inputs,
            result: points - later_luck,
            game,
        });
    }
    Ok(out)
}

/// The fitted weights, or `None` if the forecasts do not determine them.
pub fn fit_lean(forecasts: &[LeanForecast]) -> Option<crate::stats::logistic::Fit> {
    let rows: Vec<Row> = forecasts
        .iter()
        .map(|f| Row {
            offset: logit(f.p_win),
            x: f.inputs.to_vec(),
            y: f.result,
            cluster: f.game,
        })
        .collect();
    fit(&rows, LEAN_INPUTS)
}

/// The report: the weights, then by opponent the level shift before and after leaning by
/// `weights` (the fitted ones, or others to check them on held-out forecasts).
pub fn report(forecasts: &[LeanForecast], weights: &[f64; LEAN_INPUTS]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} forecasts of the rollouts' rounds; weights {weights:?}",
        forecasts.len()
    );
    let mut opponents: Vec<&str> = forecasts.iter().map(|f| f.opponent.as_str()).collect();
    opponents.dedup();
    opponents.sort_unstable();
    opponents.dedup();
    let _ = writeln!(
        out,
        "level shift of P(win), logits (± one standard error, a game's forecasts read \
         together; in brackets, read as independent): as forecast -> leaned; and the \
         forecasts' mean squared error against the results read"
    );
    for name in opponents {
        let mine: Vec<&LeanForecast> = forecasts.iter().filter(|f| f.opponent == name).collect();
        let forecast = |f: &&LeanForecast, p| Forecast {
            p,
            y: f.result,
            game: f.game,
        };
        let before: Vec<Forecast> = mine.iter().map(|f| forecast(f, f.p_win)).collect();
        let after: Vec<Forecast> = mine
            .iter()
            .map(|f| {
                let logits: f64 = f.inputs.iter().zip(weights).map(|(x, w)| x * w).sum();
                forecast(f, lean(f.p_win, logits))
            })
            .collect();
        let text =
            |s: Option<crate::stats::logistic::Shift>| s.map_or("-".to_string(), |s| s.to_text(3));
        let squared_error =
            before.iter().map(|f| (f.p - f.y).powi(2)).sum::<f64>() / before.len().max(1) as f64;
        let _ = writeln!(
            out,
            "{name:<38} {:>6}  {} -> {}  mse {squared_error:.4}",
            mine.len(),
            text(shift(&before)),
            text(shift(&after))
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines without a P(win), or of rounds 11 and 12 (no auctions left to roll out), are
    /// not the lean's; a file from before the lean says so.
    #[test]
    fn only_the_rollouts_rounds_are_read() {
        let dir = std::env::temp_dir().join(format!("lean-fit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f.jsonl");
        let lines = [
            r#"{"opponent":"x","game":0,"round":3,"p_win":0.6,"lean":[0.44],"points":1.0,"later_luck":0.25}"#,
            r#"{"opponent":"x","game":0,"round":11,"p_win":0.7,"lean":[0.0],"points":1.0,"later_luck":0.0}"#,
            r#"{"opponent":"y","game":0,"round":4,"p_win":null,"lean":[0.39],"points":0.0,"later_luck":0.0}"#,
        ];
        std::fs::write(&path, lines.join("\n")).unwrap();
        let read = read_forecasts(&path, true).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].inputs, [0.44]);
        assert_eq!(read[0].result, 0.75);
        assert_eq!(read_forecasts(&path, false).unwrap()[0].result, 1.0);
        std::fs::write(&path, r#"{"opponent":"x","p_win":0.6,"points":1.0}"#).unwrap();
        assert!(read_forecasts(&path, false).unwrap_err().contains("lean"));
        std::fs::write(&path, lines[0].replace(r#","later_luck":0.25"#, "")).unwrap();
        assert!(read_forecasts(&path, true).unwrap_err().contains("luck"));
        std::fs::write(&path, lines[0].replace(r#""game":0,"#, "")).unwrap();
        assert!(read_forecasts(&path, true).unwrap_err().contains("game"));
        // A game is its opponent and its number: game 0 of x, 0 of y, 1 of x are three.
        let games = [("x", 0), ("y", 0), ("x", 0), ("x", 1)].map(|(who, game)| {
            lines[0]
                .replace(r#""x""#, &format!("{who:?}"))
                .replace(r#""game":0"#, &format!(r#""game":{game}"#))
        });
        std::fs::write(&path, games.join("\n")).unwrap();
        let read = read_forecasts(&path, true).unwrap();
        let numbers: Vec<usize> = read.iter().map(|f| f.game).collect();
        assert_eq!(numbers, [0, 1, 0, 2]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
