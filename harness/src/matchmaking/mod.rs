//! Games between players in numbers: matches, tournaments, the gauntlet and SPRTs, and
//! their reports. Every one of them plays its games through [`matches::run_match`].

// One player's games next to another's on the same deals: paired difference, games alike.
pub mod compare;
// The bot and a baseline against a population, side by side, with a paired SPRT.
pub mod gauntlet;
// Every pair of players on the same deals: crosstable, points, ratings.
pub mod league;
// Joining the per-game records of a run's shards into the report one run would print.
pub mod merge;
// Self-contained HTML pages: a league's heat map, an SPRT's LLR over its games.
pub mod pages;
// Matches: every deal played twice with the seats swapped, over all cores.
pub mod matches;
// Human-readable match reports and the tournament table.
pub mod report;
// Per-game records as JSON Lines: the schema, the writer, the reader.
pub mod results;
// Running an SPRT: deal batches played as matches until the test decides.
pub mod sprt;
// One player against each of a list of opponents (the ten sample AIs by default).
pub mod tournament;
