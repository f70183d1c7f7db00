//! Yacht Auction bot: rules core, exact value table, decisions and protocol.

pub mod engine;
pub mod protocol;
pub mod rules;
pub mod session;
pub mod solver;
pub mod table;
