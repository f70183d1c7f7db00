//! The CPU clock of an external player's process: what the judge charges it.
//!
//! Linux gives every process a CPU clock that any process of the same user may read
//! (`clock_getcpuclockid`, then `clock_gettime`): the user and system time of all its
//! threads, exited ones included, in nanoseconds from the scheduler's own accounting (not
//! the 10 ms ticks of `/proc/PID/stat`). One read costs about a microsecond.
//!
//! A wrapper (`cmd:sh run.sh`) may run the real program as a child rather than `exec` it;
//! the judge runs one program, and a child's time would otherwise go uncharged. So after
//! the player's first answer (`READY`'s, by when any wrapper has started its program) the
//! clock also follows every descendant found then in `/proc`, and a descendant that has
//! exited keeps the time it had at its last reading. Children started later are not
//! followed (a program that starts one per answer is charged for itself only).
//!
//! Where there is no such clock (not Linux, or the call fails) [`ProcessClock::of`]
//! returns `None` and the player's deadlines are wall time, with a one-line warning.

use std::sync::Once;
use std::time::Duration;

/// One process followed by the clock: its id, its CPU clock and its last reading.
#[derive(Clone, Copy, Debug)]
struct Member {
    pid: u32,
    clock: libc::clockid_t,
    last: Duration,
}

/// The summed CPU clocks of a process and the descendants it had after its first answer.
#[derive(Debug)]
pub struct ProcessClock {
    members: Vec<Member>,
    followed_children: bool,
}

impl ProcessClock {
    /// The clock of process `pid`, or `None` where the system has none (warned once per
    /// run on stderr).
    pub fn of(pid: u32) -> Option<ProcessClock> {
        match member(pid) {
            Some(root) => Some(ProcessClock {
                members: vec![root],
                followed_children: false,
            }),
            None => {
                static WARNING: Once = Once::new();
                WARNING.call_once(|| {
                    eprintln!(
                        "harness: no CPU clock for player processes on this system; their deadlines are wall time"
                    )
                });
                None
            }
        }
    }

    /// The CPU time used so far by the process and the descendants followed.
    pub fn read(&mut self) -> Duration {
        let mut total = Duration::ZERO;
        for m in &mut self.members {
            if let Some(now) = read_clock(m.clock) {
                m.last = m.last.max(now);
            }
            total += m.last;
        }
        total
    }

    /// Starts following the process's descendants, once (later calls do nothing).
    pub fn follow_descendants(&mut self) {
        if std::mem::replace(&mut self.followed_children, true) {
            return;
        }
        let Some(root) = self.members.first().map(|m| m.pid) else {
            return;
        };
        for pid in descendants(root) {
            if let Some(m) = member(pid) {
                self.members.push(m);
            }
        }
    }

    /// How many processes the clock follows (the process and its descendants).
    pub fn processes(&self) -> usize {
        self.members.len()
    }
}

fn member(pid: u32) -> Option<Member> {
    let clock = cpu_clock_of(pid)?;
    let last = read_clock(clock)?;
    Some(Member { pid, clock, last })
}

#[cfg(target_os = "linux")]
fn cpu_clock_of(pid: u32) -> Option<libc::clockid_t> {
    let pid = libc::pid_t::try_from(pid).ok()?;
    let mut clock: libc::clockid_t = 0;
    // SAFETY: `clock_getcpuclockid` writes one `clockid_t` through the pointer, which
    // points at a live local of that type; it has no other effect.
    let status = unsafe { libc::clock_getcpuclockid(pid, &mut clock) };
    (status == 0).then_some(clock)
}

#[cfg(not(target_os = "linux"))]
fn cpu_clock_of(_pid: u32) -> Option<libc::clockid_t> {
    None
}

fn read_clock(clock: libc::clockid_t) -> Option<Duration> {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `clock_gettime` writes one `timespec` through the pointer, which points at a
    // live local of that type; an unknown or stale clock id (an exited process) makes it
    // return an error, which is checked, and has no other effect.
    let status = unsafe { libc::clock_gettime(clock, &mut time) };
    if status != 0 {
        return None;
    }
    let secs = u64::try_from(time.tv_sec).ok()?;
    let nanos = u32::try_from(time.tv_nsec)
        .ok()
        .filter(|&n| n < 1_000_000_000)?;
    Some(Duration::new(secs, nanos))
}

/// Every live descendant of `root`, from the parent ids in `/proc/*/stat` (empty without
/// `/proc`).
fn descendants(root: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let parents: Vec<(u32, u32)> = entries
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter_map(|pid| Some((pid, parent_of(pid)?)))
        .collect();
    let mut found = Vec::new();
    let mut frontier = vec![root];
    while let Some(parent) = frontier.pop() {
        for &(pid, ppid) in &parents {
            if ppid == parent && pid != root && !found.contains(&pid) {
                found.push(pid);
                frontier.push(pid);
            }
        }
    }
    found
}

/// The parent id in `/proc/PID/stat`: the field after the state, which follows the
/// command name in parentheses (the name itself may hold spaces and parentheses).
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after_name = &stat[stat.rfind(')')? + 1..];
    after_name.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::process::{Command, Stdio};

    /// Polls `done` every 10 ms for up to 30 s of wall time (a busy machine gives a new
    /// process its first CPU late): whether it held.
    fn within_a_while(mut done: impl FnMut() -> bool) -> bool {
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while std::time::Instant::now() < deadline {
            if done() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        done()
    }

    #[test]
    fn a_sleeping_process_uses_no_cpu_and_a_spinning_one_does() {
        let mut sleeper = Command::new("sleep").arg("0.3").spawn().unwrap();
        let mut clock = ProcessClock::of(sleeper.id()).unwrap();
        let before = clock.read();
        std::thread::sleep(Duration::from_millis(150));
        assert!(clock.read() - before < Duration::from_millis(20));
        sleeper.wait().unwrap();

        // A shell that runs a spinning grandchild (nothing exec'd): charged once the
        // descendants are followed. The spinner stops itself after a second of CPU
        // (`ulimit -t`), however long a busy machine takes to give it that; `timeout`
        // bounds it in wall time too. No step waits a fixed time for the CPU: each polls.
        let mut wrapper = Command::new("sh")
            .args([
                "-c",
                "timeout 60 sh -c 'ulimit -t 1; while :; do :; done'; true",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut clock = ProcessClock::of(wrapper.id()).unwrap();
        let alone = clock.read();
        // The clock follows the descendants there are when asked (once): wait for both.
        assert!(
            within_a_while(|| descendants(wrapper.id()).len() == 2),
            "timeout and the spinning sh"
        );
        clock.follow_descendants();
        assert_eq!(clock.processes(), 3, "sh, timeout and the spinning sh");
        assert!(
            within_a_while(|| clock.read() > alone),
            "the spinning descendant is charged"
        );
        let start = clock.read();
        let mut spent = Duration::ZERO;
        assert!(
            within_a_while(|| {
                spent = clock.read() - start;
                spent > Duration::from_millis(100)
            }),
            "{spent:?}"
        );
        wrapper.wait().unwrap();
        // Exited: the readings taken stand.
        assert!(clock.read() >= start + spent);
    }

    #[test]
    fn a_child_is_found_by_its_parent_id() {
        let mut child = Command::new("sleep").arg("0.2").spawn().unwrap();
        assert_eq!(parent_of(child.id()), Some(std::process::id()));
        assert!(descendants(std::process::id()).contains(&child.id()));
        child.wait().unwrap();
    }
}
