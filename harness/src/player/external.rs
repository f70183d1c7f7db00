//! An external program as a player: a fresh process per game, spoken to over pipes.
//!
//! Two reader threads (stdout, stderr) forward lines over one channel, stamped with the
//! time they arrived; the referee waits on the channel with a deadline on two clocks: the
//! process's CPU time ([`ProcessClock`], read every [`CPU_POLL`] while it waits and when
//! the answer is taken), which is what the judge charges, and the wall clock as a backstop
//! for a program that sleeps or hangs. Stderr lines are kept for the log
//! (`# Debug FIRST: ...`).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use yacht::protocol::Command;

use super::process_clock::ProcessClock;
use super::{Clock, Deadline, Player, Received, Response};

/// How long a finished player may take to exit on its own before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// How often a waiting referee reads the process's CPU clock: a program spinning past its
/// CPU deadline is stopped at most this much wall time later (its verdict is the same).
const CPU_POLL: Duration = Duration::from_millis(10);

const DAY: Duration = Duration::from_secs(24 * 3600);

enum Event {
    Stdout(String, Instant),
    StdoutClosed,
    Stderr(String),
}

struct Running {
    child: Child,
    stdin: Option<ChildStdin>,
    events: Receiver<Event>,
    /// Stdout events taken off the channel while draining stderr, oldest first.
    queued: VecDeque<Event>,
    stdout_closed: bool,
    /// The process's CPU clock (`None`: the system has none; deadlines are wall time).
    clock: Option<ProcessClock>,
    /// Answers taken so far this game (the first one's arrival starts following any
    /// descendants a wrapper started).
    answers: usize,
}

impl Running {
    fn cpu_time(&mut self) -> Option<Duration> {
        self.clock.as_mut().map(ProcessClock::read)
    }

    /// A response stamped now.
    fn response(&mut self, received: Received) -> Response {
        Response {
            received,
            at: Instant::now(),
            cpu_at: self.cpu_time(),
        }
    }
}

/// A command line run as a player.
pub struct ExternalPlayer {
    command_line: String,
    program: String,
    args: Vec<String>,
    running: Option<Running>,
    debug: Vec<String>,
    /// Working directory of the process (the judge runs a submission beside its data.bin).
    dir: Option<std::path::PathBuf>,
}

impl ExternalPlayer {
    /// `command_line` is split on white space (no shell, no quoting): program then arguments.
    pub fn new(command_line: &str) -> Result<ExternalPlayer, String> {
        let mut words = command_line.split_whitespace().map(str::to_string);
        let program = words
            .next()
            .ok_or_else(|| "empty player command".to_string())?;
        Ok(ExternalPlayer {
            command_line: command_line.trim().to_string(),
            program,
            args: words.collect(),
            running: None,
            debug: Vec::new(),
            dir: None,
        })
    }

    /// Runs the program in `dir`; a relative program path is taken from there too.
    pub fn in_dir(mut self, dir: &std::path::Path) -> ExternalPlayer {
        // The child starts in `dir`, where a relative program path would be resolved a
        // second time: make the path absolute so both `dir` forms work.
        let dir = std::path::absolute(dir).unwrap_or_else(|_| dir.to_path_buf());
        let dir = dir.as_path();
        let program = std::path::Path::new(&self.program);
        if program.is_relative() && self.program.contains('/') {
            self.program = dir.join(program).to_string_lossy().into_owned();
        }
        self.dir = Some(dir.to_path_buf());
        self
    }

    fn stop(&mut self) {
        let Some(mut run) = self.running.take() else {
            return;
        };
        // Closing stdin is the polite signal; a player still running after the grace
        // period is killed so a stuck program never stalls the match.
        drop(run.stdin.take());
        let until = Instant::now() + EXIT_GRACE;
        loop {
            match run.child.try_wait() {
                Ok(Some(_)) => break,
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_micros(200)),
                _ => {
                    let _ = run.child.kill();
                    let _ = run.child.wait();
                    break;
                }
            }
        }
        // Whatever stderr said before it exited still belongs to this game.
        while let Ok(event) = run.events.try_recv() {
            if let Event::Stderr(line) = event {
                self.debug.push(line);
            }
        }
    }
}

/// Forwards every line of `source` to `sink`; `wrap` builds the event.
fn forward_lines(
    source: impl Read + Send + 'static,
    sink: Sender<Event>,
    wrap: fn(String, Instant) -> Event,
    on_close: Option<Event>,
) {
    thread::spawn(move || {
        let mut reader = BufReader::new(source);
        let mut bytes = Vec::with_capacity(64);
        loop {
            bytes.clear();
            match reader.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    let at = Instant::now();
                    while bytes.last() == Some(&b'\n') || bytes.last() == Some(&b'\r') {
                        bytes.pop();
                    }
                    let line = String::from_utf8_lossy(&bytes).into_owned();
                    if sink.send(wrap(line, at)).is_err() {
                        return;
                    }
                }
            }
        }
        if let Some(close) = on_close {
            let _ = sink.send(close);
        }
    });
}

impl Player for ExternalPlayer {
    fn label(&self) -> String {
        self.command_line.clone()
    }

    fn start(&mut self, _game_seed: u64) -> Result<(), String> {
        self.stop();
        self.debug.clear();
        let mut process = Process::new(&self.program);
        if let Some(dir) = &self.dir {
            process.current_dir(dir);
        }
        let mut child = process
            .args(&self.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {:?}: {e}", self.command_line))?;
        let (sink, events) = channel();
        if let Some(out) = child.stdout.take() {
            forward_lines(out, sink.clone(), Event::Stdout, Some(Event::StdoutClosed));
        }
        if let Some(err) = child.stderr.take() {
            forward_lines(err, sink, |line, _| Event::Stderr(line), None);
        }
        let stdin = child.stdin.take();
        let clock = ProcessClock::of(child.id());
        self.running = Some(Running {
            child,
            stdin,
            events,
            queued: VecDeque::new(),
            stdout_closed: false,
            clock,
            answers: 0,
        });
        Ok(())
    }

    fn send(&mut self, command: &Command) {
        let Some(run) = self.running.as_mut() else {
            return;
        };
        let Some(stdin) = run.stdin.as_mut() else {
            return;
        };
        // A write error means the player died; its next answer will be `Closed`.
        if writeln!(stdin, "{command}")
            .and_then(|_| stdin.flush())
            .is_err()
        {
            run.stdin = None;
        }
    }

    fn receive(&mut self, deadline: Deadline) -> Response {
        let Some(run) = self.running.as_mut() else {
            return Response {
                received: Received::Closed,
                at: Instant::now(),
                cpu_at: None,
            };
        };
        loop {
            if run.stdout_closed {
                return run.response(Received::Closed);
            }
            let next = match run.queued.pop_front() {
                Some(event) => Ok(event),
                None => {
                    // With a CPU deadline, look at the clock between waits.
                    // A process always has a wall deadline; without one, wait a day.
                    let wall = deadline.wall.unwrap_or_else(|| Instant::now() + DAY);
                    let wait = wall.saturating_duration_since(Instant::now());
                    let wait = match deadline.cpu {
                        Some(_) if run.clock.is_some() => wait.min(CPU_POLL),
                        _ => wait,
                    };
                    run.events.recv_timeout(wait)
                }
            };
            match next {
                Ok(Event::Stdout(line, at)) => {
                    let cpu_at = run.cpu_time();
                    run.answers += 1;
                    if run.answers == 1
                        && let Some(clock) = run.clock.as_mut()
                    {
                        clock.follow_descendants();
                    }
                    return Response {
                        received: Received::Line(line),
                        at,
                        cpu_at,
                    };
                }
                Ok(Event::Stderr(line)) => self.debug.push(line),
                Ok(Event::StdoutClosed) => run.stdout_closed = true,
                Err(RecvTimeoutError::Timeout) => {
                    if let (Some(limit), Some(used)) = (deadline.cpu, run.cpu_time())
                        && used > limit
                    {
                        return Response {
                            received: Received::Timeout(Clock::Cpu),
                            at: Instant::now(),
                            cpu_at: Some(used),
                        };
                    }
                    if deadline.wall.is_some_and(|wall| Instant::now() >= wall) {
                        return run.response(Received::Timeout(Clock::Wall));
                    }
                }
                Err(RecvTimeoutError::Disconnected) => run.stdout_closed = true,
            }
        }
    }

    fn cpu_time(&mut self) -> Option<Duration> {
        self.running.as_mut().and_then(Running::cpu_time)
    }

    fn take_debug(&mut self, out: &mut Vec<String>) {
        if let Some(run) = self.running.as_mut() {
            // Stderr lines that arrived while nobody was waiting; stdout events are kept,
            // in order, for the next receive.
            while let Ok(event) = run.events.try_recv() {
                match event {
                    Event::Stderr(line) => self.debug.push(line),
                    other => run.queued.push_back(other),
                }
            }
        }
        out.append(&mut self.debug);
    }

    fn finish(&mut self) {
        self.stop();
    }
}

impl Drop for ExternalPlayer {
    fn drop(&mut self) {
        self.stop();
    }
}
