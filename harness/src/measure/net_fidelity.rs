//! `harness measure net-fidelity`: how close the value network's win curves are to the
//! rollouts', next to how close the bot's own rollout count is.
//!
//! The positions are a positions file's (`harness positions`) bid positions of rounds
//! 2–10, where the bot's curves come from rollouts or the network. At each, the curves of
//! both assignments (we get A, we get B) are made three ways: a reference of `reference`
//! times the bot's rollout count (on the futures of the bot's own seed, extended), the
//! bot's count, and the network. Each is compared with the reference at transfers of
//! −12,000 to +12,000 points: the level of a curve, and the difference between the two
//! assignments' curves at the same transfer (what a bid weighs), mean absolute errors by
//! round. The rollouts' own error is their sampling noise (and the reference's); the
//! network's is its approximation of the same futures.

use std::path::Path;

use yacht::engine::learned::net::Net;
use yacht::engine::search::anytime::{timed_curves, Starts};
use yacht::engine::search::endgame::rollouts_for_round;
use yacht::engine::search::rollout::Futures;
use yacht::engine::search::wincurve::{after_table_scoring, net_curve, WinCurve};
use yacht::engine::value::choice_cache::ChoiceCache;
use yacht::engine::BotConfig;

pub use crate::learning::bid_positions::BidPosition;

/// The transfers the curves are compared at, points.
pub const DELTAS_POINTS: [f64; 13] = [
    -12_000.0, -10_000.0, -8_000.0, -6_000.0, -4_000.0, -2_000.0, 0.0, 2_000.0, 4_000.0, 6_000.0,
    8_000.0, 10_000.0, 12_000.0,
];

/// Errors of one way of making the curves against the reference, summed over positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Errors {
    pub positions: usize,
    /// Σ over positions of the mean |W − W_ref| over both curves and every transfer.
    pub level: f64,
    /// Σ over positions of the mean |(W_A − W_B) − (W_A − W_B)_ref| over every transfer.
    pub difference: f64,
    /// Σ over positions of the curves' slope at no transfer (win probability per 1,000
    /// points, both curves), and the reference's: their ratio says whether a source's
    /// curves are flatter (under 1) or steeper than the reference's.
    pub slope: f64,
    pub reference_slope: f64,
}

impl Errors {
    fn add(&mut self, curves: &[WinCurve; 2], reference: &[WinCurve; 2]) {
        let (mut level, mut difference) = (0.0, 0.0);
        for &d in &DELTAS_POINTS {
            let (a, b) = (curves[0].at(d), curves[1].at(d));
            let (ra, rb) = (reference[0].at(d), reference[1].at(d));
            level += 0.5 * ((a - ra).abs() + (b - rb).abs());
            difference += ((a - b) - (ra - rb)).abs();
        }
        let slope = |c: &[WinCurve; 2]| {
            c.iter()
                .map(|c| (c.at(2_000.0) - c.at(-2_000.0)) / 4.0)
                .sum::<f64>()
        };
        self.slope += slope(curves);
        self.reference_slope += slope(reference);
        let n = DELTAS_POINTS.len() as f64;
        self.positions += 1;
        self.level += level / n;
        self.difference += difference / n;
    }

    pub fn mean_level(&self) -> f64 {
        self.level / self.positions.max(1) as f64
    }

    pub fn mean_difference(&self) -> f64 {
        self.difference / self.positions.max(1) as f64
    }

    /// The slope's ratio to the reference's.
    pub fn slope_ratio(&self) -> f64 {
        self.slope / self.reference_slope.max(1e-12)
    }
}

/// A round's errors: the bot's rollouts and each network, each against the reference.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoundFidelity {
    pub round: u8,
    pub rollouts: Errors,
    pub nets: Vec<Errors>,
}

/// Every `every`-th bid position of rounds 2–10 in a positions file, up to `limit`.
pub fn read_bid_positions(
    path: &Path,
    every: usize,
    limit: usize,
) -> Result<Vec<BidPosition>, String> {
    let all = crate::learning::bid_positions::read_bid_positions(path, |r| (2..=10).contains(&r))?;
    Ok(all.into_iter().step_by(every.max(1)).take(limit).collect())
}

/// The fidelity of each of `nets` and of the bot's rollouts at `positions`, by round,
/// against `reference` times the bot's rollouts.
pub fn net_fidelity(
    positions: &[BidPosition],
    nets: &[&Net],
    reference: usize,
) -> Vec<RoundFidelity> {
    let config = BotConfig::default();
    let mut rounds: Vec<RoundFidelity> = (2..=10)
        .map(|round| RoundFidelity {
            round,
            rollouts: Errors::default(),
            nets: vec![Errors::default(); nets.len()],
        })
        .collect();
    let mut cache = ChoiceCache::new();
    for (i, p) in positions.iter().enumerate() {
        let starts = Starts {
            me: [p.a, p.b].map(|mine| after_table_scoring(&p.me, &mine)),
            opp: [p.b, p.a].map(|theirs| after_table_scoring(&p.opp, &theirs)),
        };
        let count = rollouts_for_round(&config, p.round as usize);
        // The reference extends the bot's own futures: their error is the bot's noise
        // less the reference's, a conservative figure for the rollouts.
        let seed = yacht::game::deal::mix(0x00F1_DE11, i as u64);
        let mut futures = Futures::new(p.round, seed);
        let (reference_curves, _) = timed_curves(
            &starts,
            &mut futures,
            count * reference,
            None,
            true,
            &mut cache,
        );
        let (bot_curves, _) = timed_curves(&starts, &mut futures, count, None, true, &mut cache);
        let r = &mut rounds[(p.round - 2) as usize];
        r.rollouts.add(&bot_curves, &reference_curves);
        for (net, errors) in nets.iter().zip(&mut r.nets) {
            let curves = [0, 1].map(|g| net_curve(net, &starts.me[g], &starts.opp[g], p.round + 1));
            errors.add(&curves, &reference_curves);
        }
    }
    rounds.retain(|r| r.rollouts.positions > 0);
    rounds
}

/// The table of [`net_fidelity`]: the level's errors, then the differences', the bot's
/// rollouts first and then each network (`names`).
pub fn format_fidelity(rounds: &[RoundFidelity], reference: usize, names: &[String]) -> String {
    let mut out = format!(
        "mean absolute error against {reference}x the bot's rollouts, at transfers of -12,000 to +12,000 points\n\
         (level: of each curve; A-B: of the difference between the two assignments' curves;\n\
         slope: the curves' slope at no transfer over the reference's)\n"
    );
    out.push_str("round positions | level: rollouts");
    for n in names {
        out.push_str(&format!(" {n:>12}"));
    }
    out.push_str(" | A-B: rollouts");
    for n in names {
        out.push_str(&format!(" {n:>12}"));
    }
    out.push_str(" | slope: rollouts");
    for n in names {
        out.push_str(&format!(" {n:>12}"));
    }
    out.push('\n');
    let mut total = RoundFidelity {
        round: 0,
        rollouts: Errors::default(),
        nets: vec![Errors::default(); names.len()],
    };
    let row = |r: &RoundFidelity, label: String| {
        let mut line = format!(
            "{label:>5} {:>9} |        {:>8.4}",
            r.rollouts.positions,
            r.rollouts.mean_level()
        );
        for e in &r.nets {
            line.push_str(&format!(" {:>12.4}", e.mean_level()));
        }
        line.push_str(&format!(" |      {:>8.4}", r.rollouts.mean_difference()));
        for e in &r.nets {
            line.push_str(&format!(" {:>12.4}", e.mean_difference()));
        }
        line.push_str(&format!(" |  {:>8.3}", r.rollouts.slope_ratio()));
        for e in &r.nets {
            line.push_str(&format!(" {:>12.3}", e.slope_ratio()));
        }
        line.push('\n');
        line
    };
    for r in rounds {
        out.push_str(&row(r, r.round.to_string()));
        for (t, e) in std::iter::once(&mut total.rollouts)
            .chain(total.nets.iter_mut())
            .zip(std::iter::once(&r.rollouts).chain(&r.nets))
        {
            t.positions += e.positions;
            t.level += e.level;
            t.difference += e.difference;
            t.slope += e.slope;
            t.reference_slope += e.reference_slope;
        }
    }
    out.push_str(&row(&total, "all".to_string()));
    out
}
