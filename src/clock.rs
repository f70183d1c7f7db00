//! The clock the judge charges: the CPU time of the calling thread, std only.
//!
//! The contest judge limits each answer by the CPU time the program spent on it, not by
//! the time that passed (`../shared/RULES.md`). The bot is one thread, so its thread's
//! CPU clock is exactly what the judge counts; on a machine busy with other work it runs
//! slower than the wall clock and never faster, so a search cut on it plays the same
//! rollouts whatever else the machine does. In-process players of the harness run on
//! worker threads that also run the referee and other games, so the thread's clock, read
//! around each decision, is also how the harness charges them.
//!
//! Linux's `CLOCK_THREAD_CPUTIME_ID` counts user and system time in nanoseconds (the
//! scheduler's own accounting, not the 10 ms ticks of `/proc/PID/stat`). Elsewhere, or if
//! the call fails, the clock falls back to the wall clock since the first reading, which is
//! never less than the CPU time, so a deadline on it is never later than the judge's.
//!
//! The judge's clock is not the only one a bot answers to: the official testing tool, and
//! most referees a contestant writes, time each answer by the wall clock from the moment
//! the command was written. On a machine doing other work the two part (a bot given a
//! quarter of a core spends 100 ms of CPU in 400 ms of wall time), so a search stops at
//! whichever of its two budgets runs out first ([`Deadline`]): on the judge's dedicated
//! core they coincide and the CPU budget decides, as before.

use std::time::{Duration, Instant};

/// A reading of the calling thread's CPU clock (or of the wall-clock fallback), comparable
/// with readings of the same thread only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CpuInstant(Duration);

impl CpuInstant {
    /// The calling thread's CPU time now.
    pub fn now() -> CpuInstant {
        CpuInstant(thread_cpu_time().unwrap_or_else(wall_since_first_reading))
    }

    /// CPU time spent since `earlier` (zero if `earlier` is later).
    pub fn saturating_duration_since(self, earlier: CpuInstant) -> Duration {
        self.0.saturating_sub(earlier.0)
    }

    /// CPU time spent since this reading.
    pub fn elapsed(self) -> Duration {
        CpuInstant::now().saturating_duration_since(self)
    }
}

impl std::ops::Add<Duration> for CpuInstant {
    type Output = CpuInstant;
    fn add(self, rhs: Duration) -> CpuInstant {
        CpuInstant(self.0.saturating_add(rhs))
    }
}

/// When an answer's clocks started: the wall-clock instant the command was read and the
/// thread's CPU clock then (the protocol loop takes it as each line arrives).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AnswerStart {
    pub wall: Instant,
    pub cpu: CpuInstant,
}

impl AnswerStart {
    /// Both clocks now.
    pub fn now() -> AnswerStart {
        AnswerStart {
            wall: Instant::now(),
            cpu: CpuInstant::now(),
        }
    }
}

/// The clock that stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopClock {
    /// The CPU budget (the judge's clock).
    Cpu,
    /// The wall-clock budget (a referee that times the answer as it waits for it).
    Wall,
}

/// A wall-clock budget for an answer: the answer must be written within `budget` of
/// `start.wall`, and the search before it stops early enough for the work that follows
/// (`after_cpu` of CPU time) to fit, at the pace CPU time has passed since the command was
/// read. On an idle core that pace is 1 and the reserve is `after_cpu`; given a quarter
/// of a core, four times as much.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallBudget {
    pub start: AnswerStart,
    pub budget: Duration,
    pub after_cpu: Duration,
}

/// How much slower than CPU time the wall clock may be taken to run, at most: a cap on
/// the reserve, so that a bot descheduled for a moment right after the command does not
/// give up its whole search.
pub const SLOWDOWN_MAX: f64 = 8.0;

impl WallBudget {
    /// Whether the search must stop now: the wall time spent, plus the work that follows
    /// at the pace seen so far, reaches the budget.
    fn spent(&self) -> bool {
        let wall = self.start.wall.elapsed();
        let cpu = self.start.cpu.elapsed();
        // Wall time per CPU time since the command: 1 on an idle core, more on a busy one.
        let slowdown = if cpu.is_zero() {
            1.0
        } else {
            (wall.as_secs_f64() / cpu.as_secs_f64()).clamp(1.0, SLOWDOWN_MAX)
        };
        wall + self.after_cpu.mul_f64(slowdown) >= self.budget
    }
}

/// When a search must stop: at a CPU-time instant (the judge's clock), or when a wall-clock
/// budget is spent, whichever comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    pub cpu: CpuInstant,
    pub wall: Option<WallBudget>,
}

impl Deadline {
    /// The clock that has run out, if one has.
    pub fn passed(&self) -> Option<StopClock> {
        if CpuInstant::now() >= self.cpu {
            Some(StopClock::Cpu)
        } else if self.wall.is_some_and(|w| w.spent()) {
            Some(StopClock::Wall)
        } else {
            None
        }
    }

    /// A deadline half of the time left from now on both clocks (for the first of two
    /// searches that share the budget).
    pub fn halfway(&self) -> Deadline {
        let now = CpuInstant::now();
        Deadline {
            cpu: now + self.cpu.saturating_duration_since(now) / 2,
            wall: self.wall.map(|w| {
                let left = w.budget.saturating_sub(w.start.wall.elapsed());
                WallBudget {
                    budget: w.budget.saturating_sub(left / 2),
                    ..w
                }
            }),
        }
    }
}

/// Whether this build reads a real CPU clock (the judge's platform does); `false` where
/// [`CpuInstant`] falls back to the wall clock.
pub fn is_cpu_time() -> bool {
    thread_cpu_time().is_some()
}

/// The wall clock since the process first asked for it: the fallback.
fn wall_since_first_reading() -> Duration {
    static FIRST: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    FIRST.get_or_init(std::time::Instant::now).elapsed()
}

#[cfg(target_os = "linux")]
fn thread_cpu_time() -> Option<Duration> {
    /// `struct timespec` of 64-bit Linux (and of 32-bit Linux with 64-bit time: the
    /// fields are read as the platform's `long` below).
    #[repr(C)]
    struct Timespec {
        tv_sec: std::ffi::c_long,
        tv_nsec: std::ffi::c_long,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: std::ffi::c_int, time: *mut Timespec) -> std::ffi::c_int;
    }
    /// `CLOCK_THREAD_CPUTIME_ID` in Linux's `<time.h>`.
    const CLOCK_THREAD_CPUTIME_ID: std::ffi::c_int = 3;
    let mut time = Timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` is the C library's (std links it on Linux) and only writes
    // one `struct timespec` through the pointer, which points at a live, properly aligned
    // `Timespec` of the platform's layout (two `long`s). It has no other effect.
    let status = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    let (secs, nanos) = (u64::try_from(time.tv_sec).ok()?, time.tv_nsec);
    if status != 0 || !(0..1_000_000_000).contains(&nanos) {
        return None;
    }
    Some(Duration::new(secs, nanos as u32))
}

#[cfg(not(target_os = "linux"))]
fn thread_cpu_time() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spins until the thread has used `cpu` of CPU time.
    fn spin(cpu: Duration) {
        let start = CpuInstant::now();
        let mut x = 0u64;
        while start.elapsed() < cpu {
            x = std::hint::black_box(x.wrapping_mul(31).wrapping_add(7));
        }
    }

    #[test]
    fn the_cpu_clock_counts_work() {
        let start = CpuInstant::now();
        spin(Duration::from_millis(30));
        let spent = start.elapsed();
        assert!(spent >= Duration::from_millis(30), "{spent:?}");
        assert!(spent < Duration::from_millis(500), "{spent:?}");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn sleeping_costs_no_cpu_time() {
        assert!(is_cpu_time(), "Linux has a thread CPU clock");
        let start = CpuInstant::now();
        std::thread::sleep(Duration::from_millis(100));
        let spent = start.elapsed();
        // A wall-clock fallback would read at least 100 ms here.
        assert!(spent < Duration::from_millis(20), "{spent:?}");
    }

    #[test]
    fn readings_only_move_forward() {
        let a = CpuInstant::now();
        let b = CpuInstant::now();
        assert!(b >= a);
        assert_eq!(a.saturating_duration_since(b), Duration::ZERO);
        assert_eq!(
            (a + Duration::from_millis(5)).saturating_duration_since(a),
            Duration::from_millis(5)
        );
    }

    /// A budget whose answer started `ago` on the wall clock and now on the CPU clock.
    fn started_ago(ago: Duration, budget_ms: u64, after_ms: u64) -> WallBudget {
        let now = Instant::now();
        WallBudget {
            start: AnswerStart {
                wall: now.checked_sub(ago).unwrap_or(now),
                cpu: CpuInstant::now(),
            },
            budget: Duration::from_millis(budget_ms),
            after_cpu: Duration::from_millis(after_ms),
        }
    }

    #[test]
    fn a_starved_answer_keeps_a_larger_reserve() {
        // 100 ms of wall time and next to no CPU time: the pace is the cap, so 10 ms of
        // work to follow needs 80 ms of wall time and a 150 ms budget is spent.
        assert!(started_ago(Duration::from_millis(100), 150, 10).spent());
        // Without work to follow, 50 ms are left.
        assert!(!started_ago(Duration::from_millis(100), 150, 0).spent());
    }

    #[test]
    fn on_an_idle_core_the_reserve_is_the_work_that_follows() {
        let budget = started_ago(Duration::ZERO, 150, 10);
        spin(Duration::from_millis(30));
        // Wall time and CPU time kept pace (unless this machine is busy): 30 + 10 < 150.
        if budget.start.wall.elapsed() < Duration::from_millis(60) {
            assert!(!budget.spent());
        }
        let deadline = Deadline {
            cpu: CpuInstant::now() + Duration::from_secs(60),
            wall: Some(budget),
        };
        let half = deadline.halfway();
        let w = half.wall.unwrap();
        // Half of what was left: ends between the start and the full budget.
        assert!(w.budget < budget.budget && w.budget > budget.start.wall.elapsed());
        assert!(half.cpu < deadline.cpu);
        assert_eq!(
            Deadline {
                cpu: CpuInstant::now(),
                wall: None
            }
            .passed(),
            Some(StopClock::Cpu)
        );
    }
}
