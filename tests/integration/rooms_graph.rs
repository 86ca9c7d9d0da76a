//! `rooms --graph`: a designer's graph laid out with exactly its rooms and its edges, nothing
//! else joined, on every seed; its refusals; its names in JSON; one seeded layout locked.

use crate::common::{assert_refused, assert_snapshot, mazegen, stdout_of};
use mazegen::level::{Level, MapTile};
use mazegen::read::{GraphFormat, read_design};
use mazegen::rooms::{Design, RoomMap, RoomSize};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn graphs_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/graphs")
}

/// Every example graph, by file name.
fn example_graphs() -> Vec<(String, Design)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(graphs_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let format = GraphFormat::from_extension(&name).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            let design = read_design(&text, format, &name).unwrap();
            (name, design)
        })
        .collect()
}

/// Asserts that `map`, laid out from `design`, has exactly its rooms and edges: every room's
/// floor is its rectangle, no two overlap or touch, every piece of corridor joins exactly the
/// two rooms of one edge (and each edge has one), and every walkable tile is reachable.
fn assert_realised(design: &Design, map: &RoomMap, what: &str) {
    let n = design.rooms.len();
    assert_eq!(map.params.count as usize, n, "{what}");
    for (k, room) in design.rooms.iter().enumerate() {
        assert_eq!(map.room_name(k as u32), Some(room.name.as_str()), "{what}");
    }
    let tiles = map.tile_map().unwrap();
    let (width, height) = (tiles.width() as i64, tiles.height() as i64);
    let rooms = map.room_bounds();
    // The room of every floor tile, and that floors are exactly the rooms' rectangles.
    let room_at = |x: i64, y: i64| rooms.iter().position(|r| r.contains((x as u32, y as u32)));
    for y in 0..height {
        for x in 0..width {
            let tile = tiles.get(x as u32, y as u32);
            let inside: Vec<usize> = (0..n)
                .filter(|&k| rooms[k].contains((x as u32, y as u32)))
                .collect();
            assert!(inside.len() <= 1, "{what}: rooms overlap at {x},{y}");
            assert_eq!(
                tile.is_floor(),
                !inside.is_empty(),
                "{what}: {x},{y} is {tile:?}"
            );
        }
    }
    let walkable = |x: i64, y: i64| !tiles.is_rock(x, y);
    let steps = [(1, 0), (0, 1), (-1, 0), (0, -1)];
    // No two rooms' floors side by side.
    for y in 0..height {
        for x in 0..width {
            if let Some(a) = room_at(x, y) {
                for (dx, dy) in steps {
                    if let Some(b) = tiles
                        .is_floor(x + dx, y + dy)
                        .then(|| room_at(x + dx, y + dy))
                        .flatten()
                    {
                        assert_eq!(a, b, "{what}: rooms {a} and {b} touch at {x},{y}");
                    }
                }
            }
        }
    }
    // Every piece of corridor (corridors, doors and locks, 4-connected) and the rooms it opens
    // into.
    let mut seen = vec![false; (width * height) as usize];
    let mut joined: Vec<(usize, usize)> = Vec::new();
    for y in 0..height {
        for x in 0..width {
            let at = (y * width + x) as usize;
            if seen[at] || !walkable(x, y) || tiles.is_floor(x, y) {
                continue;
            }
            let mut opens = BTreeSet::new();
            let mut stack = vec![(x, y)];
            seen[at] = true;
            while let Some((px, py)) = stack.pop() {
                for (dx, dy) in steps {
                    let (qx, qy) = (px + dx, py + dy);
                    if !walkable(qx, qy) {
                        continue;
                    }
                    if tiles.is_floor(qx, qy) {
                        opens.insert(room_at(qx, qy).unwrap());
                        continue;
                    }
                    let q = (qy * width + qx) as usize;
                    if !seen[q] {
                        seen[q] = true;
                        stack.push((qx, qy));
                    }
                }
            }
            let opens: Vec<usize> = opens.into_iter().collect();
            assert_eq!(
                opens.len(),
                2,
                "{what}: a corridor at {x},{y} opens into {opens:?}"
            );
            joined.push((opens[0], opens[1]));
        }
    }
    joined.sort_unstable();
    let mut wanted: Vec<(usize, usize)> = design
        .edges
        .iter()
        .map(|e| (e.a.min(e.b) as usize, e.a.max(e.b) as usize))
        .collect();
    wanted.sort_unstable();
    assert_eq!(
        joined, wanted,
        "{what}: the corridors join other rooms than the edges"
    );
    // Every walkable tile reachable from the start.
    let start = map.room_tile(map.analysis().start).unwrap();
    let mut reached = vec![false; (width * height) as usize];
    let mut stack = vec![(i64::from(start.0), i64::from(start.1))];
    reached[(i64::from(start.1) * width + i64::from(start.0)) as usize] = true;
    while let Some((x, y)) = stack.pop() {
        for (dx, dy) in steps {
            let (qx, qy) = (x + dx, y + dy);
            if walkable(qx, qy) && !reached[(qy * width + qx) as usize] {
                reached[(qy * width + qx) as usize] = true;
                stack.push((qx, qy));
            }
        }
    }
    for y in 0..height {
        for x in 0..width {
            assert!(
                !walkable(x, y) || reached[(y * width + x) as usize],
                "{what}: {x},{y} is cut off"
            );
        }
    }
    // Locks stand on their edges' doors, one per locked edge.
    let locked = design.edges.iter().filter(|e| e.lock).count();
    assert_eq!(map.locks.len(), locked, "{what}");
    let lock_tiles = tiles
        .rows()
        .flatten()
        .filter(|&&t| t == MapTile::Lock)
        .count();
    assert_eq!(lock_tiles, locked, "{what}");
}

#[test]
fn every_example_graph_is_laid_out_exactly_on_many_seeds() {
    for (name, design) in example_graphs() {
        for seed in 0..12 {
            let map = RoomMap::from_design(&design, RoomSize::new(3, 8).unwrap(), seed)
                .unwrap_or_else(|error| panic!("{name} seed {seed}: {error}"));
            assert_realised(&design, &map, &format!("{name} seed {seed}"));
        }
    }
}

#[test]
fn a_layout_is_a_function_of_the_graph_and_the_seed() {
    let (_, design) = example_graphs()
        .into_iter()
        .find(|(name, _)| name == "edgar-dragon-age.yaml")
        .unwrap();
    let size = RoomSize::new(3, 8).unwrap();
    let a = RoomMap::from_design(&design, size, 5).unwrap();
    let b = RoomMap::from_design(&design, size, 5).unwrap();
    let c = RoomMap::from_design(&design, size, 6).unwrap();
    assert_eq!(a.tile_map(), b.tile_map());
    assert_ne!(a.tile_map(), c.tile_map());
}

#[test]
fn each_cycle_pattern_is_laid_out_by_the_command_line() {
    let validator = crate::common::schema_validator("rooms.v1.json");
    let dir = graphs_dir();
    for pattern in [
        "dormans-two-alternative-paths.dot",
        "dormans-lock-and-key-cycle.dot",
        "dormans-hidden-shortcut.dot",
        "dormans-blocked-retreat.dot",
        "dormans-secret-room-loop.dot",
    ] {
        let path = dir.join(pattern);
        let json = stdout_of(&[
            "rooms",
            "--graph",
            path.to_str().unwrap(),
            "--seed",
            "3",
            "--format",
            "json",
        ]);
        let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{pattern}: {errors:?}");
        let names: Vec<&str> = doc["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|room| room["name"].as_str().unwrap())
            .collect();
        assert!(
            names.contains(&"entrance") && names.contains(&"goal"),
            "{pattern}"
        );
        let start = doc["analysis"]["start"].as_u64().unwrap() as usize;
        let goal = doc["analysis"]["goal"].as_u64().unwrap() as usize;
        assert_eq!(
            (names[start], names[goal]),
            ("entrance", "goal"),
            "{pattern}"
        );
    }
    // The lock-and-key cycle: the lock before the goal, its key on the long way round, in its
    // room farthest from the entrance, the way back one way.
    let path = dir.join("dormans-lock-and-key-cycle.dot");
    let doc: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "rooms",
        "--graph",
        path.to_str().unwrap(),
        "--seed",
        "3",
        "--format",
        "json",
    ]))
    .unwrap();
    let rooms = doc["rooms"].as_array().unwrap();
    let keyed: Vec<&str> = rooms
        .iter()
        .filter(|room| room.get("keys").is_some())
        .map(|room| room["name"].as_str().unwrap())
        .collect();
    assert_eq!(keyed, ["b4"]);
    let edges = doc["edges"].as_array().unwrap();
    assert_eq!(edges.iter().filter(|e| e.get("lock").is_some()).count(), 1);
    assert_eq!(edges.iter().filter(|e| e["one_way"] == true).count(), 1);
}

#[test]
fn every_format_draws_a_laid_out_graph() {
    let path = graphs_dir().join("dormans-lock-and-key-cycle.dot");
    for format in [
        "term", "text", "json", "dot", "tiled", "ldtk", "svg", "uvtt",
    ] {
        mazegen()
            .args(["rooms", "--graph", path.to_str().unwrap(), "--seed", "2"])
            .args(["--format", format])
            .assert()
            .success();
    }
    let dir = crate::common::scratch_dir("rooms_graph");
    let png = dir.join("map.png");
    mazegen()
        .args(["rooms", "--graph", path.to_str().unwrap(), "--seed", "2"])
        .args(["--format", "png", "-o", png.to_str().unwrap()])
        .assert()
        .success();
    // A dungeon of floors, each the graph.
    mazegen()
        .args(["rooms", "--graph", path.to_str().unwrap(), "--seed", "2"])
        .args(["--floors", "2", "--format", "text"])
        .assert()
        .success();
}

#[test]
fn a_laid_out_graph_written_as_json_is_read_back_as_the_same_graph() {
    let path = graphs_dir().join("dormans-hidden-shortcut.dot");
    let dir = crate::common::scratch_dir("rooms_graph_json");
    let json = dir.join("map.json");
    let args = [
        "rooms",
        "--graph",
        path.to_str().unwrap(),
        "--seed",
        "9",
        "--format",
        "json",
    ];
    std::fs::write(&json, stdout_of(&args)).unwrap();
    let first: serde_json::Value = serde_json::from_str(&stdout_of(&args)).unwrap();
    let again: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "rooms",
        "--graph",
        json.to_str().unwrap(),
        "--seed",
        "9",
        "--format",
        "json",
    ]))
    .unwrap();
    let graph = |doc: &serde_json::Value| {
        let names: Vec<String> = doc["rooms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|room| room["name"].as_str().unwrap().to_string())
            .collect();
        let edges: Vec<(u64, u64, bool)> = doc["edges"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["a"].as_u64().unwrap(),
                    e["b"].as_u64().unwrap(),
                    e["one_way"] == true,
                )
            })
            .collect();
        (
            names,
            edges,
            doc["analysis"]["start"].clone(),
            doc["analysis"]["goal"].clone(),
        )
    };
    assert_eq!(graph(&first), graph(&again));
}

/// Plays `map` as a player who takes one-way edges their way only: from the start, through
/// every edge open to them, picking up the keys of the rooms they reach. Returns the rooms
/// reached and the locks opened.
fn play(map: &RoomMap) -> (usize, usize) {
    let (edges, locks) = (map.edges(), map.locks());
    let lock_of = |k: usize| locks.iter().find(|lock| lock.edge as usize == k);
    let mut reached = vec![false; map.params.count as usize];
    reached[map.analysis().start as usize] = true;
    let mut held = BTreeSet::new();
    loop {
        let before = (reached.iter().filter(|&&r| r).count(), held.len());
        for lock in locks.iter().filter(|lock| reached[lock.key as usize]) {
            held.insert(lock.number);
        }
        for (k, edge) in edges.iter().enumerate() {
            let open = lock_of(k).is_none_or(|lock| held.contains(&lock.number));
            let (a, b) = (edge.a as usize, edge.b as usize);
            if open && reached[a] {
                reached[b] = true;
            }
            if open && reached[b] && !map.one_way(k) {
                reached[a] = true;
            }
        }
        if (reached.iter().filter(|&&r| r).count(), held.len()) == before {
            return (before.0, before.1);
        }
    }
}

#[test]
fn keys_lie_where_one_way_edges_taken_their_way_lead() {
    // Random graphs of 4 to 9 rooms: a ring (so one-way edges can be passed round) with chords,
    // each edge one-way or locked at random. Every one the start reaches its way is laid out
    // with every lock opened and every room reached by the player; the others are refused.
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = |below: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % below
    };
    let (mut laid, mut refused) = (0, 0);
    for case in 0..120 {
        let n = 4 + next(6);
        let mut dot = String::from("graph { r0 [role=start];\n");
        let mut pairs: Vec<(u64, u64)> = (0..n).map(|k| (k, (k + 1) % n)).collect();
        for _ in 0..next(3) {
            let (a, b) = (next(n), next(n));
            if a != b && !pairs.contains(&(a, b)) && !pairs.contains(&(b, a)) {
                pairs.push((a, b));
            }
        }
        for (a, b) in pairs {
            let (a, b) = if next(2) == 0 { (a, b) } else { (b, a) };
            let one_way = next(3) == 0;
            let lock = next(4) == 0;
            dot += &format!("r{a} -- r{b} [one_way={one_way}; lock={lock}];\n");
        }
        dot += "}";
        let design = read_design(&dot, GraphFormat::Dot, "random.dot").unwrap();
        match RoomMap::from_design(&design, RoomSize::new(3, 6).unwrap(), case) {
            Ok(map) => {
                laid += 1;
                let (rooms, opened) = play(&map);
                assert_eq!(rooms, n as usize, "case {case}: rooms reached\n{dot}");
                assert_eq!(
                    opened,
                    map.locks().len(),
                    "case {case}: locks opened\n{dot}"
                );
            }
            Err(error) => {
                refused += 1;
                let message = error.to_string();
                assert!(
                    message.contains("cannot be reached from the start")
                        || message.contains("not planar")
                        || message.contains("no spot"),
                    "case {case}: {message}\n{dot}"
                );
            }
        }
    }
    assert!(
        laid >= 60 && refused >= 5,
        "{laid} laid out, {refused} refused"
    );
}

#[test]
fn a_seeded_layout_stays_as_it_was() {
    let path = graphs_dir().join("dormans-lock-and-key-cycle.dot");
    let text = stdout_of(&[
        "rooms",
        "--graph",
        path.to_str().unwrap(),
        "--seed",
        "7",
        "--format",
        "text",
    ]);
    assert_snapshot!("lock_and_key_cycle_seed_7", text);
}

/// Writes `text` to a scratch file named `name` (in a directory of the test's `dir`) and
/// returns its path.
fn scratch_file(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn graphs_that_cannot_be_read_or_laid_out_are_refused_in_one_line() {
    let dir = crate::common::scratch_dir("rooms_graph_refusals");
    let k5 = scratch_file(
        &dir,
        "k5.dot",
        "graph { a -- b; a -- c; a -- d; a -- e; b -- c; b -- d; b -- e; c -- d; c -- e; d -- e; }",
    );
    let k33 = scratch_file(
        &dir,
        "k33.gv",
        "graph { a -- x; a -- y; a -- z; b -- x; b -- y; b -- z; c -- x; c -- y; c -- z; }",
    );
    let crowded = scratch_file(
        &dir,
        "crowded.dot",
        "graph { hub [size=1x1]; hub -- a; hub -- b; hub -- c; hub -- d; hub -- e; }",
    );
    let twice = scratch_file(&dir, "twice.dot", "graph {\n  a -- b;\n  b -- a;\n}\n");
    let bad_size = scratch_file(&dir, "bad.dot", "graph {\n  a [size=big];\n  a -- b;\n}\n");
    let bad_lock = scratch_file(&dir, "lock.dot", "graph {\n  a -- b [lock=maybe];\n}\n");
    let unknown = scratch_file(
        &dir,
        "unknown.json",
        r#"{"rooms": [{"id": 0}, {"id": 1}], "edges": [{"a": 0, "b": 7}]}"#,
    );
    let outside = scratch_file(
        &dir,
        "outside.yaml",
        "roomsRange:\n  from: 0\n  to: 2\npassages:\n  - [0,1]\n  - [1,5]\n",
    );
    let template = scratch_file(
        &dir,
        "template.dot",
        "graph { a [template=vault]; a -- b; }",
    );
    let apart = scratch_file(&dir, "apart.dot", "graph { a -- b; c -- d; }");
    let format = scratch_file(&dir, "graph.txt", "graph { a -- b; }");
    let huge = scratch_file(
        &dir,
        "huge.dot",
        "graph { a [size=1024x1024]; b [size=1024x1024]; c [size=1024x1024]; a -- b -- c; }",
    );
    let cases: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (
            vec![&k5],
            vec!["not planar", "10 connections among 5 rooms"],
        ),
        (vec![&k33], vec!["not planar", "without crossings"]),
        (
            vec![&crowded],
            vec!["room hub has 5 connections", "hold 4 doors at most"],
        ),
        (
            vec![&twice],
            vec!["twice.dot, line 3", "joined twice (first on line 2)"],
        ),
        (
            vec![&bad_size],
            vec!["bad.dot, line 2", "size=\"big\"", "WxH"],
        ),
        (
            vec![&bad_lock],
            vec!["lock.dot, line 2", "lock=\"maybe\"", "true or false"],
        ),
        (vec![&unknown], vec!["unknown.json, edges[0]", "room 7"]),
        (
            vec![&outside],
            vec!["outside.yaml, line 6", "room 5", "roomsRange 0 to 2"],
        ),
        (
            vec![&template],
            vec!["template \"vault\"", "no templates given"],
        ),
        (vec![&apart], vec!["not connected"]),
        (
            vec![&huge],
            vec![
                "--graph",
                "huge.dot: the rooms cover",
                "smaller rooms would do",
            ],
        ),
        (
            vec![&format],
            vec!["expected a .dot, .gv, .json, .yaml or .yml file"],
        ),
        (
            vec![&k5, "--count", "5"],
            vec!["--count", "leave --count out"],
        ),
        (vec![&k5, "--locks", "2"], vec!["--locks"]),
    ];
    for (args, fragments) in cases {
        let mut all = vec!["rooms", "--seed", "1", "--graph"];
        all.extend(args);
        let output = mazegen().args(&all).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{all:?}: {stderr}");
        assert_refused(&all, &fragments);
    }
    assert_refused(
        &["rooms", "--templates", &template],
        &["--templates gives room templates to --graph"],
    );
}

#[test]
fn templates_give_rooms_their_floors_and_doors() {
    let dir = crate::common::scratch_dir("rooms_graph_templates");
    let templates = scratch_file(
        &dir,
        "templates.json",
        r#"{"templates": [
            {"name": "hall", "size": "9x5", "corner_distance": 2},
            {"name": "cell", "size": "3x3", "doors": [[1, -1], [3, 1]]}
        ]}"#,
    );
    let graph = scratch_file(
        &dir,
        "templated.dot",
        "graph { hall [template=hall, role=start]; a [template=cell]; b [template=cell];\n\
         hall -- a; a -- b; b -- hall; }",
    );
    let doc: serde_json::Value = serde_json::from_str(&stdout_of(&[
        "rooms",
        "--graph",
        &graph,
        "--templates",
        &templates,
        "--seed",
        "4",
        "--format",
        "json",
    ]))
    .unwrap();
    let rooms = doc["rooms"].as_array().unwrap();
    assert_eq!(
        (rooms[0]["w"].as_u64(), rooms[0]["h"].as_u64()),
        (Some(9), Some(5))
    );
    for edge in doc["edges"].as_array().unwrap() {
        let corridor = edge["corridor"].as_array().unwrap();
        for (end, room) in [
            (&corridor[0], &edge["a"]),
            (corridor.last().unwrap(), &edge["b"]),
        ] {
            let room = &rooms[room.as_u64().unwrap() as usize];
            let (x, y) = (end[0].as_i64().unwrap(), end[1].as_i64().unwrap());
            let (dx, dy) = (
                x - room["x"].as_i64().unwrap(),
                y - room["y"].as_i64().unwrap(),
            );
            if room["name"] == "hall" {
                // Two tiles from the corners at least.
                let along = if dy == -1 || dy == 5 { dx } else { dy };
                let side = if dy == -1 || dy == 5 { 9 } else { 5 };
                assert!(along >= 2 && along < side - 2, "{edge}");
            } else {
                assert!([(1, -1), (3, 1)].contains(&(dx, dy)), "{edge}");
            }
        }
    }
    // A listed door off the wall is refused.
    let off = scratch_file(
        &dir,
        "off.json",
        r#"{"templates": [{"name": "cell", "size": "3x3", "doors": [[1, 1]]}]}"#,
    );
    assert_refused(
        &["rooms", "--graph", &graph, "--templates", &off],
        &[
            "off.json, templates[0]",
            "door 1,1 is not beside the 3x3 floor",
        ],
    );
}
