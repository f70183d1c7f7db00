//! Test players: a sample AI whose answers can be rewritten, delayed or dropped.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use harness::player::{Clock, Deadline, InProcess, Player, Received, Response};
use harness::samples::{SampleAi, SampleConfig};
use yacht::clock::CpuInstant;
use yacht::game::deal::{parse_deals, Deal};
use yacht::protocol::{Answer, Command};

/// What to do with the inner player's `n`-th answer.
pub enum Twist {
    /// Send this raw line instead.
    Line(String),
    /// Answer after sleeping this long (wall time, no CPU time).
    Sleep(Duration),
    /// Answer after spinning this much CPU time.
    Spin(Duration),
    /// Never answer (wait out the wall-clock deadline).
    Silent,
    /// Behave like a program whose stdout closed.
    Closed,
}

/// Chooses a twist from (answer index, the inner answer); `None` keeps the answer.
pub type Script = Box<dyn FnMut(usize, &Answer) -> Option<Twist> + Send>;

/// A sample AI with a script.
pub struct Scripted {
    inner: InProcess<SampleAi>,
    label: String,
    script: Script,
    answers: usize,
    /// CPU time spent spinning this game, on top of the inner player's.
    spun: Duration,
}

impl Scripted {
    pub fn new(sample: u8, label: &str, script: Script) -> Scripted {
        let config = SampleConfig::standard(sample).unwrap();
        Scripted {
            inner: InProcess::new(SampleAi::new(config)),
            label: label.to_string(),
            script,
            answers: 0,
            spun: Duration::ZERO,
        }
    }

    /// Rewrites every answer of one kind by a fixed line.
    pub fn always(sample: u8, label: &str, keyword: &'static str, line: &str) -> Scripted {
        let line = line.to_string();
        Scripted::new(
            sample,
            label,
            Box::new(move |_, answer| {
                answer
                    .to_string()
                    .starts_with(keyword)
                    .then(|| Twist::Line(line.clone()))
            }),
        )
    }
}

impl Player for Scripted {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn start(&mut self, game_seed: u64) -> Result<(), String> {
        self.answers = 0;
        self.spun = Duration::ZERO;
        self.inner.start(game_seed)
    }

    fn send(&mut self, command: &Command) {
        self.inner.send(command);
    }

    fn receive(&mut self, deadline: Deadline) -> Response {
        let response = self.inner.receive(deadline);
        let Received::Answer(answer) = &response.received else {
            return response;
        };
        let index = self.answers;
        self.answers += 1;
        let twist = (self.script)(index, answer);
        let received = match twist {
            None => return response,
            Some(Twist::Line(line)) => Received::Line(line),
            Some(Twist::Sleep(delay)) => {
                std::thread::sleep(delay);
                response.received
            }
            Some(Twist::Spin(cpu)) => {
                let start = CpuInstant::now();
                let mut x = 0u64;
                while start.elapsed() < cpu {
                    x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(1));
                }
                self.spun += start.elapsed();
                response.received
            }
            Some(Twist::Closed) => Received::Closed,
            Some(Twist::Silent) => {
                let wall = deadline
                    .wall
                    .expect("a player that can block has a backstop");
                std::thread::sleep(wall.saturating_duration_since(Instant::now()));
                Received::Timeout(Clock::Wall)
            }
        };
        Response {
            received,
            at: Instant::now(),
            cpu_at: self.cpu_time(),
        }
    }

    fn cpu_time(&mut self) -> Option<Duration> {
        Some(self.inner.cpu_time()? + self.spun)
    }

    fn take_debug(&mut self, out: &mut Vec<String>) {
        self.inner.take_debug(out);
    }

    fn finish(&mut self) {}

    // It stands for a program: it sleeps and hangs as one can.
}

/// A deal from 12 `aaaaa bbbbb t` lines.
pub fn deal(text: &str) -> Deal {
    parse_deals(text).unwrap()[0]
}

/// A deal whose every round is `a b t`.
pub fn constant_deal(a: &str, b: &str, t: u8) -> Deal {
    deal(&format!("{a} {b} {t}\n").repeat(12))
}

/// The golden input (tests/data/golden-input.txt).
pub fn golden_deal() -> Deal {
    deal(include_str!("../data/golden-input.txt"))
}

/// The bot binary next to this test's harness binary, (re)built with the same profile so
/// that it is the same code as the in-process bot (cargo makes this a no-op when it is up
/// to date, as it is after `cargo test`, which builds the workspace's binaries).
pub fn bot_binary() -> std::path::PathBuf {
    let release_dir = std::path::Path::new(env!("CARGO_BIN_EXE_harness"))
        .parent()
        .unwrap()
        .to_path_buf();
    let bot = release_dir.join("yacht-bot");
    {
        let target_dir = release_dir.parent().unwrap();
        let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap();
        let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string());
        // The profile is the folder's name (`debug` is the `dev` profile's).
        let profile = match release_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") | None => "dev",
            Some(name) => name,
        };
        let status = std::process::Command::new(cargo)
            .args([
                "build",
                "--profile",
                profile,
                "-p",
                "yacht-auction",
                "--bin",
                "yacht-bot",
            ])
            .env("CARGO_TARGET_DIR", target_dir)
            .current_dir(workspace)
            .status()
            .unwrap();
        assert!(status.success(), "building yacht-bot failed");
    }
    bot
}
