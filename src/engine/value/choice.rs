//! The scoring decision: the best 5 of the held dice and the category, exactly by the table.
//!
//! `G(used, upper, H) = max over (5 scored ⊂ H, unused c) of score + bonus gain + F(next)`,
//! computed in table units (kilo-points × 200) with integers, so it is exact and
//! deterministic. Tie-break: first category in protocol order, then first scored multiset
//! in rank order — the same order the solver's quantisation audit uses.

use std::sync::LazyLock;

use super::state::PlayerState;
use crate::rules::category::{bonus_gain_k, Category, ALL_USED};
use crate::rules::dice::{all_multisets, rank, sub, total, Counts, HAND_DICE, N10, N5};
use crate::table::{self, TABLE_UNITS_PER_K};

/// A scoring choice and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub category: Category,
    /// The 5 dice scored.
    pub dice: Counts,
    /// score + bonus gain + F(next), table units.
    pub value_units: i32,
}

/// Every (scored, carried) split of each 10-dice hand, as 5-dice ranks, scored rank
/// ascending. 63,504 pairs in all; built once, on first use.
struct Splits {
    dice5: Vec<Counts>,
    /// `pairs[start[h]..start[h + 1]]` are the splits of 10-dice hand `h`.
    start: Vec<u32>,
    pairs: Vec<[u8; 2]>,
    /// `score_k[c][s]`.
    score_k: Vec<[u8; N5]>,
}

static SPLITS: LazyLock<Splits> = LazyLock::new(|| {
    let dice5 = all_multisets(HAND_DICE);
    let mut start = Vec::with_capacity(N10 + 1);
    let mut pairs = Vec::with_capacity(N5 * N5);
    for hand in all_multisets(2 * HAND_DICE) {
        start.push(pairs.len() as u32);
        for (s, scored) in dice5.iter().enumerate() {
            if let Some(carried) = sub(&hand, scored) {
                pairs.push([s as u8, rank(&carried) as u8]);
            }
        }
    }
    start.push(pairs.len() as u32);
    let score_k = Category::ALL
        .iter()
        .map(|c| {
            let mut row = [0u8; N5];
            for (s, d) in dice5.iter().enumerate() {
                row[s] = c.score_k(d) as u8;
            }
            row
        })
        .collect();
    Splits {
        dice5,
        start,
        pairs,
        score_k,
    }
});

/// Builds the lookup tables now rather than during the first decision, and pages the
/// value table in ([`crate::table::warm`]): `READY` has 3 s, a decision 0.5 s.
pub fn warm_up() {
    LazyLock::force(&SPLITS);
    crate::table::warm();
}

/// Table units of a kilo-point amount.
const fn units(k: u32) -> i32 {
    k as i32 * TABLE_UNITS_PER_K
}

/// The best scoring of a player holding exactly 10 dice (a normal round), or exactly 5
/// (the last round, or the last category). `None` if no legal scoring exists.
pub fn best_choice(used: u16, upper_k: u32, held: &Counts) -> Option<Choice> {
    if used >= ALL_USED {
        return None;
    }
    match total(held) {
        10 => Some(best_of_ten(used, upper_k, held)),
        n if n >= HAND_DICE => best_generic(used, upper_k, held),
        _ => None,
    }
}

/// The best choice for a player state (its held dice).
pub fn best_choice_for(state: &PlayerState) -> Option<Choice> {
    best_choice(state.used, state.upper_k, &state.held)
}

/// Score plus bonus gain of scoring `dice` in `c` from upper sum `upper_k`.
fn gain_k(c: Category, upper_k: u32, dice: &Counts) -> (u32, u32) {
    let score = c.score_k(dice);
    match c.upper_face() {
        Some(_) => (
            score + bonus_gain_k(upper_k, upper_k + score),
            upper_k + score,
        ),
        None => (score, upper_k),
    }
}

fn best_of_ten(used: u16, upper_k: u32, held: &Counts) -> Choice {
    best_of_ten_with(&open_rows(used, upper_k), held)
}

/// What scoring in one open category leads to: the table's rows of the states it leaves
/// (an upper category: one of six, by how many of the face are scored; a lower one: one)
/// and the gain of each (score and bonus, table units; a lower category's gain is its
/// score, read per scored multiset).
struct OpenRows {
    category: Category,
    rows: [Option<&'static [u16]>; HAND_DICE + 1],
    gains: [i32; HAND_DICE + 1],
}

/// [`OpenRows`] of every open category of (`used`, `upper_k`), in protocol order: the same
/// for every hand a player may hold next, so computed once for many.
fn open_rows(used: u16, upper_k: u32) -> Vec<OpenRows> {
    Category::ALL
        .into_iter()
        .filter(|c| used & c.bit() == 0)
        .map(|c| {
            let next_used = used | c.bit();
            let mut rows: [Option<&[u16]>; HAND_DICE + 1] = [None; HAND_DICE + 1];
            let mut gains = [0i32; HAND_DICE + 1];
            match c.upper_face() {
                Some(face) => {
                    for n in 0..=HAND_DICE as u32 {
                        let score = face as u32 * n;
                        rows[n as usize] = table::row(next_used, upper_k + score);
                        gains[n as usize] = units(score + bonus_gain_k(upper_k, upper_k + score));
                    }
                }
                None => rows[0] = table::row(next_used, upper_k),
            }
            OpenRows {
                category: c,
                rows,
                gains,
            }
        })
        .collect()
}

/// The best scoring of a 10-dice `held` given its [`open_rows`].
fn best_of_ten_with(open: &[OpenRows], held: &Counts) -> Choice {
    let splits = &*SPLITS;
    let h = rank(held);
    let pairs = &splits.pairs[splits.start[h] as usize..splits.start[h + 1] as usize];
    let mut best: Option<Choice> = None;
    for o in open {
        let c = o.category;
        let scores = &splits.score_k[c.index()];
        for &[s, k] in pairs {
            let (slot, gain) = match c.upper_face() {
                Some(face) => {
                    let n = splits.dice5[s as usize][face as usize - 1] as usize;
                    (n, o.gains[n])
                }
                None => (0, units(scores[s as usize] as u32)),
            };
            let future = o.rows[slot].map_or(0, |r| r[k as usize] as i32);
            let value = gain + future;
            if best.is_none_or(|b| value > b.value_units) {
                best = Some(Choice {
                    category: c,
                    dice: splits.dice5[s as usize],
                    value_units: value,
                });
            }
        }
    }
    // Ten dice always split and some category is unused (checked by the caller).
    best.unwrap_or(Choice {
        category: Category::Yacht,
        dice: [0; 6],
        value_units: 0,
    })
}

/// [`best_choice`] of a player holding `held` (5 dice) plus each of `bundles`: the same
/// choices, the table's rows read once for them all.
pub fn best_choices_with(
    used: u16,
    upper_k: u32,
    held: &Counts,
    bundles: &[Counts],
) -> Vec<Option<Choice>> {
    if used >= ALL_USED || total(held) != HAND_DICE {
        return bundles
            .iter()
            .map(|x| best_choice(used, upper_k, &crate::rules::dice::add(held, x)))
            .collect();
    }
    let open = open_rows(used, upper_k);
    bundles
        .iter()
        .map(|x| {
            let hand = crate::rules::dice::add(held, x);
            if total(&hand) == 2 * HAND_DICE {
                Some(best_of_ten_with(&open, &hand))
            } else {
                best_choice(used, upper_k, &hand)
            }
        })
        .collect()
}

/// Any other hand size (5 in the last round, or an inconsistent stream): enumerate directly.
/// Leftover dice that are not exactly 5 are valued at 0 beyond this scoring.
fn best_generic(used: u16, upper_k: u32, held: &Counts) -> Option<Choice> {
    let mut best: Option<Choice> = None;
    for choice in all_choices(used, upper_k, held) {
        if best.is_none_or(|b| choice.value_units > b.value_units) {
            best = Some(choice);
        }
    }
    best
}

/// Every legal scoring of `held` with its table value, in tie-break order (category, then
/// scored multiset in rank order). Leftover dice that are not exactly 5 are valued at 0
/// beyond this scoring.
pub fn all_choices(used: u16, upper_k: u32, held: &Counts) -> Vec<Choice> {
    let mut scored = Vec::new();
    crate::rules::dice::for_each_submultiset(held, HAND_DICE, |s| scored.push(*s));
    let mut out = Vec::new();
    for c in Category::ALL {
        if used & c.bit() != 0 {
            continue;
        }
        for dice in &scored {
            let (gain, next_upper) = gain_k(c, upper_k, dice);
            let carried = sub(held, dice).unwrap_or_default();
            let future = if total(&carried) == HAND_DICE {
                table::value_units(used | c.bit(), next_upper, &carried)
            } else {
                0
            };
            out.push(Choice {
                category: c,
                dice: *dice,
                value_units: units(gain) + future,
            });
        }
    }
    out
}

/// The score plus upper-bonus gain of scoring `dice` in `category` now, table units: what
/// the greedy scoring maximises.
pub fn gain_now_units(category: Category, upper_k: u32, dice: &Counts) -> i32 {
    units(gain_k(category, upper_k, dice).0)
}

/// The greedy scoring: the highest score plus upper-bonus gain now, nothing for the dice
/// carried or the categories left (a player without the table: skill levels 1 and 2).
/// `value_units` is that gain; ties go as in [`best_choice`] (category first, then the
/// scored multiset in rank order). `None` if no legal scoring exists.
pub fn best_greedy_choice(used: u16, upper_k: u32, held: &Counts) -> Option<Choice> {
    if used >= ALL_USED || total(held) < HAND_DICE {
        return None;
    }
    let mut scored = Vec::new();
    crate::rules::dice::for_each_submultiset(held, HAND_DICE, |s| scored.push(*s));
    let mut best: Option<Choice> = None;
    for c in Category::ALL {
        if used & c.bit() != 0 {
            continue;
        }
        for dice in &scored {
            let value = gain_now_units(c, upper_k, dice);
            if best.is_none_or(|b| value > b.value_units) {
                best = Some(Choice {
                    category: c,
                    dice: *dice,
                    value_units: value,
                });
            }
        }
    }
    best
}

/// The table value (score + bonus gain + F(next), table units) of scoring `dice` in
/// `category` from `state`; `None` when that scoring is not legal there (dice not held,
/// category used, or not 5 dice).
pub fn choice_value_units(state: &PlayerState, category: Category, dice: &Counts) -> Option<i32> {
    if state.used & category.bit() != 0 || total(dice) != HAND_DICE {
        return None;
    }
    let carried = sub(&state.held, dice)?;
    let (gain, next_upper) = gain_k(category, state.upper_k, dice);
    let future = if total(&carried) == HAND_DICE {
        table::value_units(state.used | category.bit(), next_upper, &carried)
    } else {
        0
    };
    Some(units(gain) + future)
}

/// The highest immediate score (category score, bonus ignored) any 5 of `held` make in an
/// unused category: what a greedy player sees in a bundle. 0 when nothing is legal.
pub fn best_immediate_k(used: u16, held: &Counts) -> u32 {
    let mut best = 0;
    let mut visit = |scored: &Counts| {
        for c in Category::ALL {
            if used & c.bit() == 0 {
                best = best.max(c.score_k(scored));
            }
        }
    };
    if total(held) == 2 * HAND_DICE {
        let splits = &*SPLITS;
        let h = rank(held);
        for &[s, _] in &splits.pairs[splits.start[h] as usize..splits.start[h + 1] as usize] {
            visit(&splits.dice5[s as usize]);
        }
    } else {
        crate::rules::dice::for_each_submultiset(held, HAND_DICE, visit);
    }
    best
}

/// Expected remaining score (table units) of a player in state (`used`, `upper_k`) who is
/// about to hold `held`: 5 dice before the next bundle → F; 10 dice → G.
pub fn position_value_units(used: u16, upper_k: u32, held: &Counts) -> i32 {
    match total(held) {
        HAND_DICE => table::value_units(used, upper_k, held),
        _ => best_choice(used, upper_k, held).map_or(0, |c| c.value_units),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::parse_digits;

    /// The choices with every bundle at once are each bundle's own, in states of every
    /// stage of a game (the rows read once must be the rows each would read).
    #[test]
    fn the_choices_with_every_bundle_are_each_bundles_own() {
        let bundles = all_multisets(HAND_DICE);
        let mut rng = crate::rng::Pcg64::seed_from_u64(11);
        let mut state = PlayerState::default();
        state.receive(&bundles[rng.below(bundles.len())]);
        for _ in 0..11 {
            let all = best_choices_with(state.used, state.upper_k, &state.held, &bundles);
            for (x, choice) in bundles.iter().zip(&all) {
                let held = crate::rules::dice::add(&state.held, x);
                assert_eq!(*choice, best_choice(state.used, state.upper_k, &held));
            }
            let mut next = state;
            next.receive(&bundles[rng.below(bundles.len())]);
            let c = best_choice_for(&next).unwrap();
            next.apply_score(c.category, &c.dice).unwrap();
            state = next;
        }
    }

    #[test]
    fn the_greedy_choice_takes_the_points_now() {
        // 66666 12345 with everything open: the yacht now (50k), though the table would
        // weigh what is carried too; with the yacht used, the best of the rest.
        let held = parse_digits("6666612345").unwrap();
        let c = best_greedy_choice(0, 0, &held).unwrap();
        assert_eq!((c.category, c.dice), (Category::Yacht, [0, 0, 0, 0, 0, 5]));
        assert_eq!(c.value_units, units(50));
        // Without the yacht, 30k four ways (SIX, CHOICE, FOUR_OF_A_KIND with 66666, the
        // large straight): the first category in protocol order.
        let c = best_greedy_choice(Category::Yacht.bit(), 0, &held).unwrap();
        assert_eq!(c.category, Category::Six);
        assert_eq!(c.value_units, units(30));
        let c = best_greedy_choice(Category::Yacht.bit() | 0x7f, 0, &held).unwrap();
        assert_eq!(c.category, Category::FourOfAKind);
        // The upper bonus counts when it is reached now: SIX with 66666 from 40k.
        let all_but_six = ALL_USED & !Category::Six.bit();
        let c = best_greedy_choice(all_but_six, 40, &held).unwrap();
        assert_eq!(c.value_units, units(30 + 35));
        assert_eq!(best_greedy_choice(ALL_USED, 0, &held), None);
        assert_eq!(best_greedy_choice(0, 0, &[1, 1, 1, 0, 0, 0]), None);
    }

    #[test]
    fn ten_dice_fast_path_matches_generic_enumeration() {
        for (i, hand) in all_multisets(10).iter().enumerate().step_by(11) {
            let used = (i as u16 * 37) & 0x7ff;
            let upper = (i as u32 * 7) % 70;
            let fast = best_of_ten(used, upper, hand);
            let slow = best_generic(used, upper, hand).unwrap();
            assert_eq!(fast, slow, "hand {hand:?} used {used:b} upper {upper}");
        }
    }

    #[test]
    fn the_value_of_a_choice_is_the_one_the_argmax_ranks() {
        let held = parse_digits("1122345566").unwrap();
        let state = PlayerState {
            held,
            used: Category::Yacht.bit() | Category::Two.bit(),
            upper_k: 12,
            ..PlayerState::default()
        };
        for c in all_choices(state.used, state.upper_k, &held) {
            assert_eq!(
                choice_value_units(&state, c.category, &c.dice),
                Some(c.value_units)
            );
        }
        let best = best_choice_for(&state).unwrap();
        assert_eq!(
            choice_value_units(&state, best.category, &best.dice),
            Some(best.value_units)
        );
        // Used category, dice not held.
        assert_eq!(
            choice_value_units(&state, Category::Yacht, &[5, 0, 0, 0, 0, 0]),
            None
        );
        assert_eq!(
            choice_value_units(&state, Category::One, &[0, 0, 0, 0, 0, 5]),
            None
        );
    }

    #[test]
    fn last_round_scores_the_only_category() {
        let used = ALL_USED & !Category::Yacht.bit();
        let c = best_choice(used, 10, &parse_digits("44444").unwrap()).unwrap();
        assert_eq!(c.category, Category::Yacht);
        assert_eq!(c.value_units, units(50));
    }
}
