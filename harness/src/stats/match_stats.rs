//! A match's record from player X's point of view, accumulated deal pair by deal pair:
//! results, the pentanomial, mean points, aborts and response times.

use std::collections::BTreeMap;

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
}

impl MatchStats {
    pub fn add_pair(&mut self, pair: &PairRecord) {
        for (g, game) in pair.games.iter().enumerate() {
            let x = PairRecord::x_seat(g);
            self.games += 1;
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
