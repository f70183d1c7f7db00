//! The win search: win curves (`wincurve`), the rollouts that estimate them (`rollout`,
//! calibrated by `control_variate`), the round's search (`endgame`: exact in round 12,
//! enumerated in 11, the network or rollouts before), and `positions`, the same searched in full for the review of a finished game.

pub mod anytime;
pub mod control_variate;
pub mod endgame;
pub mod positions;
pub mod rollout;
pub mod wincurve;
