//! `render` of rooms, caves and dungeon documents: a level read back is drawn in every format
//! `rooms` and `caves` write, byte for byte as when it was made; formats of mazes alone are
//! refused for it (and formats of levels alone for mazes), and so is a broken document, in one
//! line naming the field at fault.

use crate::common::{assert_refused, mazegen, scratch_dir, stdout_of};
use serde_json::{Value, json};

/// Every format of room maps.
const ROOM_FORMATS: [&str; 11] = [
    "text", "term", "json", "dot", "svg", "png", "tiled", "tmx", "godot", "ldtk", "uvtt",
];

/// The bytes `mazegen args` writes on standard output (it must succeed).
fn bytes_of(args: &[&str]) -> Vec<u8> {
    let output = mazegen().args(args).output().expect("mazegen runs");
    assert!(
        output.status.success(),
        "mazegen {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// The bytes `mazegen render` writes of `document` with `args`.
fn rendered(document: &[u8], args: &[&str]) -> Vec<u8> {
    let output = mazegen()
        .arg("render")
        .args(args)
        .write_stdin(document)
        .output()
        .expect("mazegen runs");
    assert!(
        output.status.success(),
        "render {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Checks that `mazegen args --format F` equals `mazegen args --format json | mazegen render
/// --format F` for every format of `formats`, with `more` options (a theme, a scale) on both.
fn assert_drawn_again(args: &[&str], formats: &[&str], more: &[&str]) {
    let document = bytes_of(&[args, &["--format", "json"]].concat());
    for &format in formats {
        let options = [&["--format", format, "--color", "always"], more].concat();
        let made = bytes_of(&[args, &options].concat());
        assert!(!made.is_empty(), "{args:?} {format}");
        assert!(
            rendered(&document, &options) == made,
            "{args:?} --format {format} {more:?}: render of its document differs"
        );
    }
}

#[test]
fn room_maps_read_back_are_drawn_in_every_format_as_when_made() {
    for seed in ["3", "5", "9"] {
        let base = ["rooms", "--seed", seed, "--count", "9", "--locks", "2"];
        assert_drawn_again(&base, &ROOM_FORMATS, &[]);
        // Contents draw from a stream of their own: dot, which has no place for them (rooms
        // refuses --contents there), draws the map as without them.
        let furnished = [&base[..], &["--contents"]].concat();
        let formats: Vec<&str> = ROOM_FORMATS.into_iter().filter(|&f| f != "dot").collect();
        assert_drawn_again(&furnished, &formats, &[]);
        let document = bytes_of(&[&furnished[..], &["--format", "json"]].concat());
        assert_eq!(
            rendered(&document, &["--format", "dot"]),
            bytes_of(&[&base[..], &["--format", "dot"]].concat())
        );
    }
    let more: [&[&str]; 4] = [
        &["--floors", "3", "--contents"],
        &["--cycles", "1", "--floors", "2", "--contents"],
        &["--corridors", "maze", "--floors", "2", "--contents"],
        &["--candidates", "delaunay", "--max-doors", "3"],
    ];
    for options in more {
        let args = [
            &["rooms", "--seed", "11", "--count", "14", "--locks", "1"],
            options,
        ]
        .concat();
        assert_drawn_again(&args, &formats_without_dot(options), &[]);
    }
    for look in [
        &["--theme", "mono", "--scale", "3"][..],
        &["--theme", "colorblind"],
        &["--scale", "5"],
    ] {
        let args = ["rooms", "--seed", "4", "--count", "6", "--floors", "2"];
        assert_drawn_again(&args, &["svg", "png", "uvtt"], look);
    }
}

/// The formats of room maps made with `options`: dot has no place for contents.
fn formats_without_dot(options: &[&str]) -> Vec<&'static str> {
    let contents = options.contains(&"--contents");
    (ROOM_FORMATS.into_iter())
        .filter(|&format| !(contents && format == "dot"))
        .collect()
}

#[test]
fn a_designers_graph_laid_out_reads_back_with_its_locks_and_one_way_passages() {
    let dir = scratch_dir("render-levels-design");
    let graph = dir.join("g.dot");
    std::fs::write(
        &graph,
        "graph { a [role=start]; b; c; d [role=goal]; a -- b; b -- c [lock=true]; \
         c -- d; a -- d [lock=true]; b -- d [one_way=true] }",
    )
    .unwrap();
    let graph = graph.to_str().unwrap();
    let args = ["rooms", "--graph", graph, "--seed", "2"];
    assert_drawn_again(&args, &ROOM_FORMATS, &[]);
    // Its locks are numbered in the order they open: swapped, they are refused.
    let document: Value =
        serde_json::from_str(&stdout_of(&[&args[..], &["--format", "json"]].concat())).unwrap();
    assert_eq!(document["edges"][1]["lock"], json!(2));
    assert_eq!(document["edges"][3]["lock"], json!(1));
    assert_broken(
        &document,
        |d| {
            d["edges"][1]["lock"] = json!(1);
            d["edges"][3]["lock"] = json!(2);
        },
        "edges[1].lock: 1, but the designer's graph opens it as lock 2",
    );
}

#[test]
fn caves_read_back_are_drawn_in_every_format_as_when_made() {
    let formats: Vec<&str> = ROOM_FORMATS.into_iter().filter(|&f| f != "dot").collect();
    for seed in ["1", "2", "4"] {
        let base = ["caves", "--seed", seed, "--fill", "0.5", "--min-size", "4"];
        assert_drawn_again(
            &[&base[..], &["--locks", "2", "--contents"]].concat(),
            &formats,
            &[],
        );
        let floors = ["--locks", "2", "--contents", "--floors", "2"];
        assert_drawn_again(&[&base[..], &floors].concat(), &formats, &[]);
    }
    let small = ["caves", "--seed", "7", "--width", "30", "--height", "20"];
    assert_drawn_again(&small, &formats, &[]);
    assert_drawn_again(&small, &["svg", "png", "uvtt"], &["--theme", "color"]);
}

#[test]
fn a_map_written_to_a_file_comes_with_its_tileset_as_when_made() {
    let dir = scratch_dir("render-levels-files");
    let args = ["rooms", "--seed", "3", "--count", "7", "--contents"];
    let document = dir.join("map.json");
    mazegen()
        .args(args)
        .args(["--format", "json", "-o", document.to_str().unwrap()])
        .assert()
        .success();
    for name in ["made.tmx", "read.tmx", "made.png", "read.png"] {
        let out = dir.join(name);
        let out = out.to_str().unwrap();
        let format = name.rsplit('.').next().unwrap();
        if name.starts_with("made") {
            mazegen()
                .args(args)
                .args(["--format", format, "-o", out])
                .assert()
                .success();
        } else {
            let input = document.to_str().unwrap();
            mazegen()
                .args(["render", input, "--format", format, "-o", out])
                .assert()
                .success();
        }
    }
    for format in ["tmx", "png"] {
        let read = |name: &str| std::fs::read(dir.join(format!("{name}.{format}"))).unwrap();
        assert_eq!(read("made"), read("read"), "{format}");
    }
    assert!(dir.join(mazegen::render::TILESET_IMAGE).exists());
}

#[test]
fn formats_of_one_kind_are_refused_for_the_other() {
    let dir = scratch_dir("render-levels-kinds");
    let write = |name: &str, args: &[&str]| {
        let path = dir.join(name);
        std::fs::write(&path, stdout_of(&[args, &["--format", "json"]].concat())).unwrap();
        path.to_str().unwrap().to_string()
    };
    let rooms = write("rooms.json", &["rooms", "--seed", "3", "--count", "5"]);
    let caves = write("caves.json", &["caves", "--seed", "3"]);
    let maze = write("maze.json", &["backtrack", "--seed", "3", "--size", "9"]);
    let unlaid = write(
        "unlaid.json",
        &["rooms", "--seed", "3", "--count", "5", "--map", "never"],
    );
    for format in ["html", "pdf", "graph", "jsonl", "tokens", "ascii"] {
        assert_refused(
            &["render", &rooms, "--format", format],
            &[&format!(
                "--format {format} writes mazes; a rooms, caves or dungeon document is written as --format term, text, json, svg, png, tiled, tmx, godot, ldtk or uvtt"
            )],
        );
    }
    assert_refused(
        &["render", &caves, "--format", "dot"],
        &["--format dot draws room maps' graphs; a caves document is written as"],
    );
    for format in ["tiled", "dot", "uvtt"] {
        assert_refused(
            &["render", &maze, "--format", format],
            &[&format!(
                "--format {format} writes room maps and caves, not mazes; a maze or graph document is written as term, text, json"
            )],
        );
        assert_refused(
            &["backtrack", "--format", format],
            &[&format!("--format {format} writes room maps and caves")],
        );
    }
    assert_refused(
        &["solve", &rooms],
        &[
            "is not a maze document: schema is \"mazegen.rooms/v1\", expected \"mazegen.maze/v1\" or \"mazegen.graph/v1\" at",
        ],
    );
    assert_refused(
        &["stats", &caves],
        &[
            "is not a maze document: schema is \"mazegen.caves/v1\", expected \"mazegen.maze/v1\" or \"mazegen.graph/v1\" at",
        ],
    );
    assert_refused(
        &["render", &rooms, "--stats"],
        &["--stats applies to mazes, not to rooms, caves or dungeon documents"],
    );
    assert_refused(
        &["render", &rooms, "--format", "tiled", "--scale", "4"],
        &["--scale applies to svg, png and uvtt pictures, not --format tiled"],
    );
    assert_refused(
        &[
            "render",
            &unlaid,
            "--format",
            "svg",
            "-o",
            dir.join("x.svg").to_str().unwrap(),
        ],
        &[
            "a rooms document has no tile map",
            "write it as json or dot",
        ],
    );
    assert!(!dir.join("x.svg").exists(), "nothing written on a refusal");
    let wide = write(
        "wide.json",
        &[
            "rooms", "--seed", "1", "--count", "2", "--width", "17000", "--height", "12",
        ],
    );
    assert_refused(
        &["render", &wide, "--format", "svg", "--scale", "64"],
        &["--scale 64: the picture would be 1088000 pixels on a side, more than the 1000000"],
    );
    for format in ["json", "dot"] {
        let made = bytes_of(&[
            "rooms", "--seed", "3", "--count", "5", "--map", "never", "--format", format,
        ]);
        assert_eq!(bytes_of(&["render", &unlaid, "--format", format]), made);
    }
}

/// A change that breaks a document.
type Change = Box<dyn Fn(&mut Value)>;

/// Checks that `document`, changed by `change`, is refused by `render` with exit code 2, no
/// output and one line containing `fragment` (and no panic).
fn assert_broken(document: &Value, change: impl Fn(&mut Value), fragment: &str) {
    let mut broken = document.clone();
    change(&mut broken);
    let output = mazegen()
        .args(["render", "--format", "text"])
        .write_stdin(broken.to_string())
        .output()
        .unwrap();
    let error = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{fragment}: {error}");
    assert!(output.stdout.is_empty(), "{fragment}");
    assert!(
        error.contains(fragment),
        "expected {fragment:?}, got {error}"
    );
    assert_eq!(error.trim_end().lines().count(), 1, "{error}");
}

#[test]
fn maps_with_prefabs_read_back_with_their_drawings() {
    let vault = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/vault.txt");
    for corridors in ["routed", "maze"] {
        for seed in ["3", "8"] {
            let args = [
                "rooms",
                "--seed",
                seed,
                "--count",
                "8",
                "--prefab",
                vault,
                "--corridors",
                corridors,
                "--locks",
                "1",
                "--contents",
            ];
            assert_drawn_again(&args, &formats_without_dot(&args), &[]);
        }
    }
    // A drawing that is missing, not a prefab's, or not the size of its room is refused.
    let rooms: Value = serde_json::from_str(&stdout_of(&[
        "rooms", "--seed", "3", "--count", "8", "--prefab", vault, "--format", "json",
    ]))
    .unwrap();
    assert_eq!(rooms["rooms"][0]["prefab"], "vault");
    let drawing = rooms["rooms"][0]["drawing"].clone();
    assert_eq!(drawing[0], "   ###+###   ");
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|d| {
                d["rooms"][0].as_object_mut().unwrap().remove("drawing");
            }),
            "rooms[0].drawing: missing: a prefab room has its drawing",
        ),
        (
            Box::new(|d| d["rooms"][0]["drawing"] = json!(["#+#", "#.#", "###"])),
            "rooms[0].drawing: 3x3 tiles, but the room is 13x7",
        ),
        (
            Box::new(|d| d["rooms"][0]["drawing"] = json!(["###", "#.#", "###"])),
            "rooms[0].drawing: vault: no door socket",
        ),
        (
            Box::new(move |d| d["rooms"][1]["drawing"] = drawing.clone()),
            "rooms[1].drawing: a drawing belongs to a prefab room",
        ),
    ];
    for (change, fragment) in cases {
        assert_broken(&rooms, change, fragment);
    }
}

#[test]
fn broken_room_maps_are_refused_naming_the_field() {
    let rooms: Value = serde_json::from_str(&stdout_of(&[
        "rooms",
        "--seed",
        "3",
        "--count",
        "8",
        "--locks",
        "2",
        "--contents",
        "--format",
        "json",
    ]))
    .unwrap();
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|d| d["rooms"][2]["x"] = json!(100)),
            "rooms[2]: a 3x7 room at 100,9 does not lie on the 39x26-tile map",
        ),
        (
            Box::new(|d| d["rooms"][2]["role"] = json!("boss")),
            "rooms[2]: unknown variant `boss`, expected one of `start`",
        ),
        (
            Box::new(|d| d["rooms"][2]["role"] = json!("goal")),
            "\"rooms[2].role\" is \"goal\", but the rest of the document makes it \"corridor\"",
        ),
        (
            Box::new(|d| d["entities"][0]["x"] = json!(1000)),
            "entities[0]: tile 1000,21 is off the 39x26 map",
        ),
        (
            Box::new(|d| d["entities"][0]["x"] = json!(0)),
            "entities[0]: tile 0,21 is not on the floor of room 6",
        ),
        (
            Box::new(|d| d["entities"][0]["room"] = json!(99)),
            "entities[0].room: room 99, but there are 8 rooms",
        ),
        (
            Box::new(|d| d["entities"][0]["kind"] = json!("a\nb")),
            "entities[0].kind: \"a\\\\nb\" is no name of contents rules",
        ),
        (
            Box::new(|d| d["edges"][0]["lock"] = json!(7)),
            "edges[0].lock: 7, but the locks here are numbered 1 to 3",
        ),
        (
            Box::new(|d| d["edges"][0]["a"] = json!(70)),
            "edges[0]: joins rooms 70 and 6; an edge joins two of the 8 rooms",
        ),
        (
            Box::new(|d| d["edges"][0]["corridor"] = json!([[0, 0], [99, 0]])),
            "edges[0].corridor: tile 99,0 is off the 39x26 map",
        ),
        (
            Box::new(|d| d["rooms"][1]["keys"] = json!([5])),
            "rooms[1].keys: key 5, but the locks are numbered 1 to 2",
        ),
        (
            Box::new(|d| d["params"]["count"] = json!(9)),
            "rooms: 8 rooms, but \"params.count\" is 9",
        ),
        (
            Box::new(|d| d["params"]["width"] = json!(0)),
            "params.width: a 0x26-tile map",
        ),
        (
            Box::new(|d| d["analysis"]["start"] = json!(77)),
            "analysis.start: room 77, but there are 8 rooms",
        ),
        (
            Box::new(|d| d["rooms"][3]["depth"] = json!(9)),
            "rooms[3].depth: 9, but it is",
        ),
        (
            Box::new(|d| d["rooms"][3]["doors"] = json!(9)),
            "rooms[3].doors: 9, but",
        ),
        (
            Box::new(|d| d["params"]["maze"] = json!({"algorithm": "eller", "sparseness": 0.5})),
            "\"eller\" is no algorithm that carves any shape",
        ),
        (
            Box::new(|d| d["rooms"][1]["name"] = json!("x")),
            "rooms[0].name: either every room has a name",
        ),
        (
            Box::new(|d| d["analysis"]["dead_ends"] = json!([])),
            "analysis.dead_ends: not the rooms with one door",
        ),
    ];
    for (change, fragment) in cases {
        assert_broken(&rooms, change, fragment);
    }
}

#[test]
fn broken_caves_and_dungeons_are_refused_naming_the_field() {
    let dungeon: Value = serde_json::from_str(&stdout_of(&[
        "caves",
        "--seed",
        "1",
        "--fill",
        "0.5",
        "--min-size",
        "4",
        "--locks",
        "2",
        "--contents",
        "--floors",
        "2",
        "--format",
        "json",
    ]))
    .unwrap();
    let cases: Vec<(Change, &str)> = vec![
        (
            Box::new(|d| d["floors"][0]["tiles"][3] = json!("##")),
            "floors[0].tiles[3]: 2 tiles, but \"params.width\" is 64",
        ),
        (
            Box::new(|d| {
                let rows = d["floors"][1]["tiles"].as_array_mut().unwrap();
                rows.pop();
            }),
            "floors[1].tiles: 39 rows, but \"params.height\" is 40",
        ),
        (
            Box::new(|d| d["floors"][1]["tiles"][0] = json!("X".repeat(64))),
            "floors[1].tiles[0]: column 0: \"X\" is not a tile of a cave",
        ),
        (
            Box::new(|d| d["floors"][1] = json!({"schema": "mazegen.maze/v1"})),
            "floors[1]: \"schema\" is \"mazegen.maze/v1\", expected \"mazegen.rooms/v1\" or \"mazegen.caves/v1\"",
        ),
        (
            Box::new(|d| d["floors"][1]["seed"] = json!(5)),
            "floors[1].seed is 5, but floor 2 of the dungeon of seed 1 has seed",
        ),
        (
            Box::new(|d| d["floors"][0]["rooms"][0]["x"] = json!(0)),
            "floors[0].rooms[0]: the cavern's floor tiles lie at",
        ),
        (
            Box::new(|d| d["floors"][0]["edges"][2]["lock_at"] = json!([0, 0])),
            "floors[0].edges[2]: \"lock_at\" is not a tile of its \"tunnel\"",
        ),
        (
            Box::new(|d| d["floors"][1]["edges"][0]["lock"] = json!(1)),
            "floors[1].edges[0].lock: 1, but the locks here are numbered 3 to 4",
        ),
        (
            Box::new(|d| d["floors"][1]["entities"][0]["x"] = json!(0)),
            "floors[1].entities[0]: tile 0,16 is not on the floor of room 3",
        ),
        (
            Box::new(|d| d["stairs"][0]["up"]["room"] = json!(99)),
            "\"stairs[0].up.room\" is 99, but the rest of the document makes it",
        ),
        (
            Box::new(|d| {
                let floors = d["floors"].as_array_mut().unwrap();
                floors.pop();
            }),
            "\"floors\" has 1 floors; a dungeon document has 2 to 256",
        ),
    ];
    for (change, fragment) in cases {
        assert_broken(&dungeon, change, fragment);
    }
    // A dungeon of a room map and a cave.
    let rooms: Value = serde_json::from_str(&stdout_of(&[
        "rooms", "--seed", "1", "--count", "5", "--floors", "2", "--format", "json",
    ]))
    .unwrap();
    let cave = dungeon["floors"][1].clone();
    assert_broken(
        &rooms,
        move |d| d["floors"][1] = cave.clone(),
        "floors[1] is a caves document, but floors[0] a rooms: a dungeon's floors are all room maps or all caves",
    );
}
