//! External players: real processes over pipes, including the bot's own binary.

use std::path::PathBuf;
use std::process::Command as Process;

use crate::common::{bot_binary, golden_deal};
use harness::matchmaking::matches::{
    run_match, Deals, MatchConfig, MatchOutcome, RunSettings, Shard,
};
use harness::player::PlayerSpec;
use harness::referee::{play_game, AbortReason, AnswerKind, Clock, GameRecord, RefereeOptions};
use yacht::game::Deal;

const HARNESS: &str = env!("CARGO_BIN_EXE_harness");

fn script(name: &str, body: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("harness-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}")).unwrap();
    let _ = Process::new("chmod").arg("+x").arg(&path).status();
    path
}

fn play(first: &str, second: &str, deal: &Deal, time_scale: f64) -> GameRecord {
    let options = RefereeOptions {
        time_scale,
        write_log: true,
        ..RefereeOptions::default()
    };
    let mut a = first.parse::<PlayerSpec>().unwrap().build().unwrap();
    let mut b = second.parse::<PlayerSpec>().unwrap().build().unwrap();
    play_game(a.as_mut(), b.as_mut(), [1, 2], deal, &options).unwrap()
}

#[test]
fn stderr_is_logged_and_late_answers_are_tle() {
    let slow = script(
        "slow.sh",
        "read line\necho \"hello from stderr\" >&2\necho OK\nread line\nsleep 2\necho 'BID A 0'\n",
    );
    let record = play(
        &format!("cmd:{}", slow.display()),
        "sample:2",
        &golden_deal(),
        0.2,
    );
    assert_eq!(record.abort, Some((0, AbortReason::Tle)));
    let log = record.log.unwrap();
    assert!(log.contains("# Debug FIRST: hello from stderr\n"), "{log}");
    assert!(log.ends_with("ABORT FIRST TLE\n"), "{log}");
}

#[test]
fn garbage_and_dead_processes_abort() {
    let garbage = script(
        "garbage.sh",
        "read line\necho OK\nread line\necho 'BID A lots'\nsleep 1\n",
    );
    let record = play(
        "sample:2",
        &format!("cmd:{}", garbage.display()),
        &golden_deal(),
        1.0,
    );
    assert_eq!(record.abort, Some((1, AbortReason::BidParseFailed)));
    let dead = script("dead.sh", "exit 0\n");
    let record = play(
        &format!("cmd:{}", dead.display()),
        "sample:2",
        &golden_deal(),
        1.0,
    );
    assert_eq!(record.abort, Some((0, AbortReason::InvalidReady)));
    let mut missing = "cmd:/nonexistent/player"
        .parse::<PlayerSpec>()
        .unwrap()
        .build()
        .unwrap();
    let mut fine = "sample:2".parse::<PlayerSpec>().unwrap().build().unwrap();
    assert!(play_game(
        missing.as_mut(),
        fine.as_mut(),
        [0, 0],
        &golden_deal(),
        &RefereeOptions::default()
    )
    .is_err());
}

fn run(x: &str, y: &str, deals: usize) -> MatchOutcome {
    run_match(&MatchConfig {
        x: x.parse().unwrap(),
        y: y.parse().unwrap(),
        logs: None,
        run: RunSettings {
            deals: Deals::Seeded {
                seed: 77,
                count: deals,
            },
            threads: 0,
            referee: RefereeOptions {
                time_scale: 10.0,
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

/// Same deals, same decisions: the external program must produce the very same games
/// as the in-process player (so the pipes, parsing and timing change nothing).
fn assert_same_games(external: &str, in_process: &str, opponent: &str, deals: usize) {
    let ext = run(external, opponent, deals);
    let inp = run(in_process, opponent, deals);
    assert!(
        ext.stats.aborts.is_empty(),
        "{external}: {:?}",
        ext.stats.aborts
    );
    assert_eq!(ext.stats.total_points, inp.stats.total_points, "{external}");
    assert_eq!(ext.stats.bid_points, inp.stats.bid_points, "{external}");
    assert_eq!(ext.stats.pentanomial, inp.stats.pentanomial, "{external}");
    // Both kinds of player are timed on both clocks: the bids of every game.
    for stats in [&ext.stats, &inp.stats] {
        for clock in Clock::ALL {
            let bids = &stats.times[0][clock as usize][AnswerKind::Bid as usize];
            assert_eq!(bids.len(), 24 * deals, "{external} {clock}");
        }
    }
}

#[test]
fn standalone_sample_ais_match_their_in_process_twins() {
    // The deterministic ones must agree game for game; the random ones must be legal.
    for n in [1, 2, 6, 7, 9, 10] {
        assert_same_games(
            &format!("cmd:{HARNESS} sample-ai {n}"),
            &format!("sample:{n}"),
            "sample:3",
            6,
        );
    }
    for n in [3, 4, 5, 8] {
        let o = run(&format!("cmd:{HARNESS} sample-ai {n}"), "sample:2", 4);
        assert!(o.stats.aborts.is_empty());
    }
    assert_same_games(
        &format!("cmd:{HARNESS} sample-ai 7 scale=2 base=1000 better=sum"),
        "sample:7:scale=2,base=1000,better=sum",
        "sample:9",
        4,
    );
}

#[test]
fn the_bot_binary_plays_exactly_like_the_in_process_bot() {
    let bot = bot_binary();
    // The clock is only a safety stop, but a loaded machine can trip it in one process
    // and not the other; and against a suspected reader the bot draws among near-best bids
    // with its private generator. Both play without the clock and with the same seed.
    assert_same_games(
        &format!("cmd:{} --no-clock --seed 5", bot.display()),
        "bot:clock=0,seed=5",
        "sample:7",
        8,
    );
    let o = run(&format!("cmd:{}", bot.display()), "sample:10", 8);
    assert!(o.stats.aborts.is_empty());
    assert!(o.stats.score_rate() > 0.5);
}
