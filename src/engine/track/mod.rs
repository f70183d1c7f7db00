//! Both players followed from the commands: the game as one view (`view`), with what it learns
//! on the way, the opponent's scoring skill (`skill`) and what each auction earned against the
//! equilibrium's split (`earnings`).

pub mod earnings;
pub mod skill;
pub mod view;
