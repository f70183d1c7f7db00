//! Deal pairs counted by their score: the pentanomial.
//!
//! Every deal is played twice with the seats swapped; the pair is the unit of sampling
//! (the two games of a pair are strongly correlated, so counting games separately would
//! understate the error). A pair scores 0, ½, 1, 1½ or 2 points; the statistics use the
//! pair score halved (0, ¼, ½, ¾, 1) so that its mean is the usual per-game score rate.

use std::fmt;
use std::ops::AddAssign;

use super::elo::Estimate;
use super::moments::{wilson_95, Moments};

/// The pair score halved, per outcome bucket (LL, LD, WL+DD, WD, WW).
pub const HALF_PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Counts of game pairs by their score (WL and DD are pooled: both score 1 point).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    pub ll: u64,
    pub ld: u64,
    pub wl_dd: u64,
    pub wd: u64,
    pub ww: u64,
}

impl Pentanomial {
    pub const fn new(ll: u64, ld: u64, wl_dd: u64, wd: u64, ww: u64) -> Pentanomial {
        Pentanomial {
            ll,
            ld,
            wl_dd,
            wd,
            ww,
        }
    }

    /// Adds one pair from its points in halves (0 = two losses ..= 4 = two wins).
    /// Returns `false` (and counts nothing) above 4.
    pub fn add_pair_halves(&mut self, halves: u32) -> bool {
        let bucket = match halves {
            0 => &mut self.ll,
            1 => &mut self.ld,
            2 => &mut self.wl_dd,
            3 => &mut self.wd,
            4 => &mut self.ww,
            _ => return false,
        };
        *bucket += 1;
        true
    }

    /// Adds one pair from the tested player's two game scores (each 0, 0.5 or 1).
    /// Scores are clamped to 0..=1 and the pair total rounded to the nearest half point;
    /// returns `false` (and counts nothing) when a score is not a number.
    pub fn add_pair(&mut self, score_a: f64, score_b: f64) -> bool {
        if score_a.is_nan() || score_b.is_nan() {
            return false;
        }
        let points = score_a.clamp(0.0, 1.0) + score_b.clamp(0.0, 1.0);
        self.add_pair_halves((points * 2.0).round() as u32)
    }

    /// Counts in bucket order LL, LD, WL+DD, WD, WW.
    pub const fn counts(&self) -> [u64; 5] {
        [self.ll, self.ld, self.wl_dd, self.wd, self.ww]
    }

    /// Number of pairs.
    pub const fn pairs(&self) -> u64 {
        self.ll + self.ld + self.wl_dd + self.wd + self.ww
    }

    /// Number of games (two per pair).
    pub const fn games(&self) -> u64 {
        2 * self.pairs()
    }

    /// Mean and variance of the halved pair score; `None` without any pair.
    pub fn moments(&self) -> Option<Moments> {
        Moments::from_counts(HALF_PAIR_SCORES.into_iter().zip(self.counts()))
    }

    /// Half-width of the 95% normal interval of the score rate, from the pentanomial
    /// variance; NaN with fewer than two pairs (no variance to estimate).
    pub fn score_margin(&self) -> f64 {
        match self.moments() {
            Some(m) if m.samples >= 2 => m.margin_95(),
            _ => f64::NAN,
        }
    }

    /// The 95% interval of the score rate that the reports print: the pentanomial normal
    /// interval clamped to 0..=1; where every pair scored alike (no variance to
    /// estimate, e.g. 400 wins out of 400) the Wilson interval over deal pairs instead,
    /// so it never collapses to a point; 0..=1 with fewer than two pairs.
    pub fn score_interval(&self) -> (f64, f64) {
        let (Some(moments), margin) = (self.moments(), self.score_margin()) else {
            return (0.0, 1.0);
        };
        if margin.is_nan() {
            return (0.0, 1.0);
        }
        if margin > 0.0 {
            return (
                (moments.mean - margin).max(0.0),
                (moments.mean + margin).min(1.0),
            );
        }
        wilson_95(moments.mean, moments.samples as f64)
    }

    /// Score, Elo and nElo with their 95% errors; `None` without any pair.
    pub fn estimate(&self) -> Option<Estimate> {
        self.moments().map(|m| Estimate::from_moments(&m))
    }
}

impl AddAssign for Pentanomial {
    fn add_assign(&mut self, other: Pentanomial) {
        self.ll += other.ll;
        self.ld += other.ld;
        self.wl_dd += other.wl_dd;
        self.wd += other.wd;
        self.ww += other.ww;
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}, {}, {}, {}, {}]",
            self.ll, self.ld, self.wl_dd, self.wd, self.ww
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn pairs_land_in_their_buckets() {
        let mut p = Pentanomial::default();
        assert!(p.add_pair(0.0, 0.0));
        assert!(p.add_pair(0.5, 0.0));
        assert!(p.add_pair(1.0, 0.0));
        assert!(p.add_pair(0.5, 0.5));
        assert!(p.add_pair(1.0, 0.5));
        assert!(p.add_pair(1.0, 1.0));
        assert!(!p.add_pair(f64::NAN, 1.0));
        assert!(!p.add_pair_halves(5));
        assert_eq!(p, Pentanomial::new(1, 1, 2, 1, 1));
        assert_eq!(p.games(), 12);
        let mut q = p;
        q += p;
        assert_eq!(q.pairs(), 12);
    }

    /// Golden values from the published formulas (fastchess
    /// app/src/matchmaking/elo/elo_pentanomial.cpp; OpenBench OpenBench/stats.py `Elo`):
    /// score and variance of the halved pair score, interval score ± z·√(variance/pairs),
    /// Elo error half the interval mapped by −400·log10(1/s − 1), nElo
    /// (s − ½)/√(2·variance)·800/ln 10. Evaluated independently with mpmath at 50 digits;
    /// the counts are fastchess's app/tests/elo_test.cpp "EloPentanomial 1..3" (LL, LD,
    /// WL+DD, WD, WW), whose 2-decimal expectations these agree with.
    #[test]
    fn estimates_match_the_reference() {
        let cases = [
            // counts, score, Elo, Elo error, nElo, nElo error, LOS, interval
            (
                Pentanomial::new(34, 54, 31 + 32, 64, 75),
                [
                    0.579_310_344_827_586,
                    55.579_780_420_445_85,
                    27.653_429_506_393_47,
                ],
                [
                    57.935_599_938_124_29,
                    28.275_376_243_408_68,
                    0.999_970_393_008_431,
                ],
                [0.540_603_058_765_311_5, 0.618_017_630_889_861],
            ),
            (
                Pentanomial::new(332, 433, 457 + 41, 333, 334),
                [
                    0.487_564_766_839_378_2,
                    -8.642_667_267_969,
                    10.334_194_424_393_03,
                ],
                [
                    -9.172_914_270_047_16,
                    10.960_458_877_511_14,
                    0.050_470_066_982_529_64,
                ],
                [0.472_706_254_301_622_1, 0.502_423_279_377_134_4],
            ),
            (
                Pentanomial::new(7895, 8757, 5485 + 200, 568, 9999),
                [
                    0.469_752_917_578_409_9,
                    -21.043_520_578_172_83,
                    2.945_280_868_527_825,
                ],
                [-19.012_834_278_884_02, 2.654_501_916_502_475, 0.0],
                [0.465_529_931_300_877_8, 0.473_975_903_855_942],
            ),
        ];
        for (counts, [score, elo, elo_error], [nelo, nelo_error, los], [low, high]) in cases {
            let e = counts.estimate().unwrap();
            assert_eq!(e.pairs, counts.pairs());
            assert!(close(e.score, score, 1e-12), "score {}", e.score);
            assert!(close(e.elo, elo, 1e-9), "Elo {}", e.elo);
            assert!(
                close(e.elo_error, elo_error, 1e-9),
                "Elo error {}",
                e.elo_error
            );
            assert!(close(e.nelo, nelo, 1e-9), "nElo {}", e.nelo);
            assert!(
                close(e.nelo_error, nelo_error, 1e-9),
                "error {}",
                e.nelo_error
            );
            // The erf approximation is good to 1.5e-7.
            assert!(close(e.los, los, 2e-7), "LOS {}", e.los);
            let (l, h) = counts.score_interval();
            assert!(close(l, low, 1e-12) && close(h, high, 1e-12), "{l} {h}");
            assert!(l < e.score && e.score < h);
        }
    }

    #[test]
    fn one_pair_has_no_interval() {
        let one = Pentanomial::new(0, 0, 1, 0, 0);
        assert!(one.score_margin().is_nan());
        assert_eq!(one.score_interval(), (0.0, 1.0));
        assert_eq!(Pentanomial::default().score_interval(), (0.0, 1.0));
    }

    #[test]
    fn degenerate_counts_estimate_no_error() {
        assert_eq!(Pentanomial::default().estimate(), None);
        let e = Pentanomial::new(0, 0, 10, 0, 0).estimate().unwrap();
        assert_eq!(
            (e.elo, e.nelo, e.elo_error, e.nelo_error),
            (0.0, 0.0, 0.0, 0.0)
        );
        let e = Pentanomial::new(0, 0, 0, 0, 50).estimate().unwrap();
        assert_eq!((e.elo_error, e.nelo_error, e.los), (0.0, 0.0, 1.0));
    }
}
