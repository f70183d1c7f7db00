//! A memo of [`best_choice`] for the rollouts: same answers, fewer table lookups.
//!
//! A win search plays thousands of futures from the same two states, so the same
//! (used, upper, held) positions come back again and again: every future's first auction
//! starts from one of 252 bundles per player, and late rounds have few categories and
//! upper sums left. `best_choice` is a pure function of its arguments and the installed
//! table (fixed before the first decision), so a memo changes no decision; it only skips
//! the ~20 splits × open categories of table reads. A direct-mapped table keyed by the
//! packed arguments: a collision just overwrites, so its memory is fixed.

use super::choice::{best_choice, Choice};
use crate::rules::dice::Counts;

/// Slots of the memo: 2^15 × 16 bytes = 512 KiB, about an L2 cache. Chosen from
/// `yacht-bot bench 20`: 2^13 and 2^17 slots were within noise of it.
/// Measured: docs/experiments/2026-11-24-choice-cache.md#choice-cache.
const CACHE_SLOTS_LOG2: u32 = 15;
const CACHE_SLOTS: usize = 1 << CACHE_SLOTS_LOG2;

/// The key of an empty slot: no packed key has bits 44–51 set (see [`pack`]).
const EMPTY_KEY: u64 = u64::MAX;

#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    choice: Option<Choice>,
}

/// A memo of [`best_choice`]; create one per search (it starts empty).
pub struct ChoiceCache {
    slots: Vec<Slot>,
}

impl Default for ChoiceCache {
    fn default() -> Self {
        ChoiceCache::new()
    }
}

/// Each face's count in 4 bits (bits 0–23), `upper_k` in 20 (24–43), `used` in 12
/// (52–63). `None` when the arguments do not fit (never in a real game: at most 10 of a
/// face, an upper sum of at most 105, 12 categories): such calls skip the memo.
fn pack(used: u16, upper_k: u32, held: &Counts) -> Option<u64> {
    if held.iter().any(|&c| c > 15) || upper_k >= 1 << 20 || used >= 1 << 12 {
        return None;
    }
    let dice = held.iter().fold(0u64, |acc, &c| (acc << 4) | u64::from(c));
    Some((u64::from(used) << 52) | (u64::from(upper_k) << 24) | dice)
}

/// Fibonacci hashing: the top bits of the product spread nearby keys over the slots.
fn slot_of(key: u64) -> usize {
    (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_SLOTS_LOG2)) as usize
}

impl ChoiceCache {
    pub fn new() -> ChoiceCache {
        ChoiceCache {
            slots: vec![
                Slot {
                    key: EMPTY_KEY,
                    choice: None,
                };
                CACHE_SLOTS
            ],
        }
    }

    /// Exactly `best_choice(used, upper_k, held)`.
    pub fn best_choice(&mut self, used: u16, upper_k: u32, held: &Counts) -> Option<Choice> {
        let Some(key) = pack(used, upper_k, held) else {
            return best_choice(used, upper_k, held);
        };
        let slot = &mut self.slots[slot_of(key)];
        if slot.key != key {
            *slot = Slot {
                key,
                choice: best_choice(used, upper_k, held),
            };
        }
        slot.choice
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Pcg64;
    use crate::rules::category::ALL_USED;

    /// Every answer equals the uncached one, through hits, misses and collisions: half
    /// the questions come from a small pool (asked again and again), half are fresh
    /// random positions (more keys than slots, so pool entries get overwritten).
    #[test]
    fn the_memo_answers_exactly_best_choice() {
        let mut rng = Pcg64::seed_from_u64(5);
        let random_position = |rng: &mut Pcg64| {
            let mut held = [0u8; 6];
            for _ in 0..10 {
                held[rng.below(6)] += 1;
            }
            let used = (rng.below(1 << 12) as u16) & ALL_USED;
            (used, rng.below(64) as u32, held)
        };
        // Neighbours that differ in one argument only: a key that dropped any of them
        // would answer one for another.
        let pool: Vec<_> = (0..50)
            .flat_map(|_| {
                let (used, upper_k, held) = random_position(&mut rng);
                let mut moved = held;
                if let Some(f) = (0..6).find(|&f| moved[f] > 0) {
                    moved[f] -= 1;
                    moved[(f + 1) % 6] += 1;
                }
                let other_used = (used ^ 1) & ALL_USED;
                [
                    (used, upper_k, held),
                    (used, upper_k + 3, held),
                    (other_used, upper_k, held),
                    (used, upper_k, moved),
                ]
            })
            .collect();
        let mut cache = ChoiceCache::new();
        for i in 0..80_000 {
            let (used, upper_k, held) = if i % 2 == 0 {
                pool[rng.below(pool.len())]
            } else {
                random_position(&mut rng)
            };
            assert_eq!(
                cache.best_choice(used, upper_k, &held),
                best_choice(used, upper_k, &held),
                "{used:b} {upper_k} {held:?}"
            );
        }
    }

    #[test]
    fn distinct_arguments_pack_to_distinct_keys() {
        let a = pack(0b1, 63, &[10, 0, 0, 0, 0, 0]);
        let b = pack(0b1, 63, &[0, 10, 0, 0, 0, 0]);
        let c = pack(0b10, 63, &[10, 0, 0, 0, 0, 0]);
        let d = pack(0b1, 64, &[10, 0, 0, 0, 0, 0]);
        assert!(a.is_some());
        assert_ne!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, d);
        assert_ne!(a, Some(EMPTY_KEY));
    }
}
