//! Throughput measurement: in-process games, and games between two external processes.

use std::fmt::Write as _;
use std::path::Path;

use crate::matchmaking::matches::{
    run_match, Deals, MatchConfig, MatchOutcome, RunSettings, Shard,
};
use crate::player::PlayerSpec;
use crate::referee::RefereeOptions;

/// What to measure.
#[derive(Clone, Debug)]
pub struct SpeedConfig {
    /// Games of the in-process bot against an in-process sample AI.
    pub in_process_games: usize,
    /// Games between two `harness sample-ai` processes.
    pub external_games: usize,
    /// The in-process opponent.
    pub opponent: PlayerSpec,
    pub threads: usize,
}

fn measure(
    x: PlayerSpec,
    y: PlayerSpec,
    games: usize,
    threads: usize,
) -> Result<MatchOutcome, String> {
    run_match(&MatchConfig {
        x,
        y,
        logs: None,
        run: RunSettings {
            deals: Deals::Seeded {
                seed: 12345,
                count: games.div_ceil(2).max(1),
            },
            threads,
            referee: RefereeOptions::default(),
            progress: true,
            shard: Shard::WHOLE,
            only: None,
            results: None,
        },
    })
}

fn line(out: &mut String, what: &str, o: &MatchOutcome) {
    let _ = writeln!(
        out,
        "{what}: {} games in {:.2} s on {} threads = {:.0} games/s ({:.1} µs per game per thread)",
        o.stats.games,
        o.elapsed.as_secs_f64(),
        o.threads,
        o.games_per_second(),
        o.elapsed.as_secs_f64() * 1e6 * o.threads as f64 / o.stats.games.max(1) as f64
    );
}

/// Runs the measurements; `harness_exe` is the harness binary (for `sample-ai`).
pub fn run_speed(config: &SpeedConfig, harness_exe: &Path) -> Result<String, String> {
    let mut out = String::new();
    if config.in_process_games > 0 {
        let opponent = &config.opponent;
        let fast: PlayerSpec = "bot:win=0".parse()?;
        let runs = [
            // The table and the opponent model without the win-probability search: what
            // the harness spends per game in A/B tests of everything else.
            (
                format!("in-process {} vs {}", fast.label(), opponent.label()),
                fast,
                config.in_process_games,
            ),
            // The default bot searches for the win from round 2 (rollouts): fewer games.
            (
                format!("in-process bot (default) vs {}", opponent.label()),
                PlayerSpec::Bot(Default::default()),
                (config.in_process_games / 50).max(200),
            ),
            // Two sample AIs show how much of the time is the bot's.
            (
                format!("in-process {} vs itself", opponent.label()),
                opponent.clone(),
                config.in_process_games,
            ),
        ];
        for (what, x, games) in runs {
            let o = measure(x, opponent.clone(), games, config.threads)?;
            line(&mut out, &what, &o);
        }
    }
    if config.external_games > 0 {
        let exe = harness_exe.display();
        let a: PlayerSpec = format!("cmd:{exe} sample-ai 2").parse()?;
        let b: PlayerSpec = format!("cmd:{exe} sample-ai 3").parse()?;
        let o = measure(a, b, config.external_games, config.threads)?;
        line(&mut out, "external sample-ai 2 vs sample-ai 3", &o);
    }
    Ok(out)
}
