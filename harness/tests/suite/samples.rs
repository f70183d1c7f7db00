//! Every sample AI (and variants of their constants) plays thousands of legal games.

use harness::matchmaking::matches::{
    run_match, Deals, MatchConfig, MatchOutcome, RunSettings, Shard,
};
use harness::referee::RefereeOptions;

fn run(x: &str, y: &str, deals: usize, seed: u64) -> MatchOutcome {
    run_match(&MatchConfig {
        x: x.parse().unwrap(),
        y: y.parse().unwrap(),
        logs: None,
        run: RunSettings {
            deals: Deals::Seeded { seed, count: deals },
            threads: 0,
            // Generous deadlines: the test machine may be busy with other tests. No luck:
            // these check legal games, and the luck would cost most of their time.
            referee: RefereeOptions {
                time_scale: 20.0,
                luck: false,
                ..RefereeOptions::default()
            },
            progress: false,
            shard: Shard::WHOLE,
            only: None,
            results: None,
        },
    })
    .unwrap()
}

#[test]
fn every_sample_ai_plays_legal_games() {
    let mut games = 0;
    for n in 1..=10u8 {
        for (opponent, deals) in [
            (format!("sample:{}", n % 10 + 1), 300),
            // A lighter search and 10 deal pairs (200 games for the ten samples): this
            // checks the samples' games against a bidder that bids big, not the bot.
            ("bot:rollouts=200".to_string(), 10),
        ] {
            let o = run(&format!("sample:{n}"), &opponent, deals, n as u64);
            assert!(
                o.stats.aborts.is_empty(),
                "sample:{n} vs {opponent}: {:?}",
                o.stats.aborts
            );
            assert_eq!(o.stats.completed, 2 * deals as u64);
            games += o.stats.games;
        }
    }
    assert!(games >= 6200);
}

#[test]
fn sample_variants_play_legal_games() {
    for spec in [
        "sample:7:scale=3,base=50000",
        "sample:10:better=sum,scale=0.5,max=30000",
        "sample:6:min=10",
        "sample:9:min=20,scale=0",
        "sample:4:min=30",
        "sample:3:bid=aggressive,score=hard",
        "sample:1:bid=sum,amount=3000,score=combo",
        "sample:5:amount=100000,seed=9",
    ] {
        let o = run(spec, "sample:2", 200, 3);
        assert!(o.stats.aborts.is_empty(), "{spec}: {:?}", o.stats.aborts);
    }
}

#[test]
fn the_same_seed_replays_the_same_match() {
    let a = run("sample:3", "sample:8", 100, 42).stats;
    let b = run("sample:3", "sample:8", 100, 42).stats;
    assert_eq!((a.wins, a.draws, a.losses), (b.wins, b.draws, b.losses));
    assert_eq!(a.total_points, b.total_points);
    assert_eq!(a.pentanomial, b.pentanomial);
    let c = run("sample:3", "sample:8", 100, 43).stats;
    assert_ne!(a.total_points, c.total_points);
}

#[test]
fn zero_bidders_never_score_bid_points() {
    // Sample 3 bids 0 on a random group: whatever it gets, its bid score stays 0.
    let o = run("sample:3", "sample:8", 100, 5).stats;
    assert_eq!(o.bid_points, [0, 0]);
    assert!(o.wins > 0 && o.losses > 0);
}
