//! The rollout search of one auction as an anytime search: the base count of rollouts
//! first, then the count doubled while the bid they lead to is still moving, up to a cap
//! of doublings and within the answer's time budget.
//!
//! Why stability and not a race between candidate bids: with common random numbers every
//! rollout prices every candidate bid at once (a rollout gives both curves, and every bid
//! is read off the curves), so rollouts cannot go to one candidate rather than another;
//! what can be allocated is rollouts to one decision rather than another. A decision whose
//! bid is the same with twice the rollouts is settled (what more rollouts would change is
//! within the noise that already did not move it); one whose bid moved gets twice as many
//! again. Chess engines manage their clock the same way: more time where the best move
//! changed between iterations, less where it stayed.
//!
//! Without a clock (`bench`, `clock=0`) the stages are fixed counts, so the result depends
//! on the position and the configuration alone. With it, a stage stops at the deadline, and
//! a stage of which less than half would fit in the time left is not started.

use std::time::Instant;

use super::rollout::{play_rollouts_from, table_mean_doubled, Futures, Rollouts};
use super::wincurve::WinCurve;
use crate::engine::value::choice_cache::ChoiceCache;
use crate::engine::value::state::PlayerState;
use crate::protocol::Group;

/// Two bids are the same decision when they ask the same group and their amounts differ by
/// at most the larger of this share of the swing `|S|` and [`SETTLED_MIN_POINTS`]: at a
/// hundredth of the swing, two bids' payoffs differ by at most 4% of the equilibrium's
/// amount. Set by hand; the search as a whole is measured in
/// docs/experiments.md#anytime-search.
pub const SETTLED_SWING_SHARE: f64 = 0.01;
/// The least amount difference that still counts as another decision, points: a bid moved
/// by a few points (a critical amount of the curves that moved with the sample) is the same
/// decision. Set by hand.
pub const SETTLED_MIN_POINTS: u32 = 25;

/// The bid a set of curves leads to (`None`: no bid to settle): what a stage asks.
pub type Decide<'a> = dyn FnMut(&[WinCurve; 2]) -> Option<(Group, u32)> + 'a;

/// Why a search stopped where it did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The bid was the same after the last doubling.
    Settled,
    /// The cap of doublings was reached (or there is no bid to settle).
    Cap,
    /// The time budget ran out, or the next stage would not fit in it.
    Clock,
}

/// What one search played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStats {
    /// Rollouts per curve.
    pub rollouts: usize,
    /// The first stage's count.
    pub base: usize,
    /// Stages played (1: the base count only).
    pub stages: u8,
    pub stop: Stop,
}

/// Whether `next` is the same decision as `previous` on an auction of swing `swing_points`.
pub fn same_decision(previous: (Group, u32), next: (Group, u32), swing_points: f64) -> bool {
    let tolerance = (SETTLED_SWING_SHARE * swing_points.abs()).max(SETTLED_MIN_POINTS as f64);
    previous.0 == next.0 && (previous.1 as f64 - next.1 as f64).abs() <= tolerance
}

/// Where the two curves start: our state and the opponent's after this round's scoring,
/// if we get A (`[0]`) and if we get B (`[1]`).
#[derive(Clone, Copy, Debug)]
pub struct Starts {
    pub me: [PlayerState; 2],
    pub opp: [PlayerState; 2],
}

/// How far the search may go.
#[derive(Clone, Copy, Debug)]
pub struct Reach {
    /// Rollouts per curve of the first stage.
    pub base: usize,
    /// Doublings allowed after it.
    pub doublings: u8,
    /// When the rollouts must stop (none: fixed counts).
    pub deadline: Option<Instant>,
}

/// The curves (we get A, we get B) of an auction: rollouts on the same futures for both,
/// the base count, then doubled while `decide` (the bid the curves lead to; `None`: no
/// bid to settle, so no doubling) moves by more than [`same_decision`] allows. Each curve
/// is calibrated (`control`) and shifted by `shift_points`, as the bid sees it.
#[allow(clippy::too_many_arguments)]
pub fn staged_curves(
    starts: &Starts,
    futures: &mut Futures,
    reach: Reach,
    control: bool,
    shift_points: f64,
    swing_points: f64,
    cache: &mut ChoiceCache,
    decide: &mut Decide,
) -> ([WinCurve; 2], SearchStats) {
    let empty = |i: usize| Rollouts {
        doubled: Vec::new(),
        table_mean_doubled: table_mean_doubled(&starts.me[i], &starts.opp[i]),
    };
    let (mut a, mut b) = (empty(0), empty(1));
    let mut target = reach.base.max(1);
    let mut previous: Option<(Group, u32)> = None;
    let mut stages = 0u8;
    let first_started = Instant::now();
    loop {
        stages += 1;
        let now = Instant::now();
        // Half the time left for the first curve's new rollouts; the second replays as many
        // futures until the deadline, and the first keeps only those the second reached.
        let deadline_a = reach
            .deadline
            .map(|d| now + d.saturating_duration_since(now) / 2);
        let wanted = futures.first(target);
        let more_a = play_rollouts_from(
            starts.me[0],
            starts.opp[0],
            &wanted[a.played()..],
            deadline_a,
            cache,
        );
        a.extend(more_a);
        let more_b = play_rollouts_from(
            starts.me[1],
            starts.opp[1],
            &wanted[b.played()..a.played()],
            reach.deadline,
            cache,
        );
        b.extend(more_b);
        a.truncate(b.played());
        let curves = [a.curve(control), b.curve(control)].map(|c| c.shifted(shift_points));
        let stats = |stop| SearchStats {
            rollouts: b.played(),
            base: reach.base,
            stages,
            stop,
        };
        if b.played() < target {
            return (curves, stats(Stop::Clock));
        }
        if stages > reach.doublings {
            return (curves, stats(Stop::Cap));
        }
        let Some(bid) = decide(&curves) else {
            return (curves, stats(Stop::Cap));
        };
        if previous.is_some_and(|p| same_decision(p, bid, swing_points)) {
            return (curves, stats(Stop::Settled));
        }
        previous = Some(bid);
        // The next stage plays as many rollouts as all the stages so far: it takes about
        // as long as they did. Start it if at least half of it fits before the deadline
        // (the deadline cuts the rest: part of a stage still sharpens the curves).
        if let Some(deadline) = reach.deadline {
            let spent = first_started.elapsed();
            if Instant::now() + spent / 2 > deadline {
                return (curves, stats(Stop::Clock));
            }
        }
        target *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::search::rollout::sample_futures;
    use crate::engine::search::wincurve::after_table_scoring;
    use crate::rng::Pcg64;

    /// Two players after round 3's scoring, A and B assigned both ways.
    fn starts() -> Starts {
        let mut rng = Pcg64::seed_from_u64(3);
        let mut dice = || {
            let mut counts = [0u8; 6];
            for _ in 0..5 {
                counts[rng.below(6)] += 1;
            }
            counts
        };
        let (mut me, mut opp) = (PlayerState::default(), PlayerState::default());
        for _ in 0..2 {
            me = after_table_scoring(&me, &dice());
            opp = after_table_scoring(&opp, &dice());
        }
        me.receive(&dice());
        opp.receive(&dice());
        let (a, b) = (dice(), dice());
        Starts {
            me: [a, b].map(|x| after_table_scoring(&me, &x)),
            opp: [b, a].map(|x| after_table_scoring(&opp, &x)),
        }
    }

    fn search(
        doublings: u8,
        deadline: Option<Instant>,
        decide: &mut Decide,
    ) -> ([WinCurve; 2], SearchStats) {
        let reach = Reach {
            base: 64,
            doublings,
            deadline,
        };
        let mut futures = Futures::new(3, 11);
        let mut cache = ChoiceCache::new();
        staged_curves(
            &starts(),
            &mut futures,
            reach,
            true,
            0.0,
            8_000.0,
            &mut cache,
            decide,
        )
    }

    #[test]
    fn a_bid_moves_by_more_than_the_tolerance_to_be_another_decision() {
        // |S| = 8000: the tolerance is max(80, 25) points.
        assert!(same_decision((Group::A, 1000), (Group::A, 1080), 8_000.0));
        assert!(!same_decision((Group::A, 1000), (Group::A, 1081), 8_000.0));
        assert!(!same_decision((Group::A, 1000), (Group::B, 1000), 8_000.0));
        // A small swing: 25 points.
        assert!(same_decision((Group::B, 10), (Group::B, 35), 100.0));
        assert!(!same_decision((Group::B, 10), (Group::B, 36), 100.0));
    }

    #[test]
    fn the_futures_of_a_longer_search_extend_the_shorter_ones() {
        let mut futures = Futures::new(4, 9);
        let short = futures.first(10).to_vec();
        let long = futures.first(25).to_vec();
        assert_eq!(long[..10], short[..]);
        assert_eq!(long, sample_futures(4, 25, 9));
    }

    #[test]
    fn without_doublings_the_search_is_the_base_count() {
        let mut asked = 0;
        let (curves, stats) = search(0, None, &mut |_| {
            asked += 1;
            Some((Group::A, 0))
        });
        assert_eq!(asked, 0, "a one-stage search has no bid to settle");
        assert_eq!(
            (stats.rollouts, stats.stages, stats.stop),
            (64, 1, Stop::Cap)
        );
        // The same curves as the rollouts of the base count, played in one go.
        let s = starts();
        let futures = sample_futures(3, 64, 11);
        let mut cache = ChoiceCache::new();
        let one_go = [0, 1]
            .map(|i| play_rollouts_from(s.me[i], s.opp[i], &futures, None, &mut cache).curve(true));
        assert_eq!(curves, one_go);
    }

    #[test]
    fn a_settled_bid_stops_at_the_second_stage_and_a_moving_one_at_the_cap() {
        let (_, settled) = search(3, None, &mut |_| Some((Group::A, 500)));
        assert_eq!((settled.rollouts, settled.stages), (128, 2));
        assert_eq!(settled.stop, Stop::Settled);
        let mut amount = 0;
        let (_, moving) = search(3, None, &mut |_| {
            amount += 1_000;
            Some((Group::B, amount))
        });
        assert_eq!((moving.rollouts, moving.stages), (512, 4));
        assert_eq!(moving.stop, Stop::Cap);
        // No bid to settle: no doubling.
        let (_, none) = search(3, None, &mut |_| None);
        assert_eq!((none.rollouts, none.stop), (64, Stop::Cap));
    }

    #[test]
    fn a_spent_budget_stops_the_search_on_the_clock() {
        let (curves, stats) = search(3, Some(Instant::now()), &mut |_| Some((Group::A, 0)));
        assert_eq!(stats.stop, Stop::Clock);
        assert!(stats.rollouts >= 1 && stats.rollouts < 64, "{stats:?}");
        // Both curves stand on the same futures.
        for curve in &curves {
            assert!((0.0..=1.0).contains(&curve.at(0.0)));
        }
    }
}
