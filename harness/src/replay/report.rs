//! Reports of a reviewed game: plain text, and a self-contained HTML page with an inline
//! SVG chart of both scores over the rounds (no scripts, no external assets).

use std::fmt::Write as _;

use yacht::protocol::Hand;
use yacht::rules::dice::to_digits;
use yacht::table::TABLE_UNITS_PER_K;

use super::analysis::{BidReview, PutReview, RerunOutcome, SideReview, Verdict};
use super::explain::{explain_html_in, ExplainedBid};
use super::{Bid, GameLog, Side};
use crate::html::escape_html;
use crate::i18n::{format, tr, Message, ENGLISH};
use crate::words::fixed;

/// Table units as kilo-points with two decimals, e.g. `123.45k`.
fn kilo(units: i32) -> String {
    format!(
        "{}k",
        fixed(f64::from(units) / f64::from(TABLE_UNITS_PER_K), 2)
    )
}

fn bid_text(bid: Option<Bid>) -> String {
    bid.map_or_else(|| "-".to_string(), |b| format!("{} {}", b.group, b.amount))
}

fn player_name(log: &GameLog, side: Side) -> String {
    log.commands[side.index()]
        .clone()
        .unwrap_or_else(|| "?".to_string())
}

/// The header's fields in `lang`, as (label, value): the players, the result, the final
/// scores, the abort if any, and the reviewed side. The text and the page both show these;
/// under them, what the numbers mean (the catalogs' `replay-legend`).
fn header_fields(log: &GameLog, review: &SideReview, lang: &str) -> Vec<(String, String)> {
    let score =
        |s: Side| log.final_scores[s.index()].map_or_else(|| "-".to_string(), |p| p.to_string());
    let mut fields = vec![
        ("FIRST".to_string(), player_name(log, Side::First)),
        ("SECOND".to_string(), player_name(log, Side::Second)),
        (
            tr(lang, "replay-result"),
            log.result.as_deref().unwrap_or("?").to_string(),
        ),
        (
            tr(lang, "replay-final-scores"),
            format!("{} : {}", score(Side::First), score(Side::Second)),
        ),
    ];
    if let Some(a) = &log.abort {
        let value = Message::new("replay-abort-value")
            .text("side", a.side.name())
            .text("reason", a.reason.clone())
            .text("round", a.round.to_string());
        fields.push((tr(lang, "replay-abort"), format(lang, &value)));
    }
    fields.push((tr(lang, "replay-reviewed-side"), review.side.to_string()));
    fields
}

fn header_lines(log: &GameLog, review: &SideReview) -> Vec<String> {
    let mut lines: Vec<String> = header_fields(log, review, ENGLISH)
        .into_iter()
        .map(|(label, value)| format!("{label}: {value}"))
        .collect();
    lines.push(tr(ENGLISH, "replay-legend"));
    lines
}

/// The header as a small two-column table, so a long command line wraps in its cell
/// instead of widening the page.
fn header_table(log: &GameLog, review: &SideReview, lang: &str) -> String {
    let mut out = String::from("<table class=\"head\">\n");
    for (label, value) in header_fields(log, review, lang) {
        let _ = writeln!(
            out,
            "<tr><th>{}</th><td>{}</td></tr>",
            escape_html(&label),
            escape_html(&value)
        );
    }
    out.push_str("</table>\n");
    let _ = writeln!(
        out,
        "<p class=\"legend\">{}</p>",
        escape_html(&tr(lang, "replay-legend"))
    );
    out
}

fn bid_line(b: &BidReview) -> String {
    format!(
        "bid    played {:<9} eq {:<9} opp {:<9} got {}  swing {:+}  bid score {:+}{}",
        bid_text(b.played),
        bid_text(Some(b.equilibrium_bid)),
        bid_text(b.opponent),
        b.received.map_or('-', |g| g.letter()),
        b.swing_points,
        b.bid_points,
        if b.matches_equilibrium() { "" } else { "  *" }
    )
}

fn put_line(p: &PutReview) -> String {
    format!(
        "put    held {}  played {} {} ({}k) {}  best {} {} {}  lost {}{}",
        to_digits(&p.held),
        p.played.category,
        p.played.dice,
        p.played_score_k,
        kilo(p.played_value_units),
        p.best.category,
        to_digits(&p.best.dice),
        kilo(p.best.value_units),
        p.lost_points(),
        if p.is_best() { "" } else { "  *" }
    )
}

/// The plain-text report: a header, then per round the roll, the reviewed side's bid
/// against the bot's, its scoring against the best one, and both running scores; lines
/// marked `*` differ from the bot. Values are expected points in kilo-points.
pub fn text_report(log: &GameLog, review: &SideReview) -> String {
    let mut out = header_lines(log, review).join("\n");
    out.push('\n');
    for (round, scores) in &review.running_scores {
        let _ = writeln!(out, "\nROUND {round}");
        if let Some(b) = review.bids.iter().find(|b| b.round == *round) {
            let _ = writeln!(out, "  roll   A {}  B {}", b.roll.0, b.roll.1);
            let _ = writeln!(out, "  {}", bid_line(b));
        }
        if let Some(p) = review.puts.iter().find(|p| p.round == *round) {
            let _ = writeln!(out, "  {}", put_line(p));
        }
        let _ = writeln!(out, "  score  FIRST {}  SECOND {}", scores[0], scores[1]);
    }
    let _ = writeln!(out, "\n{}", summary_line(review, ENGLISH));
    for w in &review.warnings {
        let _ = writeln!(out, "warning: {w}");
    }
    out
}

fn summary_line(review: &SideReview, lang: &str) -> String {
    let best = review.puts.iter().filter(|p| p.is_best()).count();
    let equilibrium_bids = review
        .bids
        .iter()
        .filter(|b| b.matches_equilibrium())
        .count();
    let summary = Message::new("replay-summary")
        .text("best", best.to_string())
        .text("puts", review.puts.len().to_string())
        .text("lost", review.total_lost_points().to_string())
        .text("equilibrium", equilibrium_bids.to_string())
        .text("bids", review.bids.len().to_string());
    format(lang, &summary)
}

/// The re-run as text: every answer that differs from the log (or failed), then a count.
pub fn rerun_text(outcome: &RerunOutcome) -> String {
    let mut out = String::new();
    for a in outcome.mismatches() {
        let logged = a.logged.map_or_else(|| "-".to_string(), |l| l.to_string());
        let got = a.answer.as_deref().unwrap_or("-");
        let why = match &a.verdict {
            Verdict::Failed(reason) => format!(" ({reason})"),
            _ => String::new(),
        };
        let _ = writeln!(
            out,
            "round {:>2}  {:<22} logged {:<24} bot {got}{why}",
            a.round, a.command, logged
        );
    }
    let _ = writeln!(
        out,
        "{} answers, {} differ from the log",
        outcome.answers.len(),
        outcome.mismatches().count()
    );
    out
}

const CHART_WIDTH: f64 = 640.0;
const CHART_HEIGHT: f64 = 260.0;
const CHART_MARGIN: f64 = 44.0;
const SIDE_COLOURS: [&str; 2] = ["#1f77b4", "#d62728"];

/// The round numbers under a chart's x axis (both charts share it).
fn round_axis(svg: &mut String, last_round: u8, x: impl Fn(u8) -> f64) {
    for round in 0..=last_round {
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{round}</text>",
            x(round),
            CHART_HEIGHT - CHART_MARGIN / 2.0
        );
    }
}

/// An SVG line chart of both players' totals at the end of each round (round 0 = 0 : 0).
pub fn score_chart_svg(running_scores: &[(u8, [i64; 2])]) -> String {
    let points: Vec<(u8, [i64; 2])> = std::iter::once((0, [0, 0]))
        .chain(running_scores.iter().copied())
        .collect();
    let last_round = points.iter().map(|p| p.0).max().unwrap_or(0).max(1);
    let all = points.iter().flat_map(|p| p.1);
    let low = all.clone().min().unwrap_or(0).min(0) as f64;
    let high = (all.max().unwrap_or(0) as f64).max(low + 1.0);
    let plot_w = CHART_WIDTH - 2.0 * CHART_MARGIN;
    let plot_h = CHART_HEIGHT - 2.0 * CHART_MARGIN;
    let x = |round: u8| CHART_MARGIN + plot_w * f64::from(round) / f64::from(last_round);
    let y = |score: i64| CHART_MARGIN + plot_h * (high - score as f64) / (high - low);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CHART_WIDTH}\" height=\"{CHART_HEIGHT}\" \
         viewBox=\"0 0 {CHART_WIDTH} {CHART_HEIGHT}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    let (left, right) = (CHART_MARGIN, CHART_WIDTH - CHART_MARGIN);
    let _ = writeln!(
        svg,
        "<line x1=\"{left}\" y1=\"{0:.1}\" x2=\"{right}\" y2=\"{0:.1}\" stroke=\"#999\"/>",
        y(0)
    );
    for (label, value) in [("high", high), ("low", low)] {
        let _ = writeln!(
            svg,
            "<text x=\"2\" y=\"{:.1}\" fill=\"#555\" data-label=\"{label}\">{}</text>",
            y(value as i64) + 4.0,
            value as i64
        );
    }
    round_axis(&mut svg, last_round, x);
    for side in Side::BOTH {
        let i = side.index();
        let path: Vec<String> = points
            .iter()
            .map(|(r, s)| format!("{:.1},{:.1}", x(*r), y(s[i])))
            .collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"2\" points=\"{}\"/>",
            SIDE_COLOURS[i],
            path.join(" ")
        );
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{}\">{side}</text>",
            CHART_MARGIN + 80.0 * i as f64,
            CHART_MARGIN / 2.0,
            SIDE_COLOURS[i]
        );
    }
    svg.push_str("</svg>\n");
    svg
}

/// An SVG line of the reviewed side's win probability at each round's end, as the bot
/// estimates it (0 to 1, with the even line): where the game turned.
pub fn win_chart_svg(points: &[(u8, f64)], side: Side) -> String {
    win_chart_svg_in(points, side, ENGLISH)
}

/// [`win_chart_svg`] with its words in `lang`.
pub fn win_chart_svg_in(points: &[(u8, f64)], side: Side, lang: &str) -> String {
    let last_round = points.iter().map(|p| p.0).max().unwrap_or(0).max(1);
    let plot_w = CHART_WIDTH - 2.0 * CHART_MARGIN;
    let plot_h = CHART_HEIGHT - 2.0 * CHART_MARGIN;
    let x = |round: u8| CHART_MARGIN + plot_w * f64::from(round) / f64::from(last_round);
    let y = |p: f64| CHART_MARGIN + plot_h * (1.0 - p.clamp(0.0, 1.0));
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{CHART_WIDTH}\" height=\"{CHART_HEIGHT}\" \
         viewBox=\"0 0 {CHART_WIDTH} {CHART_HEIGHT}\" font-family=\"sans-serif\" font-size=\"11\">\n"
    );
    let (left, right) = (CHART_MARGIN, CHART_WIDTH - CHART_MARGIN);
    for (label, p, dash) in [
        ("1", 1.0, ""),
        ("0.5", 0.5, " stroke-dasharray=\"5 4\""),
        ("0", 0.0, ""),
    ] {
        let _ = writeln!(
            svg,
            "<line x1=\"{left}\" y1=\"{0:.1}\" x2=\"{right}\" y2=\"{0:.1}\" stroke=\"#999\"{dash}/>\n<text x=\"8\" y=\"{1:.1}\" fill=\"#555\">{label}</text>",
            y(p),
            y(p) + 4.0
        );
    }
    round_axis(&mut svg, last_round, x);
    let path: Vec<String> = points
        .iter()
        .map(|(r, p)| format!("{:.1},{:.1}", x(*r), y(*p)))
        .collect();
    let colour = SIDE_COLOURS[side.index()];
    let _ = writeln!(
        svg,
        "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
        path.join(" ")
    );
    for (r, p) in points {
        let title = Message::new("replay-chart-point")
            .text("round", r.to_string())
            .text("p", fixed(*p, 3));
        let _ = writeln!(
            svg,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"3\" fill=\"{colour}\"><title>{}</title></circle>",
            x(*r),
            y(*p),
            escape_html(&format(lang, &title))
        );
    }
    let label = Message::new("replay-chart-win").text("side", side.name());
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{colour}\">{}</text>",
        CHART_MARGIN,
        CHART_MARGIN / 2.0,
        escape_html(&format(lang, &label))
    );
    svg.push_str("</svg>\n");
    svg
}

/// A self-contained HTML page: the header, the score chart, the reviewed side's win
/// probability by round and one table row per round.
/// Dice drawn as dice: `<span class="die f3">` shows a three, its pips radial gradients
/// on the face. Shared by the replay page and the play page.
pub const DICE_CSS: &str = ".die{display:inline-block;width:1.15em;height:1.15em;\
border:1px solid #555;border-radius:.22em;background-color:#fff;vertical-align:-.25em;\
margin:0 1px;box-sizing:border-box;--pip:#1b1b1b}\
.die.f1{background-image:radial-gradient(circle at 50% 50%,var(--pip) .09em,transparent .11em)}\
.die.f2{background-image:radial-gradient(circle at 27% 27%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 73% 73%,var(--pip) .09em,transparent .11em)}\
.die.f3{background-image:radial-gradient(circle at 25% 25%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 50% 50%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 75% 75%,var(--pip) .09em,transparent .11em)}\
.die.f4{background-image:radial-gradient(circle at 27% 27%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 73% 27%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 27% 73%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 73% 73%,var(--pip) .09em,transparent .11em)}\
.die.f5{background-image:radial-gradient(circle at 25% 25%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 75% 25%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 50% 50%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 25% 75%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 75% 75%,var(--pip) .09em,transparent .11em)}\
.die.f6{background-image:radial-gradient(circle at 27% 22%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 73% 22%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 27% 50%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 73% 50%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 27% 78%,var(--pip) .09em,transparent .11em),\
radial-gradient(circle at 73% 78%,var(--pip) .09em,transparent .11em)}\n";

/// Five dice (or any faces 1..=6) drawn as dice, with the digits for a screen reader
/// and for copying.
pub fn dice_html(faces: &[u8]) -> String {
    let digits: String = faces.iter().map(|f| char::from(b'0' + f)).collect();
    let mut out = format!("<span class=\"dice\" title=\"{digits}\" aria-label=\"{digits}\">");
    for f in faces.iter().filter(|f| (1..=6).contains(*f)) {
        let _ = write!(out, "<span class=\"die f{f}\"></span>");
    }
    out.push_str("</span>");
    out
}

/// The page of a reviewed game ([`html_report_with`] without the bot's view).
pub fn html_report(log: &GameLog, review: &SideReview) -> String {
    html_report_with(log, review, None)
}

/// The page of a reviewed game ([`html_report_in`] in English).
pub fn html_report_with(
    log: &GameLog,
    review: &SideReview,
    explained: Option<&[ExplainedBid]>,
) -> String {
    html_report_in(log, review, explained, ENGLISH)
}

/// The page of a reviewed game in the language `lang` (a catalog's tag): header, charts,
/// the rounds (dice drawn as dice) and, given `explained`, the bot's view of each of its
/// bids. It fits a phone: the tables scroll in their own box, a long name wraps.
pub fn html_report_in(
    log: &GameLog,
    review: &SideReview,
    explained: Option<&[ExplainedBid]>,
    lang: &str,
) -> String {
    let title = escape_html(&tr(lang, "replay-title"));
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\"><title>{title}</title>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <style>body{{font-family:sans-serif;margin:1em;max-width:1100px}}\
         h1{{overflow-wrap:anywhere}}.scroll{{overflow-x:auto;max-width:100%}}\
         table{{border-collapse:collapse;margin:0.5em 0}}\
         td,th{{border:1px solid #ccc;padding:2px 6px;font-family:monospace;text-align:left}}\
         table.head{{width:100%;table-layout:fixed}}table.head th{{width:8em}}\
         table.head td{{overflow-wrap:anywhere}}table.head th{{font-family:sans-serif}}\
         table.rounds td,table.explain td{{white-space:nowrap;font-size:13px}}\
         table.rounds td:nth-child(8),table.rounds td:nth-child(10){{white-space:normal}}\
         .legend{{color:#555;font-size:90%}}svg{{max-width:100%;height:auto}}\
         .off{{background:#fde8e8}}\n",
    );
    out.push_str(DICE_CSS);
    let _ = writeln!(out, "</style></head><body>\n<h1>{title}</h1>");
    out.push_str(&header_table(log, review, lang));
    out.push_str(&score_chart_svg(&review.running_scores));
    out.push_str("<br>\n");
    out.push_str(&win_chart_svg_in(
        &review.win_probability,
        review.side,
        lang,
    ));
    out.push_str("<div class=\"scroll\"><table class=\"rounds\">\n<tr>");
    for key in [
        "replay-col-round",
        "replay-col-roll",
        "replay-col-bid",
        "replay-col-eq",
        "replay-col-opp",
        "replay-col-got",
        "replay-col-swing",
        "replay-col-put",
        "replay-col-value",
        "replay-col-best",
        "replay-col-lost",
    ] {
        let _ = write!(out, "<th>{}</th>", escape_html(&tr(lang, key)));
    }
    let _ = writeln!(
        out,
        "<th>FIRST</th><th>SECOND</th><th>{}</th></tr>",
        escape_html(&tr(lang, "replay-col-win"))
    );
    for (round, scores) in &review.running_scores {
        let bid = review.bids.iter().find(|b| b.round == *round);
        let put = review.puts.iter().find(|p| p.round == *round);
        let off =
            bid.is_some_and(|b| !b.matches_equilibrium()) || put.is_some_and(|p| !p.is_best());
        // Cells as HTML: text escaped, dice drawn.
        let text = |t: String| escape_html(&t);
        let mut cells = vec![round.to_string()];
        match bid {
            Some(b) => cells.extend([
                format!(
                    "A {} B {}",
                    dice_html(&b.roll.0 .0),
                    dice_html(&b.roll.1 .0)
                ),
                text(bid_text(b.played)),
                text(bid_text(Some(b.equilibrium_bid))),
                text(bid_text(b.opponent)),
                b.received.map_or("-".to_string(), |g| g.to_string()),
                format!("{:+}", b.swing_points),
            ]),
            None => cells.extend(std::iter::repeat_n(String::new(), 6)),
        }
        match put {
            Some(p) => cells.extend([
                format!("{} {}", p.played.category, dice_html(&p.played.dice.0)),
                kilo(p.played_value_units),
                format!(
                    "{} {} {}",
                    p.best.category,
                    Hand::from_counts(&p.best.dice)
                        .map_or_else(|| to_digits(&p.best.dice), |hand| dice_html(&hand.0)),
                    kilo(p.best.value_units)
                ),
                p.lost_points().to_string(),
            ]),
            None => cells.extend(std::iter::repeat_n(String::new(), 4)),
        }
        cells.extend(scores.iter().map(|s| s.to_string()));
        cells.push(
            review
                .win_probability
                .iter()
                .find(|(r, _)| r == round)
                .map_or(String::new(), |(_, p)| fixed(*p, 3)),
        );
        let class = if off { " class=\"off\"" } else { "" };
        let _ = write!(out, "<tr{class}>");
        for c in cells {
            let _ = write!(out, "<td>{c}</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</table></div>\n<p>");
    out.push_str(&escape_html(&summary_line(review, lang)));
    out.push_str("</p>\n");
    for w in &review.warnings {
        let warning = Message::new("replay-warning").message("text", w.clone());
        let _ = writeln!(out, "<p>{}</p>", escape_html(&format(lang, &warning)));
    }
    if let Some(bids) = explained {
        out.push_str(&explain_html_in(bids, lang));
    }
    out.push_str("</body></html>\n");
    out
}
