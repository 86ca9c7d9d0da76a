//! Dungeons of several floors (`--floors N`): a player walking the floors one below another,
//! down the stairs and back up, always wins and needs every lock, the first lock of every floor
//! opening with a key from the floor above; one floor is the level alone in every format; the
//! formats write every floor.

use crate::common::{assert_refused, json_of, schema_validator, stdout_of};
use crate::player::{assert_winnable, stairs_of};
use crate::rooms_locks::grid_options;
use mazegen::Probability;
use mazegen::caves::{CaveMap, CaveOptions};
use mazegen::level::{Dungeon, FLOOR_GAP, Level, Stacked, floor_seed, most_locks};
use mazegen::render::{Dot, Json, Ldtk, Picture, Png, Render, Svg, Term, Text, Tiled, Uvtt};
use mazegen::rooms::{RoomMap, RoomOptions};
use serde_json::Value;

/// Checks a dungeon on the floors of `stacked`: winnable as one level with its stairs, every
/// floor's first lock's key on the floor above, the stairs where the floors' ends are.
fn assert_dungeon_winnable<L: Level>(dungeon: &Dungeon<L>, what: &str) {
    let stacked: Stacked<'_, L> = dungeon.stacked();
    let locks = stacked.locks().len() as u32;
    assert_winnable(&stacked, locks, what);
    let tiles = stacked.tile_map().expect("a map with tiles");
    assert_eq!(
        stairs_of(&tiles).len() as u32,
        2 * (dungeon.floor_count() - 1),
        "{what}: a flight of stairs between every two floors"
    );
    // The rooms of each floor in the stacked numbering, and where the keys of each floor's
    // first lock lie.
    let mut first_room = 0;
    let mut numbered = 0;
    let mut rooms_before = Vec::new();
    for floor in dungeon.floors() {
        rooms_before.push(first_room);
        let own = floor.level().locks();
        if floor.number() > 0
            && let Some(first) = own.iter().find(|lock| lock.number == 1 && !lock.shortcut)
        {
            let lock = &stacked.locks()[(numbered + first.number - 1) as usize];
            let above = rooms_before[floor.number() as usize - 1]..first_room;
            assert!(
                above.contains(&lock.key),
                "{what}: the key of floor {}'s first lock lies on the floor above",
                floor.number()
            );
        }
        numbered += own.len() as u32;
        let rooms = floor.analysis().depth.len() as u32;
        for own in 0..rooms {
            assert_eq!(
                stacked.room_id(first_room + own),
                own,
                "{what}: a room goes by its floor's own id"
            );
        }
        first_room += rooms;
    }
}

#[test]
fn players_win_dungeons_of_rooms_over_every_floor() {
    let mut dungeons = 0;
    for seed in 0..150 {
        let options = grid_options(seed);
        if !options.map || !options.corridors && options.maze.is_none() {
            continue;
        }
        let most = most_locks(options.count);
        let locks = [0, 1, (options.count / 4).max(1), most][(seed % 4) as usize].min(most);
        let options = RoomOptions { locks, ..options };
        let floors = 2 + (seed % 3) as u32;
        let what = format!("seed {seed}, {floors} floors, {options:?}");
        let dungeon = Dungeon::generate(floors, seed, |seed| RoomMap::generate(&options, seed))
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_dungeon_winnable(&dungeon, &what);
        dungeons += 1;
    }
    assert!(dungeons > 80, "{dungeons} dungeons");
}

#[test]
fn players_win_dungeons_of_caves_over_every_floor() {
    let mut dungeons = 0;
    for seed in 0..40 {
        let options = CaveOptions {
            width: 60 + (seed % 3) as u32 * 20,
            height: 40,
            fill: Probability::new([0.5, 0.55][(seed % 2) as usize]).unwrap(),
            locks: (seed % 3) as u32,
            ..CaveOptions::default()
        };
        let floors = 2 + (seed % 2) as u32;
        let what = format!("seed {seed}, {floors} floors, {options:?}");
        // Too few caverns for the locks is refused, as on one floor.
        let Ok(dungeon) = Dungeon::generate(floors, seed, |seed| CaveMap::generate(&options, seed))
        else {
            continue;
        };
        assert_dungeon_winnable(&dungeon, &what);
        dungeons += 1;
    }
    assert!(dungeons > 25, "{dungeons} dungeons");
}

#[test]
fn the_first_floor_is_the_seeds_own_level_and_the_others_differ() {
    assert_eq!(floor_seed(42, 0), 42);
    let seeds: std::collections::BTreeSet<u64> = (0..20).map(|f| floor_seed(42, f)).collect();
    assert_eq!(seeds.len(), 20, "every floor its own seed");
    assert_eq!(floor_seed(42, 7), floor_seed(42, 7));
    let options = RoomOptions::default();
    let dungeon = Dungeon::generate(3, 42, |seed| RoomMap::generate(&options, seed)).unwrap();
    assert_eq!(
        dungeon.floor(0).level(),
        &RoomMap::generate(&options, 42).unwrap()
    );
    assert_eq!(
        dungeon.floor(2).level(),
        &RoomMap::generate(&options, floor_seed(42, 2)).unwrap()
    );
}

/// Renders `model` with `renderer` to bytes.
fn bytes<M: ?Sized>(renderer: &dyn Render<M>, model: &M) -> Vec<u8> {
    let mut out = Vec::new();
    renderer.render(model, &mut out).unwrap();
    out
}

/// A format's name and its renderers of one map and of a dungeon.
type Renderers<'a> = (
    &'a str,
    &'a dyn Render<RoomMap>,
    &'a dyn Render<Dungeon<RoomMap>>,
);

#[test]
fn one_floor_is_the_level_alone_in_every_format() {
    let picture = Picture::default();
    let term = Term {
        color: true,
        heatmap: false,
        scale: None,
        ..Term::default()
    };
    for (seed, locks) in [(1, 0), (5, 2), (7, 3)] {
        let options = RoomOptions {
            count: 14,
            locks,
            ..RoomOptions::default()
        };
        let map = RoomMap::generate(&options, seed).unwrap();
        let dungeon = Dungeon::generate(1, seed, |seed| RoomMap::generate(&options, seed)).unwrap();
        let renderers: [Renderers; 9] = [
            ("text", &Text::default(), &Text::default()),
            ("term", &term, &term),
            ("json", &Json::default(), &Json::default()),
            ("dot", &Dot, &Dot),
            ("tiled", &Tiled, &Tiled),
            ("ldtk", &Ldtk, &Ldtk),
            ("svg", &Svg(picture), &Svg(picture)),
            ("png", &Png(picture), &Png(picture)),
            ("uvtt", &Uvtt(picture), &Uvtt(picture)),
        ];
        for (name, alone, floors) in renderers {
            assert!(
                bytes(alone, &map) == bytes(floors, &dungeon),
                "seed {seed}, {locks} locks: {name} of one floor"
            );
        }
        let cave_options = CaveOptions {
            locks: locks.min(1),
            ..CaveOptions::default()
        };
        let cave = CaveMap::generate(&cave_options, seed).unwrap();
        let caves = Dungeon::generate(1, seed, |seed| {
            CaveMap::generate(&cave_options, seed).map_err(mazegen::Error::from)
        })
        .unwrap();
        assert_eq!(
            bytes(&Json::default(), &cave),
            bytes(&Json::default(), &caves)
        );
        assert_eq!(
            bytes(&Text::default(), &cave),
            bytes(&Text::default(), &caves)
        );
    }
}

/// `rooms` or `caves` with `args`, three floors and two locks a floor (caves filled enough to
/// hold them).
fn dungeon_args<'a>(kind: &'a str, args: &[&'a str]) -> Vec<&'a str> {
    let mut all = vec![kind, "--seed", "11", "--floors", "3", "--locks", "2"];
    if kind == "caves" {
        all.extend(["--fill", "0.5"]);
    }
    all.extend_from_slice(args);
    all
}

#[test]
fn text_writes_every_floor_with_its_stairs() {
    for kind in ["rooms", "caves"] {
        let text = stdout_of(&dungeon_args(kind, &["--format", "text"]));
        let floors: Vec<&str> = text.trim_end().split("\n\n").collect();
        assert_eq!(floors.len(), 3, "{kind}: {text}");
        let count = |floor: &str, c: char| floor.chars().filter(|&t| t == c).count();
        for (f, floor) in floors.iter().enumerate() {
            let (up, down) = (count(floor, '<'), count(floor, '>'));
            assert_eq!(
                (up, down),
                (usize::from(f > 0), usize::from(f < 2)),
                "{kind}"
            );
            assert_eq!(count(floor, 'S'), usize::from(f == 0), "{kind}: start");
            assert_eq!(count(floor, 'G'), usize::from(f == 2), "{kind}: goal");
            assert_eq!(count(floor, 'L'), 2, "{kind}: two locks a floor");
        }
        // Keys: six in all, one of each floor's but the first's carried up a floor.
        let keys: Vec<usize> = floors.iter().map(|floor| count(floor, 'K')).collect();
        assert_eq!(keys.iter().sum::<usize>(), 6, "{kind}");
        assert_eq!(
            keys,
            [2 + 1, 1 + 1, 1],
            "{kind}: a key from each floor below"
        );
    }
}

/// Checks `document` against `validator`'s schema.
fn assert_valid(validator: &jsonschema::Validator, document: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(document)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
}

#[test]
fn json_writes_a_dungeon_of_valid_floors_and_stairs_on_their_tiles() {
    for (kind, floor_schema) in [("rooms", "rooms.v1.json"), ("caves", "caves.v1.json")] {
        let document = json_of(&dungeon_args(kind, &["--format", "json"]));
        assert_valid(&schema_validator("dungeon.v1.json"), &document, kind);
        let floors = document["floors"].as_array().unwrap();
        assert_eq!(floors.len(), 3);
        for floor in floors {
            assert_valid(&schema_validator(floor_schema), floor, kind);
        }
        // Lock numbers run across the floors; each key of a room names one of them.
        let mut locks: Vec<u64> = floors
            .iter()
            .flat_map(|floor| floor["edges"].as_array().unwrap())
            .filter_map(|edge| edge["lock"].as_u64())
            .collect();
        locks.sort_unstable();
        assert_eq!(locks, [1, 2, 3, 4, 5, 6], "{kind}");
        let mut keys: Vec<u64> = floors
            .iter()
            .flat_map(|floor| floor["rooms"].as_array().unwrap())
            .filter_map(|room| room["keys"].as_array())
            .flatten()
            .map(|key| key.as_u64().unwrap())
            .collect();
        keys.sort_unstable();
        assert_eq!(keys, locks, "{kind}: a key per lock");
        let stairs = document["stairs"].as_array().unwrap();
        assert_eq!(stairs.len(), 2);
        for (f, flight) in stairs.iter().enumerate() {
            for (end, floor, role) in [("down", f, "goal"), ("up", f + 1, "start")] {
                let end = &flight[end];
                assert_eq!(end["floor"].as_u64(), Some(floor as u64));
                let doc = &floors[floor];
                let room = end["room"].as_u64().unwrap();
                assert_eq!(doc["analysis"][role].as_u64(), Some(room), "{kind}");
                assert_eq!(doc["rooms"][room as usize]["role"], "stairs", "{kind}");
                let r = &doc["rooms"][room as usize];
                let (x, y) = (end["x"].as_u64().unwrap(), end["y"].as_u64().unwrap());
                let within = |v: u64, at: &str, size: &str| {
                    (r[at].as_u64().unwrap()..r[at].as_u64().unwrap() + r[size].as_u64().unwrap())
                        .contains(&v)
                };
                assert!(within(x, "x", "w") && within(y, "y", "h"), "{kind}: {end}");
                if kind == "caves" {
                    let row = doc["tiles"][y as usize].as_str().unwrap();
                    let glyph = if role == "goal" { '>' } else { '<' };
                    assert_eq!(row.chars().nth(x as usize), Some(glyph), "{kind}");
                }
            }
        }
    }
}

#[test]
fn the_dungeon_schema_checks_each_floor_as_a_whole_document() {
    let validator = schema_validator("dungeon.v1.json");
    for kind in ["rooms", "caves"] {
        let good = json_of(&dungeon_args(kind, &["--format", "json"]));
        assert!(validator.is_valid(&good), "{kind}");
        let mut no_rooms = good.clone();
        no_rooms["floors"][1]
            .as_object_mut()
            .unwrap()
            .remove("rooms");
        let mut broken_edge = good.clone();
        broken_edge["floors"][0]["edges"][0]["kind"] = "other".into();
        let other = if kind == "rooms" { "caves" } else { "rooms" };
        let mut mixed = good.clone();
        mixed["floors"][2] =
            json_of(&dungeon_args(other, &["--format", "json"]))["floors"][2].clone();
        for (what, doc) in [
            ("a floor without rooms", no_rooms),
            ("a floor with a broken edge", broken_edge),
            ("floors of both kinds", mixed),
        ] {
            assert!(!validator.is_valid(&doc), "{kind}: {what} accepted");
        }
    }
}

#[test]
fn tiled_and_ldtk_give_each_floor_a_layer_group_or_a_level() {
    for kind in ["rooms", "caves"] {
        let map = json_of(&dungeon_args(kind, &["--format", "tiled"]));
        let groups = map["layers"].as_array().unwrap();
        assert_eq!(groups.len(), 3, "{kind}");
        for (f, group) in groups.iter().enumerate() {
            assert_eq!(group["type"], "group");
            assert_eq!(group["name"], format!("floor {}", f + 1));
            assert_eq!(group["visible"], f == 0);
            let layers = group["layers"].as_array().unwrap();
            assert_eq!(layers[0]["type"], "tilelayer");
            assert_eq!(layers[1]["type"], "objectgroup");
            assert_eq!(layers[2]["name"], "marks");
            let data = layers[0]["data"].as_array().unwrap();
            assert_eq!(
                data.len() as u64,
                map["width"].as_u64().unwrap() * map["height"].as_u64().unwrap()
            );
        }
        let ids: std::collections::BTreeSet<u64> = groups
            .iter()
            .flat_map(|group| group["layers"].as_array().unwrap())
            .flat_map(|layer| layer["objects"].as_array().into_iter().flatten())
            .map(|object| object["id"].as_u64().unwrap())
            .collect();
        assert_eq!(ids.len() as u64 + 1, map["nextobjectid"].as_u64().unwrap());

        let project = json_of(&dungeon_args(kind, &["--format", "ldtk"]));
        let schema: Value =
            serde_json::from_str(include_str!("../data/ldtk/JSON_SCHEMA.json")).unwrap();
        let validator = jsonschema::validator_for(&schema).expect("the schema is valid");
        assert_valid(&validator, &project, kind);
        let levels = project["levels"].as_array().unwrap();
        assert_eq!(levels.len(), 3, "{kind}");
        let text = stdout_of(&dungeon_args(kind, &["--format", "text"]));
        let floors: Vec<&str> = text.trim_end().split("\n\n").collect();
        let mut uids = std::collections::BTreeSet::new();
        for (f, level) in levels.iter().enumerate() {
            assert_eq!(level["identifier"], format!("Floor_{}", f + 1));
            uids.insert(level["uid"].as_u64().unwrap());
            let layers = level["layerInstances"].as_array().unwrap();
            // The IntGrid has stairs (value 6) where the text map has them.
            let grid: Vec<u64> = layers[1]["intGridCsv"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap())
                .collect();
            let glyphs: Vec<char> = floors[f].lines().flat_map(str::chars).collect();
            assert_eq!(grid.len(), glyphs.len());
            for (value, glyph) in grid.iter().zip(&glyphs) {
                assert_eq!(*value == 6, matches!(glyph, '<' | '>'), "{kind} floor {f}");
            }
            let stairs: Vec<&Value> = layers[0]["entityInstances"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["__identifier"] == "Stairs")
                .collect();
            assert_eq!(
                stairs.len(),
                usize::from(f > 0) + usize::from(f < 2),
                "{kind}"
            );
            for entity in stairs {
                let fields = entity["fieldInstances"].as_array().unwrap();
                let to = fields
                    .iter()
                    .find(|f| f["__identifier"] == "floor")
                    .unwrap();
                let to = to["__value"].as_u64().unwrap();
                assert!(
                    to == f as u64 || to == f as u64 + 2,
                    "{kind}: to floor {to}"
                );
            }
        }
        assert_eq!(uids.len(), 3, "every level its own uid");
        assert!(project["nextUid"].as_u64().unwrap() > *uids.last().unwrap());
    }
}

#[test]
fn pictures_draw_the_floors_one_below_another() {
    let text = stdout_of(&dungeon_args("caves", &["--format", "text"]));
    let svg = stdout_of(&dungeon_args(
        "caves",
        &["--format", "svg", "--theme", "color", "--scale", "2"],
    ));
    let rows = text.lines().filter(|line| !line.is_empty()).count() as u32;
    let height = rows + 2 * FLOOR_GAP;
    assert!(
        svg.contains(&format!("height=\"{}\"", 2 * height)),
        "{}",
        &svg[..200]
    );
    let uvtt = json_of(&dungeon_args("caves", &["--format", "uvtt"]));
    assert_eq!(
        uvtt["resolution"]["map_size"]["y"].as_u64(),
        Some(u64::from(height))
    );
    // Every stairs tile is a floor tile the walls leave open: the text's '<' and '>' count.
    let stairs = text.chars().filter(|&c| c == '<' || c == '>').count();
    assert_eq!(stairs, 4);
    let dot = stdout_of(&dungeon_args("rooms", &["--format", "dot"]));
    assert_eq!(dot.matches("subgraph cluster_").count(), 3);
    assert_eq!(dot.matches("class=stairs").count(), 2);
}

#[test]
fn bad_floor_counts_are_refused() {
    for kind in ["rooms", "caves"] {
        for floors in ["0", "257", "-1", "two"] {
            assert_refused(
                &[kind, "--floors", floors],
                &[
                    "--floors",
                    "expected a whole number of floors from 1 to 256",
                ],
            );
        }
    }
    // Caves too many to hold are refused before the work (each alone would fit).
    assert_refused(
        &[
            "caves", "--width", "16384", "--height", "16384", "--floors", "256",
        ],
        &[
            "--floors 256",
            "not enough memory for a dungeon of 256 floors",
        ],
    );
}
