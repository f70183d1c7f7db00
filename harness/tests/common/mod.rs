//! Test players: a sample AI whose answers can be rewritten, delayed or dropped.
#![allow(dead_code)]

use std::time::{Duration, Instant};

use harness::player::{InProcess, Player, Received, Response};
use harness::samples::{SampleAi, SampleConfig};
use yacht::game::deal::{parse_deals, Deal};
use yacht::protocol::{Answer, Command};

/// What to do with the inner player's `n`-th answer.
pub enum Twist {
    /// Send this raw line instead.
    Line(String),
    /// Answer after sleeping this long.
    Late(Duration),
    /// Never answer.
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
    sent: Option<Instant>,
}

impl Scripted {
    pub fn new(sample: u8, label: &str, script: Script) -> Scripted {
        let config = SampleConfig::standard(sample).unwrap();
        Scripted {
            inner: InProcess::new(SampleAi::new(config)),
            label: label.to_string(),
            script,
            answers: 0,
            sent: None,
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
        self.inner.start(game_seed)
    }

    fn send(&mut self, command: &Command) {
        self.sent = Some(Instant::now());
        self.inner.send(command);
    }

    fn receive(&mut self, deadline: Instant) -> Response {
        let response = self.inner.receive(deadline);
        let Received::Answer(answer) = &response.received else {
            return response;
        };
        let index = self.answers;
        self.answers += 1;
        match (self.script)(index, answer) {
            None => response,
            Some(Twist::Line(line)) => Response {
                received: Received::Line(line),
                at: Instant::now(),
            },
            Some(Twist::Late(delay)) => {
                std::thread::sleep(delay);
                Response {
                    received: response.received,
                    at: Instant::now(),
                }
            }
            Some(Twist::Closed) => Response {
                received: Received::Closed,
                at: Instant::now(),
            },
            Some(Twist::Silent) => {
                std::thread::sleep(deadline.saturating_duration_since(Instant::now()));
                Response {
                    received: Received::Timeout,
                    at: Instant::now(),
                }
            }
        }
    }

    fn take_debug(&mut self, out: &mut Vec<String>) {
        self.inner.take_debug(out);
    }

    fn finish(&mut self) {}
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
