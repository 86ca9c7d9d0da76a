//! `--format tmx` and `--format godot` load in real readers: pytmx (pygame's usual Tiled loader)
//! and Tiled's own `tmxrasterizer` read the TMX maps, godot-parser the Godot scenes; each says
//! what the text map and the JSON document say. Skipped, with a note, where Python lacks
//! pytmx or godot-parser (`pip install pytmx godot-parser`) or Tiled is not installed.

use crate::common::{json_of, python_has, scratch_dir, stdout_of};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

/// Runs `script` with `path` as its argument and returns what it prints last, as JSON
/// (pytmx imports pygame, which may greet first).
pub fn python_json(script: &str, path: &Path) -> Value {
    let output = Command::new("python3")
        .env("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        .args(["-c", script])
        .arg(path)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let text = String::from_utf8(output.stdout).unwrap();
    serde_json::from_str(text.lines().last().unwrap_or_default()).unwrap()
}

/// The levels the tests write: a room map with locks, a cave, and dungeons of both.
const LEVELS: [&[&str]; 4] = [
    &[
        "rooms",
        "--count",
        "12",
        "--candidates",
        "delaunay",
        "--seed",
        "9",
        "--locks",
        "2",
    ],
    &[
        "caves", "--width", "40", "--height", "30", "--seed", "6", "--locks", "1",
    ],
    &[
        "rooms", "--count", "6", "--seed", "4", "--locks", "1", "--floors", "3",
    ],
    &[
        "caves", "--width", "40", "--height", "30", "--seed", "6", "--floors", "2",
    ],
];

/// Every floor's tile kinds as the text map draws them (marks on floor as floor), a row of
/// names a line.
fn text_kinds(args: &[&str]) -> Vec<Vec<Vec<&'static str>>> {
    let text = stdout_of(&[args, &["--format", "text"]].concat());
    text.trim_end()
        .split("\n\n")
        .map(|floor| {
            floor
                .lines()
                .map(|line| {
                    line.chars()
                        .map(|c| match c {
                            '#' => "rock",
                            '.' => "corridor",
                            '+' => "door",
                            'L' => "lock",
                            _ => "floor",
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// The rooms of every floor of the level's JSON document, and each floor's start and goal.
fn floors_of(args: &[&str]) -> Vec<Value> {
    let doc = json_of(&[args, &["--format", "json"]].concat());
    match doc["floors"].as_array() {
        Some(floors) => floors.clone(),
        None => vec![doc],
    }
}

/// Reads a .tmx file with pytmx: per tile layer its rows of kinds, per object group its
/// objects' class, tile and properties.
pub const PYTMX_READER: &str = r#"
import json, sys
import pytmx
m = pytmx.TiledMap(sys.argv[1])
def kind(gid):
    return m.get_tile_properties_by_gid(gid)["kind"]
floors = {}
for layer in m.layers:
    if isinstance(layer, pytmx.TiledTileLayer):
        floors.setdefault("tiles", []).append([[kind(g) for g in row] for row in layer.data])
    elif isinstance(layer, pytmx.TiledObjectGroup):
        floors.setdefault(layer.name, []).append([
            {"class": o.type, "x": o.x / m.tilewidth, "y": o.y / m.tileheight,
             "w": o.width / m.tilewidth, "h": o.height / m.tileheight, **o.properties}
            for o in layer
        ])
    else:
        floors.setdefault("groups", []).append([layer.name, bool(layer.visible)])
print(json.dumps({"size": [m.width, m.height], "props": m.properties, **floors}))
"#;

#[test]
fn tmx_maps_load_in_pytmx() {
    if !python_has("pytmx") {
        eprintln!("note: python3 with pytmx not found; TMX maps not checked");
        return;
    }
    let dir = scratch_dir("tmx");
    for args in LEVELS {
        let path = dir.join("level.tmx");
        stdout_of(&[args, &["--format", "tmx", "-o", path.to_str().unwrap()]].concat());
        assert!(dir.join("mazegen-rooms-tiles.png").is_file());
        let map = python_json(PYTMX_READER, &path);
        let texts = text_kinds(args);
        let floors = floors_of(args);
        let count = floors.len();
        assert_eq!(map["tiles"].as_array().unwrap().len(), count, "{args:?}");
        if count > 1 {
            let groups: Vec<Value> = (0..count)
                .map(|f| serde_json::json!([format!("floor {}", f + 1), f == 0]))
                .collect();
            assert_eq!(map["groups"], Value::from(groups), "{args:?}");
        }
        assert_eq!(
            map["props"]["seed"],
            args[args.iter().position(|&a| a == "--seed").unwrap() + 1]
        );
        for (f, (doc, text)) in floors.iter().zip(&texts).enumerate() {
            // Every tile as the text map draws it, rock past a smaller floor.
            let tiles = &map["tiles"][f];
            for (y, row) in tiles.as_array().unwrap().iter().enumerate() {
                for (x, kind) in row.as_array().unwrap().iter().enumerate() {
                    let expected = text.get(y).and_then(|row| row.get(x)).unwrap_or(&"rock");
                    assert_eq!(kind, expected, "{args:?} floor {f} at {x},{y}");
                }
            }
            // A rectangle per room with its typed properties.
            let rooms = map["rooms"][f].as_array().unwrap();
            let doc_rooms = doc["rooms"].as_array().unwrap();
            assert_eq!(rooms.len(), doc_rooms.len());
            for (object, room) in rooms.iter().zip(doc_rooms) {
                assert_eq!(object["room"], room["id"]);
                assert_eq!(object["role"], room["role"]);
                assert_eq!(object["class"], room["role"]);
                assert_eq!(object["depth"], room["depth"]);
                for end in ["start", "goal", "stairs"] {
                    assert!(object[end].is_boolean(), "{end} is typed");
                }
                let first = f == 0;
                let last = f + 1 == count;
                let id = &room["id"];
                let start = doc["analysis"]["start"] == *id;
                let goal = doc["analysis"]["goal"] == *id;
                assert_eq!(object["start"], start && first, "{args:?} {room}");
                assert_eq!(object["goal"], goal && last, "{args:?} {room}");
                assert_eq!(
                    object["stairs"],
                    (start && !first) || (goal && !last),
                    "{args:?} {room}"
                );
            }
            // A tile per door, lock, key, start, goal and stairs, where the map has them.
            let marks = map["marks"][f].as_array().unwrap();
            for mark in marks {
                let (x, y) = (mark["x"].as_f64().unwrap(), mark["y"].as_f64().unwrap());
                let kind = text[y as usize][x as usize];
                let expected = match mark["class"].as_str().unwrap() {
                    "door" => "door",
                    "lock" => {
                        assert!(mark["lock"].as_u64().unwrap() >= 1);
                        "lock"
                    }
                    "key" | "start" | "goal" | "stairs" => "floor",
                    other => panic!("{other:?}"),
                };
                assert_eq!(kind, expected, "{args:?} {mark}");
            }
            let of = |class: &str| marks.iter().filter(|m| m["class"] == class).count();
            let doors = text.iter().flatten().filter(|&&k| k == "door").count();
            assert_eq!(of("door"), doors, "{args:?}");
            assert_eq!(of("start"), usize::from(f == 0));
            assert_eq!(of("goal"), usize::from(f + 1 == count));
            assert_eq!(
                of("stairs"),
                usize::from(f > 0) + usize::from(f + 1 < count)
            );
        }
    }
}

#[test]
fn tmx_maps_draw_in_tmxrasterizer() {
    if Command::new("tmxrasterizer")
        .arg("--help")
        .output()
        .is_err()
    {
        eprintln!("note: tmxrasterizer (Tiled) not found; TMX maps not drawn");
        return;
    }
    let dir = scratch_dir("tmxrasterizer");
    for args in [LEVELS[0], LEVELS[3]] {
        let path = dir.join("level.tmx");
        let picture = dir.join("level.png");
        stdout_of(&[args, &["--format", "tmx", "-o", path.to_str().unwrap()]].concat());
        let output = Command::new("tmxrasterizer")
            .env("QT_QPA_PLATFORM", "offscreen")
            .args(["--scale", "1"])
            .arg(&path)
            .arg(&picture)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let map = json_of(&[args, &["--format", "tiled"]].concat());
        let decoder = png::Decoder::new(std::io::Cursor::new(std::fs::read(&picture).unwrap()));
        let reader = decoder.read_info().unwrap();
        assert_eq!(
            (
                u64::from(reader.info().width),
                u64::from(reader.info().height)
            ),
            (
                16 * map["width"].as_u64().unwrap(),
                16 * map["height"].as_u64().unwrap()
            )
        );
    }
}

/// Reads a .tscn file with godot-parser: the tile set's tiles (their kind, collision and
/// navigation), every `TileMapLayer`'s `tile_map_data` bytes, and every `Marker2D`'s
/// metadata, by its parent.
const GODOT_READER: &str = r#"
import json, sys
import godot_parser
scene = godot_parser.load(sys.argv[1])
tiles, layers, markers, kinds = {}, [], {}, {}
resources = {}
for section in scene.get_sections():
    attributes = section.header.attributes
    if section.header.name == "sub_resource":
        resources[attributes["id"]] = attributes["type"]
        if attributes["type"] == "TileSetAtlasSource":
            for key, value in section.properties.items():
                parts = key.split("/")
                if len(parts) < 3:
                    continue
                tile = tiles.setdefault(parts[0], {})
                if key.endswith("custom_data_0"):
                    tile["kind"] = value
                elif "physics_layer_0/polygon_0/points" in key:
                    tile["collision"] = len(value.args) // 2
                elif key.endswith("navigation_layer_0/polygon"):
                    tile["navigation"] = resources[value.args[0]]
    elif attributes.get("type") == "TileMapLayer":
        layers.append({"parent": attributes["parent"], "data": list(section["tile_map_data"].args)})
    elif attributes.get("type") == "Marker2D":
        metadata = {k[len("metadata/"):]: (v if not hasattr(v, "args") else list(v.args))
                    for k, v in section.properties.items() if k.startswith("metadata/")}
        markers.setdefault(attributes["parent"], []).append(metadata)
print(json.dumps({"tiles": tiles, "layers": layers, "markers": markers}))
"#;

#[test]
fn godot_scenes_parse_in_godot_parser() {
    let dir = scratch_dir("godot");
    let parser = python_has("godot_parser");
    if !parser {
        eprintln!("note: python3 with godot-parser not found; Godot scenes not parsed");
    }
    for args in LEVELS {
        let path = dir.join("level.tscn");
        stdout_of(&[args, &["--format", "godot", "-o", path.to_str().unwrap()]].concat());
        let scene = std::fs::read_to_string(&path).unwrap();
        assert!(scene.starts_with("[gd_scene load_steps=6 format=3]\n"));
        assert!(!scene.contains("&\""), "no StringName literals");
        assert!(
            !dir.join("mazegen-rooms-tiles.png").exists(),
            "the image is embedded"
        );
        if !parser {
            continue;
        }
        let read = python_json(GODOT_READER, &path);
        // Rock and locks collide, the rest navigate.
        let tiles = &read["tiles"];
        for (column, kind) in ["rock", "floor", "corridor", "door", "lock"]
            .iter()
            .enumerate()
        {
            let tile = &tiles[format!("{column}:0")];
            assert_eq!(tile["kind"], *kind);
            let blocks = matches!(*kind, "rock" | "lock");
            assert_eq!(
                tile["collision"],
                if blocks { Value::from(4) } else { Value::Null }
            );
            assert_eq!(
                tile["navigation"],
                if blocks {
                    Value::Null
                } else {
                    Value::from("NavigationPolygon")
                }
            );
        }
        // Every floor's tile_map_data decodes to its tiles.
        let texts = text_kinds(args);
        let floors = floors_of(args);
        let layers = read["layers"].as_array().unwrap();
        assert_eq!(layers.len(), texts.len(), "{args:?}");
        for (f, (layer, text)) in layers.iter().zip(&texts).enumerate() {
            let bytes: Vec<u8> = layer["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| b.as_u64().unwrap() as u8)
                .collect();
            assert_eq!(&bytes[..2], &[0, 0], "format 0");
            let width = text.iter().map(Vec::len).max().unwrap();
            let mut seen = 0;
            for cell in bytes[2..].chunks(12) {
                let field = |k: usize| u16::from_le_bytes([cell[2 * k], cell[2 * k + 1]]);
                let (x, y) = (field(0) as usize, field(1) as usize);
                let kind = ["rock", "floor", "corridor", "door", "lock"][usize::from(field(3))];
                let expected = text.get(y).and_then(|row| row.get(x)).unwrap_or(&"rock");
                assert_eq!(kind, *expected, "{args:?} floor {f} at {x},{y}");
                assert_eq!((field(2), field(4), field(5)), (0, 0, 0));
                seen += 1;
            }
            assert!(seen >= width * text.len());
            // A marker per room, its metadata the room's.
            let parent = if texts.len() > 1 {
                format!("floor {}/rooms", f + 1)
            } else {
                "rooms".to_string()
            };
            let rooms = read["markers"][&parent].as_array().unwrap();
            let doc_rooms = floors[f]["rooms"].as_array().unwrap();
            assert_eq!(rooms.len(), doc_rooms.len(), "{args:?}");
            for (marker, room) in rooms.iter().zip(doc_rooms) {
                assert_eq!(marker["room"], room["id"]);
                assert_eq!(marker["role"], room["role"]);
                assert!(marker["stairs"].is_boolean());
                let rect = serde_json::json!([
                    16 * room["x"].as_u64().unwrap(),
                    16 * room["y"].as_u64().unwrap(),
                    16 * room["w"].as_u64().unwrap(),
                    16 * room["h"].as_u64().unwrap()
                ]);
                assert_eq!(marker["rect"], rect);
            }
        }
    }
}
