//! Safe exploitation in whole games: whatever the opponent does, the regret account of
//! what the bot's bids earned next to the safe bids never goes below zero, so the auctions
//! never earn more than the allowance below what the safe bids would have earned against
//! the same opponent; against an opponent with a plain weakness the bot still deviates.

use harness::player::Reader;
use yacht::bench::ScaledBidder;
use yacht::engine::{Bot, BotConfig};
use yacht::game::{play_agents, Agent, Deal};

fn config(seed: u64) -> BotConfig {
    BotConfig {
        rng_seed: Some(seed),
        use_clock: false,
        ..BotConfig::default()
    }
}

/// Plays `games` deals against `opponent` and returns the bot's deviations; panics if an
/// account ends below zero.
fn deviations_against(opponent: &mut dyn Agent, games: usize, seed: u64) -> u32 {
    let mut deviations = 0;
    for (i, deal) in Deal::seeded(seed, games).iter().enumerate() {
        let mut bot = Bot::new(config(seed + i as u64));
        let record = if i % 2 == 0 {
            play_agents(deal, [&mut bot, opponent])
        } else {
            play_agents(deal, [opponent, &mut bot])
        };
        assert!(record.warnings.is_empty(), "{:?}", record.warnings);
        let account = bot.account();
        // Every bid's regret next to the safe bid fits the regret account, so it never
        // goes below zero: the auctions earn at least what the safe bids would have
        // earned against the same opponent bids, less the allowance.
        assert!(account.regret >= -1e-6, "game {i}: {account:?}");
        // The win rounds spend at most their own account and the share of what the
        // expected-score rounds won.
        let share = yacht::engine::tunables::WIN_PER_KILOPOINT.get() / 1_000.0
            * account.points_rounds_won.max(0.0);
        assert!(account.win >= -share - 1e-9, "game {i}: {account:?}");
        assert!(account.points <= 1e9 && account.win <= 1e3);
        deviations += account.deviations;
    }
    deviations
}

#[test]
fn a_reader_of_our_bids_cannot_drive_the_account_below_zero() {
    // The reader knows the bid of a copy of our bot (same seed: fully readable) and
    // answers it best: every deviation is punished where it can be.
    let mut reader = Reader::new(config(500), BotConfig::default_equilibrium(), 5);
    deviations_against(&mut reader, 6, 500);
}

#[test]
fn a_weak_bidder_is_still_exploited() {
    let mut under = ScaledBidder::new(0.5);
    let deviations = deviations_against(&mut under, 6, 600);
    assert!(deviations >= 6, "only {deviations} deviations in 6 games");
}
