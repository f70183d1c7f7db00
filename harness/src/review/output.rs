//! The review as text (`harness replay LOG --review`) and as JSON (`--json FILE`).

use std::fmt::Write as _;

use super::decisions::Kind;
use super::luck::ChanceKind;
use super::marks::Mark;
use super::GameReview;
use crate::words::{fixed, result_verb, signed, worth};

/// The review as text: per side its summary, then every decision that earned a mark, then
/// the luck of each round.
pub fn review_text(review: &GameReview) -> String {
    let mut out = String::new();
    for side in &review.sides {
        let _ = writeln!(
            out,
            "{} ({}): {}; luck {} of a win; luck-adjusted, worth {}; decisions cost {} of a win (error {} a decision, open games weighing most; accuracy {}%{}); {} inaccuracies, {} mistakes, {} blunders",
            side.side,
            if side.player.is_empty() { "?" } else { &side.player },
            result_verb(side.result),
            signed(side.luck, 3),
            worth(side.adjusted),
            fixed(side.decisions_cost, 3),
            fixed(side.error_rate, 4),
            fixed(side.accuracy, 1),
            side.played_like_level
                .map_or(String::new(), |l| format!(": like level {l}")),
            side.inaccuracies,
            side.mistakes,
            side.blunders
        );
    }
    let _ = writeln!(
        out,
        "\n{:<7} {:>5} {:<4} {:<26} {:<26} {:>8} {:>9} {:>9} {:<3}",
        "side", "round", "kind", "played", "best", "P(win)-", "points-", "hindsight", "mark"
    );
    for side in &review.sides {
        for d in &side.decisions {
            let _ = writeln!(
                out,
                "{:<7} {:>5} {:<4} {:<26} {:<26} {:>8} {:>9} {:>9} {:<3}",
                side.side,
                d.round,
                match d.kind {
                    Kind::Bid => "bid",
                    Kind::Put => "put",
                },
                d.played,
                d.best,
                fixed(d.p_win_lost, 4),
                fixed(d.points_lost, 0),
                d.p_win_lost_hindsight
                    .map_or("-".to_string(), |h| fixed(h, 4)),
                d.mark.symbol()
            );
        }
    }
    let marked: Vec<_> = review
        .sides
        .iter()
        .flat_map(|s| s.decisions.iter().map(move |d| (s, d)))
        .filter(|(_, d)| d.mark != Mark::None)
        .collect();
    if !marked.is_empty() {
        let _ = writeln!(out, "\nwhy:");
        for (side, d) in marked {
            let _ = writeln!(
                out,
                "  {} round {} {} {}: {}",
                side.side,
                d.round,
                d.mark.symbol(),
                d.played,
                d.why
            );
        }
    }
    let _ = writeln!(out, "\nluck (FIRST's; SECOND's is the opposite):");
    for e in &review.luck {
        let _ = writeln!(
            out,
            "  round {:>2} {:<4} {} (FIRST's P(win) after it {})",
            e.round,
            match e.kind {
                ChanceKind::Roll => "roll",
                ChanceKind::Coin => "coin",
            },
            signed(e.luck[0], 4),
            fixed(e.win_after, 3)
        );
    }
    for w in &review.warnings {
        let _ = writeln!(out, "warning: {w}");
    }
    out
}

/// The review as JSON.
pub fn review_json(review: &GameReview) -> String {
    serde_json::to_string_pretty(review).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
