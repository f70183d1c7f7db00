//! The win search: win curves (`wincurve`), the rollouts that estimate them (`rollout`,
//! calibrated by `control_variate`), and the round's search (`endgame`: exact in round 12,
//! enumerated in 11, rollouts before), `lean` (what the rollouts' futures do not play,
//! learnt from results), and `positions`, the same searched in full for the review of a
//! finished game.

pub mod anytime;
pub mod control_variate;
pub mod endgame;
pub mod lean;
pub mod positions;
pub mod rollout;
pub mod wincurve;
