//! Players behind one trait: in-process agents (the bot, the sample AIs) and external
//! commands spawned as a fresh process per game.
//!
//! The referee talks to a player only through [`Player`]: it sends typed commands and
//! receives either a typed answer (in-process: nothing to parse) or a raw line (external:
//! parsed by the referee exactly as the judge would), stamped with the time it arrived and
//! the player's CPU clock then: the judge charges CPU time, and so does the referee.

pub mod external;
pub mod in_process;
pub mod process_clock;
pub mod reader;
pub mod rollout;
pub mod spec;

use std::time::{Duration, Instant};

use yacht::protocol::{Answer, Command};

pub use external::ExternalPlayer;
pub use in_process::{BotAgent, InProcess};
pub use reader::Reader;
pub use rollout::{RolloutPlayer, RolloutSettings};
pub use spec::PlayerSpec;

/// What a player produced for an owed answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// A typed answer from an in-process agent.
    Answer(Answer),
    /// A raw stdout line (without its newline) from an external player.
    Line(String),
    /// Nothing before the deadline on this clock.
    Timeout(Clock),
    /// The player cannot answer any more (its stdout closed, or it owed nothing).
    Closed,
}

/// A received answer, when it arrived, and the player's CPU clock then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Response {
    pub received: Received,
    pub at: Instant,
    /// [`Player::cpu_time`] when the answer was had (`None`: the player has no CPU clock).
    pub cpu_at: Option<Duration>,
}

/// The two clocks an answer is timed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Clock {
    /// The CPU time the player spent on the answer (all its threads): what the judge
    /// charges.
    Cpu = 0,
    /// The time that passed from the command to the answer.
    Wall = 1,
}

impl Clock {
    pub const ALL: [Clock; 2] = [Clock::Cpu, Clock::Wall];

    /// The name reports and `--deadline-clock` use.
    pub const fn name(self) -> &'static str {
        match self {
            Clock::Cpu => "cpu",
            Clock::Wall => "wall",
        }
    }

    /// Parses [`Clock::name`].
    pub fn parse(text: &str) -> Option<Clock> {
        Clock::ALL.into_iter().find(|c| c.name() == text)
    }
}

impl std::str::FromStr for Clock {
    type Err = String;
    fn from_str(text: &str) -> Result<Clock, String> {
        Clock::parse(text).ok_or_else(|| format!("{text:?}: expected cpu or wall"))
    }
}

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// When an owed answer is late.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    /// The latest reading of the player's CPU clock ([`Player::cpu_time`]) before the
    /// answer; `None`: the wall clock alone decides.
    pub cpu: Option<Duration>,
    /// The wall clock's: the backstop for a player that sleeps, blocks or hangs (or the
    /// deadline itself where there is no CPU clock); `None` for a player that cannot block
    /// ([`Player::can_block`]), whose wall time measures only the machine's load.
    pub wall: Option<Instant>,
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

    /// The next answer, waiting at most until `deadline` on either clock.
    fn receive(&mut self, deadline: Deadline) -> Response;

    /// The CPU time the player has used so far this game, as the judge counts it (an
    /// external process: all its threads; an in-process agent: its decisions on the
    /// calling thread); `None` where there is no CPU clock.
    fn cpu_time(&mut self) -> Option<Duration>;

    /// Moves the debug lines produced so far (stderr of an external player, warnings of an
    /// in-process agent) into `out`.
    fn take_debug(&mut self, out: &mut Vec<String>);

    /// Ends the game: an external process is given a moment to exit, then killed.
    fn finish(&mut self);

    /// The bids its last bid was drawn among at random, each as likely, where the player
    /// says (an in-process bot); none otherwise. The luck corrects for this randomness
    /// ([`crate::review::luck`]'s draw terms).
    fn drawn_among(&self) -> Vec<yacht::rules::auction::SealedBid> {
        Vec::new()
    }

    /// Whether the judge's deadlines apply: a person at the play page is not timed.
    fn is_timed(&self) -> bool {
        true
    }

    /// Whether the player can sleep, block or hang while it owes an answer (a process),
    /// so that the wall-clock backstop applies. An in-process agent computes on the
    /// caller's thread: its CPU time is the whole story, and its wall time, on a loaded
    /// machine, only the load.
    fn can_block(&self) -> bool {
        true
    }
}
