//! Policy rollouts (issue 78): futures played by copies of the real players, the same for
//! every candidate, and a rollout player whose stand-in keeps step with its opponent.

use harness::player::{BotAgent, RolloutPlayer, RolloutSettings};
use harness::rollout::{drawn, future, value_bids, BidPosition};
use yacht::engine::config::Bidder;
use yacht::engine::{Bot, BotConfig};
use yacht::game::{play_agents, Agent, Deal};
use yacht::protocol::{Answer, Command, Group, Hand};
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

/// Both players' answers to a `ROLL`.
fn bid_of(answer: Option<Answer>) -> SealedBid {
    match answer {
        Some(Answer::Bid { group, amount }) => SealedBid::new(group, amount),
        other => panic!("no bid: {other:?}"),
    }
}

/// Our bot and the equilibrium bidder brought to round `round` of `deal`, each having bid
/// on its roll (the bids their own throughout): the two players, the opponent's bid there
/// and both states before the round.
struct AtBids {
    me: Bot,
    them: BotAgent,
    their_bid: SealedBid,
    states: [yacht::engine::PlayerState; 2],
    roll: (Hand, Hand),
}

fn position_at(deal: &Deal, round: u8) -> AtBids {
    let mut me = Bot::new(ours());
    let mut them = BotAgent::new(equilibrium());
    them.reset(3);
    me.handle(&Command::Ready);
    them.handle(&Command::Ready);
    for r in 1..=round {
        let dealt = deal.rounds[usize::from(r) - 1];
        let roll = Command::Roll {
            a: dealt.a,
            b: dealt.b,
        };
        let states = [me.view().me, me.view().opp];
        let mine = bid_of(me.handle(&roll).answer);
        let theirs = bid_of(them.handle(&roll).answer);
        if r == round {
            return AtBids {
                me,
                them,
                their_bid: theirs,
                states,
                roll: (dealt.a, dealt.b),
            };
        }
        let outcome = yacht::rules::auction::resolve([mine, theirs], dealt.tie_winner);
        me.handle(&Command::Get {
            got: outcome.received[0],
            opp_group: theirs.group,
            opp_amount: theirs.amount,
        });
        them.handle(&Command::Get {
            got: outcome.received[1],
            opp_group: mine.group,
            opp_amount: mine.amount,
        });
        if r >= 2 {
            let put = |a: Option<Answer>| match a {
                Some(Answer::Put { category, dice }) => Command::Set { category, dice },
                other => panic!("no scoring: {other:?}"),
            };
            let mine = put(me.handle(&Command::Score).answer);
            let theirs = put(them.handle(&Command::Score).answer);
            me.handle(&theirs);
            them.handle(&mine);
        }
    }
    unreachable!("round {round} is played")
}

impl AtBids {
    fn position(&self, round: u8) -> BidPosition<'_> {
        BidPosition {
            me: &self.me,
            them: &self.them,
            their_bid: self.their_bid,
            states: self.states,
            round,
            roll: self.roll,
        }
    }
}

/// The rollout player choosing by `futures` futures from round `from_round`, no gate, no
/// probe, no labels.
fn plain_settings(futures: usize, from_round: u8) -> RolloutSettings {
    RolloutSettings {
        futures,
        from_round,
        gate_se: 0.0,
        probe: None,
        probe_fair: false,
        label: None,
        label_every: 1,
        label_source: 0,
    }
}

#[test]
fn every_candidate_plays_the_same_futures() {
    let deal = Deal::from_seed(31, 2);
    let at = position_at(&deal, 10);
    let position = at.position(10);
    let bid = SealedBid::new(Group::A, 1_000);
    let other = SealedBid::new(Group::B, 40_000);
    let valued = value_bids(&position, &[bid, bid, other], 24, 5);
    // The same bid on the same futures: the same results, future by future.
    assert_eq!(valued[0].mean, valued[1].mean);
    assert_eq!(valued[1].difference_se, 0.0);
    assert!((0.0..=1.0).contains(&valued[2].mean));
    // Seeded: the same values again. A future holds the round's roll as it happened and
    // draws the later rounds; another seed draws others.
    assert_eq!(value_bids(&position, &[bid, bid, other], 24, 5), valued);
    let (here, elsewhere) = (future(5, 0, 10, at.roll), future(6, 0, 10, at.roll));
    assert_eq!((here.rounds[9].a, here.rounds[9].b), at.roll);
    assert_eq!((elsewhere.rounds[9].a, elsewhere.rounds[9].b), at.roll);
    assert_ne!(here.rounds[10..], elsewhere.rounds[10..]);
    // The position itself is untouched by the futures played from it.
    assert_eq!(at.me.view().me, at.states[0]);
    assert!(at.me.view().my_bid.is_some(), "its bid still open");
}

/// In how many of `deals` games of seed `seed` a bid of 100,000 points for bundle A, in
/// round `round`, loses futures against a plain bid of nothing (asserting it never wins
/// one the plain bid loses).
fn games_the_ruinous_bid_loses(seed: u64, deals: u64, round: u8, futures: usize) -> usize {
    let mut worse = 0;
    for index in 0..deals {
        let deal = Deal::from_seed(seed, index);
        let at = position_at(&deal, round);
        let position = at.position(round);
        let plain = SealedBid::new(Group::A, 0);
        let ruinous = SealedBid::new(Group::A, 100_000);
        let valued = value_bids(&position, &[plain, ruinous], futures, 9);
        assert!(valued[1].mean <= valued[0].mean, "deal {index}: {valued:?}");
        worse += usize::from(valued[1].mean < valued[0].mean);
    }
    worse
}

#[test]
fn paying_the_whole_bid_range_for_nothing_loses_futures() {
    // A bid of 100,000 points for bundle A gives away up to a hundred thousand points
    // whatever the dice: from round 10 it never wins a future the bot's plain bid of
    // nothing loses, and it loses some the plain bid wins.
    let worse = games_the_ruinous_bid_loses(37, 8, 10, 16);
    assert!(
        worse >= 3,
        "the ruinous bid lost futures in {worse} games of 8"
    );
}

#[test]
fn futures_from_the_first_round_are_played_by_the_copies_as_they_stand() {
    // In round 1 the copies have answered READY already; the futures go on from their
    // bids, and giving away the whole bid range loses some of them.
    let worse = games_the_ruinous_bid_loses(38, 6, 1, 8);
    assert!(
        worse >= 2,
        "the ruinous bid lost futures in {worse} games of 6"
    );
}

#[test]
fn the_rollout_players_stand_in_keeps_step_with_a_deterministic_opponent() {
    let settings = plain_settings(4, 11);
    for (index, deal) in Deal::seeded(41, 2).iter().enumerate() {
        let mut player = RolloutPlayer::new(
            ours(),
            Box::new(BotAgent::new(equilibrium())),
            settings.clone(),
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

#[test]
fn a_probe_leaves_the_game_the_bot_s_own_and_writes_one_position_a_game() {
    let dir = std::env::temp_dir().join(format!("yacht-probe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("probe.jsonl");
    let _ = std::fs::remove_file(&path);
    let settings = RolloutSettings {
        probe: Some(path.clone()),
        probe_fair: true,
        ..plain_settings(4, 11)
    };
    let deals = Deal::seeded(43, 3);
    for (index, deal) in deals.iter().enumerate() {
        let mut probed = RolloutPlayer::new(
            ours(),
            Box::new(BotAgent::new(equilibrium())),
            settings.clone(),
            "rollout:probe",
        );
        let mut opponent = BotAgent::new(equilibrium());
        probed.reset(index as u64);
        opponent.reset(index as u64 + 100);
        let with_probe = play_agents(deal, [&mut probed, &mut opponent]);
        let mut plain = BotAgent::new(ours());
        let mut opponent = BotAgent::new(equilibrium());
        plain.reset(index as u64);
        opponent.reset(index as u64 + 100);
        let without = play_agents(deal, [&mut plain, &mut opponent]);
        assert!(with_probe.warnings.is_empty(), "{:?}", with_probe.warnings);
        assert_eq!(
            with_probe.answers, without.answers,
            "deal {index}: the game changed"
        );
        assert_eq!(probed.changed, 0);
    }
    let records = harness::rollout::probe::read_probes(&path).unwrap();
    assert_eq!(records.len(), 3, "one probed bid a game");
    for r in &records {
        assert!((11..=12).contains(&r.round), "{}", r.round);
        assert_eq!(r.futures, 4);
        // The own bid first; the best responses to the stand-in's bid among the others.
        assert!(r.candidates.len() >= 3, "{:?}", r.candidates);
        let (g, y) = r.their_bid.clone();
        assert!(r
            .candidates
            .iter()
            .any(|c| c.group == g && c.amount == y + 1));
        for c in &r.candidates {
            for h in c.halves {
                assert!((0.0..=1.0).contains(&h), "{h}");
            }
        }
        assert!(r.states.iter().all(|s| s.state().is_some()));
        // The fair valuation beside: every candidate valued, each kind named once.
        assert_eq!(r.candidates[0].kind, "own");
        for c in &r.candidates {
            let [mean, se] = c.fair.expect("a fair valuation");
            assert!((0.0..=1.0).contains(&mean) && se >= 0.0, "{c:?}");
        }
        let mut kinds: Vec<&str> = r.candidates.iter().map(|c| c.kind.as_str()).collect();
        kinds.sort_unstable();
        kinds.dedup();
        assert_eq!(kinds.len(), r.candidates.len(), "{kinds:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_drawn_bid_follows_its_weights_and_its_future() {
    let bids = [
        (SealedBid::new(Group::A, 10), 3.0),
        (SealedBid::new(Group::B, 20), 1.0),
    ];
    let draws: Vec<SealedBid> = (0..4000).map(|i| drawn(&bids, 5, i).unwrap()).collect();
    let share = draws.iter().filter(|b| b.group == Group::A).count() as f64 / 4000.0;
    assert!((share - 0.75).abs() < 0.03, "{share}");
    // The same future draws the same bid; nothing to draw from draws nothing.
    assert_eq!(drawn(&bids, 5, 17), drawn(&bids, 5, 17));
    assert_eq!(drawn(&[], 5, 17), None);
    assert_eq!(drawn(&[(SealedBid::new(Group::A, 1), 0.0)], 5, 17), None);
}

/// The learning module's view of the position `at` holds in round `round`.
fn labelled_position(at: &AtBids, round: u8) -> harness::learning::bid_positions::BidPosition {
    harness::learning::bid_positions::BidPosition {
        deal: 0,
        game: 0,
        round,
        me: at.states[0],
        opp: at.states[1],
        a: at.roll.0.counts(),
        b: at.roll.1.counts(),
        my_bid: None,
        opp_bid: Some(at.their_bid),
    }
}

#[test]
fn played_futures_rank_the_children_as_the_coin_flip_futures_do() {
    use harness::learning::labels::{children_of, label};
    use harness::rollout::played::played_curves;
    use yacht::engine::value::choice_cache::ChoiceCache;
    // In round 10 the bundles decide much of what is left: futures played by the two real
    // players (nobody paying for either bundle) and the coin-flip rollouts the network was
    // distilled from agree on which child is the better one wherever it matters.
    let mut agree = 0;
    let mut clear = 0;
    let mut cache = ChoiceCache::new();
    for index in 0..10 {
        let deal = Deal::from_seed(47, index);
        let at = position_at(&deal, 10);
        let played = played_curves(&at.position(10), 32, 11).expect("futures played");
        let p = labelled_position(&at, 10);
        // A child is the position after its bundle, its curve a probability in δ.
        assert_eq!(children_of(&p).len(), 2);
        for curve in &played {
            let w: Vec<f64> = [-30_000.0, -1_500.0, 0.0, 1_500.0, 30_000.0]
                .iter()
                .map(|&d| curve.at(d))
                .collect();
            assert!(w.windows(2).all(|x| x[0] <= x[1]), "{w:?}");
            assert!(w.iter().all(|x| (0.0..=1.0).contains(x)), "{w:?}");
        }
        // Seeded: the same curves again.
        assert_eq!(
            played_curves(&at.position(10), 32, 11),
            Some(played.clone())
        );
        let record = label(&p, 0, 512, 3, &[0.0], &mut cache);
        let at_column = |name: &str| {
            let names = harness::learning::labels::columns(1);
            record[names.iter().position(|c| c == name).expect(name)]
        };
        let (ga, gb) = (at_column("ga_w0"), at_column("gb_w0"));
        let coin = f64::from(ga) - f64::from(gb);
        let real = played[0].at(0.0) - played[1].at(0.0);
        if coin.abs() > 0.1 {
            clear += 1;
            agree += usize::from(coin.signum() == real.signum());
        }
    }
    assert!(clear >= 5, "{clear} positions with a clear better child");
    assert!(
        agree * 4 >= clear * 3,
        "played futures agree in {agree} of {clear}"
    );
}

#[test]
fn label_mode_leaves_the_game_the_bot_s_own_and_labels_rounds_one_to_ten() {
    let dir = std::env::temp_dir().join(format!("yacht-played-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("played.ylb");
    let _ = std::fs::remove_file(&path);
    let settings = RolloutSettings {
        label: Some(path.clone()),
        label_source: 3,
        ..plain_settings(2, 1)
    };
    let deal = Deal::from_seed(53, 0);
    let mut labelling = RolloutPlayer::new(
        ours(),
        Box::new(BotAgent::new(equilibrium())),
        settings,
        "rollout:label",
    );
    let mut opponent = BotAgent::new(equilibrium());
    labelling.reset(5);
    opponent.reset(105);
    let with_labels = play_agents(&deal, [&mut labelling, &mut opponent]);
    let mut plain = BotAgent::new(ours());
    let mut opponent = BotAgent::new(equilibrium());
    plain.reset(5);
    opponent.reset(105);
    let without = play_agents(&deal, [&mut plain, &mut opponent]);
    assert!(
        with_labels.warnings.is_empty(),
        "{:?}",
        with_labels.warnings
    );
    assert_eq!(with_labels.answers, without.answers, "the game changed");
    // Every auction of rounds 1-10 labelled, in `harness label`'s format, as the trainer
    // and the benchmark read it: the position, its source, both children's curves.
    let (header, records) =
        harness::learning::labels::read_labels(std::slice::from_ref(&path)).unwrap();
    assert_eq!(header.run.rounds, [1, 10]);
    let rounds: Vec<u8> = records.iter().map(|r| r.position.round).collect();
    assert_eq!(rounds, (1..=10).collect::<Vec<u8>>());
    for r in &records {
        assert_eq!(r.source, 3);
        for child in &r.children {
            assert_eq!(child.win.len(), header.run.transfers_points.len());
            assert!(
                child.win.windows(2).all(|w| w[0] <= w[1]),
                "{:?}",
                child.win
            );
            // Two futures: each point of the curve is 0, 1/4, ..., 1.
            assert!(
                child.win.iter().all(|w| (w * 4.0).fract() == 0.0),
                "{:?}",
                child.win
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
