//! Skill levels: each gives up one part of the engine, as `engine::config::LEVELS` says,
//! and plays whole legal games. Level 5 is the bot itself.

use yacht::engine::config::{Bidder, Scoring, LEVEL_MAX};
use yacht::engine::{Bot, BotConfig};
use yacht::game::{play_agents, Deal};
use yacht::rules::category::Category;

fn at_level(level: u8) -> BotConfig {
    BotConfig {
        level,
        rng_seed: Some(1),
        use_clock: false,
        ..BotConfig::default()
    }
}

#[test]
fn each_level_gives_up_its_part() {
    assert_eq!(at_level(LEVEL_MAX).leveled(), at_level(LEVEL_MAX));
    let parts = |level| {
        let c = at_level(level).leveled();
        (c.bidder, c.win_from_round, c.scoring)
    };
    assert_eq!(parts(4), (Bidder::Equilibrium, 0, Scoring::Table));
    assert_eq!(parts(3), (Bidder::OwnGain, 0, Scoring::Table));
    assert_eq!(parts(2), (Bidder::OwnGain, 0, Scoring::Greedy));
    assert_eq!(parts(1), (Bidder::Whole, 0, Scoring::Greedy));
    // What the level does not govern stays.
    let c = BotConfig {
        rollouts: 77,
        ..at_level(2)
    }
    .leveled();
    assert_eq!((c.rollouts, c.rng_seed, c.use_clock), (77, Some(1), false));
}

/// The answers of level `level` against level `other` on `deal`.
fn answers(level: u8, other: u8, deal: &Deal) -> Vec<String> {
    let mut me = Bot::new(at_level(level));
    let mut them = Bot::new(at_level(other));
    let record = play_agents(deal, [&mut me, &mut them]);
    assert!(record.warnings.is_empty(), "{:?}", record.warnings);
    // 1 READY + 12 bids + 12 scorings per seat, alternating by the loop's order.
    assert_eq!(record.answers.len(), 50);
    record.answers
}

#[test]
fn every_level_plays_legal_games_and_the_levels_differ() {
    for deal in Deal::seeded(21, 2) {
        let games: Vec<Vec<String>> = (1..=LEVEL_MAX).map(|l| answers(l, 1, &deal)).collect();
        // The first seat's first bid, from the same empty hand: level 1 bids all of the
        // gain level 2 bids a quarter of, on the same group.
        let first_bid = |game: &[String]| -> (String, u32) {
            let bid = game.iter().find(|a| a.starts_with("BID")).unwrap();
            let (group, amount) = bid["BID ".len()..].split_once(' ').unwrap();
            (group.to_string(), amount.parse().unwrap())
        };
        let (g1, x1) = first_bid(&games[0]);
        let (g2, x2) = first_bid(&games[1]);
        assert_eq!(g1, g2);
        assert!(x1.abs_diff(4 * x2) <= 2, "{x1} against 4 × {x2}");
        assert!(x1 > 0);
        // No two levels play the same game.
        for i in 0..games.len() {
            for j in i + 1..games.len() {
                assert_ne!(games[i], games[j], "levels {} and {}", i + 1, j + 1);
            }
        }
    }
}

#[test]
fn greedy_levels_score_the_points_now() {
    // Level 2 (greedy) with a yacht and a straight in hand takes the yacht at once.
    let mut bot = Bot::new(at_level(2));
    for line in [
        "READY",
        "ROLL 66666 12345",
        "GET A B 0",
        "ROLL 12345 11223",
        "GET A B 0",
        "SCORE",
    ] {
        let reply = bot.handle(&yacht::protocol::parse_command(line).unwrap());
        if line == "SCORE" {
            assert_eq!(reply.answer.unwrap().to_string(), "PUT YACHT 66666");
        }
    }
    assert_eq!(bot.view().me.used, Category::Yacht.bit());
}

#[test]
fn a_noisier_value_plays_legal_games_and_loses_points() {
    // Level 4 with the table's values seen through noise (`noise`, issue 79): whole legal
    // games, other than level 4's, that score fewer points over the same deals, more so as
    // the noise grows; the same seed plays the same game.
    let noisy = |noise_points: u32, deal: &Deal| {
        let mut me = Bot::new(BotConfig {
            noise_points,
            ..at_level(4)
        });
        let mut them = Bot::new(at_level(4));
        let record = play_agents(deal, [&mut me, &mut them]);
        assert!(record.warnings.is_empty(), "{:?}", record.warnings);
        assert_eq!(record.answers.len(), 50);
        (record.answers, record.totals[0])
    };
    let mut totals = [0i64; 3];
    for deal in Deal::seeded(23, 8) {
        let games: Vec<(Vec<String>, i64)> = [0, 4_000, 40_000]
            .iter()
            .map(|&n| noisy(n, &deal))
            .collect();
        assert_ne!(games[0].0, games[1].0, "the noise changed nothing");
        assert_eq!(noisy(4_000, &deal), games[1], "the same seed, another game");
        for (t, g) in totals.iter_mut().zip(&games) {
            *t += g.1;
        }
    }
    assert!(totals[0] > totals[2], "{totals:?}");
}
