//! A player that tracks the game and scores by the table, bidding what its owner decides.
//!
//! The bot is one (its bids come from the opponent model and the win curves); so are the
//! bench's mis-scaled equilibrium bidder and the harness's reader, which decide bids from
//! outside. Tracking and scoring are written here once.

use super::config::BotConfig;
use super::scoring::decide_put;
use crate::engine::track::view::GameView;

use crate::protocol::{Answer, Command, Group, Hand, Owed, BID_MAX_POINTS};
use crate::rules::category::Category;
use crate::rules::dice::{for_each_submultiset, HAND_DICE};

/// The answer to a command (if one is owed) and anything worth reporting on stderr.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reply {
    pub answer: Option<Answer>,
    pub warnings: Vec<String>,
}

/// The tracked game and the scoring configuration.
#[derive(Clone, Debug, Default)]
pub struct TablePlayer {
    config: BotConfig,
    view: GameView,
}

impl TablePlayer {
    pub fn new(config: BotConfig) -> TablePlayer {
        TablePlayer {
            config,
            view: GameView::default(),
        }
    }

    /// The tracked game.
    pub fn view(&self) -> &GameView {
        &self.view
    }

    /// Handles one command; a `ROLL` is answered with `bid` of the game as it stands after
    /// the roll (amounts above the judge's maximum are capped).
    pub fn handle(
        &mut self,
        command: &Command,
        bid: impl FnOnce(&GameView) -> (Group, u32),
    ) -> Reply {
        let mut warnings: Vec<String> = self.view.advance(command).into_iter().collect();
        let answer = match *command {
            Command::Ready => Some(Answer::Ok),
            Command::Roll { .. } => {
                let (group, amount) = bid(&self.view);
                let amount = amount.min(BID_MAX_POINTS);
                self.view.my_bid = Some((group, amount));
                Some(Answer::Bid { group, amount })
            }
            Command::Score => Some(self.put(&mut warnings)),
            Command::Get { .. } | Command::Set { .. } | Command::Finish => None,
        };
        Reply { answer, warnings }
    }

    /// The open auction's bid replaced by `(group, amount)`, as if it had been answered
    /// (a policy rollout's alternative); nothing when no auction is open.
    pub fn bid_instead(&mut self, group: Group, amount: u32) {
        if self.view.my_bid.is_some() {
            self.view.my_bid = Some((group, amount.min(BID_MAX_POINTS)));
        }
    }

    /// A legal answer for a line whose keyword owed one but which did not parse.
    pub fn answer_malformed(&mut self, owed: Owed) -> Reply {
        let mut warnings = Vec::new();
        let answer = match owed {
            Owed::Ok => Answer::Ok,
            Owed::Bid => {
                // The bundles are unknown: ask for nothing and pay nothing.
                self.view.my_bid = Some((Group::A, 0));
                Answer::Bid {
                    group: Group::A,
                    amount: 0,
                }
            }
            Owed::Put => self.put(&mut warnings),
        };
        Reply {
            answer: Some(answer),
            warnings,
        }
    }

    fn put(&mut self, warnings: &mut Vec<String>) -> Answer {
        let (category, dice) = match decide_put(&self.view, &self.config) {
            Ok(choice) => choice,
            Err(reason) => {
                warnings.push(reason);
                fallback_put(&self.view)
            }
        };
        if let Err(e) = self.view.me.apply_score(category, &dice.counts()) {
            warnings.push(format!("own PUT {category} {dice} not applicable ({e:?})"));
        }
        Answer::Put { category, dice }
    }
}

/// Something parseable when the state allows no legal scoring: the first unused category
/// and the first five held dice, padded with ones.
fn fallback_put(view: &GameView) -> (Category, Hand) {
    let category = Category::ALL
        .into_iter()
        .find(|c| view.me.used & c.bit() == 0)
        .unwrap_or(Category::Choice);
    let mut dice = None;
    for_each_submultiset(&view.me.held, HAND_DICE, |s| {
        if dice.is_none() {
            dice = Hand::from_counts(s);
        }
    });
    (category, dice.unwrap_or(Hand([1; HAND_DICE])))
}
