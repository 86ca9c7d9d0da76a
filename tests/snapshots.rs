//! Seeded output of every command and format, locked byte for byte: the reproducibility
//! contract. A change here moves users' mazes and must be called out as breaking.

mod common;

use common::stdout_of;

fn snapshot(algorithm: &str, format_args: &[&str]) -> String {
    let mut args = vec![algorithm, "--width", "15", "--height", "11", "--seed", "42"];
    args.extend_from_slice(format_args);
    stdout_of(&args)
}

/// Locks the output of `algorithm` with `options` in every format, as snapshots named
/// `name.<format>`.
fn assert_snapshots(name: &str, algorithm: &str, options: &[&str]) {
    let formats: [(&str, &[&str]); 4] = [
        ("term-color", &["--color", "always"]),
        ("term-plain", &["--color", "never"]),
        ("text", &["--format", "text"]),
        ("json", &["--format", "json"]),
    ];
    for (format, format_args) in formats {
        insta::assert_snapshot!(
            format!("{name}.{format}"),
            snapshot(algorithm, &[options, format_args].concat())
        );
    }
}

#[test]
fn binary_tree_snapshots() {
    assert_snapshots("binary-tree", "binary-tree", &[]);
}

#[test]
fn backtrack_snapshots() {
    assert_snapshots("backtrack", "backtrack", &[]);
}

#[test]
fn backtrack_seeds_3_snapshots() {
    assert_snapshots("backtrack-seeds-3", "backtrack", &["--seeds", "3"]);
}

#[test]
fn aldous_broder_snapshots() {
    assert_snapshots("aldous-broder", "aldous-broder", &[]);
}

#[test]
fn wilson_snapshots() {
    assert_snapshots("wilson", "wilson", &[]);
}

#[test]
fn kruskal_snapshots() {
    assert_snapshots("kruskal", "kruskal", &[]);
}

#[test]
fn prim_snapshots() {
    assert_snapshots("prim", "prim", &[]);
}

#[test]
fn prim_simplified_snapshots() {
    assert_snapshots("prim-simplified", "prim", &["--simplified"]);
}

#[test]
fn solved_and_picture_snapshots() {
    let solved = ["--solve", "--openings"];
    insta::assert_snapshot!(
        "backtrack.solved.text",
        snapshot("backtrack", &[&solved[..], &["--format", "text"]].concat())
    );
    insta::assert_snapshot!(
        "backtrack.solved.term-color",
        snapshot("backtrack", &[&solved[..], &["--color", "always"]].concat())
    );
    insta::assert_snapshot!(
        "backtrack.solved.json",
        snapshot(
            "backtrack",
            &[&solved[..], &["--format", "json", "--stats"]].concat()
        )
    );
    insta::assert_snapshot!(
        "backtrack.solved.svg",
        snapshot(
            "backtrack",
            &[&solved[..], &["--format", "svg", "--scale", "10"]].concat()
        )
    );
    insta::assert_snapshot!(
        "backtrack.heatmap.svg",
        snapshot(
            "backtrack",
            &["--format", "svg", "--heatmap", "--theme", "mono"]
        )
    );
    insta::assert_snapshot!(
        "binary-tree.braided.text",
        snapshot("binary-tree", &["--braid", "0.5", "--format", "text"])
    );
}

#[test]
fn formats_agree_on_the_maze() {
    for algorithm in [
        "binary-tree",
        "backtrack",
        "aldous-broder",
        "wilson",
        "kruskal",
        "prim",
    ] {
        let text = snapshot(algorithm, &["--format", "text"]);
        let plain = snapshot(algorithm, &["--color", "never"]);
        let json: serde_json::Value =
            serde_json::from_str(&snapshot(algorithm, &["--format", "json"])).unwrap();
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
