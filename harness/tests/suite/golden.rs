//! The full official log of one game between two fixed in-process players, pinned.
//! The expected scores were checked by hand: SECOND = 223000 categories + 35000 bonus
//! − 60000 bids = 198000; FIRST = 29000 categories + 300 bid score = 29300.

use crate::common;

use harness::player::PlayerSpec;
use harness::referee::{play_game, GameResult, RefereeOptions};

#[test]
fn golden_log_sample1_vs_sample2() {
    let deal = common::golden_deal();
    let mut first = "sample:1".parse::<PlayerSpec>().unwrap().build().unwrap();
    let mut second = "sample:2".parse::<PlayerSpec>().unwrap().build().unwrap();
    let options = RefereeOptions {
        write_log: true,
        ..RefereeOptions::default()
    };
    let record = play_game(first.as_mut(), second.as_mut(), [1, 2], &deal, &options).unwrap();
    let expected = include_str!("../data/golden-sample1-sample2.log");
    let log = record.log.unwrap();
    for (n, (got, want)) in log.lines().zip(expected.lines()).enumerate() {
        assert_eq!(got, want, "log line {}", n + 1);
    }
    assert_eq!(log, expected);
    assert_eq!(record.result, GameResult::SecondWins);
    assert_eq!(record.total_points, [29_300, 198_000]);
    assert_eq!(record.category_points, [29_000, 258_000]);
    assert_eq!(record.bid_points, [300, -60_000]);
    assert_eq!(record.abort, None);
}

#[test]
fn the_log_does_not_change_the_game() {
    let deal = common::golden_deal();
    let mut first = "sample:1".parse::<PlayerSpec>().unwrap().build().unwrap();
    let mut second = "sample:2".parse::<PlayerSpec>().unwrap().build().unwrap();
    let quiet = play_game(
        first.as_mut(),
        second.as_mut(),
        [1, 2],
        &deal,
        &RefereeOptions::default(),
    )
    .unwrap();
    assert_eq!(quiet.log, None);
    assert_eq!(quiet.total_points, [29_300, 198_000]);
}
