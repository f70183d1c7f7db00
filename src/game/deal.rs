//! Deals: the dice and tie-breakers of one game, in the official input-file format.
//!
//! One deal is 12 lines `aaaaa bbbbb t` (bundles A and B of rounds 1..12 and the
//! tie-breaker: `0` the first player wins an equal bid, `1` the second). A deal file holds
//! any number of deals back to back; blank lines and lines starting with `#` are ignored,
//! so a single official input file is a deal file with one deal.

use std::fmt::Write as _;

use crate::protocol::Hand;
use crate::rng::Pcg64;
use crate::rules::auction::AUCTION_ROUNDS;

/// One round's bundles and tie-breaker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealRound {
    pub a: Hand,
    pub b: Hand,
    /// Seat (0 = first, 1 = second) that gets the group on equal bids.
    pub tie_winner: u8,
}

/// The whole random input of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deal {
    pub rounds: [DealRound; AUCTION_ROUNDS],
}

impl Deal {
    /// Deal number `index` of the sequence determined by `seed`: every deal has its own
    /// generator, so any deal can be reproduced alone and workers need no coordination.
    /// (The harness's matches; the draws are rand 0.8's `gen_range` on rand_pcg's Pcg64,
    /// round by round: A, B, tie-breaker.)
    pub fn from_seed(seed: u64, index: u64) -> Deal {
        let mut rng = Pcg64::seed_from_u64(mix(seed, index));
        let hand = |rng: &mut Pcg64| Hand(std::array::from_fn(|_| rng.u8_inclusive(1, 6)));
        let rounds = std::array::from_fn(|_| DealRound {
            a: hand(&mut rng),
            b: hand(&mut rng),
            tie_winner: rng.u8_inclusive(0, 1),
        });
        Deal { rounds }
    }

    /// `count` deals drawn one after another from one generator seeded with `seed` (the
    /// bench's deals: all bundles of a deal first, then its tie-breakers).
    pub fn seeded(seed: u64, count: usize) -> Vec<Deal> {
        let mut rng = Pcg64::seed_from_u64(seed);
        (0..count)
            .map(|_| {
                let mut hand = || Hand(std::array::from_fn(|_| rng.u8_inclusive(1, 6)));
                let bundles: [(Hand, Hand); AUCTION_ROUNDS] =
                    std::array::from_fn(|_| (hand(), hand()));
                let ties: [u8; AUCTION_ROUNDS] = std::array::from_fn(|_| rng.u8_inclusive(0, 1));
                Deal {
                    rounds: std::array::from_fn(|r| DealRound {
                        a: bundles[r].0,
                        b: bundles[r].1,
                        tie_winner: ties[r],
                    }),
                }
            })
            .collect()
    }

    /// The official input-file text (12 lines, each ending with a newline).
    pub fn to_input_text(&self) -> String {
        let mut out = String::with_capacity(AUCTION_ROUNDS * 14);
        for r in &self.rounds {
            let _ = writeln!(out, "{} {} {}", r.a, r.b, r.tie_winner);
        }
        out
    }
}

/// SplitMix64-style mixing of (seed, index) into one generator seed.
pub fn mix(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Parses one `aaaaa bbbbb t` line.
fn parse_round(line: &str) -> Result<DealRound, String> {
    let toks: Vec<&str> = line.split_ascii_whitespace().collect();
    let [a, b, t] = toks.as_slice() else {
        return Err(format!("expected `aaaaa bbbbb t`, got {line:?}"));
    };
    let a = Hand::parse(a).ok_or_else(|| format!("bad dice {a:?} in {line:?}"))?;
    let b = Hand::parse(b).ok_or_else(|| format!("bad dice {b:?} in {line:?}"))?;
    let tie_winner = match *t {
        "0" => 0,
        "1" => 1,
        _ => return Err(format!("tie-breaker must be 0 or 1, got {t:?}")),
    };
    Ok(DealRound { a, b, tie_winner })
}

/// Parses deal-file text: a positive multiple of 12 round lines.
pub fn parse_deals(text: &str) -> Result<Vec<Deal>, String> {
    let mut rounds = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        rounds.push(parse_round(trimmed).map_err(|e| format!("line {}: {e}", n + 1))?);
    }
    if rounds.is_empty() || rounds.len() % AUCTION_ROUNDS != 0 {
        return Err(format!(
            "{} round lines: a deal file needs a positive multiple of {AUCTION_ROUNDS}",
            rounds.len()
        ));
    }
    Ok(rounds
        .chunks_exact(AUCTION_ROUNDS)
        .map(|chunk| Deal {
            rounds: std::array::from_fn(|i| chunk[i]),
        })
        .collect())
}

/// Reads a deal file.
pub fn read_deals(path: &std::path::Path) -> Result<Vec<Deal>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_deals(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Deal-file text for several deals, separated by a comment line naming each.
pub fn deals_text(deals: &[Deal]) -> String {
    let mut out = String::new();
    for (i, d) in deals.iter().enumerate() {
        if deals.len() > 1 {
            let _ = writeln!(out, "# deal {i}");
        }
        out.push_str(&d.to_input_text());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_text_round_trips() {
        let deals: Vec<Deal> = (0..3).map(|i| Deal::from_seed(7, i)).collect();
        assert_eq!(parse_deals(&deals_text(&deals)), Ok(deals.clone()));
        assert_eq!(parse_deals(&deals[0].to_input_text()), Ok(vec![deals[0]]));
        assert_ne!(deals[0], deals[1]);
        assert_eq!(Deal::from_seed(7, 1), deals[1]);
        let bench = Deal::seeded(7, 2);
        assert_eq!(parse_deals(&deals_text(&bench)), Ok(bench));
    }

    #[test]
    fn malformed_files_are_rejected() {
        assert!(parse_deals("").is_err());
        assert!(parse_deals("12345 12345 0\n").is_err());
        let bad = "12345 12345 2\n".repeat(12);
        assert!(parse_deals(&bad).is_err());
        let bad = "12345 12375 0\n".repeat(12);
        assert!(parse_deals(&bad).is_err());
    }
}
