//! The learned value of a position between rounds: what the rest of the game's score
//! difference may be, as a distribution the bot reads win curves off in microseconds.
//!
//! Trained outside (`learn/train.py`, PyTorch, on `harness positions`' self-play games),
//! evaluated inside: `features` is the one definition of the network's inputs (the
//! positions file writes them, the bot evaluates on them), `net` the weights' format and
//! the forward pass, in plain Rust (the export carries the weights in its source, as
//! `base64` text).

pub mod base64;
pub mod features;
pub mod net;
