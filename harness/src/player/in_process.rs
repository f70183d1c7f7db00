//! In-process players: an [`Agent`] answers each command by a plain function call.
//! No pipes, no parsing, no threads: this is what makes thousands of games per second.
//! Each call is charged the CPU time of the thread that runs it ([`yacht::clock`]), as
//! the judge would charge a program that spent it.

use std::time::{Duration, Instant};

use yacht::clock::CpuInstant;
use yacht::engine::{Bot, BotConfig, Reply};
use yacht::game::Agent;
use yacht::protocol::{Answer, Command};
use yacht::rules::auction::SealedBid;

use super::{Deadline, Player, Received, Response};

/// The bot crate's [`Bot`] as an agent whose private generator is seeded by the game.
#[derive(Clone)]
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

    fn handle(&mut self, command: &Command) -> Reply {
        self.bot.handle(command)
    }

    fn drawn_among(&self) -> Vec<SealedBid> {
        Agent::drawn_among(&self.bot)
    }

    fn fork(&self) -> Option<Box<dyn Agent + Send>> {
        Some(Box::new(self.clone()))
    }

    fn bid_instead(&mut self, bid: SealedBid) -> bool {
        self.bot.bid_instead(bid.group, bid.amount);
        true
    }
}

/// An agent playing in-process.
pub struct InProcess<A: Agent + Send> {
    agent: A,
    /// The answer computed at `send` time, when it was ready, and the CPU time spent so
    /// far then.
    pending: Option<(Answer, Instant, Duration)>,
    /// The CPU time the agent's calls have used this game.
    cpu_spent: Duration,
    /// Whether this platform has a thread CPU clock ([`yacht::clock::is_cpu_time`]).
    cpu_clock: bool,
    debug: Vec<String>,
    /// Put before each of the agent's warnings in the log.
    warning_prefix: &'static str,
}

impl<A: Agent + Send> InProcess<A> {
    pub fn new(agent: A) -> InProcess<A> {
        InProcess::with_prefix(agent, "")
    }

    /// An agent whose warnings are logged after `prefix` (the real binary prints its
    /// warnings on stderr after `yacht-bot: `).
    pub fn with_prefix(agent: A, prefix: &'static str) -> InProcess<A> {
        InProcess {
            agent,
            pending: None,
            cpu_spent: Duration::ZERO,
            cpu_clock: yacht::clock::is_cpu_time(),
            debug: Vec::new(),
            warning_prefix: prefix,
        }
    }
}

impl<A: Agent + Send> Player for InProcess<A> {
    fn label(&self) -> String {
        self.agent.label()
    }

    fn start(&mut self, game_seed: u64) -> Result<(), String> {
        self.agent.reset(game_seed);
        self.pending = None;
        self.cpu_spent = Duration::ZERO;
        self.debug.clear();
        Ok(())
    }

    fn send(&mut self, command: &Command) {
        let start = CpuInstant::now();
        let reply = self.agent.handle(command);
        self.cpu_spent += start.elapsed();
        let prefix = self.warning_prefix;
        self.debug
            .extend(reply.warnings.into_iter().map(|w| format!("{prefix}{w}")));
        if let Some(answer) = reply.answer {
            self.pending = Some((answer, Instant::now(), self.cpu_spent));
        }
    }

    fn receive(&mut self, _deadline: Deadline) -> Response {
        // The answer was computed in `send`; a late one is judged by its times.
        match self.pending.take() {
            Some((answer, at, cpu)) => Response {
                received: Received::Answer(answer),
                at,
                cpu_at: self.cpu_clock.then_some(cpu),
            },
            // An agent that owed an answer and gave none behaves like a closed stdout.
            None => Response {
                received: Received::Closed,
                at: Instant::now(),
                cpu_at: self.cpu_time(),
            },
        }
    }

    fn cpu_time(&mut self) -> Option<Duration> {
        self.cpu_clock.then_some(self.cpu_spent)
    }

    fn take_debug(&mut self, out: &mut Vec<String>) {
        out.append(&mut self.debug);
    }

    fn finish(&mut self) {}

    fn drawn_among(&self) -> Vec<SealedBid> {
        self.agent.drawn_among()
    }

    fn can_block(&self) -> bool {
        false
    }
}
