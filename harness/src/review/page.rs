//! The review drawn for a person: one script and its style (`page/review.js`,
//! `page/review.css`) that draw a review's JSON ([`super::output::review_json`]). The play
//! page serves them as its own resources (`/review.js`, and the style beside its own);
//! [`review_page`] inlines them, with the review, in one page that needs nothing else
//! (`harness replay LOG --review --html FILE`, opened from the disk).

use crate::html::escape_html;
pub use crate::html::script_json;
use crate::i18n::page::I18N_SCRIPT;
use crate::i18n::{format, tr, Message, ENGLISH};
use crate::replay::DICE_CSS;

use std::collections::BTreeMap;

use super::match_review::MatchReview;
use super::GameReview;

/// Draws a review (`YachtReview.render`), and on a page that carries its review as
/// `<script type="application/json" id="review-data">` beside `<div id="review">`, draws
/// that one when the page loads.
pub const REVIEW_JS: &str = include_str!("page/review.js");

/// The review's style (the dice's is [`DICE_CSS`]).
pub const REVIEW_CSS: &str = include_str!("page/review.css");

/// Draws a match's review (`YachtMatch.render`, on `YachtReview`'s numbers), and on a page
/// that carries one as `<script type="application/json" id="match-data">` beside `<div
/// id="match">`, draws it when the page loads.
pub const MATCH_JS: &str = include_str!("page/match.js");

/// The page's own style around the review.
const PAGE_CSS: &str = "*,*::before,*::after{box-sizing:border-box}\
body{margin:0 auto;max-width:1000px;padding:12px;font:16px/1.4 system-ui,sans-serif;\
color:#1d1d1f;background:#f4f5f7}h1{font-size:1.3rem;margin:4px 0}\
h1,.file{overflow-wrap:anywhere}.file{color:#555;margin:0 0 8px}.lang{float:right;margin:0 0 4px 8px}\
#review{background:#fff;border:1px solid #d8dce2;border-radius:8px;padding:10px 12px}\n";

/// What tells one self-contained review page from another: the catalog's messages of its
/// title, heading and noscript, the id of its body and its data (`review`: `<div
/// id="review">` and `review-data`), and the scripts and style it carries beyond the
/// catalogs.
struct Shell<'a> {
    title: &'static str,
    heading: &'static str,
    noscript: &'static str,
    id: &'a str,
    scripts: &'a [&'a str],
    style: &'a str,
}

/// One self-contained page (no server, no network): `shell`'s scripts and style inline,
/// the catalogs with them ([`crate::i18n::page`]: the reader's language, a switch), `data`
/// (JSON) beside them, `name` (a file's or folder's) as its heading's note.
fn self_contained(shell: &Shell, name: &str, data: &serde_json::Value) -> String {
    let data = serde_json::to_string(data).unwrap_or_else(|_| "{}".to_string());
    let english = |id| escape_html(&tr(ENGLISH, id));
    let id = shell.id;
    let scripts: String = shell
        .scripts
        .iter()
        .map(|s| format!("<script>{s}</script>\n"))
        .collect();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n\
         <style>{PAGE_CSS}{style}{DICE_CSS}{REVIEW_CSS}</style>\n</head><body>\n\
         <p class=\"lang\"><select id=\"lang\" data-testid=\"lang\" \
         data-i18n-label=\"nav-language\" aria-label=\"{language}\"></select></p>\n\
         <h1 data-i18n=\"{heading_id}\">{heading}</h1>\n\
         <p class=\"file\" data-testid=\"{id}-file\">{file}</p>\n\
         <div id=\"{id}\" data-testid=\"{id}-body\"><noscript>{noscript}</noscript></div>\n\
         <script type=\"application/json\" id=\"{id}-data\">{json}</script>\n\
         <script>{I18N}</script>\n{scripts}</body></html>\n",
        title = escape_html(&format(
            ENGLISH,
            &Message::new(shell.title).text("name", name)
        )),
        style = shell.style,
        language = english("nav-language"),
        heading_id = shell.heading,
        heading = english(shell.heading),
        noscript = english(shell.noscript),
        file = escape_html(name),
        json = script_json(&data),
        I18N = I18N_SCRIPT.as_str(),
    )
}

/// The review of a game as one self-contained page, `name` (the log's file name) as its
/// heading's note. Drawn by the same script as the play page's review.
pub fn review_page(review: &GameReview, name: &str) -> String {
    let shell = Shell {
        title: "review-page-title",
        heading: "review-page-heading",
        noscript: "review-page-noscript",
        id: "review",
        scripts: &[REVIEW_JS],
        style: "",
    };
    self_contained(
        &shell,
        name,
        &serde_json::json!({ "name": name, "review": review }),
    )
}

/// The review of a match as one self-contained page, as [`review_page`] is a game's: the
/// match's script and the review's inline with the catalogs, the review's JSON beside them;
/// `links` maps a game's index (in [`MatchReview::files`]) to its own review page, written
/// beside this one, for the costliest decisions' games.
pub fn match_page(review: &MatchReview, name: &str, links: &BTreeMap<usize, String>) -> String {
    let shell = Shell {
        title: "match-page-title",
        heading: "match-page-heading",
        noscript: "match-page-noscript",
        id: "match",
        scripts: &[REVIEW_JS, MATCH_JS],
        style: "#match{background:#fff;border:1px solid #d8dce2;border-radius:8px;\
                padding:10px 12px}",
    };
    self_contained(
        &shell,
        name,
        &serde_json::json!({ "name": name, "review": review, "links": links }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_in_a_script_cannot_end_it_and_reads_the_same() {
        let json = serde_json::json!({"player": "</script><script>alert(1)</script> & \u{2028}"})
            .to_string();
        let safe = script_json(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back.to_string(), json);
    }

    #[test]
    fn the_inlined_script_and_style_never_end_their_element() {
        assert!(!REVIEW_JS.to_ascii_lowercase().contains("</script"));
        assert!(!REVIEW_CSS.to_ascii_lowercase().contains("</style"));
        assert!(REVIEW_JS.contains("const YachtReview"));
        assert!(!MATCH_JS.to_ascii_lowercase().contains("</script"));
        assert!(MATCH_JS.contains("const YachtMatch"));
    }
}
