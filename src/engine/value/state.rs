//! One player's state, as the protocol reveals it (for us and for the opponent alike).

use crate::rules::category::{Category, POINTS_PER_K, UPPER_BONUS_K, UPPER_BONUS_THRESHOLD_K};
use crate::rules::dice::{sub, total, Counts};

/// What a player holds and has scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerState {
    /// Dice held: every bundle received minus every die scored.
    pub held: Counts,
    /// Used categories, one bit per [`Category::index`].
    pub used: u16,
    /// Upper-section sum (uncapped), kilo-points.
    pub upper_k: u32,
    /// Sum of category scores (bonus excluded), kilo-points.
    pub category_k: u32,
    /// Sum of bid scores, judge points.
    pub bid_points: i64,
}

/// Why a scoring could not be applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoreError {
    NotHeld,
    AlreadyUsed,
}

impl PlayerState {
    /// Adds a received bundle to the held dice.
    pub fn receive(&mut self, bundle: &Counts) {
        // Counts stay far below u8::MAX in any real game; saturate rather than wrap on
        // a corrupted stream.
        for (h, b) in self.held.iter_mut().zip(bundle) {
            *h = h.saturating_add(*b);
        }
    }

    /// Scores `dice` (5 held dice) in `category`.
    pub fn apply_score(&mut self, category: Category, dice: &Counts) -> Result<u32, ScoreError> {
        if self.used & category.bit() != 0 {
            return Err(ScoreError::AlreadyUsed);
        }
        let rest = sub(&self.held, dice).ok_or(ScoreError::NotHeld)?;
        let score = category.score_k(dice);
        self.held = rest;
        self.used |= category.bit();
        self.category_k += score;
        if category.upper_face().is_some() {
            self.upper_k += score;
        }
        Ok(score)
    }

    /// The upper bonus earned so far, kilo-points.
    pub fn bonus_k(&self) -> u32 {
        if self.upper_k >= UPPER_BONUS_THRESHOLD_K {
            UPPER_BONUS_K
        } else {
            0
        }
    }

    /// Total score so far (categories, bonus and bids), judge points.
    pub fn total_points(&self) -> i64 {
        (self.category_k + self.bonus_k()) as i64 * POINTS_PER_K + self.bid_points
    }

    /// Number of held dice.
    pub fn held_dice(&self) -> usize {
        total(&self.held)
    }

    /// Number of used categories.
    pub fn used_count(&self) -> u32 {
        self.used.count_ones()
    }
}
