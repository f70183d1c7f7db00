//! Tuning the bot's constants: SPSA over named `bot:` keys (`spsa`), played against a pool
//! of opponents on the same deal pairs and read from luck-adjusted results (`run`), and
//! each parameter's own effect read back from the tune's games (`effects`). A tuned set is
//! confirmed by `harness sprt --adjusted` against the default on deals the tune never saw.

pub mod effects;
pub mod run;
pub mod spsa;
