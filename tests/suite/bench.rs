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

/// A tuned constant reaches the tuned bot's decisions and leaves the defaults as they were
/// for the next bot on the thread.
#[test]
fn a_tuned_constant_changes_decisions_only_while_its_bot_decides() {
    let default = yacht::bench::run(1, BotConfig::default());
    let mut config = BotConfig::default();
    // The whole robust floor (every bid of the model leans all the way to the worst case),
    // and the network's curves only to round 3 (rollouts after): curves and bids move.
    config.tuned.set("floor", "0.25").unwrap();
    config.tuned.set("floorwin", "0.2").unwrap();
    config.tuned.set("netlast", "3").unwrap();
    let tuned = yacht::bench::run(1, config);
    assert_ne!(tuned.signature, default.signature);
    assert_eq!(yacht::engine::tunables::ROBUST_FLOOR.get(), 0.05);
    assert_eq!(yacht::engine::tunables::NET_LAST_ROUND.count(), 8);
    assert_eq!(
        yacht::bench::run(1, BotConfig::default()).signature,
        default.signature
    );
}
