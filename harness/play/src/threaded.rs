//! A player on a thread of its own, so that it thinks while the person decides.
//!
//! The referee delivers `ROLL` to both seats before it asks either for its bid; an
//! in-process bot computes its answer when the command is delivered. Wrapped here, the
//! delivery returns at once and the bot's thread works while the page shows the roll, off
//! the request threads and at a lower priority than them (a busy server answers the page
//! first). Every call is a message to that thread, answered in order.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Condvar, LazyLock, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use harness::player::{Deadline, Player, Received, Response};
use yacht::protocol::Command;

/// What the referee asks of the player, carried to its thread.
enum Call {
    Start(u64, Sender<Result<(), String>>),
    Send(Command),
    Receive(Deadline, Sender<Response>),
    CpuTime(Sender<Option<Duration>>),
    TakeDebug(Sender<Vec<String>>),
    Finish(Sender<()>),
}

/// A [`Player`] whose calls run on its own thread.
pub struct Threaded {
    label: String,
    /// The player's [`Player::can_block`].
    can_block: bool,
    calls: Sender<Call>,
    thread: Option<JoinHandle<()>>,
}

/// The niceness of the players' threads: below the server's own threads.
const PLAYER_NICENESS: i32 = 10;

impl Threaded {
    pub fn new(player: Box<dyn Player>) -> Threaded {
        let label = player.label();
        let can_block = player.can_block();
        let (calls, inbox) = channel();
        let thread = std::thread::Builder::new()
            .name(format!("player {label}"))
            .spawn(move || serve(player, inbox))
            .ok();
        Threaded {
            label,
            can_block,
            calls,
            thread,
        }
    }

    /// Sends `call` built around a reply channel and waits for the reply; `None` if the
    /// player's thread is gone.
    fn ask<T>(&self, call: impl FnOnce(Sender<T>) -> Call) -> Option<T> {
        let (reply, answer) = channel();
        self.calls.send(call(reply)).ok()?;
        answer.recv().ok()
    }
}

/// At most one thinking thread per core (a player's decision, a replay page, a hint): with
/// fifty games in progress, fifty threads thinking at once would each wait its turn on two
/// cores, and so would the requests between them. Queued here instead, the work is done
/// as fast in all and the scheduler has few threads to share the cores with the requests.
pub struct ThinkingSlots {
    free: Mutex<usize>,
    freed: Condvar,
}

pub static SLOTS: LazyLock<ThinkingSlots> = LazyLock::new(|| ThinkingSlots {
    free: Mutex::new(std::thread::available_parallelism().map_or(1, |n| n.get())),
    freed: Condvar::new(),
});

impl ThinkingSlots {
    /// Runs `work` once a slot is free.
    pub fn think<T>(&self, work: impl FnOnce() -> T) -> T {
        {
            let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
            while *free == 0 {
                free = self.freed.wait(free).unwrap_or_else(|p| p.into_inner());
            }
            *free -= 1;
        }
        let result = work();
        *self.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.freed.notify_one();
        result
    }
}

/// The player's thread: runs each call in order until the player is dropped.
fn serve(mut player: Box<dyn Player>, inbox: Receiver<Call>) {
    lower_priority();
    for call in inbox {
        match call {
            Call::Start(seed, reply) => {
                let _ = reply.send(player.start(seed));
            }
            // An in-process player computes its answer here.
            Call::Send(command) => SLOTS.think(|| player.send(&command)),
            Call::Receive(deadline, reply) => {
                let _ = reply.send(player.receive(deadline));
            }
            Call::CpuTime(reply) => {
                let _ = reply.send(player.cpu_time());
            }
            Call::TakeDebug(reply) => {
                let mut out = Vec::new();
                player.take_debug(&mut out);
                let _ = reply.send(out);
            }
            Call::Finish(reply) => {
                player.finish();
                let _ = reply.send(());
            }
        }
    }
}

/// Lowers the calling thread's scheduling priority (Linux schedules threads one by one).
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: `gettid` has no preconditions; `setpriority` on the calling thread's id only
    // changes its niceness, and a failure (say, a sandbox that refuses it) leaves the
    // priority as it was, which is harmless.
    unsafe {
        let tid = libc::gettid();
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, PLAYER_NICENESS);
    }
}

impl Player for Threaded {
    fn label(&self) -> String {
        self.label.clone()
    }

    fn start(&mut self, game_seed: u64) -> Result<(), String> {
        self.ask(|reply| Call::Start(game_seed, reply))
            .unwrap_or_else(|| Err(format!("{}: its thread is gone", self.label)))
    }

    fn send(&mut self, command: &Command) {
        let _ = self.calls.send(Call::Send(*command));
    }

    fn receive(&mut self, deadline: Deadline) -> Response {
        self.ask(|reply| Call::Receive(deadline, reply))
            .unwrap_or_else(|| Response {
                received: Received::Closed,
                at: Instant::now(),
                cpu_at: None,
            })
    }

    fn cpu_time(&mut self) -> Option<Duration> {
        self.ask(Call::CpuTime).flatten()
    }

    fn take_debug(&mut self, out: &mut Vec<String>) {
        if let Some(mut lines) = self.ask(Call::TakeDebug) {
            out.append(&mut lines);
        }
    }

    fn finish(&mut self) {
        let _ = self.ask(Call::Finish);
    }

    fn can_block(&self) -> bool {
        self.can_block
    }
}

impl Drop for Threaded {
    fn drop(&mut self) {
        // Closing the channel ends the thread's loop; the player is dropped there.
        let (closed, _) = channel();
        self.calls = closed;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
