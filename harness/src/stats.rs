//! Match statistics from player X's point of view: results, deal-pair (pentanomial)
//! counts, score intervals, mean scores, aborts and response times.

use std::collections::BTreeMap;

use crate::referee::{AbortReason, AnswerKind, GameRecord};

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

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
}

/// Everything a match report needs, accumulated pair by pair.
#[derive(Clone, Debug, Default)]
pub struct MatchStats {
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    /// Deal pairs by X's points in halves: LL, LD, WL+DD, WD, WW.
    pub pentanomial: [u64; 5],
    /// Games that ended normally (the means below are over these).
    pub completed: u64,
    /// Sums over completed games, indexed X = 0, Y = 1, judge points.
    pub total_points: [i64; 2],
    pub category_points: [i64; 2],
    pub bid_points: [i64; 2],
    /// Aborts by (side X = 0 / Y = 1, reason).
    pub aborts: BTreeMap<(usize, AbortReason), u64>,
    /// Response times by side and answer kind, microseconds (external players only).
    pub times: [[Vec<u32>; 3]; 2],
    /// Decision (bid and scoring) times by side and round (index 1..=13), microseconds.
    pub round_times: [[Vec<u32>; 14]; 2],
}

impl MatchStats {
    pub fn add_pair(&mut self, pair: &PairRecord) {
        let mut pair_halves = 0;
        for (g, game) in pair.games.iter().enumerate() {
            let x = PairRecord::x_seat(g);
            let halves = game.result.half_points(x);
            pair_halves += halves;
            self.games += 1;
            match halves {
                2 => self.wins += 1,
                1 => self.draws += 1,
                _ => self.losses += 1,
            }
            let by_side = |v: [i64; 2]| [v[x], v[1 - x]];
            match game.abort {
                Some((seat, reason)) => {
                    let side = usize::from(seat != x);
                    *self.aborts.entry((side, reason)).or_default() += 1;
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
                for kind in AnswerKind::ALL {
                    self.times[side][kind as usize]
                        .extend_from_slice(&game.times[seat].micros[kind as usize]);
                }
                for &(round, micros) in &game.times[seat].decisions {
                    if let Some(slot) = self.round_times[side].get_mut(round as usize) {
                        slot.push(micros);
                    }
                }
            }
        }
        self.pentanomial[pair_halves as usize] += 1;
    }

    /// X's score rate (wins + draws / 2) / games.
    pub fn score_rate(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / self.games as f64
    }

    /// Half-width of the 95% interval of the score rate, from the pentanomial variance
    /// (deal pairs are the independent samples: seat swapping correlates the two games).
    pub fn score_rate_margin(&self) -> f64 {
        let pairs: u64 = self.pentanomial.iter().sum();
        if pairs < 2 {
            return f64::NAN;
        }
        let n = pairs as f64;
        let mean: f64 = self
            .pentanomial
            .iter()
            .enumerate()
            .map(|(k, &c)| k as f64 / 4.0 * c as f64)
            .sum::<f64>()
            / n;
        let var: f64 = self
            .pentanomial
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64 / 4.0 - mean).powi(2) * c as f64)
            .sum::<f64>()
            / n;
        Z95 * (var / n).sqrt()
    }

    /// The 95% interval of the score rate: the pentanomial normal interval; where every
    /// pair scored alike (no variance to estimate, e.g. 400 wins out of 400) the Wilson
    /// interval over deal pairs instead, so it never collapses to a point.
    pub fn score_rate_interval(&self) -> (f64, f64) {
        let rate = self.score_rate();
        let pairs: u64 = self.pentanomial.iter().sum();
        let margin = self.score_rate_margin();
        if pairs == 0 || margin.is_nan() {
            return (0.0, 1.0);
        }
        let n = pairs as f64;
        let z2 = Z95 * Z95;
        let centre = (rate + z2 / (2.0 * n)) / (1.0 + z2 / n);
        let half = Z95 / (1.0 + z2 / n) * (rate * (1.0 - rate) / n + z2 / (4.0 * n * n)).sqrt();
        if margin > 0.0 {
            return ((rate - margin).max(0.0), (rate + margin).min(1.0));
        }
        ((centre - half).max(0.0), (centre + half).min(1.0))
    }

    /// Mean of a per-side sum over completed games.
    pub fn mean(&self, sums: [i64; 2], side: usize) -> f64 {
        if self.completed == 0 {
            return f64::NAN;
        }
        sums[side] as f64 / self.completed as f64
    }

    pub fn total_aborts(&self, side: usize) -> u64 {
        self.aborts
            .iter()
            .filter(|((s, _), _)| *s == side)
            .map(|(_, c)| c)
            .sum()
    }
}

/// Elo difference for a score rate (clamped away from 0 and 1).
pub fn elo(score_rate: f64) -> f64 {
    let s = score_rate.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// `q`-quantile (0..=1) of unsorted samples, nearest rank ([`yacht::bench::quantile`],
/// the one convention bench and the reports share); `None` when empty.
pub fn quantile(samples: &mut [u32], q: f64) -> Option<u32> {
    samples.sort_unstable();
    yacht::bench::quantile(samples, q)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_and_quantiles() {
        assert!(elo(0.5).abs() < 1e-9);
        assert!((elo(0.75) - 190.848).abs() < 1e-3);
        let mut v = vec![5, 1, 4, 2, 3];
        assert_eq!(quantile(&mut v, 0.5), Some(3));
        assert_eq!(quantile(&mut v, 0.99), Some(5));
        assert_eq!(quantile(&mut [], 0.5), None);
    }

    #[test]
    fn margin_is_zero_when_every_pair_is_alike() {
        let stats = MatchStats {
            games: 20,
            wins: 10,
            losses: 10,
            pentanomial: [0, 0, 10, 0, 0],
            ..MatchStats::default()
        };
        assert_eq!(stats.score_rate(), 0.5);
        assert_eq!(stats.score_rate_margin(), 0.0);
        // The reported interval does not collapse.
        let (low, high) = stats.score_rate_interval();
        assert!(low < 0.5 && high > 0.5);
    }

    #[test]
    fn all_wins_leave_room_below_one() {
        let stats = MatchStats {
            games: 400,
            wins: 400,
            pentanomial: [0, 0, 0, 0, 200],
            ..MatchStats::default()
        };
        let (low, high) = stats.score_rate_interval();
        assert_eq!(high, 1.0);
        // Wilson over 200 pairs: 200 / (200 + 1.96²) = 0.9812.
        assert!((low - 0.9812).abs() < 1e-3, "{low}");
    }
}
