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

pub use super::judged::Mark;
use super::judged::{Judged, Kind};

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

/// The expected points `decisions` gave up a decision (each decision's `points_lost`
/// against the best by expected score, a gain counted as none): GNU Backgammon's error
/// rate, in the game's points.
pub fn points_lost_rate(decisions: &[Judged]) -> f64 {
    mean_points_lost(decisions.iter())
}

/// [`points_lost_rate`] of the decisions of one kind (the bids, or the scorings).
pub fn points_lost_rate_of(decisions: &[Judged], kind: Kind) -> f64 {
    mean_points_lost(decisions.iter().filter(|d| d.kind == kind))
}

fn mean_points_lost<'a>(decisions: impl Iterator<Item = &'a Judged>) -> f64 {
    let (sum, n) = decisions.fold((0.0, 0usize), |(sum, n), d| {
        (sum + d.points_lost.max(0.0), n + 1)
    });
    sum / n.max(1) as f64
}

/// What `decisions`' bids paid over the best bid, points a bid (a bid under it counted as
/// none): the beginner's overbid, paying all a bundle is worth, is level 1's mark.
pub fn overbid_rate(decisions: &[Judged]) -> f64 {
    let amount = |line: &str| -> f64 {
        line.rsplit(' ')
            .next()
            .and_then(|x| x.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    let bids: Vec<f64> = decisions
        .iter()
        .filter(|d| d.kind == Kind::Bid)
        .map(|d| (amount(&d.played) - amount(&d.best)).max(0.0))
        .collect();
    bids.iter().sum::<f64>() / bids.len().max(1) as f64
}

/// The share of `decisions`' scorings that took the most points now (`Judged::greedy`):
/// 1 for a player without the table (level 1), 0 where there was no scoring.
pub fn greedy_share(decisions: &[Judged]) -> f64 {
    let puts: Vec<bool> = decisions.iter().filter_map(|d| d.greedy).collect();
    puts.iter().filter(|&&g| g).count() as f64 / puts.len().max(1) as f64
}

/// What the review reads a side's level from (issue 79): the expected points its scorings
/// gave up a decision (the levels 2-8 differ by the noise their values are seen through,
/// and a scoring's loss does not depend on the opponent, as a bid's does), and the two
/// marks of level 1, the beginner's overbid and the greedy scoring.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LevelMeasures {
    /// [`points_lost_rate`] of the scorings alone.
    pub scoring_points: f64,
    /// [`overbid_rate`].
    pub overbid: f64,
    /// [`greedy_share`].
    pub greedy: f64,
}

impl LevelMeasures {
    pub fn of(decisions: &[Judged]) -> LevelMeasures {
        LevelMeasures {
            scoring_points: points_lost_rate_of(decisions, Kind::Put),
            overbid: overbid_rate(decisions),
            greedy: greedy_share(decisions),
        }
    }
}

/// The rule from [`LevelMeasures`] to a level: level 1 where the bids paid more than
/// `overbid` points a bid over the best, or at least `greedy` of the scorings were greedy;
/// else level 2 plus the number of `bounds` (the scorings' points lost a decision between
/// the levels 2..=8, level 2's lower bound first) the scorings lost less than.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelRule {
    pub overbid: f64,
    pub greedy: f64,
    pub bounds: Vec<f64>,
}

impl LevelRule {
    pub fn level(&self, m: &LevelMeasures) -> u8 {
        if m.overbid > self.overbid || m.greedy >= self.greedy {
            1
        } else {
            1 + level_within(&self.bounds, m.scoring_points)
        }
    }

    /// The review's rule: [`LEVEL_1_OVERBID`], [`LEVEL_1_GREEDY`], [`LEVEL_BOUNDS`].
    pub fn review() -> LevelRule {
        LevelRule {
            overbid: LEVEL_1_OVERBID,
            greedy: LEVEL_1_GREEDY,
            bounds: LEVEL_BOUNDS.to_vec(),
        }
    }
}

/// The review's rule ([`LevelRule`]), fitted to issue 79's criterion by `harness measure
/// levels` ("the rule fitted to the criterion", `measure::levels::fit_rule`): each of the
/// eight levels read within one level in as many of its games against each of eleven
/// opponents as can be, up to 90% (the ten sample AIs and the bot, 50 games a cell, seed
/// 81, reviewed with [`super::decisions::review_valuation`]), then the level itself in as
/// many as can be; tested on three designs and deals it was not fitted on
/// (`docs/runs/review-levels.sh`, docs/results.md#review). Points a bid over the best.
pub const LEVEL_1_OVERBID: f64 = 5248.1;
/// See [`LEVEL_1_OVERBID`]: the share of greedy scorings from which a game reads as level 1.
pub const LEVEL_1_GREEDY: f64 = 0.76;
/// See [`LEVEL_1_OVERBID`]: the scorings' points lost a decision between levels 2..=8. The
/// win probability lost, weighted by how open the game was ([`error_rate_open`], the
/// five levels' estimate), read levels 2-5 within one level in only 52-68% of their games
/// against sample AIs 7 and 10; the points of all decisions, bids included, depend on the opponent.
pub const LEVEL_BOUNDS: [f64; 6] = [5495.4, 3630.8, 2089.3, 1445.4, 549.5, 15.1];

/// The least error rate read on the log scale: a game without error reads as this.
pub const ERROR_FLOOR: f64 = 1e-5;

/// The level (1..=8) a side whose decisions were `decisions` played like, by the review's
/// rule ([`LevelRule::review`]).
pub fn played_like_level(decisions: &[Judged]) -> u8 {
    LevelRule::review().level(&LevelMeasures::of(decisions))
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
            greedy: None,
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
        let rule = LevelRule::review();
        let at = |scoring_points: f64, overbid: f64, greedy: f64| {
            rule.level(&LevelMeasures {
                scoring_points,
                overbid,
                greedy,
            })
        };
        for (i, &b) in LEVEL_BOUNDS.iter().enumerate() {
            assert_eq!(at(b * 1.01, 0.0, 0.5), i as u8 + 2);
            assert_eq!(at(b * 0.99, 0.0, 0.5), i as u8 + 3);
        }
        assert_eq!(at(0.0, 0.0, 0.5), LEVEL_BOUNDS.len() as u8 + 2);
        assert_eq!(at(1e6, 0.0, 0.5), 2);
        // The beginner's overbid reads as level 1 however it scored.
        assert_eq!(at(0.0, LEVEL_1_OVERBID * 1.01, 0.5), 1);
        assert_eq!(level_within(&[], 0.3), 1);
    }

    /// The measures of a side's decisions: the scorings' points alone, what the bids paid
    /// over the best, the greedy scorings' share.
    #[test]
    fn the_level_measures_of_decisions() {
        use crate::review::judged::Kind;
        let decision = |kind: Kind, played: &str, best: &str, points_lost: f64| {
            let mut d = judged(0.5, 0.0);
            d.kind = kind;
            d.played = played.to_string();
            d.best = best.to_string();
            d.points_lost = points_lost;
            d.greedy = (kind == Kind::Put).then_some(points_lost > 0.0);
            d
        };
        let decisions = [
            decision(Kind::Bid, "BID A 9000", "BID A 1000", 5000.0),
            decision(Kind::Bid, "BID B 0", "BID A 2000", 700.0),
            decision(Kind::Put, "PUT YACHT 11111", "PUT YACHT 11111", 0.0),
            decision(
                Kind::Put,
                "PUT CHOICE 66655",
                "PUT FULL_HOUSE 66655",
                3000.0,
            ),
        ];
        let m = LevelMeasures::of(&decisions);
        assert_eq!(m.scoring_points, 1500.0);
        assert_eq!(m.overbid, 4000.0);
        assert_eq!(m.greedy, 0.5);
        assert_eq!(points_lost_rate(&decisions), 2175.0);
    }

    #[test]
    fn the_nearest_level_on_a_log_scale() {
        let centres = [0.1, 0.01, 0.001];
        assert_eq!(nearest_level(&centres, 0.05), 1);
        assert_eq!(nearest_level(&centres, 0.02), 2);
        assert_eq!(nearest_level(&centres, 0.0), 3);
    }
}
