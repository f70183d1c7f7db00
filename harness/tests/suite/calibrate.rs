//! `FINAL_DIFF_SIGMA_POINTS` (the endgame's spread of the final difference around the
//! table's prediction) is what `harness measure calibrate` measures: the constant was printed by
//! `harness measure calibrate 3000`; here 1,000 of the same games must agree with it within
//! sampling error.

use harness::measure::calibrate::final_diff_spread;
use yacht::engine::search::endgame::FINAL_DIFF_SIGMA_POINTS;

#[test]
fn the_endgame_spread_is_what_calibrate_measures() {
    let games = 1000;
    let spread = final_diff_spread(games, 777);
    assert_eq!(spread.len(), FINAL_DIFF_SIGMA_POINTS.len());
    for (round, (&(_, sd), &sigma)) in spread.iter().zip(&FINAL_DIFF_SIGMA_POINTS).enumerate() {
        // The standard error of a standard deviation over n games is about σ/√(2n),
        // 2.2% here; 10% is over four of them. The 50 points cover round 12, where
        // nothing is left to chance and both are near zero.
        let tolerance = 0.10 * sigma + 50.0;
        assert!(
            (sd - sigma).abs() <= tolerance,
            "round {}: calibrate measures {sd:.0}, the constant says {sigma:.0}",
            round + 1
        );
    }
}
