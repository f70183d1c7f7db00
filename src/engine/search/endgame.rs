//! Which rounds bid for the win, and the win curves they bid with.

use std::time::Duration;

use super::anytime::{timed_curves, SearchStats, Starts};
use super::rollout::{play_rollouts, play_rollouts_from, sample_futures, Futures};
use super::wincurve::{
    after_table_scoring, final_rest_points, net_curve, pairs_curve, sure_win_probability, WinCurve,
};
use crate::clock::{AnswerStart, CpuInstant, Deadline, WallBudget};
use crate::engine::config::{BotConfig, CurveSource};
use crate::engine::learned::net::Net;
use crate::engine::track::view::GameView;
use crate::engine::tunables::{
    DECIDED_SIGMAS, NET_LAST_ROUND, NET_ROLLOUT_PERCENT, PROBE_ROLLOUTS, WIN_FLAT_EPSILON,
    WIN_SCORING_CANDIDATES, WIN_SCORING_GAIN, WIN_SCORING_PER_CATEGORY,
};
use crate::engine::value::bidding::{bundle_values, POINTS_PER_UNIT};
use crate::engine::value::choice::{all_choices, best_choice_for, Choice};
use crate::engine::value::choice_cache::ChoiceCache;
use crate::engine::value::state::PlayerState;
use crate::rules::auction::AUCTION_ROUNDS;
use crate::rules::category::CATEGORY_COUNT;
use crate::rules::dice::Counts;

/// Standard deviation (points) of the final score difference around the table's
/// prediction right after the auction of round r (index r − 1), over 3000 self-play
/// games of the table-and-equilibrium bot, as `harness measure calibrate 3000` prints it;
/// harness/tests/suite/calibrate.rs checks it against 1,000 new games.
/// Measured: docs/experiments/2026-11-21-calibration.md#calibration.
pub const FINAL_DIFF_SIGMA_POINTS: [f64; AUCTION_ROUNDS] = [
    16638.0, 16413.0, 16012.0, 15633.0, 14926.0, 14339.0, 13527.0, 12653.0, 11594.0, 10025.0,
    7910.0, 0.0,
];

/// The expected final difference beyond which a game is decided after round `round`'s
/// auction: [`DECIDED_SIGMAS`] standard deviations.
pub fn decided_margin_points(round: usize) -> f64 {
    let sigma = FINAL_DIFF_SIGMA_POINTS
        .get(round.saturating_sub(1))
        .copied()
        .unwrap_or(0.0);
    DECIDED_SIGMAS.get() * sigma
}

/// Whether a game whose expected final difference is `diff_points` (with any choice we
/// may make) is still open after round `round`'s auction.
pub fn is_open(round: usize, diffs_points: &[f64]) -> bool {
    let margin = decided_margin_points(round);
    let all_won = diffs_points.iter().all(|&d| d > margin);
    let all_lost = diffs_points.iter().all(|&d| d < -margin);
    !(all_won || all_lost) || round == AUCTION_ROUNDS
}

/// The probe's flatness threshold: any movement at all, half a probe rollout from a tie.
/// Only a decided game, where no probe rollout can be flipped by the transfer, skips the
/// search (docs/experiments/2026-11-23-win-from-round-2.md#probe-gate: the old gate of two rollouts also skipped open
/// games with small swings, and opening it measured better).
pub fn probe_epsilon() -> f64 {
    0.5 / PROBE_ROLLOUTS.count().max(1) as f64
}

/// Whether the win probability moves by `epsilon` with transfers up to `|swing|` either
/// way.
pub fn curves_matter(curves: &[WinCurve; 2], swing_points: f64, epsilon: f64) -> bool {
    let reach = swing_points.abs().max(1.0);
    let high = curves.iter().map(|c| c.at(reach)).fold(f64::MIN, f64::max);
    let low = curves.iter().map(|c| c.at(-reach)).fold(f64::MAX, f64::min);
    high - low >= epsilon
}

/// Rollouts per curve by round, in percent of round 2's ([`BotConfig::rollouts`]): 1,800
/// in round 2 up to 31,500 in rounds 9–10. A rollout plays the auctions left, so later
/// rounds' are cheaper; these fill the time a decision may take. Each round plays about
/// 150 / p99 times the counts of the schedule before (its p99 in ms pinned to one core; four
/// times at most, where the standard error of a curve point is already below 0.005), so its
/// p99 is near 150 ms, and near 225 ms in the slow spells this machine has (1.5 times
/// slower), under the 250 ms bar. Four times the old counts in every round scored higher
/// against `bot:bidder=equilibrium,win=0` (within noise). Rounds 11–12 are exact;
/// round 1 rolls out nothing. Measured: docs/experiments/2026-11-25-rollout-schedule.md#rollout-schedule.
pub const ROLLOUT_PERCENT_BY_ROUND: [usize; AUCTION_ROUNDS + 1] = [
    100, 100, 100, 145, 220, 320, 500, 750, 1200, 1750, 1750, 100, 100,
];

/// Rollouts per win curve in `round` (1..=12) with `config`.
pub fn rollouts_for_round(config: &BotConfig, round: usize) -> usize {
    let percent = ROLLOUT_PERCENT_BY_ROUND.get(round).copied().unwrap_or(100);
    (config.rollouts * percent / 100).max(1)
}

/// Rollouts per win curve by round when the value network gives the curves of the early
/// rounds ([`NET_LAST_ROUND`]) and the later ones roll out: about 7.5 ms of CPU a bid at
/// the p99 in each round (a rollout costs about 35 µs in round 6 down to 0.8 µs in round
/// 10 here), scaled by [`NET_ROLLOUT_PERCENT`]. Rounds 2–5 at the same cost per round.
/// Measured: docs/experiments/2026-11-28-value-net.md#value-net.
pub const NET_ROLLOUTS_BY_ROUND: [usize; AUCTION_ROUNDS + 1] =
    [0, 0, 30, 40, 65, 110, 195, 330, 550, 1_200, 4_400, 0, 0];

/// Rollouts per win curve in `round` beside the value network.
pub fn net_rollouts_for_round(round: usize) -> usize {
    let base = NET_ROLLOUTS_BY_ROUND.get(round).copied().unwrap_or(0);
    (base * NET_ROLLOUT_PERCENT.count() / 100).max(1)
}

/// Time kept from the answer's budget ([`BotConfig::budget_ms`]) for what follows the
/// rollouts: building the last curves (sorting up to a few hundred thousand values), the
/// bid itself and writing it. Set by hand above what they take (a few ms; the bid's
/// latency is measured by `yacht-bot bench --judge-clock` and the harness's match reports).
pub const AFTER_ROLLOUTS_MS: u64 = 20;

/// A seed that depends only on the position, so decisions are reproducible.
fn rollout_seed(view: &GameView, a: &Counts, b: &Counts) -> u64 {
    let mut bytes = Vec::with_capacity(64);
    for p in [&view.me, &view.opp] {
        bytes.extend_from_slice(&p.held);
        bytes.extend_from_slice(&p.used.to_le_bytes());
        bytes.extend_from_slice(&p.total_points().to_le_bytes());
    }
    bytes.extend_from_slice(a);
    bytes.extend_from_slice(b);
    bytes.push(view.round);
    crate::solver::quantize::fnv1a64(&bytes)
}

/// What the win search found for the open auction.
#[derive(Clone, Debug, PartialEq)]
pub enum WinSearch {
    /// This round bids for the expected score by configuration: round 1, or before the
    /// first win round.
    NotWinRound,
    /// The game is decided: the win probability cannot move with any plausible transfer.
    /// `slack_points` is how far our final difference may move against us, next to what
    /// the safe bid leaves, before the game could be open again: beyond the decided
    /// margin ([`DECIDED_SIGMAS`]) where the expected differences (with what the auctions
    /// left are expected to earn, [`crate::engine::track::earnings`]) decided it, the swing (the
    /// reach over which the curves were found flat) where the rollouts did.
    Decided { slack_points: f64 },
    /// The win curves: we get A, we get B.
    Curves([WinCurve; 2]),
}

impl WinSearch {
    /// The curves, if the round bids for the win.
    pub fn curves(self) -> Option<[WinCurve; 2]> {
        match self {
            WinSearch::Curves(curves) => Some(curves),
            _ => None,
        }
    }
}

/// The win curves (we get A, we get B) of the open auction, or `None` when this round
/// bids for the expected score: see [`win_search`].
pub fn win_curves(
    view: &GameView,
    config: &BotConfig,
    a: &Counts,
    b: &Counts,
) -> Option<[WinCurve; 2]> {
    win_search(view, config, a, b).curves()
}

/// [`win_search_timed`] without what the rollouts played, and without a wall clock.
pub fn win_search(view: &GameView, config: &BotConfig, a: &Counts, b: &Counts) -> WinSearch {
    win_search_timed(view, config, a, b, None).0
}

/// The win search of the open auction: no curves before `first_round` (0: never) or
/// where the game is decided (the win probability cannot move with any plausible
/// transfer, counting what the auctions left are expected to earn with
/// [`BotConfig::earnings_gate`]). Before round 11 the curves are [`rollouts_for_round`]
/// rollouts ([`timed_curves`]); with `use_clock` they stop within
/// [`BotConfig::budget_ms`] of CPU time from the call, and, given when the command was
/// read (`answer`), within [`BotConfig::wall_budget_ms`] of wall time from then
/// (0: no wall budget). Also returns what the rollouts played, where they ran.
pub fn win_search_timed(
    view: &GameView,
    config: &BotConfig,
    a: &Counts,
    b: &Counts,
    answer: Option<AnswerStart>,
) -> (WinSearch, Option<SearchStats>) {
    let (first_round, use_clock) = (config.win_from_round, config.use_clock);
    // Only play reads the clock; bench never does.
    let started = use_clock.then(CpuInstant::now);
    let round = view.round as usize;
    // Round 1 has no scoring to roll out from; it always bids for the expected score.
    if first_round == 0 || round < (first_round as usize).max(2) || round > AUCTION_ROUNDS {
        return (WinSearch::NotWinRound, None);
    }
    // Far ahead or far behind whichever bundle we get: the expected score decides. The
    // opponent's expected remaining score is the table's, less what its scorings are
    // expected to lose if it scores below the table (nothing against a table scorer).
    let drift_points = view.opp_skill.expected_loss_points(view.round);
    let diff_points = (view.me.total_points() - view.opp.total_points()) as f64 + drift_points;
    let v = bundle_values(&view.me, &view.opp, a, b);
    let expected = [
        diff_points + ((v.ours[0] - v.theirs[1]) as i64 * POINTS_PER_UNIT) as f64,
        diff_points + ((v.ours[1] - v.theirs[0]) as i64 * POINTS_PER_UNIT) as f64,
    ];
    // What the auctions left are expected to earn above the equilibrium's split, as the
    // game's auctions have so far: against a bidder that gives the swing away, the game is
    // decided before the table's expectation alone says so. It gates; the curves that
    // price an open auction stay the table's.
    let earnings_points = if config.earnings_gate {
        view.auction_earnings.expected_points(view.round)
    } else {
        0.0
    };
    let gated = expected.map(|d| d + earnings_points);
    if !is_open(round, &gated) {
        let slack_points = decided_slack_points(round, &gated);
        return (WinSearch::Decided { slack_points }, None);
    }
    let mut stats = None;
    let net = net_of(config);
    let curves: [WinCurve; 2] = if round == AUCTION_ROUNDS {
        // No dice left to roll: the final difference is known for each assignment.
        expected.map(|d| WinCurve::Exact {
            diff_points: d.round() as i64,
        })
    } else if round == AUCTION_ROUNDS - 1 {
        let curve = |mine: &Counts, theirs: &Counts| {
            pairs_curve(
                &after_table_scoring(&view.me, mine),
                &after_table_scoring(&view.opp, theirs),
            )
        };
        [curve(a, b), curve(b, a)]
    } else if let Some(net) = net.filter(|_| round <= NET_LAST_ROUND.count()) {
        // The value network in microseconds: no probe, no clock (the flatness test below
        // still finds a decided game).
        let curve = |mine: &Counts, theirs: &Counts| {
            net_curve(
                net,
                &after_table_scoring(&view.me, mine),
                &after_table_scoring(&view.opp, theirs),
                view.round + 1,
            )
        };
        [curve(a, b), curve(b, a)]
    } else {
        let mut futures = Futures::new(view.round, rollout_seed(view, a, b));
        // One memo for all the curves: the full search replays the probe's futures.
        let mut cache = ChoiceCache::new();
        let control = config.control_variate;
        // A cheap probe first: where a few dozen rollouts show the win probability cannot
        // move (a decided game), the full search is skipped. Beside the network the full
        // search is a few hundred rollouts, and the flatness test below finds a decided
        // game as well: no probe (with it, the same results for a sixth more time:
        // docs/experiments/2026-11-28-value-net.md#value-net).
        if net.is_none() {
            let probe = futures.first(PROBE_ROLLOUTS.count());
            let probe_curves = [
                play_rollouts(&view.me, &view.opp, a, b, probe, None, &mut cache).curve(control),
                play_rollouts(&view.me, &view.opp, b, a, probe, None, &mut cache).curve(control),
            ]
            .map(|c| c.shifted(drift_points + earnings_points));
            if !curves_matter(&probe_curves, v.swing_points() as f64, probe_epsilon()) {
                return (flat(v.swing_points() as f64), None);
            }
        }
        let starts = Starts {
            me: [a, b].map(|mine| after_table_scoring(&view.me, mine)),
            opp: [b, a].map(|theirs| after_table_scoring(&view.opp, theirs)),
        };
        let budget = Duration::from_millis(u64::from(config.budget_ms));
        let after = Duration::from_millis(AFTER_ROLLOUTS_MS);
        let wall = answer
            .filter(|_| config.wall_budget_ms > 0)
            .map(|start| WallBudget {
                start,
                budget: Duration::from_millis(u64::from(config.wall_budget_ms)),
                after_cpu: after,
            });
        let deadline = started.map(|t| Deadline {
            cpu: t + budget.saturating_sub(after),
            wall,
        });
        let count = match net {
            Some(_) => net_rollouts_for_round(round),
            None => rollouts_for_round(config, round),
        };
        let (curves, played) =
            timed_curves(&starts, &mut futures, count, deadline, control, &mut cache);
        stats = Some(played);
        curves
    };
    // The exact and enumerated curves of rounds 11 and 12 and the rollouts take the
    // opponent's play from the table; `expected` already has the drift.
    let curves = if round == AUCTION_ROUNDS {
        curves
    } else {
        curves.map(|c| c.shifted(drift_points))
    };
    let search = if curves_matter(&curves, v.swing_points() as f64, WIN_FLAT_EPSILON.get()) {
        WinSearch::Curves(curves)
    } else {
        flat(v.swing_points() as f64)
    };
    (search, stats)
}

/// The value network, if `config` takes its curves from it: its file's, or the embedded one.
pub fn net_of(config: &BotConfig) -> Option<&'static Net> {
    use crate::engine::learned::net::{embedded, from_file};
    match (config.curves, config.net_file) {
        (CurveSource::Rollouts, _) => None,
        // A file that cannot be read was refused where the option was parsed.
        (CurveSource::Net, Some(path)) => from_file(path).ok().or_else(embedded),
        (CurveSource::Net, None) => embedded(),
    }
}

/// A game the rollouts found decided: the curves were flat over transfers up to the
/// swing either way ([`curves_matter`]).
fn flat(swing_points: f64) -> WinSearch {
    WinSearch::Decided {
        slack_points: swing_points.abs(),
    }
}

/// How far beyond the decided margin of round `round` the expected final differences
/// `diffs_points` of a decided game lie: the least of them, in absolute value, less the
/// margin.
pub fn decided_slack_points(round: usize, diffs_points: &[f64]) -> f64 {
    let least = diffs_points
        .iter()
        .map(|d| d.abs())
        .fold(f64::INFINITY, f64::min);
    (least - decided_margin_points(round)).max(0.0)
}

/// Rollouts of [`win_probability_between_rounds`]: enough for a chart (standard error
/// about 0.004 with the control variate), a fraction of a second per position.
pub const BETWEEN_ROUNDS_ROLLOUTS: usize = 4_000;

/// The bot's estimate of P(win) + ½ P(draw) for `me` against `opp` once round `round`
/// (0..=13) is over (both have scored; round 1: both hold their first bundle), with the
/// opponent's scorings expected to lose `drift_points` more than the table's: the value
/// network's where the default bot's curves are its, else rollouts of the auctions left
/// calibrated to the table's mean, exact once only the last auction (round 11) or only
/// the last scoring (round 12) is left, the result itself after the game.
pub fn win_probability_between_rounds(
    me: &PlayerState,
    opp: &PlayerState,
    round: u8,
    drift_points: f64,
) -> f64 {
    let difference = (me.total_points() - opp.total_points()) as f64;
    let step = |d: f64| {
        if d > 0.0 {
            1.0
        } else if d < 0.0 {
            0.0
        } else {
            0.5
        }
    };
    match round as usize {
        0 => 0.5,
        r if r > AUCTION_ROUNDS => step(difference),
        AUCTION_ROUNDS => {
            // One scoring left each, with the dice held: the final scores are known.
            let rest = |p: &PlayerState| {
                crate::engine::value::choice::position_value_units(p.used, p.upper_k, &p.held)
                    as i64
                    * POINTS_PER_UNIT
            };
            step(difference + (rest(me) - rest(opp)) as f64 + drift_points)
        }
        r if r == AUCTION_ROUNDS - 1 && drift_points == 0.0 => {
            sure_win_probability(me, opp, &final_rest_points(opp))
        }
        r if r <= NET_LAST_ROUND.count() && net_of(&BotConfig::DEFAULT).is_some() => {
            // As the default bot values the position: its network.
            let net = net_of(&BotConfig::DEFAULT).expect("checked");
            net_curve(net, me, opp, round + 1)
                .shifted(drift_points)
                .at(0.0)
        }
        r => {
            let mut bytes = Vec::with_capacity(48);
            for p in [me, opp] {
                bytes.extend_from_slice(&p.held);
                bytes.extend_from_slice(&p.used.to_le_bytes());
                bytes.extend_from_slice(&p.total_points().to_le_bytes());
            }
            bytes.push(round);
            let seed = crate::solver::quantize::fnv1a64(&bytes);
            let futures = sample_futures(r as u8, BETWEEN_ROUNDS_ROLLOUTS, seed);
            let mut cache = ChoiceCache::new();
            play_rollouts_from(*me, *opp, &futures, None, &mut cache)
                .curve(true)
                .shifted(drift_points)
                .at(0.0)
        }
    }
}

/// Win probabilities closer than this are equal: sums of 252 probabilities differ in their
/// last bits (d73ffdb), and 1e-9 is far below the smallest probability of a roll, 1/7776,
/// times another's (1.7e-8). Derived, not tuned.
pub const WIN_TIE_TOLERANCE: f64 = 1e-9;

/// The scoring candidates of `me`: the table's best `overall`, and the best `per_category`
/// of each open category by table value and by immediate score (a long shot often lives in
/// another category than the table's favourite, and may be the table's poor choice).
fn scoring_candidates(me: &PlayerState, overall: usize, per_category: usize) -> Vec<Choice> {
    let mut ranked = all_choices(me.used, me.upper_k, &me.held);
    // Stable: equal values keep the tie-break order.
    ranked.sort_by_key(|c| std::cmp::Reverse(c.value_units));
    let mut seen = [0usize; CATEGORY_COUNT];
    let mut candidates: Vec<Choice> = ranked
        .iter()
        .enumerate()
        .filter(|(rank, c)| {
            let n = &mut seen[c.category.index()];
            *n += 1;
            *rank < overall || *n <= per_category
        })
        .map(|(_, c)| *c)
        .collect();
    let mut by_score = ranked;
    by_score.sort_by_key(|c| std::cmp::Reverse(c.category.score_k(&c.dice)));
    let mut seen = [0usize; CATEGORY_COUNT];
    for c in by_score {
        let n = &mut seen[c.category.index()];
        *n += 1;
        if *n <= per_category && !candidates.contains(&c) {
            candidates.push(c);
        }
    }
    candidates
}

/// The scoring of the network's rounds by win probability on its curves (`wscore=1`):
/// each candidate ([`scoring_candidates`], and the table's choice) valued at the position
/// it leaves, the opponent scoring by the table at the same time, by the value network; the
/// table's choice unless a candidate wins at least [`WIN_SCORING_GAIN`] more. `None`
/// outside rounds 2 to [`NET_LAST_ROUND`], without a network, or where the table's choice
/// stands. (Tried on the network of issue 61 with rollouts after its rounds: −0.24
/// [−0.68, +0.19], docs/experiments/2026-11-28-value-net.md#value-net.)
pub fn win_scoring_by_net(view: &GameView, config: &BotConfig) -> Option<(Choice, f64)> {
    let round = view.round as usize;
    let net = net_of(config)?;
    if !config.win_scoring
        || config.win_from_round == 0
        || !(2..=NET_LAST_ROUND.count()).contains(&round)
    {
        return None;
    }
    let me = &view.me;
    let table = best_choice_for(me)?;
    let mut opp = view.opp;
    if let Some(choice) = best_choice_for(&opp) {
        let _ = opp.apply_score(choice.category, &choice.dice);
    }
    let drift = view.opp_skill.expected_loss_points(view.round);
    let mut candidates = scoring_candidates(
        me,
        WIN_SCORING_CANDIDATES.count(),
        WIN_SCORING_PER_CATEGORY.count(),
    );
    if !candidates.contains(&table) {
        candidates.insert(0, table);
    }
    let mut table_win = None;
    let mut best: Option<(Choice, f64)> = None;
    for c in candidates {
        let mut after = *me;
        if after.apply_score(c.category, &c.dice).is_err() {
            continue;
        }
        let win = net_curve(net, &after, &opp, view.round + 1)
            .shifted(drift)
            .at(0.0);
        if c == table {
            table_win = Some(win);
        }
        if best.is_none_or(|(_, w)| win > w) {
            best = Some((c, win));
        }
    }
    let (choice, win) = best?;
    (win > table_win? + WIN_SCORING_GAIN.get()).then_some((choice, win))
}

/// The round-11 scoring with the highest P(win) + ½ P(draw) among the candidates
/// (ties within [`WIN_TIE_TOLERANCE`]: the higher table value), against the opponent's table
/// scoring; `None` in other rounds. Always searched (a few ms): a long shot such as a last YACHT is
/// exactly what a normal approximation of the outcome would call decided.
pub fn win_scoring(view: &GameView, first_round: u8) -> Option<(Choice, f64)> {
    if first_round == 0 || (view.round as usize) != AUCTION_ROUNDS - 1 {
        return None;
    }
    let me = &view.me;
    let candidates = scoring_candidates(
        me,
        WIN_SCORING_CANDIDATES.count(),
        WIN_SCORING_PER_CATEGORY.count(),
    );
    // The opponent scores at the same time: assume its table choice.
    let mut opp = view.opp;
    if let Some(choice) = best_choice_for(&opp) {
        let _ = opp.apply_score(choice.category, &choice.dice);
    }
    let opp_finals = final_rest_points(&opp);
    let mut best: Option<(Choice, f64)> = None;
    for candidate in candidates {
        let mut after = *me;
        if after
            .apply_score(candidate.category, &candidate.dice)
            .is_err()
        {
            continue;
        }
        let win = sure_win_probability(&after, &opp, &opp_finals);
        // Equal win probabilities (a decided game: both 1) leave the table to decide;
        // the sums of 252 probabilities differ in their last bits with the order.
        let better = best.is_none_or(|(b, w)| {
            win > w + WIN_TIE_TOLERANCE
                || (win >= w - WIN_TIE_TOLERANCE && candidate.value_units > b.value_units)
        });
        if better {
            best = Some((candidate, win));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::value::state::PlayerState;
    use crate::rng::Pcg64;
    use crate::rules::category::Category;

    fn random_state(rng: &mut Pcg64, bid_points: i64) -> PlayerState {
        let mut held = [0u8; 6];
        for _ in 0..10 {
            held[rng.below(6)] += 1;
        }
        // Nine categories used, three open: the state of round 11's scoring.
        let mut used = 0u16;
        while used.count_ones() < 9 {
            used |= Category::ALL[rng.below(CATEGORY_COUNT)].bit();
        }
        PlayerState {
            held,
            used,
            upper_k: rng.below(70) as u32,
            category_k: 150,
            bid_points,
        }
    }

    /// Later rounds play more rollouts, never fewer than the round before; round 2 plays
    /// `rollouts`.
    #[test]
    fn rollouts_grow_with_the_round() {
        let config = BotConfig::default();
        assert_eq!(rollouts_for_round(&config, 2), config.rollouts);
        // Rounds 2–10 roll out (11 and 12 are exact).
        for round in 2..AUCTION_ROUNDS - 2 {
            assert!(rollouts_for_round(&config, round + 1) >= rollouts_for_round(&config, round));
        }
        assert_eq!(rollouts_for_round(&config, 10), 35 * config.rollouts / 2);
    }

    /// A decided game keeps its points: when every scoring wins, the table's choice is
    /// played (it once played `CHOICE 35566` from `2222345566` over a 30k straight).
    #[test]
    fn a_won_game_scores_by_the_table() {
        let mut rng = Pcg64::seed_from_u64(11);
        for _ in 0..100 {
            let view = GameView {
                round: (AUCTION_ROUNDS - 1) as u8,
                me: random_state(&mut rng, 300_000),
                opp: random_state(&mut rng, 0),
                ..GameView::default()
            };
            let (choice, win) = win_scoring(&view, 5).expect("round 11 is searched");
            let table = best_choice_for(&view.me).expect("a legal scoring");
            assert!(win > 1.0 - 1e-9, "{win}");
            assert_eq!(choice.value_units, table.value_units, "{view:?}");
        }
    }
}
