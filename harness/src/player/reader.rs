//! The reader: a player that knows its opponent's next bid before it bids.
//!
//! It runs a copy of its opponent on the opponent's inputs (everything a player sees is
//! public: the rolls, the other's bids in `GET`, the other's scorings in `SET`), takes the
//! copy's bid as a certain prediction and answers it best, by win probability where our
//! bot would (the same endgame logic) and by expected score elsewhere.
//!
//! Two uses. `reader` copies our bot: whatever our bid leaves on the table, it takes (a
//! bot whose bids are a deterministic function of public information is fully readable;
//! one that randomises with a private seed is not). `oracle:SPEC` copies its opponent
//! SPEC and plays our bot's search against the known bid: the ceiling of what modelling
//! that opponent can earn. The copy's random stream is not the opponent's, so the known
//! bid is exact against deterministic opponents only.

use yacht::engine::bid::response::best_response;
use yacht::engine::bid::winbid::best_win_response;
use yacht::engine::model::features::RoundFeatures;
use yacht::engine::model::opponent::{Atom, Predictive};
use yacht::engine::safety::payoff::Curves;
use yacht::engine::search::endgame::win_curves;
use yacht::engine::{BotConfig, GameView, Reply, TablePlayer};
use yacht::game::Agent;
use yacht::protocol::{Answer, Command, Group};

use super::BotAgent;

/// A player that knows its opponent's bid in advance.
pub struct Reader {
    /// Our own play (scoring, tracking); its bids are decided here.
    own: TablePlayer,
    /// The copy of the opponent, fed the opponent's inputs.
    shadow: Box<dyn Agent + Send>,
    /// The search's configuration (first win round, rollouts, clock).
    search: BotConfig,
    /// Our own bid in the open auction (to rebuild the opponent's `GET`).
    my_bid: Option<(Group, u32)>,
    /// Our scoring configuration (for [`Agent::reset`]).
    own_config: BotConfig,
    label: String,
    /// The copy's bid in the open auction.
    predicted: Option<(Group, u32)>,
    /// Auctions whose opponent bid was seen, and those the copy did not predict exactly.
    pub reads: u32,
    pub misses: u32,
}

impl Reader {
    /// A reader of our bot playing with `target` configuration, bidding for the win from
    /// `win_from_round` with the target's search (clock on, as the target plays).
    pub fn new(target: BotConfig, own: BotConfig, win_from_round: u8) -> Reader {
        let search = BotConfig {
            win_from_round,
            use_clock: true,
            ..target
        };
        Reader::with_shadow(Box::new(BotAgent::new(target)), own, search, "reader")
    }

    /// A player with `own` scoring that runs `shadow` as a copy of its opponent and bids
    /// with `search` against the copy's bid.
    pub fn with_shadow(
        shadow: Box<dyn Agent + Send>,
        own: BotConfig,
        search: BotConfig,
        label: &str,
    ) -> Reader {
        Reader {
            own: TablePlayer::new(own),
            shadow,
            search,
            my_bid: None,
            own_config: own,
            label: label.to_string(),
            predicted: None,
            reads: 0,
            misses: 0,
        }
    }

    /// The game as the reader tracks it.
    pub fn view(&self) -> &GameView {
        self.own.view()
    }

    /// Handles one command as a player.
    pub fn handle(&mut self, command: &Command) -> Reply {
        match *command {
            Command::Ready => {
                self.shadow.handle(command);
                self.my_bid = None;
                self.own.handle(command, no_bid)
            }
            Command::Roll { a, b } => {
                let predicted = match self.shadow.handle(command).answer {
                    Some(Answer::Bid { group, amount }) => (group, amount),
                    _ => (Group::A, 0),
                };
                let bid = self.answer(predicted, &a.counts(), &b.counts());
                self.predicted = Some(predicted);
                self.my_bid = Some(bid);
                self.own.handle(command, |_| bid)
            }
            Command::Get {
                got,
                opp_group,
                opp_amount,
            } => {
                if let Some(predicted) = self.predicted.take() {
                    self.reads += 1;
                    self.misses += u32::from(predicted != (opp_group, opp_amount));
                }
                // The opponent received the other group and saw our bid.
                if let Some((group, amount)) = self.my_bid.take() {
                    self.shadow.handle(&Command::Get {
                        got: got.other(),
                        opp_group: group,
                        opp_amount: amount,
                    });
                }
                self.own.handle(command, no_bid)
            }
            Command::Score => {
                let reply = self.own.handle(command, no_bid);
                // The opponent scores now too; it will see our scoring as its SET.
                self.shadow.handle(&Command::Score);
                if let Some(Answer::Put { category, dice }) = reply.answer {
                    self.shadow.handle(&Command::Set { category, dice });
                }
                reply
            }
            Command::Set { .. } | Command::Finish => self.own.handle(command, no_bid),
        }
    }

    /// Our best answer to a bid known in advance.
    fn answer(&self, predicted: (Group, u32), a: &[u8; 6], b: &[u8; 6]) -> (Group, u32) {
        let view = self.own.view();
        let certain = Predictive {
            atoms: vec![Atom {
                group: predicted.0,
                amount: predicted.1,
                weight: 1.0,
            }],
            unexplained: 0.0,
            read: 0.0,
            observed: usize::MAX,
        };
        let features = RoundFeatures::compute(view, a, b);
        let response = match win_curves(view, &self.search, a, b) {
            Some([ca, cb]) => best_win_response(
                &Curves {
                    a: &ca,
                    b: &cb,
                    swing_points: features.swing_points,
                },
                &certain,
            ),
            None => best_response(features.swing_points, &certain),
        };
        (response.group, response.amount)
    }
}

/// The bid of a command that owes none (never called).
fn no_bid(_: &GameView) -> (Group, u32) {
    (Group::A, 0)
}

impl Agent for Reader {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn reset(&mut self, game_seed: u64) {
        // The copy's generator is not the opponent's: a reader cannot know a private seed.
        self.shadow
            .reset(game_seed.rotate_left(29) ^ 0x007E_ADE7_5EED);
        self.own = TablePlayer::new(self.own_config);
        self.my_bid = None;
        self.predicted = None;
    }

    fn handle(&mut self, command: &Command) -> Reply {
        Reader::handle(self, command)
    }
}
