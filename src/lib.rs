//! Yacht Auction bot: rules core, exact value table, the game core, decisions and
//! protocol. What measures the bot (beyond `bench`) lives in the harness crate; items
//! marked `#[cfg(not(yacht_export))]` are left out of the contest export (`harness
//! export`, one generated source file).

pub mod bench;
pub mod cli;
pub mod clock;
pub mod engine;
pub mod game;
pub mod protocol;
pub mod rng;
pub mod rules;
pub mod session;
pub mod solver;
pub mod table;
