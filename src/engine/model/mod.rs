//! The opponent model: the features of an auction (`features`), the bidding habits that explain
//! the opponent's bids (`habits`) and their weights, updated from every `GET`, as one
//! prediction (`opponent`); and which kind of design bids (`design`: an equilibrium, a
//! win-seeker, another); and the repertoire (`repertoire`: the opponent bids an amount
//! again).

pub mod design;
pub mod features;
pub mod habits;
pub mod opponent;
pub mod repertoire;
