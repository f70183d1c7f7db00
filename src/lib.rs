//! Yacht Auction bot: rules core, exact value table, decisions and protocol.

pub mod rules;
pub mod solver;
pub mod table;
