//! Hints: what the bot would do in the person's seat, and the person's chances as it
//! estimates them. The engine's own decisions on the person's view of the game, with the
//! opponent model the bot would have learnt from the opponent's bids so far; computed off
//! the request threads, once per turn, only when asked for.

use serde::Serialize;
use yacht::engine::bot::decide_bid;
use yacht::engine::scoring::decide_put;
use yacht::engine::search::endgame::win_probability_between_rounds;
use yacht::engine::search::wincurve::after_table_scoring;
use yacht::engine::BotConfig;
use yacht::protocol::Owed;

use crate::human::Table;

/// The bot's advice for one turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Hint {
    pub turn: u64,
    /// `BID A 1234`, or `PUT FULL_HOUSE 33366`.
    pub advice: String,
    /// The person's probability of winning (a draw counts half) as the bot estimates it:
    /// before this round's auction for a bid; for a scoring, once both have scored, the
    /// person as advised and the opponent by the table.
    pub p_win: f64,
}

/// The bot at full strength, with fixed rollout counts (the same advice on any machine).
fn advisor() -> BotConfig {
    BotConfig {
        use_clock: false,
        rng_seed: Some(0),
        ..BotConfig::DEFAULT
    }
}

/// The hint for the turn `table` is at, or `None` when no move is due.
pub fn hint(table: &Table) -> Option<Hint> {
    let config = advisor();
    let view = &table.view;
    let drift_points = view.opp_skill.expected_loss_points(view.round);
    let (advice, p_win) = match table.owed? {
        Owed::Bid => {
            let (group, amount, _) = decide_bid(view, &config, &table.model);
            let finished_round = view.round.saturating_sub(1);
            let p =
                win_probability_between_rounds(&view.me, &view.opp, finished_round, drift_points);
            (format!("BID {group} {amount}"), p)
        }
        Owed::Put => {
            let (category, dice) = decide_put(view, &config).ok()?;
            let mut me = view.me;
            me.apply_score(category, &dice.counts()).ok()?;
            let opp = after_table_scoring(&view.opp, &[0; 6]);
            // The round being scored (13 has no auction, so it is not `view.round`).
            let round = table.rounds.last()?.round;
            let p = win_probability_between_rounds(&me, &opp, round, drift_points);
            (format!("PUT {category} {dice}"), p)
        }
        Owed::Ok => return None,
    };
    Some(Hint {
        turn: table.turn,
        advice,
        p_win,
    })
}
