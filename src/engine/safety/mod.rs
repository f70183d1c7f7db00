//! The safety accounts: the auction's payoff arithmetic in points and on win curves (`payoff`),
//! the stakes at which the model has held (`trust`), and the per-game accounts that limit how
//! far a bid strays from the safe bid (`account`).

pub mod account;
pub mod payoff;
pub mod trust;
