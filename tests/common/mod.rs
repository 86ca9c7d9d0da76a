//! Helpers shared by the integration tests.
#![allow(dead_code)] // each test crate uses its own subset

use assert_cmd::cargo::cargo_bin_cmd;
use mazegen::grid::{Grid, Pos};

/// The `mazegen` binary, with `NO_COLOR` removed so tests control color explicitly.
pub fn mazegen() -> assert_cmd::Command {
    let mut command = cargo_bin_cmd!("mazegen");
    command.env_remove("NO_COLOR");
    command
}

/// Runs `mazegen` with `args`, asserts success, and returns standard output as text.
pub fn stdout_of(args: &[&str]) -> String {
    let output = mazegen().args(args).output().expect("mazegen runs");
    assert!(
        output.status.success(),
        "mazegen {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("output is UTF-8")
}

/// Runs `mazegen args`, asserts that it is refused with exit code 2, nothing on standard output
/// and an error on standard error containing every one of `fragments` (and no panic).
pub fn assert_refused(args: &[&str], fragments: &[&str]) {
    let mut assert = mazegen().args(args).assert().code(2).stdout("");
    for fragment in fragments {
        assert = assert.stderr(predicates::str::contains(*fragment));
    }
    assert.stderr(predicates::prelude::PredicateBooleanExt::not(
        predicates::str::contains("panicked"),
    ));
}

/// Runs `mazegen` with `args`, asserts success, and parses standard output as JSON.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout_of(args)).expect("output is JSON")
}

/// Fraction of cells that are dead ends.
pub fn dead_end_fraction(grid: &Grid) -> f64 {
    let dead_ends = (0..grid.height())
        .flat_map(|y| (0..grid.width()).map(move |x| Pos::new(x, y)))
        .filter(|&pos| grid.degree(pos) == 1)
        .count();
    dead_ends as f64 / grid.cell_count() as f64
}
