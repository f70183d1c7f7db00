//! The bench is deterministic and its games are clean.

use yacht::engine::BotConfig;

#[test]
fn bench_signature_is_reproducible_and_games_are_clean() {
    let first = yacht::bench::run(2, BotConfig::default());
    let second = yacht::bench::run(2, BotConfig::default());
    assert_eq!(first.signature, second.signature);
    assert_eq!(first.warnings, 0);
    // 12 bids and 12 scorings per player per game.
    assert_eq!(first.decisions, 2 * 2 * 24);
    let shorter = yacht::bench::run(1, BotConfig::default());
    assert_ne!(shorter.signature, first.signature);
}
