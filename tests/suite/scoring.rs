//! Hand-checked category scores, including the edge cases of this game's rules.

use yacht::rules::category::{bonus_gain_k, Category};
use yacht::rules::dice::parse_digits;

fn score(c: Category, dice: &str) -> u32 {
    c.score_k(&parse_digits(dice).expect("test dice are valid"))
}

/// Expected score of `dice` in every category, in protocol order ONE..YACHT.
fn check_all(dice: &str, expected: [u32; 12]) {
    for (c, want) in Category::ALL.into_iter().zip(expected) {
        assert_eq!(score(c, dice), want, "{dice} in {c}");
    }
}

#[test]
fn five_of_a_kind_counts_everywhere_it_should() {
    // A yacht is also four of a kind and (by this game's rules) a full house.
    check_all("66666", [0, 0, 0, 0, 0, 30, 30, 30, 30, 0, 0, 50]);
    check_all("11111", [5, 0, 0, 0, 0, 0, 5, 5, 5, 0, 0, 50]);
}

#[test]
fn straights() {
    check_all("12345", [1, 2, 3, 4, 5, 0, 15, 0, 0, 15, 30, 0]);
    check_all("23456", [0, 2, 3, 4, 5, 6, 20, 0, 0, 15, 30, 0]);
    check_all("54321", [1, 2, 3, 4, 5, 0, 15, 0, 0, 15, 30, 0]);
    // A small straight with a duplicate is no large straight.
    check_all("12344", [1, 2, 3, 8, 0, 0, 14, 0, 0, 15, 0, 0]);
    check_all("34566", [0, 0, 3, 4, 5, 12, 24, 0, 0, 15, 0, 0]);
    check_all("13456", [1, 0, 3, 4, 5, 6, 19, 0, 0, 15, 0, 0]);
    // 1-2-3-5-6 has no run of four.
    check_all("12356", [1, 2, 3, 0, 5, 6, 17, 0, 0, 0, 0, 0]);
}

#[test]
fn full_house_and_four_of_a_kind() {
    check_all("11122", [3, 4, 0, 0, 0, 0, 7, 0, 7, 0, 0, 0]);
    check_all("33366", [0, 0, 9, 0, 0, 12, 21, 0, 21, 0, 0, 0]);
    check_all("44445", [0, 0, 0, 16, 5, 0, 21, 21, 0, 0, 0, 0]);
    // Three of a kind with two singles is not a full house.
    check_all("22234", [0, 6, 3, 4, 0, 0, 13, 0, 0, 0, 0, 0]);
    // Two pairs is nothing special.
    check_all("55662", [0, 2, 0, 0, 10, 12, 24, 0, 0, 0, 0, 0]);
}

#[test]
fn upper_bonus_is_earned_once_on_crossing_63() {
    assert_eq!(bonus_gain_k(60, 63), 35);
    assert_eq!(bonus_gain_k(62, 80), 35);
    assert_eq!(bonus_gain_k(63, 70), 0);
    assert_eq!(bonus_gain_k(10, 62), 0);
}

#[test]
fn names_round_trip() {
    for c in Category::ALL {
        assert_eq!(Category::from_name(c.name()), Some(c));
    }
    assert_eq!(Category::from_name("CHANCE"), None);
    assert_eq!(Category::from_name("yacht"), None);
}
