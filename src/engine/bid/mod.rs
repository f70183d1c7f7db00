//! The bid answers to the opponent model within the safety limits: in points (`response`) and
//! in win probability (`winbid`).

pub mod response;
pub mod winbid;
