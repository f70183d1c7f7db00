//! Decided games: once no plausible transfer can move the win probability, the safety
//! limits (which guard wins against an opponent that punishes the model) give way to the
//! model's best response, as far as the game stays decided.

use yacht::bench::ScaledBidder;
use yacht::engine::search::endgame::{win_search, WinSearch};
use yacht::engine::value::bidding::{bundle_values, equilibrium_bid};
use yacht::engine::{Bot, BotConfig, Reply};
use yacht::game::{play_agents, Agent, Deal};
use yacht::protocol::{Answer, Command};

/// One of the bot's auctions: the win search's verdict, the swing and the bot's bid.
struct Auction {
    round: u8,
    search: WinSearch,
    swing_points: i64,
    amount: u32,
}

/// The bot, recording every auction as it answers.
struct Recorded {
    bot: Bot,
    config: BotConfig,
    auctions: Vec<Auction>,
}

impl Agent for Recorded {
    fn handle(&mut self, command: &Command) -> Reply {
        let reply = self.bot.handle(command);
        if let (Command::Roll { a, b }, Some(Answer::Bid { amount, .. })) = (command, reply.answer)
        {
            let view = self.bot.view();
            let (a, b) = (a.counts(), b.counts());
            self.auctions.push(Auction {
                round: view.round,
                // The clock is off, so this is the search the bot just ran.
                search: win_search(view, &self.config, &a, &b),
                swing_points: bundle_values(&view.me, &view.opp, &a, &b).swing_points(),
                amount,
            });
        }
        reply
    }
}

/// The default bot with the clock off, a fixed private seed and a third of the rollouts
/// (the gate, not the curves' precision, is under test): reproducible games.
fn reproducible() -> BotConfig {
    BotConfig {
        use_clock: false,
        rng_seed: Some(7),
        rollouts: 600,
        ..BotConfig::default()
    }
}

#[test]
fn against_a_zero_bidder_a_decided_game_pays_next_to_nothing() {
    let config = reproducible();
    let mut widened = 0;
    let mut paid_where_widened = 0u64;
    let mut equilibrium_there = 0u64;
    for auction in auctions_against(config, &Deal::seeded(5, 6), || ScaledBidder::new(0.0)) {
        // Where the slack covers the worst a bid of up to the swing can lose, the
        // limits cannot hold the bot near the equilibrium: the model, which has seen
        // the opponent ask 0 in every auction, answers with a few points.
        let WinSearch::Decided { slack_points } = auction.search else {
            continue;
        };
        if auction.round >= 4 && slack_points >= auction.swing_points.abs() as f64 {
            widened += 1;
            paid_where_widened += u64::from(auction.amount);
            equilibrium_there += u64::from(equilibrium_bid(auction.swing_points).1);
            assert!(
                auction.amount <= 10,
                "round {}: bid {} (swing {})",
                auction.round,
                auction.amount,
                auction.swing_points
            );
        }
    }
    // The zero bidder loses by far: many of these games are decided before the end.
    assert!(widened >= 6, "only {widened} decided auctions");
    assert!(
        paid_where_widened * 100 < equilibrium_there,
        "{paid_where_widened} {equilibrium_there}"
    );
}

#[test]
fn the_slack_of_a_decided_game_is_its_distance_past_the_margin() {
    use yacht::engine::search::endgame::{decided_slack_points, FINAL_DIFF_SIGMA_POINTS};
    use yacht::engine::tunables::DECIDED_SIGMAS;
    // After round 11's auction σ = 7,910: the margin is 19,775 points.
    let margin = DECIDED_SIGMAS.get() * FINAL_DIFF_SIGMA_POINTS[10];
    let slack = decided_slack_points(11, &[40_000.0, 30_000.0]);
    assert!((slack - (30_000.0 - margin)).abs() < 1e-9, "{slack}");
    // Far behind counts the same way.
    let slack = decided_slack_points(11, &[-40_000.0, -25_000.0]);
    assert!((slack - (25_000.0 - margin)).abs() < 1e-9, "{slack}");
    // Inside the margin nothing is left.
    assert_eq!(decided_slack_points(11, &[40_000.0, 10_000.0]), 0.0);
}

/// The bot's auctions on `deals` against `opponent`, with `config`.
fn auctions_against(
    config: BotConfig,
    deals: &[Deal],
    opponent: impl Fn() -> ScaledBidder,
) -> Vec<Auction> {
    let mut all = Vec::new();
    for deal in deals {
        let mut bot = Recorded {
            bot: Bot::new(config),
            config,
            auctions: Vec::new(),
        };
        let record = play_agents(deal, [&mut bot, &mut opponent()]);
        assert!(record.warnings.is_empty(), "{:?}", record.warnings);
        all.extend(bot.auctions);
    }
    all
}

#[test]
fn what_the_auctions_earn_decides_games_against_a_zero_bidder_only() {
    let with = reproducible();
    assert!(with.earnings_gate, "the default counts the earnings");
    let without = BotConfig {
        earnings_gate: false,
        ..with
    };
    let deals = Deal::seeded(11, 6);
    let decided = |auctions: &[Auction]| {
        auctions
            .iter()
            .filter(|a| matches!(a.search, WinSearch::Decided { .. }))
            .count()
    };
    // The zero bidder scores by the table, so only its bids make the games one-sided:
    // the gate without the earnings sees an even game for longer.
    let zero_with = auctions_against(with, &deals, || ScaledBidder::new(0.0));
    let zero_without = auctions_against(without, &deals, || ScaledBidder::new(0.0));
    assert!(
        decided(&zero_with) > decided(&zero_without),
        "{} {}",
        decided(&zero_with),
        decided(&zero_without)
    );
    // Against the equilibrium bidder our asks earn nothing above the split to expect
    // again: every auction is searched and bid the same.
    let eq_with = auctions_against(with, &deals[..2], || ScaledBidder::new(1.0));
    let eq_without = auctions_against(without, &deals[..2], || ScaledBidder::new(1.0));
    let bids = |auctions: &[Auction]| {
        auctions
            .iter()
            .map(|a| (a.round, a.amount, a.search.clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(bids(&eq_with), bids(&eq_without));
}
