//! What a parsed log means: both players' states round by round, the value of every
//! decision of one side by the bot's own table, the commands that side received, and a
//! re-run of a bot binary on exactly those commands.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command as Process, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use yacht::engine::search::endgame::win_probability_between_rounds;
use yacht::engine::track::skill::ScoringSkill;
use yacht::engine::value::bidding::{
    bundle_values, equilibrium_bid, BundleValues, POINTS_PER_UNIT,
};
use yacht::engine::value::choice::{best_choice_for, Choice};
use yacht::engine::PlayerState;
use yacht::protocol::{parse_answer, Answer, Command, Group, Hand};
use yacht::rules::auction::{resolve, SealedBid};
use yacht::rules::category::{bonus_gain_k, Category};
use yacht::rules::dice::{sub, total, Counts, HAND_DICE};
use yacht::table::{self, TABLE_UNITS_PER_K};

use super::{Bid, GameLog, Put, RoundLog, Side, FIRST_SCORE_ROUND, LAST_BID_ROUND, ROUNDS};
use crate::i18n::Message;

/// Both players' states through one round, indexed by [`Side::index`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundTrace {
    pub number: u8,
    /// Before the auction: what the bundles are priced from.
    pub start: [PlayerState; 2],
    /// After the auction (bundles received, bid scores settled), before scoring.
    pub after_auction: [PlayerState; 2],
    /// After scoring.
    pub end: [PlayerState; 2],
}

/// The reconstructed game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reconstruction {
    pub rounds: Vec<RoundTrace>,
    /// Things the log shows that the rules do not explain, but that do not stop the replay
    /// (a GET the bids cannot produce, final scores that differ from the replayed ones).
    pub warnings: Vec<Message>,
}

/// A log the rules cannot replay (a scoring of dice not held, a category used twice).
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayError {
    pub round: u8,
    pub reason: Message,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}: {}", self.round, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// The log's GETs, checked against the auction rule with either tie-breaker.
fn check_auction(round: &RoundLog, gets: [Group; 2], warnings: &mut Vec<Message>) {
    if gets[0] == gets[1] {
        warnings.push(
            Message::new("warn-both-got")
                .text("round", round.number.to_string())
                .text("group", gets[0].to_string()),
        );
        return;
    }
    let [Some(b0), Some(b1)] = round.bids else {
        return;
    };
    let sealed = [b0, b1].map(|b| SealedBid {
        group: b.group,
        amount: b.amount,
    });
    if (0..2).all(|tie| resolve(sealed, tie).received != gets) {
        warnings.push(
            Message::new("warn-get-bids")
                .text("round", round.number.to_string())
                .text("first", gets[0].to_string())
                .text("second", gets[1].to_string()),
        );
    }
}

/// Replays the log with the rules: every bundle received is added, every scored die
/// removed; a player that got the group it asked for pays its amount, one that did not
/// earns it. Stops quietly where the log stops (an aborted game).
pub fn reconstruct(log: &GameLog) -> Result<Reconstruction, ReplayError> {
    let mut states = [PlayerState::default(); 2];
    let mut out = Reconstruction::default();
    for round in &log.rounds {
        let start = states;
        if let (Some((a, b)), [Some(g0), Some(g1)]) = (round.roll, round.gets) {
            check_auction(round, [g0, g1], &mut out.warnings);
            for (state, (got, bid)) in states.iter_mut().zip([g0, g1].into_iter().zip(round.bids)) {
                state.receive(&match got {
                    Group::A => a.counts(),
                    Group::B => b.counts(),
                });
                if let Some(bid) = bid {
                    let amount = i64::from(bid.amount);
                    state.bid_points += if bid.group == got { -amount } else { amount };
                }
            }
        }
        let after_auction = states;
        for side in Side::BOTH {
            if let Some(put) = round.puts[side.index()] {
                states[side.index()]
                    .apply_score(put.category, &put.dice.counts())
                    .map_err(|e| ReplayError {
                        round: round.number,
                        reason: Message::new("log-put-not-applied")
                            .text("side", side.name())
                            .text("category", put.category.to_string())
                            .text("dice", put.dice.to_string())
                            .text(
                                "why",
                                match e {
                                    yacht::engine::value::state::ScoreError::AlreadyUsed => "used",
                                    _ => "held",
                                },
                            ),
                    })?;
            }
        }
        out.rounds.push(RoundTrace {
            number: round.number,
            start,
            after_auction,
            end: states,
        });
    }
    for side in Side::BOTH {
        if let Some(logged) = log.final_scores[side.index()] {
            let replayed = states[side.index()].total_points();
            if log.abort.is_none() && logged != replayed {
                out.warnings.push(
                    Message::new("warn-final-score")
                        .text("side", side.name())
                        .text("logged", logged.to_string())
                        .text("replayed", replayed.to_string()),
                );
            }
        }
    }
    Ok(out)
}

/// Each side's final total: the log's `SCOREFIRST` and `SCORESECOND`, or failing them the
/// replayed totals where the log stops (`None` for a log without a round).
pub fn final_totals(log: &GameLog, replayed: &Reconstruction) -> Option<[i64; 2]> {
    match (log.final_scores, replayed.rounds.last()) {
        ([Some(a), Some(b)], _) => Some([a, b]),
        (_, Some(last)) => Some(last.end.map(|s| s.total_points())),
        _ => None,
    }
}

/// Whether a parsed log is a whole game, as the referee writes one: the rules replay it
/// ([`reconstruct`]), and it either ends in an `ABORT` after its first round began, or has
/// all 13 rounds, each with its roll, both bids, both GETs and both scorings, then
/// `FINISH` and both final scores. Says the first thing missing, for a person: what a
/// file cut short, or one that is not a game's log, lacks.
pub fn check_whole(log: &GameLog) -> Result<(), Message> {
    if log.rounds.is_empty() {
        return Err(match &log.abort {
            Some(a) => Message::new("log-aborted-early")
                .text("side", a.side.name())
                .text("abort", a.reason.clone()),
            None => Message::new("log-no-round"),
        });
    }
    reconstruct(log).map_err(|e| {
        Message::new("log-breaks-rules")
            .text("round", e.round.to_string())
            .message("reason", e.reason)
    })?;
    if log.abort.is_some() {
        return Ok(());
    }
    let last = log.rounds.last().map_or(0, |r| r.number);
    if last < ROUNDS {
        return Err(Message::new("log-cut-short").text("round", last.to_string()));
    }
    for round in &log.rounds {
        let n = round.number;
        let auction = n <= LAST_BID_ROUND;
        let missing = if auction && round.roll.is_none() {
            Some("ROLL")
        } else if auction && round.bids.iter().any(Option::is_none) {
            Some("BID")
        } else if auction && round.gets.iter().any(Option::is_none) {
            Some("GET")
        } else if n >= FIRST_SCORE_ROUND && round.puts.iter().any(Option::is_none) {
            Some("PUT")
        } else {
            None
        };
        if let Some(what) = missing {
            return Err(Message::new("log-round-lacks")
                .text("round", n.to_string())
                .text("what", what));
        }
    }
    if !log.finished || log.final_scores.iter().any(Option::is_none) {
        return Err(Message::new("log-no-finish"));
    }
    Ok(())
}

/// Table units of a kilo-point amount.
fn units(k: u32) -> i32 {
    k as i32 * TABLE_UNITS_PER_K
}

/// The value of scoring `dice` in `category` from `state`, valued as the bot values its own
/// choices: score + bonus gain + F(the state after, the 5 dice carried); table units.
/// `None` when the scoring is illegal.
pub fn choice_value_units(state: &PlayerState, category: Category, dice: &Counts) -> Option<i32> {
    if state.used & category.bit() != 0 || total(dice) != HAND_DICE {
        return None;
    }
    let carried = sub(&state.held, dice)?;
    let score_k = category.score_k(dice);
    let (gain_k, upper_after) = match category.upper_face() {
        Some(_) => (
            score_k + bonus_gain_k(state.upper_k, state.upper_k + score_k),
            state.upper_k + score_k,
        ),
        None => (score_k, state.upper_k),
    };
    // Leftovers that are not a 5-dice hand (the last round) are worth nothing more.
    let future = if total(&carried) == HAND_DICE {
        table::value_units(state.used | category.bit(), upper_after, &carried)
    } else {
        0
    };
    Some(units(gain_k) + future)
}

/// One auction seen from the reviewed side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidReview {
    pub round: u8,
    pub roll: (Hand, Hand),
    /// Both players' values of each bundle (ours = the reviewed side).
    pub values: BundleValues,
    /// The swing S in judge points: positive favours A.
    pub swing_points: i64,
    /// The table's equilibrium bid `|S|/4` for that swing (what the bot bids without a model).
    pub equilibrium_bid: Bid,
    pub played: Option<Bid>,
    pub opponent: Option<Bid>,
    pub received: Option<Group>,
    /// The reviewed side's bid score change this round, judge points.
    pub bid_points: i64,
}

impl BidReview {
    /// Whether the played bid is the equilibrium bid.
    pub fn matches_equilibrium(&self) -> bool {
        self.played == Some(self.equilibrium_bid)
    }
}

/// One scoring seen from the reviewed side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PutReview {
    pub round: u8,
    /// The dice held when scoring.
    pub held: Counts,
    pub played: Put,
    /// The played scoring's category score, kilo-points.
    pub played_score_k: u32,
    /// score + bonus gain + future value of the played scoring, table units.
    pub played_value_units: i32,
    /// The table's best scoring.
    pub best: Choice,
}

impl PutReview {
    /// Expected points given up against the best scoring, table units (≥ 0).
    pub fn lost_units(&self) -> i32 {
        self.best.value_units - self.played_value_units
    }

    /// The same in judge points.
    pub fn lost_points(&self) -> i64 {
        i64::from(self.lost_units()) * POINTS_PER_UNIT
    }

    pub fn is_best(&self) -> bool {
        self.lost_units() <= 0
    }
}

/// Every decision of one side, valued by the bot's table.
#[derive(Clone, Debug, PartialEq)]
pub struct SideReview {
    pub side: Side,
    pub bids: Vec<BidReview>,
    pub puts: Vec<PutReview>,
    /// Both players' totals (categories + bonus + bids, judge points) at each round's end.
    pub running_scores: Vec<(u8, [i64; 2])>,
    /// The reviewed side's win probability as the bot estimates it at each round's end
    /// (round 0: the start), with the opponent's scoring skill as the bot would judge it.
    pub win_probability: Vec<(u8, f64)>,
    pub warnings: Vec<Message>,
}

impl SideReview {
    /// Expected points lost over all scorings.
    pub fn total_lost_points(&self) -> i64 {
        self.puts.iter().map(PutReview::lost_points).sum()
    }
}

/// Reviews one side's decisions: each auction priced from the states at the start of the
/// round, each scoring valued against the best one from the state before it.
pub fn review(log: &GameLog, side: Side) -> Result<SideReview, ReplayError> {
    let replay = reconstruct(log)?;
    let (me, opp) = (side.index(), side.other().index());
    let mut out = SideReview {
        side,
        bids: Vec::new(),
        puts: Vec::new(),
        running_scores: Vec::new(),
        win_probability: vec![(0, 0.5)],
        warnings: replay.warnings,
    };
    let mut opp_skill = ScoringSkill::default();
    for (round, trace) in log.rounds.iter().zip(&replay.rounds) {
        if let Some((a, b)) = round.roll {
            let values = bundle_values(
                &trace.start[me],
                &trace.start[opp],
                &a.counts(),
                &b.counts(),
            );
            let (group, amount) = equilibrium_bid(values.swing_points());
            out.bids.push(BidReview {
                round: round.number,
                roll: (a, b),
                values,
                swing_points: values.swing_points(),
                equilibrium_bid: Bid { group, amount },
                played: round.bids[me],
                opponent: round.bids[opp],
                received: round.gets[me],
                bid_points: trace.after_auction[me].bid_points - trace.start[me].bid_points,
            });
        }
        if let Some(put) = round.puts[me] {
            let state = &trace.after_auction[me];
            let dice = put.dice.counts();
            let best = best_choice_for(state).ok_or_else(|| ReplayError {
                round: round.number,
                reason: Message::new("log-no-legal-scoring").text("side", side.name()),
            })?;
            let played_value_units =
                choice_value_units(state, put.category, &dice).ok_or_else(|| ReplayError {
                    round: round.number,
                    reason: Message::new("log-put-illegal")
                        .text("side", side.name())
                        .text("category", put.category.to_string())
                        .text("dice", put.dice.to_string()),
                })?;
            out.puts.push(PutReview {
                round: round.number,
                held: state.held,
                played: put,
                played_score_k: put.category.score_k(&dice),
                played_value_units,
                best,
            });
        }
        if let Some(put) = round.puts[opp] {
            opp_skill.observe(&trace.after_auction[opp], put.category, &put.dice.counts());
        }
        out.running_scores
            .push((round.number, trace.end.map(|s| s.total_points())));
        let drift = opp_skill.expected_loss_points(round.number.saturating_add(1));
        out.win_probability.push((
            round.number,
            win_probability_between_rounds(&trace.end[me], &trace.end[opp], round.number, drift),
        ));
    }
    Ok(out)
}

/// One command a side received and the answer the log shows for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// 0 for `READY`.
    pub round: u8,
    pub command: Command,
    /// The logged answer; `None` when the command owes none or the log does not show it.
    pub logged: Option<Answer>,
}

/// How a re-run answer compares with the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The same answer (PUT dice compared as a multiset).
    Same,
    Different,
    /// The log shows no answer to compare with.
    NotLogged,
    /// The bot gave no usable answer: timeout, exit, or a line that does not parse.
    Failed(String),
}

/// One answer of the re-run bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RerunAnswer {
    /// Index into the exchanges.
    pub index: usize,
    pub round: u8,
    pub command: String,
    pub logged: Option<Answer>,
    /// The line the bot wrote, if any.
    pub answer: Option<String>,
    pub verdict: Verdict,
}

/// The answers of a re-run, one per command that owes one (up to the first failure).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RerunOutcome {
    pub answers: Vec<RerunAnswer>,
}

impl RerunOutcome {
    /// Answers that differ from the log, or that the bot failed to give.
    pub fn mismatches(&self) -> impl Iterator<Item = &RerunAnswer> {
        self.answers
            .iter()
            .filter(|a| matches!(a.verdict, Verdict::Different | Verdict::Failed(_)))
    }
}

fn same_answer(a: &Answer, b: &Answer) -> bool {
    match (a, b) {
        (
            Answer::Put {
                category: c1,
                dice: d1,
            },
            Answer::Put {
                category: c2,
                dice: d2,
            },
        ) => c1 == c2 && d1.counts() == d2.counts(),
        _ => a == b,
    }
}

/// How long the child gets to exit after its input closes before it is killed.
const EXIT_GRACE: Duration = Duration::from_secs(2);

/// Runs `command_line` (program and arguments split on white space; no shell quoting) on
/// `exchanges`, waiting at most `answer_timeout` (wall clock) for each answer, and compares
/// every answer with the logged one. The child's stderr is discarded.
pub fn run_side(
    command_line: &str,
    exchanges: &[Exchange],
    answer_timeout: Duration,
) -> Result<RerunOutcome, String> {
    let mut words = command_line.split_ascii_whitespace();
    let program = words.next().ok_or("empty command line")?;
    let mut child = Process::new(program)
        .args(words)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {program:?}: {e}"))?;
    let outcome = converse(&mut child, exchanges, answer_timeout);
    finish_child(&mut child);
    outcome
}

fn converse(
    child: &mut Child,
    exchanges: &[Exchange],
    answer_timeout: Duration,
) -> Result<RerunOutcome, String> {
    let mut stdin = child.stdin.take().ok_or("child has no stdin")?;
    let stdout = child.stdout.take().ok_or("child has no stdout")?;
    // A reader thread turns the blocking pipe into a channel with a timeout; it ends when
    // the child's stdout closes.
    let (sender, lines) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut outcome = RerunOutcome::default();
    for (index, exchange) in exchanges.iter().enumerate() {
        let command = exchange.command.to_string();
        let sent = writeln!(stdin, "{command}").and_then(|_| stdin.flush());
        if exchange.command.owed().is_none() {
            if sent.is_err() && exchange.command != Command::Finish {
                return Err(format!("the bot closed its input before {command:?}"));
            }
            continue;
        }
        let (answer, verdict) = match (sent, lines.recv_timeout(answer_timeout)) {
            (Err(e), _) => (None, Verdict::Failed(format!("cannot send: {e}"))),
            (_, Err(mpsc::RecvTimeoutError::Timeout)) => (None, Verdict::Failed("timeout".into())),
            (_, Err(mpsc::RecvTimeoutError::Disconnected)) => {
                (None, Verdict::Failed("the bot exited".into()))
            }
            (Ok(()), Ok(line)) => {
                let verdict = match (parse_answer(&line), &exchange.logged) {
                    (Err(reason), _) => Verdict::Failed(reason),
                    (Ok(_), None) => Verdict::NotLogged,
                    (Ok(got), Some(logged)) if same_answer(&got, logged) => Verdict::Same,
                    (Ok(_), Some(_)) => Verdict::Different,
                };
                (Some(line), verdict)
            }
        };
        let failed = matches!(verdict, Verdict::Failed(_));
        outcome.answers.push(RerunAnswer {
            index,
            round: exchange.round,
            command,
            logged: exchange.logged,
            answer,
            verdict,
        });
        // After a failure the conversation is out of step: later answers mean nothing.
        if failed {
            break;
        }
    }
    Ok(outcome)
}

/// Closes nothing more (stdin was dropped by `converse`), waits briefly, then kills the
/// child if it is still running.
fn finish_child(child: &mut Child) {
    let deadline = Instant::now() + EXIT_GRACE;
    while Instant::now() < deadline {
        match child.try_wait() {
            Ok(Some(_)) | Err(_) => return,
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
