//! Games between players in numbers: matches, tournaments, the gauntlet and SPRTs, and
//! their reports. Every one of them plays its games through [`matches::run_match`].

// The bot and a baseline against a population, side by side, with a paired SPRT.
pub mod gauntlet;
// Matches: every deal played twice with the seats swapped, over all cores.
pub mod matches;
// Human-readable match reports and the tournament table.
pub mod report;
// Running an SPRT: deal batches played as matches until the test decides.
pub mod sprt;
// One player against each of a list of opponents (the ten sample AIs by default).
pub mod tournament;
