//! `harness replay --explain`: the in-process bot re-run on one side of a logged game
//! makes the logged bids again, and says for each how it was reached.

use crate::common::golden_deal;
use harness::player::PlayerSpec;
use harness::referee::{play_game, RefereeOptions};
use harness::replay::{explain_side, explain_text, parse_log, Side};

#[test]
fn the_re_run_bot_makes_the_logged_bids_and_explains_them() {
    let options = RefereeOptions {
        time_scale: 4.0,
        write_log: true,
        ..RefereeOptions::default()
    };
    let ours = "bot:clock=0,seed=7";
    let spec = ours.parse::<PlayerSpec>().unwrap();
    let PlayerSpec::Bot(config) = spec.clone() else {
        panic!("{ours} is a bot");
    };
    let mut first = spec.build().unwrap();
    let mut second = "contest:adapt-ema"
        .parse::<PlayerSpec>()
        .unwrap()
        .build()
        .unwrap();
    let game = play_game(
        first.as_mut(),
        second.as_mut(),
        [1, 2],
        &golden_deal(),
        &options,
    )
    .unwrap();
    let log = parse_log(game.log.as_deref().unwrap()).unwrap();
    let bids = explain_side(&log, Side::First, config);
    assert_eq!(bids.len(), 12);
    for (round, bid) in (1..).zip(&bids) {
        assert_eq!(bid.round, round);
        assert!(bid.logged.is_some() && bid.logged == bid.bid, "{bid:?}");
        assert!(bid.opponent.is_some(), "{bid:?}");
        let e = bid
            .explanation
            .as_ref()
            .expect("the model bidder explains every bid");
        assert_eq!(Some(e.ours), bid.bid);
    }
    let text = explain_text(&bids);
    assert!(
        text.ends_with("0 of 12 re-run bids differ from the log\n"),
        "{text}"
    );
    // Another bot on the same commands: the equilibrium bidder explains nothing (it has no
    // model) and its bids are its own.
    let equilibrium = yacht::engine::BotConfig::default_equilibrium();
    let other = explain_side(&log, Side::First, equilibrium);
    assert!(other
        .iter()
        .all(|b| b.explanation.is_none() && b.bid.is_some()));
}
