//! The crate's integration tests, one binary: cargo runs test binaries one after another,
//! and the tests of one binary side by side, so one binary keeps both cores busy (and
//! links once). Each file is a module as it was a test of its own.

#[path = "../common/mod.rs"]
mod common;

mod bench;
mod binary;
mod decided;
mod endgame;
mod game;
mod layers;
mod levels;
mod record;
mod rng;
mod scoring;
mod solver_exact;
mod table;
mod value_net;
