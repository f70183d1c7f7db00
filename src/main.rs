//! `yacht-bot`: the Yacht Auction bot. With no subcommand it plays on stdin/stdout.
fn main() {
    let stdin = std::io::stdin();
    let end = yacht::session::run(
        stdin.lock(),
        std::io::stdout(),
        std::io::stderr(),
        Default::default(),
    );
    let _ = end;
}
