//! Two in-process [`Agent`]s at the play loop: answers by plain function calls, each
//! decision timed. Used by `bench` and by tests; the harness's referee adds processes,
//! deadlines and the official log.

use std::time::Instant;

use crate::protocol::{Answer, Command, Owed};

use super::play::{play, Event, Stop};
use super::{Agent, Deal};

/// What one in-process game reports.
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    /// Final totals (judge points) of the first and second player.
    pub totals: [i64; 2],
    /// Every answer, in order, as protocol lines.
    pub answers: Vec<String>,
    /// Nanoseconds of each decision (`BID` or `PUT`), with its round.
    pub decision_ns: Vec<(u8, u64)>,
    /// Warnings the agents raised, and why the game stopped if it did (a clean game has
    /// none).
    pub warnings: Vec<String>,
}

/// An agent gave no answer where one was owed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoAnswer;

/// Two agents as the loop's seats. An agent computes its answer when the command is
/// delivered, so the time of a decision is the time of that call.
pub struct AgentSeats<'a> {
    agents: [&'a mut dyn Agent; 2],
    pending: [Option<Answer>; 2],
    round: u8,
    pub record: GameRecord,
}

impl<'a> AgentSeats<'a> {
    pub fn new(agents: [&'a mut dyn Agent; 2]) -> AgentSeats<'a> {
        AgentSeats {
            agents,
            pending: [None, None],
            round: 0,
            record: GameRecord::default(),
        }
    }
}

impl super::Seats for AgentSeats<'_> {
    type Fault = NoAnswer;

    fn send(&mut self, seat: usize, command: &Command) {
        let start = Instant::now();
        let reply = self.agents[seat].handle(command);
        let ns = start.elapsed().as_nanos() as u64;
        if let Some(answer) = reply.answer {
            if !matches!(answer, Answer::Ok) {
                self.record.decision_ns.push((self.round, ns));
            }
            self.record.answers.push(answer.to_string());
        }
        self.record.warnings.extend(reply.warnings);
        self.pending[seat] = reply.answer;
    }

    fn answer(&mut self, seat: usize, _owed: Owed) -> Result<Answer, NoAnswer> {
        self.pending[seat].take().ok_or(NoAnswer)
    }

    fn observe(&mut self, event: &Event) {
        if let Event::Round(round) = *event {
            self.round = round;
        }
    }
}

/// Plays `deal` between two agents (`agents[0]` first), returning the record.
pub fn play_agents(deal: &Deal, agents: [&mut dyn Agent; 2]) -> GameRecord {
    let mut seats = AgentSeats::new(agents);
    let played = play(deal, &mut seats);
    let mut record = seats.record;
    match played.stop {
        Some(Stop::Illegal(seat, why)) => record
            .warnings
            .push(format!("seat {seat} stopped the game: {why:?}")),
        Some(Stop::Fault(seat, NoAnswer)) => record
            .warnings
            .push(format!("seat {seat} stopped the game: no answer")),
        None => {}
    }
    record.totals = played.states.map(|s| s.total_points());
    record
}
