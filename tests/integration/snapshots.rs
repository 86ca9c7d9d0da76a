//! Seeded output of every command and format, locked byte for byte: the reproducibility
//! contract. A change here moves users' mazes and must be called out as breaking.

use crate::common::{assert_snapshot, stdout_of};
use mazegen::algorithms::catalogue;

/// The output formats, by snapshot suffix and the arguments that select them.
const FORMATS: [(&str, &[&str]); 4] = [
    ("term-color", &["--color", "always"]),
    ("term-plain", &["--color", "never"]),
    ("text", &["--format", "text"]),
    ("json", &["--format", "json"]),
];

/// Algorithm options other than the defaults, by snapshot name and command line. Their mazes
/// are locked in the text and JSON formats (the terminal formats draw the same tiles).
const VARIANTS: [(&str, &[&str]); 13] = [
    (
        "binary-tree.north-west",
        &["binary-tree", "--bias", "north-west"],
    ),
    (
        "binary-tree.north-east",
        &["binary-tree", "--bias", "north-east"],
    ),
    (
        "binary-tree.south-west",
        &["binary-tree", "--bias", "south-west"],
    ),
    ("growing-tree.random", &["growing-tree", "--pick", "random"]),
    ("growing-tree.oldest", &["growing-tree", "--pick", "oldest"]),
    (
        "growing-tree.mixed",
        &["growing-tree", "--pick", "mixed:0.5"],
    ),
    ("backtrack.seeds-3", &["backtrack", "--seeds", "3"]),
    ("prim.simplified", &["prim", "--simplified"]),
    (
        "backtrack.accessible",
        &["backtrack", "--accessible", "0.5", "--from", "3,2"],
    ),
    ("backtrack.max-depth", &["backtrack", "--max-depth", "0.9"]),
    ("backtrack.no-forks", &["backtrack", "--no-forks"]),
    (
        "percolation",
        &["percolation", "--p", "0.6", "--from", "3,2"],
    ),
    (
        "percolation.dfs",
        &["percolation", "--dfs", "--p", "0.1", "--accessible", "20"],
    ),
];

fn snapshot(command: &[&str], format_args: &[&str]) -> String {
    let mut args = command.to_vec();
    args.extend_from_slice(&["--width", "15", "--height", "11", "--seed", "42"]);
    args.extend_from_slice(format_args);
    stdout_of(&args)
}

#[test]
fn every_algorithm_in_every_format() {
    for generator in catalogue() {
        let name = generator.name();
        for (format, format_args) in FORMATS {
            assert_snapshot!(format!("{name}.{format}"), snapshot(&[name], format_args));
        }
    }
}

#[test]
fn every_algorithm_option() {
    for (name, command) in VARIANTS {
        for (format, format_args) in &FORMATS[2..] {
            assert_snapshot!(format!("{name}.{format}"), snapshot(command, format_args));
        }
    }
}

#[test]
fn solved_and_picture_snapshots() {
    let solved = ["--solve", "--openings"];
    assert_snapshot!(
        "backtrack.solved.text",
        snapshot(
            &["backtrack"],
            &[&solved[..], &["--format", "text"]].concat()
        )
    );
    assert_snapshot!(
        "backtrack.solved.term-color",
        snapshot(
            &["backtrack"],
            &[&solved[..], &["--color", "always"]].concat()
        )
    );
    assert_snapshot!(
        "backtrack.solved.json",
        snapshot(
            &["backtrack"],
            &[&solved[..], &["--format", "json", "--stats"]].concat()
        )
    );
    assert_snapshot!(
        "backtrack.solved.svg",
        snapshot(
            &["backtrack"],
            &[&solved[..], &["--format", "svg", "--scale", "10"]].concat()
        )
    );
    assert_snapshot!(
        "backtrack.heatmap.svg",
        snapshot(
            &["backtrack"],
            &["--format", "svg", "--heatmap", "--theme", "mono"]
        )
    );
    assert_snapshot!(
        "binary-tree.braided.text",
        snapshot(&["binary-tree"], &["--braid", "0.5", "--format", "text"])
    );
}

#[test]
fn formats_agree_on_the_maze() {
    for generator in catalogue() {
        let command = [generator.name()];
        let text = snapshot(&command, &["--format", "text"]);
        let plain = snapshot(&command, &["--color", "never"]);
        let json: serde_json::Value =
            serde_json::from_str(&snapshot(&command, &["--format", "json"])).unwrap();
        let tiles: Vec<String> = json["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap().replace('.', " "))
            .collect();
        assert_eq!(text.lines().collect::<Vec<_>>(), tiles);
        let from_term: Vec<String> = plain
            .lines()
            .map(|l| {
                l.chars()
                    .step_by(2)
                    .map(|c| if c == '●' { '#' } else { ' ' })
                    .collect()
            })
            .collect();
        assert_eq!(text.lines().collect::<Vec<_>>(), from_term);
    }
}
