//! How the sample AIs bid.

use rand::Rng;
use yacht::engine::{GameView, PlayerState};
use yacht::protocol::{Group, Hand, BID_MAX_POINTS};
use yacht::rules::category::POINTS_PER_K;
use yacht::rules::dice::pip_sum;

use super::scoring::best_immediate;

/// How "the better bundle" is judged by gap bidding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judge {
    /// The best immediate score (category score + upper bonus gained) the player could
    /// make with its held dice plus the bundle, over its unused categories.
    Score,
    /// The pip sum of the bundle, 1000 points per pip.
    Sum,
}

/// A sample AI's bidding rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum BidPolicy {
    /// Sample 1, as the official example code: asks for A when sum(A) > sum(B), else B;
    /// amount = (own total − opponent total) / 10, truncated, clamped to 0..=100000, with
    /// both totals (categories, bonus and bid scores) as the AI tracks them.
    Example,
    /// Sample 2: asks for the group with the higher pip sum (B on equal sums), amount =
    /// |difference of the sums| × `points_per_pip` (1000 in the statement).
    SumDifference { points_per_pip: u32 },
    /// Samples 3, 4, 5, 8: a fair random group, a fixed amount (0 in the statement).
    Random { amount_points: u32 },
    /// Samples 6, 7, 9, 10: asks for the better bundle by `judge`; amount =
    /// min(`max_points`, round(`scale` × gap) + `base_points`), gap = how much better it is
    /// in judge points. Equal bundles: the higher pip sum, then B.
    ///
    /// "Defensively" ([`BidPolicy::defensive`]): a fifth of the gap, at most 20000: it
    /// rarely overpays and rarely wins a contested bundle against a real bidder.
    /// "Aggressively" ([`BidPolicy::aggressive`]): the whole gap plus 5000, up to the
    /// 100000 limit: it wins almost every contested bundle and pays heavily for it.
    /// For reference, the bot's equilibrium bid is about half of one player's gap.
    Gap {
        judge: Judge,
        scale: f64,
        base_points: u32,
        max_points: u32,
    },
}

impl BidPolicy {
    pub const fn sum_default() -> BidPolicy {
        BidPolicy::SumDifference {
            points_per_pip: 1000,
        }
    }

    pub const fn random_default() -> BidPolicy {
        BidPolicy::Random { amount_points: 0 }
    }

    pub const fn defensive() -> BidPolicy {
        BidPolicy::Gap {
            judge: Judge::Score,
            scale: 0.2,
            base_points: 0,
            max_points: 20_000,
        }
    }

    pub const fn aggressive() -> BidPolicy {
        BidPolicy::Gap {
            judge: Judge::Score,
            scale: 1.0,
            base_points: 5_000,
            max_points: BID_MAX_POINTS,
        }
    }

    /// The bid for bundles `a` and `b`, given the game as the AI tracks it.
    pub fn decide(&self, view: &GameView, a: &Hand, b: &Hand, rng: &mut impl Rng) -> (Group, u32) {
        let sums = [pip_sum(&a.counts()) as i64, pip_sum(&b.counts()) as i64];
        let by_sum = if sums[0] > sums[1] {
            Group::A
        } else {
            Group::B
        };
        match *self {
            BidPolicy::Example => {
                let lead_points = view.me.total_points() - view.opp.total_points();
                // Integer division truncating toward zero, as in the example code.
                let amount = (lead_points / 10).clamp(0, BID_MAX_POINTS as i64);
                (by_sum, amount as u32)
            }
            BidPolicy::SumDifference { points_per_pip } => {
                let amount = (sums[0] - sums[1]).unsigned_abs() * points_per_pip as u64;
                (by_sum, amount.min(BID_MAX_POINTS as u64) as u32)
            }
            BidPolicy::Random { amount_points } => {
                let group = if rng.gen_bool(0.5) {
                    Group::A
                } else {
                    Group::B
                };
                (group, amount_points.min(BID_MAX_POINTS))
            }
            BidPolicy::Gap {
                judge,
                scale,
                base_points,
                max_points,
            } => {
                let gap_points = match judge {
                    Judge::Score => bundle_points(&view.me, a) - bundle_points(&view.me, b),
                    Judge::Sum => (sums[0] - sums[1]) * POINTS_PER_K,
                };
                let group = match gap_points.cmp(&0) {
                    std::cmp::Ordering::Greater => Group::A,
                    std::cmp::Ordering::Less => Group::B,
                    std::cmp::Ordering::Equal => by_sum,
                };
                let amount =
                    (scale * gap_points.unsigned_abs() as f64).round() + base_points as f64;
                let cap = max_points.min(BID_MAX_POINTS) as f64;
                (group, amount.clamp(0.0, cap) as u32)
            }
        }
    }
}

/// The best immediate score (judge points) `me` could make after receiving `bundle`.
fn bundle_points(me: &PlayerState, bundle: &Hand) -> i64 {
    let mut after = *me;
    after.receive(&bundle.counts());
    best_immediate(&after, u16::MAX).map_or(0, |c| c.gain_k as i64 * POINTS_PER_K)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_pcg::Pcg64;

    fn hand(s: &str) -> Hand {
        Hand::parse(s).unwrap()
    }

    #[test]
    fn sum_difference_and_example() {
        let view = GameView::default();
        let mut rng = Pcg64::seed_from_u64(1);
        let (a, b) = (hand("66665"), hand("11112"));
        assert_eq!(
            BidPolicy::sum_default().decide(&view, &a, &b, &mut rng),
            (Group::A, 23_000)
        );
        assert_eq!(
            BidPolicy::Example.decide(&view, &b, &a, &mut rng),
            (Group::B, 0)
        );
        let mut ahead = view;
        ahead.me.bid_points = 123_456;
        assert_eq!(
            BidPolicy::Example.decide(&ahead, &a, &a, &mut rng),
            (Group::B, 12_345)
        );
    }

    #[test]
    fn gap_bidding_judges_by_best_score() {
        let view = GameView::default();
        let mut rng = Pcg64::seed_from_u64(1);
        // A yacht of ones (50000) beats a pile of sixes scored as CHOICE (29000).
        let (a, b) = (hand("11111"), hand("66665"));
        assert_eq!(
            BidPolicy::aggressive().decide(&view, &a, &b, &mut rng),
            (Group::A, 26_000)
        );
        assert_eq!(
            BidPolicy::defensive().decide(&view, &a, &b, &mut rng),
            (Group::A, 4_200)
        );
    }
}
