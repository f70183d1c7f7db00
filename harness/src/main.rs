//! `harness`: referee, sample AIs, matches and tournaments for the Yacht Auction bot.
//! Run `harness --help` for the commands.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use harness::export::encode::{StepPolicy, DEFAULT_STEP_POLICY};
use harness::export::WEIGHT_GAMES;
use harness::matches::{run_match, Deals, LogSaving, MatchConfig};
use harness::player::PlayerSpec;
use harness::referee::{play_game, RefereeOptions};
use harness::replay::{self, Side};
use harness::report::{match_report, tournament_table};
use harness::samples::{stdio, SampleAi, SampleConfig};
use harness::speed::{run_speed, SpeedConfig};
use harness::sprt_run::{run_sprt, Resume, SprtRun};
use harness::stats::sprt::{Decision, SprtConfig};
use harness::tools;
use harness::tournament::{
    run_tournament, standard_opponents, variant_opponents, TournamentConfig, DEFAULT_DEALS,
};
use yacht::game::deal::{deals_text, read_deals, Deal};

#[derive(Parser)]
#[command(
    name = "harness",
    version,
    about = "Yacht Auction referee, sample AIs, matches and tournaments"
)]
struct Cli {
    /// Play in-process bots (and audit) with this `data.bin` instead of the embedded table.
    #[arg(long, global = true, value_name = "DATA_BIN")]
    table: Option<PathBuf>,
    #[command(subcommand)]
    command: Cmd,
}

/// Players are written `bot`, `sample:N[:key=value,...]` or `cmd:<command line>`.
#[derive(Subcommand)]
enum Cmd {
    /// The bot against each of the ten sample AIs: one table.
    Tournament {
        /// Play an external bot instead of the in-process one.
        #[arg(long, value_name = "CMD", conflicts_with = "bot")]
        bot_cmd: Option<String>,
        /// The player in the bot's seat (e.g. `bot:bidder=model,win=7`).
        #[arg(long, value_name = "PLAYER", default_value = "bot")]
        bot: String,
        /// Opponents (repeatable); default: the ten sample AIs.
        #[arg(long = "opponent", value_name = "PLAYER")]
        opponents: Vec<String>,
        /// Also play the variant readings of the sample AIs (see `tournament::VARIANTS`).
        #[arg(long)]
        variants: bool,
        #[command(flatten)]
        run: RunArgs,
    },
    /// The bot and a baseline against every contest-like opponent, on the same deals, side
    /// by side, with a paired SPRT of the bot against the baseline over the population
    Gauntlet {
        /// The candidate.
        #[arg(long, value_name = "PLAYER", default_value = "bot")]
        bot: String,
        /// The baseline it must not fall below.
        #[arg(long, value_name = "PLAYER", default_value = "bot:bidder=equilibrium")]
        baseline: String,
        /// Further baselines (repeatable), each reported against the same candidate games.
        #[arg(long = "also", value_name = "PLAYER")]
        also: Vec<String>,
        /// Opponents (repeatable); default: the contest population (`contest::POPULATION`).
        #[arg(long = "opponent", value_name = "PLAYER")]
        opponents: Vec<String>,
        /// Also play the ten sample AIs.
        #[arg(long)]
        samples: bool,
        /// SPRT lower bound, normalized Elo.
        #[arg(long, default_value_t = -3.0, allow_hyphen_values = true)]
        nelo0: f64,
        /// SPRT upper bound, normalized Elo.
        #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
        nelo1: f64,
        #[command(flatten)]
        run: RunArgs,
    },
    /// Any two players over many deals, seats swapped on each deal.
    Match {
        /// Player X (the report's point of view).
        x: String,
        /// Player Y.
        y: String,
        #[command(flatten)]
        run: RunArgs,
    },
    /// One game from an official input file, writing the official log (like the testing tool).
    Play {
        /// Input file: 12 lines `aaaaa bbbbb t`.
        #[arg(short, long)]
        input: PathBuf,
        /// Log file to write.
        #[arg(short, long)]
        log: PathBuf,
        /// First player.
        #[arg(short = 'a', long)]
        first: String,
        /// Second player.
        #[arg(short = 'b', long)]
        second: String,
        /// Multiplies every deadline.
        #[arg(long, default_value_t = 1.0)]
        time_scale: f64,
        /// Seed of the players' randomness.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Runs sample AI N (1..=10) on stdin/stdout; options as key=value words.
    SampleAi {
        number: u8,
        /// e.g. scale=2 base=10000 better=sum min=5 seed=3 bid=aggressive score=combo
        options: Vec<String>,
    },
    /// Writes deals in the official input-file format (12 lines per deal).
    Deals {
        #[arg(long, default_value_t = 1)]
        count: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Output file (default: stdout).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Sequential probability ratio test of X against Y (pentanomial, normalized Elo).
    Sprt {
        x: String,
        y: String,
        /// H0: normalized Elo = nelo0.
        #[arg(long, default_value_t = 0.0)]
        nelo0: f64,
        /// H1: normalized Elo = nelo1.
        #[arg(long, default_value_t = 5.0)]
        nelo1: f64,
        #[arg(long, default_value_t = 0.05)]
        alpha: f64,
        #[arg(long, default_value_t = 0.05)]
        beta: f64,
        /// Deal pairs between two looks at the test.
        #[arg(long, default_value_t = 500)]
        batch: usize,
        /// Give up undecided after this many deal pairs.
        #[arg(long, default_value_t = 200_000)]
        max_deals: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long, default_value_t = 1.0)]
        time_scale: f64,
        /// Continue an interrupted run of the same test, seed and batch size from the
        /// `resume` of its last batch line (`BATCHES:LL,LD,WL+DD,WD,WW`).
        #[arg(long, value_name = "POSITION")]
        resume: Option<String>,
    },
    /// Reads an official log: per-round review of one side, optional HTML, optional re-run
    /// of a program on that side's commands.
    Replay {
        log: PathBuf,
        /// Which side to review: first or second.
        #[arg(long, default_value = "first")]
        side: String,
        /// Also write an HTML report here.
        #[arg(long, value_name = "FILE")]
        html: Option<PathBuf>,
        /// Feed that side's commands to this program and compare its answers.
        #[arg(long, value_name = "CMD")]
        rerun: Option<String>,
        /// Per-answer timeout of the re-run, milliseconds.
        #[arg(long, default_value_t = 2000)]
        rerun_timeout_ms: u64,
    },
    /// Writes the contest submission: DIR/src/main.rs, DIR/data.bin, DIR/Cargo.toml.
    Export {
        dir: PathBuf,
        /// Step allocation: a row consulted w times per game gets step SCALE/√w units.
        #[arg(long, default_value_t = DEFAULT_STEP_POLICY.scale_units)]
        step_scale: f64,
        /// Finest step code (step = 2^code table units of 1/200 k-point).
        #[arg(long, default_value_t = DEFAULT_STEP_POLICY.finest_code)]
        finest: u8,
        /// Coarsest step code.
        #[arg(long, default_value_t = DEFAULT_STEP_POLICY.coarsest_code)]
        coarsest: u8,
        /// Games simulated for the row weights.
        #[arg(long, default_value_t = WEIGHT_GAMES)]
        weight_games: usize,
    },
    /// What the table in use (embedded, or --table) loses in play against the exact f64 table.
    TableAudit,
    /// One player, fair bundles: mean score against the table's expectation.
    Solitaire {
        #[arg(default_value_t = 100_000)]
        games: usize,
        #[arg(default_value_t = 1)]
        seed: u64,
    },
    /// Spread of the final difference around the table's prediction, by round.
    Calibrate {
        #[arg(default_value_t = 3000)]
        games: usize,
    },
    /// Per-rollout variance of the win curves' points, by sampler (common random
    /// numbers, antithetic coins), at the positions where the bot bids for the win.
    CurveVariance {
        /// Self-play games whose positions are measured.
        #[arg(default_value_t = 20)]
        games: usize,
        /// Rollouts per estimate.
        #[arg(long, default_value_t = 256)]
        rollouts: usize,
        /// Estimates (seeds) per position.
        #[arg(long, default_value_t = 16)]
        seeds: u64,
    },
    /// Spawn-to-OK and first-decision times of a bot program.
    Startup {
        /// The program (default: yacht-bot next to this harness).
        #[arg(long)]
        program: Option<PathBuf>,
        /// Working directory (e.g. the export's, where data.bin is).
        #[arg(long)]
        dir: Option<PathBuf>,
        #[arg(default_value_t = 50)]
        runs: usize,
    },
    /// Measures games per second (in-process and external).
    Speed {
        #[arg(long, default_value_t = 40_000)]
        games: usize,
        #[arg(long, default_value_t = 400)]
        external_games: usize,
        #[arg(long, default_value = "sample:2")]
        opponent: String,
        #[arg(long, default_value_t = 0)]
        threads: usize,
    },
}

#[derive(Args, Clone)]
struct RunArgs {
    /// Deal pairs (each deal is played twice, seats swapped).
    #[arg(long, default_value_t = DEFAULT_DEALS)]
    deals: usize,
    /// Seed of the deals and of the players' randomness.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Play the deals of this file instead (official input format, 12 lines per deal).
    #[arg(long, value_name = "FILE")]
    deal_file: Option<PathBuf>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Multiplies every deadline (3 s READY, 0.5 s ROLL and SCORE).
    #[arg(long, default_value_t = 1.0)]
    time_scale: f64,
    /// Save the official log of every game to this folder.
    #[arg(long, value_name = "DIR")]
    logs: Option<PathBuf>,
    /// With --logs: keep only the games X lost.
    #[arg(long)]
    losses_only: bool,
    /// Never draw a progress bar.
    #[arg(long)]
    no_progress: bool,
}

impl RunArgs {
    fn deals(&self) -> Result<Deals, String> {
        match &self.deal_file {
            Some(path) => read_deals(path).map(Deals::Listed),
            None => Ok(Deals::Seeded {
                seed: self.seed,
                count: self.deals,
            }),
        }
    }

    fn referee(&self) -> RefereeOptions {
        RefereeOptions {
            time_scale: self.time_scale,
            ..RefereeOptions::default()
        }
    }

    fn logs(&self) -> Option<LogSaving> {
        self.logs.clone().map(|dir| LogSaving {
            dir,
            losses_only: self.losses_only,
        })
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let table = cli.table.as_deref().map(tools::use_table_file).transpose();
    match table.and_then(|_| run(cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("harness: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(command: Cmd) -> Result<(), String> {
    match command {
        Cmd::Tournament {
            bot_cmd,
            bot,
            opponents,
            variants,
            run,
        } => {
            let x = match bot_cmd {
                Some(cmd) => PlayerSpec::Command(cmd),
                None => bot.parse()?,
            };
            let mut opponents: Vec<PlayerSpec> = if opponents.is_empty() {
                standard_opponents()
            } else {
                opponents
                    .iter()
                    .map(|o| o.parse())
                    .collect::<Result<_, _>>()?
            };
            if variants {
                opponents.extend(variant_opponents());
            }
            let config = TournamentConfig {
                x: x.clone(),
                opponents,
                deals: run.deals()?,
                threads: run.threads,
                referee: run.referee(),
                logs: run.logs(),
                progress: !run.no_progress,
            };
            let started = std::time::Instant::now();
            let outcomes = run_tournament(&config)?;
            print!("{}", tournament_table(&x.label(), &outcomes));
            println!("({:.1} s)", started.elapsed().as_secs_f64());
            Ok(())
        }
        Cmd::Gauntlet {
            bot,
            baseline,
            also,
            opponents,
            samples,
            nelo0,
            nelo1,
            run,
        } => {
            let mut opponents: Vec<PlayerSpec> = if opponents.is_empty() {
                harness::contest::POPULATION
                    .iter()
                    .map(|m| PlayerSpec::Contest(m.name))
                    .collect()
            } else {
                opponents
                    .iter()
                    .map(|o| o.parse())
                    .collect::<Result<_, _>>()?
            };
            if samples {
                opponents.extend(standard_opponents());
            }
            let config = harness::gauntlet::GauntletConfig {
                candidate: bot.parse()?,
                baseline: baseline.parse()?,
                also: also.iter().map(|a| a.parse()).collect::<Result<_, _>>()?,
                opponents,
                deals: run.deals()?,
                threads: run.threads,
                referee: run.referee(),
                progress: !run.no_progress,
            };
            let started = std::time::Instant::now();
            let rows = harness::gauntlet::run_gauntlet(&config)?;
            print!(
                "{}",
                harness::gauntlet::report(
                    &config.candidate.label(),
                    &config.baseline.label(),
                    &rows,
                    nelo0,
                    nelo1
                )
            );
            for (i, other) in config.also.iter().enumerate() {
                println!();
                print!(
                    "{}",
                    harness::gauntlet::report(
                        &config.candidate.label(),
                        &other.label(),
                        &harness::gauntlet::against_also(&rows, i),
                        nelo0,
                        nelo1
                    )
                );
            }
            println!("({:.1} s)", started.elapsed().as_secs_f64());
            Ok(())
        }
        Cmd::Match { x, y, run } => {
            let outcome = run_match(&MatchConfig {
                x: x.parse()?,
                y: y.parse()?,
                deals: run.deals()?,
                threads: run.threads,
                referee: run.referee(),
                logs: run.logs(),
                progress: !run.no_progress,
            })?;
            print!("{}", match_report(&outcome));
            Ok(())
        }
        Cmd::Play {
            input,
            log,
            first,
            second,
            time_scale,
            seed,
        } => {
            let deals = read_deals(&input)?;
            let [deal] = deals.as_slice() else {
                return Err(format!("{}: expected exactly one deal", input.display()));
            };
            let (first, second): (PlayerSpec, PlayerSpec) = (first.parse()?, second.parse()?);
            let options = RefereeOptions {
                time_scale,
                write_log: true,
                ..RefereeOptions::default()
            };
            let record = play_game(
                first.build()?.as_mut(),
                second.build()?.as_mut(),
                [seed, seed.wrapping_add(1)],
                deal,
                &options,
            )?;
            let text = record.log.unwrap_or_default();
            std::fs::write(&log, &text).map_err(|e| format!("{}: {e}", log.display()))?;
            println!(
                "result {}  FIRST {}  SECOND {}{}",
                record.result.log_text(),
                record.total_points[0],
                record.total_points[1],
                record
                    .abort
                    .map(|(s, r)| format!("  (ABORT {} {})", ["FIRST", "SECOND"][s], r.log_text()))
                    .unwrap_or_default()
            );
            Ok(())
        }
        Cmd::SampleAi { number, options } => {
            let mut ai = SampleAi::new(SampleConfig::with_options(number, &options)?);
            let stdin = std::io::stdin();
            stdio::run(&mut ai, stdin.lock(), std::io::stdout(), std::io::stderr())
                .map_err(|e| format!("stdout: {e}"))
        }
        Cmd::Deals { count, seed, out } => {
            let deals: Vec<Deal> = (0..count as u64)
                .map(|i| Deal::from_seed(seed, i))
                .collect();
            let text = deals_text(&deals);
            match out {
                Some(path) => {
                    std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
                }
                None => {
                    print!("{text}");
                    Ok(())
                }
            }
        }
        Cmd::Sprt {
            x,
            y,
            nelo0,
            nelo1,
            alpha,
            beta,
            batch,
            max_deals,
            seed,
            threads,
            time_scale,
            resume,
        } => {
            let resume = match resume {
                Some(text) => text.parse::<Resume>()?,
                None => Resume::default(),
            };
            let run = SprtRun {
                x: x.parse()?,
                y: y.parse()?,
                test: SprtConfig::with_error_rates(nelo0, nelo1, alpha, beta)?,
                seed,
                batch_deals: batch,
                max_deals,
                threads,
                referee: RefereeOptions {
                    time_scale,
                    ..RefereeOptions::default()
                },
                progress: true,
                resume,
            };
            let (status, decision) = run_sprt(&run, |status, position| {
                println!(
                    "{}  pairs {}  resume {position}",
                    status.summary(),
                    status.counts
                );
            })?;
            let verdict = match decision {
                Some(Decision::AcceptH1) => "H1 accepted (X is better by at least nelo1)",
                Some(Decision::AcceptH0) => "H0 accepted (X is not better by nelo1)",
                None => "undecided (max deals reached)",
            };
            println!("{verdict}: {}", status.summary());
            Ok(())
        }
        Cmd::Replay {
            log,
            side,
            html,
            rerun,
            rerun_timeout_ms,
        } => {
            let side = Side::from_arg(&side).ok_or("side must be first or second")?;
            let text =
                std::fs::read_to_string(&log).map_err(|e| format!("{}: {e}", log.display()))?;
            let game = replay::parse_log(&text).map_err(|e| format!("{}: {e}", log.display()))?;
            let review = replay::review(&game, side).map_err(|e| e.to_string())?;
            print!("{}", replay::text_report(&game, &review));
            if let Some(path) = html {
                std::fs::write(&path, replay::html_report(&game, &review))
                    .map_err(|e| format!("{}: {e}", path.display()))?;
            }
            if let Some(cmd) = rerun {
                let exchanges = replay::side_commands(&game, side);
                let outcome = replay::run_side(
                    &cmd,
                    &exchanges,
                    std::time::Duration::from_millis(rerun_timeout_ms),
                )?;
                print!("{}", replay::rerun_text(&outcome));
            }
            Ok(())
        }
        Cmd::Export {
            dir,
            step_scale,
            finest,
            coarsest,
            weight_games,
        } => {
            let policy = StepPolicy {
                scale_units: step_scale,
                finest_code: finest,
                coarsest_code: coarsest,
            };
            print!("{}", tools::export_to(&dir, &policy, weight_games)?);
            Ok(())
        }
        Cmd::TableAudit => {
            print!("{}", tools::table_audit()?);
            Ok(())
        }
        Cmd::Solitaire { games, seed } => {
            print!("{}", tools::solitaire(games, seed));
            Ok(())
        }
        Cmd::Calibrate { games } => {
            print!("{}", tools::calibrate(games));
            Ok(())
        }
        Cmd::CurveVariance {
            games,
            rollouts,
            seeds,
        } => {
            print!("{}", tools::curve_variance(games, rollouts, seeds));
            Ok(())
        }
        Cmd::Startup { program, dir, runs } => {
            let program = match program {
                Some(p) => p,
                None => sibling_binary("yacht-bot")?,
            };
            print!("{}", tools::startup(&program, dir.as_deref(), runs)?);
            Ok(())
        }
        Cmd::Speed {
            games,
            external_games,
            opponent,
            threads,
        } => {
            let exe = std::env::current_exe().map_err(|e| format!("own path: {e}"))?;
            let report = run_speed(
                &SpeedConfig {
                    in_process_games: games,
                    external_games,
                    opponent: opponent.parse()?,
                    threads,
                },
                &exe,
            )?;
            print!("{report}");
            Ok(())
        }
    }
}

/// A program built next to this harness (`target/release/NAME`).
fn sibling_binary(name: &str) -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("own path: {e}"))?;
    Ok(exe.with_file_name(name))
}
