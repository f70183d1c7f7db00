//! Measurements of the bot and its table that are not games between players: the
//! solitaire mean, the table audit, the calibration of the endgame's spread, start-up
//! times. They live here, not in the judge binary, which holds only the bot, `bench` and
//! `--version`; `harness/src/tools.rs` formats their output.

pub mod audit;
pub mod calibrate;
pub mod curve_variance;
pub mod solitaire;
pub mod startup;
