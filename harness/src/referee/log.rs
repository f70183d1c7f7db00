//! The official log, built only when asked for (formatting costs time in fast matches).

use std::fmt::{self, Write as _};

use super::record::{GameResult, SEAT_NAMES};

/// Log lines after the header; a disabled log ignores everything.
pub struct GameLog {
    body: Option<String>,
}

impl GameLog {
    pub fn new(enabled: bool) -> GameLog {
        GameLog {
            body: enabled.then(|| String::with_capacity(2048)),
        }
    }

    /// Appends one line. `format_args!` is lazy, so a disabled log formats nothing.
    pub fn line(&mut self, args: fmt::Arguments<'_>) {
        if let Some(body) = self.body.as_mut() {
            let _ = body.write_fmt(args);
            body.push('\n');
        }
    }

    /// A player's stderr line.
    pub fn debug(&mut self, seat: usize, text: &str) {
        self.line(format_args!("# Debug {}: {text}", SEAT_NAMES[seat]));
    }

    /// The body's length so far (0 for a disabled log).
    pub fn len(&self) -> usize {
        self.body.as_ref().map_or(0, String::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The log so far, as an unfinished game's (`[RESULT "*"]`).
    pub fn snapshot(&self, labels: [&str; 2]) -> Option<String> {
        Some(with_header(self.body.as_deref()?, labels, None))
    }

    /// The whole log: header, then the body.
    pub fn finish(self, labels: [&str; 2], result: Option<GameResult>) -> Option<String> {
        Some(with_header(&self.body?, labels, result))
    }
}

/// The header (players and result), then `body`.
fn with_header(body: &str, labels: [&str; 2], result: Option<GameResult>) -> String {
    let mut out = String::with_capacity(body.len() + 128);
    for (seat, label) in labels.iter().enumerate() {
        let _ = writeln!(out, "[{} \"COMMAND: {label}\"]", SEAT_NAMES[seat]);
    }
    let result = result.map_or("*", GameResult::log_text);
    let _ = writeln!(out, "[RESULT \"{result}\"]");
    out.push_str(body);
    out
}
