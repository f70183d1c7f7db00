//! What our asks have earned next to the equilibrium's split of the swing, auction by
//! auction, and what that predicts for the auctions left.
//!
//! The win curves and the decided-game gate play the auctions left as two equilibrium
//! bidders would ([`crate::engine::search::rollout`]): each auction splits its swing in half, so in
//! expectation they move nothing. A bidder that asks for 0, or far below the equilibrium,
//! gives up to half the swing of every auction to whoever bids against it, so against it a
//! game is decided rounds before the table alone would say so (as [`super::skill`] finds
//! for a poor scorer). Against an equilibrium bidder our asks earn nothing above the split,
//! and nothing changes.

use crate::engine::tunables::PRIOR_AUCTIONS;
use crate::protocol::Group;
use crate::rules::auction::AUCTION_ROUNDS;

/// Auctions of no edge assumed before the first one is seen, for the signed earnings per
/// auction ([`AuctionEarnings::edge_per_auction_points`]): signed, it needs more shrinkage
/// than the gate's floor at zero. Set by hand with the futures' edge, a switch since
/// removed (docs/experiments/2026-11-27-futures-edge.md#futures-edge).
pub const EDGE_PRIOR_AUCTIONS: f64 = 3.0;

/// The auctions so far, judged against the equilibrium's split of the swing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AuctionEarnings {
    /// What our own asks earned above half the swing, points (each auction's rounded
    /// down to a whole point), summed over the auctions.
    pub points: i64,
    /// Auctions judged.
    pub auctions: u8,
}

impl AuctionEarnings {
    /// Judges one settled auction of swing `swing_points` (positive favours A): we got
    /// `got`, and the bids moved the difference of bid scores (ours less theirs) by
    /// `bid_move_points`. Half the swing is the equilibrium's split: getting A is
    /// worth `S` next to getting B, so what we got, next to the middle, is `±S / 2`.
    pub fn observe(&mut self, swing_points: i64, got: Group, bid_move_points: i64) {
        let bundle = match got {
            Group::A => swing_points,
            Group::B => -swing_points,
        };
        // Twice the earnings, in integers, halved once.
        self.points += (bundle + 2 * bid_move_points).div_euclid(2);
        self.auctions = self.auctions.saturating_add(1);
    }

    /// What the auctions after round `round`'s are expected to earn, points: what our
    /// asks earned per auction so far (with the prior), never below zero, times the
    /// auctions left. What our asks earned, not what the best reply to the opponent's
    /// would have: our limits take an opponent's gifts only as fast as the model earns
    /// trust, so this is what we can count on, and it only grows as they widen.
    pub fn expected_points(&self, round: u8) -> f64 {
        let left = (AUCTION_ROUNDS as f64 - f64::from(round)).max(0.0);
        let per_auction = self.points as f64 / (f64::from(self.auctions) + PRIOR_AUCTIONS.get());
        per_auction.max(0.0) * left
    }

    /// What our asks earned per auction so far, points, signed (a loss read as a loss),
    /// shrunk towards none by [`EDGE_PRIOR_AUCTIONS`]: what `harness measure odds` records
    /// with each forecast.
    pub fn edge_per_auction_points(&self) -> f64 {
        self.points as f64 / (f64::from(self.auctions) + EDGE_PRIOR_AUCTIONS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SWING: i64 = 8_000;

    #[test]
    fn an_equilibrium_tie_earns_nothing_either_way() {
        let mut earnings = AuctionEarnings::default();
        // Both ask A for a quarter of the swing. Winning the coin costs our 2,000 and
        // pays theirs to them; losing it the other way round.
        earnings.observe(SWING, Group::A, -4_000);
        earnings.observe(SWING, Group::B, 4_000);
        assert_eq!((earnings.points, earnings.auctions), (0, 2));
        assert_eq!(earnings.expected_points(2), 0.0);
    }

    #[test]
    fn a_zero_bidder_gives_the_swing_away() {
        let mut earnings = AuctionEarnings::default();
        // It asks for the favoured group with 0; our equilibrium bid takes it for 2,000.
        earnings.observe(SWING, Group::A, -2_000);
        assert_eq!(earnings.points, 2_000);
        // B favoured; it asks for A with 0: each gets its own, ours for our 2,000.
        earnings.observe(-SWING, Group::B, -2_000);
        assert_eq!((earnings.points, earnings.auctions), (4_000, 2));
        // Per auction with one auction of prior: 4,000 / 3, times the ten auctions after
        // round 2's.
        let expected = earnings.expected_points(2);
        assert!((expected - 40_000.0 / 3.0).abs() < 1e-6, "{expected}");
        // Nothing is left to earn after the last auction.
        assert_eq!(earnings.expected_points(12), 0.0);
    }

    #[test]
    fn an_over_bidder_pays_and_a_loss_is_not_projected() {
        let mut earnings = AuctionEarnings::default();
        // It pays 6,000 for the favoured group where we asked 2,000: we get B and 8,000
        // of difference, 4,000 above half the swing.
        earnings.observe(SWING, Group::B, 8_000);
        assert_eq!(earnings.points, 4_000);
        // We asked B for 3,000 where A is worth 8,000 more: a loss, not projected.
        let mut lost = AuctionEarnings::default();
        lost.observe(SWING, Group::B, -3_000);
        assert_eq!(lost.points, -7_000);
        assert_eq!(lost.expected_points(2), 0.0);
        // The signed earnings per auction keep it, shrunk: -7,000 / (1 + 3).
        assert!((lost.edge_per_auction_points() + 1_750.0).abs() < 1e-9);
    }
}
