//! The bid positions of a positions file (`harness positions`): the states of both
//! players before a round's roll, the two bundles that roll dealt, and the bids both made.
//! What the labeller ([`super::labels`]) and `harness measure net-fidelity` read.

use std::path::Path;

use yacht::engine::PlayerState;
use yacht::rules::auction::{Group, SealedBid};
use yacht::rules::dice::{parse_digits, Counts};

/// One auction of a positions file, from the first seat's view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BidPosition {
    pub deal: usize,
    pub game: usize,
    /// The auction's round (1..=12).
    pub round: u8,
    /// The first seat's state before the roll.
    pub me: PlayerState,
    /// The second seat's.
    pub opp: PlayerState,
    pub a: Counts,
    pub b: Counts,
    /// The bids the two seats made (`None` where the file has none: an aborted answer).
    pub my_bid: Option<SealedBid>,
    pub opp_bid: Option<SealedBid>,
}

fn state(fields: &[&str]) -> Result<PlayerState, String> {
    let number = |i: usize| -> Result<i64, String> {
        fields[i]
            .parse()
            .map_err(|_| format!("not a number: {:?}", fields[i]))
    };
    Ok(PlayerState {
        held: parse_digits(fields[0]).ok_or_else(|| format!("not dice: {:?}", fields[0]))?,
        used: number(1)? as u16,
        upper_k: number(2)? as u32,
        category_k: number(3)? as u32,
        bid_points: number(4)?,
    })
}

/// A bid as the positions file writes it (`A1234`), or `None` for an empty field.
fn bid(text: &str) -> Result<Option<SealedBid>, String> {
    if text.is_empty() {
        return Ok(None);
    }
    let group = Group::from_letter(&text[..1]).ok_or_else(|| format!("not a bid: {text:?}"))?;
    let amount = text[1..]
        .parse()
        .map_err(|_| format!("not a bid: {text:?}"))?;
    Ok(Some(SealedBid::new(group, amount)))
}

/// Every bid position of `path` whose round `keep` accepts, in file order.
pub fn read_bid_positions(
    path: &Path,
    keep: impl Fn(u8) -> bool,
) -> Result<Vec<BidPosition>, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    let header: Vec<&str> = lines
        .next()
        .ok_or_else(|| format!("{shown}: an empty positions file"))?
        .split(',')
        .collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .ok_or_else(|| format!("{shown}: no column {name}"))
    };
    let (deal, game, round, first, second) = (
        col("deal")?,
        col("game")?,
        col("round")?,
        col("first_held")?,
        col("second_held")?,
    );
    let (a, b, first_bid, second_bid) =
        (col("a")?, col("b")?, col("first_bid")?, col("second_bid")?);
    let mut out = Vec::new();
    for (n, line) in lines.enumerate() {
        let f: Vec<&str> = line.split(',').collect();
        if f.len() < header.len() {
            // A line cut by a run that stopped: the positions command plays it again.
            continue;
        }
        let at = |e: String| format!("{shown}: row {}: {e}", n + 1);
        let r: u8 = f[round].parse().map_err(|_| at("bad round".into()))?;
        if !keep(r) {
            continue;
        }
        let dice = |s: &str| parse_digits(s).ok_or_else(|| at(format!("not dice: {s:?}")));
        out.push(BidPosition {
            deal: f[deal].parse().map_err(|_| at("bad deal".into()))?,
            game: f[game].parse().map_err(|_| at("bad game".into()))?,
            round: r,
            me: state(&f[first..first + 5]).map_err(at)?,
            opp: state(&f[second..second + 5]).map_err(at)?,
            a: dice(f[a])?,
            b: dice(f[b])?,
            my_bid: bid(f[first_bid]).map_err(at)?,
            opp_bid: bid(f[second_bid]).map_err(at)?,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bids_read_back_as_written() {
        assert_eq!(bid("").unwrap(), None);
        assert_eq!(bid("A1234").unwrap(), Some(SealedBid::new(Group::A, 1234)));
        assert_eq!(bid("B0").unwrap(), Some(SealedBid::new(Group::B, 0)));
        assert!(bid("C12").is_err());
        assert!(bid("Axy").is_err());
    }
}
