//! `yacht-bot`: the Yacht Auction bot. The judge runs it as `./main NYPC`; see
//! [`yacht::cli`] for the command line.

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    yacht::cli::main(&args)
}
