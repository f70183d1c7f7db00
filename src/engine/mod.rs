//! Decisions: pure functions of the tracked game state. Nothing here reads or prints.

pub mod bidding;
pub mod bot;
pub mod choice;
pub mod choice_cache;
pub mod config;
pub mod control_variate;
pub mod earnings;
pub mod endgame;
pub mod features;
pub mod habits;
pub mod opponent;
pub mod payoff;
pub mod response;
pub mod rollout;
pub mod safety;
pub mod scoring;
pub mod skill;
pub mod state;
pub mod table_player;
pub mod trust;
pub mod view;
pub mod winbid;
pub mod wincurve;

pub use bot::Bot;
pub use config::{Bidder, BotConfig};
pub use state::PlayerState;
pub use table_player::{Reply, TablePlayer};
pub use view::GameView;
