//! Skill levels: each plays as `engine::config::LEVELS` says, and plays whole legal games.
//! The top level is the bot itself.

use yacht::engine::config::{
    ladder_1_switches, set_option, Bidder, Scoring, LEVEL_MAX, LEVEL_NOISE_POINTS,
};
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
fn each_level_plays_as_the_ladder_says() {
    assert_eq!(at_level(LEVEL_MAX).leveled(), at_level(LEVEL_MAX));
    let parts = |level| {
        let c = at_level(level).leveled();
        (c.bidder, c.win_from_round, c.scoring, c.noise_points)
    };
    assert_eq!(parts(1), (Bidder::Whole, 0, Scoring::Greedy, 0));
    for level in 2..LEVEL_MAX {
        let noise = LEVEL_NOISE_POINTS[usize::from(level) - 2];
        assert_eq!(
            parts(level),
            (Bidder::Equilibrium, 0, Scoring::Table, noise)
        );
    }
    // Each level judges less noisily than the one below.
    assert!(LEVEL_NOISE_POINTS.windows(2).all(|w| w[0] > w[1]));
    // A noise of its own switch stands at levels 2-7 (a rung between two levels).
    let between = BotConfig {
        noise_points: 5_000,
        ..at_level(3)
    }
    .leveled();
    assert_eq!(between.noise_points, 5_000);
    // What the level does not govern stays.
    let c = BotConfig {
        rollouts: 77,
        ..at_level(2)
    }
    .leveled();
    assert_eq!((c.rollouts, c.rng_seed, c.use_clock), (77, Some(1), false));
}

/// The first ladder's five levels, kept as switches so that a game saved against one still
/// opens against the same player: each is the bidder, win rounds and scoring ladder 1 set.
#[test]
fn the_first_ladder_s_levels_are_switches_of_today_s_bot() {
    let ladder_1 = [
        (1, Bidder::Whole, Scoring::Greedy),
        (2, Bidder::OwnGain, Scoring::Greedy),
        (3, Bidder::OwnGain, Scoring::Table),
        (4, Bidder::Equilibrium, Scoring::Table),
    ];
    for (level, bidder, scoring) in ladder_1 {
        let mut c = at_level(LEVEL_MAX);
        for pair in ladder_1_switches(level).split(',') {
            let (key, value) = pair.split_once('=').unwrap();
            set_option(&mut c, key, value).unwrap();
        }
        let want = BotConfig {
            bidder,
            win_from_round: 0,
            scoring,
            ..at_level(LEVEL_MAX)
        };
        assert_eq!(c.leveled(), want, "ladder 1's level {level}");
    }
    assert_eq!(ladder_1_switches(5), "");
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
        // The first seat's first bid, from the same empty hand: level 1 pays all of its
        // gain, more than level 2's equilibrium bid (a quarter of both players' swing).
        let first_bid = |game: &[String]| -> u32 {
            let bid = game.iter().find(|a| a.starts_with("BID")).unwrap();
            let (_, amount) = bid["BID ".len()..].split_once(' ').unwrap();
            amount.parse().unwrap()
        };
        assert!(first_bid(&games[0]) > first_bid(&games[1]));
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
    // Level 1 (greedy) with a yacht and a straight in hand takes the yacht at once.
    let mut bot = Bot::new(at_level(1));
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
    // The equilibrium design with the table's values seen through noise (`noise`, the levels
    // 2-7 of issue 79): whole legal games, other than the noiseless design's, that score fewer points over the same deals, more so as
    // the noise grows; the same seed plays the same game.
    let noisy = |noise_points: u32, deal: &Deal| {
        let equilibrium = BotConfig {
            bidder: Bidder::Equilibrium,
            win_from_round: 0,
            ..at_level(LEVEL_MAX)
        };
        let mut me = Bot::new(BotConfig {
            noise_points,
            ..equilibrium
        });
        let mut them = Bot::new(equilibrium);
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
