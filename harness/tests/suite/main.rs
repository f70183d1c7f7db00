//! The harness's integration tests, one binary: cargo runs test binaries one after
//! another, and the tests of one binary side by side, so one binary keeps both cores busy
//! (and links once). Each file is a module as it was a test of its own. Two stay apart:
//! `export.rs` installs the contest table for its whole process, and `deadlines.rs` loads
//! every core on purpose.

#[path = "../common/mod.rs"]
mod common;

mod calibrate;
mod contest;
mod curve_variance;
mod explain;
mod external;
mod golden;
mod readme;
mod referee;
mod results;
mod review;
mod safety;
mod samples;
mod solitaire;
