//! `harness measure odds`'s report: text tables, and reliability diagrams as SVG
//! (predicted against observed, with the diagonal a true forecaster lies on).

use std::fmt::Write as _;

use super::odds::{OddsReport, Reliability, INTERVALS, SHIFT_ROUNDS};
use crate::stats::logistic::Shift;

/// The rounds drawn together in the diagram by round.
pub const ROUND_GROUPS: [(u8, u8); 4] = [(2, 4), (5, 7), (8, 10), (11, 12)];

/// The reliability of rounds `first..=last`, summed.
pub fn rounds(report: &OddsReport, (first, last): (u8, u8)) -> Reliability {
    summed(&report.by_round[usize::from(first) - 1..usize::from(last)])
}

/// The reliability of several tables together.
pub fn summed<'a>(tables: impl IntoIterator<Item = &'a Reliability>) -> Reliability {
    let mut sum = Reliability::new();
    for r in tables {
        for (s, b) in sum.bins.iter_mut().zip(&r.bins) {
            s.0 += b.0;
            s.1 += b.1;
            s.2 += b.2;
        }
        sum.squared_error += r.squared_error;
        sum.count += r.count;
    }
    sum
}

fn reliability_rows(out: &mut String, label: &str, r: &Reliability) {
    let _ = writeln!(
        out,
        "{label:<38} {:>7} {:>7.4} {:>7.4}",
        r.count,
        r.brier(),
        r.ece()
    );
    for (p, observed, (low, high), n) in r.points() {
        let _ = writeln!(
            out,
            "    said {p:.3}  won {observed:.3} [{low:.3}, {high:.3}]  ({n})"
        );
    }
}

/// The text report.
pub fn text(report: &OddsReport) -> String {
    let mut out = String::from(
        "P(win) at the actual bids (the bot's curves) against the game's result\n\
         (Brier: mean squared error; ECE: expected calibration error; intervals 95%)\n",
    );
    let _ = writeln!(out, "{:<38} {:>7} {:>7} {:>7}", "", "n", "Brier", "ECE");
    for (i, name) in report.opponents.iter().enumerate() {
        let label = format!(
            "{name} ({} games, score {:.1}%)",
            report.games[i],
            100.0 * report.points[i] / report.games[i].max(1) as f64
        );
        reliability_rows(&mut out, &label, &report.by_opponent[i]);
    }
    let _ = writeln!(
        out,
        "\nluck-adjusted: P(win) against the result less the luck after the forecast (the \
         same expectation, far less of the dice; mean forecast and mean adjusted result by \
         bin, no intervals)"
    );
    for (i, name) in report.opponents.iter().enumerate() {
        let r = &report.by_opponent_adjusted[i];
        let bins: Vec<String> = r
            .points()
            .iter()
            .map(|&(p, result, _, n)| format!("{p:.2}:{result:.2}({n})"))
            .collect();
        let _ = writeln!(out, "{name:<38} ECE {:.4}  {}", r.ece(), bins.join(" "));
    }
    let shift_text = |s: Option<Shift>| s.map_or("-".to_string(), |s| s.to_text(2));
    for adjusted in [false, true] {
        let _ = writeln!(
            out,
            "\nthe level shift of P(win) in the rollouts' rounds{} (logits the results are \
             above the forecasts: 0 for a true forecaster; ± one standard error, a game's \
             forecasts read together; in brackets, read as independent)",
            if adjusted {
                ", luck-adjusted results"
            } else {
                ""
            }
        );
        for (name, [early, late, both]) in report.opponents.iter().zip(report.shifts(adjusted)) {
            let _ = writeln!(
                out,
                "{name:<38} rounds {}-{}: {:<21} rounds {}-{}: {:<21} both: {}",
                SHIFT_ROUNDS[0].0,
                SHIFT_ROUNDS[0].1,
                shift_text(early),
                SHIFT_ROUNDS[1].0,
                SHIFT_ROUNDS[1].1,
                shift_text(late),
                shift_text(both)
            );
        }
    }
    if report.paired_by_round.iter().any(|p| p[0].count > 0) {
        let _ = writeln!(
            out,
            "\nbeside: P(win) at the same positions and bids by the bot's curves and by --beside's,\n\
             where both priced the auction for the win (ECE against the result; adjusted: against\n\
             the result less the luck after the forecast)"
        );
        let _ = writeln!(
            out,
            "{:<12} {:>7} | {:>7} {:>7} {:>9} | {:>7} {:>7} {:>9}",
            "rounds", "n", "Brier", "ECE", "adjusted", "Brier", "ECE", "adjusted"
        );
        let _ = writeln!(out, "{:<21}| the bot's curves          | beside's", "");
        for (first, last) in [(2u8, 4u8), (5, 7), (8, 10)] {
            let part = &report.paired_by_round[usize::from(first) - 1..usize::from(last)];
            let t: [Reliability; 4] = std::array::from_fn(|k| summed(part.iter().map(|p| &p[k])));
            let _ = writeln!(
                out,
                "{:<12} {:>7} | {:>7.4} {:>7.4} {:>9.4} | {:>7.4} {:>7.4} {:>9.4}",
                format!("{first}-{last}"),
                t[0].count,
                t[0].brier(),
                t[0].ece(),
                t[2].ece(),
                t[1].brier(),
                t[1].ece(),
                t[3].ece()
            );
        }
    }
    let _ = writeln!(
        out,
        "\nby round group, every opponent: n, Brier, ECE against the result, ECE against the \
         luck-adjusted result"
    );
    for &(first, last) in &ROUND_GROUPS {
        let range = usize::from(first) - 1..usize::from(last);
        let (raw, adjusted) = (
            summed(&report.by_round[range.clone()]),
            summed(&report.by_round_adjusted[range]),
        );
        if raw.count > 0 {
            let _ = writeln!(
                out,
                "rounds {first:>2}-{last:<2} {:>8} {:>7.4} {:>7.4} {:>7.4}",
                raw.count,
                raw.brier(),
                raw.ece(),
                adjusted.ece()
            );
        }
    }
    let _ = writeln!(out, "\nby round, every opponent:");
    for (i, r) in report.by_round.iter().enumerate() {
        if r.count > 0 {
            reliability_rows(&mut out, &format!("round {}", i + 1), r);
        }
    }
    let _ = writeln!(
        out,
        "\ngames called decided (priced in points after round 1, the lead beyond the gate's \
         margin): by round, how many, and how often their leader lost (a draw half)"
    );
    for (i, (n, lost)) in report.decided.iter().enumerate() {
        if *n > 0 {
            let (low, high) = super::odds::wilson(lost / *n as f64, *n as f64);
            let _ = writeln!(
                out,
                "round {:>2}: {n:>6} decided, leader lost {:.4} [{low:.4}, {high:.4}]",
                i + 1,
                lost / *n as f64
            );
        }
    }
    let _ = writeln!(
        out,
        "\nthe model's prediction of the opponent's bid: the probability it gave the group \
         asked for (mean, and mean log), and the share of amounts inside its central {:.0}% \
         and {:.0}% intervals on that group: of the atoms the decisions read, and of the \
         whole model (its likelihood's: the atoms, and evenly spread their slip and the \
         unexplained weight)",
        100.0 * INTERVALS[0],
        100.0 * INTERVALS[1]
    );
    for (i, name) in report.opponents.iter().enumerate() {
        let b = &report.bids[i];
        let share = |k: usize| b.within[k] as f64 / b.with_amounts.max(1) as f64;
        let whole = |k: usize| b.within_full[k] as f64 / b.judged_in_full.max(1) as f64;
        let _ = writeln!(
            out,
            "{name:<38} bids {:>6}  P(group) {:.3}  log {:+.3}  in 50%: {:.3}  in 90%: {:.3}  ({} with amounts)  whole model: in 50% {:.3}  in 90% {:.3}  ({})",
            b.bids,
            b.group_probability,
            b.group_log,
            share(0),
            share(1),
            b.with_amounts,
            whole(0),
            whole(1),
            b.judged_in_full
        );
    }
    let _ = writeln!(
        out,
        "\nthe model's hedge (the weight its best response gives the worst case) and, in it, \
         the reader hypothesis (the opponent knows our bid), over the auctions it had a model for"
    );
    for (i, name) in report.opponents.iter().enumerate() {
        let b = &report.bids[i];
        let _ = writeln!(
            out,
            "{name:<38} auctions {:>6}  hedge {:.3}  reader {:.3}  reader >= 0.5 in {:.3}",
            b.modelled,
            b.hedge,
            b.read,
            b.read_half as f64 / b.modelled.max(1) as f64
        );
    }
    out
}

const SIZE: f64 = 360.0;
const MARGIN: f64 = 44.0;
const COLOURS: [&str; 6] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#555555",
];

/// A reliability diagram: each series' bins (mean forecast, mean result, with the 95%
/// interval as a bar) on the unit square, and the diagonal.
pub fn svg(title: &str, series: &[(String, Reliability)]) -> String {
    let plot = SIZE - 2.0 * MARGIN;
    let x = |p: f64| MARGIN + p * plot;
    let y = |p: f64| SIZE - MARGIN - p * plot;
    let legend_height = 18.0 * series.len() as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n\
         <text x=\"{MARGIN}\" y=\"18\" font-weight=\"bold\">{title}</text>\n",
        w = SIZE + 260.0,
        h = SIZE.max(60.0 + legend_height),
    );
    // Axes, grid and the diagonal.
    for k in 0..=5 {
        let p = f64::from(k) / 5.0;
        let _ = writeln!(
            svg,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#eee\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\" fill=\"#555\">{p:.1}</text>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\" fill=\"#555\">{p:.1}</text>",
            x(0.0),
            y(p),
            x(1.0),
            y(p),
            x(p),
            y(0.0) + 16.0,
            x(0.0) - 6.0,
            y(p) + 4.0
        );
    }
    let _ = writeln!(
        svg,
        "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">the bot's P(win)</text>\
         <text x=\"12\" y=\"{:.1}\" transform=\"rotate(-90 12 {:.1})\" text-anchor=\"middle\">won</text>",
        x(0.0),
        y(0.0),
        x(1.0),
        y(1.0),
        x(0.5),
        SIZE - 8.0,
        y(0.5),
        y(0.5)
    );
    for (i, (name, r)) in series.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points = r.points();
        let line: Vec<String> = points
            .iter()
            .map(|(p, o, _, _)| format!("{:.1},{:.1}", x(*p), y(*o)))
            .collect();
        let _ = writeln!(
            svg,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"1.5\" points=\"{}\"/>",
            line.join(" ")
        );
        for (p, o, (low, high), _) in points {
            let _ = writeln!(
                svg,
                "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{2:.1}\" stroke=\"{colour}\"/>\
                 <circle cx=\"{0:.1}\" cy=\"{3:.1}\" r=\"3\" fill=\"{colour}\"/>",
                x(p),
                y(low),
                y(high),
                y(o)
            );
        }
        let _ = writeln!(
            svg,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\">{} (n {}, ECE {:.3})</text>",
            SIZE + 2.0,
            40.0 + 18.0 * i as f64,
            SIZE + 18.0,
            50.0 + 18.0 * i as f64,
            crate::html::escape_html(name),
            r.count,
            r.ece()
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_diagram_draws_each_series_and_the_diagonal() {
        let mut r = Reliability::new();
        for i in 0..100 {
            r.add(
                f64::from(i % 10) / 10.0 + 0.05,
                f64::from(u8::from(i % 3 == 0)),
            );
        }
        let picture = svg(
            "test",
            &[("a <b>".to_string(), r.clone()), ("c".to_string(), r)],
        );
        assert!(picture.starts_with("<svg") && picture.ends_with("</svg>\n"));
        assert_eq!(picture.matches("<polyline").count(), 2);
        assert_eq!(picture.matches("<circle").count(), 20);
        assert!(picture.contains("a &lt;b&gt;"));
        assert!(picture.contains("stroke-dasharray"));
    }
}
