//! The embedded table against independent reference values and direct scores.

use crate::common::references;
use yacht::engine::value::choice::best_choice;
use yacht::rules::category::{bonus_gain_k, Category, ALL_USED};
use yacht::rules::dice::{all_multisets, parse_digits};
use yacht::solver::layout::{effective_upper, Layout, NO_SLOT};
use yacht::table::{self, TABLE_UNITS_PER_K};

/// Tolerance of the reference values (their own rounding).
const REFERENCE_TOLERANCE_K: f64 = 1e-3;
/// Largest rounding error of a stored 16-bit entry: half a stored unit.
const STORED_ROUNDING_K: f64 = 0.5 / TABLE_UNITS_PER_K as f64;

#[test]
fn start_expectation_matches_the_independent_computation() {
    assert!(
        (table::TABLE_START_EXPECTED_K - 268.8383).abs() < 1e-4,
        "start expectation {}",
        table::TABLE_START_EXPECTED_K
    );
}

#[test]
fn stored_f_values_match_references() {
    let refs = references();
    let f_rows: Vec<_> = refs.iter().filter(|r| r.kind == "F").collect();
    assert!(f_rows.len() >= 20);
    for r in f_rows {
        let dice = parse_digits(&r.dice).expect("dice");
        let got = table::value_k(r.used, r.upper, &dice);
        assert!(
            (got - r.value).abs() <= REFERENCE_TOLERANCE_K + STORED_ROUNDING_K,
            "F used {:#x} upper {} {}: table {got}, reference {}",
            r.used,
            r.upper,
            r.dice,
            r.value
        );
    }
}

#[test]
fn best_choices_match_references() {
    let refs = references();
    let g_rows: Vec<_> = refs.iter().filter(|r| r.kind == "G").collect();
    assert!(g_rows.len() >= 20);
    for r in g_rows {
        let held = parse_digits(&r.dice).expect("dice");
        let choice = best_choice(r.used, r.upper, &held).expect("a legal choice");
        let got = choice.value_units as f64 / TABLE_UNITS_PER_K as f64;
        assert!(
            (got - r.value).abs() <= REFERENCE_TOLERANCE_K + STORED_ROUNDING_K,
            "G used {:#x} upper {} {}: bot {got}, reference {}",
            r.used,
            r.upper,
            r.dice,
            r.value
        );
        if let Some((category, dice)) = &r.best {
            assert_eq!(choice.category, *category, "G {}", r.dice);
            assert_eq!(
                choice.dice,
                parse_digits(dice).expect("dice"),
                "G {}",
                r.dice
            );
        }
    }
}

#[test]
fn last_category_values_are_the_direct_scores() {
    let layout = Layout::new();
    for last in Category::ALL {
        let used = ALL_USED & !last.bit();
        for upper in 0..=63u32 {
            let effective = effective_upper(used, upper);
            if layout.upper_slot[(used & 0x3f) as usize][effective as usize] == NO_SLOT {
                continue; // upper sum not reachable with these categories used
            }
            for dice in all_multisets(5) {
                let score = last.score_k(&dice);
                let bonus = if last.upper_face().is_some() {
                    bonus_gain_k(upper, upper + score)
                } else {
                    0
                };
                let want = ((score + bonus) as i32) * TABLE_UNITS_PER_K;
                assert_eq!(
                    table::value_units(used, upper, &dice),
                    want,
                    "{last} upper {upper} {dice:?}"
                );
            }
        }
    }
}

#[test]
fn embedded_bytes_match_their_hash() {
    assert_eq!(table::computed_hash(), table::TABLE_HASH);
    assert_eq!(table::entries().len(), table::TABLE_ROWS * 252);
}

#[test]
fn game_over_is_worth_nothing() {
    assert_eq!(table::value_units(ALL_USED, 0, &[5, 0, 0, 0, 0, 0]), 0);
}
