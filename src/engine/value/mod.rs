//! What a position and a bundle are worth by the table: a player's position (`state`), its best
//! scoring (`choice`, memoised for the rollouts by `choice_cache`), and the two bundles' prices
//! for both players with the equilibrium bid (`bidding`); `noise`, the same values seen
//! through noise of a set size (the skill levels).

pub mod bidding;
pub mod choice;
pub mod choice_cache;
pub mod noise;
pub mod state;
