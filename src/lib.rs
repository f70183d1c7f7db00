//! Yacht Auction bot: rules core, exact value table, decisions and protocol.

pub mod audit;
pub mod bench;
pub mod calibrate;
pub mod engine;
pub mod protocol;
pub mod rules;
pub mod selfplay;
pub mod session;
pub mod solitaire;
pub mod solver;
pub mod startup;
pub mod table;
