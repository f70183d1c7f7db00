//! A noisier value, for the skill levels (issue 79): the table's values seen through noise
//! of a set size. A candidate's noise is a function of the seed and of what is valued: the
//! same position is misjudged the same way (as a person's errors are consistent), and a
//! game replays exactly from its seed and its commands. The noise is normal, its standard
//! deviation `noise_points` judge points.

use super::bidding::POINTS_PER_UNIT;
use super::choice::{choice_value_units, Choice};
use super::state::PlayerState;
use crate::rules::category::Category;
use crate::rules::dice::{for_each_submultiset, Counts, HAND_DICE};

/// A standard normal number keyed by `seed` and `key` (Box-Muller on two hashed uniforms).
pub fn normal(seed: u64, key: &[u64]) -> f64 {
    let mut h = splitmix(seed ^ 0x9E37_79B9_7F4A_7C15);
    for &k in key {
        h = splitmix(h ^ k);
    }
    let unit = |x: u64| (x >> 11) as f64 / (1u64 << 53) as f64;
    // (0, 1]: the logarithm stays finite.
    let u1 = 1.0 - unit(h);
    let u2 = unit(splitmix(h));
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Dice counts as one key.
pub fn counts_key(counts: &Counts) -> u64 {
    counts.iter().fold(0, |k, &n| k * 16 + u64::from(n))
}

/// `points` seen with noise of `noise_points` (judge points), keyed by `seed` and `key`.
pub fn noisy_points(points: i64, noise_points: u32, seed: u64, key: &[u64]) -> i64 {
    if noise_points == 0 {
        return points;
    }
    points.saturating_add((f64::from(noise_points) * normal(seed, key)).round() as i64)
}

/// The scoring of `state` that looks best when each legal one's table value (score, bonus
/// gain and what is left) is seen with noise of `noise_points`; its `value_units` is the
/// true value. `None` if no legal scoring exists.
pub fn noisy_choice(state: &PlayerState, noise_points: u32, seed: u64) -> Option<Choice> {
    let noise_units = f64::from(noise_points) / POINTS_PER_UNIT as f64;
    let mut best: Option<(f64, Choice)> = None;
    for_each_submultiset(&state.held, HAND_DICE, |dice| {
        for category in Category::ALL {
            let Some(value_units) = choice_value_units(state, category, dice) else {
                continue;
            };
            let key = [
                u64::from(state.used),
                u64::from(state.upper_k),
                counts_key(&state.held),
                category.index() as u64,
                counts_key(dice),
            ];
            let seen = f64::from(value_units) + noise_units * normal(seed, &key);
            if best.as_ref().is_none_or(|(b, _)| seen > *b) {
                best = Some((
                    seen,
                    Choice {
                        category,
                        dice: *dice,
                        value_units,
                    },
                ));
            }
        }
    });
    best.map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::value::choice::best_choice_for;
    use crate::rng::Pcg64;
    use crate::rules::category::CATEGORY_COUNT;

    fn state(rng: &mut Pcg64) -> PlayerState {
        let mut held = [0u8; 6];
        for _ in 0..10 {
            held[rng.below(6)] += 1;
        }
        PlayerState {
            held,
            // Some categories used, never all (one left open at least).
            used: (rng.below(1 << CATEGORY_COUNT) as u16) & !(1 << rng.below(CATEGORY_COUNT)),
            upper_k: rng.below(60) as u32,
            category_k: 0,
            bid_points: 0,
        }
    }

    #[test]
    fn no_noise_is_the_table_s_choice_and_more_noise_strays_further() {
        let mut rng = Pcg64::seed_from_u64(3);
        let (mut strayed, mut lost_units) = ([0usize; 3], [0i64; 3]);
        for n in 0..300 {
            let s = state(&mut rng);
            let best = best_choice_for(&s).expect("a legal scoring");
            assert_eq!(
                noisy_choice(&s, 0, n).map(|c| c.value_units),
                Some(best.value_units)
            );
            for (i, noise) in [1_000, 5_000, 20_000].into_iter().enumerate() {
                let c = noisy_choice(&s, noise, n).expect("a legal scoring");
                // A legal choice, valued truly, never above the best; the same again.
                assert_eq!(
                    choice_value_units(&s, c.category, &c.dice),
                    Some(c.value_units)
                );
                assert!(c.value_units <= best.value_units);
                assert_eq!(noisy_choice(&s, noise, n), Some(c));
                strayed[i] += usize::from(c.value_units < best.value_units);
                lost_units[i] += i64::from(best.value_units - c.value_units);
            }
        }
        assert!(strayed[0] > 0, "{strayed:?}");
        assert!(
            lost_units[0] < lost_units[1] && lost_units[1] < lost_units[2],
            "{lost_units:?}"
        );
    }

    #[test]
    fn the_noise_is_standard_normal_and_keyed() {
        let draws: Vec<f64> = (0..20_000u64).map(|i| normal(7, &[i])).collect();
        let mean = draws.iter().sum::<f64>() / draws.len() as f64;
        let var = draws.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / draws.len() as f64;
        assert!(
            mean.abs() < 0.03 && (var - 1.0).abs() < 0.05,
            "{mean} {var}"
        );
        assert_eq!(normal(7, &[1, 2]), normal(7, &[1, 2]));
        assert_ne!(normal(7, &[1, 2]), normal(8, &[1, 2]));
        assert_eq!(noisy_points(1_000, 0, 7, &[1]), 1_000);
    }
}
