//! Every decision of a logged game judged by win probability: each side's 12 bids and 12
//! scorings, the best decision it could have made, and what the difference cost.
//!
//! **A bid** is simultaneous: its quality depends on the bid it meets, which the bidder
//! cannot see. So a bid is judged against what could be known when it was made: the
//! opponent model as the bot's own would have learnt it from the game's earlier auctions
//! (`engine::model::opponent`), and the auction's win curves for both assignments
//! (`engine::search::positions::auction_curves`). The *best* bid maximises the win
//! probability expected under that model, the share of the opponent the model cannot yet
//! explain (all of it before the first `GET`) taken at its worst case for the bid, which is
//! what the equilibrium bid guarantees (`engine::bid::winbid::win_objective`). A bid's
//! *error* is that objective at the best bid minus at the bid played; its cost in points
//! is the same objective in points of expected score difference
//! (`engine::bid::response::points_objective`). The *hindsight* figure, shown apart, is
//! the win probability given up against the bid the opponent actually made.
//!
//! **A scoring** is judged by the win probability after it, every candidate valued on the
//! same futures (common random numbers, so a small difference is a real one): the
//! table's best few, the scoring played, and from round 9 each open category's best. The
//! opponent's simultaneous scoring is taken to be the table's. Exact from round 11 on.
//! Its cost in points is the table's expected score given up against the table's best.

use yacht::engine::bid::response::{best_response, points_objective};
use yacht::engine::bid::winbid::{best_win_response_with, opponent_maximin, win_objective};
use yacht::engine::model::features::RoundFeatures;
use yacht::engine::model::opponent::{Atom, OpponentModel, Predictive, MIN_OBSERVED_ROUNDS};
use yacht::engine::safety::payoff::{Curves, Limits};
use yacht::engine::search::positions::{
    auction_curves, scoring_futures, win_after_scoring, Valuation,
};
use yacht::engine::search::wincurve::WinCurve;
use yacht::engine::value::bidding::{bundle_values, POINTS_PER_UNIT};
use yacht::engine::value::choice::{
    all_choices, best_choice_for, best_greedy_choice, gain_now_units, Choice,
};
use yacht::engine::value::choice_cache::ChoiceCache;
use yacht::engine::GameView;
use yacht::protocol::{Answer, Command, Group, Hand};
use yacht::rules::dice::to_digits;

pub use super::judged::{Judged, Kind};
use super::marks::mark;
use crate::i18n::Message;
use crate::replay::{Exchange, LogWalker};

/// Rollouts per win curve of an auction, and futures per scoring's candidates, where the
/// review rolls out (`--rollouts`, or a bot without the value network): enough that the
/// common futures tell candidates apart to a fraction of a percent, few enough that a game
/// is reviewed in a couple of seconds (docs/results.md#review). By default the review
/// values positions with the value network ([`review_valuation`]).
pub const REVIEW_ROLLOUTS: usize = 600;

/// How a review values positions by default: with the value network in the rounds it
/// values and a few rollouts after (as the bot with `curves=net` does), whatever the bot's
/// own default. The network's odds are as well calibrated as the rollouts' beside them
/// (docs/results.md#value-net) and a game is reviewed in about 0.15 s instead of 1.6-2.7 s,
/// so that the page's review is immediate. `--rollouts N` still reviews by rollouts.
pub fn review_valuation() -> Valuation {
    Valuation::of(
        &yacht::engine::BotConfig {
            curves: yacht::engine::config::CurveSource::Net,
            ..yacht::engine::BotConfig::DEFAULT
        },
        REVIEW_ROLLOUTS,
    )
}
/// The table's best scorings valued as candidates, besides the one played.
pub const SCORING_CANDIDATES: usize = 5;
/// From this round on each open category's best scoring is a candidate too (a long shot
/// often lives in another category than the table's favourite).
pub const EVERY_CATEGORY_FROM_ROUND: u8 = 9;

/// A bid waiting for its `GET` (the opponent's bid, for the hindsight figure and the
/// model's update).
struct OpenBid {
    features: RoundFeatures,
    predictive: Predictive,
    curves: [WinCurve; 2],
    swing_points: f64,
    played: (Group, u32),
    roll: (Hand, Hand),
}

/// Walks a logged game and judges every decision of both seats.
pub struct Judge {
    views: [GameView; 2],
    models: [OpponentModel; 2],
    open: [Option<OpenBid>; 2],
    /// The first seat's curves of the auction in progress (the second's are their mirror).
    curves: Option<(u8, [WinCurve; 2])>,
    valuation: Valuation,
    pub judged: Vec<Judged>,
    /// Called after each decision judged (progress).
    progress: Option<Box<dyn FnMut(usize) + Send>>,
}

impl Judge {
    pub fn new(valuation: Valuation) -> Judge {
        Judge {
            views: [GameView::default(); 2],
            models: [OpponentModel::new(), OpponentModel::new()],
            open: [None, None],
            curves: None,
            valuation,
            judged: Vec::new(),
            progress: None,
        }
    }

    /// Calls `progress` with the number of decisions judged so far after each one.
    pub fn with_progress(mut self, progress: Box<dyn FnMut(usize) + Send>) -> Judge {
        self.progress = Some(progress);
        self
    }

    fn push(&mut self, judged: Judged) {
        self.judged.push(judged);
        let n = self.judged.len();
        if let Some(progress) = self.progress.as_mut() {
            progress(n);
        }
    }

    /// The curves of `seat` for the auction of round `round` (searched once, for seat 0).
    fn curves_for(&mut self, seat: usize, round: u8, a: &Hand, b: &Hand) -> [WinCurve; 2] {
        let stale = self.curves.as_ref().is_none_or(|(r, _)| *r != round);
        if stale {
            let v = &self.views[0];
            let c = auction_curves(
                &v.me,
                &v.opp,
                round,
                &a.counts(),
                &b.counts(),
                self.valuation,
            );
            self.curves = Some((round, c));
        }
        let Some((_, [ca, cb])) = &self.curves else {
            unreachable!("just set")
        };
        if seat == 0 {
            [ca.clone(), cb.clone()]
        } else {
            // They get A with transfer δ ⇔ we get B with −δ.
            [cb.mirrored(), ca.mirrored()]
        }
    }

    fn roll(&mut self, seat: usize, a: Hand, b: Hand, logged: Option<Answer>) {
        let round = self.views[seat].round;
        let Some(Answer::Bid { group, amount }) = logged else {
            return;
        };
        let curves = self.curves_for(seat, round, &a, &b);
        let view = &self.views[seat];
        let swing_points =
            bundle_values(&view.me, &view.opp, &a.counts(), &b.counts()).swing_points() as f64;
        let mut features = RoundFeatures::compute(view, &a.counts(), &b.counts());
        // The model's switch component reads the opponent's maximin bid, as the bot's does
        // wherever it has curves.
        if round >= 2 {
            features.maximin_bid = Some(opponent_maximin(&Curves {
                a: &curves[0],
                b: &curves[1],
                swing_points,
            }));
        }
        let predictive = self.models[seat].predict(&features);
        self.views[seat].my_bid = Some((group, amount));
        self.open[seat] = Some(OpenBid {
            features,
            predictive,
            curves,
            swing_points,
            played: (group, amount),
            roll: (a, b),
        });
    }

    fn get(&mut self, seat: usize, round: u8, opp_group: Group, opp_amount: u32) {
        let Some(open) = self.open[seat].take() else {
            return;
        };
        let curves = Curves {
            a: &open.curves[0],
            b: &open.curves[1],
            swing_points: open.swing_points,
        };
        let predictive = &open.predictive;
        let best = best_win_response_with(&curves, predictive, None, &Limits::NONE);
        let value = |(g, x): (Group, u32)| win_objective(&curves, predictive, g, x);
        let (played_value, best_value) = (value(open.played), value((best.group, best.amount)));
        // The candidates are a grid: a played bid between its points may beat them.
        let (best_bid, best_value) = if played_value > best_value {
            (open.played, played_value)
        } else {
            ((best.group, best.amount), best_value)
        };
        let points = |(g, x): (Group, u32)| points_objective(open.swing_points, predictive, g, x);
        let points_best = best_response(open.swing_points, predictive);
        let points_lost = (points((points_best.group, points_best.amount)) - points(open.played))
            .max(points(best_bid) - points(open.played));
        // Hindsight: against the bid that came.
        let known = Predictive {
            atoms: vec![Atom {
                group: opp_group,
                amount: opp_amount,
                weight: 1.0,
            }],
            unexplained: 0.0,
            read: 0.0,
            observed: predictive.observed.max(MIN_OBSERVED_ROUNDS),
        };
        let oracle = best_win_response_with(&curves, &known, None, &Limits::NONE);
        let p_win = |(g, x): (Group, u32)| curves.win_probability(g, x, opp_group, opp_amount);
        let hindsight = (p_win((oracle.group, oracle.amount)) - p_win(open.played)).max(0.0);
        let lost = (best_value - played_value).max(0.0);
        let (a, b) = open.roll;
        let reason = bid_why(open.swing_points, predictive, best_bid, open.played, lost);
        self.push(Judged {
            seat,
            round,
            kind: Kind::Bid,
            played: bid_text(open.played),
            best: bid_text(best_bid),
            p_win_lost: lost,
            points_lost,
            greedy: None,
            p_win_lost_hindsight: Some(hindsight),
            mark: mark(lost),
            p_win_best: best_value.clamp(0.0, 1.0),
            dice: vec![format!("A {a}"), format!("B {b}")],
            why: reason.to_string(),
            reason,
        });
        self.models[seat].observe(open.features, opp_group, opp_amount, open.played);
    }

    fn score(&mut self, seat: usize, round: u8, logged: Option<Answer>) {
        let Some(Answer::Put { category, dice }) = logged else {
            return;
        };
        let me = self.views[seat].me;
        let mut opp = self.views[seat].opp;
        if let Some(choice) = best_choice_for(&opp) {
            let _ = opp.apply_score(choice.category, &choice.dice);
        }
        let mut ranked = all_choices(me.used, me.upper_k, &me.held);
        ranked.sort_by_key(|c| std::cmp::Reverse(c.value_units));
        let played = ranked
            .iter()
            .find(|c| c.category == category && c.dice == dice.counts())
            .copied();
        let mut candidates: Vec<Choice> = ranked.iter().take(SCORING_CANDIDATES).copied().collect();
        if round >= EVERY_CATEGORY_FROM_ROUND {
            for c in &ranked {
                if !candidates.iter().any(|k| k.category == c.category) {
                    candidates.push(*c);
                }
            }
        }
        if let Some(p) = played
            && !candidates.contains(&p)
        {
            candidates.push(p);
        }
        let futures = scoring_futures(&me, &opp, round, self.valuation);
        let mut cache = ChoiceCache::new();
        let mut valued: Vec<(Choice, f64)> = candidates
            .iter()
            .filter_map(|c| {
                let mut after = me;
                after.apply_score(c.category, &c.dice).ok()?;
                Some((
                    *c,
                    win_after_scoring(&after, &opp, round, &futures, &mut cache, self.valuation),
                ))
            })
            .collect();
        // Best first; equal win probabilities leave the table's value to decide.
        valued.sort_by(|x, y| {
            y.1.total_cmp(&x.1)
                .then(y.0.value_units.cmp(&x.0.value_units))
        });
        let table_best = ranked.first().copied();
        if let (Some(&(best, best_win)), Some(played), Some(table_best)) =
            (valued.first(), played, table_best)
        {
            let played_win = valued
                .iter()
                .find(|(c, _)| *c == played)
                .map_or(best_win, |v| v.1);
            let lost = (best_win - played_win).max(0.0);
            let points_lost =
                f64::from(table_best.value_units - played.value_units) * POINTS_PER_UNIT as f64;
            let now = |c: &Choice| gain_now_units(c.category, me.upper_k, &c.dice);
            let greedy =
                best_greedy_choice(me.used, me.upper_k, &me.held).map(|g| now(&played) >= now(&g));
            let reason = put_why(&best, &played, best_win, played_win);
            self.push(Judged {
                seat,
                round,
                kind: Kind::Put,
                played: put_text(&played),
                best: put_text(&best),
                p_win_lost: lost,
                points_lost,
                greedy,
                p_win_lost_hindsight: None,
                mark: mark(lost),
                p_win_best: best_win,
                dice: vec![to_digits(&me.held)],
                why: reason.to_string(),
                reason,
            });
        }
        let _ = self.views[seat].me.apply_score(category, &dice.counts());
    }
}

impl LogWalker for Judge {
    fn command(&mut self, seat: usize, exchange: &Exchange) {
        if seat > 1 {
            return;
        }
        let _ = self.views[seat].advance(&exchange.command);
        match exchange.command {
            Command::Roll { a, b } => self.roll(seat, a, b, exchange.logged),
            Command::Get {
                opp_group,
                opp_amount,
                ..
            } => {
                let round = self.views[seat].round;
                self.get(seat, round, opp_group, opp_amount);
            }
            Command::Score => {
                // Round r's scoring follows r − 2 others (round 13 has no ROLL to count).
                let round = self.views[seat].me.used.count_ones() as u8 + 2;
                self.score(seat, round, exchange.logged);
            }
            _ => {}
        }
    }
}

fn bid_text((g, x): (Group, u32)) -> String {
    format!("BID {g} {x}")
}

fn put_text(c: &Choice) -> String {
    let dice = Hand::from_counts(&c.dice).map_or_else(|| to_digits(&c.dice), |h| h.to_string());
    format!("PUT {} {dice}", c.category)
}

/// Why the best bid is better, in numbers (the catalogs' `why-bid`).
fn bid_why(
    swing_points: f64,
    predictive: &Predictive,
    best: (Group, u32),
    played: (Group, u32),
    lost: f64,
) -> Message {
    let favoured = if swing_points > 0.0 { "A" } else { "B" };
    let mut why = Message::new("why-bid")
        .text("favoured", favoured)
        .number("swing", swing_points.abs());
    if predictive.observed >= MIN_OBSERVED_ROUNDS && !predictive.atoms.is_empty() {
        let norm: f64 = predictive.atoms.iter().map(|a| a.weight).sum();
        let p_a: f64 = predictive
            .atoms
            .iter()
            .filter(|a| a.group == Group::A)
            .map(|a| a.weight)
            .sum::<f64>()
            / norm.max(1e-12);
        let mean: f64 = predictive
            .atoms
            .iter()
            .map(|a| a.weight * a.amount as f64)
            .sum::<f64>()
            / norm.max(1e-12);
        why = why
            .text("known", "yes")
            .number("pA", p_a)
            .number("mean", mean);
    } else {
        why = why.text("known", "no");
    }
    why.text("gave", if lost > 0.0 { "yes" } else { "no" })
        .text("played", format!("{} {}", played.0, played.1))
        .text("best", format!("{} {}", best.0, best.1))
        .number("lost", 100.0 * lost)
}

/// Why the best scoring is better, in numbers (the catalogs' `why-put`, `why-put-best`).
fn put_why(best: &Choice, played: &Choice, best_win: f64, played_win: f64) -> Message {
    if best == played {
        return Message::new("why-put-best").number("win", 100.0 * best_win);
    }
    let points = |c: &Choice| c.category.score_k(&c.dice) as f64 * 1000.0;
    Message::new("why-put")
        .text("best", best.category.to_string())
        .number("bestPoints", points(best))
        .number("bestWin", 100.0 * best_win)
        .text("played", played.category.to_string())
        .number("playedPoints", points(played))
        .number("playedWin", 100.0 * played_win)
        .number(
            "apart",
            f64::from(best.value_units - played.value_units) * POINTS_PER_UNIT as f64,
        )
}
