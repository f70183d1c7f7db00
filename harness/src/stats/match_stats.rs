//! A match's record from player X's point of view, accumulated deal pair by deal pair:
//! results, the pentanomial, mean points, aborts and response times.

use std::collections::BTreeMap;

use super::moments::Moments;
use super::pentanomial::Pentanomial;
use crate::referee::{AbortReason, AnswerKind, Clock, GameRecord};

/// Both games of one deal: X first, then X second.
#[derive(Clone, Debug)]
pub struct PairRecord {
    pub deal_index: usize,
    pub games: [GameRecord; 2],
}

impl PairRecord {
    /// X's seat in game `g` of the pair.
    pub const fn x_seat(g: usize) -> usize {
        g
    }

    /// X's points over both games, in halves (0..=4).
    pub fn x_halves(&self) -> u32 {
        (0..2)
            .map(|g| self.games[g].result.half_points(PairRecord::x_seat(g)))
            .sum()
    }
}

/// Everything a match report needs, accumulated pair by pair.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Deal pairs by X's points.
    pub pentanomial: Pentanomial,
    /// Games that ended normally (the means below are over these).
    pub completed: u64,
    /// Sums over completed games, indexed X = 0, Y = 1, judge points.
    pub total_points: [i64; 2],
    pub category_points: [i64; 2],
    pub bid_points: [i64; 2],
    /// Aborts by (side X = 0 / Y = 1, reason).
    pub aborts: BTreeMap<(usize, AbortReason), u64>,
    /// Time-outs by (side, the clock that ran out).
    pub late_clocks: BTreeMap<(usize, Clock), u64>,
    /// Response times by side, clock ([`Clock`] as index) and answer kind, microseconds.
    pub times: [[[Vec<u32>; 3]; 2]; 2],
    /// Decision (bid and scoring) times by side, clock and round (index 1..=13),
    /// microseconds.
    pub round_times: [[[Vec<u32>; 14]; 2]; 2],
    /// The luck-adjusted results of the deal pairs whose games both carry their luck.
    pub adjusted: AdjustedScores,
    /// CPU time the referee spent on the luck, microseconds, over all games.
    pub luck_cpu_micros: u64,
}

/// Deal pairs' luck-adjusted scores beside their raw ones, for the same pairs: X's
/// points minus X's luck, halved over the pair (the raw score's scale), and X's luck.
///
/// The sums are fixed-point integers (units of 2⁻⁴⁰), so they are exact and the same in
/// any order: a run, its shards merged, and a resumed SPRT print the same figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AdjustedScores {
    pub pairs: u64,
    /// Σ adjusted, Σ adjusted², Σ raw, Σ raw², then per game Σ luck, Σ luck², Σ luck·result,
    /// Σ result, Σ result².
    sums: [i128; 9],
}

/// Fixed-point units per unit.
const FIXED: f64 = (1u64 << 40) as f64;

fn fixed(v: f64) -> i128 {
    (v * FIXED).round() as i128
}

fn float(v: i128) -> f64 {
    v as f64 / FIXED
}

impl AdjustedScores {
    /// Adds a deal pair whose two games both carry their luck (others are left out).
    pub fn add_pair(&mut self, pair: &PairRecord) {
        let lucks = [0, 1].map(|g| pair.games[g].luck.map(|l| l[PairRecord::x_seat(g)]));
        if let [Some(l0), Some(l1)] = lucks {
            let results = [0, 1]
                .map(|g| f64::from(pair.games[g].result.half_points(PairRecord::x_seat(g))) / 2.0);
            self.add(f64::from(pair.x_halves()) / 4.0, [l0, l1], results);
        }
    }

    /// Adds a pair: X's raw score over the pair (0..=1), X's luck and X's result in each
    /// game.
    pub fn add(&mut self, raw: f64, lucks: [f64; 2], results: [f64; 2]) {
        let adjusted = raw - 0.5 * (lucks[0] + lucks[1]);
        self.pairs += 1;
        let mut add = |i: usize, v: f64| self.sums[i] += fixed(v);
        add(0, adjusted);
        add(1, adjusted * adjusted);
        add(2, raw);
        add(3, raw * raw);
        for (luck, result) in lucks.into_iter().zip(results) {
            add(4, luck);
            add(5, luck * luck);
            add(6, luck * result);
            add(7, result);
            add(8, result * result);
        }
    }

    fn sum(&self, i: usize) -> f64 {
        float(self.sums[i])
    }

    /// The moments of the adjusted pair scores; `None` without pairs.
    pub fn moments(&self) -> Option<Moments> {
        moments_of(self.pairs, self.sum(0), self.sum(1))
    }

    /// The moments of the raw pair scores of the same pairs.
    pub fn raw_moments(&self) -> Option<Moments> {
        moments_of(self.pairs, self.sum(2), self.sum(3))
    }

    /// The adjusted score rate and its 95% interval.
    pub fn rate_interval(&self) -> Option<(f64, f64, f64)> {
        let m = self.moments()?;
        Some((m.mean, m.mean - m.margin_95(), m.mean + m.margin_95()))
    }

    /// How many times smaller the adjusted pair scores' variance is than the raw ones':
    /// the factor by which the luck correction cuts the pairs a measurement needs.
    pub fn variance_ratio(&self) -> Option<f64> {
        let (adjusted, raw) = (self.moments()?, self.raw_moments()?);
        (adjusted.variance > 0.0).then(|| raw.variance / adjusted.variance)
    }

    /// X's mean luck per game and its standard error.
    pub fn luck_mean(&self) -> Option<(f64, f64)> {
        let m = moments_of(2 * self.pairs, self.sum(4), self.sum(5))?;
        Some((m.mean, m.variance_of_mean().sqrt()))
    }

    /// The correlation of X's luck with X's result over the games: how much of the
    /// result the dice explain.
    pub fn luck_result_correlation(&self) -> Option<f64> {
        let n = 2.0 * self.pairs as f64;
        if n < 2.0 {
            return None;
        }
        let (ml, mr) = (self.sum(4) / n, self.sum(7) / n);
        let cov = self.sum(6) / n - ml * mr;
        let vl = self.sum(5) / n - ml * ml;
        let vr = self.sum(8) / n - mr * mr;
        (vl > 0.0 && vr > 0.0).then(|| cov / (vl * vr).sqrt())
    }

    /// The pairs and the exact sums, to save and restore (an SPRT's resume line).
    pub fn to_parts(&self) -> (u64, [i128; 9]) {
        (self.pairs, self.sums)
    }

    pub fn from_parts(pairs: u64, sums: [i128; 9]) -> AdjustedScores {
        AdjustedScores { pairs, sums }
    }
}

impl std::ops::AddAssign for AdjustedScores {
    fn add_assign(&mut self, o: AdjustedScores) {
        self.pairs += o.pairs;
        for (a, b) in self.sums.iter_mut().zip(o.sums) {
            *a += b;
        }
    }
}

/// Moments from a count, a sum and a sum of squares (the maximum-likelihood variance, as
/// [`Moments::from_counts`]).
fn moments_of(n: u64, sum: f64, sum_sq: f64) -> Option<Moments> {
    (n > 0).then(|| {
        let mean = sum / n as f64;
        Moments {
            samples: n,
            mean,
            variance: (sum_sq / n as f64 - mean * mean).max(0.0),
        }
    })
}

impl MatchStats {
    pub fn add_pair(&mut self, pair: &PairRecord) {
        for (g, game) in pair.games.iter().enumerate() {
            let x = PairRecord::x_seat(g);
            self.games += 1;
            self.luck_cpu_micros += game.luck_cpu_micros;
            match game.result.half_points(x) {
                2 => self.wins += 1,
                1 => self.draws += 1,
                _ => self.losses += 1,
            }
            let by_side = |v: [i64; 2]| [v[x], v[1 - x]];
            match game.abort {
                Some((seat, reason)) => {
                    let side = usize::from(seat != x);
                    *self.aborts.entry((side, reason)).or_default() += 1;
                    if let Some(clock) = game.late_clock {
                        *self.late_clocks.entry((side, clock)).or_default() += 1;
                    }
                }
                None => {
                    self.completed += 1;
                    for side in 0..2 {
                        self.total_points[side] += by_side(game.total_points)[side];
                        self.category_points[side] += by_side(game.category_points)[side];
                        self.bid_points[side] += by_side(game.bid_points)[side];
                    }
                }
            }
            for side in 0..2 {
                let seat = if side == 0 { x } else { 1 - x };
                for clock in Clock::ALL {
                    let times = game.times[seat].clock(clock);
                    let c = clock as usize;
                    for kind in AnswerKind::ALL {
                        self.times[side][c][kind as usize]
                            .extend_from_slice(&times.micros[kind as usize]);
                    }
                    for &(round, micros) in &times.decisions {
                        if let Some(slot) = self.round_times[side][c].get_mut(round as usize) {
                            slot.push(micros);
                        }
                    }
                }
            }
        }
        // Two games of at most 2 halves each: always a bucket.
        self.pentanomial.add_pair_halves(pair.x_halves());
        self.adjusted.add_pair(pair);
    }

    /// X's score rate (wins + draws / 2) / games.
    pub fn score_rate(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64
    }

    /// The 95% interval of the score rate ([`Pentanomial::score_interval`]: deal pairs
    /// are the independent samples, seat swapping correlates the two games).
    pub fn score_rate_interval(&self) -> (f64, f64) {
        self.pentanomial.score_interval()
    }

    /// Mean of a per-side sum over completed games.
    pub fn mean(&self, sums: [i64; 2], side: usize) -> f64 {
        if self.completed == 0 {
            return f64::NAN;
        }
        sums[side] as f64 / self.completed as f64
    }

    /// X's mean total points minus Y's, over completed games.
    pub fn mean_point_margin(&self) -> f64 {
        self.mean(self.total_points, 0) - self.mean(self.total_points, 1)
    }

    pub fn total_aborts(&self, side: usize) -> u64 {
        self.aborts
            .iter()
            .filter(|((s, _), _)| *s == side)
            .map(|(_, c)| c)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn margin_is_zero_when_every_pair_is_alike() {
        let stats = MatchStats {
            games: 20,
            wins: 10,
            losses: 10,
            pentanomial: Pentanomial::new(0, 0, 10, 0, 0),
            ..MatchStats::default()
        };
        assert_eq!(stats.score_rate(), 0.5);
        assert_eq!(stats.pentanomial.score_margin(), 0.0);
        // The reported interval does not collapse.
        let (low, high) = stats.score_rate_interval();
        assert!(low < 0.5 && high > 0.5);
    }

    #[test]
    fn all_wins_leave_room_below_one() {
        let stats = MatchStats {
            games: 400,
            wins: 400,
            pentanomial: Pentanomial::new(0, 0, 0, 0, 200),
            ..MatchStats::default()
        };
        let (low, high) = stats.score_rate_interval();
        assert_eq!(high, 1.0);
        // Wilson over 200 pairs: 200 / (200 + z²) = 0.981 154 673 622 733 (mpmath, 50
        // digits).
        assert!((low - 0.981_154_673_622_733).abs() < 1e-12, "{low}");
    }
}
