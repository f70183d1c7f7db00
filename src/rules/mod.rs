//! The rules core: dice multisets, category scoring and the auction.
//!
//! The dice and category modules are compiled twice: into the bot library and, through
//! `#[path]`, into `build.rs`, which solves the value table with them. One source of truth,
//! so the table and the bot can never disagree on a score or an index.

pub mod auction;
pub mod category;
pub mod dice;
