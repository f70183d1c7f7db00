//! Policy rollouts (issue 78): futures played by copies of the real players, the same for
//! every candidate, and a rollout player whose stand-in keeps step with its opponent.

use harness::player::{BotAgent, RolloutPlayer, RolloutSettings};
use harness::rollout::{value_bids, BidPosition};
use yacht::engine::config::Bidder;
use yacht::engine::{Bot, BotConfig};
use yacht::game::{play_agents, Agent, Deal};
use yacht::protocol::{Command, Group, Hand};
use yacht::rules::auction::SealedBid;

fn equilibrium() -> BotConfig {
    BotConfig {
        bidder: Bidder::Equilibrium,
        win_from_round: 13,
        use_clock: false,
        ..BotConfig::default()
    }
}

fn ours() -> BotConfig {
    BotConfig {
        use_clock: false,
        rng_seed: Some(7),
        ..BotConfig::default()
    }
}

/// Both players brought to the start of round `round` of `deal` (the bids their own).
fn position_at(deal: &Deal, round: u8) -> (Bot, BotAgent, (Hand, Hand)) {
    let mut me = Bot::new(ours());
    let mut them = BotAgent::new(equilibrium());
    them.reset(3);
    me.handle(&Command::Ready);
    them.handle(&Command::Ready);
    for r in 1..round {
        let dealt = deal.rounds[usize::from(r) - 1];
        let roll = Command::Roll {
            a: dealt.a,
            b: dealt.b,
        };
        let mine = me.handle(&roll).answer;
        let theirs = them.handle(&roll).answer;
        let bid = |a: Option<yacht::protocol::Answer>| match a {
            Some(yacht::protocol::Answer::Bid { group, amount }) => (group, amount),
            other => panic!("no bid: {other:?}"),
        };
        let (mine, theirs) = (bid(mine), bid(theirs));
        let outcome = yacht::rules::auction::resolve(
            [
                SealedBid::new(mine.0, mine.1),
                SealedBid::new(theirs.0, theirs.1),
            ],
            dealt.tie_winner,
        );
        me.handle(&Command::Get {
            got: outcome.received[0],
            opp_group: theirs.0,
            opp_amount: theirs.1,
        });
        them.handle(&Command::Get {
            got: outcome.received[1],
            opp_group: mine.0,
            opp_amount: mine.1,
        });
        if r >= 2 {
            let put = |a: Option<yacht::protocol::Answer>| match a {
                Some(yacht::protocol::Answer::Put { category, dice }) => {
                    Command::Set { category, dice }
                }
                other => panic!("no scoring: {other:?}"),
            };
            let mine = put(me.handle(&Command::Score).answer);
            let theirs = put(them.handle(&Command::Score).answer);
            me.handle(&theirs);
            them.handle(&mine);
        }
    }
    let dealt = deal.rounds[usize::from(round) - 1];
    (me, them, (dealt.a, dealt.b))
}

#[test]
fn every_candidate_plays_the_same_futures() {
    let deal = Deal::from_seed(31, 2);
    let (me, them, roll) = position_at(&deal, 10);
    let position = BidPosition {
        me: &me,
        them: &them,
        states: [me.view().me, me.view().opp],
        round: 10,
        roll,
    };
    let bid = SealedBid::new(Group::A, 1_000);
    let other = SealedBid::new(Group::B, 40_000);
    let valued = value_bids(&position, &[bid, bid, other], 24, 5);
    // The same bid on the same futures: the same results, future by future.
    assert_eq!(valued[0].mean, valued[1].mean);
    assert_eq!(valued[1].difference_se, 0.0);
    assert!((0.0..=1.0).contains(&valued[2].mean));
    // Seeded: the same values again; another seed draws other futures.
    assert_eq!(value_bids(&position, &[bid, bid, other], 24, 5), valued);
    let reseeded = value_bids(&position, &[bid], 24, 6);
    assert_eq!(reseeded.len(), 1);
    // The position itself is untouched by the futures played from it.
    assert_eq!(position.states, [me.view().me, me.view().opp]);
}

#[test]
fn paying_the_whole_bid_range_for_nothing_loses_futures() {
    // A bid of 100,000 points for bundle A gives away up to a hundred thousand points
    // whatever the dice: from round 10 it never wins a future the bot's plain bid of
    // nothing loses, and it loses some the plain bid wins.
    let mut worse = 0;
    for index in 0..8 {
        let deal = Deal::from_seed(37, index);
        let (me, them, roll) = position_at(&deal, 10);
        let position = BidPosition {
            me: &me,
            them: &them,
            states: [me.view().me, me.view().opp],
            round: 10,
            roll,
        };
        let plain = SealedBid::new(Group::A, 0);
        let ruinous = SealedBid::new(Group::A, 100_000);
        let valued = value_bids(&position, &[plain, ruinous], 16, 9);
        assert!(valued[1].mean <= valued[0].mean, "deal {index}: {valued:?}");
        worse += usize::from(valued[1].mean < valued[0].mean);
    }
    assert!(
        worse >= 3,
        "the ruinous bid lost futures in {worse} games of 8"
    );
}

#[test]
fn the_rollout_players_stand_in_keeps_step_with_a_deterministic_opponent() {
    let settings = RolloutSettings {
        futures: 4,
        from_round: 11,
    };
    for (index, deal) in Deal::seeded(41, 2).iter().enumerate() {
        let mut player = RolloutPlayer::new(
            ours(),
            Box::new(BotAgent::new(equilibrium())),
            settings,
            "rollout:test",
        );
        let mut opponent = BotAgent::new(equilibrium());
        player.reset(index as u64);
        opponent.reset(index as u64 + 100);
        let record = play_agents(deal, [&mut player, &mut opponent]);
        assert!(record.warnings.is_empty(), "{:?}", record.warnings);
        assert_eq!(player.reads, 12);
        assert_eq!(player.misses, 0, "the stand-in bid otherwise");
        assert_eq!(player.chosen, 2, "rounds 11 and 12");
    }
}
