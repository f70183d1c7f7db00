//! Which (used categories, upper sum) rows the table stores, and where.
//!
//! A row is 252 values, one per carried 5-dice multiset. Rows exist only for reachable
//! states, and every upper sum that can no longer change the bonus (already >= 63, or too
//! low to reach 63 with the upper categories left) shares one *decided* row per used-set:
//! from there on the bonus is settled and the upper sum is irrelevant.

use crate::rules::category::{ALL_USED, CATEGORY_COUNT, UPPER_BONUS_THRESHOLD_K, UPPER_MASK};
use crate::rules::dice::{FACES, HAND_DICE};

/// Effective upper value of the decided row.
pub const UPPER_DECIDED: u8 = 64;
/// Effective upper values: 0..=63 live, plus [`UPPER_DECIDED`].
pub const UPPER_VALUES: usize = 65;
/// Used-sets: 12-bit masks.
pub const USED_SETS: usize = 1 << CATEGORY_COUNT;
/// Upper-category subsets: 6-bit masks.
pub const UPPER_SETS: usize = 1 << FACES;
/// Marks an unreachable (upper-set, effective upper) pair in the slot map.
pub const NO_SLOT: u8 = u8::MAX;
/// Marks a used-set with no rows (all categories used: the game is over).
pub const NO_ROWS: u32 = u32::MAX;

/// The most the unused upper categories of `used` can still add (kilo-points).
pub const fn upper_room_k(used: u16) -> u32 {
    let mut room = 0;
    let mut f = 0;
    while f < FACES {
        if used & (1 << f) == 0 {
            room += HAND_DICE as u32 * (f as u32 + 1);
        }
        f += 1;
    }
    room
}

/// The row key of an upper sum: the sum itself while the bonus is still open,
/// [`UPPER_DECIDED`] once it is settled either way.
pub const fn effective_upper(used: u16, upper_k: u32) -> u8 {
    if upper_k >= UPPER_BONUS_THRESHOLD_K || upper_k + upper_room_k(used) < UPPER_BONUS_THRESHOLD_K
    {
        UPPER_DECIDED
    } else {
        upper_k as u8
    }
}

/// The effective upper after scoring `added_k` upper points, moving to used-set `next_used`.
pub const fn next_effective_upper(effective: u8, next_used: u16, added_k: u32) -> u8 {
    if effective == UPPER_DECIDED {
        UPPER_DECIDED
    } else {
        effective_upper(next_used, effective as u32 + added_k)
    }
}

/// Row index of (`used`, `effective`) given the layout arrays, or `None` if not stored.
#[inline]
pub fn row_index(
    row_base: &[u32; USED_SETS],
    upper_slot: &[[u8; UPPER_VALUES]; UPPER_SETS],
    used: u16,
    effective: u8,
) -> Option<usize> {
    let base = *row_base.get(used as usize)?;
    let slot = *upper_slot
        .get((used & UPPER_MASK) as usize)?
        .get(effective as usize)?;
    if base == NO_ROWS || slot == NO_SLOT {
        None
    } else {
        Some(base as usize + slot as usize)
    }
}

/// The row layout of the whole table.
#[derive(Clone, Debug)]
pub struct Layout {
    /// First row of each used-set, or [`NO_ROWS`].
    pub row_base: Box<[u32; USED_SETS]>,
    /// Per upper-set, the slot of each effective upper within its used-set's rows.
    pub upper_slot: Box<[[u8; UPPER_VALUES]; UPPER_SETS]>,
    /// Total rows.
    pub rows: usize,
}

impl Layout {
    /// Builds the layout of every reachable state.
    pub fn new() -> Layout {
        let mut upper_slot = Box::new([[NO_SLOT; UPPER_VALUES]; UPPER_SETS]);
        let mut slots_of = [0u32; UPPER_SETS];
        for upper_set in 0..UPPER_SETS as u16 {
            // Reachable upper sums: any count 0..=5 of each used upper face, capped at 63.
            let mut reachable = [false; 64];
            reachable[0] = true;
            for f in 0..FACES {
                if upper_set & (1 << f) == 0 {
                    continue;
                }
                let before = reachable;
                reachable = [false; 64];
                for (u, _) in before.iter().enumerate().filter(|&(_, &r)| r) {
                    for n in 0..=HAND_DICE {
                        let next = (u + n * (f + 1)).min(UPPER_BONUS_THRESHOLD_K as usize);
                        reachable[next] = true;
                    }
                }
            }
            let mut present = [false; UPPER_VALUES];
            for (u, _) in reachable.iter().enumerate().filter(|&(_, &r)| r) {
                present[effective_upper(upper_set, u as u32) as usize] = true;
            }
            let mut slot = 0u8;
            for (e, _) in present.iter().enumerate().filter(|&(_, &p)| p) {
                upper_slot[upper_set as usize][e] = slot;
                slot += 1;
            }
            slots_of[upper_set as usize] = slot as u32;
        }
        let mut row_base = Box::new([NO_ROWS; USED_SETS]);
        let mut rows = 0u32;
        for used in 0..USED_SETS as u16 {
            if used == ALL_USED {
                continue;
            }
            row_base[used as usize] = rows;
            rows += slots_of[(used & UPPER_MASK) as usize];
        }
        Layout {
            row_base,
            upper_slot,
            rows: rows as usize,
        }
    }

    /// Row index of (`used`, `effective`), or `None` if not stored.
    #[inline]
    pub fn row(&self, used: u16, effective: u8) -> Option<usize> {
        row_index(&self.row_base, &self.upper_slot, used, effective)
    }

    /// The effective uppers stored for `used`, in slot order.
    pub fn effective_uppers(&self, used: u16) -> Vec<u8> {
        let slots = &self.upper_slot[(used & UPPER_MASK) as usize];
        let mut out: Vec<(u8, u8)> = slots
            .iter()
            .enumerate()
            .filter(|&(_, &s)| s != NO_SLOT)
            .map(|(e, &s)| (s, e as u8))
            .collect();
        out.sort();
        out.into_iter().map(|(_, e)| e).collect()
    }
}

impl Default for Layout {
    fn default() -> Self {
        Self::new()
    }
}
