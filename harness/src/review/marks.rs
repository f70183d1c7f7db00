//! What a decision's error means to a person: a mark by the win probability it gave up, an
//! accuracy in percent, and the skill level whose play it resembles.
//!
//! The marks follow GNU Backgammon's and lichess's: `?!` (an inaccuracy), `?` (a mistake),
//! `??` (a blunder), by win probability lost. Their thresholds were set on the five levels'
//! own decisions (docs/results.md#review, `docs/runs/review-levels.sh`): per game against
//! sample AI 6, the bot at full strength makes 0.9 inaccuracies, 0.2 mistakes and 0.04
//! blunders, the table and equilibrium bid (level 4) 1.6, 0.5 and 0.02, a beginner's
//! opponent (level 1) 3.6, 3.7 and 6.0.
//!
//! Accuracy is lichess's: a decision that loses `L` percentage points of win probability
//! scores `103.1668 · e^(−0.04354 · L) − 3.1669` (100 for none, about 65 for 10 points),
//! clipped to 0..=100, averaged over the side's decisions.

/// A decision's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
pub enum Mark {
    #[serde(rename = "")]
    None,
    #[serde(rename = "?!")]
    Inaccuracy,
    #[serde(rename = "?")]
    Mistake,
    #[serde(rename = "??")]
    Blunder,
}

impl Mark {
    /// The symbol (empty for none).
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// The word for a person.
    pub fn word(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }
}

/// Win probability lost from which a decision is an inaccuracy, a mistake, a blunder.
pub const MARK_THRESHOLDS: [(f64, Mark); 3] = [
    (0.10, Mark::Blunder),
    (0.04, Mark::Mistake),
    (0.015, Mark::Inaccuracy),
];

/// The mark of a decision that gave up `p_win_lost`.
pub fn mark(p_win_lost: f64) -> Mark {
    MARK_THRESHOLDS
        .iter()
        .find(|(t, _)| p_win_lost >= *t)
        .map_or(Mark::None, |&(_, m)| m)
}

/// lichess's accuracy of one decision that gave up `p_win_lost` (0..=1), percent.
pub fn decision_accuracy(p_win_lost: f64) -> f64 {
    let points = 100.0 * p_win_lost.max(0.0);
    (103.1668 * (-0.04354 * points).exp() - 3.1669).clamp(0.0, 100.0)
}

/// How open the game was at a decision whose best answer wins with probability `p`:
/// `4p(1 − p)`, 1 at even odds, 0.36 at 0.1 or 0.9, 0 when the game is decided. A decision
/// in a decided game can lose nothing, so it says nothing of how well its player plays.
pub fn openness(p_win_best: f64) -> f64 {
    let p = p_win_best.clamp(0.0, 1.0);
    4.0 * p * (1.0 - p)
}

/// The win probability `decisions` gave up, each weighted by how open the game was when
/// it was made ([`openness`]): the mean error of the decisions that could still matter.
/// 0 for a side that never decided in an open game.
pub fn error_rate_open(decisions: &[super::decisions::Judged]) -> f64 {
    weighted_error(decisions, openness)
}

/// The win probability `decisions` gave up, each weighted by `weight` of its best answer's
/// win probability; 0 where the weights sum to 0.
pub fn weighted_error(decisions: &[super::decisions::Judged], weight: impl Fn(f64) -> f64) -> f64 {
    let (mut lost, mut total) = (0.0, 0.0);
    for d in decisions {
        let w = weight(d.p_win_best);
        lost += w * d.p_win_lost;
        total += w;
    }
    if total > 0.0 {
        lost / total
    } else {
        0.0
    }
}

/// The five levels' mean win probability lost per decision, level 1 first, each over
/// 100 games against the same opponent (sample AI 6), reviewed with this module at
/// [`super::decisions::REVIEW_ROLLOUTS`]: `docs/runs/review-levels.sh`
/// (docs/results.md#review).
pub const LEVEL_ERROR_RATES: [f64; 5] = [0.08356, 0.04462, 0.00732, 0.00367, 0.00212];

/// The level (1..=5) whose mean error per decision is nearest `error_rate` (on a log
/// scale: a level is a factor apart from the next, not a difference); `None` until the
/// levels' rates are measured.
pub fn played_like_level(error_rate: f64) -> Option<u8> {
    if LEVEL_ERROR_RATES.iter().any(|&r| r <= 0.0) {
        return None;
    }
    let e = error_rate.max(1e-6).ln();
    let mut best = (f64::INFINITY, 5u8);
    for (i, &rate) in LEVEL_ERROR_RATES.iter().enumerate() {
        let d = (rate.max(1e-6).ln() - e).abs();
        if d < best.0 {
            best = (d, i as u8 + 1);
        }
    }
    Some(best.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_grow_with_the_loss() {
        assert_eq!(mark(0.0), Mark::None);
        assert_eq!(mark(0.014), Mark::None);
        assert_eq!(mark(0.02), Mark::Inaccuracy);
        assert_eq!(mark(0.05), Mark::Mistake);
        assert_eq!(mark(0.5), Mark::Blunder);
        assert!(Mark::Blunder > Mark::Mistake && Mark::Mistake > Mark::Inaccuracy);
    }

    #[test]
    fn accuracy_is_100_without_loss_and_falls_with_it() {
        assert!((decision_accuracy(0.0) - 100.0).abs() < 1e-3);
        let (a, b) = (decision_accuracy(0.05), decision_accuracy(0.2));
        assert!(a < 100.0 && b < a && b > 0.0, "{a} {b}");
        assert_eq!(decision_accuracy(1.0), 0.0);
    }

    #[test]
    fn the_nearest_level_on_a_log_scale() {
        for (i, &r) in LEVEL_ERROR_RATES.iter().enumerate() {
            assert_eq!(played_like_level(r), Some(i as u8 + 1));
        }
        // The levels are measured in order: each errs more than the one above it.
        assert!(LEVEL_ERROR_RATES.windows(2).all(|w| w[0] > w[1]));
        assert_eq!(played_like_level(0.0), Some(5));
        assert_eq!(played_like_level(1.0), Some(1));
    }
}
