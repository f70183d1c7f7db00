//! Numbers for a person, in every text and page of the harness: fixed decimals that never
//! read `-0.00`, and a luck-adjusted result said against a win and a loss. The review's
//! script (`review/page/review.js`) has the same three, for the pages it draws.

/// `x` with `decimals` decimals, rounded first: a value that rounds to zero has no sign.
pub fn fixed(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_string(),
        _ => text,
    }
}

/// [`fixed`] with its sign: `+0.41`, `-0.12`, and `0.00` for what rounds to zero.
pub fn signed(x: f64, decimals: usize) -> String {
    let text = fixed(x, decimals);
    if text.starts_with('-') || text.bytes().all(|b| b == b'0' || b == b'.') {
        text
    } else {
        format!("+{text}")
    }
}

/// A luck-adjusted result (the result, a win 1 and a loss 0, less the luck) in words, to
/// the hundredth: `a win and 0.41 more`, `a win`, `0.62 of a win`, `half a win`, `a loss`,
/// `a loss and 0.30 less`. It may pass a win or fall below a loss: the dice were against a
/// player who won anyway, or for one who lost all the same.
pub fn worth(adjusted: f64) -> String {
    let hundredths = (adjusted * 100.0).round() as i64;
    let amount = |h: i64| format!("{}.{:02}", h / 100, h % 100);
    match hundredths {
        h if h > 100 => format!("a win and {} more", amount(h - 100)),
        100 => "a win".to_string(),
        50 => "half a win".to_string(),
        h if h > 0 => format!("{} of a win", amount(h)),
        0 => "a loss".to_string(),
        h => format!("a loss and {} less", amount(-h)),
    }
}

/// A result (1, ½, 0) as a verb: `won`, `drew`, `lost`.
pub fn result_verb(result: f64) -> &'static str {
    if result > 0.75 {
        "won"
    } else if result > 0.25 {
        "drew"
    } else {
        "lost"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_negative_zero_and_a_sign_where_asked() {
        assert_eq!(fixed(-0.001, 2), "0.00");
        assert_eq!(fixed(-0.0, 2), "0.00");
        assert_eq!(fixed(-0.4, 0), "0");
        assert_eq!(fixed(-0.006, 2), "-0.01");
        assert_eq!(fixed(1.414, 2), "1.41");
        assert_eq!(signed(0.412, 3), "+0.412");
        assert_eq!(signed(-0.0001, 3), "0.000");
        assert_eq!(signed(-0.25, 2), "-0.25");
        assert_eq!(signed(0.0, 0), "0");
    }

    #[test]
    fn a_result_beside_a_win_and_a_loss() {
        assert_eq!(worth(1.41), "a win and 0.41 more");
        assert_eq!(worth(2.05), "a win and 1.05 more");
        assert_eq!(worth(1.001), "a win");
        assert_eq!(worth(0.62), "0.62 of a win");
        assert_eq!(worth(0.5), "half a win");
        assert_eq!(worth(0.04), "0.04 of a win");
        assert_eq!(worth(-0.001), "a loss");
        assert_eq!(worth(-0.3), "a loss and 0.30 less");
        assert_eq!(worth(-1.2), "a loss and 1.20 less");
        assert_eq!([1.0, 0.5, 0.0].map(result_verb), ["won", "drew", "lost"]);
    }
}
