//! The exact value table of the scoring game, solved by backward induction.
//!
//! Compiled into the library and, through `#[path]`, into `build.rs`, which runs
//! [`solve::solve`] once per build and embeds the quantised result in the bot.

pub mod layout;
pub mod model;
pub mod quantize;
pub mod solve;
