//! `harness`: referee, sample AIs, matches and tournaments for the Yacht Auction bot.
//! Run `harness --help` for the commands; they are defined in `harness::cli`.

use std::process::ExitCode;

use clap::Parser;

use harness::cli::{run, Cli};

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("harness: {e}");
            ExitCode::FAILURE
        }
    }
}
