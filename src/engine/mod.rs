//! Decisions: pure functions of the tracked game state. Nothing here reads or prints.
//!
//! Folders by concern, bottom first (ARCHITECTURE.md states the order, `tests/suite/layers.rs`
//! keeps it): `tunables` (the constants set by hand that a tune may move), `config`, then `value` (what positions and bundles are worth by the table), `learned`
//! (the learned value of a position),
//! `track` (both players followed from the commands), `model` (the opponent's bids),
//! `search` (win curves), `safety` (the accounts that limit a bid), `bid` (the answers),
//! and at the top the scoring decision, the player that tracks and scores, and the bot.

pub mod bid;
pub mod bot;
pub mod config;
pub mod learned;
pub mod model;
pub mod safety;
pub mod scoring;
pub mod search;
pub mod table_player;
pub mod track;
pub mod tunables;
pub mod value;

pub use bot::Bot;
pub use config::{Bidder, BotConfig};
pub use table_player::{Reply, TablePlayer};
pub use track::view::GameView;
pub use value::state::PlayerState;
