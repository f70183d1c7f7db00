//! Bidding habits: simple, parametric rules an opponent's bids may follow.
//!
//! A habit is a group rule × an amount rule. Its free parameter (a scale or a constant) is
//! fitted online from the rounds seen so far, and its spread from its own past errors, so a
//! habit predicts each round only from earlier rounds (prequential), which is what makes
//! the likelihoods of different habits comparable.

use super::features::{Feature, RoundFeatures};
use crate::engine::tunables::{
    GROUP_SLIP, SPREAD_MIN_POINTS, SPREAD_PRIOR_RELATIVE, SPREAD_PRIOR_ROUNDS,
};
use crate::engine::value::bidding::equilibrium_bid;
use crate::protocol::{Group, BID_MAX_POINTS};

/// Density of an amount spread evenly over every bid: uniform on 0..=100000 (the
/// unexplained component's, a slip's).
pub const BROAD_DENSITY: f64 = 1.0 / (BID_MAX_POINTS as f64 + 1.0);

/// How a habit picks its group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupRule {
    /// A fixed probability of A, learned from the groups seen (covers random and fixed).
    Random,
    /// A when the feature is positive, B when negative; a coin when zero.
    BySign(Feature),
}

/// How a habit picks its amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AmountRule {
    Zero,
    /// One amount every round (the median of those seen).
    Constant,
    /// `k × magnitude(feature)`, clamped to 0..=100000, `k` fitted.
    Scaled(Feature),
    /// `c + k × magnitude(feature)`, clamped, `c` and `k` fitted by least squares.
    Affine(Feature),
    /// The table's equilibrium bid, a quarter of the swing ([`equilibrium_bid`]): nothing
    /// to fit, so it predicts from the first round, as sharp as the reader
    /// ([`SPREAD_MIN_POINTS`]) until it errs. The design of the finalists.
    Equilibrium,
    /// Two habits in one: in a contested auction ([`RoundFeatures::contested`])
    /// `k × magnitude(feature)`, `k` fitted on contested rounds only; otherwise one amount,
    /// the median of the uncontested rounds. Each side predicts nothing until it has been
    /// seen, so quiet rounds on the other group say nothing about a fight for ours.
    Contested(Feature),
}

/// One observed auction of the opponent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Observation {
    pub features: RoundFeatures,
    pub group: Group,
    pub amount: u32,
}

/// A habit's prediction for one round.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prediction {
    /// Probability the opponent asks for A.
    pub p_a: f64,
    /// Predicted amount and spread (Laplace scale), points; `None` before it can be fitted.
    pub amount: Option<(f64, f64)>,
}

/// A fitted amount parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Fit {
    /// Not enough rounds to fit.
    Unknown,
    /// The constant, or the scale of the feature.
    Value(f64),
    /// Intercept and slope.
    Line(f64, f64),
    /// Every bid so far was the maximum.
    AllIn,
    /// The amount of uncontested rounds, and the scale of contested ones.
    Split(Option<f64>, Option<f64>),
}

/// A habit with its online state.
#[derive(Clone, Debug)]
pub struct Habit {
    pub group: GroupRule,
    pub amount: AmountRule,
    /// The amount rule's parameter fitted to the history (constant or scale).
    fit: Fit,
    /// Rounds and A-asks seen, for [`GroupRule::Random`].
    rounds: f64,
    asks_a: f64,
    /// Sum of relative absolute errors of its past amount predictions.
    error_sum: f64,
    predictions: f64,
}

impl Habit {
    pub fn new(group: GroupRule, amount: AmountRule) -> Habit {
        Habit {
            group,
            amount,
            fit: Fit::Unknown,
            rounds: 0.0,
            asks_a: 0.0,
            error_sum: 0.0,
            predictions: 0.0,
        }
    }

    /// Relative spread assumed before it has erred ([`SPREAD_PRIOR_RELATIVE`]; 0 for
    /// [`AmountRule::Equilibrium`], whose amount is exact for a bidder of that design).
    fn spread_prior_relative(&self) -> f64 {
        match self.amount {
            AmountRule::Equilibrium => 0.0,
            _ => SPREAD_PRIOR_RELATIVE.get(),
        }
    }

    /// The equilibrium bidder: the group its swing favours, a quarter of the swing.
    pub fn equilibrium() -> Habit {
        Habit::new(GroupRule::BySign(Feature::Swing), AmountRule::Equilibrium)
    }

    /// The library: every group rule with every amount rule. (A contestant that bids its
    /// maximin bid on the win curves from round 10 is the model's switch component,
    /// [`super::opponent::MAXIMIN_SWITCH_ROUND`], not a habit: as a habit it would share
    /// every equilibrium habit's evidence until then, and predicting from round 1 it
    /// would outweigh them. One bidding it from round 2 measured a cost against the
    /// equilibrium bidder, in round 2, where it still held weight.)
    pub fn library() -> Vec<Habit> {
        let mut groups = vec![GroupRule::Random];
        groups.extend(Feature::SIGNED.map(GroupRule::BySign));
        let mut amounts = vec![AmountRule::Zero, AmountRule::Constant];
        amounts.extend(Feature::ALL.map(AmountRule::Scaled));
        amounts.extend(Feature::ALL.map(AmountRule::Affine));
        amounts.extend(
            [Feature::OwnValue, Feature::Swing, Feature::OtherValue].map(AmountRule::Contested),
        );
        let mut out = Vec::new();
        for &g in &groups {
            for &a in &amounts {
                out.push(Habit::new(g, a));
            }
        }
        out
    }

    /// Predicts the round with `features` from what was fitted on earlier rounds.
    pub fn predict(&self, features: &RoundFeatures) -> Prediction {
        let p_a = match self.group {
            GroupRule::Random => (self.asks_a + 1.0) / (self.rounds + 2.0),
            GroupRule::BySign(f) => sign_probability(features.get(f)),
        };
        let amount = self.predict_amount(features).map(|y| {
            let spread = spread_with_prior(
                self.error_sum,
                self.predictions,
                y,
                self.spread_prior_relative(),
            );
            (y, spread)
        });
        Prediction { p_a, amount }
    }

    fn predict_amount(&self, features: &RoundFeatures) -> Option<f64> {
        let max = BID_MAX_POINTS as f64;
        match (self.amount, self.fit) {
            (AmountRule::Zero, _) => Some(0.0),
            (AmountRule::Equilibrium, _) => {
                Some(equilibrium_bid(features.swing_points.round() as i64).1 as f64)
            }
            (_, Fit::Unknown) => None,
            (_, Fit::AllIn) => Some(max),
            (AmountRule::Constant, Fit::Value(c)) => Some(c),
            (AmountRule::Scaled(f), Fit::Value(k)) => {
                Some((k * features.magnitude(f)).round().clamp(0.0, max))
            }
            (AmountRule::Affine(f), Fit::Line(c, k)) => {
                Some((c + k * features.magnitude(f)).round().clamp(0.0, max))
            }
            (AmountRule::Contested(f), Fit::Split(quiet, scale)) => {
                if features.contested() {
                    scale.map(|k| (k * features.magnitude(f)).round().clamp(0.0, max))
                } else {
                    quiet
                }
            }
            _ => None,
        }
    }

    /// Refits the parameters to `history` (every round seen, the newest last).
    pub fn refit(&mut self, history: &[Observation]) {
        self.rounds = history.len() as f64;
        self.asks_a = history.iter().filter(|o| o.group == Group::A).count() as f64;
        self.fit = match self.amount {
            AmountRule::Zero | AmountRule::Equilibrium => Fit::Value(0.0),
            AmountRule::Constant => median(history.iter().map(|o| o.amount as f64).collect())
                .map_or(Fit::Unknown, Fit::Value),
            AmountRule::Scaled(f) => {
                // Clamped amounts say only "at least": fit on the others.
                let ratios = history
                    .iter()
                    .filter(|o| o.features.magnitude(f) > 0.0 && o.amount < BID_MAX_POINTS)
                    .map(|o| o.amount as f64 / o.features.magnitude(f))
                    .collect();
                match median(ratios) {
                    Some(k) => Fit::Value(k),
                    // Every bid so far at the maximum: an all-in bidder.
                    None if !history.is_empty()
                        && history.iter().all(|o| o.amount == BID_MAX_POINTS) =>
                    {
                        Fit::AllIn
                    }
                    None => Fit::Unknown,
                }
            }
            AmountRule::Contested(f) => {
                let quiet = median(
                    history
                        .iter()
                        .filter(|o| !o.features.contested())
                        .map(|o| o.amount as f64)
                        .collect(),
                );
                let scale = median(
                    history
                        .iter()
                        .filter(|o| {
                            o.features.contested()
                                && o.features.magnitude(f) > 0.0
                                && o.amount < BID_MAX_POINTS
                        })
                        .map(|o| o.amount as f64 / o.features.magnitude(f))
                        .collect(),
                );
                Fit::Split(quiet, scale)
            }
            AmountRule::Affine(f) => {
                let points: Vec<(f64, f64)> = history
                    .iter()
                    .filter(|o| o.amount < BID_MAX_POINTS)
                    .map(|o| (o.features.magnitude(f), o.amount as f64))
                    .collect();
                least_squares(&points).map_or(Fit::Unknown, |(c, k)| Fit::Line(c, k))
            }
        };
    }

    /// Records how far this habit's prediction was from what happened.
    pub fn record_error(&mut self, prediction: &Prediction, amount: u32) {
        if let Some((y, _)) = prediction.amount {
            self.error_sum += relative_error(y, amount);
            self.predictions += 1.0;
        }
    }
}

/// The spread (Laplace scale, points) of a prediction `y` by a predictor whose past
/// relative errors sum to `error_sum` over `predictions` rounds.
pub fn spread_for(error_sum: f64, predictions: f64, y: f64) -> f64 {
    spread_with_prior(error_sum, predictions, y, SPREAD_PRIOR_RELATIVE.get())
}

/// [`spread_for`] with the relative spread assumed before any error, `prior_relative`.
fn spread_with_prior(error_sum: f64, predictions: f64, y: f64, prior_relative: f64) -> f64 {
    let relative = (error_sum + prior_relative * SPREAD_PRIOR_ROUNDS.get())
        / (predictions + SPREAD_PRIOR_ROUNDS.get());
    (relative * y).max(SPREAD_MIN_POINTS.get())
}

/// How far `amount` was from the prediction `y`, relative, capped at 1.
pub fn relative_error(y: f64, amount: u32) -> f64 {
    ((amount as f64 - y).abs() / y.max(SPREAD_MIN_POINTS.get() * 10.0)).min(1.0)
}

/// P(A) for a rule asking for A on a positive feature.
fn sign_probability(value: f64) -> f64 {
    if value > 0.0 {
        1.0 - GROUP_SLIP.get()
    } else if value < 0.0 {
        GROUP_SLIP.get()
    } else {
        0.5
    }
}

/// Intercept and slope of the least-squares line through `points`, if the x values differ.
fn least_squares(points: &[(f64, f64)]) -> Option<(f64, f64)> {
    let n = points.len() as f64;
    if points.len() < 2 {
        return None;
    }
    let mean_x = points.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = points.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = points.iter().map(|p| (p.0 - mean_x).powi(2)).sum();
    let sxy: f64 = points.iter().map(|p| (p.0 - mean_x) * (p.1 - mean_y)).sum();
    if sxx <= 1e-9 * (1.0 + mean_x * mean_x) {
        return None;
    }
    let k = sxy / sxx;
    Some((mean_y - k * mean_x, k))
}

fn median(mut values: Vec<f64>) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let n = values.len();
    Some(if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    })
}
