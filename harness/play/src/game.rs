//! One game in progress: its thread (the referee's play loop between the person's seat
//! and the opponent), what the page reads, and the person's moves coming in.

use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};

use harness::i18n::{self, Message};
use harness::player::{Player, PlayerSpec};
use harness::referee::{play_game_live, GameRecord, GameResult, RefereeOptions};
use harness::replay::{self, Side};
use harness::review::decisions::review_valuation;
use harness::review::output::review_json;
use harness::review::{results_of, review_log};
use yacht::game::deal::mix;
use yacht::protocol::Answer;

use crate::human::{lock, HumanSeat, Refusal, SharedTable, Table};
use crate::store::{GameMeta, Store};
use crate::threaded::{Threaded, SLOTS};

/// Deadlines of a game at the page: ten times the judge's, so that a program named on the
/// command line is held to something, and the bot (fixed rollout counts) never to its
/// limit on a slow or busy server. The person is not timed.
const PAGE_TIME_SCALE: f64 = 10.0;

/// How a game ended, from the person's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// `win`, `loss` or `draw`.
    pub verdict: &'static str,
    /// Final totals: the person's, the opponent's.
    pub totals: [i64; 2],
    /// The judge's abort line, if the game was aborted (`ABORT SECOND TLE`).
    pub abort: Option<String>,
}

/// What the game thread reports besides the table.
#[derive(Clone, Debug, Default)]
pub struct Status {
    pub outcome: Option<Outcome>,
    /// Why the game could not be played (an opponent that would not start).
    pub error: Option<String>,
    /// The review of the finished game.
    pub review: Review,
}

/// Where the finished game's review stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Review {
    /// The game is not over, or no one has asked for it yet.
    #[default]
    NotYet,
    /// Being computed: decisions judged so far, of about [`REVIEW_DECISIONS`].
    Computing(usize),
    /// In the games folder (`ID.review.json`).
    Ready,
    Failed(String),
}

/// Decisions in a whole game: 12 bids and 12 scorings a side.
pub const REVIEW_DECISIONS: usize = 48;

/// A game in progress (or finished) in this server.
pub struct Game {
    pub meta: GameMeta,
    pub table: SharedTable,
    pub status: Arc<Mutex<Status>>,
    answers: Sender<Answer>,
}

impl Game {
    /// Starts (or resumes, with the person's `moves` so far) the game of `meta` against
    /// `opponent`, on a thread of its own.
    pub fn start(
        meta: GameMeta,
        opponent: Box<dyn Player>,
        moves: Vec<Answer>,
        store: Store,
    ) -> Game {
        let table: SharedTable = Arc::default();
        let (answers, inbox) = channel();
        let seat = HumanSeat::new(Arc::clone(&table), inbox, moves);
        Game::run(meta, table, answers, store, move |meta, store| {
            play(meta, seat, opponent, store)
        })
    }

    /// An imported log (`meta.imported`): never played and never owed a move. Its table is
    /// FIRST's side of the log; its thread writes the replay page, then says it is over.
    pub fn imported(meta: GameMeta, store: Store) -> Game {
        let table: SharedTable = Arc::default();
        let (answers, _) = channel();
        let shown = Arc::clone(&table);
        Game::run(meta, table, answers, store, move |meta, store| {
            let text = store
                .read_log(&meta.id)
                .ok_or_else(|| format!("the log of {} is gone", meta.id))?;
            let (read, outcome) = read_imported(&text)?;
            *lock(&shown) = read;
            Ok((outcome, text))
        })
    }

    /// The game's thread: `body` plays it (or reads it) to its end; then the replay page is
    /// written, then the end is shown (it links to the replay).
    fn run(
        meta: GameMeta,
        table: SharedTable,
        answers: Sender<Answer>,
        store: Store,
        body: impl FnOnce(&GameMeta, &Store) -> Result<(Outcome, String), String> + Send + 'static,
    ) -> Game {
        let status: Arc<Mutex<Status>> = Arc::default();
        let thread_meta = meta.clone();
        let thread_status = Arc::clone(&status);
        let spawned = std::thread::Builder::new()
            .name(format!("game {}", meta.id))
            .spawn(move || {
                // The referee's work is light, the replay page at the end is not: below
                // the requests.
                crate::threaded::lower_priority();
                let played = body(&thread_meta, &store);
                if let Ok((_, log)) = &played {
                    write_replay_once(&thread_meta, log, &store);
                }
                let mut status = thread_status.lock().unwrap_or_else(|p| p.into_inner());
                match played {
                    Ok((outcome, _)) => status.outcome = Some(outcome),
                    Err(e) => status.error = Some(e),
                }
            });
        if let Err(e) = spawned {
            status.lock().unwrap_or_else(|p| p.into_inner()).error =
                Some(format!("cannot start the game's thread: {e}"));
        }
        Game {
            meta,
            table,
            status,
            answers,
        }
    }

    /// Takes the person's `answer` to turn `turn`: checked against the game as it stands
    /// (refused with a reason, the game unchanged), recorded in the games folder, then
    /// handed to the play loop.
    pub fn submit(&self, turn: u64, answer: Answer, store: &Store) -> Result<(), Submission> {
        let mut table = lock(&self.table);
        let mut next: Table = table.clone();
        next.accept(turn, &answer).map_err(Submission::Refused)?;
        store
            .append_move(&self.meta.id, &answer)
            .map_err(|e| Submission::Failed(Message::new("err-server").text("detail", e)))?;
        *table = next;
        self.answers
            .send(answer)
            .map_err(|_| Submission::Failed(Message::new("err-game-stopped")))
    }

    /// The review of the finished game, started on the first request (a game nobody asks
    /// about costs nothing): [`Review::NotYet`] before the end.
    pub fn review(&self, store: &Store) -> Review {
        let mut status = self.status.lock().unwrap_or_else(|p| p.into_inner());
        if status.outcome.is_none() || status.review != Review::NotYet {
            return status.review.clone();
        }
        status.review = Review::Computing(0);
        drop(status);
        let (meta, store, status) = (self.meta.clone(), store.clone(), Arc::clone(&self.status));
        let spawned = std::thread::Builder::new()
            .name(format!("review {}", meta.id))
            .spawn(move || {
                crate::threaded::lower_priority();
                let log = store.read_log(&meta.id).unwrap_or_default();
                finish(&meta, &log, &store, &status);
            });
        if let Err(e) = spawned {
            let review = Review::Failed(format!("cannot start the review's thread: {e}"));
            self.status.lock().unwrap_or_else(|p| p.into_inner()).review = review.clone();
            return review;
        }
        Review::Computing(0)
    }

    pub fn status(&self) -> Status {
        self.status
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

/// Why a move was not taken.
#[derive(Debug)]
pub enum Submission {
    /// Against the rules or out of turn: the person's to fix.
    Refused(Refusal),
    /// The server's fault (the games folder cannot be written, the game's thread gone).
    Failed(Message),
}

/// The seeds of the two seats: as a match seeds its games.
pub fn seat_seeds(seed: u64) -> [u64; 2] {
    [mix(seed, 0), mix(seed, 1)]
}

/// Plays the game to its end, the log written as it goes; returns how it ended and the log.
fn play(
    meta: &GameMeta,
    mut seat: HumanSeat,
    opponent: Box<dyn Player>,
    store: &Store,
) -> Result<(Outcome, String), String> {
    let deal = meta.deal()?;
    let mut opponent = Threaded::new(opponent);
    let options = RefereeOptions {
        time_scale: PAGE_TIME_SCALE,
        ..RefereeOptions::default()
    };
    let mut live = store.live_log(&meta.id);
    let mut write = |log: &str| {
        if let Err(e) = live.update(log) {
            eprintln!("yacht-play: {e}");
        }
    };
    let (first, second): (&mut dyn Player, &mut dyn Player) = if meta.seat == 0 {
        (&mut seat, &mut opponent)
    } else {
        (&mut opponent, &mut seat)
    };
    let record = play_game_live(
        first,
        second,
        seat_seeds(meta.seed),
        &deal,
        &options,
        Some(&mut write),
    )?;
    let log = store.read_log(&meta.id).unwrap_or_default();
    Ok((outcome(meta.seat, &record, &log), log))
}

/// The replay pages on a thinking slot, unless an earlier run of the server wrote them in
/// every language.
fn write_replay_once(meta: &GameMeta, log: &str, store: &Store) {
    if !i18n::languages().all(|lang| store.has_replay(&meta.id, lang))
        && let Err(e) = SLOTS.think(|| write_replay(meta, log, store))
    {
        eprintln!("yacht-play: the replay page of {}: {e}", meta.id);
    }
}

/// The review (kept from an earlier run of the server if it is in the games folder) on a
/// thinking slot, its progress in `status`.
fn finish(meta: &GameMeta, log: &str, store: &Store, status: &Arc<Mutex<Status>>) {
    let set = |review: Review| {
        status.lock().unwrap_or_else(|p| p.into_inner()).review = review;
    };
    // A review written before its reasons were messages (no `warning_messages`) is
    // written again, so that the page can say it in its reader's language.
    if store
        .read_review(&meta.id)
        .is_some_and(|text| text.contains("\"warning_messages\""))
    {
        set(Review::Ready);
        return;
    }
    set(Review::Computing(0));
    let progress_status = Arc::clone(status);
    let progress = Box::new(move |done: usize| {
        progress_status
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .review = Review::Computing(done);
    });
    let reviewed = SLOTS.think(|| {
        let parsed = replay::parse_log(log).map_err(|e| e.to_string())?;
        let review =
            review_log(&parsed, review_valuation(), Some(progress)).map_err(|e| e.to_string())?;
        store.write_review(&meta.id, &review_json(&review))
    });
    match reviewed {
        Ok(()) => set(Review::Ready),
        Err(e) => {
            eprintln!("yacht-play: the review of {}: {e}", meta.id);
            set(Review::Failed(e));
        }
    }
}

/// An imported log as the page shows a game (FIRST's side) and how it ended, from
/// FIRST's side.
fn read_imported(text: &str) -> Result<(Table, Outcome), String> {
    let log = replay::parse_log(text).map_err(|e| e.to_string())?;
    let replayed = replay::reconstruct(&log).map_err(|e| e.to_string())?;
    let totals = replay::final_totals(&log, &replayed).unwrap_or([0, 0]);
    let verdict = match results_of(&log, Some(totals)) {
        [a, b] if a > b => "win",
        [a, b] if a < b => "loss",
        _ => "draw",
    };
    let outcome = Outcome {
        verdict,
        totals,
        abort: abort_line(text),
    };
    Ok((Table::from_log(&log), outcome))
}

/// The judge's abort line of a log, if the game was aborted.
fn abort_line(log: &str) -> Option<String> {
    log.lines()
        .find(|l| l.starts_with("ABORT "))
        .map(|l| l.trim().to_string())
}

fn outcome(seat: usize, record: &GameRecord, log: &str) -> Outcome {
    let verdict = match (record.result, seat) {
        (GameResult::Draw, _) => "draw",
        (GameResult::FirstWins, 0) | (GameResult::SecondWins, 1) => "win",
        _ => "loss",
    };
    Outcome {
        verdict,
        totals: [record.total_points[seat], record.total_points[1 - seat]],
        abort: abort_line(log),
    }
}

/// The finished game's replay page in every language: the person's side reviewed round by
/// round against the table, and where the opponent is the bot, its view of each of its
/// bids (worked out once, said in each language).
fn write_replay(meta: &GameMeta, log_text: &str, store: &Store) -> Result<(), String> {
    let log = replay::parse_log(log_text).map_err(|e| e.to_string())?;
    let person = if meta.seat == 0 {
        Side::First
    } else {
        Side::Second
    };
    let review = replay::review(&log, person).map_err(|e| e.to_string())?;
    let explained = match meta.spec.parse::<PlayerSpec>() {
        Ok(PlayerSpec::Bot(config)) => {
            let bot_seat = 1 - meta.seat;
            let config = yacht::engine::BotConfig {
                rng_seed: Some(config.rng_seed.unwrap_or(seat_seeds(meta.seed)[bot_seat])),
                ..config
            };
            Some(replay::explain_side(&log, person.other(), config))
        }
        _ => None,
    };
    for lang in i18n::languages() {
        let html = replay::html_report_in(&log, &review, explained.as_deref(), lang);
        store.write_replay(&meta.id, lang, &html)?;
    }
    Ok(())
}
