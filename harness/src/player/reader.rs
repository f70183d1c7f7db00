//! The reader: an opponent that knows our next bid before it bids.
//!
//! It runs a copy of our bot on our inputs (everything we see is public: the rolls, the
//! opponent's bids in `GET`, the opponent's scorings in `SET`), takes the copy's bid as a
//! certain prediction and answers it best, by win probability where our bot would
//! (the same endgame logic) and by expected score elsewhere. Whatever our bid leaves on
//! the table, it takes. A bot whose bids are a deterministic function of public
//! information is fully readable; one that randomises with a private seed is not.

use yacht::engine::endgame::win_curves;
use yacht::engine::features::RoundFeatures;
use yacht::engine::opponent::{Atom, Predictive};
use yacht::engine::response::best_response;
use yacht::engine::winbid::{best_win_response, Curves};
use yacht::engine::{Bot, BotConfig, GameView, Reply, TablePlayer};
use yacht::game::Agent;
use yacht::protocol::{Answer, Command, Group};

/// A reader of an opponent playing with `target` configuration.
#[derive(Clone, Debug)]
pub struct Reader {
    /// Our own play (scoring, tracking); its bids are decided here.
    own: TablePlayer,
    /// The copy of the opponent, fed the opponent's inputs.
    shadow: Bot,
    /// First round in which the reader answers by win probability (0: never).
    win_from_round: u8,
    /// Our own bid in the open auction (to rebuild the opponent's `GET`).
    my_bid: Option<(Group, u32)>,
    /// The read bot's configuration, and ours (for [`Agent::reset`]).
    configs: [BotConfig; 2],
}

impl Reader {
    /// A reader of `target`, bidding for the win from `win_from_round`.
    pub fn new(target: BotConfig, own: BotConfig, win_from_round: u8) -> Reader {
        Reader {
            own: TablePlayer::new(own),
            shadow: Bot::new(target),
            win_from_round,
            my_bid: None,
            configs: [target, own],
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
                self.my_bid = Some(bid);
                self.own.handle(command, |_| bid)
            }
            Command::Get { got, .. } => {
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
        // The read bot's search, from the reader's own first win round, clock on.
        let search = BotConfig {
            win_from_round: self.win_from_round,
            use_clock: true,
            ..self.configs[0]
        };
        let response = match win_curves(view, &search, a, b) {
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
        "reader".to_string()
    }

    fn reset(&mut self, game_seed: u64) {
        // The copy's generator is not the one the read bot uses: a reader cannot know a
        // private seed.
        let [target, own] = self.configs;
        let copy = BotConfig {
            rng_seed: Some(game_seed.rotate_left(29) ^ 0x007E_ADE7_5EED),
            ..target
        };
        *self = Reader::new(copy, own, self.win_from_round);
        self.configs = [target, own];
    }

    fn handle(&mut self, command: &Command) -> Reply {
        Reader::handle(self, command)
    }
}
