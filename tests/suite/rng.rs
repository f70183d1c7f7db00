//! `yacht::rng` must give exactly the streams of rand 0.8 + rand_pcg 0.3 (which the bot
//! used before it became std-only): same seeding, same outputs, same draws consumed.

use rand::{Rng, RngCore, SeedableRng};

type Theirs = rand_pcg::Pcg64;
type Ours = yacht::rng::Pcg64;

const DRAWS: usize = 3_000;

/// Small seeds, the bench's and solitaire's, bit patterns and the extremes.
fn seeds() -> Vec<u64> {
    let mut s: Vec<u64> = (0..64).collect();
    s.extend([
        1_000,
        0xDEAD_BEEF,
        0x9E37_79B9_7F4A_7C15,
        1 << 63,
        u64::MAX - 1,
        u64::MAX,
    ]);
    s.extend((0..16).map(|i| 0x0123_4567_89AB_CDEFu64.rotate_left(i * 4)));
    s
}

/// Draws `DRAWS` values from both generators for every seed, then checks that both are
/// still in step (the same number of outputs consumed).
fn same<T: PartialEq + std::fmt::Debug>(
    what: &str,
    mut ours: impl FnMut(&mut Ours) -> T,
    mut theirs: impl FnMut(&mut Theirs) -> T,
) {
    for seed in seeds() {
        let mut a = Ours::seed_from_u64(seed);
        let mut b = Theirs::seed_from_u64(seed);
        for i in 0..DRAWS {
            assert_eq!(
                ours(&mut a),
                theirs(&mut b),
                "{what}: seed {seed}, draw {i}"
            );
        }
        assert_eq!(
            a.next_u64(),
            b.next_u64(),
            "{what}: seed {seed}, out of step"
        );
    }
}

#[test]
fn raw_outputs() {
    same("next_u64", |r| r.next_u64(), |r| r.next_u64());
}

#[test]
fn the_ranges_the_bot_draws_from() {
    // Dice faces of a deal, tie-breakers, faces of a bundle, the rollout coin.
    same(
        "1..=6 u8",
        |r| r.u8_inclusive(1, 6),
        |r| r.gen_range(1u8..=6),
    );
    same(
        "0..=1 u8",
        |r| r.u8_inclusive(0, 1),
        |r| r.gen_range(0u8..=1),
    );
    same("0..6 usize", |r| r.below(6), |r| r.gen_range(0usize..6));
    same("gen_bool(0.5)", |r| r.chance(0.5), |r| r.gen_bool(0.5));
}

#[test]
fn other_usize_ranges() {
    // Lengths of the near-best bid lists, and ranges with heavy rejection.
    for n in [
        1usize,
        2,
        3,
        5,
        7,
        10,
        100,
        1_000,
        12_345,
        (1 << 32) + 1,
        (1 << 63) + 1,
        usize::MAX,
    ] {
        same(&format!("0..{n}"), |r| r.below(n), |r| r.gen_range(0..n));
    }
}

#[test]
fn other_u8_ranges() {
    for (lo, hi) in [
        (0u8, 0u8),
        (3, 3),
        (0, 2),
        (1, 7),
        (10, 200),
        (0, 254),
        (1, 255),
    ] {
        same(
            &format!("{lo}..={hi}"),
            |r| r.u8_inclusive(lo, hi),
            |r| r.gen_range(lo..=hi),
        );
    }
    // The whole type: rand takes the low byte of a 32-bit output.
    same(
        "0..=255",
        |r| r.u8_inclusive(0, 255),
        |r| r.gen_range(0u8..=255),
    );
}

#[test]
fn other_probabilities() {
    for p in [0.0, 1e-12, 0.1, 1.0 / 3.0, 0.75, 1.0 - 1e-12, 1.0] {
        same(
            &format!("gen_bool({p})"),
            |r| r.chance(p),
            |r| r.gen_bool(p),
        );
    }
}

#[test]
fn interleaved_as_the_bot_draws() {
    // A deal, then rollout futures: each draw depends on what the previous ones consumed.
    same(
        "mixed",
        |r| {
            let die = r.u8_inclusive(1, 6);
            let tie = r.u8_inclusive(0, 1);
            let face = r.below(6);
            let coin = r.chance(0.5);
            let pick = r.below(7);
            (die, tie, face, coin, pick)
        },
        |r| {
            let die = r.gen_range(1u8..=6);
            let tie = r.gen_range(0u8..=1);
            let face = r.gen_range(0usize..6);
            let coin = r.gen_bool(0.5);
            let pick = r.gen_range(0usize..7);
            (die, tie, face, coin, pick)
        },
    );
}

#[test]
fn degenerate_inputs_do_not_panic_and_draw_nothing_where_documented() {
    let mut a = Ours::seed_from_u64(5);
    let mut b = Ours::seed_from_u64(5);
    assert_eq!(a.below(0), 0);
    assert_eq!(a.u8_inclusive(5, 4), 5);
    assert!(a.chance(1.0));
    assert!(a.chance(2.0));
    assert!(a.chance(f64::INFINITY));
    assert_eq!(a, b, "nothing drawn so far");
    // Below 0 and NaN behave as 0: one draw, false.
    assert!(!a.chance(-1.0));
    assert!(!a.chance(f64::NAN));
    assert!(!a.chance(f64::NEG_INFINITY));
    b.next_u64();
    b.next_u64();
    b.next_u64();
    assert_eq!(a, b);
}
