//! In-process players: an [`Agent`] answers each command by a plain function call.
//! No pipes, no parsing, no threads: this is what makes thousands of games per second.

use std::time::Instant;

use yacht::engine::reader::Reader;
use yacht::engine::{Bot, BotConfig};
use yacht::protocol::{Answer, Command};

use super::{Player, Received, Response};

/// A decision maker that sees the protocol as typed commands.
pub trait Agent: Send {
    /// Name shown in logs and reports.
    fn label(&self) -> String;
    /// Called before every game's `READY`; `game_seed` seeds any randomness.
    fn reset(&mut self, game_seed: u64);
    /// The answer to `command` (if one is owed); notes go to `debug`.
    fn handle(&mut self, command: &Command, debug: &mut Vec<String>) -> Option<Answer>;
}

/// The bot crate's [`Bot`] as an agent.
pub struct BotAgent {
    config: BotConfig,
    bot: Bot,
}

impl BotAgent {
    pub fn new(config: BotConfig) -> BotAgent {
        BotAgent {
            config,
            bot: Bot::new(config),
        }
    }
}

impl Agent for BotAgent {
    fn label(&self) -> String {
        "bot".to_string()
    }

    fn reset(&mut self, game_seed: u64) {
        // READY resets the bot too; a fresh one also drops anything a bad game left. Its
        // private generator is seeded by the game, so a game is reproducible.
        self.bot = Bot::new(BotConfig {
            rng_seed: Some(self.config.rng_seed.unwrap_or(game_seed)),
            ..self.config
        });
    }

    fn handle(&mut self, command: &Command, debug: &mut Vec<String>) -> Option<Answer> {
        let reply = self.bot.handle(command);
        // The real binary prints its warnings on stderr with this prefix.
        debug.extend(
            reply
                .warnings
                .into_iter()
                .map(|w| format!("yacht-bot: {w}")),
        );
        reply.answer
    }
}

/// The bot crate's [`Reader`] as an agent: it knows the bot's next bid.
pub struct ReaderAgent {
    target: BotConfig,
    reader: Reader,
}

impl ReaderAgent {
    /// A reader of a bot playing with `target`; it bids for the win where that bot does.
    pub fn new(target: BotConfig) -> ReaderAgent {
        ReaderAgent {
            target,
            reader: Reader::new(target, target, target.win_from_round),
        }
    }
}

impl Agent for ReaderAgent {
    fn label(&self) -> String {
        "reader".to_string()
    }

    fn reset(&mut self, game_seed: u64) {
        // The copy's generator is not the one the read bot uses: a reader cannot know a
        // private seed.
        let copy = BotConfig {
            rng_seed: Some(game_seed.rotate_left(29) ^ 0x007E_ADE7_5EED),
            ..self.target
        };
        self.reader = Reader::new(copy, self.target, self.target.win_from_round);
    }

    fn handle(&mut self, command: &Command, debug: &mut Vec<String>) -> Option<Answer> {
        let reply = self.reader.handle(command);
        debug.extend(reply.warnings.into_iter().map(|w| format!("reader: {w}")));
        reply.answer
    }
}

/// An agent playing in-process.
pub struct InProcess<A: Agent> {
    agent: A,
    /// The answer computed at `send` time, and when it was ready.
    pending: Option<(Answer, Instant)>,
    debug: Vec<String>,
}

impl<A: Agent> InProcess<A> {
    pub fn new(agent: A) -> InProcess<A> {
        InProcess {
            agent,
            pending: None,
            debug: Vec::new(),
        }
    }
}

impl<A: Agent> Player for InProcess<A> {
    fn label(&self) -> String {
        self.agent.label()
    }

    fn start(&mut self, game_seed: u64) -> Result<(), String> {
        self.agent.reset(game_seed);
        self.pending = None;
        self.debug.clear();
        Ok(())
    }

    fn send(&mut self, command: &Command) {
        if let Some(answer) = self.agent.handle(command, &mut self.debug) {
            self.pending = Some((answer, Instant::now()));
        }
    }

    fn receive(&mut self, _deadline: Instant) -> Response {
        match self.pending.take() {
            Some((answer, at)) => Response {
                received: Received::Answer(answer),
                at,
            },
            // An agent that owed an answer and gave none behaves like a closed stdout.
            None => Response {
                received: Received::Closed,
                at: Instant::now(),
            },
        }
    }

    fn take_debug(&mut self, out: &mut Vec<String>) {
        out.append(&mut self.debug);
    }

    fn finish(&mut self) {}
}
