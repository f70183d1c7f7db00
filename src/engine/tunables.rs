//! The constants set by hand that a tune may move: each is a [`Tunable`] with its default,
//! the range a tune may take it over and its perturbation (`harness tune`'s STEP), read
//! where it is used by [`Tunable::get`]. The bottom of the engine, importing nothing.
//!
//! As Stockfish's `TUNE`, the values live beside the code rather than being passed down to
//! it: the constants sit deep in the model, the limits and the search, whose signatures
//! would otherwise all carry them. A bot's values ([`Tuned`], in its `BotConfig`) hold only
//! while it decides: the bot installs them for the span of each command
//! ([`Tuned::scoped`]) on the deciding thread, so two bots of one thread (the harness plays
//! both seats of a game on one) never see each other's, and any other reader of the engine
//! (the review, the measurements, the tests) sees the defaults. The defaults are the
//! constants as they were set; a bot with none changed decides exactly as before.

use std::cell::Cell;

/// One tunable constant.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tunable {
    index: usize,
    /// The `bot:` key (`bot:KEY=VALUE`) and `yacht-bot --tune KEY=VALUE`'s.
    pub key: &'static str,
    pub default: f64,
    /// The range a tune takes it over.
    pub min: f64,
    pub max: f64,
    /// A tune's perturbation at its end (fishtest's `c_end`): about a quarter of the range,
    /// so that a tune's games measure each constant's effect over its range.
    pub step: f64,
    /// Read as a whole number.
    pub integer: bool,
}

impl Tunable {
    /// Its value for the decision being made: the deciding bot's, else the default.
    #[inline]
    pub fn get(&self) -> f64 {
        CURRENT.with(|values| values[self.index].get())
    }

    /// [`Tunable::get`] as a count (for a whole-number constant).
    #[inline]
    pub fn count(&self) -> usize {
        self.get().round().max(0.0) as usize
    }

    /// `harness tune`'s `KEY=START:MIN:MAX:STEP` for it, starting at `start`.
    pub fn tune_spec(&self, start: f64) -> String {
        if self.integer {
            format!(
                "{}={}:{}:{}:{}",
                self.key, start as i64, self.min as i64, self.max as i64, self.step as i64
            )
        } else {
            // `{:?}` always writes a decimal point: a real-valued key for the tune.
            format!(
                "{}={:?}:{:?}:{:?}:{:?}",
                self.key, start, self.min, self.max, self.step
            )
        }
    }
}

/// Declares the tunables: each a `pub const` [`Tunable`] with its doc comment, its index,
/// [`TUNABLES`] (all of them, in order) and the thread's current values.
macro_rules! tunables {
    ($($(#[$doc:meta])* $name:ident: $key:literal = $default:literal,
       $min:literal ..= $max:literal, step $step:literal, integer $integer:literal;)*) => {
        #[allow(non_camel_case_types, clippy::upper_case_acronyms)]
        enum Slot { $($name,)* }

        $($(#[$doc])*
        pub const $name: Tunable = Tunable {
            index: Slot::$name as usize,
            key: $key,
            default: $default,
            min: $min,
            max: $max,
            step: $step,
            integer: $integer,
        };)*

        /// Every tunable, in the order of their indices.
        pub const TUNABLES: &[Tunable] = &[$($name,)*];
        const COUNT: usize = TUNABLES.len();
        const DEFAULTS: [f64; COUNT] = [$($default,)*];

        thread_local! {
            /// The values of the decision being made on this thread.
            static CURRENT: [Cell<f64>; COUNT] = const { [$(Cell::new($default),)*] };
        }
    };
}

tunables! {
    /// Prior weight of the opponent model's unexplained component (random group, amount
    /// anywhere). Set by hand with the model (0e818d9); no value was compared with another.
    UNEXPLAINED_PRIOR: "unexplained" = 0.10, 0.02..=0.30, step 0.06, integer false;
    /// Prior weight of the model's reader component. Adding the component took the model bot
    /// from below half to half against a reader; 0.10 itself was set by hand, not compared.
    /// Measured: docs/experiments/2026-11-21-reader-hypothesis.md#reader-hypothesis.
    READER_PRIOR: "reader" = 0.10, 0.02..=0.30, step 0.06, integer false;
    /// Chance a habit's amount is noise rather than its prediction. Set by hand (0e818d9).
    AMOUNT_SLIP: "aslip" = 0.05, 0.01..=0.20, step 0.04, integer false;
    /// Chance a deterministic group rule is not followed (noise, ties the rule breaks
    /// otherwise). Set by hand (0e818d9).
    GROUP_SLIP: "gslip" = 0.03, 0.005..=0.10, step 0.02, integer false;
    /// The smallest spread of an amount prediction (and the reader's), points: 2 (was 20), so a
    /// zero bidder is answered with 1-5 points, not 41. Not measured alone, only with its
    /// commit's other changes: docs/experiments/2026-11-21-win-mode-tuning.md#win-mode-tuning.
    SPREAD_MIN_POINTS: "spreadmin" = 2.0, 0.5..=50.0, step 12.0, integer false;
    /// Relative spread assumed before a habit has made any prediction. Set by hand (0e818d9).
    SPREAD_PRIOR_RELATIVE: "spreadrel" = 0.10, 0.02..=0.40, step 0.08, integer false;
    /// Weight (in rounds) of that prior in the running relative error. Set by hand (0e818d9).
    SPREAD_PRIOR_ROUNDS: "spreadrounds" = 1.0, 0.25..=4.0, step 0.9, integer false;
    /// The offset, in spreads, of the outer atoms that stand for a habit's amount (the
    /// others at 0 and ±0.7; weights 0.4, 0.2 and 0.1 each side). Set by hand (0e818d9).
    SPREAD_OUTER_OFFSET: "spreadouter" = 2.0, 1.2..=4.0, step 0.7, integer false;
    /// Weight always kept on the worst case: a confident model may still be wrong. Set by hand
    /// (0e818d9).
    ROBUST_FLOOR: "floor" = 0.05, 0.0..=0.25, step 0.06, integer false;
    /// Weight always kept on the worst case when bidding for the win: none. In a close game a
    /// floor bought insurance (up to 2,500 points a bid) against an adversary the model had no
    /// evidence of; readers are covered by the reader weight. Not measured alone, only with its
    /// commit's other changes: docs/experiments/2026-11-21-win-mode-tuning.md#win-mode-tuning.
    ROBUST_FLOOR_WIN: "floorwin" = 0.0, 0.0..=0.2, step 0.05, integer false;
    /// Hedge weight from which the opponent is treated as one that may read our bids: from
    /// there on the bid is drawn among the near-best ones with a private generator, so a
    /// copy of this bot run on our inputs cannot know it. Set by hand; the drawing was
    /// measured, other thresholds were not. Early in a game the habits explain little, so the
    /// hedge is above 0.5 and the bid is drawn against every opponent. Never drawing scored
    /// level with the draw, within noise, against `bot:bidder=equilibrium,win=0` (297 pairs),
    /// `contest:eq-other-table` and the maximin reference (1,000 pairs each): the draw's cost
    /// against an opponent that does not read us is not measurable. Measured:
    /// docs/experiments/2026-11-26-maximin-diagnostics.md#never-draw, #draw-tolerance.
    RANDOMIZE_FROM_HEDGE: "drawfrom" = 0.5, 0.1..=0.95, step 0.2, integer false;
    /// Margin added to the draw's tolerance against a suspected reader, points. Set by hand in
    /// 4aae6ee, when `MARGIN_PER_POINT` was 1e-5 (then 0.05 of win probability); at 1e-9 it
    /// adds 5e-6, so the 0.01 decides and margin no longer bounds the draw.
    RANDOMIZE_MARGIN_POINTS: "drawmargin" = 5000.0, 0.0..=20000.0, step 5000.0, integer false;
    /// The expected-score allowance per game, points: the most the auctions of a game may
    /// earn below the equilibrium's guarantee, about 1% of a game's score. Against the zero
    /// bidders 3,000 costs less bid score than 1,000 (the first big auctions cost before gifts
    /// arrive), and the reader scored the same at both. Measured:
    /// docs/experiments/2026-11-23-safe-exploitation.md#points-allowance.
    POINTS_ALLOWANCE: "pointsallow" = 3000.0, 0.0..=10000.0, step 2500.0, integer false;
    /// The regret allowance per game, points: how far below the safe bids the model's
    /// deviations may earn, against the same opponent bids, before they have earned anything
    /// (`Account::regret`). Set by hand, equal to [`POINTS_ALLOWANCE`].
    REGRET_ALLOWANCE: "regretallow" = 3000.0, 0.0..=10000.0, step 2500.0, integer false;
    /// Risk in points a deviation may take per point of the largest stake at which the model
    /// has held: 1.5 lets a full deviation (risk `|S|/2`) reach three times the stakes already
    /// tested. At ½ (the tested stakes, no further) the zero bidders cost about twice the bid
    /// score they cost at 1.5. Measured: docs/experiments/2026-11-25-safety-limits.md#trust-risk-per-stake.
    TRUST_RISK_PER_STAKE: "trustrisk" = 1.5, 0.5..=4.0, step 0.8, integer false;
    /// The win-probability allowance per game (the curves' units): with the points account's
    /// share ([`WIN_PER_KILOPOINT`]), the most the win rounds of a game may earn below the
    /// maximin guarantee. Set by hand (d73ffdb).
    WIN_ALLOWANCE: "winallow" = 0.005, 0.0..=0.03, step 0.007, integer false;
    /// Win probability the win rounds may risk per thousand points the points account has
    /// won: what the expected-score rounds won (gifts and profits, not the allowance) may be
    /// risked in the win rounds at this rate. A point of margin moves the win probability of a
    /// close game by up to about 2.7e-5 (the density at zero of the final difference, σ ≈
    /// 15,000 points at round 5: `harness measure calibrate`); 1e-5 a point is about a third of
    /// that. The third was set by hand (4aae6ee): docs/experiments/2026-11-23-safe-exploitation.md#safe-exploitation.
    WIN_PER_KILOPOINT: "winperk" = 0.01, 0.0..=0.05, step 0.012, integer false;
    /// Risk any deviation may take without a test (points): a bid one point off the
    /// equilibrium risks two or three, and win play's choices between `y − 1` and `y + 1`
    /// against a known bid `y` near it stay allowed. Set by hand.
    UNTESTED_RISK_POINTS: "untested" = 250.0, 0.0..=1000.0, step 250.0, integer false;
    /// What is left of the trusted stake after a failure at stake `s`: at most this share of
    /// `s`, or of the trusted stake before the failure, whichever is larger. Set by hand.
    FAILURE_KEEPS: "failkeep" = 0.5, 0.1..=0.9, step 0.2, integer false;
    /// A model response within this share of the swing (plus [`HELD_SLACK_POINTS`]) below the
    /// equilibrium's payoff still held: against a known bid `y`, `y + 1` and `y − 1` earn one
    /// or two points less than a tie at `y`. Set by hand.
    HELD_SHARE: "heldshare" = 0.02, 0.0..=0.1, step 0.025, integer false;
    /// See [`HELD_SHARE`], points. Set by hand.
    HELD_SLACK_POINTS: "heldslack" = 10.0, 0.0..=100.0, step 25.0, integer false;
    /// Auctions of no earnings assumed before the first one is seen: the predicted earnings
    /// per auction are `points / (auctions + PRIOR_AUCTIONS)`, so one cheap round does not
    /// decide a game. Set by hand.
    PRIOR_AUCTIONS: "priorauctions" = 1.0, 0.25..=4.0, step 0.9, integer false;
    /// Scorings of no loss assumed before the first one is seen: the predicted loss per
    /// scoring is `lost / (scorings + PRIOR_SCORINGS)`, so one unlucky reading does not decide
    /// a game. Set by hand.
    PRIOR_SCORINGS: "priorscorings" = 2.0, 0.5..=8.0, step 1.8, integer false;
    /// Rollouts of the probe that skips decided games: a small fraction of
    /// [`crate::engine::config::ROLLOUTS`], set by hand (e7a506f); not measured alone.
    PROBE_ROLLOUTS: "proberollouts" = 64.0, 16.0..=256.0, step 48.0, integer true;
    /// Scorings weighed by win probability in round 11: the table's best few overall, and
    /// the best few of each open category (a long shot often lives in another category than
    /// the table's favourite). Set by hand (0a74a32); not measured by win rate, but
    /// tests/suite/endgame.rs checks positions against the exact P(win) of every legal scoring.
    WIN_SCORING_CANDIDATES: "wscands" = 8.0, 2.0..=16.0, step 3.0, integer true;
    /// Candidates kept per open category, by table value and by immediate score. Set by hand
    /// (e2d3e54), like [`WIN_SCORING_CANDIDATES`].
    WIN_SCORING_PER_CATEGORY: "wspercat" = 6.0, 1.0..=12.0, step 3.0, integer true;
    /// The round from which the opponent may switch to its maximin bid on the win curves
    /// (`RoundFeatures::maximin_bid`): a contestant that bids the equilibrium and prices
    /// only the last rounds by win probability (the stronger reference) starts there.
    /// Against `bot:bidder=maximin,win=10`, the bot told its bids in advance (the oracle) still
    /// scores a few points more than the default: what modelling it can still earn. The safety
    /// limits are not what stands between the default and that figure: without them
    /// (`bot:safety=0`) the bot scores the same as the default, within noise.
    /// Measured: docs/experiments/2026-11-26-oracle-ceiling.md#oracle-ceiling, docs/experiments/2026-11-26-maximin-diagnostics.md#safety-off-vs-maximin.
    MAXIMIN_SWITCH_ROUND: "switchround" = 10.0, 8.0..=12.0, step 1.0, integer true;
    /// Prior probability that the opponent bids its maximin bid from [`MAXIMIN_SWITCH_ROUND`]
    /// on, whatever its habit before; each win round from there on updates it by Bayes against
    /// the rest of the model. Against `bot:bidder=maximin,win=10`, 0.5 scored higher than 0.25
    /// (both beside a habit that bid the maximin bid from round 2, since removed), and either
    /// higher than the model without the switch. Measured:
    /// docs/experiments/2026-11-26-maximin-model.md#maximin-habit-round-2 (and docs/experiments/2026-11-26-maximin-model.md#maximin-model).
    MAXIMIN_SWITCH_PRIOR: "switchprior" = 0.5, 0.1..=0.9, step 0.2, integer false;
    /// Expected final differences further than this many standard deviations from zero (with
    /// either bundle) leave nothing for the win-probability search to change: at 2.5σ a normal
    /// P(win) is within 0.6% of 0 or 1. Lowered from 4 with other changes, not measured alone:
    /// docs/experiments/2026-11-21-win-from-round-5.md#decided-sigmas.
    ///
    /// One σ per round is blunt: the spread of the state itself (the table's second moment,
    /// `solver::moments`, times the auctions' share) calls more positions decided before rounds
    /// 10 and 11, with fewer of their leaders losing (`harness measure state-spread 2000`,
    /// table-and-equilibrium self-play). Not wired into the bot: rounds 2–9 almost never gate
    /// either way, rounds 11 and 12 are exact, and the exact form is a second 60 MB table (the
    /// coarse form by row, which `data.bin` could carry, does less well).
    /// Measured: docs/experiments/2026-11-26-state-spread.md#state-spread.
    DECIDED_SIGMAS: "sigmas" = 2.5, 1.5..=4.0, step 0.6, integer false;
    /// A win curve that moves less than this over the plausible transfers cannot be helped
    /// by bidding for the win: the expected-score response decides (and keeps its points).
    /// Set by hand; not measured alone, only with its commit's other changes:
    /// docs/experiments/2026-11-21-win-mode-tuning.md#win-mode-tuning.
    WIN_FLAT_EPSILON: "flat" = 0.005, 0.0..=0.02, step 0.005, integer false;
    /// With the value network's curves (`curves=net`): the last round whose curves are the
    /// network's alone; later rounds (to 10) roll out, where a rollout is cheap and the
    /// network's curves are furthest from the rollouts' (`harness measure net-fidelity`).
    /// Measured: docs/experiments/2026-11-28-value-net.md#value-net.
    NET_LAST_ROUND: "netlast" = 8.0, 1.0..=10.0, step 2.0, integer true;
    /// With the value network's curves: the rollouts of the rounds after [`NET_LAST_ROUND`],
    /// percent of `NET_ROLLOUTS_BY_ROUND` (counts that take a few milliseconds a bid).
    NET_ROLLOUT_PERCENT: "netroll" = 100.0, 25.0..=400.0, step 50.0, integer true;
    /// Scoring by win probability in the network's rounds (`wscore=1`): how much more a
    /// candidate must win than the table's choice to be played instead (below it the
    /// table's expected score decides).
    WIN_SCORING_GAIN: "wsgain" = 0.005, 0.0..=0.03, step 0.005, integer false;
}

/// A bot's values of the tunables.
#[derive(Clone, Copy, Debug)]
pub struct Tuned {
    values: [f64; COUNT],
}

impl Tuned {
    /// Every tunable at its default.
    pub const DEFAULT: Tuned = Tuned { values: DEFAULTS };

    /// Its value of `tunable`.
    pub fn get(&self, tunable: &Tunable) -> f64 {
        self.values[tunable.index]
    }

    /// Sets the tunable `key` from `value`, or says why not.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let tunable = by_key(key).ok_or_else(|| format!("no tunable {key:?}"))?;
        let number: f64 = value
            .parse()
            .ok()
            .filter(|v: &f64| (tunable.min..=tunable.max).contains(v))
            .filter(|v: &f64| !tunable.integer || v.fract() == 0.0)
            .ok_or_else(|| {
                format!(
                    "{key} {value:?}: expected a {} in {}..={}",
                    if tunable.integer {
                        "whole number"
                    } else {
                        "number"
                    },
                    tunable.min,
                    tunable.max
                )
            })?;
        self.values[tunable.index] = number;
        Ok(())
    }

    /// The tunables whose value differs from the default, with it.
    pub fn changed(&self) -> impl Iterator<Item = (&'static Tunable, f64)> + '_ {
        TUNABLES
            .iter()
            .filter(|t| self.get(t).to_bits() != t.default.to_bits())
            .map(|t| (t, self.get(t)))
    }

    /// Runs `f` with these values installed on this thread, restoring the ones before
    /// after it (also if it unwinds).
    pub fn scoped<R>(&self, f: impl FnOnce() -> R) -> R {
        struct Restore([f64; COUNT]);
        impl Drop for Restore {
            fn drop(&mut self) {
                CURRENT.with(|values| {
                    for (cell, &v) in values.iter().zip(&self.0) {
                        cell.set(v);
                    }
                });
            }
        }
        let before = CURRENT.with(|values| {
            let before = values.each_ref().map(Cell::get);
            for (cell, &v) in values.iter().zip(&self.values) {
                cell.set(v);
            }
            before
        });
        let _restore = Restore(before);
        f()
    }
}

impl PartialEq for Tuned {
    /// The same bits: a value set equal to the default is the default.
    fn eq(&self, other: &Tuned) -> bool {
        self.values
            .iter()
            .zip(&other.values)
            .all(|(a, b)| a.to_bits() == b.to_bits())
    }
}

impl Eq for Tuned {}

/// The tunable of key `key`.
pub fn by_key(key: &str) -> Option<&'static Tunable> {
    TUNABLES.iter().find(|t| t.key == key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_keys_are_distinct() {
        for (i, t) in TUNABLES.iter().enumerate() {
            assert_eq!(t.index, i);
            assert!(
                t.min < t.max && (t.min..=t.max).contains(&t.default),
                "{t:?}"
            );
            assert!(t.step > 0.0 && t.step <= t.max - t.min, "{t:?}");
            assert!(!t.integer || t.default.fract() == 0.0, "{t:?}");
            assert_eq!(by_key(t.key), Some(t));
        }
    }

    #[test]
    fn values_hold_only_within_their_scope() {
        let mut tuned = Tuned::DEFAULT;
        assert_eq!(tuned.changed().count(), 0);
        tuned.set("aslip", "0.1").unwrap();
        assert!(tuned.set("aslip", "0.5").is_err());
        assert!(tuned.set("proberollouts", "20.5").is_err());
        assert!(tuned.set("nothing", "1").is_err());
        assert_eq!(AMOUNT_SLIP.get(), 0.05);
        let inner = tuned.scoped(|| {
            let nested = Tuned::DEFAULT.scoped(|| AMOUNT_SLIP.get());
            (AMOUNT_SLIP.get(), nested)
        });
        assert_eq!(inner, (0.1, 0.05));
        assert_eq!(AMOUNT_SLIP.get(), 0.05);
        let unwound = std::panic::catch_unwind(|| tuned.scoped(|| panic!("decision failed")));
        assert!(unwound.is_err());
        assert_eq!(AMOUNT_SLIP.get(), 0.05);
        assert_eq!(
            tuned.changed().map(|(t, v)| (t.key, v)).collect::<Vec<_>>(),
            [("aslip", 0.1)]
        );
        assert_ne!(tuned, Tuned::DEFAULT);
    }

    #[test]
    fn tune_specs_read_back_as_their_kind() {
        assert_eq!(PROBE_ROLLOUTS.tune_spec(64.0), "proberollouts=64:16:256:48");
        assert_eq!(AMOUNT_SLIP.tune_spec(0.05), "aslip=0.05:0.01:0.2:0.04");
        assert_eq!(ROBUST_FLOOR_WIN.tune_spec(0.0), "floorwin=0.0:0.0:0.2:0.05");
    }
}
