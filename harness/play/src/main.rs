//! `yacht-play`: a person against the bot in the browser. Serves the page on
//! 127.0.0.1:8080 (loopback only, unless `--listen` says otherwise) and prints its address.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use yacht_play::api::Server;
use yacht_play::opponents::{menu, parse_program};
use yacht_play::store::Store;

#[derive(Parser)]
#[command(about = "Play Yacht Auction against the bot in the browser")]
struct Args {
    /// The port on 127.0.0.1.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Listen on this address instead (e.g. 0.0.0.0:8080: other machines can then play,
    /// and start games that cost this machine CPU).
    #[arg(long, value_name = "ADDR")]
    listen: Option<SocketAddr>,
    /// A further name the server answers to, as the browser sends it in `Host` (e.g.
    /// `mybox.lan`, with `--listen 0.0.0.0:8080`); repeatable. Requests naming any other
    /// host are refused, so that no other web page can reach the server by DNS rebinding.
    #[arg(long = "host", value_name = "NAME")]
    hosts: Vec<String>,
    /// Where games are written as they are played (and resumed from).
    #[arg(long, value_name = "DIR", default_value = "games")]
    games: PathBuf,
    /// A program to offer as an opponent, NAME=COMMAND (split on white space, no shell);
    /// repeatable. The page can only choose among these, never name a command.
    #[arg(long = "player", value_name = "NAME=COMMAND", value_parser = parse_program)]
    players: Vec<(String, String)>,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let addr = args
        .listen
        .unwrap_or(SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), args.port));
    if !addr.ip().is_loopback() {
        eprintln!(
            "yacht-play: warning: listening on {addr}, beyond this machine: anyone who can reach it can start games here"
        );
    }
    let run = async {
        let store = Store::open(&args.games)?;
        let listener = yacht_play::bind(addr).await?;
        let shown = listener.local_addr().map_err(|e| e.to_string())?;
        println!(
            "yacht-play: open http://{shown}/ (games in {})",
            args.games.display()
        );
        yacht_play::serve(
            listener,
            Server::new(store, menu(&args.players)),
            &args.hosts,
        )
        .await
        .map_err(|e| e.to_string())
    };
    match run.await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("yacht-play: {e}");
            ExitCode::FAILURE
        }
    }
}
