//! A person as one more player of the referee's play loop.
//!
//! The game runs through `harness::referee` (and so `yacht::game::play`, the one play
//! loop) on a thread of its own; the person's seat is a [`Player`] whose answers come from
//! the page. [`Table`] is what the page shows, kept from the commands the person's seat
//! receives (the same tracking the bot uses, `GameView`); a request checks an answer
//! against it ([`Table::accept`]) and hands it to the seat, which the referee then checks
//! again as it would any player's.

use std::collections::VecDeque;
use std::sync::mpsc::Receiver;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use harness::i18n::Message;
use harness::player::{Deadline, Player, Received, Response};
use harness::replay::{walk, Exchange, GameLog, LogWalker};
use yacht::engine::model::features::RoundFeatures;
use yacht::engine::model::opponent::OpponentModel;
use yacht::engine::track::view::GameView;
use yacht::protocol::{Answer, Command, Group, Hand, Owed, BID_MAX_POINTS};
use yacht::rules::category::{Category, CATEGORY_COUNT};
use yacht::rules::dice::sub;

/// One round as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundRecord {
    pub round: u8,
    /// Bundles A and B (rounds 1–12).
    pub roll: Option<(Hand, Hand)>,
    /// The person's bid and the opponent's.
    pub bids: [Option<(Group, u32)>; 2],
    /// The group the person got.
    pub got: Option<Group>,
    /// What each side's bid added to its score.
    pub bid_points: [i64; 2],
    /// Each side's scoring this round (rounds 2–13) and its points.
    pub puts: [Option<(Category, Hand, i64)>; 2],
}

/// Why an answer was refused; the game goes on unchanged.
#[derive(Clone, Debug, PartialEq)]
pub struct Refusal {
    /// The control the message belongs to (`amount`, `group`, `dice`, `category`, `turn`).
    pub field: &'static str,
    /// What is wrong, for the page to say in its reader's language.
    pub message: Message,
}

impl Refusal {
    fn new(field: &'static str, message: Message) -> Refusal {
        Refusal { field, message }
    }
}

/// The person's side of a game: what the page shows, what the person owes now.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// Counts the answers asked of the person; a submission names the turn it answers, so
    /// a repeated or stale one is refused.
    pub turn: u64,
    /// What the person owes now (`None`: waiting for the opponent, or the game is over).
    pub owed: Option<Owed>,
    /// The game from the person's seat (`me` is the person).
    pub view: GameView,
    pub rounds: Vec<RoundRecord>,
    /// Points scored in each category, by side (person, opponent).
    pub sheets: [[Option<i64>; CATEGORY_COUNT]; 2],
    /// The opponent's bidding habits as the bot's model reads them (for hints).
    pub model: OpponentModel,
    /// Set when the game has ended (the referee's result, from the person's view).
    pub finished: bool,
    /// The person's recorded moves still to be replayed (a game resuming).
    pub replaying: usize,
}

impl Table {
    fn round_mut(&mut self) -> Option<&mut RoundRecord> {
        self.rounds.last_mut()
    }

    /// Takes in a command sent to the person's seat.
    fn receive(&mut self, command: &Command) {
        match *command {
            Command::Ready => {
                *self = Table {
                    turn: self.turn,
                    replaying: self.replaying,
                    model: OpponentModel::new(),
                    ..Table::default()
                };
            }
            Command::Roll { a, b } => {
                self.view.advance(command);
                self.rounds.push(RoundRecord {
                    round: self.view.round,
                    roll: Some((a, b)),
                    ..RoundRecord::default()
                });
                self.ask(Owed::Bid);
            }
            Command::Get {
                got,
                opp_group,
                opp_amount,
            } => {
                let before = [self.view.me.bid_points, self.view.opp.bid_points];
                if let (Some((a, b)), Some(ours)) = (self.view.roll, self.view.my_bid) {
                    let features = RoundFeatures::compute(&self.view, &a.counts(), &b.counts());
                    self.model.observe(features, opp_group, opp_amount, ours);
                }
                self.view.advance(command);
                let after = [self.view.me.bid_points, self.view.opp.bid_points];
                if let Some(r) = self.round_mut() {
                    r.bids[1] = Some((opp_group, opp_amount));
                    r.got = Some(got);
                    r.bid_points = [after[0] - before[0], after[1] - before[1]];
                }
            }
            Command::Score => {
                // Round 13 has no auction: its scoring gets a record of its own.
                if self.rounds.last().is_some_and(|r| r.puts[0].is_some()) {
                    let round = self.rounds.last().map_or(1, |r| r.round + 1);
                    self.rounds.push(RoundRecord {
                        round,
                        ..RoundRecord::default()
                    });
                }
                self.ask(Owed::Put);
            }
            Command::Set { category, dice } => {
                let points = category.score_k(&dice.counts()) as i64 * 1000;
                self.view.advance(command);
                self.sheets[1][category.index()] = Some(points);
                if let Some(r) = self.round_mut() {
                    r.puts[1] = Some((category, dice, points));
                }
            }
            Command::Finish => {
                self.owed = None;
                self.finished = true;
            }
        }
    }

    /// FIRST's side of a logged game, as the page shows a game it played: every command
    /// FIRST received, with FIRST's answers from the log (an imported game; never owed a
    /// move).
    pub fn from_log(log: &GameLog) -> Table {
        struct First(Table);
        impl LogWalker for First {
            fn command(&mut self, seat: usize, exchange: &Exchange) {
                if seat != 0 {
                    return;
                }
                let table = &mut self.0;
                table.receive(&exchange.command);
                if let Some(answer) = exchange.logged
                    && table.owed.is_some()
                {
                    let turn = table.turn;
                    let _ = table.accept(turn, &answer);
                }
            }
        }
        let mut first = First(Table::default());
        walk(log, &mut first);
        first.0.owed = None;
        first.0
    }

    fn ask(&mut self, owed: Owed) {
        self.turn += 1;
        self.owed = Some(owed);
    }

    /// Checks the person's `answer` to turn `turn` against the rules and the game as it
    /// stands, and takes it in: the game then waits for the opponent.
    pub fn accept(&mut self, turn: u64, answer: &Answer) -> Result<(), Refusal> {
        let owed = self
            .owed
            .ok_or_else(|| Refusal::new("turn", Message::new("err-no-move-due")))?;
        if turn != self.turn {
            return Err(Refusal::new(
                "turn",
                Message::new("err-stale-turn")
                    .text("turn", turn.to_string())
                    .text("current", self.turn.to_string()),
            ));
        }
        match (owed, answer) {
            (Owed::Bid, Answer::Bid { group, amount }) => {
                if *amount > BID_MAX_POINTS {
                    return Err(Refusal::new(
                        "amount",
                        Message::new("err-amount").number("max", BID_MAX_POINTS),
                    ));
                }
                self.view.my_bid = Some((*group, *amount));
                if let Some(r) = self.round_mut() {
                    r.bids[0] = Some((*group, *amount));
                }
            }
            (Owed::Put, Answer::Put { category, dice }) => {
                if self.view.me.used & category.bit() != 0 {
                    return Err(Refusal::new(
                        "category",
                        Message::new("err-category-used").text("category", category.name()),
                    ));
                }
                let not_held = || {
                    Refusal::new(
                        "dice",
                        Message::new("err-not-held").text("dice", dice.to_string()),
                    )
                };
                if sub(&self.view.me.held, &dice.counts()).is_none() {
                    return Err(not_held());
                }
                let points = category.score_k(&dice.counts()) as i64 * 1000;
                self.view
                    .me
                    .apply_score(*category, &dice.counts())
                    .map_err(|_| not_held())?;
                self.sheets[0][category.index()] = Some(points);
                if let Some(r) = self.round_mut() {
                    r.puts[0] = Some((*category, *dice, points));
                }
            }
            (Owed::Bid, _) => return Err(Refusal::new("turn", Message::new("err-bid-due"))),
            (Owed::Put, _) => return Err(Refusal::new("turn", Message::new("err-put-due"))),
            (Owed::Ok, _) => return Err(Refusal::new("turn", Message::new("err-starting"))),
        }
        self.owed = None;
        Ok(())
    }
}

/// The shared table: the game thread writes it, requests read it.
pub type SharedTable = Arc<Mutex<Table>>;

/// Locks the table, also after a panic elsewhere (the table stays readable).
pub fn lock(table: &SharedTable) -> MutexGuard<'_, Table> {
    table
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The person's seat: answers from the page (through a channel), after any answers of the
/// game so far replayed first (a resumed game).
pub struct HumanSeat {
    table: SharedTable,
    answers: Receiver<Answer>,
    /// The person's moves already made, answered again in order (a resumed game).
    replay: VecDeque<Answer>,
    /// `READY`'s `OK`, which the person does not have to give.
    ready: bool,
}

impl HumanSeat {
    pub fn new(table: SharedTable, answers: Receiver<Answer>, replay: Vec<Answer>) -> HumanSeat {
        lock(&table).replaying = replay.len();
        HumanSeat {
            table,
            answers,
            replay: replay.into(),
            ready: false,
        }
    }
}

impl Player for HumanSeat {
    fn label(&self) -> String {
        "person".to_string()
    }

    fn start(&mut self, _game_seed: u64) -> Result<(), String> {
        Ok(())
    }

    fn send(&mut self, command: &Command) {
        // The model's update (at GET) takes a while, and this thread runs below the
        // requests': work on a copy, so that a request never waits on the lock behind it.
        // The person can move only once a command here has asked for it, so nothing
        // changes the table in between.
        let mut next = lock(&self.table).clone();
        next.receive(command);
        *lock(&self.table) = next;
        self.ready = *command == Command::Ready;
    }

    fn receive(&mut self, _deadline: Deadline) -> Response {
        let answered = |received| Response {
            received,
            at: Instant::now(),
            cpu_at: Some(Duration::ZERO),
        };
        if std::mem::take(&mut self.ready) {
            return answered(Received::Answer(Answer::Ok));
        }
        if let Some(answer) = self.replay.pop_front() {
            let mut table = lock(&self.table);
            table.replaying = self.replay.len();
            let turn = table.turn;
            return match table.accept(turn, &answer) {
                Ok(()) => answered(Received::Answer(answer)),
                // A recorded move the game no longer allows: the record is damaged.
                Err(_) => answered(Received::Closed),
            };
        }
        match self.answers.recv() {
            Ok(answer) => answered(Received::Answer(answer)),
            // The page's side is gone (the server is stopping).
            Err(_) => answered(Received::Closed),
        }
    }

    fn cpu_time(&mut self) -> Option<Duration> {
        Some(Duration::ZERO)
    }

    fn take_debug(&mut self, _out: &mut Vec<String>) {}

    fn finish(&mut self) {}

    fn is_timed(&self) -> bool {
        false
    }
}
