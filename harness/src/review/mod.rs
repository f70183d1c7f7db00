//! Luck and skill apart: the review of a game, and the luck of every chance event.
//!
//! - [`luck`]: each roll's and each tied coin's effect on both players' win probability,
//!   next to its mean over every outcome (mean zero by construction): the review's luck,
//!   and every match's luck-adjusted results.
//! - [`decisions`]: each bid and scoring judged against the best one by win probability,
//!   with what could be known when it was made.
//! - [`marks`]: what an error means to a person (a mark, an accuracy, a level).
//! - [`judged`]: a judged decision and its mark, the types both of the above share (below
//!   them both, so the imports go one way).
//! - [`match_review`]: a whole match's games reviewed and summed up by player, side by
//!   side, with the findings a player should read first.
//! - [`output`]: the review as text and JSON.
//! - [`page`]: the review drawn for a person: the script and style the play page serves,
//!   and the self-contained page of `harness replay LOG --review --html`.
//!
//! [`review_log`] walks an official log (any game's: the play page's, a match's, two
//! programs') through the game's one play loop and returns the review of both sides.

pub mod decisions;
pub mod judged;
pub mod luck;
pub mod marks;
pub mod match_review;
pub mod output;
pub mod page;

use decisions::{Judge, Judged, Kind};
use luck::{position_win, LuckEvent, LuckTracker};
use marks::{decision_accuracy, error_rate_open, played_like_level, points_lost_rate, Mark};
use yacht::game::Event;

use crate::replay::{
    final_totals, reconstruct, walk, Exchange, GameLog, LogWalker, ReplayError, Side,
};

/// One side of a reviewed game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SideReview {
    /// `FIRST` or `SECOND`.
    pub side: String,
    /// The command line the log names for this seat.
    pub player: String,
    /// The game's result for this side: 1, ½ or 0.
    pub result: f64,
    /// Win probability given up per decision, each weighted by how open the game was when
    /// it was made ([`marks::error_rate_open`]): a decision in a decided game can lose
    /// nothing, so a game lost early does not read as well played.
    pub error_rate: f64,
    /// Expected points given up per decision ([`marks::points_lost_rate`]).
    pub points_rate: f64,
    /// Mean decision accuracy, percent ([`marks::decision_accuracy`]).
    pub accuracy: f64,
    /// The side's luck: the sum of its chance events' terms.
    pub luck: f64,
    /// The luck-adjusted result: `result − luck`.
    pub adjusted: f64,
    /// Win probability given up over all decisions.
    pub decisions_cost: f64,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The skill level it played like, by the review's rule ([`marks::LevelRule`]); `None`
    /// for a side without a decision.
    pub played_like_level: Option<u8>,
    pub decisions: Vec<Judged>,
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct GameReview {
    pub sides: [SideReview; 2],
    /// Every chance event, in order, with each side's luck.
    pub luck: Vec<LuckEvent>,
    /// The first seat's win probability at the start of each round (round 14: the
    /// result), by the value the luck is measured with.
    pub win_by_round: Vec<(u8, f64)>,
    /// What the log shows that the rules do not explain (English).
    pub warnings: Vec<String>,
    /// The same as catalog messages, for the page to say in its reader's language.
    pub warning_messages: Vec<crate::i18n::Message>,
}

/// The walk: the judge, the luck and the chart see every step.
struct Reviewer {
    judge: Judge,
    luck: LuckTracker,
    chart: Vec<(u8, f64)>,
}

impl LogWalker for Reviewer {
    fn command(&mut self, seat: usize, exchange: &Exchange) {
        self.judge.command(seat, exchange);
    }

    fn event(&mut self, event: &Event) {
        self.luck.observe(event);
        if let Event::Round(round) = *event {
            // Before a roll, the mean of what it may do; in round 13, which has none, the
            // exact value of the states after round 12's scorings.
            let s = self.luck.states();
            let win = self
                .luck
                .win_before_roll()
                .unwrap_or_else(|| position_win(&s[0], &s[1], round - 1));
            self.chart.push((round, win));
        }
    }
}

/// Reviews both sides of a logged game, valuing positions by `valuation` (the bot's curves
/// by default, [`decisions::review_valuation`]); `progress` sees the number of decisions
/// judged so far (of at most 48).
pub fn review_log(
    log: &GameLog,
    valuation: yacht::engine::search::positions::Valuation,
    progress: Option<Box<dyn FnMut(usize) + Send>>,
) -> Result<GameReview, ReplayError> {
    let replay = reconstruct(log)?;
    let mut judge = Judge::new(valuation);
    if let Some(p) = progress {
        judge = judge.with_progress(p);
    }
    let mut reviewer = Reviewer {
        judge,
        luck: LuckTracker::new(),
        chart: Vec::new(),
    };
    walk(log, &mut reviewer);
    let results = results_of(log, final_totals(log, &replay));
    if let Some(&(round, _)) = reviewer.chart.last() {
        reviewer.chart.push((round + 1, results[0]));
    }
    let luck = reviewer.luck.total();
    let sides = Side::BOTH.map(|side| {
        let seat = side.index();
        let decisions: Vec<Judged> = reviewer
            .judge
            .judged
            .iter()
            .filter(|d| d.seat == seat)
            .cloned()
            .collect();
        let n = decisions.len().max(1) as f64;
        let cost: f64 = decisions.iter().map(|d| d.p_win_lost).sum();
        let count = |m: Mark| decisions.iter().filter(|d| d.mark == m).count();
        let error_rate = error_rate_open(&decisions);
        let points_rate = points_lost_rate(&decisions);
        SideReview {
            side: side.name().to_string(),
            player: log.commands[seat].clone().unwrap_or_default(),
            result: results[seat],
            error_rate,
            points_rate,
            accuracy: decisions
                .iter()
                .map(|d| decision_accuracy(d.p_win_lost))
                .sum::<f64>()
                / n,
            luck: luck[seat],
            adjusted: results[seat] - luck[seat],
            decisions_cost: cost,
            inaccuracies: count(Mark::Inaccuracy),
            mistakes: count(Mark::Mistake),
            blunders: count(Mark::Blunder),
            played_like_level: (!decisions.is_empty()).then(|| played_like_level(&decisions)),
            decisions,
        }
    });
    Ok(GameReview {
        sides,
        luck: reviewer.luck.events().to_vec(),
        win_by_round: reviewer.chart,
        warnings: replay.warnings.iter().map(ToString::to_string).collect(),
        warning_messages: replay.warnings,
    })
}

/// Each seat's result (1, ½, 0): an abort loses for its author; else by the final
/// `totals` ([`crate::replay::final_totals`]; a draw without them).
pub fn results_of(log: &GameLog, totals: Option<[i64; 2]>) -> [f64; 2] {
    if let Some(abort) = &log.abort {
        let mut r = [1.0; 2];
        r[abort.side.index()] = 0.0;
        return r;
    }
    let Some(totals) = totals else {
        return [0.5; 2];
    };
    match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => [1.0, 0.0],
        std::cmp::Ordering::Less => [0.0, 1.0],
        std::cmp::Ordering::Equal => [0.5, 0.5],
    }
}

impl GameReview {
    /// The decisions of both sides, costliest first.
    pub fn costliest(&self, seat: usize, n: usize) -> Vec<&Judged> {
        let mut all: Vec<&Judged> = self.sides[seat].decisions.iter().collect();
        all.sort_by(|a, b| b.p_win_lost.total_cmp(&a.p_win_lost));
        all.truncate(n);
        all
    }

    /// Decisions of one kind for a seat.
    pub fn of_kind(&self, seat: usize, kind: Kind) -> impl Iterator<Item = &Judged> {
        self.sides[seat]
            .decisions
            .iter()
            .filter(move |d| d.kind == kind)
    }
}
