//! The Yacht Auction harness: a referee with the official judge's exact behaviour,
//! in-process and external players, the ten sample AIs, matches and tournaments.
//!
//! The rules are never re-implemented here: scoring, the auction and the protocol come
//! from the bot crate (`yacht`).

pub mod cli;
pub mod contest;
pub mod distributed;
pub mod export;
pub mod html;
pub mod i18n;
pub mod learning;
pub mod matchmaking;
pub mod measure;
pub mod player;
pub mod referee;
pub mod replay;
pub mod review;
pub mod rollout;
pub mod samples;
pub mod stats;
pub mod tuning;
pub mod words;
