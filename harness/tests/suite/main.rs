//! The harness's integration tests, one binary: cargo runs test binaries one after
//! another, and the tests of one binary side by side, so one binary keeps both cores busy
//! (and links once). Each file is a module as it was a test of its own. `deadlines.rs` stays
//! apart: it loads every core on purpose, and times answers by the wall clock.

#[path = "../common/mod.rs"]
mod common;

mod calibrate;
mod contest;
mod curve_variance;
mod explain;
mod export;
mod external;
mod golden;
mod hosts;
mod labels;
mod luck;
mod match_review;
mod readme;
mod referee;
mod results;
mod review;
mod rollout;
mod safety;
mod samples;
mod solitaire;
mod tune;
