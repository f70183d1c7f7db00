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
    let mut lines = REFERENCE.lines();
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
    assert_eq!(
        rounds.len(),
        10,
        "every round the network values: {rounds:?}"
    );
    eprintln!("largest difference from the trainer: {worst:.2e}");
}
