//! The game core: the one place the game's sequence is written.
//!
//! [`Deal`] is a game's random input (the official input format), [`Agent`] anything that
//! answers typed commands, [`play`](mod@play) the loop that sends every command in the judge's order,
//! checks every answer against the rules and keeps both players' scores. The referee (with
//! deadlines, aborts and the official log), self-play, `bench`, the replay and the tests
//! all drive games through it; each supplies a [`Seats`] saying how answers are had.

pub mod agents;
pub mod deal;
pub mod play;

pub use agents::{play_agents, AgentSeats, GameRecord, NoAnswer};
pub use deal::{Deal, DealRound};
pub use play::{play, play_from, Event, Illegal, Played, Resume, Seats, Stop};

use crate::engine::Bot;
use crate::engine::Reply;
use crate::protocol::Command;
use crate::rules::auction::SealedBid;

/// Anything that plays through typed commands: the bot, the sample AIs, test adversaries.
pub trait Agent {
    /// Name shown in logs and reports.
    fn label(&self) -> String {
        "agent".to_string()
    }
    /// Called before each game's `READY`; `game_seed` seeds any randomness, so a game is
    /// reproducible.
    fn reset(&mut self, _game_seed: u64) {}
    /// The answer to `command` (if one is owed) and anything worth reporting.
    fn handle(&mut self, command: &Command) -> Reply;
    /// The bids its last bid was drawn among at random, each as likely (none: it was not
    /// drawn, or the agent does not say).
    fn drawn_among(&self) -> Vec<SealedBid> {
        Vec::new()
    }
    /// A copy of this agent as it is now, to play on from here ([`play_from`]: futures
    /// played by the real players); `None` for an agent that cannot be copied (a program).
    fn fork(&self) -> Option<Box<dyn Agent + Send>> {
        None
    }
    /// Plays on as if its open bid (its answer to the last `ROLL`) had been `bid`: a
    /// future in which it bid otherwise. `false` for an agent that cannot (its view would
    /// keep the bid it made).
    fn bid_instead(&mut self, _bid: SealedBid) -> bool {
        false
    }
}

impl Agent for Bot {
    fn label(&self) -> String {
        "bot".to_string()
    }
    fn handle(&mut self, command: &Command) -> Reply {
        Bot::handle(self, command)
    }
    fn drawn_among(&self) -> Vec<SealedBid> {
        Bot::drawn_among(self)
            .iter()
            .map(|&(g, x)| SealedBid::new(g, x))
            .collect()
    }
    fn fork(&self) -> Option<Box<dyn Agent + Send>> {
        Some(Box::new(self.clone()))
    }
    fn bid_instead(&mut self, bid: SealedBid) -> bool {
        Bot::bid_instead(self, bid.group, bid.amount);
        true
    }
}
