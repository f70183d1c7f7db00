//! The repertoire component of the opponent model: the opponent bids again an amount it has
//! bid before in this game.
//!
//! Why: real contest bots bid from a palette: one of the public bots (bw_main) bid only
//! multiples of 1,000 (0, 1,000, 5,000, 10,000, 20,000, 50,000, 80,000, 100,000) and
//! repeated an amount of the same game in 44% of its bids; another (bw_8.14) bid 0, 3 and
//! 5,001 again and again (docs/experiments.md#repertoire). No habit predicts a jump from
//! 3 to 5,001; the amounts themselves do. The component's amount is one seen before, by
//! its count, or a new one (the unexplained component's uniform), with the Chinese
//! restaurant's odds: after `n` bids a new amount has probability `1 / (n + 1)`.

use super::habits::BROAD_DENSITY;
use crate::protocol::Group;
/// The concentration of the amounts' process: the weight, in bids, of a new amount.
const NEW_AMOUNT_WEIGHT: f64 = 1.0;

/// The opponent's amounts and groups so far.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Repertoire {
    /// Each distinct amount with its count, in the order first seen.
    amounts: Vec<(u32, u32)>,
    /// Bids seen, and those on A.
    bids: u32,
    asks_a: u32,
}

impl Repertoire {
    /// The probability of the group asked for, from the groups seen (one of each before).
    pub fn group_probability(&self, group: Group) -> f64 {
        let a = (f64::from(self.asks_a) + 1.0) / (f64::from(self.bids) + 2.0);
        match group {
            Group::A => a,
            Group::B => 1.0 - a,
        }
    }

    /// The share of the next amount that is new (not one seen before).
    pub fn new_share(&self) -> f64 {
        NEW_AMOUNT_WEIGHT / (f64::from(self.bids) + NEW_AMOUNT_WEIGHT)
    }

    /// The likelihood of a bid (group, amount): the group's probability times the amount's
    /// (a seen amount's share, plus the new share spread uniformly).
    pub fn likelihood(&self, group: Group, amount: u32) -> f64 {
        let seen = self
            .amounts
            .iter()
            .find(|&&(a, _)| a == amount)
            .map_or(0.0, |&(_, count)| f64::from(count));
        let total = f64::from(self.bids) + NEW_AMOUNT_WEIGHT;
        self.group_probability(group) * (seen / total + self.new_share() * BROAD_DENSITY)
    }

    /// The amounts seen, each with the share of the next bid's amount it takes.
    pub fn seen_shares(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        let total = f64::from(self.bids) + NEW_AMOUNT_WEIGHT;
        self.amounts
            .iter()
            .map(move |&(amount, count)| (amount, f64::from(count) / total))
    }

    /// Records a bid.
    pub fn record(&mut self, group: Group, amount: u32) {
        self.bids += 1;
        if group == Group::A {
            self.asks_a += 1;
        }
        match self.amounts.iter_mut().find(|(a, _)| *a == amount) {
            Some((_, count)) => *count += 1,
            None => self.amounts.push((amount, 1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn before_any_bid_it_is_the_uniform() {
        let r = Repertoire::default();
        assert_eq!(r.new_share(), 1.0);
        assert!((r.likelihood(Group::A, 3) - 0.5 * BROAD_DENSITY).abs() < 1e-15);
        assert_eq!(r.seen_shares().count(), 0);
    }

    #[test]
    fn a_repeated_amount_takes_its_share() {
        let mut r = Repertoire::default();
        for (group, amount) in [(Group::A, 3), (Group::B, 5_001), (Group::A, 3)] {
            r.record(group, amount);
        }
        // Three bids and one new: 2/4 on 3, 1/4 on 5,001, 1/4 new.
        let shares: Vec<(u32, f64)> = r.seen_shares().collect();
        assert_eq!(shares, vec![(3, 0.5), (5_001, 0.25)]);
        assert_eq!(r.new_share(), 0.25);
        let total: f64 = shares.iter().map(|s| s.1).sum::<f64>() + r.new_share();
        assert!((total - 1.0).abs() < 1e-12);
        // Groups: 2 of 3 on A, from one of each: 3/5.
        assert!((r.group_probability(Group::A) - 0.6).abs() < 1e-12);
        let l = r.likelihood(Group::A, 3);
        assert!((l - 0.6 * (0.5 + 0.25 * BROAD_DENSITY)).abs() < 1e-12);
        assert!(r.likelihood(Group::B, 4) < 1e-5);
    }
}
