//! The judge binary's command line: play on stdin/stdout (the default), `bench`, `--version`.
//!
//! What the contest runs is `./main NYPC`, so the play path never refuses to start: an
//! argument it does not know (other than the judge's `NYPC`) is reported on stderr and
//! play goes on. Every other command fails on an unknown argument. Flags may stand before
//! or after the command word.
//!
//! The table: the binary plays with its embedded table unless `--table FILE` names a
//! `data.bin`; the contest export has no embedded table and reads `data.bin` from its
//! working directory. A missing or damaged file is reported and play goes on table-free.

use std::io::Write;
use std::process::ExitCode;

use std::fmt::Write as _;

use crate::engine::config::{set_option, switch_by_flag, SwitchKind, SWITCHES};
use crate::engine::tunables::TUNABLES;
use crate::engine::BotConfig;
use crate::table;

/// The help's width, in characters.
const HELP_WIDTH: usize = 96;

/// The help: the judge's usage first, then the switches, from [`SWITCHES`].
fn usage() -> String {
    let mut text = String::from(
        "\
usage: yacht-bot [NYPC]              play on stdin/stdout, the judge's protocol (what the judge
                                     runs: ./main NYPC); the table is the embedded one
       yacht-bot --table DATA_BIN    the same, with a data.bin instead (the contest export's)
       yacht-bot bench [GAMES] [--answers FILE] [--judge-clock]
                                     fixed deals through the real decision path: signature and
                                     speed; --answers writes every answer (game, decision, answer);
                                     --judge-clock plays with the clock and the answer budget (what
                                     the budget buys here; the signature then depends on the machine)
       yacht-bot --version           version and the table in use
       yacht-bot --tunables          the constants a tune may move (--tune KEY=VALUE sets one;
                                     the harness spells it bot:KEY=VALUE)
",
    );
    for (kind, heading) in [
        (
            SwitchKind::Reproducible,
            "\nReproducible play (the judge runs neither):\n  --no-clock                         the same as --clock 0\n",
        ),
        (SwitchKind::Level, "\nSkill levels, for people to play against:\n"),
        (
            SwitchKind::Experiment,
            "\nExperiment switches (each turns off or replaces a part of the default;\n\
             docs/experiments.md has its last measurement; the harness spells them bot:KEY=VALUE):\n",
        ),
    ] {
        text.push_str(heading);
        for s in SWITCHES.iter().filter(|s| s.kind == kind) {
            let mut line = format!("  {:<34}", format!("{} {}", s.flag, s.values));
            for word in s.help.split_whitespace() {
                if line.len() + 1 + word.len() > HELP_WIDTH {
                    let _ = writeln!(text, "{line}");
                    line = " ".repeat(37);
                } else {
                    line.push(' ');
                }
                line.push_str(word);
            }
            let _ = writeln!(text, "{line}");
        }
    }
    text
}

/// What to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Play,
    Bench { games: usize },
    Version,
    Help,
    Tunables,
}

/// A parsed command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub command: Command,
    pub config: BotConfig,
    /// A `data.bin` to play with instead of the embedded table.
    pub table: Option<String>,
    /// Where `bench` writes every answer.
    pub answers: Option<String>,
    /// Whether `bench` plays with the clock and the answer budget.
    pub judge_clock: bool,
    /// Arguments that were not understood.
    pub unknown: Vec<String>,
}

/// The judge's argument, which means nothing to us.
const JUDGE_ARGUMENT: &str = "NYPC";

/// Parses the arguments (without the program name).
pub fn parse(args: &[String]) -> Options {
    let mut options = Options {
        command: Command::Play,
        config: BotConfig::default(),
        table: None,
        answers: None,
        judge_clock: false,
        unknown: Vec::new(),
    };
    let mut i = 0;
    while i < args.len() {
        let arg = args[i].as_str();
        let value = args.get(i + 1);
        let mut took_value = false;
        if let Some(switch) = switch_by_flag(arg) {
            took_value = value.is_some();
            if let Err(e) = switch.apply(&mut options.config, value.map_or("", |v| v)) {
                options.unknown.push(format!("{} ({e})", switch.flag));
            }
            i += if took_value { 2 } else { 1 };
            continue;
        }
        match arg {
            "--no-clock" => options.config.use_clock = false,
            "--judge-clock" => options.judge_clock = true,
            "--table" => match value {
                Some(v) => {
                    options.table = Some(v.clone());
                    took_value = true;
                }
                None => options.unknown.push("--table needs a file".to_string()),
            },
            "--answers" => match value {
                Some(v) => {
                    options.answers = Some(v.clone());
                    took_value = true;
                }
                None => options.unknown.push("--answers needs a file".to_string()),
            },
            "--tune" => match value.map(|v| v.split_once('=')) {
                Some(Some((key, v))) => {
                    if let Err(e) = set_option(&mut options.config, key, v) {
                        options.unknown.push(format!("--tune ({e})"));
                    }
                    took_value = true;
                }
                _ => options.unknown.push("--tune needs KEY=VALUE".to_string()),
            },
            "--tunables" => options.command = Command::Tunables,
            "--version" | "version" => options.command = Command::Version,
            "--help" | "-h" | "help" => options.command = Command::Help,
            "bench" => {
                let games = value.and_then(|v| v.parse::<usize>().ok());
                took_value = games.is_some();
                options.command = Command::Bench {
                    games: games.unwrap_or(crate::bench::BENCH_GAMES),
                };
            }
            JUDGE_ARGUMENT => {}
            other => options.unknown.push(other.to_string()),
        }
        i += if took_value { 2 } else { 1 };
    }
    // A weights file is read now, so that a damaged one is reported before play.
    if let Some(path) = options.config.net_file
        && let Err(e) = crate::engine::learned::net::from_file(path)
    {
        options.unknown.push(format!("--net ({e})"));
        options.config.net_file = None;
    }
    options
}

/// Runs the command line; the exit code is 0 whenever the bot played.
pub fn main(args: &[String]) -> ExitCode {
    let options = parse(args);
    let mut stderr = std::io::stderr();
    for u in &options.unknown {
        let _ = writeln!(stderr, "yacht-bot: unknown argument {u}");
    }
    if !options.unknown.is_empty() && options.command != Command::Play {
        let _ = write!(stderr, "{}", usage());
        return ExitCode::from(2);
    }
    if options.command == Command::Help {
        print!("{}", usage());
        return ExitCode::SUCCESS;
    }
    if options.command == Command::Tunables {
        print!("{}", tunables_list());
        return ExitCode::SUCCESS;
    }
    let file = options.table.as_deref().or(table::DATA_FILE);
    if let Some(path) = file
        && let Err(e) = table::load(path)
    {
        let _ = writeln!(stderr, "yacht-bot: {path}: {e}; playing without the table");
    }
    match options.command {
        Command::Version => print_version(),
        Command::Bench { games } => {
            let report = crate::bench::run_with(games, options.config, options.judge_clock);
            print!("{}", crate::bench::format_report(&report));
            if let Some(path) = &options.answers
                && let Err(e) = std::fs::write(path, &report.answers)
            {
                let _ = writeln!(stderr, "yacht-bot: {path}: {e}");
                return ExitCode::from(1);
            }
        }
        _ => {
            let stdin = std::io::stdin();
            crate::session::run(
                stdin.lock(),
                std::io::stdout(),
                std::io::stderr(),
                options.config,
            );
        }
    }
    ExitCode::SUCCESS
}

/// The tunables, one a line: key, default, the range a tune takes it over, its step.
fn tunables_list() -> String {
    let mut text = format!(
        "{:<16} {:>10} {:>20} {:>10}\n",
        "key", "default", "range", "step"
    );
    for t in TUNABLES {
        let range = format!("{}..{}", t.min, t.max);
        let _ = writeln!(
            text,
            "{:<16} {:>10} {:>20} {:>10}",
            t.key, t.default, range, t.step
        );
    }
    text.push_str(
        "\nConstants set by hand (src/engine/tunables.rs says what each is): --tune KEY=VALUE\n\
         sets one, bot:KEY=VALUE in the harness; harness tune --tunables tunes them all.\n",
    );
    text
}

fn print_version() {
    println!(
        "yacht-bot {}",
        option_env!("CARGO_PKG_VERSION").unwrap_or("(version unknown)")
    );
    println!("table: {} ({} rows)", table::source(), table::layout_rows());
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Bidder;

    fn args(words: &str) -> Vec<String> {
        words.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn flags_parse_the_same_before_and_after_the_command() {
        let before = parse(&args(
            "--bidder equilibrium --win-from 0 --regret-limit 0 --control-variate 0 --maximin-model 0 --earnings-gate 0 --no-clock bench 12",
        ));
        let after = parse(&args(
            "bench 12 --bidder equilibrium --win-from 0 --regret-limit 0 --control-variate 0 --maximin-model 0 --earnings-gate 0 --clock 0",
        ));
        assert_eq!(before, after);
        assert_eq!(before.command, Command::Bench { games: 12 });
        assert_eq!(before.config.bidder, Bidder::Equilibrium);
        assert_eq!(before.config.win_from_round, 0);
        assert!(!before.config.regret_limit);
        assert!(!before.config.use_clock);
        assert!(!before.config.control_variate);
        assert!(!before.config.maximin_model);
        assert!(!before.config.earnings_gate);
        assert!(before.unknown.is_empty());
    }

    #[test]
    fn the_judge_argument_is_silent_and_others_are_reported() {
        let judge = parse(&args("NYPC"));
        assert_eq!(judge.command, Command::Play);
        assert!(judge.unknown.is_empty());
        let odd = parse(&args("NYPC --fast bench --bidder nobody"));
        assert_eq!(odd.unknown.len(), 2, "{:?}", odd.unknown);
        assert_eq!(
            odd.command,
            Command::Bench {
                games: crate::bench::BENCH_GAMES
            }
        );
        let table = parse(&args("--table data.bin"));
        assert_eq!(table.table.as_deref(), Some("data.bin"));
    }
}
