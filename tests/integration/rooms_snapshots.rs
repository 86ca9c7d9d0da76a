//! Seeded output of `rooms` in every format, locked byte for byte: the reproducibility
//! contract. A change here moves users' room maps and must be called out as breaking.

use crate::common::{assert_snapshot, stdout_of};

fn snapshot(extra: &[&str]) -> String {
    let mut args = vec!["rooms", "--count", "8", "--seed", "42"];
    args.extend_from_slice(extra);
    stdout_of(&args)
}

#[test]
fn rooms_snapshots() {
    assert_snapshot!("rooms.term-color", snapshot(&["--color", "always"]));
    assert_snapshot!("rooms.term-plain", snapshot(&["--color", "never"]));
    assert_snapshot!("rooms.text", snapshot(&["--format", "text"]));
    assert_snapshot!("rooms.json", snapshot(&["--format", "json"]));
    assert_snapshot!("rooms.dot", snapshot(&["--format", "dot"]));
    assert_snapshot!(
        "rooms-locked.dungeon.svg",
        snapshot(&["--locks", "1", "--format", "svg"])
    );
    assert_snapshot!(
        "rooms-locked.color.svg",
        snapshot(&["--locks", "1", "--format", "svg", "--theme", "color"])
    );
    let delaunay = ["--candidates", "delaunay", "--max-doors", "3", "--format"];
    let mut text = delaunay.to_vec();
    text.push("text");
    assert_snapshot!("rooms-delaunay.text", snapshot(&text));
    let mut json = delaunay.to_vec();
    json.push("json");
    assert_snapshot!("rooms-delaunay.json", snapshot(&json));
    assert_snapshot!(
        "rooms-abstract.json",
        snapshot(&["--map", "never", "--format", "json"])
    );
    assert_snapshot!(
        "rooms-maze.text",
        snapshot(&["--corridors", "maze", "--format", "text"])
    );
    assert_snapshot!(
        "rooms-maze.json",
        snapshot(&[
            "--corridors",
            "maze",
            "--maze-algorithm",
            "kruskal",
            "--sparseness",
            "0.9",
            "--format",
            "json"
        ])
    );
}

#[test]
fn formats_agree_on_the_map() {
    let text = snapshot(&["--format", "text"]);
    let plain = snapshot(&["--color", "never"]);
    let from_term: Vec<String> = plain
        .lines()
        .map(|line| {
            line.chars()
                .step_by(2)
                .map(|c| match c {
                    '●' => '#',
                    '·' => '.',
                    other => other,
                })
                .collect()
        })
        .collect();
    assert_eq!(text.lines().collect::<Vec<_>>(), from_term);
    // Every room of the JSON document is floor in the text map (start and goal marked on it),
    // with rock around the map.
    let json: serde_json::Value = serde_json::from_str(&snapshot(&["--format", "json"])).unwrap();
    let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
    assert_eq!(
        rows.len() as u64,
        json["params"]["height"].as_u64().unwrap()
    );
    for room in json["rooms"].as_array().unwrap() {
        let field = |name: &str| room[name].as_u64().unwrap() as usize;
        for row in &rows[field("y")..field("y") + field("h")] {
            assert!(
                row[field("x")..field("x") + field("w")]
                    .iter()
                    .all(|&c| b" SG".contains(&c))
            );
        }
    }
    // Corridor ends are doors.
    for edge in json["edges"].as_array().unwrap() {
        let corridor = edge["corridor"].as_array().unwrap();
        for end in [&corridor[0], corridor.last().unwrap()] {
            let (x, y) = (
                end[0].as_u64().unwrap() as usize,
                end[1].as_u64().unwrap() as usize,
            );
            assert_eq!(rows[y][x], b'+');
        }
    }
    // DOT has every room and every edge.
    let dot = snapshot(&["--format", "dot"]);
    assert_eq!(
        dot.matches(" -- ").count(),
        json["edges"].as_array().unwrap().len()
    );
    assert_eq!(dot.matches("pos=").count(), 8);
}

#[test]
fn the_games_guides_examples_are_what_mazegen_prints() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/games.md");
    let Ok(guide) = std::fs::read_to_string(path) else {
        eprintln!("note: docs/ is not here (a published crate); the guide's examples are skipped");
        return;
    };
    for args in [
        &[
            "rooms",
            "--count",
            "14",
            "--candidates",
            "delaunay",
            "--seed",
            "5",
            "--format",
            "text",
        ][..],
        &["rooms", "--count", "4", "--seed", "7", "--format", "json"],
        &[
            "rooms",
            "--count",
            "14",
            "--candidates",
            "delaunay",
            "--seed",
            "5",
            "--corridors",
            "maze",
            "--format",
            "text",
        ],
        &[
            "rooms",
            "--count",
            "14",
            "--candidates",
            "delaunay",
            "--seed",
            "5",
            "--locks",
            "2",
            "--format",
            "text",
        ],
    ] {
        let example = format!("$ mazegen {}\n{}", args.join(" "), stdout_of(args));
        assert!(
            guide.contains(&example),
            "docs/games.md is out of date for {args:?}"
        );
    }
}
