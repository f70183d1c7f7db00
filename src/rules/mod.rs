//! The rules core: dice multisets and category scoring.
//!
//! This module is compiled twice: into the bot library and, through `#[path]`, into
//! `build.rs`, which solves the value table with it. One source of truth, so the table
//! and the bot can never disagree on a score or an index.

pub mod category;
pub mod dice;
