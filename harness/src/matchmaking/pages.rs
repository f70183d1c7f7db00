//! Self-contained HTML pages of runs (no scripts, no outside files): a league's crosstable
//! as a heat map with its points and ratings, and an SPRT's log-likelihood ratio over its
//! games against the test's bounds.

use std::fmt::Write as _;

use super::league::{League, VIRTUAL_DRAWS_PER_PAIR};
use crate::html::escape_html as escape;

fn page(title: &str, body: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{t}</title>\n<style>\n\
         body {{ font-family: sans-serif; margin: 2em; color: #222; }}\n\
         table {{ border-collapse: collapse; margin: 1em 0; }}\n\
         th, td {{ border: 1px solid #bbb; padding: 0.35em 0.6em; text-align: center; }}\n\
         th.name, td.name {{ text-align: left; }}\n\
         td small {{ color: #444; }}\n\
         .note {{ color: #555; font-size: 0.9em; }}\n\
         </style></head><body>\n<h1>{t}</h1>\n{body}</body></html>\n",
        t = escape(title)
    )
}

/// Background of a cell scoring `percent`: red at 0, white at 50, green at 100.
fn heat(percent: f64) -> String {
    let t = ((percent - 50.0) / 50.0).clamp(-1.0, 1.0);
    let (r, g, b) = if t >= 0.0 {
        (
            255.0 * (1.0 - t) + 60.0 * t,
            255.0 * (1.0 - t) + 170.0 * t,
            255.0 * (1.0 - t) + 75.0 * t,
        )
    } else {
        let u = -t;
        (
            255.0 * (1.0 - u) + 215.0 * u,
            255.0 * (1.0 - u) + 60.0 * u,
            255.0 * (1.0 - u) + 50.0 * u,
        )
    };
    format!("rgb({:.0},{:.0},{:.0})", r, g, b)
}

/// The league's page: the crosstable as a heat map (row's score against column, with its
/// 95% interval), then points and ratings.
pub fn league_page(league: &League) -> String {
    let n = league.labels.len();
    let mut body = String::new();
    let games = league.matches.first().map_or(0, |(_, _, o)| o.stats.games);
    let _ = writeln!(
        body,
        "<p class=\"note\">{n} players, every pair on the same {} seat-swapped deal pairs ({games} games per pair). A cell is the row player's score against the column player, with its 95% interval over deal pairs.</p>",
        games / 2
    );
    let _ = write!(body, "<table><tr><th></th>");
    for j in 0..n {
        let _ = write!(
            body,
            "<th title=\"{}\">#{}</th>",
            escape(&league.labels[j]),
            j + 1
        );
    }
    let _ = writeln!(body, "</tr>");
    for i in 0..n {
        let _ = write!(
            body,
            "<tr><th class=\"name\">#{} {}</th>",
            i + 1,
            escape(&league.labels[i])
        );
        for j in 0..n {
            match league.cell(i, j) {
                Some([rate, low, high]) => {
                    let _ = write!(
                        body,
                        "<td style=\"background:{}\">{rate:.1}%<br><small>[{low:.1}, {high:.1}]</small></td>",
                        heat(rate)
                    );
                }
                None => {
                    let _ = write!(body, "<td style=\"background:#eee\"></td>");
                }
            }
        }
        let _ = writeln!(body, "</tr>");
    }
    let _ = writeln!(body, "</table>");
    let ratings = league.ratings();
    let _ = writeln!(
        body,
        "<h2>Points and ratings</h2>\n<p class=\"note\">Points as the finals count them (a win 1, a draw &frac12;). Ratings: Bradley&ndash;Terry over every game, Elo around the mean with its 95% error ({VIRTUAL_DRAWS_PER_PAIR} virtual draw per pair).</p>\n<table><tr><th>rank</th><th class=\"name\">player</th><th>games</th><th>wins</th><th>draws</th><th>losses</th><th>points</th><th>Elo</th></tr>"
    );
    for (rank, s) in league.standings().iter().enumerate() {
        let elo = ratings.as_ref().map_or("-".to_string(), |f| {
            let (elo, error) = f.elo(s.player);
            format!("{elo:+.1} &plusmn; {error:.1}")
        });
        let _ = writeln!(
            body,
            "<tr><td>{}</td><td class=\"name\">#{} {}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.1}</td><td>{elo}</td></tr>",
            rank + 1,
            s.player + 1,
            escape(&league.labels[s.player]),
            s.games,
            s.wins,
            s.draws,
            s.losses,
            s.points()
        );
    }
    let _ = writeln!(body, "</table>");
    page("League", &body)
}

/// An SPRT's page: the LLR after each look (`points`: deal pairs played, LLR) against the
/// bounds `(lower, upper)`, as an SVG line chart.
pub fn sprt_page(title: &str, points: &[(u64, f64)], bounds: (f64, f64), verdict: &str) -> String {
    let (w, h, margin) = (760.0, 360.0, 50.0);
    let max_x = points.iter().map(|p| p.0).max().unwrap_or(1).max(1) as f64;
    let (lower, upper) = bounds;
    let low = points.iter().map(|p| p.1).fold(lower, f64::min) - 0.5;
    let high = points.iter().map(|p| p.1).fold(upper, f64::max) + 0.5;
    let x = |v: f64| margin + (w - 2.0 * margin) * v / max_x;
    let y = |v: f64| h - margin - (h - 2.0 * margin) * (v - low) / (high - low);
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n\
         <rect x=\"0\" y=\"0\" width=\"{w}\" height=\"{h}\" fill=\"white\"/>\n"
    );
    for (value, color, label) in [
        (upper, "#2a7", "H1"),
        (lower, "#c33", "H0"),
        (0.0, "#999", "0"),
    ] {
        let _ = writeln!(
            svg,
            "<line x1=\"{:.1}\" y1=\"{yv:.1}\" x2=\"{:.1}\" y2=\"{yv:.1}\" stroke=\"{color}\" stroke-dasharray=\"6 4\"/>\n<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" fill=\"{color}\">{label} {value:.2}</text>",
            x(0.0),
            x(max_x),
            x(max_x) - 70.0,
            y(value) - 4.0,
            yv = y(value)
        );
    }
    let line: Vec<String> = std::iter::once((0u64, 0.0))
        .chain(points.iter().copied())
        .map(|(px, py)| format!("{:.1},{:.1}", x(px as f64), y(py)))
        .collect();
    let _ = writeln!(
        svg,
        "<polyline fill=\"none\" stroke=\"#247\" stroke-width=\"2\" points=\"{}\"/>",
        line.join(" ")
    );
    let _ = writeln!(
        svg,
        "<line x1=\"{m}\" y1=\"{b:.1}\" x2=\"{r:.1}\" y2=\"{b:.1}\" stroke=\"#333\"/>\n<line x1=\"{m}\" y1=\"{m}\" x2=\"{m}\" y2=\"{b:.1}\" stroke=\"#333\"/>\n<text x=\"{cx:.1}\" y=\"{ty:.1}\" font-size=\"13\" text-anchor=\"middle\">deal pairs (0 to {max_x:.0})</text>\n<text x=\"14\" y=\"{cy:.1}\" font-size=\"13\" transform=\"rotate(-90 14 {cy:.1})\" text-anchor=\"middle\">LLR</text>\n</svg>",
        m = margin,
        b = h - margin,
        r = w - margin,
        cx = w / 2.0,
        ty = h - 15.0,
        cy = h / 2.0
    );
    let body = format!(
        "<p>{}</p>\n{svg}\n<p class=\"note\">The log-likelihood ratio of the pentanomial SPRT after each look, against the bounds at which it accepts H0 or H1.</p>\n",
        escape(verdict)
    );
    page(title, &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heat_runs_from_red_through_white_to_green() {
        assert_eq!(heat(50.0), "rgb(255,255,255)");
        assert_eq!(heat(100.0), "rgb(60,170,75)");
        assert_eq!(heat(0.0), "rgb(215,60,50)");
    }

    #[test]
    fn the_sprt_page_draws_every_look() {
        let page = sprt_page(
            "t <x>",
            &[(250, 0.4), (500, 1.1), (750, 2.95)],
            (-2.94, 2.94),
            "H1 accepted",
        );
        assert!(page.contains("<polyline") && page.contains("t &lt;x&gt;"));
        // The origin and the three looks.
        let points = page
            .split("points=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(points.split(' ').count(), 4);
    }
}
