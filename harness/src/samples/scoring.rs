//! How the sample AIs score.

use yacht::engine::PlayerState;
use yacht::rules::category::{bonus_gain_k, Category, UPPER_MASK};
use yacht::rules::dice::{for_each_submultiset, Counts, HAND_DICE};

/// The two halves of the score sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CategoryGroup {
    /// `ONE`..`SIX` (the statement's "basic score rules").
    Basic,
    /// `CHOICE`..`YACHT` (the statement's "combination score rules").
    Combination,
}

impl CategoryGroup {
    /// The group's categories as a used-set mask.
    pub const fn mask(self) -> u16 {
        match self {
            CategoryGroup::Basic => UPPER_MASK,
            CategoryGroup::Combination => !UPPER_MASK & 0x0fff,
        }
    }
}

/// "Hard to get" order: the combinations by how rarely 10 random dice allow them.
pub const HARD_ORDER: [Category; 5] = [
    Category::Yacht,
    Category::LargeStraight,
    Category::FourOfAKind,
    Category::FullHouse,
    Category::SmallStraight,
];

/// A sample AI's scoring rule. Every rule picks among the *unused* categories and the
/// 5-dice subsets of the held dice; "immediate score" is the category score plus any
/// upper bonus it completes. Ties: first category in protocol order (ONE..YACHT), then
/// the subset with the most low dice (so the high dice are kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScorePolicy {
    /// Sample 1, as the official example code: the first unused category in protocol
    /// order, with the first five held dice in the order they were received.
    Example,
    /// Samples 2, 3: the highest immediate score.
    Greedy,
    /// Sample 4, "hard-to-get categories first": the first unused category of
    /// [`HARD_ORDER`] that scores at least `min_k` (and more than 0); else greedy.
    HardFirst { min_k: u32 },
    /// Samples 5–10, "`group` first": the highest immediate score within the group's unused
    /// categories if it reaches `min_k` (and is more than 0), else greedy over all.
    GroupFirst { group: CategoryGroup, min_k: u32 },
}

impl ScorePolicy {
    pub const fn hard_default() -> ScorePolicy {
        ScorePolicy::HardFirst { min_k: 1 }
    }

    pub const fn group_default(group: CategoryGroup) -> ScorePolicy {
        ScorePolicy::GroupFirst { group, min_k: 1 }
    }

    /// The scoring for `me` (not `Example`, which needs the dice order: see the agent).
    /// `None` only when no legal scoring exists (fewer than 5 dice or all used).
    pub fn decide(&self, me: &PlayerState) -> Option<Scoring> {
        let worth = |c: &Scoring, min_k: u32| c.gain_k >= min_k.max(1);
        match *self {
            ScorePolicy::Example | ScorePolicy::Greedy => best_immediate(me, u16::MAX),
            ScorePolicy::HardFirst { min_k } => HARD_ORDER
                .iter()
                .filter_map(|c| best_immediate(me, c.bit()))
                .find(|c| worth(c, min_k))
                .or_else(|| best_immediate(me, u16::MAX)),
            ScorePolicy::GroupFirst { group, min_k } => best_immediate(me, group.mask())
                .filter(|c| worth(c, min_k))
                .or_else(|| best_immediate(me, u16::MAX)),
        }
    }
}

/// A scoring decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    pub category: Category,
    pub dice: Counts,
    /// Category score plus the upper bonus it completes, kilo-points.
    pub gain_k: u32,
}

/// The highest immediate score among the unused categories in `allowed` (a used-set mask).
pub fn best_immediate(me: &PlayerState, allowed: u16) -> Option<Scoring> {
    let open = allowed & !me.used;
    if open & 0x0fff == 0 {
        return None;
    }
    let mut subsets: Vec<Counts> = Vec::with_capacity(64);
    for_each_submultiset(&me.held, HAND_DICE, |s| subsets.push(*s));
    let mut best: Option<Scoring> = None;
    for category in Category::ALL {
        if open & category.bit() == 0 {
            continue;
        }
        for dice in &subsets {
            let score_k = category.score_k(dice);
            let gain_k = match category.upper_face() {
                Some(_) => score_k + bonus_gain_k(me.upper_k, me.upper_k + score_k),
                None => score_k,
            };
            if best.is_none_or(|b| gain_k > b.gain_k) {
                best = Some(Scoring {
                    category,
                    dice: *dice,
                    gain_k,
                });
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht::rules::dice::parse_digits;

    fn state(held: &str, used: &[Category]) -> PlayerState {
        let mut s = PlayerState {
            held: parse_digits(held).unwrap(),
            ..PlayerState::default()
        };
        for c in used {
            s.used |= c.bit();
        }
        s
    }

    #[test]
    fn greedy_takes_the_yacht_and_keeps_high_dice() {
        let c = ScorePolicy::Greedy
            .decide(&state("6666612345", &[]))
            .unwrap();
        assert_eq!(c.category, Category::Yacht);
        assert_eq!(c.gain_k, 50);
        let c = ScorePolicy::group_default(CategoryGroup::Basic)
            .decide(&state("6612345555", &[]))
            .unwrap();
        assert_eq!(c.category, Category::Five);
        assert_eq!(c.dice, parse_digits("15555").unwrap());
    }

    #[test]
    fn hard_first_prefers_rare_combinations() {
        let c = ScorePolicy::hard_default()
            .decide(&state("1234566665", &[]))
            .unwrap();
        assert_eq!(c.category, Category::LargeStraight);
        // Nothing hard available: greedy.
        let c = ScorePolicy::hard_default()
            .decide(&state("1122336655", &[]))
            .unwrap();
        assert_eq!((c.category, c.gain_k), (Category::Choice, 25));
        let used: Vec<Category> = HARD_ORDER.to_vec();
        let c = ScorePolicy::hard_default()
            .decide(&state("1122446655", &used))
            .unwrap();
        assert_eq!(c.category, Category::Choice);
    }

    #[test]
    fn combination_first_falls_back_when_the_group_is_used() {
        let used = [
            Category::Choice,
            Category::FourOfAKind,
            Category::FullHouse,
            Category::SmallStraight,
            Category::LargeStraight,
            Category::Yacht,
        ];
        let c = ScorePolicy::group_default(CategoryGroup::Combination)
            .decide(&state("6666612345", &used))
            .unwrap();
        assert_eq!(c.category, Category::Six);
        assert!(ScorePolicy::Greedy.decide(&state("1234", &[])).is_none());
    }
}
