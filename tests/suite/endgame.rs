//! End positions where the win-probability play must pick the move that maximises the
//! win probability, checked by exact enumeration (independent of the bot's curve code).

use yacht::engine::bot::decide_bid;
use yacht::engine::model::opponent::OpponentModel;
use yacht::engine::scoring::decide_put;
use yacht::engine::value::choice::{all_choices, best_choice};
use yacht::engine::{Bidder, BotConfig, GameView, PlayerState};
use yacht::protocol::{Group, Hand, BID_MAX_POINTS};
use yacht::rules::auction::{resolve, SealedBid};
use yacht::rules::category::{Category, ALL_USED, POINTS_PER_K};
use yacht::rules::dice::{add, all_multisets, fair_probability, parse_digits, Counts};
use yacht::table::TABLE_UNITS_PER_K;

fn dice(text: &str) -> Counts {
    parse_digits(text).expect("test dice")
}

fn hand(text: &str) -> Hand {
    Hand::parse(text).expect("test hand")
}

/// A player with `left` categories open, holding `held`.
fn player(left: &[Category], held: &str, category_k: u32, upper_k: u32) -> PlayerState {
    let open = left.iter().fold(0u16, |m, c| m | c.bit());
    PlayerState {
        held: dice(held),
        used: ALL_USED & !open,
        upper_k,
        category_k,
        bid_points: 0,
    }
}

/// Exact final remaining score (points) of a player with two categories left who
/// receives `bundle`: its best scoring now, then the last category.
fn final_rest_points(p: &PlayerState, bundle: &Counts) -> i64 {
    let choice = best_choice(p.used, p.upper_k, &add(&p.held, bundle)).expect("legal");
    choice.value_units as i64 * POINTS_PER_K / TABLE_UNITS_PER_K as i64
}

/// The least win value (1 win, ½ draw, 0 loss) of our bid over every opponent bid, by
/// playing out every (group, amount) the opponent could send, both tie-breakers.
fn worst_case_last_auction(view: &GameView, ours: (Group, u32)) -> f64 {
    let (a, b) = view.roll.expect("open auction");
    let (a, b) = (a.counts(), b.counts());
    let diff = view.me.total_points() - view.opp.total_points();
    // Final difference if we get A (they get B) and if we get B, before bids.
    let d = [
        diff + final_rest_points(&view.me, &a) - final_rest_points(&view.opp, &b),
        diff + final_rest_points(&view.me, &b) - final_rest_points(&view.opp, &a),
    ];
    let mine = SealedBid {
        group: ours.0,
        amount: ours.1,
    };
    let mut worst: f64 = 1.0;
    for group in Group::BOTH {
        for amount in 0..=BID_MAX_POINTS {
            let theirs = SealedBid { group, amount };
            let mut value = 0.0;
            for tie in 0..2u8 {
                let o = resolve([mine, theirs], tie);
                let final_diff = d[o.received[0].index()] + o.bid_points[0] - o.bid_points[1];
                value += 0.5
                    * if final_diff > 0 {
                        1.0
                    } else if final_diff == 0 {
                        0.5
                    } else {
                        0.0
                    };
            }
            worst = worst.min(value);
        }
    }
    worst
}

fn last_auction(me: PlayerState, opp: PlayerState, a: &str, b: &str) -> GameView {
    GameView {
        round: 12,
        me,
        opp,
        roll: Some((hand(a), hand(b))),
        ..GameView::default()
    }
}

#[test]
fn far_ahead_in_the_last_auction_the_bid_cannot_lose() {
    use Category::*;
    // 135k ahead; the opponent can add at most 80k (YACHT and CHOICE), and no transfer
    // the opponent can force may be allowed to undo the lead.
    let me = player(&[Yacht, Choice], "12346", 200, 70);
    let opp = player(&[Yacht, Choice], "66665", 100, 20);
    let view = last_auction(me, opp, "66666", "11112");
    let (group, amount, _) = decide_bid(&view, &BotConfig::default(), &OpponentModel::new());
    assert_eq!(
        worst_case_last_auction(&view, (group, amount)),
        1.0,
        "{group:?} {amount}"
    );
}

#[test]
fn in_a_close_last_auction_the_bot_finds_the_sure_win() {
    use Category::*;
    // With A we win by a lot, with B we lose by a little: D_A + D_B > 0, so some bid on
    // A wins against every opponent bid; the bot must find one.
    let me = player(&[Yacht, Choice], "66661", 150, 40);
    let (a, b) = (dice("66666"), dice("12345"));
    // Pick the opponent's score so that D_B < 0 < D_A and D_A + D_B > 0.
    let view = (0..400)
        .map(|k| {
            last_auction(
                me,
                player(&[Yacht, Choice], "22223", k, 40),
                "66666",
                "12345",
            )
        })
        .find(|view| {
            let diff = view.me.total_points() - view.opp.total_points();
            let d_a = diff + final_rest_points(&view.me, &a) - final_rest_points(&view.opp, &b);
            let d_b = diff + final_rest_points(&view.me, &b) - final_rest_points(&view.opp, &a);
            d_b < 0 && d_a + d_b > 0
        })
        .expect("such a position exists");
    // The modelling bot and the maximin bidder (no model: the best worst case) alike.
    let maximin = BotConfig {
        bidder: Bidder::Maximin,
        ..BotConfig::default()
    };
    for config in [BotConfig::default(), maximin] {
        let (group, amount, _) = decide_bid(&view, &config, &OpponentModel::new());
        assert_eq!(
            worst_case_last_auction(&view, (group, amount)),
            1.0,
            "{:?}: {group:?} {amount}",
            config.bidder
        );
    }
}

#[test]
fn the_maximin_bidder_bids_the_equilibrium_where_it_does_not_bid_for_the_win() {
    use Category::*;
    // The same last auction, with win play off: the expected-score equilibrium |S|/4.
    let view = last_auction(
        player(&[Yacht, Choice], "66661", 150, 40),
        player(&[Yacht, Choice], "22223", 120, 40),
        "66666",
        "12345",
    );
    let config = |bidder| BotConfig {
        bidder,
        win_from_round: 0,
        ..BotConfig::default()
    };
    let model = OpponentModel::new();
    let (eq_group, eq_amount, _) = decide_bid(&view, &config(Bidder::Equilibrium), &model);
    let (group, amount, pending) = decide_bid(&view, &config(Bidder::Maximin), &model);
    assert_eq!((group, amount), (eq_group, eq_amount));
    assert!(amount > 0, "a real swing: {amount}");
    // Like the equilibrium bidder it learns nothing at GET.
    assert!(pending.is_none());
}

/// P(win) + ½ P(draw) after our round-11 scoring `choice` and the opponent's table
/// scoring, both auctions to come played by the sure-win rule of the last auction
/// (we win it iff D_A + D_B > 0), enumerating every round-12 bundle pair.
fn win_after_round_11(
    me: &PlayerState,
    opp: &PlayerState,
    category: Category,
    scored: &Counts,
) -> f64 {
    let mut me = *me;
    me.apply_score(category, scored).expect("legal choice");
    let mut opp = *opp;
    let theirs = best_choice(opp.used, opp.upper_k, &opp.held).expect("legal");
    opp.apply_score(theirs.category, &theirs.dice)
        .expect("legal");
    let base = me.total_points() - opp.total_points();
    let bundles = all_multisets(5);
    let u: Vec<(i64, f64)> = bundles
        .iter()
        .map(|x| {
            (
                final_rest_points(&me, x) - final_rest_points(&opp, x),
                fair_probability(x),
            )
        })
        .collect();
    let mut win = 0.0;
    for &(ua, pa) in &u {
        for &(ub, pb) in &u {
            let doubled = 2 * base + ua + ub;
            win += pa
                * pb
                * if doubled > 0 {
                    1.0
                } else if doubled == 0 {
                    0.5
                } else {
                    0.0
                };
        }
    }
    win
}

/// The round-11 position: we hold `held` with YACHT, CHOICE and ONE open; the opponent
/// holds 33445 12345 with CHOICE, ONE and TWO open and `opp_k` kilo-points scored.
fn round_11(held: &str, opp_k: u32) -> GameView {
    use Category::*;
    GameView {
        round: 11,
        me: player(&[Yacht, Choice, One], held, 150, 40),
        opp: player(&[Choice, One, Two], "3344512345", opp_k, 40),
        ..GameView::default()
    }
}

/// The bot's round-11 scoring and its P(win), next to the best P(win) of every legal
/// scoring and the table's choice's.
fn check_round_11(view: &GameView) -> (Category, Hand, f64, f64, f64) {
    let (me, opp) = (view.me, view.opp);
    let (category, scored) = decide_put(view, &BotConfig::default()).expect("a scoring");
    let chosen = win_after_round_11(&me, &opp, category, &scored.counts());
    let best = all_choices(me.used, me.upper_k, &me.held)
        .iter()
        .map(|c| win_after_round_11(&me, &opp, c.category, &c.dice))
        .fold(0.0, f64::max);
    let table = best_choice(me.used, me.upper_k, &me.held).expect("legal");
    let table_win = win_after_round_11(&me, &opp, table.category, &table.dice);
    assert!(
        (chosen - best).abs() < 1e-12,
        "chose {category} {scored}: P(win) {chosen}, best {best}"
    );
    (category, scored, chosen, best, table_win)
}

#[test]
fn behind_with_only_a_second_yacht_to_win_the_bot_keeps_yacht_open() {
    // A yacht in hand, but 50 now cannot catch up: only scoring it as CHOICE and
    // rolling another yacht can. The table takes the 50; the win play does not.
    let (category, _, chosen, _, table_win) = check_round_11(&round_11("6666611234", 200));
    assert_ne!(category, Category::Yacht);
    assert!(chosen > table_win, "{chosen} vs the table's {table_win}");
}

#[test]
fn in_a_close_game_the_scoring_maximises_the_win_probability() {
    let (_, _, chosen, _, table_win) = check_round_11(&round_11("6666123455", 190));
    assert!(
        chosen > table_win + 0.05,
        "{chosen} vs the table's {table_win}"
    );
}
