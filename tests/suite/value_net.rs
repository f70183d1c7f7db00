//! The bot evaluates the value network as its trainer does: on held-out positions of every
//! round the network values, `harness/learn/train.py` wrote its win probability at several
//! transfers (`tests/fixtures/value-net-reference.csv`, from the raw states of the positions
//! file); the bot recomputes the inputs from the same raw states with its own code
//! (`engine::learned::features`) and evaluates the embedded weights in plain Rust.

use yacht::engine::learned::features::{features, rest_points};
use yacht::engine::learned::net::{embedded, embedded_bytes};
use yacht::engine::PlayerState;
use yacht::rules::dice::parse_digits;

const REFERENCE: &str = include_str!("../fixtures/value-net-reference.csv");
/// The weights the reference was made with: a new network needs a new reference.
const REFERENCE_WEIGHTS_FNV: &str = include_str!("../fixtures/value-net-reference.fnv");

fn state(fields: &[&str]) -> PlayerState {
    PlayerState {
        held: parse_digits(fields[0]).expect("dice"),
        used: fields[1].parse().expect("used"),
        upper_k: fields[2].parse().expect("upper"),
        category_k: fields[3].parse().expect("category"),
        bid_points: fields[4].parse().expect("bids"),
    }
}

#[test]
fn the_bot_evaluates_the_network_as_the_trainer_does() {
    let hash = format!(
        "{:016x}",
        yacht::solver::quantize::fnv1a64(embedded_bytes())
    );
    assert_eq!(
        hash,
        REFERENCE_WEIGHTS_FNV.trim(),
        "data/value-net.bin is not the network the reference was written for: rerun \
         docs/runs/value-net.sh (it writes both)"
    );
    let net = embedded().expect("the embedded network reads");
    let worst = largest_difference(net, REFERENCE, 10);
    eprintln!("largest difference from the trainer: {worst:.2e}");
}

/// A shifted network (YVN3: the mixture's mean learned off the table's expectation,
/// `distill.py --shift`, issue 78) as its trainer evaluates it: a small one trained from
/// a random start on played-futures labels, so that its shift is not zero
/// (docs/runs/value-net-shifted-fixture.sh wrote both files).
#[test]
fn the_bot_evaluates_a_shifted_network_as_the_trainer_does() {
    let bytes = include_bytes!("../fixtures/value-net-shifted-small.bin");
    assert_eq!(&bytes[..4], b"YVN3");
    let net = yacht::engine::learned::net::Net::from_bytes(bytes).expect("the network reads");
    let reference = include_str!("../fixtures/value-net-shifted-small-reference.csv");
    let worst = largest_difference(&net, reference, 5);
    eprintln!("largest difference from the trainer: {worst:.2e}");
}

/// The largest difference between the bot's win probabilities and the trainer's in
/// `reference` (rows of raw states and the trainer's values at its transfers), each
/// within 2e-5; the rows cover at least `rounds` rounds.
fn largest_difference(
    net: &yacht::engine::learned::net::Net,
    reference: &str,
    rounds_at_least: usize,
) -> f64 {
    let mut lines = reference.lines();
    let header: Vec<&str> = lines.next().expect("a header").split(',').collect();
    let deltas: Vec<f64> = header
        .iter()
        .filter_map(|h| h.strip_prefix("p_at_"))
        .map(|d| d.parse().expect("a transfer"))
        .collect();
    assert!(deltas.len() >= 3, "{header:?}");
    let mut rounds = std::collections::BTreeSet::new();
    let mut worst: f64 = 0.0;
    for line in lines {
        let f: Vec<&str> = line.split(',').collect();
        let round: u8 = f[0].parse().expect("round");
        rounds.insert(round);
        let (me, opp) = (state(&f[1..6]), state(&f[6..11]));
        let x = features(&me, &opp, round);
        let mixture = net
            .rest_difference(&x, rest_points(&me) - rest_points(&opp), round)
            .shifted((me.total_points() - opp.total_points()) as f64);
        for (i, delta) in deltas.iter().enumerate() {
            let trainer: f64 = f[11 + i].parse().expect("probability");
            let bot = mixture.above(*delta);
            worst = worst.max((bot - trainer).abs());
            assert!(
                (bot - trainer).abs() < 2e-5,
                "round {round} at {delta}: the bot {bot}, the trainer {trainer} ({line})"
            );
        }
    }
    assert!(
        rounds.len() >= rounds_at_least,
        "rounds the network values: {rounds:?}"
    );
    worst
}
