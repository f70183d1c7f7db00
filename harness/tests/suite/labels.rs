//! The distillation's databases: `harness label` labels a positions file's auctions with
//! rollouts that the bot's own code reproduces, resumes a cut file to the same bytes,
//! splits into shards that add up to the whole; the benchmark judges a valuation by the
//! bids it makes on the reference curves.

use std::path::{Path, PathBuf};

use harness::learning::bid_positions::read_bid_positions;
use harness::learning::labels::{
    children_of, grid_curve, read_labels, run_labels, transfer_grid, FutureCount, LabelConfig,
    LabelRun,
};
use harness::learning::positions::{run_positions, PositionsConfig};
use harness::matchmaking::matches::Deals;
use harness::measure::benchmark::{benchmark, judge, Judged};
use harness::referee::RefereeOptions;
use yacht::engine::search::rollout::{play_rollouts_from, sample_futures};
use yacht::engine::search::wincurve::WinCurve;
use yacht::engine::value::choice_cache::ChoiceCache;
use yacht::game::deal::mix;
use yacht::rules::auction::{Group, SealedBid};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yacht-labels-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// Three deals of the equilibrium bidder against itself, once for all the tests here.
fn positions_file() -> &'static Path {
    static FILE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    FILE.get_or_init(|| {
        let dir = temp_dir("positions");
        let out = dir.join("eq.csv");
        let eq = "bot:bidder=equilibrium,win=0,clock=0";
        run_positions(&PositionsConfig {
            x: eq.parse().expect("a player"),
            y: eq.parse().expect("a player"),
            deals: Deals::Seeded { seed: 5, count: 3 },
            threads: 2,
            referee: RefereeOptions::default(),
            progress: false,
            out: out.clone(),
        })
        .expect("the positions");
        out
    })
}

fn config(out: &Path, shard: [usize; 2]) -> LabelConfig {
    LabelConfig {
        run: LabelRun {
            sources: vec![positions_file().display().to_string()],
            rounds: [1, 10],
            every: 1,
            per_round: 0,
            futures: FutureCount::Fixed(24),
            transfers_points: transfer_grid(3_000.0, 12_000.0),
            seed: 9,
            shard,
        },
        threads: 2,
        progress: false,
        out: out.to_path_buf(),
        command: "test".into(),
    }
}

#[test]
fn labels_are_the_rollouts_of_both_children_on_common_futures() {
    let dir = temp_dir("whole");
    let out = dir.join("all.ylb");
    let (now, total) = run_labels(&config(&out, [0, 1])).expect("labels");
    // Three games, one auction a round 1-10 each.
    assert_eq!((now, total), (30, 30));
    let (header, labelled) = read_labels(std::slice::from_ref(&out)).expect("read back");
    assert_eq!(header.record_floats, header.columns.len());
    let positions =
        read_bid_positions(positions_file(), |r| (1..=10).contains(&r)).expect("positions");
    assert_eq!(labelled.len(), positions.len());
    let transfers = &header.run.transfers_points;
    let mut cache = ChoiceCache::new();
    for (i, (l, p)) in labelled.iter().zip(&positions).enumerate() {
        assert_eq!(&l.position, p, "the record keeps the auction");
        let children = children_of(p);
        let futures = sample_futures(p.round, 24, mix(9, i as u64));
        for (child, (me, opp)) in l.children.iter().zip(children) {
            assert_eq!((child.me, child.opp), (me, opp));
            let curve = play_rollouts_from(me, opp, &futures, None, &mut cache).curve(true);
            for (w, d) in child.win.iter().zip(transfers) {
                assert!(
                    (f64::from(*w) - curve.at(*d)).abs() < 1e-6,
                    "position {i} at {d}"
                );
            }
            assert!(
                child.win.windows(2).all(|w| w[0] <= w[1]),
                "W grows with the transfer"
            );
        }
    }

    // A file cut mid-record is finished to the same bytes.
    let whole = std::fs::read(&out).expect("the file");
    let cut = dir.join("cut.ylb");
    std::fs::write(&cut, &whole[..whole.len() - 1500]).expect("a cut copy");
    let (now, total) = run_labels(&config(&cut, [0, 1])).expect("resumed");
    assert_eq!(total, 30);
    assert!(
        (2..30).contains(&now),
        "only what was cut is labelled again: {now}"
    );
    assert_eq!(std::fs::read(&cut).expect("the file"), whole);

    // Another run's file is refused, not appended to.
    let mut other = config(&cut, [0, 1]);
    other.run.seed = 10;
    assert!(run_labels(&other).is_err());

    // Two shards are the whole run, split.
    let shards: Vec<PathBuf> = (0..2).map(|k| dir.join(format!("shard{k}.ylb"))).collect();
    for (k, path) in shards.iter().enumerate() {
        run_labels(&config(path, [k, 2])).expect("a shard");
    }
    let (_, split) = read_labels(&shards).expect("the shards");
    assert_eq!(split.len(), 30);
    let mut split_keys: Vec<_> = split
        .iter()
        .map(|l| (l.position.deal, l.position.round, l.children[0].win.clone()))
        .collect();
    let mut keys: Vec<_> = labelled
        .iter()
        .map(|l| (l.position.deal, l.position.round, l.children[0].win.clone()))
        .collect();
    let order = |a: &(usize, u8, Vec<f32>), b: &(usize, u8, Vec<f32>)| (a.0, a.1).cmp(&(b.0, b.1));
    split_keys.sort_by(order);
    keys.sort_by(order);
    assert_eq!(split_keys, keys);
}

#[test]
fn the_benchmark_charges_only_the_bids_that_lose_on_the_reference() {
    let transfers = transfer_grid(250.0, 60_000.0);
    // Receiving A is worth 4,000 points more than receiving B, with a spread of 8,000.
    let win = |shift: f64| -> Vec<f32> {
        transfers
            .iter()
            .map(|d| (1.0 / (1.0 + (-(d + shift) / 8_000.0).exp())) as f32)
            .collect()
    };
    let reference = [
        grid_curve(&transfers, &win(4_000.0)),
        grid_curve(&transfers, &win(0.0)),
    ];
    let swing = 4_000.0;
    let theirs = Some(SealedBid::new(Group::A, 1_000));
    let same = judge(&reference, &reference, swing, theirs);
    assert_eq!((same.maximin, same.answer), (0.0, 0.0));
    assert_eq!((same.maximin_other, same.answer_other), (0, 0));
    assert_eq!(same.difference, 0.0);
    // Curves that swap the bundles' worth bid for the wrong group, and lose for it.
    let swapped = [reference[1].clone(), reference[0].clone()];
    let wrong = judge(&swapped, &reference, swing, theirs);
    assert!(wrong.maximin > 0.01, "{wrong:?}");
    assert!(wrong.answer > 0.0, "{wrong:?}");
    assert!(wrong.difference > 0.05, "{wrong:?}");
    // A flat valuation (no idea what either bundle is worth) is charged in between.
    let flat = [
        WinCurve::Exact { diff_points: 0 },
        WinCurve::Exact { diff_points: 0 },
    ];
    let unsure = judge(&flat, &reference, swing, None);
    assert_eq!(unsure.answered, 0, "no opponent bid: no answer judged");
    assert!(unsure.maximin >= 0.0);
}

#[test]
fn the_benchmark_reads_a_database_by_round() {
    let dir = temp_dir("bench");
    let out = dir.join("bench.ylb");
    let mut c = config(&out, [0, 1]);
    c.run.rounds = [2, 10];
    c.run.transfers_points = transfer_grid(1_000.0, 40_000.0);
    run_labels(&c).expect("labels");
    let (header, positions) = read_labels(&[out]).expect("read back");
    let judged = [
        Judged::parse("rollouts/64").expect("a valuation"),
        Judged::parse("net").expect("a valuation"),
    ];
    let rounds =
        benchmark(&positions, &header.run.transfers_points, &judged, 2).expect("the benchmark");
    assert_eq!(rounds.len(), 9, "rounds 2-10");
    for (_, errors) in &rounds {
        assert_eq!(errors.len(), 2);
        assert_eq!(errors[0].positions, 3);
        for e in errors {
            assert!(e.mean_level() > 0.0 && e.mean_level() < 0.5, "{e:?}");
        }
    }
    assert!(Judged::parse("rollouts/0").is_err());
    assert!(Judged::parse("net=/no/such/file").is_err());
    assert!(Judged::parse("oracle").is_err());
}
