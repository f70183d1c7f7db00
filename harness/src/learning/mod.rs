//! What the learned value is trained on: positions from seeded games between any two
//! players (`harness positions`), each with the game's result and the luck still to come.
//! The training itself is `learn/train.py`; the network is evaluated by the bot
//! (`yacht::engine::learned`).

pub mod positions;
