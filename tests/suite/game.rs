//! The game core's play loop: scores kept by the loop agree with what each bot tracks,
//! and an answer against the rules stops the game with the right seat at fault.

use yacht::engine::{Bot, BotConfig, Reply};
use yacht::game::{play, play_agents, play_from, Agent, AgentSeats, Deal, Illegal, Resume, Stop};
use yacht::protocol::{Answer, Command, Group, Hand};
use yacht::rules::category::Category;

fn config() -> BotConfig {
    BotConfig {
        rng_seed: Some(3),
        use_clock: false,
        ..BotConfig::default_equilibrium()
    }
}

#[test]
fn the_loop_and_the_bots_keep_the_same_scores() {
    for deal in Deal::seeded(11, 4) {
        let [mut first, mut second] = [Bot::new(config()), Bot::new(config())];
        let mut seats = AgentSeats::new([&mut first, &mut second]);
        let played = play(&deal, &mut seats);
        assert_eq!(played.stop, None);
        assert!(
            seats.record.warnings.is_empty(),
            "{:?}",
            seats.record.warnings
        );
        // 1 READY + 12 bids + 12 puts per seat.
        assert_eq!(seats.record.answers.len(), 2 * 25);
        drop(seats);
        for (bot, state) in [&first, &second].into_iter().zip(played.states) {
            assert_eq!(bot.view().me, state);
        }
        assert_eq!(played.states.map(|s| s.used), [0xfff; 2]);
    }
}

/// A bot that keeps a copy of itself as it was just before round `at`'s `ROLL`.
struct Forking {
    bot: Bot,
    at: u8,
    rolls: u8,
    copy: Option<Bot>,
}

impl Agent for Forking {
    fn handle(&mut self, command: &Command) -> Reply {
        if let Command::Roll { .. } = command {
            self.rolls += 1;
            if self.rolls == self.at {
                // What `Agent::fork` gives for a bot.
                self.copy = Some(self.bot.clone());
            }
        }
        self.bot.handle(command)
    }
}

/// Policy rollouts play on from copies of both players (`play_from`): a game taken up at
/// the start of any round, from copies made there, plays exactly the rest of the game.
#[test]
fn a_game_taken_up_from_copies_of_its_players_plays_on_the_same() {
    let deal = Deal::from_seed(23, 4);
    let default = BotConfig {
        rng_seed: Some(5),
        use_clock: false,
        ..BotConfig::default()
    };
    for at in [2, 7, 11, 12] {
        let mut seats = [default, config()].map(|c| Forking {
            bot: Bot::new(c),
            at,
            rolls: 0,
            copy: None,
        });
        let [first, second] = &mut seats;
        let mut whole = AgentSeats::new([first, second]);
        let played = play(&deal, &mut whole);
        assert_eq!(played.stop, None);
        let answers = whole.record.answers.clone();
        drop(whole);
        let [mut a, mut b] = seats.map(|f| f.copy.expect("copied before the roll"));
        let from = Resume {
            states: [a.view().me, b.view().me],
            round: at,
        };
        assert_eq!(from.states[1], a.view().opp, "round {at}");
        let mut rest = AgentSeats::new([&mut a, &mut b]);
        let taken_up = play_from(&deal, &mut rest, from);
        assert_eq!(taken_up.stop, None);
        assert_eq!(taken_up.states, played.states, "round {at}");
        let tail = &answers[answers.len() - rest.record.answers.len()..];
        assert_eq!(rest.record.answers, tail, "round {at}");
        // Two bids in each auction from round `at`, two scorings in each round from it
        // to round 13.
        let at = usize::from(at);
        assert_eq!(rest.record.answers.len(), 2 * (13 - at) + 2 * (14 - at));
    }
}

/// A bot that misbehaves once: `bad` replaces its answer to the `n`-th command owing one.
struct Faulty {
    bot: Bot,
    owed_seen: usize,
    n: usize,
    bad: fn(&Bot) -> Option<Answer>,
}

impl Agent for Faulty {
    fn handle(&mut self, command: &Command) -> Reply {
        let reply = self.bot.handle(command);
        if command.owed().is_none() {
            return reply;
        }
        self.owed_seen += 1;
        if self.owed_seen == self.n {
            return Reply {
                answer: (self.bad)(&self.bot),
                warnings: Vec::new(),
            };
        }
        reply
    }
}

fn faulty(n: usize, bad: fn(&Bot) -> Option<Answer>) -> Faulty {
    Faulty {
        bot: Bot::new(config()),
        owed_seen: 0,
        n,
        bad,
    }
}

/// Plays with `first` and `second`; the seat stopped and why.
fn stop_of(first: &mut dyn Agent, second: &mut dyn Agent) -> Option<(usize, String)> {
    let deal = Deal::from_seed(5, 0);
    let record = play_agents(&deal, [first, second]);
    record.warnings.iter().find_map(|w| {
        w.strip_prefix("seat ")
            .map(|r| (r[..1].parse().unwrap_or(9), r.to_string()))
    })
}

#[test]
fn answers_against_the_rules_stop_the_game() {
    // The third owed answer is round 2's bid (READY, bid 1, bid 2): a PUT instead.
    let put = |_: &Bot| {
        Some(Answer::Put {
            category: Category::Choice,
            dice: Hand([1; 5]),
        })
    };
    let mut a = faulty(3, put);
    let stop = stop_of(&mut Bot::new(config()), &mut a).expect("stopped");
    assert_eq!(stop.0, 1);
    assert!(stop.1.contains(&format!(
        "{:?}",
        Illegal::WrongAnswer(yacht::protocol::Owed::Bid)
    )));

    // The fourth is round 2's PUT: dice nobody holds.
    let unheld = |_: &Bot| {
        Some(Answer::Put {
            category: Category::Choice,
            dice: Hand([6; 5]),
        })
    };
    let mut b = faulty(4, unheld);
    let stop = stop_of(&mut b, &mut Bot::new(config())).expect("stopped");
    assert_eq!(stop.0, 0);
    assert!(stop.1.contains("NoSuchDice"), "{}", stop.1);

    // No answer at all.
    let mut c = faulty(2, |_| None);
    let stop = stop_of(&mut Bot::new(config()), &mut c).expect("stopped");
    assert_eq!(stop.0, 1);
    assert!(stop.1.contains("no answer"), "{}", stop.1);

    // Both misbehave in the same exchange: the first seat is the one stopped.
    let bid = |_: &Bot| {
        Some(Answer::Bid {
            group: Group::A,
            amount: 0,
        })
    };
    let (mut d, mut e) = (faulty(1, bid), faulty(1, bid));
    let stop = stop_of(&mut d, &mut e).expect("stopped");
    assert_eq!(stop.0, 0);
}

#[test]
fn a_category_used_twice_stops_the_game() {
    // Round 3's PUT (the sixth owed answer) repeats round 2's category with held dice.
    struct Repeat {
        bot: Bot,
        first_put: Option<Category>,
    }
    impl Agent for Repeat {
        fn handle(&mut self, command: &Command) -> Reply {
            let mut reply = self.bot.handle(command);
            if let Some(Answer::Put { category, dice }) = reply.answer {
                match self.first_put {
                    None => self.first_put = Some(category),
                    Some(used) => {
                        reply.answer = Some(Answer::Put {
                            category: used,
                            dice,
                        })
                    }
                }
            }
            reply
        }
    }
    let mut repeat = Repeat {
        bot: Bot::new(config()),
        first_put: None,
    };
    let deal = Deal::from_seed(5, 1);
    let mut other = Bot::new(config());
    let mut seats = AgentSeats::new([&mut other, &mut repeat]);
    let played = play(&deal, &mut seats);
    assert!(
        matches!(played.stop, Some(Stop::Illegal(1, Illegal::CategoryUsed))),
        "{:?}",
        played.stop
    );
    // The loop stopped at round 3: two scorings each were applied before.
    assert_eq!(played.states[0].used.count_ones(), 2);
}

/// The private draw is the only use of the bot's generator: without it (`draw_permille`
/// 0), two bots seeded differently play the same answers; with the default tolerance, they
/// do not over the same deals.
#[test]
fn without_the_draw_the_seed_changes_nothing() {
    let answers = |draw_permille: u16, seed: u64| {
        // A lighter search: the draw, not the curves' precision, is under test.
        let config = |seat: u64| BotConfig {
            rng_seed: Some(seed + seat),
            use_clock: false,
            draw_permille,
            rollouts: 300,
            ..BotConfig::default()
        };
        Deal::seeded(5, 3)
            .iter()
            .map(|deal| {
                let [mut first, mut second] = [Bot::new(config(0)), Bot::new(config(10))];
                format!("{:?}", play_agents(deal, [&mut first, &mut second]).answers)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(answers(0, 1), answers(0, 2));
    let default = BotConfig::default().draw_permille;
    assert_ne!(answers(default, 1), answers(default, 2));
}
