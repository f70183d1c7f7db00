//! Contest-like opponents: the kinds of bots contestants write, beyond the ten samples.
//!
//! Each is a named [`Style`] of bidding on top of a scoring policy (the exact table for
//! the table-based bots, the highest immediate score for the heuristic ones). They are
//! played as `contest:NAME`; [`POPULATION`] lists them with one line each, and the
//! `gauntlet` command plays a bot against all of them.

pub mod styles;
pub mod valuation;

use rand::SeedableRng;
use rand_pcg::Pcg64;
use yacht::engine::value::choice::best_choice_for;
use yacht::engine::GameView;
use yacht::protocol::{Answer, Command, Hand};

use crate::samples::scoring::ScorePolicy;
pub use styles::Style;
use yacht::engine::Reply;
use yacht::game::deal::mix;
use yacht::game::Agent;

/// One member of the population: name, one line of documentation, style, and whether it
/// scores by the table (else greedily).
pub struct Member {
    pub name: &'static str,
    pub doc: &'static str,
    pub style: Style,
    pub table_scoring: bool,
}

/// The population the gauntlet plays, in report order.
pub const POPULATION: &[Member] = &[
    Member {
        name: "heur-half",
        doc: "heuristic valuation (score + pairs, runs, upper progress), half its own gap",
        style: Style::HeuristicGap { scale: 0.5, cap: 100_000, floor: 0 },
        table_scoring: false,
    },
    Member {
        name: "heur-third",
        doc: "heuristic valuation, a third of its own gap",
        style: Style::HeuristicGap { scale: 0.33, cap: 100_000, floor: 0 },
        table_scoring: false,
    },
    Member {
        name: "heur-capped",
        doc: "heuristic valuation, half its gap, at most 10,000, at least 50 when contested",
        style: Style::HeuristicGap { scale: 0.5, cap: 10_000, floor: 50 },
        table_scoring: true,
    },
    Member {
        name: "heur-whole",
        doc: "heuristic valuation, its whole gap up to 30,000 (an over-bidder)",
        style: Style::HeuristicGap { scale: 1.0, cap: 30_000, floor: 50 },
        table_scoring: true,
    },
    Member {
        name: "table-half",
        doc: "exact table, half of its own gap (ignores what the bundles are worth to us)",
        style: Style::TableGap { scale: 0.5 },
        table_scoring: true,
    },
    Member {
        name: "adapt-ema",
        doc: "learns our bid over its prediction (moving average), bids just above or below it",
        style: Style::Adaptive { alpha: 0.5, contest_only: false },
        table_scoring: true,
    },
    Member {
        name: "adapt-mean",
        doc: "an earlier adaptive version: slow average of our level, always just above it",
        style: Style::Adaptive { alpha: 0.2, contest_only: true },
        table_scoring: true,
    },
    Member {
        name: "last-plus-one",
        doc: "our last revealed bid plus one on its favourite, at most its own gap",
        style: Style::JustAboveLast,
        table_scoring: true,
    },
    Member {
        name: "tit-for-tat",
        doc: "its whole gap after we took the bundle it wanted, a quarter of it otherwise",
        style: Style::TitForTat,
        table_scoring: true,
    },
    Member {
        name: "eq-noise-round",
        doc: "table equilibrium times log-normal noise drawn every round (sigma 0.5)",
        style: Style::NoisyEquilibrium { round_sigma: 0.5, game_range: (1.0, 1.0) },
        table_scoring: true,
    },
    Member {
        name: "eq-noise-game",
        doc: "table equilibrium times one factor per game, log-uniform in [0.3, 3]",
        style: Style::NoisyEquilibrium { round_sigma: 0.0, game_range: (0.3, 3.0) },
        table_scoring: true,
    },
    Member {
        name: "switcher",
        doc: "table equilibrium x0.3 in rounds 1-6, then x2.5: a habit switched mid-game",
        style: Style::Switcher { early: 0.3, late: 2.5, switch_round: 7 },
        table_scoring: true,
    },
    Member {
        name: "baiter",
        doc: "x0.2 the equilibrium in quiet auctions, x1.3 in big ones from round 5 (punishes a fitted model)",
        style: Style::Baiter { big_swing_points: 20_000 },
        table_scoring: true,
    },
    Member {
        name: "adapt-gain",
        doc: "a public adaptive bot's habit: 3 when it expects us to want the other group, else 0.875 x half our heuristic gain x our learnt bid level (50..9,999)",
        style: Style::GainAdaptive { shade: 0.875, alpha: 0.3, raise_from: 0 },
        table_scoring: true,
    },
    Member {
        name: "adapt-gain-wait",
        doc: "adapt-gain that asks 3 in every auction of rounds 1-5, then raises",
        style: Style::GainAdaptive { shade: 0.875, alpha: 0.3, raise_from: 6 },
        table_scoring: true,
    },
    Member {
        name: "eq-other-table",
        doc: "table equilibrium +- up to 3 points per auction: the same design on another implementation's table",
        style: Style::OtherTable { jitter_points: 3 },
        table_scoring: true,
    },
    Member {
        name: "equilibrium",
        doc: "the table and |S|/4 on both swings: the strongest plain design",
        style: Style::NoisyEquilibrium { round_sigma: 0.0, game_range: (1.0, 1.0) },
        table_scoring: true,
    },
];

/// The member called `name`.
pub fn member(name: &str) -> Option<&'static Member> {
    POPULATION.iter().find(|m| m.name == name)
}

/// A contest bot as an in-process agent.
#[derive(Clone)]
pub struct ContestBot {
    member: &'static Member,
    view: GameView,
    memory: styles::Memory,
    rng: Pcg64,
}

impl ContestBot {
    pub fn new(member: &'static Member) -> ContestBot {
        ContestBot {
            member,
            view: GameView::default(),
            memory: styles::Memory::default(),
            rng: Pcg64::seed_from_u64(0),
        }
    }

    fn put(&mut self, debug: &mut Vec<String>) -> Option<Answer> {
        let me = &self.view.me;
        let choice = if self.member.table_scoring {
            best_choice_for(me).map(|c| (c.category, c.dice))
        } else {
            ScorePolicy::Greedy.decide(me).map(|s| (s.category, s.dice))
        };
        let (category, dice) = choice.and_then(|(c, d)| Some((c, Hand::from_counts(&d)?)))?;
        if self.view.me.apply_score(category, &dice.counts()).is_err() {
            debug.push(format!(
                "own PUT {category} {dice} does not fit the tracked state"
            ));
        }
        Some(Answer::Put { category, dice })
    }
}

impl ContestBot {
    /// The answer to `command` (if owed); notes go to `debug`.
    fn respond(&mut self, command: &Command, debug: &mut Vec<String>) -> Option<Answer> {
        // What the command reveals first (the game's tracking is written once, in the
        // engine's view); the style learns from GET before the view forgets our bid.
        if let Command::Get {
            got,
            opp_group,
            opp_amount,
        } = *command
            && let Some((its_group, _)) = self.view.my_bid
        {
            self.member
                .style
                .observe(&mut self.memory, (opp_group, opp_amount), its_group, got);
        }
        debug.extend(self.view.advance(command));
        match *command {
            Command::Ready => Some(Answer::Ok),
            Command::Roll { a, b } => {
                let (group, amount) = self.member.style.bid(
                    &self.view,
                    &a.counts(),
                    &b.counts(),
                    &mut self.memory,
                    &mut self.rng,
                );
                self.view.my_bid = Some((group, amount));
                Some(Answer::Bid { group, amount })
            }
            Command::Score => self.put(debug),
            Command::Get { .. } | Command::Set { .. } | Command::Finish => None,
        }
    }
}

impl Agent for ContestBot {
    fn label(&self) -> String {
        format!("contest:{}", self.member.name)
    }

    fn reset(&mut self, game_seed: u64) {
        self.view = GameView::default();
        self.rng = Pcg64::seed_from_u64(mix(game_seed, 0xC0_7E57));
        self.member.style.start(&mut self.memory, &mut self.rng);
    }

    fn handle(&mut self, command: &Command) -> Reply {
        let mut warnings = Vec::new();
        let answer = self.respond(command, &mut warnings);
        Reply { answer, warnings }
    }

    fn fork(&self) -> Option<Box<dyn Agent + Send>> {
        Some(Box::new(self.clone()))
    }

    /// Its view keeps the bid it is told instead (what the `GET` reveals is read against
    /// it, and its own bid score follows it).
    fn bid_instead(&mut self, bid: yacht::rules::auction::SealedBid) -> bool {
        self.view.my_bid = Some((bid.group, bid.amount));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_population_is_large_and_its_names_unique() {
        assert!(POPULATION.len() >= 12);
        for (i, m) in POPULATION.iter().enumerate() {
            assert!(!m.doc.is_empty());
            assert!(
                POPULATION[..i].iter().all(|o| o.name != m.name),
                "{}",
                m.name
            );
            assert!(member(m.name).is_some());
        }
    }
}
