//! The f64 solver itself (what build.rs runs) against the independent reference values.
//! Takes one full solve (~20 s on 2 cores in release).

mod common;

use common::references;
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

    let mut checked = 0;
    for r in references().iter().filter(|r| r.kind == "F") {
        let dice = parse_digits(&r.dice).expect("dice");
        let row = solved
            .layout
            .row(r.used, effective_upper(r.used, r.upper.min(63)))
            .expect("reference state has a row");
        let got = solved.values[row * N5 + rank(&dice)];
        assert!(
            (got - r.value).abs() < 1e-3,
            "F used {:#x} upper {} {}: solver {got}, reference {}",
            r.used,
            r.upper,
            r.dice,
            r.value
        );
        checked += 1;
    }
    assert!(checked >= 20);

    // Every stored entry is the exact value rounded to the nearest stored unit.
    let scale = table::TABLE_UNITS_PER_K as f64;
    for (i, (&q, &v)) in table::entries().iter().zip(&solved.values).enumerate() {
        assert_eq!(q, (v * scale).round() as u16, "entry {i}");
    }
}
