//! The referee's clock is the judge's: an answer is late by the CPU time the player spent
//! on it, and a wall-clock backstop catches only a player that sleeps or hangs. The
//! players are real processes (`tests/data/timed_player.py`), timed by the kernel.
//!
//! The load test starts its own busy loops; the other tests here hold whatever load it
//! puts beside them, since their verdicts must not depend on it either.
//!
//! The bot itself answers to both clocks: under a wall-clock referee (the official
//! testing tool's), given a third of a core, it is still never late.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use std::process::{Child, Command as Process, Stdio};

use harness::player::PlayerSpec;
use harness::referee::{play_game, AbortReason, AnswerKind, Clock, GameRecord, RefereeOptions};
use yacht::game::Deal;

const PLAYER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/timed_player.py");

fn play(args: &str, deal: &Deal, options: &RefereeOptions) -> GameRecord {
    let spec = format!("cmd:python3 {PLAYER} {args}");
    let mut timed = spec.parse::<PlayerSpec>().unwrap().build().unwrap();
    let mut sample = "sample:3".parse::<PlayerSpec>().unwrap().build().unwrap();
    play_game(timed.as_mut(), sample.as_mut(), [1, 2], deal, options).unwrap()
}

/// The timed player's (first seat's) answers on `clock`, microseconds, in order.
fn answers(record: &GameRecord, clock: Clock) -> Vec<u32> {
    let times = record.times[0].clock(clock);
    let mut all = times.micros[AnswerKind::Ready as usize].clone();
    all.extend(times.decisions.iter().map(|&(_, us)| us));
    all
}

#[test]
fn sleeping_is_not_a_cpu_time_out_but_the_backstop_catches_it() {
    let deal = Deal::from_seed(5, 0);
    // 0.6 s asleep before every answer (over the 0.5 s a bid may take), no CPU time: the
    // judge lets it play.
    let record = play("sleep=0.6", &deal, &RefereeOptions::default());
    assert_eq!(record.abort, None, "{:?}", record.late_clock);
    let (wall, cpu) = (answers(&record, Clock::Wall), answers(&record, Clock::Cpu));
    assert_eq!(wall.len(), 25);
    assert!(wall.iter().all(|&us| us >= 600_000), "{wall:?}");
    // The first answer holds the interpreter's start (over 100 ms of CPU seen on a busy
    // machine); every later one is asleep.
    assert!(cpu[1..].iter().all(|&us| us < 100_000), "{cpu:?}");
    // A backstop of 1.1 deadlines (0.55 s for a bid) is shorter than the sleep: a
    // time-out of its own, on the wall clock, at the first bid.
    let options = RefereeOptions {
        wall_backstop: 1.1,
        write_log: true,
        ..RefereeOptions::default()
    };
    let record = play("sleep=0.6", &deal, &options);
    assert_eq!(record.abort, Some((0, AbortReason::Tle)));
    assert_eq!(record.late_clock, Some(Clock::Wall));
    assert_eq!(record.abort_at, Some((AnswerKind::Bid, 1)));
    assert!(record.log.unwrap().ends_with("ABORT FIRST TLE\n"));
}

#[test]
fn spinning_past_the_deadline_is_a_cpu_time_out() {
    // 0.6 s of CPU before the first bid (answer 1), with 0.5 s allowed.
    let options = RefereeOptions {
        write_log: true,
        ..RefereeOptions::default()
    };
    let record = play("spin=0.6 at=1", &Deal::from_seed(5, 1), &options);
    assert_eq!(record.abort, Some((0, AbortReason::Tle)));
    assert_eq!(record.late_clock, Some(Clock::Cpu));
    assert_eq!(record.abort_at, Some((AnswerKind::Bid, 1)));
    assert!(record.log.unwrap().ends_with("ABORT FIRST TLE\n"));
    // The same spin before READY's answer (3 s allowed) is in time.
    let record = play("spin=0.6 at=0", &Deal::from_seed(5, 1), &options);
    assert_eq!(record.abort, None);
    assert!(answers(&record, Clock::Cpu)[0] >= 600_000);
}

/// Busy loops on every core and then as many again, stopped when dropped.
struct Load {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Load {
    fn start(loops: usize) -> Load {
        let stop = Arc::new(AtomicBool::new(false));
        let threads = (0..loops)
            .map(|_| {
                let stop = Arc::clone(&stop);
                std::thread::spawn(move || {
                    let mut x = 0u64;
                    while !stop.load(Ordering::Relaxed) {
                        x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(1));
                    }
                })
            })
            .collect();
        Load { stop, threads }
    }
}

impl Drop for Load {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

#[test]
fn cpu_deadlines_hold_on_a_loaded_machine() {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let _load = Load::start(2 * cores);
    // 0.2 s of CPU before every answer: 100 answers in 4 games played at once (each
    // player then gets a quarter of a core or less), at the judge's deadlines.
    let games: Vec<_> = (0..4)
        .map(|game| {
            std::thread::spawn(move || {
                play(
                    "spin=0.2",
                    &Deal::from_seed(6, game),
                    &RefereeOptions::default(),
                )
            })
        })
        .collect();
    let mut wall = Vec::new();
    for (game, record) in games.into_iter().enumerate() {
        let record = record.join().unwrap();
        assert_eq!(record.abort, None, "game {game}: {:?}", record.late_clock);
        let cpu = answers(&record, Clock::Cpu);
        assert_eq!(cpu.len(), 25);
        assert!(
            cpu.iter().all(|&us| (200_000..500_000).contains(&us)),
            "{cpu:?}"
        );
        wall.extend(answers(&record, Clock::Wall));
    }
    // The load was real: a wall-clock referee would have ended some of these games.
    let late = wall.iter().filter(|&&us| us > 500_000).count();
    eprintln!(
        "{late} of {} answers over 0.5 s of wall time (max {} ms)",
        wall.len(),
        wall.iter().max().unwrap() / 1000
    );
    assert!(late > 0, "{wall:?}");
}

/// The first CPU this process may run on (Linux: `/proc/self/status`).
fn first_allowed_cpu() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let list = status
        .lines()
        .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
        .expect("Cpus_allowed_list in /proc/self/status");
    let first = list.trim().split([',', '-']).next().unwrap();
    first.parse().unwrap()
}

/// A busy loop pinned to one CPU, killed when dropped.
struct PinnedHog(Child);

impl PinnedHog {
    fn start(cpu: usize) -> PinnedHog {
        let child = Process::new("taskset")
            .args(["-c", &cpu.to_string(), "sh", "-c", "while :; do :; done"])
            .stdout(Stdio::null())
            .spawn()
            .expect("taskset (util-linux) starts a pinned busy loop");
        PinnedHog(child)
    }
}

impl Drop for PinnedHog {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn the_bot_is_never_late_on_the_wall_clock_with_a_third_of_a_core() {
    let bot = common::bot_binary();
    let cpu = first_allowed_cpu();
    // Both bots and a busy loop on one CPU: each bot gets a third of it while they bid
    // (they think at the same time), so a search that fills its CPU budget takes three
    // times as long on the wall clock. The referee times answers as the official testing
    // tool does, by the wall clock from the moment it wrote the command, 0.5 s each.
    let _hog = PinnedHog::start(cpu);
    let spec = format!("cmd:taskset -c {cpu} {}", bot.display());
    let options = RefereeOptions {
        clock: Clock::Wall,
        ..RefereeOptions::default()
    };
    let (mut wall_ms, mut cpu_ms) = (0.0, 0.0);
    for game in 0..2 {
        let mut first = spec.parse::<PlayerSpec>().unwrap().build().unwrap();
        let mut second = spec.parse::<PlayerSpec>().unwrap().build().unwrap();
        let deal = Deal::from_seed(45, game);
        let record = play_game(first.as_mut(), second.as_mut(), [1, 2], &deal, &options).unwrap();
        assert_eq!(record.abort, None, "game {game}: {:?}", record.abort_at);
        for seat in 0..2 {
            let wall = &record.times[seat].clock(Clock::Wall).decisions;
            let cpu = &record.times[seat].clock(Clock::Cpu).decisions;
            assert_eq!(wall.len(), 24);
            let slowest = wall.iter().map(|&(_, us)| us).max().unwrap();
            assert!(slowest < 500_000, "seat {seat}: {slowest} us");
            wall_ms += wall.iter().map(|&(_, us)| us as f64 / 1000.0).sum::<f64>();
            cpu_ms += cpu.iter().map(|&(_, us)| us as f64 / 1000.0).sum::<f64>();
        }
    }
    // The load was real: the bots got well under a core while they thought.
    eprintln!("{wall_ms:.0} ms of wall time for {cpu_ms:.0} ms of CPU time");
    assert!(wall_ms > 2.0 * cpu_ms, "{wall_ms} ms wall, {cpu_ms} ms CPU");
}
