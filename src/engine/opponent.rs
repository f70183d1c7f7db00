//! The opponent bid model: a Bayesian mixture of habits, an "unexplained" component and a
//! "reader" component.
//!
//! After every `GET` each habit is scored by the likelihood it gave the opponent's actual
//! (group, amount) before seeing it. The unexplained component (random group, amount
//! anywhere in 0..=100000) measures how little the library explains. The reader component
//! is the hypothesis that the opponent knows our bid before it bids: it predicts our own
//! group with our own amount (a reader answers just above or just below us), with the same
//! spread as a habit, so that where a habit and our bid agree the evidence favours
//! neither; only rounds where our bid differs from every habit's prediction tell them
//! apart. The best response leans on the worst case (the equilibrium bid, which no reader
//! can exploit) by the weight of both.

use super::features::RoundFeatures;
use super::habits::{relative_error, spread_for, Habit, Observation, Prediction, GROUP_SLIP};
use crate::protocol::{Group, BID_MAX_POINTS};

/// Prior weight of the unexplained component.
pub const UNEXPLAINED_PRIOR: f64 = 0.10;
/// Prior weight of the reader component.
pub const READER_PRIOR: f64 = 0.10;
/// Chance a habit's amount is noise rather than its prediction.
pub const AMOUNT_SLIP: f64 = 0.05;
/// Density of an amount under the unexplained component: uniform on 0..=100000.
const BROAD_DENSITY: f64 = 1.0 / (BID_MAX_POINTS as f64 + 1.0);
/// Habits whose weight falls below this are left out of the predictive distribution.
const NEGLIGIBLE_WEIGHT: f64 = 1e-4;

/// One point of the predictive distribution: the opponent asks `group` with `amount`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Atom {
    pub group: Group,
    pub amount: u32,
    pub weight: f64,
}

/// The predictive distribution of the opponent's next bid.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Predictive {
    /// Weighted bids the library predicts, sorted by (group, amount), distinct; their
    /// weights sum to `1 - unexplained`.
    pub atoms: Vec<Atom>,
    /// Weight no habit explains (including habits that cannot predict yet).
    pub unexplained: f64,
    /// Weight of the hypothesis that the opponent reads our bid.
    pub read: f64,
    /// Rounds observed so far.
    pub observed: usize,
}

impl Predictive {
    /// The weight a best response must give the worst case: what the habits do not
    /// explain, and a reader.
    pub fn hedge(&self) -> f64 {
        (self.unexplained + self.read).clamp(0.0, 1.0)
    }
}

/// Offsets (in spreads) and weights of the atoms that stand for one habit's amount.
const SPREAD_ATOMS: [(f64, f64); 5] =
    [(-2.0, 0.1), (-0.7, 0.2), (0.0, 0.4), (0.7, 0.2), (2.0, 0.1)];

/// The model of one opponent over one game.
#[derive(Clone, Debug)]
pub struct OpponentModel {
    habits: Vec<Habit>,
    /// Log posterior weight of each habit, then of the unexplained component, then of
    /// the reader.
    log_weights: Vec<f64>,
    history: Vec<Observation>,
    /// Sum and count of the reader's relative errors (its spread, as a habit's).
    reader_error_sum: f64,
    reader_predictions: f64,
}

impl Default for OpponentModel {
    fn default() -> Self {
        Self::new()
    }
}

impl OpponentModel {
    pub fn new() -> OpponentModel {
        let habits = Habit::library();
        let habit_prior = ((1.0 - UNEXPLAINED_PRIOR - READER_PRIOR) / habits.len() as f64).ln();
        let mut log_weights = vec![habit_prior; habits.len()];
        log_weights.push(UNEXPLAINED_PRIOR.ln());
        log_weights.push(READER_PRIOR.ln());
        OpponentModel {
            habits,
            log_weights,
            history: Vec::new(),
            reader_error_sum: 0.0,
            reader_predictions: 0.0,
        }
    }

    /// Rounds observed.
    pub fn observed(&self) -> usize {
        self.history.len()
    }

    /// Updates the posterior with the opponent's bid in a round with `features`, in
    /// which we bid `ours`.
    pub fn observe(
        &mut self,
        features: RoundFeatures,
        group: Group,
        amount: u32,
        ours: (Group, u32),
    ) {
        for (habit, log_w) in self.habits.iter_mut().zip(&mut self.log_weights) {
            let prediction = habit.predict(&features);
            *log_w += likelihood(&prediction, group, amount).ln();
            habit.record_error(&prediction, amount);
        }
        let n = self.habits.len();
        if let Some(unexplained) = self.log_weights.get_mut(n) {
            *unexplained += (0.5 * BROAD_DENSITY).ln();
        }
        // The reader: our group, our amount, the spread a habit with its record would have.
        let reader = Prediction {
            p_a: if ours.0 == Group::A {
                1.0 - GROUP_SLIP
            } else {
                GROUP_SLIP
            },
            amount: Some((
                ours.1 as f64,
                spread_for(
                    self.reader_error_sum,
                    self.reader_predictions,
                    ours.1 as f64,
                ),
            )),
        };
        if let Some(read) = self.log_weights.get_mut(n + 1) {
            *read += likelihood(&reader, group, amount).ln();
        }
        self.reader_error_sum += relative_error(ours.1 as f64, amount);
        self.reader_predictions += 1.0;
        self.history.push(Observation {
            features,
            group,
            amount,
        });
        for habit in &mut self.habits {
            habit.refit(&self.history);
        }
    }

    /// Normalised posterior weights: habits, then the unexplained component, then the
    /// reader.
    pub fn weights(&self) -> Vec<f64> {
        let max = self
            .log_weights
            .iter()
            .copied()
            .fold(f64::NEG_INFINITY, f64::max);
        let raw: Vec<f64> = self.log_weights.iter().map(|l| (l - max).exp()).collect();
        let total: f64 = raw.iter().sum();
        raw.into_iter().map(|w| w / total).collect()
    }

    /// The habits, in the order of [`Self::weights`].
    pub fn habits(&self) -> &[Habit] {
        &self.habits
    }

    /// The predictive distribution of the next bid, in a round with `features`.
    pub fn predict(&self, features: &RoundFeatures) -> Predictive {
        let weights = self.weights();
        let n = self.habits.len();
        let mut unexplained = weights.get(n).copied().unwrap_or(1.0);
        let read = weights.get(n + 1).copied().unwrap_or(0.0);
        let mut atoms: Vec<Atom> = Vec::new();
        for (habit, &w) in self.habits.iter().zip(&weights) {
            if w < NEGLIGIBLE_WEIGHT {
                unexplained += w;
                continue;
            }
            let prediction = habit.predict(features);
            let Some((y, spread)) = prediction.amount else {
                unexplained += w;
                continue;
            };
            for (group, p) in [(Group::A, prediction.p_a), (Group::B, 1.0 - prediction.p_a)] {
                if p * w < NEGLIGIBLE_WEIGHT {
                    unexplained += p * w;
                    continue;
                }
                for (offset, share) in SPREAD_ATOMS {
                    let amount = (y + offset * spread)
                        .round()
                        .clamp(0.0, BID_MAX_POINTS as f64) as u32;
                    atoms.push(Atom {
                        group,
                        amount,
                        weight: w * p * share,
                    });
                }
            }
        }
        Predictive {
            atoms: merge_atoms(atoms),
            unexplained: unexplained.clamp(0.0, 1.0),
            read,
            observed: self.history.len(),
        }
    }
}

/// Sorts atoms by (group, amount) and merges equal bids.
fn merge_atoms(mut atoms: Vec<Atom>) -> Vec<Atom> {
    atoms.sort_by_key(|a| (a.group == Group::B, a.amount));
    let mut merged: Vec<Atom> = Vec::with_capacity(atoms.len());
    for atom in atoms {
        match merged.last_mut() {
            Some(last) if last.group == atom.group && last.amount == atom.amount => {
                last.weight += atom.weight
            }
            _ => merged.push(atom),
        }
    }
    merged
}

/// Likelihood a habit's prediction gives the observed (group, amount).
fn likelihood(prediction: &Prediction, group: Group, amount: u32) -> f64 {
    let p_group = match group {
        Group::A => prediction.p_a,
        Group::B => 1.0 - prediction.p_a,
    };
    let p_amount = match prediction.amount {
        Some((y, spread)) => {
            let laplace = (-(amount as f64 - y).abs() / spread).exp() / (2.0 * spread);
            (1.0 - AMOUNT_SLIP) * laplace + AMOUNT_SLIP * BROAD_DENSITY
        }
        None => BROAD_DENSITY,
    };
    (p_group * p_amount).max(f64::MIN_POSITIVE)
}
