//! The bot's configuration and its defaults: read by every layer that decides something and
//! importing none of them but the tunables' values, below it.

use super::tunables::{self, Tuned};

/// How the bot bids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bidder {
    /// `|S| / 4` on the group the swing favours: unexploitable, the baseline.
    Equilibrium,
    /// Best response to the opponent bid model, hedged towards the equilibrium by how much
    /// of the opponent the model leaves unexplained (or explains as a reader of our bids).
    #[default]
    Model,
    /// The equilibrium bid in expected-score rounds, and in win rounds the maximin bid on
    /// the win curves (the best worst case, no opponent model): the design of a strong
    /// contestant that prices the endgame by win probability but models no one.
    Maximin,
    /// A quarter of its own gain on the group it prefers for itself, the opponent's gain
    /// ignored: the equilibrium's arithmetic on half the swing (skill level 3 and below).
    OwnGain,
    /// All of its own gain on the group it prefers for itself: pays what the bundle is
    /// worth to it, the beginner's overbid (skill level 1).
    Whole,
}

impl Bidder {
    /// Parses `equilibrium`, `model` or `maximin`.
    pub fn parse(name: &str) -> Option<Bidder> {
        match name {
            "equilibrium" => Some(Bidder::Equilibrium),
            "model" => Some(Bidder::Model),
            "maximin" => Some(Bidder::Maximin),
            "own" => Some(Bidder::OwnGain),
            "whole" => Some(Bidder::Whole),
            _ => None,
        }
    }

    /// The name [`Bidder::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Bidder::Equilibrium => "equilibrium",
            Bidder::Model => "model",
            Bidder::Maximin => "maximin",
            Bidder::OwnGain => "own",
            Bidder::Whole => "whole",
        }
    }
}

/// How the bot scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scoring {
    /// The table's argmax (and round 11 by win probability): the exact expected remaining
    /// score.
    #[default]
    Table,
    /// The highest score plus upper-bonus gain now, nothing for the dice carried or the
    /// categories left: a player without the table (skill levels 1 and 2).
    Greedy,
}

impl Scoring {
    /// Parses `table` or `greedy`.
    pub fn parse(name: &str) -> Option<Scoring> {
        match name {
            "table" => Some(Scoring::Table),
            "greedy" => Some(Scoring::Greedy),
            _ => None,
        }
    }

    /// The name [`Scoring::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Table => "table",
            Scoring::Greedy => "greedy",
        }
    }
}

/// Where the win curves of rounds 2–10 come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CurveSource {
    /// Seeded rollouts of the rest of the game ([`crate::engine::search::rollout`]): a
    /// fifth of a second a bid (the default before issue 69).
    Rollouts,
    /// The value network ([`crate::engine::learned`]) distilled from the rollouts: the
    /// distribution of the rest of the game's score difference, in a fraction of a
    /// millisecond, in rounds 2 to [`crate::engine::tunables::NET_LAST_ROUND`], and a few
    /// milliseconds of rollouts after.
    #[default]
    Net,
}

impl CurveSource {
    /// Parses `rollouts` or `net`.
    pub fn parse(name: &str) -> Option<CurveSource> {
        match name {
            "rollouts" => Some(CurveSource::Rollouts),
            "net" => Some(CurveSource::Net),
            _ => None,
        }
    }

    /// The name [`CurveSource::parse`] reads.
    pub fn name(self) -> &'static str {
        match self {
            CurveSource::Rollouts => "rollouts",
            CurveSource::Net => "net",
        }
    }
}

/// The strongest skill level: the bot itself.
pub const LEVEL_MAX: u8 = 8;

/// What each skill level does, from the beginner's opponent up: level 1 greedy scoring and
/// the beginner's overbid; levels 2-7 the equilibrium design (the table's scoring and the
/// equilibrium bid) judging with less and less noise ([`LEVEL_NOISE_POINTS`]); level 8 the
/// bot. A principled weakening a person recognises (a rougher judgement of the same
/// values), never a random blunder; each level about 200 Elo over the one below
/// (docs/experiments/2026-12-03-ladder-candidates.md).
pub const LEVELS: [(u8, &str); LEVEL_MAX as usize] = [
    (1, "greedy scoring, and pays all a bundle is worth to it (the beginner's overbid)"),
    (2, "the table's scoring and the equilibrium bid, judged very roughly (its values seen with noise of 10,000 points)"),
    (3, "the table's scoring and the equilibrium bid, judged roughly (noise of 7,500 points)"),
    (4, "the table's scoring and the equilibrium bid, judged with noise of 5,600 points"),
    (5, "the table's scoring and the equilibrium bid, judged with noise of 4,150 points"),
    (6, "the table's scoring and the equilibrium bid, judged with noise of 2,650 points"),
    (7, "the table's scoring and the equilibrium bid, judged closely (noise of 1,150 points); no opponent model, no win search"),
    (8, "the bot: the exact table, the opponent model and the win search"),
];

/// The noise of levels 2-7 (index 0: level 2), judge points ([`BotConfig::noise_points`]):
/// set so each level scores 65-85% over the one below, 100 deal pairs a step
/// (`docs/runs/ladder-steps.sh 100`; docs/experiments/2026-12-03-ladder-candidates.md).
pub const LEVEL_NOISE_POINTS: [u32; 6] = [10_000, 7_500, 5_600, 4_150, 2_650, 1_150];

/// The version of the ladder: games saved under an older one name their opponent by that
/// ladder's levels (`harness/play`'s saved games keep it). Ladder 1 had five levels
/// (5f75979 to issue 79): whole-gain greedy, own-gain greedy, own-gain, equilibrium, the bot.
pub const LADDER_VERSION: u8 = 2;

/// Ladder 1's level `level` (1..=5) as switches of today's bot: the same decisions
/// (`bot:level=N` of ladder 1 set only these three parts).
pub fn ladder_1_switches(level: u8) -> &'static str {
    match level {
        0 | 1 => "bidder=whole,win=0,scoring=greedy",
        2 => "bidder=own,win=0,scoring=greedy",
        3 => "bidder=own,win=0",
        4 => "bidder=equilibrium,win=0",
        _ => "",
    }
}

/// The first round that bids for the win by default. From round 2, with the probe gate open
/// to any movement ([`crate::engine::search::endgame::probe_epsilon`]), the bot scored higher
/// against `bot:bidder=equilibrium,win=0` than from round 5 with the old gate, as round 5
/// had scored higher than round 7 against the bot without win play.
/// Measured: docs/experiments/2026-11-23-win-from-round-2.md#win-from-round-2 (older: docs/experiments/2026-11-21-win-from-round-5.md#win-from-round-5,
/// docs/experiments/2026-11-21-win-play-round-7.md#win-play-round-7).
pub const WIN_FROM_ROUND_DEFAULT: u8 = 2;

/// Whether rollout win curves use the table's expected difference as a control variate by
/// default. It halves the variance of a curve point per rollout (next to common random
/// numbers alone), and an SPRT against the default of then accepted a gain with it and none
/// without it. Measured: docs/experiments/2026-11-25-control-variate.md#control-variate.
pub const CONTROL_VARIATE_DEFAULT: bool = true;

/// Whether the opponent model also predicts the maximin bid on the win curves by default
/// (the bid of a contestant that bids for the win without a model) from round 10
/// ([`crate::engine::model::opponent::MAXIMIN_SWITCH_ROUND`]). It scores higher against
/// `bot:bidder=maximin,win=10` and the same against `bot:bidder=equilibrium,win=0`.
/// Measured: docs/experiments/2026-11-26-maximin-model.md#maximin-model.
pub const MAXIMIN_MODEL_DEFAULT: bool = true;

/// Whether the scorings of the network's rounds (2 to `netlast`) are chosen by win
/// probability on the network's curves by default, rather than by the table
/// ([`crate::engine::search::endgame::win_scoring_by_net`]). Head to head against the
/// table's scorings, SPRT [0, 5] nElo, luck-adjusted: H1 accepted after 900 pairs (50.90%
/// [50.27, 51.53]); against the two equilibrium designs +0.16 and +0.35 points, no loss
/// against maximin, adapt-gain, the reader and the public bots.
/// Measured: docs/experiments/2026-11-29-stronger.md#win-scoring.
pub const WIN_SCORING_DEFAULT: bool = true;

/// Whether the decided-game gate expects the auctions left to earn what the game's
/// auctions have earned so far, by default ([`crate::engine::track::earnings`]).
pub const EARNINGS_GATE_DEFAULT: bool = true;

/// The draw's tolerance by default, thousandths of win probability: 0.01. Set by hand with
/// the reader hypothesis (bd30750): against a reader running a copy of the bot it took the
/// bot from below half to above half (docs/experiments/2026-11-21-private-draw.md#private-draw). Never drawing (0)
/// measured level with it against the equilibrium bidder and against the two strong designs
/// that do not read us (docs/experiments/2026-11-26-maximin-diagnostics.md#never-draw, #draw-tolerance).
pub const DRAW_PERMILLE_DEFAULT: u16 = 10;

/// The opponent model's prior weight on the equilibrium bidder, percent
/// ([`crate::engine::model::opponent::OpponentModel::with_options`]); 0: no such habit, the
/// fitted habits alone (the model of before). Without it a tie at the equilibrium bid in
/// round 1 handed the reader hypothesis the model (hedge 0.33 on average against the
/// equilibrium bidder, 0.45 against eq-other-table); with 30 (the only value tried) 0.02
/// and 0.03, and +1.85 [−0.64, +4.34] (1,000 pairs) and +2.80 [−1.75, +7.35] (500 pairs)
/// against those two designs. Measured: docs/experiments/2026-11-27-equilibrium-habit.md#equilibrium-habit.
pub const EQUILIBRIUM_PRIOR_PERCENT_DEFAULT: u8 = 30;

/// The bot's configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BotConfig {
    /// Seed of the private generator that draws among near-best bids against a
    /// suspected reader; `None`: from the operating system (what the judge runs).
    pub rng_seed: Option<u64>,
    pub bidder: Bidder,
    /// First round whose bid maximises the win probability rather than the expected
    /// score difference (0: never).
    pub win_from_round: u8,
    /// Whether the clock (the thread's CPU time, [`crate::clock`]) may cut the win search
    /// short (a safety stop in play). `bench` turns it off: fixed rollout counts, so its signature never depends on machine load.
    pub use_clock: bool,
    /// Rollouts per win curve in round 2 (see [`ROLLOUTS`]).
    pub rollouts: usize,
    /// The time one answer may take with the clock on, milliseconds (see
    /// [`BUDGET_MS_DEFAULT`]); the win search stops within it.
    pub budget_ms: u32,
    /// The wall time one answer may take with the clock on, milliseconds from the moment
    /// the command was read (see [`WALL_BUDGET_MS_DEFAULT`]); 0: no wall budget, the CPU
    /// budget alone (reproducible rollouts under load).
    pub wall_budget_ms: u32,
    /// Where the win curves of rounds 2–10 come from (see [`CurveSource`]).
    pub curves: CurveSource,
    /// Whether the scorings of the network's rounds are chosen by win probability on its
    /// curves ([`crate::engine::search::endgame::win_scoring_by_net`]); without, by the
    /// table (round 11 is by win probability either way).
    pub win_scoring: bool,
    /// The value network's weights file, for [`CurveSource::Net`]; `None`: the embedded
    /// network (`data/value-net.bin`). Read by [`crate::engine::learned::net::from_file`].
    pub net_file: Option<&'static str>,
    /// Whether rollout win curves are calibrated to the table's expected final difference
    /// (see [`crate::engine::search::control_variate`]); without, they are the empirical
    /// distribution.
    pub control_variate: bool,
    /// Whether the model's bids are held to the safety limits
    /// ([`crate::engine::safety::payoff::Limits`]); without, the model is trusted without limit (a
    /// measurement of what the limits cost).
    pub safety: bool,
    /// Whether the regret account limits the model's bids (see
    /// [`crate::engine::safety::account::Account::regret`]); without, the other limits alone.
    pub regret_limit: bool,
    /// Whether the opponent model predicts maximin bids on the win curves (see
    /// [`MAXIMIN_MODEL_DEFAULT`]); without, its habits are those of before.
    pub maximin_model: bool,
    /// Whether the decided-game gate adds what the auctions left are expected to earn
    /// (see [`EARNINGS_GATE_DEFAULT`]); without, the table's expectation alone.
    pub earnings_gate: bool,
    /// How far below the best a win bid may be, in thousandths of win probability, and
    /// still be drawn when the opponent may read our bids (see
    /// [`crate::engine::bid::winbid::RANDOMIZE_FROM_HEDGE`]); 0: never drawn, always the
    /// deterministic best. Default [`DRAW_PERMILLE_DEFAULT`].
    pub draw_permille: u16,
    /// How the bot scores (see [`Scoring`]).
    pub scoring: Scoring,
    /// The skill level, 1..=[`LEVEL_MAX`] ([`LEVELS`]); below the top it overrides the
    /// bidder, the win rounds, the scoring and the noise ([`BotConfig::leveled`]).
    pub level: u8,
    /// A noisier value, for skill levels (issue 79): the table's values of the scorings and
    /// the bundles seen with noise of this standard deviation, judge points
    /// ([`crate::engine::value::noise`]); 0 (the default): none. It replaces the table's
    /// scoring and the win scoring, and moves the equilibrium and own-gain bids.
    pub noise_points: u32,
    /// The opponent model's prior on the equilibrium bidder, percent (see
    /// [`EQUILIBRIUM_PRIOR_PERCENT_DEFAULT`]).
    pub equilibrium_prior_percent: u8,
    /// The values of the constants a tune may move ([`crate::engine::tunables`]), which
    /// the bot installs while it decides; the defaults unless a `bot:KEY=VALUE` or
    /// `yacht-bot --tune KEY=VALUE` set them.
    pub tuned: Tuned,
}

impl BotConfig {
    /// The bot as the judge runs it.
    pub const DEFAULT: BotConfig = BotConfig {
        rng_seed: None,
        bidder: Bidder::Model,
        win_from_round: WIN_FROM_ROUND_DEFAULT,
        use_clock: true,
        rollouts: ROLLOUTS,
        budget_ms: BUDGET_MS_DEFAULT,
        wall_budget_ms: WALL_BUDGET_MS_DEFAULT,
        curves: CurveSource::Net,
        win_scoring: WIN_SCORING_DEFAULT,
        net_file: None,
        control_variate: CONTROL_VARIATE_DEFAULT,
        safety: true,
        regret_limit: true,
        maximin_model: MAXIMIN_MODEL_DEFAULT,
        earnings_gate: EARNINGS_GATE_DEFAULT,
        draw_permille: DRAW_PERMILLE_DEFAULT,
        scoring: Scoring::Table,
        level: LEVEL_MAX,
        noise_points: 0,
        equilibrium_prior_percent: EQUILIBRIUM_PRIOR_PERCENT_DEFAULT,
        tuned: Tuned::DEFAULT,
    };

    /// The configuration the bot plays at its [`BotConfig::level`]: itself at the top, and
    /// below it what each level does ([`LEVELS`]); at levels 2-7 a noise set by its own
    /// switch replaces the level's. The other switches (seed, clock, rollouts) keep their
    /// values.
    pub const fn leveled(self) -> BotConfig {
        let (bidder, scoring, noise_points) = match self.level {
            LEVEL_MAX.. => return self,
            0 | 1 => (Bidder::Whole, Scoring::Greedy, 0),
            // A noise set by its own switch stands (a rung between the levels).
            _ if self.noise_points > 0 => (Bidder::Equilibrium, Scoring::Table, self.noise_points),
            l => (
                Bidder::Equilibrium,
                Scoring::Table,
                LEVEL_NOISE_POINTS[l as usize - 2],
            ),
        };
        BotConfig {
            bidder,
            win_from_round: 0,
            scoring,
            noise_points,
            ..self
        }
    }

    /// The baseline: equilibrium bids, expected-score decisions throughout.
    pub const fn default_equilibrium() -> BotConfig {
        BotConfig {
            bidder: Bidder::Equilibrium,
            win_from_round: 0,
            ..BotConfig::DEFAULT
        }
    }
}

impl Default for BotConfig {
    fn default() -> Self {
        BotConfig::DEFAULT
    }
}

/// Rollouts per win curve in round 2 (later rounds scale it by
/// [`crate::engine::search::endgame::ROLLOUT_PERCENT_BY_ROUND`]): 1,800, set with that
/// schedule so that every round's rollouts fill the time a decision may take.
/// Measured: docs/experiments/2026-11-25-rollout-schedule.md#rollout-schedule.
pub const ROLLOUTS: usize = 1_800;

/// The time one answer may take, milliseconds of the bot's CPU time ([`crate::clock`]):
/// the judge allows 500 ms of CPU per answer (`../shared/RULES.md`) and counts the CPU
/// time, so a busy host's scheduling costs nothing on this clock. The 100 ms kept are for
/// what the budget does not see: the work before the search starts (pricing, the model),
/// reading and writing the lines, a slower core than the one measured on. Within it the
/// win search stops [`crate::engine::search::endgame::AFTER_ROLLOUTS_MS`] early, for the
/// bid itself. Timing: docs/results.md#timing.
pub const BUDGET_MS_DEFAULT: u32 = 400;

/// The wall time one answer may take, milliseconds from the moment the command was read:
/// the official testing tool and most contestants' referees allow 500 ms of *wall* time
/// per answer, from the moment they wrote the command. The 100 ms kept are for the pipe
/// both ways and the referee's own turn on a busy machine. The win search stops when the
/// wall time spent, plus the work that follows it at the pace the bot has been given the
/// CPU since the command ([`crate::clock::WallBudget`]), reaches it; on an idle core
/// (the judge's) the CPU budget, [`BUDGET_MS_DEFAULT`], is reached first. Only the
/// protocol loop knows when a command was read, so in-process players of the harness,
/// charged by their thread's CPU time, have none. Timing: docs/results.md#timing.
pub const WALL_BUDGET_MS_DEFAULT: u32 = 400;

/// Who a switch is for: reproducible play, or an experiment on the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SwitchKind {
    /// Makes play reproducible (the judge runs neither).
    Reproducible,
    /// Turns off or replaces one part of the default, to measure what it is worth
    /// (`docs/experiments.md` has each one's last measurement).
    Experiment,
    /// Plays weaker on purpose: an opponent for people.
    Level,
}

/// One switch of the configuration. `yacht-bot --FLAG VALUE` and the harness's
/// `bot:KEY=VALUE` both read it here, so the two spellings cannot drift apart.
pub struct Switch {
    /// The harness's key (`bot:KEY=VALUE`).
    pub key: &'static str,
    /// The command line's flag (`yacht-bot FLAG VALUE`).
    pub flag: &'static str,
    /// The values it takes, as the help shows them.
    pub values: &'static str,
    /// What it does, in one line of help.
    pub help: &'static str,
    pub kind: SwitchKind,
    /// Sets the switch from `value`; `false` if the value is not one it takes.
    pub set: fn(&mut BotConfig, &str) -> bool,
    /// Its value in `config`, as `set` reads it back.
    pub get: fn(&BotConfig) -> String,
}

impl Switch {
    /// Sets the switch from `value`, or says which values it takes.
    pub fn apply(&self, config: &mut BotConfig, value: &str) -> Result<(), String> {
        if (self.set)(config, value) {
            Ok(())
        } else {
            Err(format!("{} {value:?}: expected {}", self.key, self.values))
        }
    }

    /// Whether `config` differs from the default here.
    pub fn is_changed(&self, config: &BotConfig) -> bool {
        (self.get)(config) != (self.get)(&BotConfig::DEFAULT)
    }
}

/// `0` or `1` as a bool.
fn on_off(value: &str) -> Option<bool> {
    match value {
        "0" => Some(false),
        "1" => Some(true),
        _ => None,
    }
}

/// A number in `range`, or `None`.
fn parse_within<T: std::str::FromStr + PartialOrd>(
    value: &str,
    range: std::ops::RangeInclusive<T>,
) -> Option<T> {
    value.parse().ok().filter(|n| range.contains(n))
}

/// A switch that turns a `bool` field of the configuration on (`1`) or off (`0`).
macro_rules! on_off {
    ($key:literal, $flag:literal, $kind:ident, $field:ident, $help:literal) => {
        Switch {
            key: $key,
            flag: $flag,
            values: "0|1",
            help: $help,
            kind: SwitchKind::$kind,
            set: |c, v| on_off(v).map(|on| c.$field = on).is_some(),
            get: |c| u8::from(c.$field).to_string(),
        }
    };
}

/// A switch that sets a number field of the configuration to a value within a range.
macro_rules! number_within {
    ($key:literal, $flag:literal, $values:literal, $field:ident, $range:expr, $help:expr) => {
        Switch {
            key: $key,
            flag: $flag,
            values: $values,
            help: $help,
            kind: SwitchKind::Experiment,
            set: |c, v| parse_within(v, $range).map(|n| c.$field = n).is_some(),
            get: |c| c.$field.to_string(),
        }
    };
}

/// Every switch, in the order labels list them.
pub const SWITCHES: &[Switch] = &[
    Switch {
        key: "bidder",
        flag: "--bidder",
        values: "model|equilibrium|maximin|own|whole",
        help: "model: the default; equilibrium: |S|/4 always, no opponent model (the \
               baseline); maximin: the equilibrium, and the maximin bid on the win curves \
               from --win-from on (the design of a contestant that models no one); own: a \
               quarter of its own gain, the opponent's ignored; whole: all of its own gain",
        kind: SwitchKind::Experiment,
        set: |c, v| Bidder::parse(v).map(|b| c.bidder = b).is_some(),
        get: |c| c.bidder.name().to_string(),
    },
    Switch {
        key: "win",
        flag: "--win-from",
        values: "ROUND",
        help: "first round whose bid maximises the win probability (default 2; 0: never)",
        kind: SwitchKind::Experiment,
        set: |c, v| v.parse().map(|r| c.win_from_round = r).is_ok(),
        get: |c| c.win_from_round.to_string(),
    },
    number_within!(
        "rollouts",
        "--rollouts",
        "N",
        rollouts,
        1..=usize::MAX,
        "rollouts per win curve in round 2, later rounds in proportion (default 1800)"
    ),
    number_within!(
        "budget",
        "--budget-ms",
        "MS",
        budget_ms,
        10..=5_000,
        "time one answer may take with the clock on (default 400; the judge allows 500)"
    ),
    Switch {
        key: "wall",
        flag: "--wall-budget-ms",
        values: "MS",
        help: "wall time one answer may take from its command, with the clock on (default \
               400; testing tools allow 500; 0: the CPU budget alone, reproducible under load)",
        kind: SwitchKind::Reproducible,
        set: |c, v| {
            parse_within(v, 0..=5_000)
                .map(|n| c.wall_budget_ms = n)
                .is_some()
        },
        get: |c| c.wall_budget_ms.to_string(),
    },
    Switch {
        key: "curves",
        flag: "--curves",
        values: "rollouts|net",
        help: "where the win curves of rounds 2-10 come from: net (the default), the value \
               network distilled from the rollouts, then a few rollouts in its last rounds; or \
               rollouts, a fifth of a second of them a bid",
        kind: SwitchKind::Experiment,
        set: |c, v| CurveSource::parse(v).map(|s| c.curves = s).is_some(),
        get: |c| c.curves.name().to_string(),
    },
    Switch {
        key: "net",
        flag: "--net",
        values: "PATH (a weights file harness/learn/train.py wrote)",
        help: "the value network's weights from this file instead of the embedded one \
               (data/value-net.bin); implies --curves net",
        kind: SwitchKind::Experiment,
        set: |c, v| {
            // Checked here only as a file; its content when the bot first reads it (the
            // harness and the command line read it as they parse the option).
            let found = std::path::Path::new(v).is_file();
            if found {
                c.net_file = Some(Box::leak(v.to_string().into_boxed_str()));
                c.curves = CurveSource::Net;
            }
            found
        },
        get: |c| c.net_file.unwrap_or("").to_string(),
    },
    on_off!(
        "wscore",
        "--win-scoring",
        Experiment,
        win_scoring,
        "1: the scorings of the network's rounds by win probability on its curves (the \
         table's otherwise)"
    ),
    on_off!(
        "cv",
        "--control-variate",
        Experiment,
        control_variate,
        "0: raw rollout win curves, not calibrated to the table's expected difference"
    ),
    on_off!(
        "maximin",
        "--maximin-model",
        Experiment,
        maximin_model,
        "0: the opponent model never expects a switch to maximin bids from round 10"
    ),
    on_off!(
        "earn",
        "--earnings-gate",
        Experiment,
        earnings_gate,
        "0: the decided-game gate without what the auctions left are expected to earn"
    ),
    number_within!(
        "eqprior",
        "--equilibrium-prior",
        "PERCENT",
        equilibrium_prior_percent,
        0..=80,
        "the opponent model's prior on the equilibrium bidder, percent (default 30; 0: none)"
    ),
    on_off!(
        "safety",
        "--safety",
        Experiment,
        safety,
        "0: the model's bids without the safety limits"
    ),
    on_off!(
        "regret",
        "--regret-limit",
        Experiment,
        regret_limit,
        "0: the safety limits without the regret account's"
    ),
    number_within!(
        "draw",
        "--draw",
        "PERMILLE",
        draw_permille,
        0..=1_000,
        "how far below the best a win bid may be drawn against a suspected reader, \
         thousandths of win probability (default 10; 0: never drawn)"
    ),
    Switch {
        key: "scoring",
        flag: "--scoring",
        values: "table|greedy",
        help: "table: the default; greedy: the best score now, without the table's look ahead",
        kind: SwitchKind::Experiment,
        set: |c, v| Scoring::parse(v).map(|s| c.scoring = s).is_some(),
        get: |c| c.scoring.name().to_string(),
    },
    Switch {
        key: "level",
        flag: "--level",
        values: "1..8",
        help: "skill level, for people (default 8, the bot): 2-7 play the table's scoring \
               and the equilibrium bid with their values seen through noise (10,000 points \
               at 2 to 1,150 at 7), 1 scores greedily and bids all of its gain",
        kind: SwitchKind::Level,
        set: |c, v| {
            parse_within(v, 1..=LEVEL_MAX)
                .map(|n| c.level = n)
                .is_some()
        },
        get: |c| c.level.to_string(),
    },
    Switch {
        key: "noise",
        flag: "--noise",
        values: "POINTS",
        help: "skill levels: the table's values of scorings and bundles seen with noise of \
               this standard deviation, judge points (default 0: none); the table's scoring \
               and the equilibrium and own-gain bids only",
        kind: SwitchKind::Experiment,
        set: |c, v| {
            parse_within(v, 0..=100_000)
                .map(|n| c.noise_points = n)
                .is_some()
        },
        get: |c| c.noise_points.to_string(),
    },
    Switch {
        key: "seed",
        flag: "--seed",
        values: "N",
        help: "seed of the private generator (default: from the operating system)",
        kind: SwitchKind::Reproducible,
        set: |c, v| v.parse().map(|s| c.rng_seed = Some(s)).is_ok(),
        get: |c| c.rng_seed.map_or(String::new(), |s| s.to_string()),
    },
    on_off!(
        "clock",
        "--clock",
        Reproducible,
        use_clock,
        "0: fixed rollout counts, no clock (--no-clock for short)"
    ),
];

/// The switch with this harness key.
pub fn switch_by_key(key: &str) -> Option<&'static Switch> {
    SWITCHES.iter().find(|s| s.key == key)
}

/// The switch with this command-line flag.
pub fn switch_by_flag(flag: &str) -> Option<&'static Switch> {
    SWITCHES.iter().find(|s| s.flag == flag)
}

/// Sets `key` (a switch's `bot:` key, or a tunable's) from `value`, or says why not: what a
/// `bot:KEY=VALUE` spec and `yacht-bot --tune KEY=VALUE` read.
pub fn set_option(config: &mut BotConfig, key: &str, value: &str) -> Result<(), String> {
    match switch_by_key(key) {
        Some(switch) => switch.apply(config, value),
        None if tunables::by_key(key).is_some() => config.tuned.set(key, value),
        None => {
            let keys: Vec<&str> = SWITCHES.iter().map(|s| s.key).collect();
            Err(format!(
                "unknown bot option {key:?} ({}; or a tunable: yacht-bot --tunables)",
                keys.join(", ")
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every switch reads back what it writes, and refuses a value it does not take.
    #[test]
    fn every_switch_reads_back_and_refuses_nonsense() {
        for switch in SWITCHES {
            let mut config = BotConfig::DEFAULT;
            let value = (switch.get)(&config);
            if !value.is_empty() {
                assert!(switch.apply(&mut config, &value).is_ok(), "{}", switch.key);
                assert_eq!(config, BotConfig::DEFAULT, "{}", switch.key);
            }
            assert!(
                switch.apply(&mut config, "nonsense").is_err(),
                "{}",
                switch.key
            );
            assert_eq!(switch_by_key(switch.key).map(|s| s.flag), Some(switch.flag));
            assert_eq!(switch_by_flag(switch.flag).map(|s| s.key), Some(switch.key));
        }
        let mut config = BotConfig::DEFAULT;
        for (key, value) in [("bidder", "equilibrium"), ("win", "0"), ("regret", "0")] {
            switch_by_key(key)
                .unwrap()
                .apply(&mut config, value)
                .unwrap();
        }
        assert_eq!(config.bidder, Bidder::Equilibrium);
        assert_eq!(config.win_from_round, 0);
        assert!(!config.regret_limit);
        assert!(switch_by_key("rollouts")
            .unwrap()
            .apply(&mut config, "0")
            .is_err());
        let changed: Vec<&str> = SWITCHES
            .iter()
            .filter(|s| s.is_changed(&config))
            .map(|s| s.key)
            .collect();
        assert_eq!(changed, ["bidder", "win", "regret"]);
    }
}
