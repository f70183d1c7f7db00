//! Valuations judged on played futures (issue 78's "truth for the benchmark"): at each
//! probed position ([`super::probe`]) a way of choosing among the candidate bids picks one,
//! and its value is read on the policy rollouts of that candidate (both halves pooled),
//! against the bot's own bid's on the same futures. No chooser here looks at the futures,
//! so the difference has no selection bias; the rollout chooser's own gain is the split
//! estimate ([`ProbeRecord::gains`]).
//!
//! The old benchmark (`harness measure benchmark`) scores a valuation by its fidelity to
//! coin-flip rollouts; here a valuation's curves answer the opponent's actual bid (the
//! benchmark's "answer" decision: the candidate with the highest win probability on the
//! curves, the bid known), and the futures the two real players play say what that answer
//! is worth.

use std::collections::BTreeMap;

use yacht::engine::learned::net::embedded;
use yacht::engine::safety::payoff::Curves;
use yacht::engine::search::endgame::rollouts_for_round;
use yacht::engine::search::positions::{auction_curves, Valuation};
use yacht::engine::value::bidding::{bundle_values, equilibrium_bid};
use yacht::engine::BotConfig;
use yacht::rules::auction::Group;
use yacht::rules::dice::parse_digits;

use super::probe::{ProbeCandidate, ProbeRecord};

/// A way of choosing one of a position's candidates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Chooser {
    /// The rollout chooser: chosen on one half's futures, scored on the other (split).
    RolloutSplit,
    /// The best mean over both halves: biased up by the noise it selects (an upper reading).
    Hindsight,
    /// The equilibrium bid (a quarter of the swing on the favoured bundle).
    Equilibrium,
    /// The answer to the opponent's actual bid on the bot's own curves (the embedded
    /// network in its rounds, then its few rollouts).
    NetAnswer,
    /// The answer on coin-flip rollouts at the default's count (the futures the network
    /// was distilled from).
    RolloutsAnswer,
    /// The fair rollout chooser: the highest mean of the fair valuation (our model's
    /// prediction of the opponent played out) among the candidates a real bot can name
    /// (not the best responses to the bid it has not seen yet), replacing the own bid only
    /// when it leads by `gate` standard errors of the difference.
    Fair { gate: f64 },
}

impl Chooser {
    pub const ALL: [Chooser; 7] = [
        Chooser::RolloutSplit,
        Chooser::Hindsight,
        Chooser::Equilibrium,
        Chooser::NetAnswer,
        Chooser::RolloutsAnswer,
        Chooser::Fair { gate: 0.0 },
        Chooser::Fair { gate: 1.0 },
    ];

    pub fn name(self) -> &'static str {
        match self {
            Chooser::Fair { gate } if gate > 0.0 => "fair rollouts, gate 1 SE",
            Chooser::Fair { .. } => "fair rollouts",
            Chooser::RolloutSplit => "policy rollouts (split)",
            Chooser::Hindsight => "best in hindsight (upper)",
            Chooser::Equilibrium => "equilibrium bid",
            Chooser::NetAnswer => "network's answer",
            Chooser::RolloutsAnswer => "coin-flip rollouts' answer",
        }
    }
}

fn group_of(name: &str) -> Group {
    if name == "B" {
        Group::B
    } else {
        Group::A
    }
}

/// The chooser's gain over the bot's own bid at `r` (win probability), or `None` where
/// it cannot choose (a position whose states do not read).
pub fn gain(r: &ProbeRecord, chooser: Chooser) -> Option<f64> {
    r.candidates.first()?;
    let pick = |index: usize| r.lead_of(index);
    match chooser {
        Chooser::RolloutSplit => Some(r.gains().0),
        Chooser::Hindsight => Some(r.gains().1),
        Chooser::Equilibrium => {
            let (me, opp, a, b) = position(r)?;
            let (group, amount) = equilibrium_bid(bundle_values(&me, &opp, &a, &b).swing_points());
            let index = r
                .candidates
                .iter()
                .position(|c| group_of(&c.group) == group && c.amount == amount)?;
            pick(index)
        }
        Chooser::NetAnswer => pick(answer(r, Valuation::Net(embedded()?))?),
        Chooser::RolloutsAnswer => {
            let n = rollouts_for_round(&BotConfig::DEFAULT, usize::from(r.round));
            pick(answer(r, Valuation::Rollouts(n))?)
        }
        Chooser::Fair { gate } => pick(fair_choice(r, gate)?),
    }
}

/// The fair chooser's candidate: `None` where the record has no fair valuation.
fn fair_choice(r: &ProbeRecord, gate: f64) -> Option<usize> {
    let [own, _] = r.candidates.first()?.fair?;
    let mut best = (0, own);
    for (i, c) in r.candidates.iter().enumerate().skip(1) {
        let [mean, difference_se] = c.fair?;
        if c.kind.starts_with("their") {
            continue;
        }
        if mean > best.1 && mean - own > gate * difference_se {
            best = (i, mean);
        }
    }
    Some(best.0)
}

fn position(
    r: &ProbeRecord,
) -> Option<(
    yacht::engine::PlayerState,
    yacht::engine::PlayerState,
    [u8; 6],
    [u8; 6],
)> {
    Some((
        r.states[0].state()?,
        r.states[1].state()?,
        parse_digits(&r.roll[0])?,
        parse_digits(&r.roll[1])?,
    ))
}

/// The candidate with the highest win probability on `valuation`'s curves against the
/// opponent's actual bid (the first of equals, so the bot's own bid where it ties).
fn answer(r: &ProbeRecord, valuation: Valuation) -> Option<usize> {
    let (me, opp, a, b) = position(r)?;
    let [ca, cb] = auction_curves(&me, &opp, r.round, &a, &b, valuation);
    let curves = Curves {
        a: &ca,
        b: &cb,
        swing_points: bundle_values(&me, &opp, &a, &b).swing_points() as f64,
    };
    let (their_group, their_amount) = (group_of(&r.their_bid.0), r.their_bid.1);
    let value = |c: &ProbeCandidate| {
        curves.win_probability(group_of(&c.group), c.amount, their_group, their_amount)
    };
    let mut best = 0;
    for (i, c) in r.candidates.iter().enumerate() {
        if value(c) > value(&r.candidates[best]) {
            best = i;
        }
    }
    Some(best)
}

/// A chooser's mean gain over a set of positions, with its standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MeanGain {
    pub positions: usize,
    pub mean: f64,
    pub se: f64,
}

impl MeanGain {
    pub fn of(xs: &[f64]) -> MeanGain {
        let n = xs.len();
        if n == 0 {
            return MeanGain::default();
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = if n > 1 {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64
        } else {
            0.0
        };
        MeanGain {
            positions: n,
            mean,
            se: (var / n as f64).sqrt(),
        }
    }
}

/// A chooser's gains by round, and summed over a game (one bid of ours in each round
/// probed): what it would add to a game's win probability.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Judgement {
    pub chooser: Option<Chooser>,
    pub by_round: BTreeMap<u8, MeanGain>,
    pub game: f64,
    pub game_se: f64,
}

/// Each chooser's judgement on the records.
pub fn judge(records: &[ProbeRecord], chooser: Chooser) -> Judgement {
    let mut gains: BTreeMap<u8, Vec<f64>> = BTreeMap::new();
    for r in records {
        if let Some(g) = gain(r, chooser) {
            gains.entry(r.round).or_default().push(g);
        }
    }
    let by_round: BTreeMap<u8, MeanGain> = gains
        .into_iter()
        .map(|(round, xs)| (round, MeanGain::of(&xs)))
        .collect();
    Judgement {
        chooser: Some(chooser),
        game: by_round.values().map(|m| m.mean).sum(),
        game_se: by_round.values().map(|m| m.se.powi(2)).sum::<f64>().sqrt(),
        by_round,
    }
}

/// The report: each chooser's gain over the bot's own bid in points of win probability
/// (×100) by round and over a game, with 95% intervals.
pub fn report(records: &[ProbeRecord]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let futures = records.first().map_or(0, |r| r.futures);
    let rounds: Vec<u8> = {
        let mut r: Vec<u8> = records.iter().map(|r| r.round).collect();
        r.sort_unstable();
        r.dedup();
        r
    };
    let _ = writeln!(
        out,
        "{} probed positions, {futures} futures a half; gain over the bot's own bid, points of win \
         probability per bid (95% interval):",
        records.len()
    );
    let _ = write!(out, "{:<28}", "round (positions)");
    let counts = judge(records, Chooser::RolloutSplit);
    for r in &rounds {
        let _ = write!(
            out,
            " {:>8}",
            format!(
                "{r} ({})",
                counts.by_round.get(r).map_or(0, |m| m.positions)
            )
        );
    }
    let _ = writeln!(out, "  a game [95%]");
    let own_best = records.iter().filter(|r| r.gains().1 <= 0.0).count();
    for chooser in Chooser::ALL {
        let j = judge(records, chooser);
        if j.by_round.is_empty() {
            continue;
        }
        let _ = write!(out, "{:<28}", chooser.name());
        for r in &rounds {
            let _ = write!(
                out,
                " {:>+8.2}",
                100.0 * j.by_round.get(r).map_or(0.0, |m| m.mean)
            );
        }
        let _ = writeln!(
            out,
            "  {:+.2} [{:+.2}, {:+.2}]",
            100.0 * j.game,
            100.0 * (j.game - 1.96 * j.game_se),
            100.0 * (j.game + 1.96 * j.game_se)
        );
    }
    let _ = writeln!(
        out,
        "the bot's own bid has the best mean of its position's futures at {own_best} of {} positions",
        records.len()
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rollout::probe::ProbeState;
    use yacht::engine::PlayerState;

    fn record(candidates: Vec<(Group, u32, f64)>, their: (Group, u32)) -> ProbeRecord {
        let name = |g: Group| if g == Group::A { "A" } else { "B" }.to_string();
        ProbeRecord {
            game_seed: 3,
            round: 12,
            states: {
                let s = ProbeState::from(&PlayerState::default());
                [s.clone(), s]
            },
            roll: ["66666".into(), "11111".into()],
            futures: 8,
            their_bid: (name(their.0), their.1),
            candidates: candidates
                .into_iter()
                .map(|(g, amount, v)| ProbeCandidate {
                    group: name(g),
                    amount,
                    halves: [v, v],
                    kind: String::new(),
                    fair: None,
                })
                .collect(),
        }
    }

    #[test]
    fn a_chooser_is_scored_by_the_futures_of_the_candidate_it_picks() {
        // Round 12 from the start: the curves are exact (the final difference), so both
        // answers take A (five sixes against five ones) by a point over their bid on A.
        let r = record(
            vec![
                (Group::A, 100, 0.5),
                (Group::A, 101, 0.9),
                (Group::B, 0, 0.1),
            ],
            (Group::A, 100),
        );
        assert_eq!(answer(&r, Valuation::Rollouts(1)), Some(1));
        let g = gain(&r, Chooser::RolloutsAnswer).unwrap();
        assert!((g - 0.4).abs() < 1e-12, "{g}");
        // The equilibrium bid is not among these candidates: no reading.
        assert_eq!(gain(&r, Chooser::Equilibrium), None);
        let j = judge(&[r.clone(), r], Chooser::RolloutsAnswer);
        assert_eq!(j.by_round[&12].positions, 2);
        assert!((j.game - 0.4).abs() < 1e-12);
        assert_eq!(j.game_se, 0.0);
    }

    #[test]
    fn the_fair_chooser_names_no_response_to_the_unseen_bid_and_keeps_its_gate() {
        let mut r = record(
            vec![
                (Group::A, 100, 0.5),
                (Group::A, 75, 0.6),
                (Group::A, 101, 0.9),
            ],
            (Group::A, 100),
        );
        assert_eq!(
            gain(&r, Chooser::Fair { gate: 0.0 }),
            None,
            "no fair valuation"
        );
        r.candidates[2].kind = "their+1".into();
        r.candidates[0].fair = Some([0.50, 0.0]);
        r.candidates[1].fair = Some([0.55, 0.04]);
        // The best response to the bid made leads the fair valuation but is not a bid a
        // real bot could name: left out.
        r.candidates[2].fair = Some([0.95, 0.01]);
        let g = gain(&r, Chooser::Fair { gate: 0.0 }).unwrap();
        assert!((g - 0.1).abs() < 1e-12, "{g}");
        // A lead of 1.25 standard errors passes a gate of 1, not one of 2.
        assert!(gain(&r, Chooser::Fair { gate: 1.0 }).unwrap() > 0.0);
        assert_eq!(gain(&r, Chooser::Fair { gate: 2.0 }), Some(0.0));
    }
}
