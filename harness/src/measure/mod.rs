//! Measurements of the bot and its table: the solitaire mean, the table audit, the
//! calibration of the endgame's spread and its state-by-state form, the win curves'
//! variance by sampler, where the win-round bids lose next to knowing the opponent's bid
//! (`regret.rs`, from games against one opponent), whether the bot's win probabilities
//! and bid predictions are true (`odds.rs`, `odds_output.rs`), the review's level estimate
//! against every level and opponent
//! (`levels.rs`), start-up
//! times (none of them games between players), and games per second (`speed.rs`). They
//! live here, not in the judge binary, which holds only the bot, `bench` and `--version`;
//! `output.rs` formats the output of those that are not games.

pub mod audit;
pub mod benchmark;
pub mod calibrate;
pub mod curve_variance;
pub mod levels;
pub mod net_fidelity;
pub mod observed;
pub mod odds;
pub mod odds_output;
pub mod output;
pub mod regret;
pub mod solitaire;
pub mod speed;
pub mod startup;
pub mod state_spread;
