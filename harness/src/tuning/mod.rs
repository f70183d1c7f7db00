//! Tuning a player's parameters: SPSA (`spsa`) over the bot's `bot:` keys or a program's
//! `{KEY}`s (`player`), played against a pool of opponents on the same deal pairs, a
//! batch of iterations at once on this machine or on many (`crate::distributed`), and read
//! from luck-adjusted results (`run`), and each parameter's own effect read back from the
//! tune's games (`effects`). A tuned set is confirmed by `harness sprt --adjusted` against
//! the default on deals the tune never saw.

pub mod effects;
pub mod player;
pub mod run;
pub mod spsa;
