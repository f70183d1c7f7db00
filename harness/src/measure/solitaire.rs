//! Solitaire: one player, every bundle 5 fair dice, scoring by the table.
//!
//! The mean final score must match the table's expectation at game start within its
//! standard error: the proof that the table and the scoring code agree.

use yacht::engine::value::choice::best_choice_for;
use yacht::engine::value::state::PlayerState;
use yacht::game::play::GAME_ROUNDS;
use yacht::rng::Pcg64;
use yacht::rules::auction::AUCTION_ROUNDS;

/// Mean and standard error of the final score (kilo-points) over `games` games.
pub fn run(games: usize, seed: u64) -> (f64, f64) {
    let mut rng = Pcg64::seed_from_u64(seed);
    let mut sum = 0.0;
    let mut sum_sq = 0.0;
    for _ in 0..games {
        let score = play_one(&mut rng) as f64;
        sum += score;
        sum_sq += score * score;
    }
    let n = games.max(1) as f64;
    let mean = sum / n;
    let variance = (sum_sq / n - mean * mean).max(0.0) * n / (n - 1.0).max(1.0);
    (mean, (variance / n).sqrt())
}

/// One game's final score (categories plus bonus), kilo-points.
pub fn play_one(rng: &mut Pcg64) -> u32 {
    let mut me = PlayerState::default();
    for round in 1..=GAME_ROUNDS {
        if round as usize <= AUCTION_ROUNDS {
            let mut bundle = [0u8; 6];
            for _ in 0..5 {
                bundle[rng.below(6)] += 1;
            }
            me.receive(&bundle);
        }
        if round >= 2 {
            let Some(choice) = best_choice_for(&me) else {
                return 0;
            };
            if me.apply_score(choice.category, &choice.dice).is_err() {
                return 0;
            }
        }
    }
    me.category_k + me.bonus_k()
}
