//! The auction: who gets which bundle, and what each bid scores.

/// Rounds with an auction (round 13 has none).
pub const AUCTION_ROUNDS: usize = 12;

/// One player's sealed bid: `group` is 0 for A, 1 for B; `amount` in judge points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SealedBid {
    pub group: u8,
    pub amount: u32,
}

/// The outcome of one auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuctionOutcome {
    /// Group (0 = A, 1 = B) each player receives, indexed by player (0 = first).
    pub received: [u8; 2],
    /// Change of each player's bid score, in judge points.
    pub bid_points: [i64; 2],
}

/// Resolves two sealed bids. `tie_winner` (0 or 1) gets the asked group when both ask for
/// the same group with the same amount.
///
/// Different groups: each gets its own. Same group: the higher amount gets it, the other
/// gets the other group. A player that got the group it asked for loses its amount; one
/// that did not gains its own amount.
pub fn resolve(bids: [SealedBid; 2], tie_winner: u8) -> AuctionOutcome {
    let received = if bids[0].group != bids[1].group {
        [bids[0].group, bids[1].group]
    } else {
        let first_wins = match bids[0].amount.cmp(&bids[1].amount) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => tie_winner == 0,
        };
        let g = bids[0].group;
        if first_wins {
            [g, 1 - g]
        } else {
            [1 - g, g]
        }
    };
    let mut bid_points = [0i64; 2];
    for p in 0..2 {
        let amount = bids[p].amount as i64;
        bid_points[p] = if received[p] == bids[p].group {
            -amount
        } else {
            amount
        };
    }
    AuctionOutcome {
        received,
        bid_points,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bid(group: u8, amount: u32) -> SealedBid {
        SealedBid { group, amount }
    }

    #[test]
    fn different_groups_both_pay() {
        let o = resolve([bid(0, 300), bid(1, 500)], 0);
        assert_eq!(o.received, [0, 1]);
        assert_eq!(o.bid_points, [-300, -500]);
    }

    #[test]
    fn same_group_higher_wins_loser_earns() {
        let o = resolve([bid(1, 300), bid(1, 500)], 0);
        assert_eq!(o.received, [0, 1]);
        assert_eq!(o.bid_points, [300, -500]);
    }

    #[test]
    fn equal_bids_follow_the_tie_breaker() {
        let o = resolve([bid(0, 700), bid(0, 700)], 0);
        assert_eq!(o.received, [0, 1]);
        assert_eq!(o.bid_points, [-700, 700]);
        let o = resolve([bid(0, 700), bid(0, 700)], 1);
        assert_eq!(o.received, [1, 0]);
        assert_eq!(o.bid_points, [700, -700]);
    }
}
