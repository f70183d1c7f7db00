//! The f64 solver itself (what build.rs runs) against the independent reference values.
//! Takes one full solve (~20 s on 2 cores in release).

use yacht::rules::category::Category;
use yacht::rules::dice::{parse_digits, rank, N5};
use yacht::solver::layout::effective_upper;
use yacht::solver::model::BundleModel;
use yacht::solver::solve::solve;
use yacht::table;

#[test]
fn exact_solution_matches_references_and_the_embedded_table() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let solved = solve(&BundleModel::fair(), threads);
    assert!((solved.start_expected_k - 268.8383).abs() < 1e-4);
    assert_eq!(solved.start_expected_k, table::TABLE_START_EXPECTED_K);

    let text = include_str!("fixtures/table-values.tsv");
    let mut checked = 0;
    for line in text.lines().filter(|l| l.starts_with("F\t")) {
        let f: Vec<&str> = line.split('\t').collect();
        let used = if f[1] == "-" {
            0
        } else {
            f[1].split(',')
                .map(|n| Category::from_name(n).expect("known category").bit())
                .fold(0, |a, b| a | b)
        };
        let upper: u32 = f[2].parse().expect("upper");
        let dice = parse_digits(f[3]).expect("dice");
        let want: f64 = f[4].parse().expect("value");
        let row = solved
            .layout
            .row(used, effective_upper(used, upper.min(63)))
            .expect("reference state has a row");
        let got = solved.values[row * N5 + rank(&dice)];
        assert!((got - want).abs() < 1e-3, "{line}: solver {got}");
        checked += 1;
    }
    assert!(checked >= 20);

    // Every stored entry is the exact value rounded to the nearest stored unit.
    let scale = table::TABLE_UNITS_PER_K as f64;
    for (i, (&q, &v)) in table::entries().iter().zip(&solved.values).enumerate() {
        assert_eq!(q, (v * scale).round() as u16, "entry {i}");
    }
}
