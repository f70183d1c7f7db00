//! Players behind one trait: in-process agents (the bot, the sample AIs) and external
//! commands spawned as a fresh process per game.
//!
//! The referee talks to a player only through [`Player`]: it sends typed commands and
//! receives either a typed answer (in-process: nothing to parse) or a raw line (external:
//! parsed by the referee exactly as the judge would), stamped with the time it arrived.

pub mod external;
pub mod in_process;
pub mod reader;
pub mod spec;

use std::time::Instant;

use yacht::protocol::{Answer, Command};

pub use external::ExternalPlayer;
pub use in_process::{BotAgent, InProcess};
pub use reader::Reader;
pub use spec::PlayerSpec;

/// What a player produced for an owed answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A typed answer from an in-process agent.
    Answer(Answer),
    /// A raw stdout line (without its newline) from an external player.
    Line(String),
    /// Nothing before the deadline.
    Timeout,
    /// The player cannot answer any more (its stdout closed, or it owed nothing).
    Closed,
}

/// A received answer and when it arrived (for deadlines and response times).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub received: Received,
    pub at: Instant,
}

/// One side of a game.
pub trait Player: Send {
    /// What the log header shows after `COMMAND: `.
    fn label(&self) -> String;

    /// Prepares a new game (an external player spawns its process here). `game_seed`
    /// seeds any randomness, so a game is reproducible. An error is a harness setup
    /// problem (e.g. the command does not exist), not a game result.
    fn start(&mut self, game_seed: u64) -> Result<(), String>;

    /// Delivers one command. A player that can no longer be written to simply answers
    /// [`Received::Closed`] later.
    fn send(&mut self, command: &Command);

    /// The next answer, waiting at most until `deadline`.
    fn receive(&mut self, deadline: Instant) -> Response;

    /// Moves the debug lines produced so far (stderr of an external player, warnings of an
    /// in-process agent) into `out`.
    fn take_debug(&mut self, out: &mut Vec<String>);

    /// Ends the game: an external process is given a moment to exit, then killed.
    fn finish(&mut self);

    /// Whether response times are worth recording (external processes only).
    fn is_external(&self) -> bool {
        false
    }
}
