//! The review drawn for a person: one script and its style (`page/review.js`,
//! `page/review.css`) that draw a review's JSON ([`super::output::review_json`]). The play
//! page serves them as its own resources (`/review.js`, and the style beside its own);
//! [`review_page`] inlines them, with the review, in one page that needs nothing else
//! (`harness replay LOG --review --html FILE`, opened from the disk).

use crate::html::{escape_html, escape_with};
use crate::replay::DICE_CSS;

use super::GameReview;

/// Draws a review (`YachtReview.render`), and on a page that carries its review as
/// `<script type="application/json" id="review-data">` beside `<div id="review">`, draws
/// that one when the page loads.
pub const REVIEW_JS: &str = include_str!("page/review.js");

/// The review's style (the dice's is [`DICE_CSS`]).
pub const REVIEW_CSS: &str = include_str!("page/review.css");

/// The page's own style around the review.
const PAGE_CSS: &str = "*,*::before,*::after{box-sizing:border-box}\
body{margin:0 auto;max-width:1000px;padding:12px;font:16px/1.4 system-ui,sans-serif;\
color:#1d1d1f;background:#f4f5f7}h1{font-size:1.3rem;margin:4px 0}\
.file{color:#555;overflow-wrap:anywhere;margin:0 0 8px}\
#review{background:#fff;border:1px solid #d8dce2;border-radius:8px;padding:10px 12px}\n";

/// JSON made safe inside a `<script>` element: `<`, `>` and `&` as `\u` escapes (the same
/// JSON to a parser), so no `</script>` in a player's command or a file's name ends it.
pub fn script_json(json: &str) -> String {
    escape_with(json, |ch| match ch {
        '<' => Some("\\u003c"),
        '>' => Some("\\u003e"),
        '&' => Some("\\u0026"),
        '\u{2028}' => Some("\\u2028"),
        '\u{2029}' => Some("\\u2029"),
        _ => None,
    })
}

/// The review of a game as one self-contained page (no server, no network): the review's
/// script and style inline, the review's JSON beside them, `name` (the log's file name)
/// as its heading's note. Drawn by the same script as the play page's review.
pub fn review_page(review: &GameReview, name: &str) -> String {
    let data = serde_json::json!({ "name": name, "review": review });
    let data = serde_json::to_string(&data).unwrap_or_else(|_| "{}".to_string());
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Yacht Auction review: {title}</title>\n\
         <style>{PAGE_CSS}{DICE_CSS}{REVIEW_CSS}</style>\n</head><body>\n\
         <h1>The review: both sides' decisions and the dice</h1>\n\
         <p class=\"file\" data-testid=\"review-file\">{title}</p>\n\
         <div id=\"review\" data-testid=\"review-body\"><noscript>The review is drawn by \
         the page's script.</noscript></div>\n\
         <script type=\"application/json\" id=\"review-data\">{json}</script>\n\
         <script>{REVIEW_JS}</script>\n</body></html>\n",
        title = escape_html(name),
        json = script_json(&data),
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
    }
}
