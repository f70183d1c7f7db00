//! Dice multisets and their dense indices.
//!
//! The order of dice never matters in this game, so a hand is a multiset, stored as
//! face counts. Hands of 5 dice have 252 multisets and hands of 10 have 3003; both are
//! indexed densely by [`rank`], whose order is the one [`all_multisets`] lists.

/// Faces of a die.
pub const FACES: usize = 6;
/// Dice in one bundle, one scoring, one carried hand.
pub const HAND_DICE: usize = 5;
/// Distinct 5-dice multisets: C(10, 5).
pub const N5: usize = 252;
/// Distinct 10-dice multisets: C(15, 5).
pub const N10: usize = 3003;

/// Face counts: `counts[f]` dice show face `f + 1`.
pub type Counts = [u8; FACES];

/// Number of multisets of `size` dice over `faces` faces: C(size + faces - 1, faces - 1).
pub const fn multiset_count(faces: usize, size: usize) -> usize {
    if faces == 0 {
        return if size == 0 { 1 } else { 0 };
    }
    // C(n, k) with k = faces - 1, computed exactly in increasing order.
    let n = size + faces - 1;
    let k = faces - 1;
    let mut result = 1usize;
    let mut i = 0;
    while i < k {
        result = result * (n - i) / (i + 1);
        i += 1;
    }
    result
}

/// Total dice in a multiset.
pub const fn total(counts: &Counts) -> usize {
    let mut sum = 0;
    let mut f = 0;
    while f < FACES {
        sum += counts[f] as usize;
        f += 1;
    }
    sum
}

/// Sum of the faces (pips) of a multiset.
pub const fn pip_sum(counts: &Counts) -> u32 {
    let mut sum = 0;
    let mut f = 0;
    while f < FACES {
        sum += counts[f] as u32 * (f as u32 + 1);
        f += 1;
    }
    sum
}

/// Dense index of a multiset among all multisets of the same size.
///
/// Order: face 1's count descending, then face 2's, and so on; [`all_multisets`] lists
/// in this order, so `all_multisets(n)[rank(c)] == c`.
pub const fn rank(counts: &Counts) -> usize {
    let mut remaining = total(counts);
    let mut index = 0;
    let mut f = 0;
    while f + 1 < FACES {
        let faces_after = FACES - f - 1;
        // Every multiset with a larger count on this face comes first.
        let mut c = counts[f] as usize + 1;
        while c <= remaining {
            index += multiset_count(faces_after, remaining - c);
            c += 1;
        }
        remaining -= counts[f] as usize;
        f += 1;
    }
    index
}

/// Every multiset of `size` dice, in [`rank`] order.
pub fn all_multisets(size: usize) -> Vec<Counts> {
    fn fill(face: usize, remaining: usize, current: &mut Counts, out: &mut Vec<Counts>) {
        if face + 1 == FACES {
            current[face] = remaining as u8;
            out.push(*current);
            return;
        }
        for c in (0..=remaining).rev() {
            current[face] = c as u8;
            fill(face + 1, remaining - c, current, out);
        }
    }
    let mut out = Vec::with_capacity(multiset_count(FACES, size));
    fill(0, size, &mut [0; FACES], &mut out);
    out
}

/// The 252 bundles of five dice in rank order, each with its probability: built once.
pub fn five_dice() -> &'static [(Counts, f64)] {
    static FIVE: std::sync::LazyLock<Vec<(Counts, f64)>> = std::sync::LazyLock::new(|| {
        all_multisets(HAND_DICE)
            .into_iter()
            .map(|c| (c, fair_probability(&c)))
            .collect()
    });
    &FIVE
}

/// Probability that `total(counts)` fair dice show exactly this multiset:
/// the multinomial coefficient over 6^n.
pub fn fair_probability(counts: &Counts) -> f64 {
    let n = total(counts);
    let mut ways = factorial(n);
    for &c in counts {
        ways /= factorial(c as usize);
    }
    ways as f64 / 6f64.powi(n as i32)
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// Multiset sum `a + b`.
pub const fn add(a: &Counts, b: &Counts) -> Counts {
    let mut out = [0; FACES];
    let mut f = 0;
    while f < FACES {
        out[f] = a[f] + b[f];
        f += 1;
    }
    out
}

/// Multiset difference `a - b`, or `None` when `b` is not contained in `a`.
pub const fn sub(a: &Counts, b: &Counts) -> Option<Counts> {
    let mut out = [0; FACES];
    let mut f = 0;
    while f < FACES {
        if b[f] > a[f] {
            return None;
        }
        out[f] = a[f] - b[f];
        f += 1;
    }
    Some(out)
}

/// Calls `visit` with every distinct sub-multiset of `held` of `size` dice, in an order
/// that depends only on `held` (face 1's count descending first).
pub fn for_each_submultiset(held: &Counts, size: usize, mut visit: impl FnMut(&Counts)) {
    fn walk(
        held: &Counts,
        face: usize,
        remaining: usize,
        current: &mut Counts,
        visit: &mut dyn FnMut(&Counts),
    ) {
        if face == FACES {
            if remaining == 0 {
                visit(current);
            }
            return;
        }
        // Dice still available on the faces after this one bound how few we may take here.
        let after: usize = held[face + 1..].iter().map(|&c| c as usize).sum();
        let most = (held[face] as usize).min(remaining);
        let least = remaining.saturating_sub(after);
        for c in (least..=most).rev() {
            current[face] = c as u8;
            walk(held, face + 1, remaining - c, current, visit);
        }
        current[face] = 0;
    }
    walk(held, 0, size, &mut [0; FACES], &mut visit);
}

/// Parses a string of dice digits `1`..`6` (e.g. `"12345"`) into counts.
/// Returns `None` on any other character.
pub fn parse_digits(text: &str) -> Option<Counts> {
    let mut counts = [0u8; FACES];
    for ch in text.bytes() {
        match ch {
            b'1'..=b'6' => {
                let slot = &mut counts[(ch - b'1') as usize];
                *slot = slot.checked_add(1)?;
            }
            _ => return None,
        }
    }
    Some(counts)
}

/// The dice of a multiset as digits in ascending order, e.g. `"11356"`.
pub fn to_digits(counts: &Counts) -> String {
    let mut out = String::with_capacity(total(counts));
    for (f, &c) in counts.iter().enumerate() {
        for _ in 0..c {
            out.push((b'1' + f as u8) as char);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_of_multisets() {
        assert_eq!(multiset_count(FACES, 5), N5);
        assert_eq!(multiset_count(FACES, 10), N10);
        assert_eq!(all_multisets(5).len(), N5);
        assert_eq!(all_multisets(10).len(), N10);
        assert_eq!(all_multisets(0).len(), 1);
    }

    #[test]
    fn rank_round_trips() {
        for size in [0, 1, 5, 10] {
            for (i, m) in all_multisets(size).iter().enumerate() {
                assert_eq!(rank(m), i, "size {size} multiset {m:?}");
                assert_eq!(total(m), size);
            }
        }
    }

    #[test]
    fn digits_round_trip() {
        for m in all_multisets(5) {
            assert_eq!(parse_digits(&to_digits(&m)), Some(m));
        }
        assert_eq!(parse_digits("12a45"), None);
        assert_eq!(parse_digits("70000"), None);
        assert_eq!(to_digits(&parse_digits("66123").unwrap()), "12366");
    }

    #[test]
    fn fair_probabilities_sum_to_one() {
        let sum: f64 = all_multisets(5).iter().map(fair_probability).sum();
        assert!((sum - 1.0).abs() < 1e-12);
        assert!((fair_probability(&[5, 0, 0, 0, 0, 0]) - 1.0 / 7776.0).abs() < 1e-15);
        assert!((fair_probability(&[1, 1, 1, 1, 1, 0]) - 120.0 / 7776.0).abs() < 1e-15);
    }

    #[test]
    fn submultisets_are_distinct_and_complete() {
        for held in all_multisets(10).iter().step_by(7) {
            let mut seen = Vec::new();
            for_each_submultiset(held, 5, |s| seen.push(*s));
            let mut sorted = seen.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), seen.len());
            let expected = all_multisets(5)
                .iter()
                .filter(|s| sub(held, s).is_some())
                .count();
            assert_eq!(seen.len(), expected);
        }
    }
}
