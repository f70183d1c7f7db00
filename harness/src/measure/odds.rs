//! `harness measure odds`: whether the numbers the bot decides on are true.
//!
//! The bot plays each opponent of a mix on seat-swapped deals (`harness match`'s games).
//! At every win-round auction, once both bids are in, two forecasts are taken from the
//! bot itself and later checked against what happened:
//!
//! - **P(win)**: the win probability its own curves give its bid at the opponent's actual
//!   bid (`Bot::win_of_open_bid`), a forecast of the game's result once the auction is
//!   settled. Checked by round and by opponent: reliability in bins (with Wilson
//!   intervals), Brier score, expected calibration error. Auctions priced in points after
//!   round 1 with a lead beyond the decided-game gate's margin are games it called
//!   decided; how often their leader lost is counted too.
//! - **The opponent's bid**: the model's prediction (its habits' weighted bids,
//!   `Bot::explain_open_bid`) against the bid that came: the probability it gave the group
//!   the opponent asked for, and whether the amount fell in the central 50% and 90% of
//!   the amounts it predicted on that group.
//!
//! Against an opponent of another strength the level of P(win) shifts by design (the
//! rollouts play both sides by the table); the shape must hold everywhere.

use rayon::prelude::*;

use yacht::engine::search::endgame::decided_margin_points;
use yacht::engine::search::wincurve::win_share;
use yacht::engine::value::bidding::{bundle_values, POINTS_PER_UNIT};
use yacht::engine::value::choice::position_value_units;
use yacht::engine::{Bot, BotConfig, PlayerState};
use yacht::game::Deal;
use yacht::protocol::{Group, Hand};

use super::observed::play_observed;
use crate::player::PlayerSpec;
use crate::review::luck::{ChanceKind, LuckEvent};
use crate::stats::logistic::{Forecast as ShiftForecast, Shift};

/// The central intervals whose coverage is counted: 50% and 90%.
pub const INTERVALS: [f64; 2] = [0.5, 0.9];

/// One auction's forecasts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Forecast {
    pub round: u8,
    /// P(win) at the actual bids; `None` for an auction priced in points.
    pub p_win: Option<f64>,
    /// For an auction priced in points after round 1 with a lead beyond the decided-game
    /// gate's margin: whether the bot led by the table's expectation.
    pub decided_lead: Option<bool>,
    /// The model's probability for the group the opponent asked for, and whether its
    /// amount was in the central intervals ([`INTERVALS`]) of the predicted amounts on
    /// that group (`None`: the model predicted nothing there).
    pub bid: Option<(f64, Option<[bool; 2]>)>,
    /// Whether the amount was in the central intervals of the whole model on that group
    /// (`Predictive::holds_in_full`: the atoms, and evenly spread their slip and the
    /// unexplained weight), once the model has seen a round; `None` where it gives the
    /// group no weight.
    pub within_full: Option<[bool; 2]>,
    /// The model's weight on the reader hypothesis and its whole hedge (what the best
    /// response gives the worst case), once it has seen a round; `None` before.
    pub hedge: Option<(f64, f64)>,
    /// What the game has shown of the opponent, for fits on the forecasts: the model's
    /// predicted share, the earnings per auction (thousands of points), and the
    /// opponent's gap from the equilibrium bid (-1 before the first `GET`).
    pub shown: [f64; 3],
    /// The bot's luck in the chance events after the forecast (this auction's coin, the
    /// later rolls and coins; `review::luck`), filled in when the game is over: each term
    /// has mean zero given the position, so the result less it has the result's
    /// expectation given anything the forecast knew, with far less of the dice in it.
    pub later_luck: f64,
    /// P(win) at the same bids by another configuration's curves at the same position
    /// (`--beside`: another curve source), where it prices the auction for the win.
    pub beside: Option<f64>,
}

/// One game: whom it was against, what the bot scored (1, ½, 0) and its forecasts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameForecasts {
    pub opponent: usize,
    pub points: f64,
    pub forecasts: Vec<Forecast>,
}

/// The expected final difference by the table with this auction's bundles, points,
/// averaged over the two assignments: what the decided-game gate weighs (it calls a game
/// decided when both assignments are far on the same side).
fn expected_lead(me: &PlayerState, opp: &PlayerState, roll: Option<(Hand, Hand)>) -> f64 {
    let now = (me.total_points() - opp.total_points()) as f64;
    match roll {
        Some((a, b)) => {
            let v = bundle_values(me, opp, &a.counts(), &b.counts());
            let sum_units = (v.ours[0] - v.theirs[1]) + (v.ours[1] - v.theirs[0]);
            now + (i64::from(sum_units) * POINTS_PER_UNIT) as f64 / 2.0
        }
        None => {
            let rest = |p: &PlayerState| {
                i64::from(position_value_units(p.used, p.upper_k, &p.held)) * POINTS_PER_UNIT
            };
            now + (rest(me) - rest(opp)) as f64
        }
    }
}

/// Whether an amount was in each of [`INTERVALS`] by `holds` (a width to the answer);
/// `None` unless both were judged.
fn judged(holds: impl Fn(f64) -> Option<bool>) -> Option<[bool; 2]> {
    match INTERVALS.map(holds) {
        [Some(a), Some(b)] => Some([a, b]),
        _ => None,
    }
}

/// Adds one judged amount to the counts of each interval.
fn count(counts: &mut [usize; 2], within: [bool; 2]) {
    for (n, inside) in counts.iter_mut().zip(within) {
        *n += usize::from(inside);
    }
}

/// The forecasts of the auction open in `bot`, the opponent having bid `theirs` (and
/// `beside`'s curves' P(win) at the same bids, if given).
fn forecast(bot: &Bot, theirs: (Group, u32), beside: Option<&BotConfig>) -> Option<Forecast> {
    let view = bot.view();
    let explanation = bot.explain_open_bid()?;
    let p_win = bot.win_of_open_bid(theirs);
    let beside = beside.and_then(|other| bot.win_of_open_bid_beside(theirs, other));
    // Priced in points after round 1: the gate found the game decided, or the curves
    // flat over this auction's transfers (nothing to win here). Only the first says who
    // leads: a lead beyond the gate's margin (without the earnings it adds).
    let lead = expected_lead(&view.me, &view.opp, view.roll);
    let decided_lead = (p_win.is_none()
        && view.round >= 2
        && lead.abs() > decided_margin_points(usize::from(view.round)))
    .then_some(lead > 0.0);
    let atoms = &explanation.predictive.atoms;
    let total: f64 = atoms.iter().map(|a| a.weight).sum();
    let bid = (total > 0.0 && explanation.predictive.observed > 0).then(|| {
        let on_group: f64 = atoms
            .iter()
            .filter(|a| a.group == theirs.0)
            .map(|a| a.weight)
            .sum();
        let within = judged(|width| explanation.predictive.holds(theirs.0, theirs.1, width));
        (on_group / total, within)
    });
    let predictive = &explanation.predictive;
    let within_full = (predictive.observed > 0)
        .then(|| judged(|width| predictive.holds_in_full(theirs.0, theirs.1, width)))
        .flatten();
    let hedge = (predictive.observed > 0).then(|| (predictive.read, predictive.hedge()));
    Some(Forecast {
        round: view.round,
        p_win,
        decided_lead,
        bid,
        within_full,
        hedge,
        later_luck: 0.0,
        beside,
        shown: [
            bot.model().predicted_share(),
            view.auction_earnings.edge_per_auction_points() / 1_000.0,
            bot.model().equilibrium_gap().unwrap_or(-1.0),
        ],
    })
}

/// Plays `bot` against every opponent of `opponents` on `deals` (seat-swapped; deal `i`
/// is `harness match --seed seed`'s), in parallel, and returns every game's forecasts
/// (with `beside`'s curves' at the same positions, if given).
pub fn measure(
    bot: BotConfig,
    beside: Option<BotConfig>,
    opponents: &[PlayerSpec],
    seed: u64,
    deals: &[Deal],
) -> Result<Vec<GameForecasts>, String> {
    let jobs: Vec<(usize, usize, usize)> = (0..opponents.len())
        .flat_map(|o| (0..deals.len()).flat_map(move |d| [(o, d, 0), (o, d, 1)]))
        .collect();
    jobs.par_iter()
        .map(|&(o, d, bot_seat)| {
            let mut opponent = opponents[o].build()?;
            let mut forecasts = Vec::new();
            let mut on_auction =
                |bot: &Bot, theirs| forecasts.extend(forecast(bot, theirs, beside.as_ref()));
            let (_, played, luck) = play_observed(
                bot,
                opponent.as_mut(),
                (seed, d as u64),
                &deals[d],
                bot_seat,
                &mut on_auction,
            )?;
            let totals = played.states.map(|s| s.total_points());
            let points = if played.stop.is_some() {
                0.0
            } else {
                win_share((totals[bot_seat] - totals[1 - bot_seat]) as f64)
            };
            if played.stop.is_none() {
                for f in &mut forecasts {
                    f.later_luck = later_luck(&luck, f.round, bot_seat);
                }
            }
            Ok(GameForecasts {
                opponent: o,
                points,
                forecasts,
            })
        })
        .collect()
}

/// The luck of `seat` in the chance events after a forecast at round `round`'s auction,
/// once both bids were in: the round's coin (a tied bid's), then every later round's.
pub fn later_luck(events: &[LuckEvent], round: u8, seat: usize) -> f64 {
    events
        .iter()
        .filter(|e| e.round > round || (e.round == round && e.kind == ChanceKind::Coin))
        .map(|e| e.luck[seat])
        .sum()
}

/// Forecasts of P(win) against results, in bins of equal width.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Reliability {
    /// Per bin: forecasts, their sum, and the sum of the results (points).
    pub bins: Vec<(usize, f64, f64)>,
    /// Sum of squared errors, and the count.
    pub squared_error: f64,
    pub count: usize,
}

/// Bins of the reliability tables and pictures.
pub const BINS: usize = 10;

impl Reliability {
    pub fn new() -> Reliability {
        Reliability {
            bins: vec![(0, 0.0, 0.0); BINS],
            ..Reliability::default()
        }
    }

    pub fn add(&mut self, p: f64, result: f64) {
        let bin = ((p * BINS as f64) as usize).min(BINS - 1);
        let slot = &mut self.bins[bin];
        slot.0 += 1;
        slot.1 += p;
        slot.2 += result;
        self.squared_error += (p - result).powi(2);
        self.count += 1;
    }

    /// Mean squared error of the forecasts.
    pub fn brier(&self) -> f64 {
        self.squared_error / self.count.max(1) as f64
    }

    /// Expected calibration error: the bins' |mean forecast − mean result|, weighted by
    /// their counts.
    pub fn ece(&self) -> f64 {
        let gaps: f64 = self
            .bins
            .iter()
            .filter(|b| b.0 > 0)
            .map(|&(_, p, r)| (p - r).abs())
            .sum();
        gaps / self.count.max(1) as f64
    }

    /// Per bin with forecasts: (mean forecast, mean result, its 95% Wilson interval, count).
    pub fn points(&self) -> Vec<(f64, f64, (f64, f64), usize)> {
        self.bins
            .iter()
            .filter(|b| b.0 > 0)
            .map(|&(n, p, r)| {
                let nf = n as f64;
                (p / nf, r / nf, wilson(r / nf, nf), n)
            })
            .collect()
    }
}

/// The 95% Wilson interval of a rate `p` over `n` trials (draws count as half a win,
/// which keeps the rate and treats the trials as Bernoulli: slightly wide).
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    const Z: f64 = 1.959_963_984_540_054;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = Z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The bid predictions against one opponent.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct BidCalibration {
    pub bids: usize,
    /// Mean probability given to the group the opponent asked for, and the mean of its log.
    pub group_probability: f64,
    pub group_log: f64,
    /// Bids whose group had predicted amounts, and how many fell in each interval.
    pub with_amounts: usize,
    pub within: [usize; 2],
    /// Bids judged by the whole model's intervals (`Forecast::within_full`), and how many
    /// fell in each.
    pub judged_in_full: usize,
    pub within_full: [usize; 2],
    /// Auctions with a model, the mean reader weight and hedge over them, and how many
    /// gave the reader half the weight or more.
    pub modelled: usize,
    pub read: f64,
    pub hedge: f64,
    pub read_half: usize,
}

/// What the report says, by opponent and by round.
#[derive(Clone, Debug, PartialEq)]
pub struct OddsReport {
    pub opponents: Vec<String>,
    pub games: Vec<usize>,
    pub points: Vec<f64>,
    /// P(win) by opponent (all rounds), and by round (all opponents; index round − 1).
    pub by_opponent: Vec<Reliability>,
    pub by_round: Vec<Reliability>,
    /// P(win) by opponent against the luck-adjusted results (the result less the luck
    /// after the forecast, [`Forecast::later_luck`]): the same expectation, less noise.
    pub by_opponent_adjusted: Vec<Reliability>,
    /// P(win) by round against the luck-adjusted results (index round − 1).
    pub by_round_adjusted: Vec<Reliability>,
    /// Decided games by round: (called decided, their leader lost or drew).
    pub decided: Vec<(usize, f64)>,
    pub bids: Vec<BidCalibration>,
    /// P(win), the result and the game of every forecast of the rollouts' rounds, by
    /// opponent and by [`SHIFT_ROUNDS`], for the level shift ([`OddsReport::shifts`]).
    pub rolled_out: Vec<[Vec<ShiftForecast>; 2]>,
    /// The same against the luck-adjusted results.
    pub rolled_out_adjusted: Vec<[Vec<ShiftForecast>; 2]>,
    /// Where both the bot's and `--beside`'s curves priced the auction for the win, by
    /// round (index round − 1): [the bot's, beside's] against the result, then the same
    /// against the luck-adjusted result.
    pub paired_by_round: Vec<[Reliability; 4]>,
}

/// The rollouts' rounds, early and late, read apart for the level shift.
pub const SHIFT_ROUNDS: [(u8, u8); 2] = [(2, 6), (7, 10)];

impl OddsReport {
    /// By opponent, the level shift of P(win) (logits, with its standard errors, the
    /// forecasts of a game read together and apart) over each of [`SHIFT_ROUNDS`] and over
    /// both: what a true forecaster's is 0 ([`crate::stats::logistic::shift`]).
    pub fn shifts(&self, adjusted: bool) -> Vec<[Option<Shift>; 3]> {
        use crate::stats::logistic::shift;
        let rolled_out = if adjusted {
            &self.rolled_out_adjusted
        } else {
            &self.rolled_out
        };
        rolled_out
            .iter()
            .map(|[early, late]| {
                let both: Vec<ShiftForecast> = early.iter().chain(late).copied().collect();
                [shift(early), shift(late), shift(&both)]
            })
            .collect()
    }
}

/// Floor of a logged probability (a group the model ruled out).
const LOG_FLOOR: f64 = 1e-3;

/// Sums the games' forecasts into the report.
pub fn report(opponents: &[String], games: &[GameForecasts]) -> OddsReport {
    let n = opponents.len();
    let rounds = yacht::rules::auction::AUCTION_ROUNDS;
    let mut r = OddsReport {
        opponents: opponents.to_vec(),
        games: vec![0; n],
        points: vec![0.0; n],
        by_opponent: (0..n).map(|_| Reliability::new()).collect(),
        by_round: (0..rounds).map(|_| Reliability::new()).collect(),
        decided: vec![(0, 0.0); rounds],
        bids: vec![BidCalibration::default(); n],
        by_opponent_adjusted: (0..n).map(|_| Reliability::new()).collect(),
        by_round_adjusted: (0..rounds).map(|_| Reliability::new()).collect(),
        rolled_out: vec![[Vec::new(), Vec::new()]; n],
        rolled_out_adjusted: vec![[Vec::new(), Vec::new()]; n],
        paired_by_round: (0..rounds)
            .map(|_| std::array::from_fn(|_| Reliability::new()))
            .collect(),
    };
    for (game, g) in games.iter().enumerate() {
        r.games[g.opponent] += 1;
        r.points[g.opponent] += g.points;
        for f in &g.forecasts {
            let index = usize::from(f.round.max(1)) - 1;
            if let Some(p) = f.p_win {
                r.by_opponent[g.opponent].add(p, g.points);
                r.by_round[index].add(p, g.points);
                let adjusted = g.points - f.later_luck;
                r.by_opponent_adjusted[g.opponent].add(p, adjusted);
                r.by_round_adjusted[index].add(p, adjusted);
                let part = SHIFT_ROUNDS
                    .iter()
                    .position(|&(first, last)| (first..=last).contains(&f.round));
                if let Some(part) = part {
                    let forecast = |y| ShiftForecast { p, y, game };
                    r.rolled_out[g.opponent][part].push(forecast(g.points));
                    r.rolled_out_adjusted[g.opponent][part].push(forecast(adjusted));
                }
            }
            if let (Some(p), Some(q)) = (f.p_win, f.beside) {
                let adjusted = g.points - f.later_luck;
                let paired = &mut r.paired_by_round[index];
                paired[0].add(p, g.points);
                paired[1].add(q, g.points);
                paired[2].add(p, adjusted);
                paired[3].add(q, adjusted);
            }
            if let Some(lead) = f.decided_lead {
                let leader_result = if lead { g.points } else { 1.0 - g.points };
                r.decided[index].0 += 1;
                r.decided[index].1 += 1.0 - leader_result;
            }
            if let Some((read, hedge)) = f.hedge {
                let b = &mut r.bids[g.opponent];
                b.modelled += 1;
                b.read += read;
                b.hedge += hedge;
                b.read_half += usize::from(read >= 0.5);
            }
            if let Some(within) = f.within_full {
                let b = &mut r.bids[g.opponent];
                b.judged_in_full += 1;
                count(&mut b.within_full, within);
            }
            if let Some((p_group, within)) = f.bid {
                let b = &mut r.bids[g.opponent];
                b.bids += 1;
                b.group_probability += p_group;
                b.group_log += p_group.max(LOG_FLOOR).ln();
                if let Some(within) = within {
                    b.with_amounts += 1;
                    count(&mut b.within, within);
                }
            }
        }
    }
    for b in &mut r.bids {
        let n = b.bids.max(1) as f64;
        b.group_probability /= n;
        b.group_log /= n;
        let modelled = b.modelled.max(1) as f64;
        b.read /= modelled;
        b.hedge /= modelled;
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The luck after a forecast is the later rounds' and the round's own coin, not its
    /// roll (which the forecast saw), for the seat asked.
    #[test]
    fn the_luck_after_a_forecast_leaves_out_what_it_saw() {
        let event = |round, kind, first: f64| LuckEvent {
            round,
            kind,
            luck: [first, -first],
            win_after: 0.5,
        };
        let events = [
            event(3, ChanceKind::Roll, 0.01),
            event(3, ChanceKind::Coin, 0.02),
            event(4, ChanceKind::Roll, 0.04),
            event(5, ChanceKind::Roll, 0.08),
            event(5, ChanceKind::Coin, 0.16),
        ];
        assert!((later_luck(&events, 3, 0) - 0.30).abs() < 1e-12);
        assert!((later_luck(&events, 3, 1) + 0.30).abs() < 1e-12);
        assert!((later_luck(&events, 4, 0) - 0.24).abs() < 1e-12);
        assert_eq!(later_luck(&events, 12, 0), 0.0);
    }

    #[test]
    fn a_calibrated_forecaster_has_no_gap_and_a_sure_one_a_large_one() {
        let mut calibrated = Reliability::new();
        let mut sure = Reliability::new();
        for i in 0..1000 {
            // Forecast 0.3: three wins in ten.
            calibrated.add(0.3, f64::from(u8::from(i % 10 < 3)));
            sure.add(0.95, f64::from(u8::from(i % 10 < 3)));
        }
        assert!(calibrated.ece() < 1e-9, "{}", calibrated.ece());
        assert!((sure.ece() - 0.65).abs() < 1e-9);
        assert!((calibrated.brier() - 0.21).abs() < 1e-9);
        let [(p, r, (low, high), n)] = calibrated.points()[..] else {
            panic!("one bin")
        };
        assert_eq!(n, 1000);
        assert!((p - 0.3).abs() < 1e-12 && (r - 0.3).abs() < 1e-12);
        assert!(low < 0.3 && high > 0.3 && high - low < 0.06);
    }

    /// Against the equilibrium bidder every round from 2 is a win round: forecasts come
    /// in, each a probability, and the model predicts the opponent's group.
    #[test]
    fn games_give_forecasts_of_every_kind() {
        let bot = BotConfig {
            use_clock: false,
            rollouts: 200,
            ..BotConfig::default()
        };
        let opponents = ["bot:bidder=equilibrium,win=0"
            .parse::<PlayerSpec>()
            .unwrap()];
        let deals = [Deal::from_seed(3, 0), Deal::from_seed(3, 1)];
        // Beside: the rollouts' curves at the same positions.
        let rollouts = BotConfig {
            curves: yacht::engine::config::CurveSource::Rollouts,
            ..bot
        };
        let games = measure(bot, Some(rollouts), &opponents, 3, &deals).unwrap();
        assert_eq!(games.len(), 4);
        let all: Vec<&Forecast> = games.iter().flat_map(|g| &g.forecasts).collect();
        assert!(all.iter().any(|f| f.beside.is_some()));
        assert!(all
            .iter()
            .filter_map(|f| f.beside)
            .all(|p| (0.0..=1.0).contains(&p)));
        assert!(all
            .iter()
            .filter_map(|f| f.p_win)
            .all(|p| (0.0..=1.0).contains(&p)));
        assert!(all.iter().any(|f| f.p_win.is_some()));
        assert!(all.iter().any(|f| f.bid.is_some()));
        // The dice after every forecast but the last rounds' moved the win probability;
        // after round 12's auction only a coin is left, and luck is a share of a result.
        assert!(all
            .iter()
            .filter(|f| f.round <= 10)
            .all(|f| f.later_luck != 0.0));
        assert!(all.iter().all(|f| f.later_luck.abs() <= 1.0));
        assert!(all
            .iter()
            .filter(|f| f.round == 12)
            .all(|f| f.later_luck.abs() <= 0.5));
        let report = report(&["eq".to_string()], &games);
        assert_eq!(report.games, [4]);
        let paired: usize = report.paired_by_round.iter().map(|p| p[0].count).sum();
        assert!(
            paired > 0
                && report
                    .paired_by_round
                    .iter()
                    .all(|p| p[0].count == p[1].count)
        );
        assert!(report.by_opponent[0].count > 0);
        assert_eq!(
            report.by_opponent_adjusted[0].count,
            report.by_opponent[0].count
        );
        assert!((0.0..=1.0).contains(&report.bids[0].group_probability));
        // Every auction after the first is judged by the whole model's intervals too; its
        // 90% holds at least what its 50% holds.
        let b = &report.bids[0];
        let judged = all.iter().filter(|f| f.within_full.is_some()).count();
        assert!(judged > 0 && judged == b.judged_in_full);
        assert!(all
            .iter()
            .filter(|f| f.round == 1)
            .all(|f| f.within_full.is_none()));
        assert!(b.within_full[0] <= b.within_full[1] && b.within_full[1] <= judged);
    }
}
