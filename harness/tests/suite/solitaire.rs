//! Table and play agree: solitaire games average the table's start expectation.

#[test]
fn solitaire_mean_matches_the_table_within_three_standard_errors() {
    let (mean, se) = harness::measure::solitaire::run(20_000, 7);
    let expected = yacht::table::TABLE_START_EXPECTED_K;
    assert!(se > 0.0 && se < 1.0, "s.e. {se}");
    assert!(
        (mean - expected).abs() < 3.0 * se,
        "mean {mean} vs table {expected} (s.e. {se})"
    );
}
