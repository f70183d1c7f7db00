//! The rollout search of one auction within the answer's time budget: the curves of both
//! assignments on the same futures, cut at the deadline where the clock runs out first.
//!
//! A cut search still answers: the curves of the futures both assignments reached (a
//! rollout gives both curves on one future, so the two stay paired). Without a clock
//! (`bench`, `clock=0`) the count is fixed, so the result depends on the position and the
//! configuration alone.
//!
//! Why one count and not more rollouts where the bid is still open: with common random
//! numbers every rollout prices every candidate bid at once, so the unit of allocation is
//! the decision; doubling the rollouts while the bid moved (up to 4x, within the budget)
//! was built and measured level with the fixed count against both designs that do not
//! share our table (docs/experiments/2026-11-26-anytime-search.md#anytime-search), and removed.

use crate::clock::{Deadline, StopClock};

use super::rollout::{play_rollouts_from, Futures};
use super::wincurve::WinCurve;
use crate::engine::value::choice_cache::ChoiceCache;
use crate::engine::value::state::PlayerState;

/// What one search played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchStats {
    /// Rollouts per curve.
    pub rollouts: usize,
    /// The count asked for.
    pub base: usize,
    /// The clock that cut the search short, if one did.
    pub stopped_by: Option<StopClock>,
}

impl SearchStats {
    /// Whether the deadline cut the search short of its count.
    pub fn clock_stopped(&self) -> bool {
        self.rollouts < self.base
    }
}

/// Where the two curves start: our state and the opponent's after this round's scoring,
/// if we get A (`[0]`) and if we get B (`[1]`).
#[derive(Clone, Copy, Debug)]
pub struct Starts {
    pub me: [PlayerState; 2],
    pub opp: [PlayerState; 2],
}

/// The curves (we get A, we get B) of an auction: `base` rollouts on the same futures for
/// both, stopped at `deadline` if it comes first on either of its clocks (none: the fixed
/// count). Each curve is calibrated to the table's mean with `control`.
pub fn timed_curves(
    starts: &Starts,
    futures: &mut Futures,
    base: usize,
    deadline: Option<Deadline>,
    control: bool,
    cache: &mut ChoiceCache,
) -> ([WinCurve; 2], SearchStats) {
    // Half the time left for the first curve; the second replays as many futures until
    // the deadline, and the first keeps only those the second reached.
    let deadline_a = deadline.map(|d| d.halfway());
    let wanted = futures.first(base.max(1));
    let mut a = play_rollouts_from(starts.me[0], starts.opp[0], wanted, deadline_a, cache);
    let b = play_rollouts_from(
        starts.me[1],
        starts.opp[1],
        &wanted[..a.played()],
        deadline,
        cache,
    );
    a.truncate(b.played());
    let curves = [a.curve(control), b.curve(control)];
    let stats = SearchStats {
        rollouts: b.played(),
        base: base.max(1),
        stopped_by: b.stopped_by.or(a.stopped_by),
    };
    (curves, stats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::{AnswerStart, CpuInstant, WallBudget};
    use crate::engine::search::rollout::sample_futures;
    use crate::engine::search::wincurve::after_table_scoring;
    use crate::rng::Pcg64;
    use std::time::Duration;

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

    fn search(deadline: Option<Deadline>) -> ([WinCurve; 2], SearchStats) {
        let mut futures = Futures::new(3, 11);
        let mut cache = ChoiceCache::new();
        timed_curves(&starts(), &mut futures, 64, deadline, true, &mut cache)
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
    fn without_a_deadline_the_search_is_the_count_played_in_one_go() {
        let (curves, stats) = search(None);
        assert_eq!(stats.rollouts, 64);
        assert!(!stats.clock_stopped());
        assert_eq!(stats.stopped_by, None);
        let s = starts();
        let futures = sample_futures(3, 64, 11);
        let mut cache = ChoiceCache::new();
        let one_go = [0, 1]
            .map(|i| play_rollouts_from(s.me[i], s.opp[i], &futures, None, &mut cache).curve(true));
        assert_eq!(curves, one_go);
    }

    #[test]
    fn a_spent_budget_stops_the_search_on_the_clock() {
        let (curves, stats) = search(Some(Deadline {
            cpu: CpuInstant::now(),
            wall: None,
        }));
        assert!(stats.clock_stopped(), "{stats:?}");
        assert_eq!(stats.stopped_by, Some(StopClock::Cpu));
        assert!(stats.rollouts >= 1 && stats.rollouts < 64, "{stats:?}");
        // Both curves stand on the same futures.
        for curve in &curves {
            assert!((0.0..=1.0).contains(&curve.at(0.0)));
        }
    }

    #[test]
    fn a_spent_wall_budget_stops_the_search_on_the_wall_clock() {
        // The CPU budget is a minute away; the wall budget is spent from the start.
        let (_, stats) = search(Some(Deadline {
            cpu: CpuInstant::now() + Duration::from_secs(60),
            wall: Some(WallBudget {
                start: AnswerStart::now(),
                budget: Duration::ZERO,
                after_cpu: Duration::ZERO,
            }),
        }));
        assert!(stats.clock_stopped(), "{stats:?}");
        assert_eq!(stats.stopped_by, Some(StopClock::Wall));
    }

    #[test]
    fn an_unspent_wall_budget_plays_the_whole_count() {
        let (_, stats) = search(Some(Deadline {
            cpu: CpuInstant::now() + Duration::from_secs(60),
            wall: Some(WallBudget {
                start: AnswerStart::now(),
                budget: Duration::from_secs(60),
                after_cpu: Duration::from_millis(20),
            }),
        }));
        assert_eq!((stats.rollouts, stats.stopped_by), (64, None));
    }
}
