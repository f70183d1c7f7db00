//! `harness measure curve-variance` measures what it says: the samplers differ only where they
//! should.

use harness::measure::curve_variance::{point_variance, positions, Sampler};

/// The positions are a function of the arguments: the bots' private generators are seeded,
/// so a test on them means the same on every run (an unseeded bot drew its own once, and a
/// degenerate position failed CI where it had passed here).
#[test]
fn the_positions_are_reproducible() {
    let [first, second] = [positions(2, 7), positions(2, 7)];
    assert!(!first.is_empty());
    assert_eq!(format!("{first:?}"), format!("{second:?}"));
    assert_ne!(format!("{first:?}"), format!("{:?}", positions(2, 8)));
}

#[test]
fn samplers_differ_only_in_how_the_futures_are_shared() {
    let positions = positions(2, 7);
    assert!(
        !positions.is_empty(),
        "self-play bids for the win somewhere"
    );
    for p in positions.iter().take(4) {
        assert!((2..=10).contains(&p.view.round), "{:?}", p.view);
        let independent = point_variance(p, Sampler::Independent, 64, 6);
        let common = point_variance(p, Sampler::Common, 64, 6);
        // Curve A is drawn from the same futures by both: its point is the same estimate.
        assert_eq!(independent.point, common.point);
        // The difference of two curves drawn from different futures is a different
        // estimate from that of two drawn from the same.
        assert_ne!(independent.difference, common.difference);
        assert!(
            common.point >= 0.0 && common.difference >= 0.0,
            "{common:?}"
        );
    }
}

/// The table's expected difference as a control variate takes noise out of a curve point:
/// over a few positions, the calibrated estimates vary less than the empirical ones from
/// the same futures.
#[test]
fn the_control_variate_reduces_the_point_variance() {
    let positions = positions(2, 7);
    let (mut plain, mut control) = (0.0, 0.0);
    for p in positions.iter().take(6) {
        plain += point_variance(p, Sampler::Common, 128, 12).point;
        control += point_variance(p, Sampler::CommonControl, 128, 12).point;
    }
    assert!(control < 0.9 * plain, "control {control} plain {plain}");
}
