//! The opponent model: the features of an auction (`features`), the bidding habits that explain
//! the opponent's bids (`habits`) and their weights, updated from every `GET`, as one
//! prediction (`opponent`).

pub mod features;
pub mod habits;
pub mod opponent;
