//! The play server's integration tests, one binary: cargo runs test binaries one after
//! another, and the tests of one binary side by side, so the browser test and the load
//! test share the two cores instead of taking turns. Each file is a module as it was a test
//! of its own.

#[path = "../common/mod.rs"]
mod common;

mod api;
mod browser;
mod connections;
mod load;
mod resume;
