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

use std::time::Duration;

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
}
