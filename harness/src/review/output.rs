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
            "{} ({}): {}; luck {} of a win; luck-adjusted, worth {}; decisions cost {} of a win (error {} a decision, open games weighing most; {} points a decision; accuracy {}%{}); {} inaccuracies, {} mistakes, {} blunders",
            side.side,
            if side.player.is_empty() { "?" } else { &side.player },
            result_verb(side.result),
            signed(side.luck, 3),
            worth(side.adjusted),
            fixed(side.decisions_cost, 3),
            fixed(side.error_rate, 4),
            fixed(side.points_rate, 0),
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
                ChanceKind::Draw => "draw",
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

/// The review of a match as text: the findings first, then the two players side by side
/// (each figure of the first player beside the second's on the same games), round by round,
/// the bids' habit, the scorings by category, the costliest decisions, the files skipped.
pub fn match_text(review: &super::match_review::MatchReview) -> String {
    use super::match_review::Cell;
    let [a, b] = &review.players;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} games reviewed: A = {}, B = {}{}",
        review.files.len(),
        a.player,
        b.player,
        if review.skipped.is_empty() {
            String::new()
        } else {
            format!("; {} files not reviewed (below)", review.skipped.len())
        }
    );
    let _ = writeln!(out, "\nread first:");
    if review.findings.is_empty() {
        let _ = writeln!(
            out,
            "  {}",
            crate::i18n::Message::new("match-findings-none")
        );
    }
    for (i, f) in review.findings.iter().enumerate() {
        let _ = writeln!(out, "  {}. {}", i + 1, f.message);
    }
    let cell = |c: &Cell| format!("{} ({})", fixed(c.per_decision(), 4), c.decisions);
    let row = |out: &mut String, label: &str, x: String, y: String| {
        let _ = writeln!(out, "{label:<28} {x:>18} {y:>18}");
    };
    let _ = writeln!(out);
    row(&mut out, "", "A".into(), "B".into());
    row(&mut out, "games", a.games.to_string(), b.games.to_string());
    let pct = |x: f64| format!("{}%", fixed(100.0 * x, 2));
    row(&mut out, "score", pct(a.score), pct(b.score));
    row(
        &mut out,
        "luck a game",
        signed(a.luck, 4),
        signed(b.luck, 4),
    );
    row(
        &mut out,
        "luck-adjusted score",
        pct(a.adjusted),
        pct(b.adjusted),
    );
    row(
        &mut out,
        "accuracy",
        format!("{}%", fixed(a.accuracy, 2)),
        format!("{}%", fixed(b.accuracy, 2)),
    );
    let _ = writeln!(out, "error a decision (decisions):");
    row(&mut out, "  all", cell(&a.all), cell(&b.all));
    row(&mut out, "  bids", cell(&a.bids), cell(&b.bids));
    row(&mut out, "  scorings", cell(&a.puts), cell(&b.puts));
    let per_game = |n: usize, games: usize| fixed(n as f64 / games.max(1) as f64, 2);
    row(
        &mut out,
        "?! / ? / ?? a game",
        format!(
            "{} / {} / {}",
            per_game(a.marks[0], a.games),
            per_game(a.marks[1], a.games),
            per_game(a.marks[2], a.games)
        ),
        format!(
            "{} / {} / {}",
            per_game(b.marks[0], b.games),
            per_game(b.marks[1], b.games),
            per_game(b.marks[2], b.games)
        ),
    );
    row(
        &mut out,
        "upper bonus reached",
        pct(a.bonus_games as f64 / a.games.max(1) as f64),
        pct(b.bonus_games as f64 / b.games.max(1) as f64),
    );
    let _ = writeln!(
        out,
        "\nerror a decision by round (decisions): bids A, bids B | scorings A, scorings B"
    );
    for r in 0..super::match_review::ROUNDS {
        let _ = writeln!(
            out,
            "  round {:>2}  {:>15} {:>15} | {:>15} {:>15}",
            r + 1,
            cell(&a.bids_by_round[r]),
            cell(&b.bids_by_round[r]),
            cell(&a.puts_by_round[r]),
            cell(&b.puts_by_round[r])
        );
    }
    let _ = writeln!(
        out,
        "\nthe bids against the best bid: error a decision (decisions)"
    );
    for (label, x, y) in [
        (
            "  above the best amount",
            a.habit.overpaid,
            b.habit.overpaid,
        ),
        (
            "  below the best amount",
            a.habit.underpaid,
            b.habit.underpaid,
        ),
        (
            "  on the other group",
            a.habit.wrong_group,
            b.habit.wrong_group,
        ),
        ("  the best bid", a.habit.best, b.habit.best),
    ] {
        row(&mut out, label, cell(&x), cell(&y));
    }
    let _ = writeln!(
        out,
        "\nthe scorings by the category played: error a decision (decisions)"
    );
    for ((name, x), (_, y)) in a.categories.iter().zip(&b.categories) {
        row(&mut out, &format!("  {name}"), cell(x), cell(y));
    }
    for (label, list) in [("A", &review.costliest[0]), ("B", &review.costliest[1])] {
        let _ = writeln!(out, "\nthe costliest decisions of {label}:");
        for c in list {
            let _ = writeln!(
                out,
                "  {}{} round {:>2}: {} where {} was better, {} of a win",
                c.file,
                if c.also.is_empty() {
                    String::new()
                } else {
                    format!(" (and {})", c.also.join(", "))
                },
                c.decision.round,
                c.decision.played,
                c.decision.best,
                fixed(c.decision.p_win_lost, 4)
            );
        }
    }
    if !review.skipped.is_empty() {
        let _ = writeln!(out, "\nnot reviewed:");
        // Many files for one reason (a match's deal files) in one line.
        let mut ids: Vec<&str> = review.skipped.iter().map(|s| s.reason.id).collect();
        ids.dedup();
        for id in ids {
            let same: Vec<_> = review
                .skipped
                .iter()
                .filter(|s| s.reason.id == id)
                .collect();
            if same.len() > 3 && same.iter().all(|s| s.reason == same[0].reason) {
                let names: Vec<&str> = same.iter().take(3).map(|s| s.file.as_str()).collect();
                let _ = writeln!(
                    out,
                    "  {} files, {}: {}, ... and {} more",
                    same.len(),
                    same[0].reason,
                    names.join(", "),
                    same.len() - 3
                );
            } else {
                for s in same {
                    let _ = writeln!(out, "  {}: {}", s.file, s.reason);
                }
            }
        }
    }
    out
}
