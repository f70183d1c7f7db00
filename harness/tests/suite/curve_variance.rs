//! `harness measure curve-variance` measures what it says: the samplers differ only where they
//! should.

use std::sync::OnceLock;

use harness::measure::curve_variance::{point_variance, positions, Position, Sampler};

/// The positions of two self-play games of seed 7, played once for every test here (each
/// game is seconds of CPU).
fn shared_positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| positions(2, 7))
}

/// The positions are a function of the arguments: the bots' private generators are seeded,
/// so a test on them means the same on every run (an unseeded bot drew its own once, and a
/// degenerate position failed CI where it had passed here).
#[test]
fn the_positions_are_reproducible() {
    // Played again, the first game gives the positions it gave in the shared run (deal i
    // of a seed is the same whatever the count), and another seed others.
    let (again, shared) = (positions(1, 7), shared_positions());
    assert!(!again.is_empty());
    assert!(again.len() <= shared.len());
    assert_eq!(
        format!("{again:?}"),
        format!("{:?}", &shared[..again.len()])
    );
    assert_ne!(format!("{again:?}"), format!("{:?}", positions(1, 8)));
}

#[test]
fn samplers_differ_only_in_how_the_futures_are_shared() {
    let positions = shared_positions();
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
    let positions = shared_positions();
    let (mut plain, mut control) = (0.0, 0.0);
    for p in positions.iter().take(6) {
        plain += point_variance(p, Sampler::Common, 128, 12).point;
        control += point_variance(p, Sampler::CommonControl, 128, 12).point;
    }
    assert!(control < 0.9 * plain, "control {control} plain {plain}");
}
