//! The bidding habits of contest bots, and the memory the adaptive ones keep of us.

use rand::Rng;
use rand_pcg::Pcg64;
use yacht::engine::GameView;
use yacht::protocol::{Group, BID_MAX_POINTS};
use yacht::rules::dice::Counts;

use super::valuation::{equilibrium, heuristic_gap, table_gap};

/// How a contest bot bids.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Style {
    /// Heuristic valuation, `scale` × its own gap, at most `cap`; at least `floor` when
    /// it reckons both players want the same bundle.
    HeuristicGap { scale: f64, cap: u32, floor: u32 },
    /// Exact table valuation of its own gap only, `scale` × that gap.
    TableGap { scale: f64 },
    /// Learns our bid relative to its own base amount (a moving average with weight
    /// `alpha` on the newest round) and bids just above that prediction when it wants the
    /// bundle where that is under half its own gap, just below otherwise (`contest_only`:
    /// always just above, capped at its gap).
    Adaptive { alpha: f64, contest_only: bool },
    /// Our last revealed amount plus one on its favourite, at most its own gap.
    JustAboveLast,
    /// Its whole gap after we took the bundle it wanted, a quarter of it otherwise.
    TitForTat,
    /// The table equilibrium scaled by noise: log-normal per round (`round_sigma`) and
    /// one factor per game drawn log-uniformly in `game_range`.
    NoisyEquilibrium {
        round_sigma: f64,
        game_range: (f64, f64),
    },
    /// The table equilibrium moved by a whole number of points drawn uniformly in
    /// `-jitter_points..=jitter_points` every auction: an independent implementation of
    /// the same design, whose own table and rounding put its swing a few points from ours
    /// (our table is stored in 5-point units, and a swing adds four lookups).
    OtherTable { jitter_points: u32 },
    /// The table equilibrium scaled by `early` before `switch_round`, by `late` from it.
    Switcher {
        early: f64,
        late: f64,
        switch_round: u8,
    },
    /// Plays low (×0.2) in quiet auctions and early rounds, so a fitted model expects it
    /// low, then bids high (×1.3 the equilibrium) in the big auctions from round 5.
    Baiter { big_swing_points: i64 },
    /// The habit of an adaptive public bot of the 2025 contest. It values both bundles
    /// for itself and for us with its heuristic ([`heuristic_gap`]). When it expects us to
    /// want the other group it asks its own with [`GAIN_UNCONTESTED_BID`]; when it expects
    /// us to want its group it bids `shade` × half our predicted gain (that half capped at
    /// [`GAIN_HALF_CAP_POINTS`]) × a factor, kept in [`GAIN_BID_RANGE`]. The factor is a
    /// moving average (weight `alpha` on the newest round) of our revealed amount over its
    /// prediction of it (half our gain). Before round `raise_from` it asks 3 in every
    /// auction, contested or not: a model that learns "it bids 3" meets the raise later.
    GainAdaptive {
        shade: f64,
        alpha: f64,
        raise_from: u8,
    },
}

/// What [`Style::GainAdaptive`] asks when it expects us to want the other group.
pub const GAIN_UNCONTESTED_BID: u32 = 3;
/// The cap of half our predicted gain in [`Style::GainAdaptive`], points.
pub const GAIN_HALF_CAP_POINTS: f64 = 10_000.0;
/// The range of a contested [`Style::GainAdaptive`] bid, points.
pub const GAIN_BID_RANGE: (u32, u32) = (50, 9_999);

/// What an adaptive bot remembers of its opponent (us) within a game.
#[derive(Clone, Debug, Default)]
pub struct Memory {
    /// Moving estimate of our amount over its own base amount.
    pub ratio: Option<f64>,
    /// Its base amount (the equilibrium amount it computed) in the open auction.
    pub open_base: u32,
    /// Our last revealed bid.
    pub last_bid: Option<(Group, u32)>,
    /// Whether we took the group it asked for in the last auction.
    pub we_took_its_bundle: bool,
    /// This game's scale factor (noisy equilibrium).
    pub game_factor: f64,
    /// Its prediction of our amount in the open auction (gain-adaptive), points.
    pub open_prediction: f64,
}

fn clamp(amount: f64) -> u32 {
    amount.round().clamp(0.0, BID_MAX_POINTS as f64) as u32
}

impl Style {
    /// The bid of a bot with this style in `view`'s open auction.
    pub fn bid(
        &self,
        view: &GameView,
        a: &Counts,
        b: &Counts,
        memory: &mut Memory,
        rng: &mut Pcg64,
    ) -> (Group, u32) {
        let (me, opp) = (&view.me, &view.opp);
        let (eq_group, eq_amount) = equilibrium(me, opp, a, b);
        memory.open_base = eq_amount.max(1);
        match *self {
            Style::HeuristicGap { scale, cap, floor } => {
                let (group, gap) = heuristic_gap(me, a, b);
                let (their_group, _) = heuristic_gap(opp, a, b);
                let mut amount = clamp(scale * gap as f64).min(cap);
                if group == their_group {
                    amount = amount.max(floor);
                }
                (group, amount)
            }
            Style::TableGap { scale } => {
                let (group, gap) = table_gap(me, opp, a, b);
                (group, clamp(scale * gap as f64))
            }
            Style::Adaptive {
                alpha: _,
                contest_only,
            } => {
                let Some(ratio) = memory.ratio else {
                    return (eq_group, eq_amount);
                };
                let predicted = ratio * eq_amount as f64;
                let (_, gap) = table_gap(me, opp, a, b);
                // Winning just above our predicted bid pays while that is under half its
                // own gap; otherwise it bids just below and lets us pay.
                if contest_only || predicted + 1.0 <= gap as f64 / 2.0 {
                    (eq_group, clamp(predicted + 1.0).min(clamp(gap as f64)))
                } else {
                    (eq_group, clamp(predicted - 1.0))
                }
            }
            Style::JustAboveLast => {
                let (group, gap) = table_gap(me, opp, a, b);
                let last = memory.last_bid.map_or(eq_amount, |(_, x)| x);
                (group, (last + 1).min(clamp(gap as f64)))
            }
            Style::TitForTat => {
                let (group, gap) = table_gap(me, opp, a, b);
                let scale = if memory.we_took_its_bundle { 1.0 } else { 0.25 };
                (group, clamp(scale * gap as f64))
            }
            Style::NoisyEquilibrium { round_sigma, .. } => {
                let z: f64 = (0..12).map(|_| rng.gen_range(0.0..1.0)).sum::<f64>() - 6.0;
                let factor = memory.game_factor * (round_sigma * z).exp();
                (eq_group, clamp(eq_amount as f64 * factor))
            }
            Style::OtherTable { jitter_points } => {
                let j = i64::from(jitter_points);
                let offset = rng.gen_range(-j..=j);
                (eq_group, clamp((i64::from(eq_amount) + offset) as f64))
            }
            Style::Switcher {
                early,
                late,
                switch_round,
            } => {
                let factor = if view.round < switch_round {
                    early
                } else {
                    late
                };
                (eq_group, clamp(eq_amount as f64 * factor))
            }
            Style::Baiter { big_swing_points } => {
                let big = view.round >= 5 && eq_amount as i64 * 4 >= big_swing_points;
                let factor = if big { 1.3 } else { 0.2 };
                (eq_group, clamp(eq_amount as f64 * factor))
            }
            Style::GainAdaptive {
                shade, raise_from, ..
            } => {
                let (group, _) = heuristic_gap(me, a, b);
                let (our_group, our_gain) = heuristic_gap(opp, a, b);
                memory.open_prediction = our_gain as f64 / 2.0;
                if our_group != group || view.round < raise_from {
                    return (group, GAIN_UNCONTESTED_BID);
                }
                let factor = memory.ratio.unwrap_or(1.0);
                let half = memory.open_prediction.min(GAIN_HALF_CAP_POINTS);
                let (low, high) = GAIN_BID_RANGE;
                (group, clamp(shade * half * factor).clamp(low, high))
            }
        }
    }

    /// A new game: draws the per-game factor.
    pub fn start(&self, memory: &mut Memory, rng: &mut Pcg64) {
        *memory = Memory {
            game_factor: 1.0,
            ..Memory::default()
        };
        if let Style::NoisyEquilibrium {
            game_range: (low, high),
            ..
        } = *self
        {
            let u: f64 = rng.gen_range(0.0..1.0);
            memory.game_factor = (low.ln() + u * (high.ln() - low.ln())).exp();
        }
    }

    /// Learns from `GET`: we asked `ours`; it had asked `its_group`.
    pub fn observe(&self, memory: &mut Memory, ours: (Group, u32), its_group: Group, got: Group) {
        let sample = match *self {
            Style::Adaptive { alpha, .. } => {
                Some((alpha, ours.1 as f64 / memory.open_base.max(1) as f64))
            }
            // A prediction of nearly nothing says nothing about our level.
            Style::GainAdaptive { alpha, .. } if memory.open_prediction >= 100.0 => {
                Some((alpha, ours.1 as f64 / memory.open_prediction))
            }
            _ => None,
        };
        if let Some((alpha, sample)) = sample {
            memory.ratio = Some(match memory.ratio {
                Some(r) => (1.0 - alpha) * r + alpha * sample,
                None => sample,
            });
        }
        memory.last_bid = Some(ours);
        memory.we_took_its_bundle = got != its_group;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use yacht::rules::dice::parse_digits;

    #[test]
    fn another_tables_equilibrium_stays_within_its_jitter_and_moves() {
        let view = GameView::default();
        let (a, b) = (
            parse_digits("66655").unwrap(),
            parse_digits("12346").unwrap(),
        );
        let (eq_group, eq_amount) = equilibrium(&view.me, &view.opp, &a, &b);
        assert!(eq_amount > 10, "a swing worth bidding on: {eq_amount}");
        let style = Style::OtherTable { jitter_points: 3 };
        let mut rng = Pcg64::seed_from_u64(7);
        let mut memory = Memory::default();
        let offsets: Vec<i64> = (0..200)
            .map(|_| {
                let (group, amount) = style.bid(&view, &a, &b, &mut memory, &mut rng);
                assert_eq!(group, eq_group);
                i64::from(amount) - i64::from(eq_amount)
            })
            .collect();
        assert!(offsets.iter().all(|o| o.abs() <= 3), "{offsets:?}");
        for offset in -3..=3 {
            assert!(offsets.contains(&offset), "{offset} never drawn");
        }
    }
}
