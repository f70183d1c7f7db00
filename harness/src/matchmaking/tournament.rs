//! The bot against each of the ten sample AIs, on the same deals.

use super::matches::{run_match, LogSaving, MatchConfig, MatchOutcome, RunSettings};
use crate::player::PlayerSpec;
use crate::samples::{SampleConfig, SAMPLE_COUNT};

/// Deals per opponent by default: 200 games each (the bot bids for the win from round 2,
/// which costs rollouts: the README's first command takes about five minutes on 2 cores,
/// docs/results.md#timing).
pub const DEFAULT_DEALS: usize = 100;

/// A tournament: one player (X) against a list of opponents.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    pub x: PlayerSpec,
    pub opponents: Vec<PlayerSpec>,
    /// Logs go to `<dir>/<opponent label>/`.
    pub logs: Option<LogSaving>,
    pub run: RunSettings,
}

/// The ten sample AIs with their default constants.
pub fn standard_opponents() -> Vec<PlayerSpec> {
    (1..=SAMPLE_COUNT)
        .filter_map(|n| SampleConfig::standard(n).ok().map(PlayerSpec::Sample))
        .collect()
}

/// Other readings of the statement's sample AIs, beyond the defaults: harder and softer
/// bidders, other judges of "the better bundle", fixed non-zero amounts. The bot must
/// beat every reasonable reading, not one.
pub const VARIANTS: [&str; 10] = [
    "sample:2:amount=3000",
    "sample:3:amount=5000",
    "sample:6:better=sum",
    "sample:7:better=sum",
    "sample:7:scale=3,base=50000",
    "sample:9:scale=0.5,max=100000",
    "sample:10:better=sum",
    "sample:10:scale=0.35,base=2000",
    "sample:4:bid=defensive,better=sum",
    "sample:8:bid=aggressive,scale=2",
];

/// The variant opponents of [`VARIANTS`].
pub fn variant_opponents() -> Vec<PlayerSpec> {
    VARIANTS.iter().filter_map(|v| v.parse().ok()).collect()
}

/// Plays every match in turn (each match uses every core).
pub fn run_tournament(config: &TournamentConfig) -> Result<Vec<MatchOutcome>, String> {
    config
        .opponents
        .iter()
        .map(|opponent| {
            let logs = config.logs.as_ref().map(|saving| LogSaving {
                dir: saving
                    .dir
                    .join(opponent.label().replace([':', '/', ' '], "_")),
                losses_only: saving.losses_only,
            });
            run_match(&MatchConfig {
                x: config.x.clone(),
                y: opponent.clone(),
                logs,
                run: config.run.clone(),
            })
        })
        .collect()
}
