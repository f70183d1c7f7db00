//! The twelve scoring categories and the upper bonus, exactly as the judge scores them.
//!
//! Units: every score here is in *kilo-points* (`_k`): the judge's score divided by 1000.
//! All category scores are whole multiples of 1000 judge points, so this is exact.

use super::dice::{pip_sum, Counts, FACES};

/// Judge points per kilo-point.
pub const POINTS_PER_K: i64 = 1000;
/// The upper section (ONE..SIX) total that earns the bonus.
pub const UPPER_BONUS_THRESHOLD_K: u32 = 63;
/// The upper bonus.
pub const UPPER_BONUS_K: u32 = 35;
/// Number of categories; each is used exactly once per game.
pub const CATEGORY_COUNT: usize = 12;
/// A bit set of used categories with every bit set.
pub const ALL_USED: u16 = (1 << CATEGORY_COUNT) - 1;
/// The bits of the six upper categories in a used-set.
pub const UPPER_MASK: u16 = 0b11_1111;

/// A scoring category. The discriminant is the bit index in a used-set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Category {
    One = 0,
    Two,
    Three,
    Four,
    Five,
    Six,
    Choice,
    FourOfAKind,
    FullHouse,
    SmallStraight,
    LargeStraight,
    Yacht,
}

impl Category {
    /// All categories in protocol order (ONE..YACHT).
    pub const ALL: [Category; CATEGORY_COUNT] = [
        Category::One,
        Category::Two,
        Category::Three,
        Category::Four,
        Category::Five,
        Category::Six,
        Category::Choice,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Yacht,
    ];

    /// The category with bit index `index`, if any.
    pub const fn from_index(index: usize) -> Option<Category> {
        if index < CATEGORY_COUNT {
            Some(Self::ALL[index])
        } else {
            None
        }
    }

    /// Bit index in a used-set.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This category's bit in a used-set.
    pub const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// The face (1..=6) an upper category counts, or `None` for the lower section.
    pub const fn upper_face(self) -> Option<u8> {
        let i = self as u8;
        if i < FACES as u8 {
            Some(i + 1)
        } else {
            None
        }
    }

    /// The protocol name (`ONE`, `FULL_HOUSE`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Category::One => "ONE",
            Category::Two => "TWO",
            Category::Three => "THREE",
            Category::Four => "FOUR",
            Category::Five => "FIVE",
            Category::Six => "SIX",
            Category::Choice => "CHOICE",
            Category::FourOfAKind => "FOUR_OF_A_KIND",
            Category::FullHouse => "FULL_HOUSE",
            Category::SmallStraight => "SMALL_STRAIGHT",
            Category::LargeStraight => "LARGE_STRAIGHT",
            Category::Yacht => "YACHT",
        }
    }

    /// Parses a protocol name (exact, upper case).
    pub fn from_name(name: &str) -> Option<Category> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The score of 5 dice in this category, in kilo-points.
    pub const fn score_k(self, dice: &Counts) -> u32 {
        let max_count = max_count(dice);
        match self {
            Category::One
            | Category::Two
            | Category::Three
            | Category::Four
            | Category::Five
            | Category::Six => {
                let f = self as usize;
                dice[f] as u32 * (f as u32 + 1)
            }
            Category::Choice => pip_sum(dice),
            Category::FourOfAKind => {
                if max_count >= 4 {
                    pip_sum(dice)
                } else {
                    0
                }
            }
            Category::FullHouse => {
                // Counts {3, 2} or five of a kind (the judge accepts a yacht as a full house).
                if max_count == 5 || (max_count == 3 && has_count(dice, 2)) {
                    pip_sum(dice)
                } else {
                    0
                }
            }
            Category::SmallStraight => {
                if has_run(dice, 4) {
                    15
                } else {
                    0
                }
            }
            Category::LargeStraight => {
                if has_run(dice, 5) {
                    30
                } else {
                    0
                }
            }
            Category::Yacht => {
                if max_count == 5 {
                    50
                } else {
                    0
                }
            }
        }
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

const fn max_count(dice: &Counts) -> u8 {
    let mut best = 0;
    let mut f = 0;
    while f < FACES {
        if dice[f] > best {
            best = dice[f];
        }
        f += 1;
    }
    best
}

const fn has_count(dice: &Counts, count: u8) -> bool {
    let mut f = 0;
    while f < FACES {
        if dice[f] == count {
            return true;
        }
        f += 1;
    }
    false
}

/// Whether `len` consecutive faces are all present.
const fn has_run(dice: &Counts, len: usize) -> bool {
    let mut run = 0;
    let mut f = 0;
    while f < FACES {
        if dice[f] > 0 {
            run += 1;
            if run >= len {
                return true;
            }
        } else {
            run = 0;
        }
        f += 1;
    }
    false
}

/// Bonus earned by moving the upper-section sum from `before` to `after` (kilo-points).
pub const fn bonus_gain_k(before: u32, after: u32) -> u32 {
    if before < UPPER_BONUS_THRESHOLD_K && after >= UPPER_BONUS_THRESHOLD_K {
        UPPER_BONUS_K
    } else {
        0
    }
}
