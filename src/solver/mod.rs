//! The exact value table of the scoring game, solved by backward induction.
//!
//! Compiled into the library and, through `#[path]`, into `build.rs`, which runs
//! [`solve::solve`] once per build and embeds the quantised result in the bot.

pub mod layout;
#[cfg(not(yacht_export))]
pub mod model;
#[cfg(not(yacht_export))]
pub mod moments;
pub mod quantize;
#[cfg(not(yacht_export))]
pub mod solve;
