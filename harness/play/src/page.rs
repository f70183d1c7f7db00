//! The page: HTML, CSS and JavaScript embedded in the binary (no build step, nothing
//! fetched from elsewhere: it works offline). It draws what the API says and sends the
//! person's moves; the rules stay on the server. The review is drawn by the harness's
//! script (`harness::review::page`), served here as `/review.js`.

use axum::http::header;
use axum::response::IntoResponse;

const INDEX_HTML: &str = include_str!("../page/index.html");
const APP_JS: &str = include_str!("../page/app.js");
const STYLE_CSS: &str = include_str!("../page/style.css");

/// The page's own resources only: no other origin, no inline script.
const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'";

pub async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        ],
        INDEX_HTML,
    )
}

pub async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        APP_JS,
    )
}

/// The catalogs and what reads them (`harness::i18n::page`): before the review's script
/// and the page's, which speak through it.
pub async fn i18n_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        harness::i18n::page::I18N_SCRIPT.as_str(),
    )
}

/// The review's drawing, the same script as the page of `harness replay LOG --review
/// --html` carries inline (`harness::review::page`).
pub async fn review_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        harness::review::page::REVIEW_JS,
    )
}

/// The review of several logs as a match, the same script as the page of `harness replay
/// DIR --review --html` carries inline (`harness::review::page`).
pub async fn match_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        harness::review::page::MATCH_JS,
    )
}

/// The page's style, with the dice the replay page draws the same way and the review's.
static STYLE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    format!(
        "{STYLE_CSS}\n{}\n{}",
        harness::replay::DICE_CSS,
        harness::review::page::REVIEW_CSS
    )
});

pub async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        STYLE.as_str(),
    )
}
