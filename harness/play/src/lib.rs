//! Play Yacht Auction against the bot in the browser: a local game server and its page.
//!
//! `yacht-play` serves one page and a JSON API on loopback. A game runs through the
//! harness's referee, and so through the one play loop (`yacht::game::play`), with the
//! person as one more player ([`human`]); the opponent (the bot at a skill level, a sample
//! AI, or a program named on the command line) thinks on its own thread ([`threaded`]).
//! Every game is written as it is played ([`store`]) and resumes after a reload or a
//! restart of the server.

pub mod api;
pub mod game;
pub mod guard;
pub mod hints;
pub mod human;
pub mod matches;
pub mod opponents;
pub mod page;
pub mod settle;
pub mod store;
pub mod threaded;

use std::net::SocketAddr;
use std::sync::Arc;

/// Starts serving on `listener` until the process ends, answering only to the names of
/// the address it listens on and `hosts` ([`guard::AllowedHosts`]).
pub async fn serve(
    listener: tokio::net::TcpListener,
    server: api::Server,
    hosts: &[String],
) -> std::io::Result<()> {
    let allowed = guard::AllowedHosts::for_listener(listener.local_addr()?, hosts);
    axum::serve(listener, api::router(Arc::new(server), allowed)).await
}

/// Binds `addr` (a busy port is an error, said plainly).
pub async fn bind(addr: SocketAddr) -> Result<tokio::net::TcpListener, String> {
    tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))
}
