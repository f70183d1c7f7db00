//! What the learned value is trained on: positions from seeded games between any two
//! players (`harness positions`), each with the game's result and the luck still to come,
//! and their auctions labelled by rollouts of both assignments (`harness label`).
//! The training itself is `learn/train.py`; the network is evaluated by the bot
//! (`yacht::engine::learned`).

pub mod bid_positions;
pub mod labels;
pub mod positions;
