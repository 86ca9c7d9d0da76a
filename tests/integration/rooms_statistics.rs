//! The number of extra edges matches `p` times the candidate pairs left after the tree, over
//! many seeds, within a tolerance that a wrong `p` (5% off) falls outside of.

use mazegen::Probability;
use mazegen::level::EdgeKind;
use mazegen::rooms::{Candidates, RoomMap, RoomOptions};

/// Generates `seeds` maps and returns (extra edges, candidate pairs left after the tree), summed.
fn extras_and_trials(options: &RoomOptions, seeds: u64) -> (u64, u64) {
    let (mut extras, mut trials) = (0, 0);
    for seed in 0..seeds {
        let map = RoomMap::generate(options, seed).unwrap();
        let tree = u64::from(map.params.count - 1);
        trials += map.candidate_pairs - tree;
        extras += map
            .edges
            .iter()
            .filter(|e| e.kind == EdgeKind::Extra)
            .count() as u64;
    }
    (extras, trials)
}

/// Checks that `extras` out of `trials` fits `p` and would not fit `p` 5% higher or lower.
fn assert_fits_p(extras: u64, trials: u64, p: f64) {
    let tolerance = |p: f64| 5.0 * (trials as f64 * p * (1.0 - p)).sqrt();
    let off = |p: f64| (extras as f64 - trials as f64 * p).abs();
    assert!(
        off(p) < tolerance(p),
        "{extras} extra edges of {trials} pairs for p = {p}: expected {}",
        trials as f64 * p
    );
    for wrong in [p * 1.05, p * 0.95] {
        assert!(
            off(wrong) > tolerance(wrong),
            "the test cannot tell p = {p} from {wrong}"
        );
    }
}

#[test]
fn extra_edges_follow_p_over_all_pairs() {
    let options = RoomOptions {
        count: 50,
        p: Some(Probability::new(0.1).unwrap()),
        map: false,
        ..RoomOptions::default()
    };
    let (extras, trials) = extras_and_trials(&options, 200);
    assert_eq!(trials, 200 * (50 * 49 / 2 - 49));
    assert_fits_p(extras, trials, 0.1);
}

#[test]
fn extra_edges_follow_the_default_p_on_large_graphs() {
    // Geometric skipping over 5e7 pairs: p = ln(n)/n.
    let options = RoomOptions {
        count: 10_000,
        map: false,
        ..RoomOptions::default()
    };
    let (extras, trials) = extras_and_trials(&options, 10);
    assert_fits_p(extras, trials, mazegen::rooms::default_p(10_000));
}

#[test]
fn extra_edges_follow_p_over_delaunay_pairs() {
    let options = RoomOptions {
        count: 60,
        p: Some(Probability::new(0.3).unwrap()),
        candidates: Candidates::Delaunay,
        corridors: false,
        ..RoomOptions::default()
    };
    let (extras, trials) = extras_and_trials(&options, 800);
    assert_fits_p(extras, trials, 0.3);
}
