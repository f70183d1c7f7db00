//! The ceiling by round (issue 78): at one sampled bid of each game, every candidate bid
//! valued by policy rollouts on two independent halves of futures, while the game goes on
//! with the bot's own bid; then what choosing among the candidates by rollouts would gain,
//! round by round and summed over a game.
//!
//! Playing whole games with the rollout player from round 2 costs minutes of CPU a game;
//! a probe costs one position's rollouts a game and leaves the game the default's. The
//! gain of a rollout chooser is read without its selection bias by splitting the futures
//! (the "cross-validated" estimate of a best-of-N choice): the candidate with the best
//! mean on one half is scored on the other half against the bot's own bid, and the two
//! directions averaged. That is what a rollout player with one half's futures would gain;
//! the true ceiling among the candidates is at least that. The best mean over both halves
//! less the own bid's is biased up by the noise it selects, an upper reading beside it.
//! [`super::judge`] reads the records.

use serde::{Deserialize, Serialize};
use yacht::engine::PlayerState;
use yacht::rules::dice::{parse_digits, to_digits};

/// One probed bid: a candidate's mean result (1 a win, ½ a draw) on each half of the futures.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProbeCandidate {
    /// `A` or `B`.
    pub group: String,
    pub amount: u32,
    /// Means on the first and the second half of the futures.
    pub halves: [f64; 2],
    /// What it is: `own`, `3/4`, `5/4`, `equilibrium`, `predicted+1`/`-1` (the best
    /// responses to the fair model's heaviest bid), `their+1`/`-1` (to the bid made).
    #[serde(default)]
    pub kind: String,
    /// The fair valuation (our model's prediction of the opponent played out, futures of
    /// a third seed): the mean and the standard error of its difference from the own bid's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fair: Option<[f64; 2]>,
}

/// A player's state before the probed round, as the positions files write it (held dice
/// as digits), so a valuation can be judged at the position later.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProbeState {
    pub held: String,
    pub used: u16,
    pub upper_k: u32,
    pub category_k: u32,
    pub bid_points: i64,
}

impl From<&PlayerState> for ProbeState {
    fn from(s: &PlayerState) -> ProbeState {
        ProbeState {
            held: to_digits(&s.held),
            used: s.used,
            upper_k: s.upper_k,
            category_k: s.category_k,
            bid_points: s.bid_points,
        }
    }
}

impl ProbeState {
    /// The state, or `None` if the dice are not digits 1-6.
    pub fn state(&self) -> Option<PlayerState> {
        Some(PlayerState {
            held: parse_digits(&self.held)?,
            used: self.used,
            upper_k: self.upper_k,
            category_k: self.category_k,
            bid_points: self.bid_points,
        })
    }
}

impl ProbeCandidate {
    /// The mean over both halves of the futures.
    pub fn pooled(&self) -> f64 {
        (self.halves[0] + self.halves[1]) / 2.0
    }
}

/// One probed position: a game's round, both states before it and its roll, the
/// candidates (the bot's own bid first) and the futures each half played.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProbeRecord {
    pub game_seed: u64,
    pub round: u8,
    /// Ours, then theirs.
    pub states: [ProbeState; 2],
    /// Bundles A and B as digits.
    pub roll: [String; 2],
    /// Futures in each half.
    pub futures: usize,
    /// The stand-in's bid: group and amount.
    pub their_bid: (String, u32),
    /// The bot's own bid first, then the other candidates.
    pub candidates: Vec<ProbeCandidate>,
}

impl ProbeRecord {
    /// The split-sample gain over the own bid (what a chooser on one half's futures gains,
    /// scored on the other half), and the in-sample gain of the best mean over both halves
    /// (an upper reading).
    pub fn gains(&self) -> (f64, f64) {
        let Some(own) = self.candidates.first() else {
            return (0.0, 0.0);
        };
        let best_on = |half: usize| {
            self.candidates.iter().fold(own, |best, c| {
                if c.halves[half] > best.halves[half] {
                    c
                } else {
                    best
                }
            })
        };
        let split = (0..2)
            .map(|half| {
                let other = 1 - half;
                best_on(half).halves[other] - own.halves[other]
            })
            .sum::<f64>()
            / 2.0;
        let pooled = ProbeCandidate::pooled;
        let best = self
            .candidates
            .iter()
            .map(pooled)
            .fold(f64::NEG_INFINITY, f64::max);
        (split, best - pooled(own))
    }

    /// The candidate `index`'s mean over both halves less the own bid's (`None` past the
    /// end).
    pub fn lead_of(&self, index: usize) -> Option<f64> {
        Some(self.candidates.get(index)?.pooled() - self.candidates.first()?.pooled())
    }
}

/// The records of a probe file (one JSON line each); a line that is not one is an error
/// naming it.
pub fn read_probes(path: &std::path::Path) -> Result<Vec<ProbeRecord>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .map_err(|e| format!("{}:{}: not a probe record: {e}", path.display(), i + 1))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn candidate(amount: u32, halves: [f64; 2]) -> ProbeCandidate {
        ProbeCandidate {
            group: "A".into(),
            amount,
            halves,
            kind: String::new(),
            fair: None,
        }
    }

    fn record(round: u8, candidates: Vec<ProbeCandidate>) -> ProbeRecord {
        ProbeRecord {
            game_seed: 1,
            round,
            states: [
                ProbeState::from(&PlayerState::default()),
                ProbeState::from(&PlayerState::default()),
            ],
            roll: ["11111".into(), "66666".into()],
            futures: 64,
            their_bid: ("A".into(), 0),
            candidates,
        }
    }

    #[test]
    fn the_split_gain_scores_each_half_s_choice_on_the_other_half() {
        // Candidate 1 leads on the first half only (noise): chosen there, it loses 0.1 on
        // the second. Candidate 2 leads on the second half and gains 0.05 on the first.
        let r = record(
            5,
            vec![
                candidate(100, [0.50, 0.50]),
                candidate(75, [0.60, 0.40]),
                candidate(125, [0.55, 0.70]),
            ],
        );
        let (split, pooled) = r.gains();
        // First half picks 75 (0.60): scored on the second, 0.40 - 0.50 = -0.10.
        // Second half picks 125 (0.70): scored on the first, 0.55 - 0.50 = +0.05.
        assert!((split - (-0.10 + 0.05) / 2.0).abs() < 1e-12);
        // Pooled: 125 at 0.625 against 0.50.
        assert!((pooled - 0.125).abs() < 1e-12);
        assert_eq!(r.lead_of(2), Some(0.125));
        assert_eq!(r.lead_of(3), None);
    }

    #[test]
    fn a_state_reads_back_as_written() {
        let mut s = PlayerState::default();
        s.receive(&[1, 0, 2, 0, 0, 2]);
        s.bid_points = -1234;
        s.used = 0b101;
        let written = ProbeState::from(&s);
        assert_eq!(written.held, "13366");
        let line = serde_json::to_string(&written).unwrap();
        let read: ProbeState = serde_json::from_str(&line).unwrap();
        assert_eq!(read.state(), Some(s));
    }

    #[test]
    fn an_own_bid_best_on_both_halves_gains_nothing() {
        let r = record(
            9,
            vec![candidate(100, [0.6, 0.7]), candidate(75, [0.5, 0.6])],
        );
        assert_eq!(r.gains(), (0.0, 0.0));
    }
}
