//! HTML for the harness's pages (the replay, the league's heat map, the odds' diagrams):
//! what every page needs, below all of them.

/// Escapes text for HTML element content and attribute values.
pub fn escape_html(text: &str) -> String {
    escape_with(text, |ch| match ch {
        '&' => Some("&amp;"),
        '<' => Some("&lt;"),
        '>' => Some("&gt;"),
        '"' => Some("&quot;"),
        '\'' => Some("&#39;"),
        _ => None,
    })
}

/// `text` with each character `escape` names written as what it names.
pub fn escape_with(text: &str, escape: impl Fn(char) -> Option<&'static str>) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match escape(ch) {
            Some(escaped) => out.push_str(escaped),
            None => out.push(ch),
        }
    }
    out
}

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
