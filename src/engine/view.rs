//! The game as one player sees it, updated from the judge's commands.

use super::state::PlayerState;
use crate::protocol::{Group, Hand};
use crate::rules::category::Category;

/// Both players' states plus the auction in progress.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameView {
    /// Number of `ROLL`s seen (the round of the current auction, 1..=12).
    pub round: u8,
    pub me: PlayerState,
    pub opp: PlayerState,
    /// The bundles of the auction in progress.
    pub roll: Option<(Hand, Hand)>,
    /// Our bid in the auction in progress.
    pub my_bid: Option<(Group, u32)>,
}

impl GameView {
    /// The bundle of `group` in the auction in progress.
    pub fn bundle(&self, group: Group) -> Option<Hand> {
        self.roll.map(|(a, b)| match group {
            Group::A => a,
            Group::B => b,
        })
    }

    /// Applies `GET got opp_group opp_amount`: bundles and bid scores of both players.
    /// Returns a warning when the auction was not open.
    pub fn apply_get(&mut self, got: Group, opp_group: Group, opp_amount: u32) -> Option<String> {
        let mut warning = None;
        match (self.bundle(got), self.bundle(got.other())) {
            (Some(mine), Some(theirs)) => {
                self.me.receive(&mine.counts());
                self.opp.receive(&theirs.counts());
            }
            _ => warning = Some("GET without a ROLL before it: bundles unknown".to_string()),
        }
        if let Some((group, amount)) = self.my_bid {
            let amount = amount as i64;
            self.me.bid_points += if group == got { -amount } else { amount };
        }
        // The opponent received the other group.
        let amount = opp_amount as i64;
        self.opp.bid_points += if opp_group == got.other() {
            -amount
        } else {
            amount
        };
        self.roll = None;
        self.my_bid = None;
        warning
    }

    /// Applies the opponent's `SET`. On a scoring our tracking cannot explain, the category
    /// is still marked used (so we never expect it again) and a warning is returned.
    pub fn apply_opponent_score(&mut self, category: Category, dice: &Hand) -> Option<String> {
        match self.opp.apply_score(category, &dice.counts()) {
            Ok(_) => None,
            Err(e) => {
                self.opp.used |= category.bit();
                Some(format!(
                    "opponent SET {category} {dice} does not match its tracked state ({e:?})"
                ))
            }
        }
    }
}
