//! The auction: the two groups, who gets which bundle, and what each bid scores. The one
//! payoff rule: the referee, the play loop and the bidding code's expectations all call
//! [`resolve`] (directly or through [`our_outcomes`]).

use std::fmt;

/// Rounds with an auction (round 13 has none).
pub const AUCTION_ROUNDS: usize = 12;

/// A bundle group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Group {
    A,
    B,
}

impl Group {
    /// Both groups, in index order.
    pub const BOTH: [Group; 2] = [Group::A, Group::B];

    /// The other group.
    pub const fn other(self) -> Group {
        match self {
            Group::A => Group::B,
            Group::B => Group::A,
        }
    }

    /// 0 for A, 1 for B (for arrays indexed by group).
    pub const fn index(self) -> usize {
        match self {
            Group::A => 0,
            Group::B => 1,
        }
    }

    /// Protocol letter.
    pub const fn letter(self) -> char {
        match self {
            Group::A => 'A',
            Group::B => 'B',
        }
    }

    /// The group of a protocol letter (`A` or `B`, nothing else).
    pub fn from_letter(token: &str) -> Option<Group> {
        match token {
            "A" => Some(Group::A),
            "B" => Some(Group::B),
            _ => None,
        }
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One player's sealed bid: the group asked for and the amount in judge points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SealedBid {
    pub group: Group,
    pub amount: u32,
}

impl SealedBid {
    pub const fn new(group: Group, amount: u32) -> SealedBid {
        SealedBid { group, amount }
    }
}

/// The outcome of one auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuctionOutcome {
    /// Group each player receives, indexed by player (0 = first).
    pub received: [Group; 2],
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
            [g, g.other()]
        } else {
            [g.other(), g]
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

/// One player's view of an auction whose tie-breaker it cannot know: for each way an exact
/// tie could fall (it wins the tie, it loses it), the group it receives and its bid score
/// minus the opponent's, in judge points. The two are the same unless the bids tie; the
/// bidding code averages them (a tie-breaker is a fair coin).
pub fn our_outcomes(ours: SealedBid, theirs: SealedBid) -> [(Group, i64); 2] {
    [0, 1].map(|tie_winner| {
        let o = resolve([ours, theirs], tie_winner);
        (o.received[0], o.bid_points[0] - o.bid_points[1])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    use Group::{A, B};

    fn bid(group: Group, amount: u32) -> SealedBid {
        SealedBid { group, amount }
    }

    #[test]
    fn different_groups_both_pay() {
        let o = resolve([bid(A, 300), bid(B, 500)], 0);
        assert_eq!(o.received, [A, B]);
        assert_eq!(o.bid_points, [-300, -500]);
    }

    #[test]
    fn same_group_higher_wins_loser_earns() {
        let o = resolve([bid(B, 300), bid(B, 500)], 0);
        assert_eq!(o.received, [A, B]);
        assert_eq!(o.bid_points, [300, -500]);
    }

    #[test]
    fn equal_bids_follow_the_tie_breaker() {
        let o = resolve([bid(A, 700), bid(A, 700)], 0);
        assert_eq!(o.received, [A, B]);
        assert_eq!(o.bid_points, [-700, 700]);
        let o = resolve([bid(A, 700), bid(A, 700)], 1);
        assert_eq!(o.received, [B, A]);
        assert_eq!(o.bid_points, [700, -700]);
    }

    #[test]
    fn our_outcomes_differ_only_on_a_tie() {
        let [win, lose] = our_outcomes(bid(A, 700), bid(A, 700));
        assert_eq!(win, (A, -1400));
        assert_eq!(lose, (B, 1400));
        let [x, y] = our_outcomes(bid(A, 300), bid(B, 500));
        assert_eq!(x, (A, 200));
        assert_eq!(x, y);
        let [x, y] = our_outcomes(bid(B, 300), bid(B, 500));
        assert_eq!((x, y), ((A, 800), (A, 800)));
    }
}
