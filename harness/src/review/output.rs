//! The review as text (`harness replay LOG --review`) and as JSON (`--json FILE`).

use std::fmt::Write as _;

use super::decisions::Kind;
use super::luck::ChanceKind;
use super::marks::Mark;
use super::GameReview;

/// The review as text: per side its summary, then every decision that earned a mark, then
/// the luck of each round.
pub fn review_text(review: &GameReview) -> String {
    let mut out = String::new();
    for side in &review.sides {
        let _ = writeln!(
            out,
            "{} ({}): result {}, luck {:+.3}, luck-adjusted {:.3}; decisions cost {:.3} of a win (error {:.4} a decision, accuracy {:.1}%{}); {} inaccuracies, {} mistakes, {} blunders",
            side.side,
            if side.player.is_empty() { "?" } else { &side.player },
            side.result,
            side.luck,
            side.adjusted,
            side.decisions_cost,
            side.error_rate,
            side.accuracy,
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
                "{:<7} {:>5} {:<4} {:<26} {:<26} {:>8.4} {:>9.0} {:>9} {:<3}",
                side.side,
                d.round,
                match d.kind {
                    Kind::Bid => "bid",
                    Kind::Put => "put",
                },
                d.played,
                d.best,
                d.p_win_lost,
                d.points_lost,
                d.p_win_lost_hindsight
                    .map_or("-".to_string(), |h| format!("{h:.4}")),
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
            "  round {:>2} {:<4} {:+.4} (FIRST's P(win) after it {:.3})",
            e.round,
            match e.kind {
                ChanceKind::Roll => "roll",
                ChanceKind::Coin => "coin",
            },
            e.luck[0],
            e.win_after
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
