//! What a decision's error means to a person: a mark by the win probability it gave up, an
//! accuracy in percent, and the skill level whose play it resembles.
//!
//! The marks follow GNU Backgammon's and lichess's: `?!` (an inaccuracy), `?` (a mistake),
//! `??` (a blunder), by win probability lost. Their thresholds were set on the five
//! levels' own decisions (docs/results.md#review; 8720dd7's `docs/runs/review-levels.sh`):
//! per game against sample AI 6, the bot at full strength makes 0.9 inaccuracies, 0.2
//! mistakes and 0.04 blunders, the table and equilibrium bid (level 4) 1.6, 0.5 and 0.02, a
//! beginner's opponent (level 1) 3.6, 3.7 and 6.0.
//!
//! Accuracy is lichess's: a decision that loses `L` percentage points of win probability
//! scores `103.1668 · e^(−0.04354 · L) − 3.1669` (100 for none, about 65 for 10 points),
//! clipped to 0..=100, averaged over the side's decisions.

use super::judged::Judged;
pub use super::judged::Mark;

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
pub fn error_rate_open(decisions: &[Judged]) -> f64 {
    weighted_error(decisions, openness)
}

/// The win probability `decisions` gave up, each weighted by `weight` of its best answer's
/// win probability; 0 where the weights sum to 0.
pub fn weighted_error(decisions: &[Judged], weight: impl Fn(f64) -> f64) -> f64 {
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

/// The error rates ([`error_rate_open`]) between the five levels, level 1's lower bound
/// first: a game that erred less than the first bound reads as level 2 or better, less than
/// the last as level 5. Fitted to the criterion (`harness measure levels`'s
/// "bounds fitted to the criterion", `measure::levels::Bounds`): each level read within one
/// level in at least 70% of its games against each of eleven opponents (the ten sample AIs
/// and the bot, 50 games a cell, reviewed with [`super::decisions::review_valuation`], the
/// value network), then the level itself in as many games as can be. Reading the nearest of
/// the levels' centres (geometric means) read the bot as level 3 or below in 40-58% of its
/// games against five sample AIs, against which it errs several times as much as against
/// the others: `docs/runs/review-levels.sh`, docs/results.md#review.
pub const LEVEL_BOUNDS: [f64; 4] = [0.10471, 0.04169, 0.01660, 0.00398];

/// The least error rate read on the log scale: a game without error reads as this.
pub const ERROR_FLOOR: f64 = 1e-5;

/// The level (1..=5) a game that erred `error_rate` a decision played like: one more than
/// the bounds it erred less than ([`LEVEL_BOUNDS`]).
pub fn played_like_level(error_rate: f64) -> u8 {
    level_within(&LEVEL_BOUNDS, error_rate)
}

/// The level (1..) of `value` between `bounds` (decreasing, level 1's lower bound first):
/// one more than the number of bounds above it, `value` floored at [`ERROR_FLOOR`].
pub fn level_within(bounds: &[f64], value: f64) -> u8 {
    let v = value.max(ERROR_FLOOR);
    1 + bounds.iter().filter(|&&b| v < b).count() as u8
}

/// The level (1..) whose centre is nearest `value` on a log scale, both floored at
/// [`ERROR_FLOOR`].
pub fn nearest_level(centres: &[f64], value: f64) -> u8 {
    let v = value.max(ERROR_FLOOR).ln();
    let mut best = (f64::INFINITY, centres.len() as u8);
    for (i, &c) in centres.iter().enumerate() {
        let d = (c.max(ERROR_FLOOR).ln() - v).abs();
        if d < best.0 {
            best = (d, i as u8 + 1);
        }
    }
    best.1
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

    fn judged(p_win_best: f64, p_win_lost: f64) -> crate::review::judged::Judged {
        crate::review::judged::Judged {
            seat: 0,
            round: 1,
            kind: crate::review::judged::Kind::Bid,
            played: String::new(),
            best: String::new(),
            p_win_lost,
            points_lost: 0.0,
            p_win_lost_hindsight: None,
            mark: mark(p_win_lost),
            p_win_best,
            dice: Vec::new(),
            why: String::new(),
            reason: crate::i18n::Message::new("why-put-best"),
        }
    }

    /// The saturation the open weighting removes: a side that blundered while the game was
    /// even and then made twenty errorless decisions in a lost game errs as much as one
    /// that made the same blunders and lost nothing more, not a fifth as much.
    #[test]
    fn decisions_in_a_decided_game_do_not_dilute_the_error() {
        let mut crushed = vec![judged(0.5, 0.2), judged(0.4, 0.2)];
        let early = error_rate_open(&crushed);
        crushed.extend((0..20).map(|_| judged(0.0, 0.0)));
        assert!((error_rate_open(&crushed) - early).abs() < 1e-12);
        assert!((early - 0.2).abs() < 1e-12, "{early}");
        let plain = weighted_error(&crushed, |_| 1.0);
        assert!(plain < early / 5.0, "{plain}");
        // A game decided throughout weighs nothing: its error is 0, not undefined.
        assert_eq!(error_rate_open(&[judged(1.0, 0.0)]), 0.0);
    }

    #[test]
    fn the_level_between_the_bounds() {
        // The levels are measured in order: each errs less than the one below it.
        assert!(LEVEL_BOUNDS.windows(2).all(|w| w[0] > w[1]));
        for (i, &b) in LEVEL_BOUNDS.iter().enumerate() {
            assert_eq!(played_like_level(b * 1.01), i as u8 + 1);
            assert_eq!(played_like_level(b * 0.99), i as u8 + 2);
        }
        assert_eq!(played_like_level(0.0), 5);
        assert_eq!(played_like_level(1.0), 1);
        assert_eq!(level_within(&[], 0.3), 1);
    }

    #[test]
    fn the_nearest_level_on_a_log_scale() {
        let centres = [0.1, 0.01, 0.001];
        assert_eq!(nearest_level(&centres, 0.05), 1);
        assert_eq!(nearest_level(&centres, 0.02), 2);
        assert_eq!(nearest_level(&centres, 0.0), 3);
    }
}
