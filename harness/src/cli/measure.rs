//! `harness measure TOOL`: the research tools, apart from the commands a contestant runs
//! (`table-audit`, `solitaire`, `calibrate`, `state-spread`, `regret`, `odds`,
//! `curve-variance`, `startup`, `speed`), their arguments and their handlers; the measurements are in
//! `crate::measure`, their text in `crate::measure::output`.

use std::path::PathBuf;

use clap::{Args, Subcommand};

/// `harness measure`: one research tool.
#[derive(Args)]
pub struct MeasureArgs {
    #[command(subcommand)]
    tool: MeasureCmd,
}

/// The research tools: what the table, the win search and the bot's bids are worth, and
/// how fast the programs run. Each says more with `--help`.
#[derive(Subcommand)]
enum MeasureCmd {
    /// What the table in use (embedded, or --table) loses in play against the exact f64 table.
    TableAudit,
    /// One player, fair bundles: mean score against the table's expectation.
    Solitaire(SolitaireArgs),
    /// Spread of the final difference around the table's prediction, by round.
    Calibrate(CalibrateArgs),
    /// The spread of the remaining score state by state (the table's second moment) against
    /// the one spread per round, as predictors of the winner and as decided-game gates.
    StateSpread(StateSpreadArgs),
    /// Where the bot's win-round bids lose win probability against one opponent, next to
    /// knowing its bid: by round, split into the draw, the safety limits, the hedge and
    /// the model (the bot's own curves; a match says what a change is worth).
    Regret(RegretArgs),
    /// Whether the bot's odds are true: its P(win) at each win-round auction against the
    /// game's result (reliability, Brier, calibration error, by round and opponent), and
    /// its predictions of the opponent's bid against the bids that came.
    Odds(OddsArgs),
    /// Per-rollout variance of the win curves' points, by sampler (common random
    /// numbers, antithetic coins), at the positions where the bot bids for the win.
    CurveVariance(CurveVarianceArgs),
    /// How close the value network's win curves are to many rollouts', next to the bot's
    /// own rollout count, at a positions file's bid positions (rounds 2-10).
    NetFidelity(NetFidelityArgs),
    /// Valuations of the win curves (rollouts, rollouts/K, a network) judged on a
    /// benchmark database (`harness label --futures 4x`): what their bids lose, by round.
    Benchmark(BenchmarkArgs),
    /// The ceiling by round from a probe file of policy rollouts (`YACHT_ROLLOUT_PROBE`,
    /// docs/runs/rollout-ceiling.sh): what choosing each bid among the candidates by
    /// rollouts gains, by round and over a game, beside the equilibrium bid and the
    /// answers of the network's and the coin-flip rollouts' curves, all scored on the
    /// played futures.
    Ceiling(CeilingArgs),
    /// Spawn-to-OK and first-decision times of a bot program.
    Startup(StartupArgs),
    /// Games per second (in-process and external).
    Speed(SpeedArgs),
    /// Each skill level against each opponent, every game reviewed: the candidate measures
    /// of a side's errors fitted as level estimates, and whether each orders the levels.
    Levels(LevelsArgs),
}

impl MeasureArgs {
    /// Runs the chosen tool.
    pub fn run(self) -> Result<(), String> {
        match self.tool {
            MeasureCmd::TableAudit => table_audit(),
            MeasureCmd::Solitaire(args) => args.run(),
            MeasureCmd::Calibrate(args) => args.run(),
            MeasureCmd::StateSpread(args) => args.run(),
            MeasureCmd::Regret(args) => args.run(),
            MeasureCmd::Odds(args) => args.run(),
            MeasureCmd::CurveVariance(args) => args.run(),
            MeasureCmd::NetFidelity(args) => args.run(),
            MeasureCmd::Benchmark(args) => args.run(),
            MeasureCmd::Ceiling(args) => args.run(),
            MeasureCmd::Startup(args) => args.run(),
            MeasureCmd::Speed(args) => args.run(),
            MeasureCmd::Levels(args) => args.run(),
        }
    }
}

use crate::measure::output;
use crate::measure::speed::{run_speed, SpeedConfig};

/// How a review values positions: `rollouts` if given, else the review's default (the value
/// network, [`crate::review::decisions::review_valuation`]).
pub(super) fn valuation(rollouts: Option<usize>) -> yacht::engine::search::positions::Valuation {
    match rollouts {
        Some(n) => yacht::engine::search::positions::Valuation::Rollouts(n.max(1)),
        None => crate::review::decisions::review_valuation(),
    }
}

/// `harness measure table-audit`: what the table in use loses against the exact f64 table.
fn table_audit() -> Result<(), String> {
    print!("{}", output::table_audit()?);
    Ok(())
}

#[derive(Args)]
pub struct LevelsArgs {
    /// The opponents, separated by `;`.
    #[arg(
        long,
        default_value = "sample:1;sample:2;sample:3;sample:4;sample:5;sample:6;sample:7;sample:8;sample:9;sample:10;bot:clock=0"
    )]
    opponents: String,
    /// Deal pairs each level plays each opponent.
    #[arg(long, default_value_t = 25)]
    deals: usize,
    #[arg(long, default_value_t = 81)]
    seed: u64,
    /// Where the games' logs are kept (a folder per opponent and level; kept logs are
    /// reviewed again, not replayed).
    #[arg(long, default_value = "target/runs/levels")]
    out: PathBuf,
    /// Value positions by this many rollouts per win curve and per scoring's candidates
    /// (default: the review's, the value network then a few rollouts).
    #[arg(long)]
    rollouts: Option<usize>,
    /// Also write every game's measures as one JSON array here.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Read the games' measures from this file (a `--json` of before) instead of playing
    /// and reviewing: the report again, at once (the fit of another measure, or the
    /// review's bounds read anew).
    #[arg(long, value_name = "FILE", conflicts_with = "json")]
    from: Option<PathBuf>,
}

impl LevelsArgs {
    /// `harness measure levels`: every level against every opponent, reviewed and fitted.
    pub fn run(self) -> Result<(), String> {
        use crate::measure::levels::{play_and_review, report};
        let opponents: Vec<String> = self
            .opponents
            .split(';')
            .map(|o| o.trim().to_string())
            .filter(|o| !o.is_empty())
            .collect();
        let games: Vec<crate::measure::levels::LevelGame> = match &self.from {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?
            }
            None => play_and_review(
                &self.out,
                &opponents,
                self.deals,
                self.seed,
                valuation(self.rollouts),
            )?,
        };
        if let Some(path) = &self.json {
            let text = serde_json::to_string(&games).map_err(|e| e.to_string())?;
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        println!("{} games reviewed", games.len());
        print!("{}", report(&games, &opponents));
        Ok(())
    }
}

#[derive(Args)]
pub struct SolitaireArgs {
    #[arg(default_value_t = 100_000)]
    games: usize,
    #[arg(default_value_t = 1)]
    seed: u64,
}

impl SolitaireArgs {
    /// `harness measure solitaire`: the mean score against the table's expectation.
    pub fn run(self) -> Result<(), String> {
        print!("{}", output::solitaire(self.games, self.seed));
        Ok(())
    }
}

#[derive(Args)]
pub struct CeilingArgs {
    /// The probe file: one JSON line a probed position.
    probes: PathBuf,
}

impl CeilingArgs {
    /// `harness measure ceiling`: the probe file's ceiling by round.
    pub fn run(self) -> Result<(), String> {
        let records = crate::rollout::probe::read_probes(&self.probes)?;
        if records.is_empty() {
            return Err(format!("{}: no probed positions", self.probes.display()));
        }
        print!("{}", crate::rollout::judge::report(&records));
        Ok(())
    }
}

#[derive(Args)]
pub struct CalibrateArgs {
    #[arg(default_value_t = 3000)]
    games: usize,
}

impl CalibrateArgs {
    /// `harness measure calibrate`: the spread of the final difference, by round.
    pub fn run(self) -> Result<(), String> {
        print!("{}", output::calibrate(self.games));
        Ok(())
    }
}

#[derive(Args)]
pub struct StateSpreadArgs {
    /// Self-play games whose positions are measured.
    #[arg(default_value_t = 2000)]
    games: usize,
    /// Seed of the deals.
    #[arg(long, default_value_t = 777)]
    seed: u64,
    /// Solver threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

impl StateSpreadArgs {
    /// `harness measure state-spread`: the spread state by state against the one per round.
    pub fn run(self) -> Result<(), String> {
        let threads = match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        print!("{}", output::state_spread(self.games, self.seed, threads)?);
        Ok(())
    }
}

#[derive(Args)]
pub struct NetFidelityArgs {
    /// A positions file (`harness positions`).
    positions: PathBuf,
    /// The networks' weights, each compared (default: the embedded one).
    #[arg(long, value_name = "FILE")]
    net: Vec<String>,
    /// Positions measured (every --every-th bid position of rounds 2-10).
    #[arg(long, default_value_t = 300)]
    limit: usize,
    #[arg(long, default_value_t = 37)]
    every: usize,
    /// The reference's rollouts, times the bot's count.
    #[arg(long, default_value_t = 8)]
    reference: usize,
}

impl NetFidelityArgs {
    /// `harness measure net-fidelity`.
    pub fn run(self) -> Result<(), String> {
        use crate::measure::net_fidelity::{format_fidelity, net_fidelity, read_bid_positions};
        use yacht::engine::learned::net::{embedded, from_file};
        let (nets, names) = if self.net.is_empty() {
            let net = embedded().ok_or("the embedded network does not read")?;
            (vec![net], vec!["embedded".to_string()])
        } else {
            let nets = self
                .net
                .iter()
                .map(|p| from_file(p).map_err(|e| e.to_string()))
                .collect::<Result<Vec<_>, _>>()?;
            let names = self
                .net
                .iter()
                .map(|p| {
                    let name = std::path::Path::new(p)
                        .file_stem()
                        .map_or(p.clone(), |s| s.to_string_lossy().into_owned());
                    name.chars().take(12).collect()
                })
                .collect();
            (nets, names)
        };
        let positions = read_bid_positions(&self.positions, self.every, self.limit)?;
        let rounds = net_fidelity(&positions, &nets, self.reference);
        print!("{}", format_fidelity(&rounds, self.reference, &names));
        Ok(())
    }
}

#[derive(Args)]
pub struct BenchmarkArgs {
    /// The benchmark's labels files (`harness label --futures 4x`; shards of one run).
    #[arg(required = true)]
    labels: Vec<PathBuf>,
    /// A valuation judged: rollouts (the default bot's count in each round), rollouts/K,
    /// fast (the few rollouts `bot:curves=net` plays after its network's rounds), fast*K,
    /// net (the embedded network in every round), net=PATH, hybrid (a network in its rounds
    /// and its few rollouts after, as `bot:curves=net`), hybrid=PATH. Repeatable.
    #[arg(long = "valuation", value_name = "SPEC", default_values_t = ["rollouts".to_string(), "rollouts/16".to_string(), "net".to_string()])]
    valuations: Vec<String>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

impl BenchmarkArgs {
    /// `harness measure benchmark`.
    pub fn run(self) -> Result<(), String> {
        use crate::measure::benchmark::{benchmark, format_benchmark, read_benchmark, Judged};
        let judged = self
            .valuations
            .iter()
            .map(|v| Judged::parse(v))
            .collect::<Result<Vec<_>, _>>()?;
        let (transfers, positions, what) = read_benchmark(&self.labels)?;
        let started = std::time::Instant::now();
        let rounds = benchmark(&positions, &transfers, &judged, self.threads)?;
        print!("{}", format_benchmark(&rounds, &judged, &what));
        println!("({:.1} s)", started.elapsed().as_secs_f64());
        Ok(())
    }
}

#[derive(Args)]
pub struct CurveVarianceArgs {
    /// Self-play games whose positions are measured.
    #[arg(default_value_t = 20)]
    games: usize,
    /// Rollouts per estimate.
    #[arg(long, default_value_t = 256)]
    rollouts: usize,
    /// Estimates (seeds) per position.
    #[arg(long, default_value_t = 16)]
    seeds: u64,
}

impl CurveVarianceArgs {
    /// `harness measure curve-variance`: the win curves' per-rollout variance, by sampler.
    pub fn run(self) -> Result<(), String> {
        print!(
            "{}",
            output::curve_variance(self.games, self.rollouts, self.seeds)
        );
        Ok(())
    }
}

#[derive(Args)]
pub struct StartupArgs {
    /// The program (default: yacht-bot next to this harness).
    #[arg(long)]
    program: Option<PathBuf>,
    /// Working directory (e.g. the export's, where data.bin is).
    #[arg(long)]
    dir: Option<PathBuf>,
    #[arg(default_value_t = 50)]
    runs: usize,
}

impl StartupArgs {
    /// `harness measure startup`: spawn-to-OK and first-decision times of a bot program.
    pub fn run(self) -> Result<(), String> {
        let program = match self.program {
            Some(p) => p,
            None => sibling_binary("yacht-bot")?,
        };
        print!(
            "{}",
            output::startup(&program, self.dir.as_deref(), self.runs)?
        );
        Ok(())
    }
}

#[derive(Args)]
pub struct SpeedArgs {
    #[arg(long, default_value_t = 40_000)]
    games: usize,
    #[arg(long, default_value_t = 400)]
    external_games: usize,
    #[arg(long, default_value = "sample:2")]
    opponent: String,
    #[arg(long, default_value_t = 0)]
    threads: usize,
}

impl SpeedArgs {
    /// `harness measure speed`: games per second, in-process and between two processes.
    pub fn run(self) -> Result<(), String> {
        let exe = std::env::current_exe().map_err(|e| format!("own path: {e}"))?;
        let report = run_speed(
            &SpeedConfig {
                in_process_games: self.games,
                external_games: self.external_games,
                opponent: self.opponent.parse()?,
                threads: self.threads,
            },
            &exe,
        )?;
        print!("{report}");
        Ok(())
    }
}

/// A program built next to this harness (`target/release/NAME`).
fn sibling_binary(name: &str) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("own path: {e}"))?;
    Ok(exe.with_file_name(name))
}

/// The bot a game-playing measurement measures: a `bot:` spec, with its clock off so that
/// its games are reproducible.
fn measured_bot(spec: &str) -> Result<yacht::engine::BotConfig, String> {
    use crate::player::spec::PlayerSpec;
    let PlayerSpec::Bot(config) = spec.parse::<PlayerSpec>()? else {
        return Err(format!(
            "--bot {spec:?}: an in-process bot (bot:…) is needed"
        ));
    };
    Ok(yacht::engine::BotConfig {
        use_clock: false,
        ..config
    })
}

/// The first `count` deals of `harness match --seed seed`.
fn match_deals(seed: u64, count: u64) -> Vec<yacht::game::Deal> {
    (0..count)
        .map(|i| yacht::game::Deal::from_seed(seed, i))
        .collect()
}

#[derive(Args)]
pub struct RegretArgs {
    /// The opponent (an in-process player: `bot:…`, `sample:N`, `contest:NAME`, `reader`).
    #[arg(default_value = "bot:bidder=equilibrium,win=0")]
    opponent: String,
    /// The bot measured (`bot:…`; its clock is off, so the games are reproducible).
    #[arg(long, default_value = "bot")]
    bot: String,
    /// Deal pairs (each deal is played twice, seats swapped): deal i is the i-th of
    /// `harness match --seed S`.
    #[arg(long, default_value_t = 50)]
    deals: u64,
    /// Seed of the deals.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

impl RegretArgs {
    /// `harness measure regret`: where the win-round bids lose next to knowing the opponent's bid.
    pub fn run(self) -> Result<(), String> {
        use crate::player::spec::PlayerSpec;
        let config = measured_bot(&self.bot)?;
        let opponent: PlayerSpec = self.opponent.parse()?;
        let deals = match_deals(self.seed, self.deals);
        let report =
            crate::measure::regret::measure(config, || opponent.build(), self.seed, &deals)?;
        print!("{}", output::regret(&self.bot, &self.opponent, &report));
        Ok(())
    }
}

#[derive(Args)]
pub struct OddsArgs {
    /// The opponents, in-process players separated by `;` (default: the equilibrium
    /// bidder, `contest:eq-other-table`, the maximin reference, `contest:adapt-gain`,
    /// and the bot itself).
    #[arg(long)]
    opponents: Option<String>,
    /// The bot measured (`bot:…`; its clock is off, so the games are reproducible).
    #[arg(long, default_value = "bot")]
    bot: String,
    /// Deal pairs per opponent (deal i is the i-th of `harness match --seed S`).
    #[arg(long, default_value_t = 100)]
    deals: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also write the reliability diagrams (by round, by opponent) as SVG: PREFIX-rounds.svg
    /// and PREFIX-opponents.svg.
    #[arg(long, value_name = "PREFIX")]
    svg: Option<PathBuf>,
    /// Also write every forecast as a JSON line (opponent, round, P(win) or the decided
    /// lead, the bid prediction, and the game's result for the bot), to fit or re-read.
    #[arg(long, value_name = "FILE.jsonl")]
    forecasts: Option<PathBuf>,
    /// Another bot's curves (`bot:…`, e.g. `bot:curves=rollouts`) valued at the same
    /// positions and bids as the measured bot's: the two forecasts' calibration side by side.
    #[arg(long, value_name = "BOT")]
    beside: Option<String>,
}

impl OddsArgs {
    /// `harness measure odds`.
    pub fn run(self) -> Result<(), String> {
        use crate::measure::{odds, odds_output};
        use crate::player::spec::PlayerSpec;
        let config = measured_bot(&self.bot)?;
        let names: Vec<String> = match &self.opponents {
            Some(list) => list.split(';').map(|s| s.trim().to_string()).collect(),
            // The mix that stands for the finals.
            None => [
                "bot:bidder=equilibrium,win=0",
                "contest:eq-other-table",
                "bot:bidder=maximin,win=10",
                "contest:adapt-gain",
                "bot",
            ]
            .map(String::from)
            .to_vec(),
        };
        let opponents = names
            .iter()
            .map(|n| n.parse::<PlayerSpec>())
            .collect::<Result<Vec<_>, _>>()?;
        let deals = match_deals(self.seed, self.deals);
        let beside = self.beside.as_deref().map(measured_bot).transpose()?;
        let games = odds::measure(config, beside, &opponents, self.seed, &deals)?;
        if let Some(path) = &self.forecasts {
            let mut text = String::new();
            for (game, g) in games.iter().enumerate() {
                for f in &g.forecasts {
                    let line = serde_json::json!({
                        "opponent": names[g.opponent],
                        "game": game,
                        "round": f.round,
                        "p_win": f.p_win,
                        "decided_lead": f.decided_lead,
                        "bid": f.bid,
                        "within_full": f.within_full,
                        "hedge": f.hedge,
                        "shown": f.shown,
                        "later_luck": f.later_luck,
                        "beside": f.beside,
                        "points": g.points,
                    });
                    text.push_str(&line.to_string());
                    text.push('\n');
                }
            }
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        let report = odds::report(&names, &games);
        print!("{}", odds_output::text(&report));
        if let Some(prefix) = &self.svg {
            let by_round: Vec<(String, odds::Reliability)> = odds_output::ROUND_GROUPS
                .iter()
                .map(|&g| {
                    (
                        format!("rounds {}-{}", g.0, g.1),
                        odds_output::rounds(&report, g),
                    )
                })
                .collect();
            let by_opponent: Vec<(String, odds::Reliability)> = names
                .iter()
                .cloned()
                .zip(report.by_opponent.iter().cloned())
                .collect();
            for (suffix, title, series) in [
                ("rounds", "P(win) against results, by round", by_round),
                (
                    "opponents",
                    "P(win) against results, by opponent",
                    by_opponent,
                ),
            ] {
                let path = PathBuf::from(format!("{}-{suffix}.svg", prefix.display()));
                std::fs::write(&path, odds_output::svg(title, &series))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
        }
        Ok(())
    }
}
