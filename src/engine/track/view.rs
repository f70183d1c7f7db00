//! The game as one player sees it, updated from the judge's commands.

use super::earnings::AuctionEarnings;
use super::skill::ScoringSkill;
use crate::engine::value::bidding::bundle_values;
use crate::engine::value::state::PlayerState;
use crate::protocol::{Command, Group, Hand};
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
    /// How well the opponent has scored so far, by the table.
    pub opp_skill: ScoringSkill,
    /// What our asks have earned next to the equilibrium's split so far.
    pub auction_earnings: AuctionEarnings,
}

impl GameView {
    /// Advances the view with what `command` reveals: `READY` starts a new game, `ROLL`
    /// opens an auction (a repeated `ROLL` replaces it without counting a round), `GET`
    /// and `SET` apply the auction's result and the opponent's scoring. `SCORE` and
    /// `FINISH` change nothing here (our own scoring is applied by whoever decides it).
    /// Returns what could not be explained. Every player that tracks the game uses this.
    pub fn advance(&mut self, command: &Command) -> Option<String> {
        match *command {
            Command::Ready => {
                *self = GameView::default();
                None
            }
            Command::Roll { a, b } => {
                let repeated = self.roll.is_some();
                if !repeated {
                    self.round += 1;
                }
                self.roll = Some((a, b));
                repeated.then(|| "ROLL again before GET: replacing the open auction".to_string())
            }
            Command::Get {
                got,
                opp_group,
                opp_amount,
            } => self.apply_get(got, opp_group, opp_amount),
            Command::Set { category, dice } => self.apply_opponent_score(category, &dice),
            Command::Score | Command::Finish => None,
        }
    }

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
        // The swing as the bids priced it, before the bundles arrive.
        let swing_points = self.roll.map(|(a, b)| {
            bundle_values(&self.me, &self.opp, &a.counts(), &b.counts()).swing_points()
        });
        let bid_difference_before = self.me.bid_points - self.opp.bid_points;
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
        if let (Some(swing_points), Some(_)) = (swing_points, self.my_bid) {
            let bid_move_points =
                (self.me.bid_points - self.opp.bid_points) - bid_difference_before;
            self.auction_earnings
                .observe(swing_points, got, bid_move_points);
        }
        self.roll = None;
        self.my_bid = None;
        warning
    }

    /// Applies the opponent's `SET`. On a scoring our tracking cannot explain, the category
    /// is still marked used (so we never expect it again) and a warning is returned.
    pub fn apply_opponent_score(&mut self, category: Category, dice: &Hand) -> Option<String> {
        self.opp_skill.observe(&self.opp, category, &dice.counts());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advance_tracks_a_round_and_guards_a_repeated_roll() {
        let mut view = GameView::default();
        assert_eq!(view.advance(&Command::Ready), None);
        let roll = Command::Roll {
            a: Hand([1, 1, 2, 3, 4]),
            b: Hand([6, 6, 6, 5, 5]),
        };
        assert_eq!(view.advance(&roll), None);
        assert!(view.advance(&roll).is_some(), "a second ROLL is reported");
        assert_eq!(view.round, 1, "and not counted as a round");
        view.my_bid = Some((Group::B, 300));
        let get = Command::Get {
            got: Group::B,
            opp_group: Group::B,
            opp_amount: 200,
        };
        assert_eq!(view.advance(&get), None);
        // We got B and pay our 300; the opponent did not get the group it asked for, so it
        // gains its own 200.
        assert_eq!(view.me.held, [0, 0, 0, 0, 2, 3]);
        assert_eq!(view.opp.held, [2, 1, 1, 1, 0, 0]);
        assert_eq!((view.me.bid_points, view.opp.bid_points), (-300, 200));
        assert!(view.roll.is_none() && view.my_bid.is_none());
        assert_eq!(view.auction_earnings.auctions, 1);
        assert!(
            view.advance(&get).is_some(),
            "a GET without a ROLL is reported"
        );
        assert_eq!(view.auction_earnings.auctions, 1, "and judges no auction");
        view.advance(&Command::Ready);
        assert_eq!(view, GameView::default());
    }

    /// Round 1's auction with both asking for the favoured group: `ours` against `theirs`,
    /// and we get `got`. Returns the swing and the earnings booked.
    fn first_auction(ours: u32, theirs: u32, got_favoured: bool) -> (i64, i64) {
        let mut view = GameView::default();
        let (a, b) = (Hand([6, 6, 6, 6, 5]), Hand([1, 2, 2, 3, 4]));
        view.advance(&Command::Roll { a, b });
        let swing = bundle_values(&view.me, &view.opp, &a.counts(), &b.counts()).swing_points();
        assert!(swing > 4_000, "A is the better bundle for both: {swing}");
        view.my_bid = Some((Group::A, ours));
        let got = if got_favoured { Group::A } else { Group::B };
        view.advance(&Command::Get {
            got,
            opp_group: Group::A,
            opp_amount: theirs,
        });
        (swing, view.auction_earnings.points)
    }

    #[test]
    fn auctions_are_judged_against_the_equilibrium_split() {
        let quarter = |swing: i64| (swing as u32 + 2) / 4;
        // Two equilibrium bids tie; whoever the coin favours, neither earns (but rounding).
        let (swing, won) = first_auction(0, 0, true);
        let q = quarter(swing);
        let (_, tie_won) = first_auction(q, q, true);
        let (_, tie_lost) = first_auction(q, q, false);
        assert!(
            tie_won.abs() <= 1 && tie_lost.abs() <= 1,
            "{tie_won} {tie_lost}"
        );
        // Against a zero bid, our equilibrium bid earns a quarter of the swing, and 0
        // earns half of it.
        let (_, against_zero) = first_auction(q, 0, true);
        assert!(
            (against_zero - swing / 4).abs() <= 1,
            "{against_zero} {swing}"
        );
        assert!((won - swing / 2).abs() <= 1, "{won} {swing}");
        // An opponent that overpays by the swing gives us half of it again.
        let (_, overpaid) = first_auction(q, q + (swing as u32) / 2, false);
        assert!((overpaid - swing / 2).abs() <= 2, "{overpaid} {swing}");
    }
}
