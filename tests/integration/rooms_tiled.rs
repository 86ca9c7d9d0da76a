//! `rooms --format tiled` loads in a real Tiled parser, pytiled-parser (PyPI), and says what the
//! text map and the JSON document say. Skipped, with a note, where Python or pytiled-parser is
//! missing (`pip install pytiled-parser`).

use crate::common::{self, json_of, stdout_of};
use std::process::Command;

/// Reads a .tmj file with pytiled-parser and prints what it found as JSON.
const READER: &str = r#"
import json, pathlib, sys
import pytiled_parser
m = pytiled_parser.parse_map(pathlib.Path(sys.argv[1]))
tiles, rooms, marks = m.layers
print(json.dumps({
    "size": [m.map_size.width, m.map_size.height, m.tile_size.width],
    "orientation": m.orientation,
    "data": tiles.data,
    "kinds": {str(i): t.properties["kind"] for i, t in m.tilesets[1].tiles.items()},
    "image": (pathlib.Path(sys.argv[1]).parent / m.tilesets[1].image).is_file(),
    "rooms": [
        {"class": o.class_, "x": o.coordinates.x, "y": o.coordinates.y,
         "w": o.size.width, "h": o.size.height, **o.properties}
        for o in rooms.tiled_objects
    ],
    "marks": [
        {"class": o.class_, "x": o.coordinates.x, "y": o.coordinates.y, **o.properties}
        for o in marks.tiled_objects
    ],
}))
"#;

fn pytiled_parser_is_there() -> bool {
    Command::new("python3")
        .args(["-c", "import pytiled_parser"])
        .output()
        .is_ok_and(|output| output.status.success())
}

#[test]
fn tiled_maps_load_in_pytiled_parser() {
    if !pytiled_parser_is_there() {
        eprintln!("note: python3 with pytiled-parser not found; Tiled maps not checked");
        return;
    }
    let args = [
        "rooms",
        "--count",
        "12",
        "--candidates",
        "delaunay",
        "--seed",
        "9",
        "--locks",
        "2",
    ];
    let dir = common::scratch_dir("rooms-tiled");
    let path = dir.join("rooms.tmj");
    let path_arg = path.to_str().unwrap();
    stdout_of(&[&args[..], &["--format", "tiled", "-o", path_arg]].concat());
    let output = Command::new("python3")
        .args(["-c", READER])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let tiled: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    let doc = json_of(&[&args[..], &["--format", "json"]].concat());
    let text = stdout_of(&[&args[..], &["--format", "text"]].concat());
    let (width, height) = (&doc["params"]["width"], &doc["params"]["height"]);
    assert_eq!(tiled["size"], serde_json::json!([width, height, 16]));
    assert_eq!(tiled["orientation"], "orthogonal");
    assert_eq!(
        tiled["image"], true,
        "the tileset's image is beside the map"
    );
    // Every tile as the text map draws it, marks on floor as floor.
    let kinds = &tiled["kinds"];
    for (row, line) in tiled["data"].as_array().unwrap().iter().zip(text.lines()) {
        for (gid, c) in row.as_array().unwrap().iter().zip(line.chars()) {
            let id = (gid.as_u64().unwrap() - 1).to_string();
            let expected = match c {
                '#' => "rock",
                ' ' | 'S' | 'G' | 'K' => "floor",
                '.' => "corridor",
                '+' => "door",
                'L' => "lock",
                other => panic!("{other:?}"),
            };
            assert_eq!(kinds[&id], expected);
        }
    }
    assert_eq!(text.matches('L').count(), 2);
    // A rectangle per room, in pixels, with its id, role, keys and ends.
    let rooms = tiled["rooms"].as_array().unwrap();
    assert_eq!(rooms.len(), 12);
    for (object, room) in rooms.iter().zip(doc["rooms"].as_array().unwrap()) {
        assert_eq!(object["room"], room["id"]);
        for end in ["start", "goal"] {
            assert_eq!(object[end], doc["analysis"][end] == room["id"], "{end}");
        }
        assert_eq!(object["stairs"], false);
        assert_eq!(object["role"], room["role"]);
        assert_eq!(object["class"], room["role"]);
        for (pixels, tiles) in [("x", "x"), ("y", "y"), ("w", "w"), ("h", "h")] {
            assert_eq!(
                object[pixels].as_f64().unwrap(),
                16.0 * room[tiles].as_f64().unwrap()
            );
        }
        let keys: Vec<String> = room["keys"]
            .as_array()
            .map(|keys| keys.iter().map(|k| k.to_string()).collect())
            .unwrap_or_default();
        assert_eq!(object["keys"], keys.join(","));
    }
    // A tile-sized rectangle per door, lock and mark, of its kind, where the text map has it.
    let marks = tiled["marks"].as_array().unwrap();
    let lines: Vec<Vec<char>> = text.lines().map(|line| line.chars().collect()).collect();
    for mark in marks {
        let (x, y) = (
            mark["x"].as_f64().unwrap() / 16.0,
            mark["y"].as_f64().unwrap() / 16.0,
        );
        let expected = match mark["class"].as_str().unwrap() {
            "door" => '+',
            "lock" => 'L',
            "start" => 'S',
            "goal" => 'G',
            "key" => 'K',
            other => panic!("{other:?}"),
        };
        assert_eq!(lines[y as usize][x as usize], expected, "{mark}");
    }
    let count = |c: char| text.matches(c).count();
    assert_eq!(
        marks.len(),
        count('+') + count('L') + count('S') + count('G') + count('K')
    );
}

#[test]
fn the_tileset_image_is_written_beside_the_map() {
    let dir = common::scratch_dir("rooms-tileset");
    let map = dir.join("level.tmj");
    let image = dir.join("mazegen-rooms-tiles.png");
    let run = || {
        common::mazegen()
            .args(["rooms", "--seed", "3", "--format", "tiled", "-o"])
            .arg(&map)
            .assert()
            .success()
            .stderr("");
    };
    run();
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&map).unwrap()).unwrap();
    let tileset = &doc["tilesets"][0];
    assert_eq!(tileset["image"], "mazegen-rooms-tiles.png");
    // A PNG of the size the tileset names, one color per tile.
    let decoder = png::Decoder::new(std::io::Cursor::new(std::fs::read(&image).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let (width, height) = (reader.info().width, reader.info().height);
    assert_eq!(
        (u64::from(width), u64::from(height)),
        (
            tileset["imagewidth"].as_u64().unwrap(),
            tileset["imageheight"].as_u64().unwrap()
        )
    );
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    let channels = frame.color_type.samples();
    let count = tileset["tilecount"].as_u64().unwrap() as usize;
    let tile = width as usize / count;
    let colors: Vec<&[u8]> = (0..count)
        .map(|k| &pixels[k * tile * channels..(k * tile + 1) * channels])
        .collect();
    for (k, a) in colors.iter().enumerate() {
        for b in &colors[k + 1..] {
            assert_ne!(a, b);
        }
    }
    // An image of the user's own is kept.
    std::fs::write(&image, b"mine").unwrap();
    run();
    assert_eq!(std::fs::read(&image).unwrap(), b"mine");
    // On standard output the map comes alone, with a note.
    common::mazegen()
        .args(["rooms", "--seed", "3", "--format", "tiled"])
        .assert()
        .success()
        .stderr(predicates::str::contains("mazegen-rooms-tiles.png"));
}
