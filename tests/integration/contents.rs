//! Contents by rules (`--contents`): the default rules hold on many room maps, caves and
//! dungeons (a boss in a room farthest from the start, treasure in dead ends only, keys still
//! before their locks, every entity alone on a plain floor tile of its room); each fact of a
//! rules file picks the rooms it says; placement is seeded and moves nothing else; bad files
//! are refused in one line; the level formats carry the entities.

use crate::common::{
    Scratch, assert_refused, json_of, mazegen, python_has, scratch_dir, stdout_of,
};
use crate::player::{Player, assert_winnable};
use crate::rooms_locks::grid_options;
use mazegen::caves::{CaveMap, CaveOptions};
use mazegen::level::{Contents, Dungeon, Entity, Level, MapTile, Place, most_locks};
use mazegen::read::read_contents;
use mazegen::rooms::{RoomMap, RoomOptions};
use serde_json::Value;
use std::collections::BTreeSet;

/// Checks what every contents rule promises of `floor`'s entities: each on a plain floor tile
/// of its room, one a tile (or, without tiles, a room only).
fn assert_placed_well(floor: &impl Level, what: &str) {
    let entities = floor.entities();
    let Some(tiles) = floor.tile_map() else {
        assert!(entities.iter().all(|e| e.at.is_none()), "{what}");
        return;
    };
    let bounds = floor.room_bounds();
    let mut taken = BTreeSet::new();
    for entity in &entities {
        let (x, y) = entity.at.expect("a tile on a map with tiles");
        assert_eq!(
            tiles.get(x, y),
            MapTile::Room,
            "{what}: {entity:?} on a plain floor"
        );
        assert!(
            bounds[entity.room as usize].contains((x, y)),
            "{what}: {entity:?}"
        );
        assert!(taken.insert((x, y)), "{what}: two entities on {x},{y}");
    }
}

/// Checks the default rules on a furnished dungeon: one boss, on the last floor, in a room
/// farthest from its start; treasure only in dead ends (neither start nor goal), in every dead
/// end with a free tile, its item one of the table's.
fn assert_default_rules(dungeon: &Dungeon<impl Level>, what: &str) {
    let floors = dungeon.floor_count();
    let mut bosses = 0;
    for floor in dungeon.floors() {
        let what = format!("{what}, floor {}", floor.number() + 1);
        assert_placed_well(&floor, &what);
        let analysis = floor.analysis();
        // The deepest room with room for the boss: two plain floor tiles (its first tile is
        // left to its number), or any room on a map without tiles.
        let tiles = floor.tile_map();
        let roomy = |room: usize| {
            let Some(tiles) = &tiles else { return true };
            let r = floor.room_bounds()[room];
            let plain = (r.y..r.y + r.h)
                .flat_map(|y| (r.x..r.x + r.w).map(move |x| (x, y)))
                .filter(|&(x, y)| tiles.get(x, y) == MapTile::Room)
                .count();
            plain >= 2
        };
        let deepest = (0..analysis.depth.len())
            .filter(|&room| roomy(room))
            .map(|room| analysis.depth[room])
            .max()
            .unwrap_or(0);
        let mut treasure = BTreeSet::new();
        for entity in floor.entities() {
            let r = entity.room as usize;
            match entity.kind.as_str() {
                "boss" => {
                    bosses += 1;
                    assert_eq!(
                        floor.number() + 1,
                        floors,
                        "{what}: the boss is on the last floor"
                    );
                    assert!(analysis.depth[r] >= deepest, "{what}: the boss is farthest");
                    assert_eq!(entity.item, None);
                }
                "treasure" => {
                    assert_eq!(analysis.doors[r], 1, "{what}: treasure in a dead end");
                    assert!(entity.room != analysis.start && entity.room != analysis.goal);
                    let item = entity.item.as_deref().unwrap();
                    assert!(
                        ["gold", "potion", "weapon"].contains(&item),
                        "{what}: {item}"
                    );
                    assert!(
                        treasure.insert(entity.room),
                        "{what}: one treasure a dead end"
                    );
                }
                other => panic!("{what}: {other}"),
            }
        }
        let dead_ends: BTreeSet<u32> = analysis
            .dead_ends
            .iter()
            .copied()
            .filter(|&room| room != analysis.start && room != analysis.goal)
            .collect();
        if floor.tile_map().is_none() {
            assert_eq!(treasure, dead_ends, "{what}: treasure in every dead end");
        } else {
            assert!(treasure.is_subset(&dead_ends), "{what}");
        }
    }
    assert_eq!(bosses, 1, "{what}: one boss");
}

#[test]
fn the_default_rules_hold_on_room_maps_and_keys_stay_before_their_locks() {
    let contents = Contents::default_rules();
    let mut furnished = 0;
    for seed in 0..200 {
        let options = grid_options(seed);
        let most = most_locks(options.count);
        let locks = [0, 1, (options.count / 4).max(1), most][(seed % 4) as usize].min(most);
        let options = RoomOptions { locks, ..options };
        let floors = 1 + (seed % 3) as u32;
        let what = format!("seed {seed}, {floors} floors, {options:?}");
        let mut dungeon = Dungeon::generate(floors, seed, |seed| RoomMap::generate(&options, seed))
            .unwrap_or_else(|e| panic!("{what}: {e}"));
        let before: Vec<_> = dungeon.floors().map(|floor| floor.tile_map()).collect();
        let short = dungeon.furnish(&contents).unwrap();
        // The boss always finds a tile: the farthest rooms have free floor.
        assert!(
            short.iter().all(|s| s.kind == "treasure"),
            "{what}: {short:?}"
        );
        assert_default_rules(&dungeon, &what);
        // Contents move no tile, mark, lock or key.
        let after: Vec<_> = dungeon.floors().map(|floor| floor.tile_map()).collect();
        assert_eq!(before, after, "{what}");
        if floors == 1 {
            assert_winnable(
                &dungeon.floor(0),
                dungeon.floor(0).locks().len() as u32,
                &what,
            );
        }
        furnished += 1;
    }
    assert_eq!(furnished, 200);
}

#[test]
fn the_default_rules_hold_on_caves_and_dungeons_of_caves() {
    let contents = Contents::default_rules();
    let mut furnished = 0;
    for seed in 0..40 {
        let options = CaveOptions {
            width: 50 + (seed % 3) as u32 * 15,
            height: 36,
            locks: (seed % 3) as u32,
            ..CaveOptions::default()
        };
        let floors = 1 + (seed % 2) as u32;
        let what = format!("seed {seed}, {floors} floors, {options:?}");
        let Ok(mut dungeon) =
            Dungeon::generate(floors, seed, |seed| CaveMap::generate(&options, seed))
        else {
            continue;
        };
        dungeon.furnish(&contents).unwrap();
        assert_default_rules(&dungeon, &what);
        furnished += 1;
    }
    assert!(furnished > 12, "{furnished} caves");
}

/// The rules of `text` (TOML).
fn rules(text: &str) -> Contents {
    read_contents(text, "rules.toml").unwrap()
}

/// A room map of 30 rooms of seed `seed` with `locks` locks, furnished by `text`.
fn furnished(seed: u64, locks: u32, text: &str) -> Dungeon<RoomMap> {
    let options = RoomOptions {
        count: 30,
        locks,
        ..RoomOptions::default()
    };
    let mut dungeon = Dungeon::generate(1, seed, |seed| RoomMap::generate(&options, seed)).unwrap();
    dungeon.furnish(&rules(text)).unwrap();
    dungeon
}

/// The entities of `dungeon`'s first floor of kind `kind`.
fn of_kind(dungeon: &Dungeon<RoomMap>, kind: &str) -> Vec<Entity> {
    let entities = dungeon.floor(0).entities();
    entities.into_iter().filter(|e| e.kind == kind).collect()
}

#[test]
fn each_fact_picks_the_rooms_it_names() {
    let text = r#"
        [[rules]]
        kind = "guard"
        on_main_path = true
        count = "all"
        [[rules]]
        kind = "secret"
        on_main_path = false
        count = "all"
        [[rules]]
        kind = "trap"
        hops = [2, 3]
        count = 4
        [[rules]]
        kind = "idol"
        after_lock = 2
        count = [2, 3]
        [[rules]]
        kind = "map"
        before_lock = 1
        where = "farthest"
        [[rules]]
        kind = "shop"
        where = "start"
    "#;
    for seed in 0..40 {
        let dungeon = furnished(seed, 2, text);
        let floor = dungeon.floor(0);
        let what = format!("seed {seed}");
        assert_placed_well(&floor, &what);
        let analysis = floor.analysis();
        // On the main path: a room of a shortest way from the start to the goal.
        let from_goal = hops_from(&floor, analysis.goal);
        let on_main =
            |room: u32| analysis.depth[room as usize] + from_goal[room as usize] == analysis.hops;
        for guard in of_kind(&dungeon, "guard") {
            assert!(on_main(guard.room), "{what}: {guard:?}");
        }
        for secret in of_kind(&dungeon, "secret") {
            assert!(!on_main(secret.room), "{what}: {secret:?}");
        }
        let main: usize = (0..30).filter(|&room| on_main(room)).count();
        assert_eq!(of_kind(&dungeon, "guard").len(), main, "{what}");
        let traps = of_kind(&dungeon, "trap");
        assert_eq!(traps.len(), 4, "{what}");
        for trap in traps {
            assert!(
                (2..=3).contains(&analysis.depth[trap.room as usize]),
                "{what}"
            );
        }
        // Behind lock 2: not reached while lock 2 stays shut; before lock 1: reached.
        let player = Player::new(&floor);
        let without_2 = player.rooms_reached(|k| k != 2);
        let idols = of_kind(&dungeon, "idol");
        assert!((2..=3).contains(&idols.len()), "{what}");
        for idol in idols {
            assert!(!without_2[idol.room as usize], "{what}: {idol:?}");
        }
        let without_1 = player.rooms_reached(|k| k != 1);
        let map = &of_kind(&dungeon, "map")[0];
        assert!(without_1[map.room as usize], "{what}: {map:?}");
        let deepest_before = (0..30u32)
            .filter(|&room| without_1[room as usize])
            .map(|room| analysis.depth[room as usize])
            .max();
        assert_eq!(Some(analysis.depth[map.room as usize]), deepest_before);
        assert_eq!(of_kind(&dungeon, "shop")[0].room, analysis.start);
    }
}

/// Hops from `source` to every room of `level`.
fn hops_from(level: &impl Level, source: u32) -> Vec<u32> {
    let rooms = level.analysis().depth.len();
    let mut hops = vec![u32::MAX; rooms];
    hops[source as usize] = 0;
    let mut queue = std::collections::VecDeque::from([source]);
    while let Some(room) = queue.pop_front() {
        for edge in level.edges() {
            let next = match (edge.a == room, edge.b == room) {
                (true, _) => edge.b,
                (_, true) => edge.a,
                _ => continue,
            };
            if hops[next as usize] == u32::MAX {
                hops[next as usize] = hops[room as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    hops
}

#[test]
fn dead_ends_take_no_start_nor_goal_and_all_means_every_room_once() {
    let dungeon = furnished(3, 0, "[[rules]]\nkind = \"lamp\"\ncount = \"all\"\n");
    let rooms: BTreeSet<u32> = of_kind(&dungeon, "lamp").iter().map(|e| e.room).collect();
    assert_eq!(rooms, (0..30).collect());
    // A tree of 30 rooms has dead ends.
    let options = RoomOptions {
        count: 30,
        p: Some(mazegen::Probability::new(0.0).unwrap()),
        ..RoomOptions::default()
    };
    let mut dungeon = Dungeon::generate(1, 3, |seed| RoomMap::generate(&options, seed)).unwrap();
    let text = "[[rules]]\nkind = \"x\"\nwhere = \"dead_end\"\ncount = 500\n";
    dungeon.furnish(&rules(text)).unwrap();
    let analysis = dungeon.floor(0).analysis().clone();
    let entities = of_kind(&dungeon, "x");
    let rooms: BTreeSet<u32> = entities.iter().map(|e| e.room).collect();
    assert!(entities.len() > rooms.len(), "round the dead ends again");
    for entity in entities {
        assert_eq!(analysis.doors[entity.room as usize], 1);
    }
    assert_eq!(Place::default(), Place::Any);
}

#[test]
fn a_rule_that_falls_short_places_what_fits_and_says_so() {
    let dir = scratch_dir("contents-short");
    // A one-tile room has one free tile at most.
    let text = "[[rules]]\nkind = \"crowd\"\nwhere = \"goal\"\ncount = 1000\n";
    let options = RoomOptions {
        count: 5,
        ..RoomOptions::default()
    };
    let mut dungeon = Dungeon::generate(1, 2, |seed| RoomMap::generate(&options, seed)).unwrap();
    let short = dungeon.furnish(&rules(text)).unwrap();
    assert_eq!(short.len(), 1);
    let floor = dungeon.floor(0);
    let goal = floor.room_bounds()[floor.analysis().goal as usize];
    // Every plain tile of the goal's room but its first, where its number is written.
    let tiles = floor.tile_map().unwrap();
    let plain = (goal.y..goal.y + goal.h)
        .flat_map(|y| (goal.x..goal.x + goal.w).map(move |x| (x, y)))
        .filter(|&(x, y)| tiles.get(x, y) == MapTile::Room)
        .count() as u32;
    let first = tiles.get(goal.x, goal.y) == MapTile::Room;
    assert_eq!(short[0].placed, plain - u32::from(first));
    assert_eq!((short[0].wanted, short[0].rule), (1000, 1));
    let message = mazegen()
        .args([
            "rooms",
            "--count",
            "5",
            "--seed",
            "2",
            "--format",
            "json",
            "--contents",
        ])
        .arg(write_rules(&dir, "short.toml", text))
        .assert()
        .success();
    let stderr = String::from_utf8(message.get_output().stderr.clone()).unwrap();
    assert!(
        stderr.contains(&format!(
            "rule 1 (crowd) placed {} of 1000",
            short[0].placed
        )),
        "{stderr}"
    );
}

/// Writes `text` to a file named `name` in `dir` and returns its path.
fn write_rules(dir: &Scratch, name: &str, text: &str) -> String {
    dir.write(name, text).to_str().unwrap().to_string()
}

#[test]
fn contents_are_seeded_and_move_nothing_else() {
    for (kind, extra) in [
        ("rooms", &["--locks", "2"][..]),
        ("caves", &["--floors", "2"]),
    ] {
        let args = [&[kind, "--seed", "17", "--format", "json"][..], extra].concat();
        let plain = json_of(&args);
        let with = json_of(&[&args[..], &["--contents"]].concat());
        assert_eq!(
            with,
            json_of(&[&args[..], &["--contents", "default"]].concat())
        );
        let strip = |mut doc: Value| {
            match doc.get_mut("floors").and_then(Value::as_array_mut) {
                Some(floors) => floors.iter_mut().for_each(|f| {
                    f.as_object_mut().unwrap().remove("entities");
                }),
                None => {
                    doc.as_object_mut().unwrap().remove("entities");
                }
            }
            doc
        };
        assert_eq!(strip(with.clone()), plain, "{args:?}");
        assert_ne!(with, plain, "{args:?}");
        // Without --contents the text map has no legend and no glyphs.
        let text = stdout_of(&[&[kind, "--seed", "17", "--format", "text"][..], extra].concat());
        assert!(!text.contains("boss"), "{text}");
    }
    // The same seed, the same entities; another seed, others.
    let a = json_of(&[
        "rooms",
        "--count",
        "30",
        "--seed",
        "4",
        "--format",
        "json",
        "--contents",
    ]);
    let b = json_of(&[
        "rooms",
        "--count",
        "30",
        "--seed",
        "4",
        "--format",
        "json",
        "--contents",
    ]);
    let c = json_of(&[
        "rooms",
        "--count",
        "30",
        "--seed",
        "5",
        "--format",
        "json",
        "--contents",
    ]);
    assert_eq!(a["entities"], b["entities"]);
    assert_ne!(a["entities"], c["entities"]);
}

#[test]
fn the_text_map_draws_a_glyph_per_kind_and_a_legend() {
    let args = [
        "rooms",
        "--count",
        "20",
        "--seed",
        "8",
        "--p",
        "0",
        "--contents",
    ];
    let text = stdout_of(&[&args[..], &["--format", "text"]].concat());
    let doc = json_of(&[&args[..], &["--format", "json"]].concat());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(*lines.last().unwrap(), "b boss, t treasure");
    for entity in doc["entities"].as_array().unwrap() {
        let (x, y) = (entity["x"].as_u64().unwrap(), entity["y"].as_u64().unwrap());
        let glyph = lines[y as usize].as_bytes()[x as usize];
        let expected = if entity["kind"] == "boss" { b'b' } else { b't' };
        assert_eq!(glyph, expected, "{entity}");
    }
    let term = stdout_of(&[&args[..], &["--color", "never"]].concat());
    assert!(term.ends_with("b boss, t treasure\n"), "{term}");
    let glyphs = |map: &str| {
        let lines: Vec<&str> = map.lines().collect();
        lines[..lines.len() - 1].concat().matches('t').count()
    };
    assert_eq!(glyphs(&term), glyphs(&text));
}

#[test]
fn bad_rules_are_refused_in_one_line() {
    let dir = scratch_dir("contents-refusals");
    let refused = |name: &str, text: &str, fragments: &[&str]| {
        let path = write_rules(&dir, name, text);
        let args = ["rooms", "--seed", "1", "--contents", &path];
        assert_refused(&args, fragments);
        let output = mazegen().args(args).output().unwrap();
        assert_eq!(String::from_utf8(output.stderr).unwrap().lines().count(), 1);
    };
    refused(
        "key.toml",
        "[[rules]]\nkind = \"boss\"\nwhre = \"farthest\"\n",
        &[
            "--contents",
            "key.toml: line 3: unknown field `whre`",
            "`where`",
            "`after_lock`",
        ],
    );
    refused(
        "fact.toml",
        "[[rules]]\nkind = \"boss\"\nwhere = \"far\"\n",
        &["unknown variant `far`", "`farthest`", "`dead_end`"],
    );
    refused(
        "fact.json",
        r#"{"rules": [{"kind": "boss", "where": "nearest"}]}"#,
        &["fact.json: line 1: unknown variant `nearest`"],
    );
    refused(
        "count.toml",
        "[[rules]]\nkind = \"boss\"\ncount = [5, 2]\n",
        &["rule 1 (boss): count [5, 2]", "did you mean [2, 5]"],
    );
    refused(
        "lock.toml",
        "[[rules]]\nkind = \"boss\"\nafter_lock = 1\n",
        &["rule 1 (boss): after_lock = 1, but the map has no locks"],
    );
    refused(
        "floor.toml",
        "[[rules]]\nkind = \"boss\"\nfloor = 3\n",
        &["floor = 3, but there is 1 floor"],
    );
    // Refused before the map is made: a dungeon of 256 floors of 3000 rooms takes minutes
    // (before: the refusal came after them).
    let rules = write_rules(
        &dir,
        "lock2.toml",
        "[[rules]]\nkind = \"x\"\nbefore_lock = 2\n",
    );
    let script = format!(
        "timeout 30 '{}' rooms --count 3000 --floors 256 --locks 0 --cycles 0 --seed 1 \
         --contents '{rules}'",
        env!("CARGO_BIN_EXE_mazegen")
    );
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("rule 1 (x): before_lock = 2, but no floor has lock 2"),
        "{stderr}"
    );
    // A name of a megabyte makes a line of a refusal, not a megabyte.
    let long = "k".repeat(100_000);
    refused(
        "long.toml",
        &format!("[[rules]]\nkind = \"{long}!\"\n"),
        &["(100001 characters)", "at most 64"],
    );
    let output = mazegen()
        .args([
            "rooms",
            "--seed",
            "1",
            "--contents",
            &write_rules(
                &dir,
                "long.toml",
                &format!("[[rules]]\nkind = \"{long}!\"\n"),
            ),
        ])
        .output()
        .unwrap();
    assert!(output.stderr.len() < 400, "{} bytes", output.stderr.len());
    refused("empty.toml", "", &["missing field `rules`"]);
    assert_refused(
        &["rooms", "--contents", "/nonexistent/rules.toml"],
        &["--contents /nonexistent/rules.toml: cannot be read"],
    );
    assert_refused(
        &["rooms", "--format", "dot", "--contents"],
        &["--contents places entities, which --format dot has no place for"],
    );
    assert_refused(
        &[
            "caves",
            "--seed",
            "1",
            "--floors",
            "2",
            "--contents",
            &write_rules(
                &dir,
                "lock9.toml",
                "[[rules]]\nkind = \"x\"\nbefore_lock = 9\n",
            ),
        ],
        &["before_lock = 9, but no floor has lock 9"],
    );
}

#[test]
fn ldtk_tiled_and_godot_carry_the_entities() {
    let args = [
        "rooms",
        "--count",
        "16",
        "--seed",
        "5",
        "--p",
        "0",
        "--floors",
        "2",
        "--contents",
    ];
    let doc = json_of(&[&args[..], &["--format", "json"]].concat());
    let floors = doc["floors"].as_array().unwrap();
    let expected: Vec<Vec<(String, u64, u64, u64)>> = floors
        .iter()
        .map(|floor| {
            floor["entities"]
                .as_array()
                .map(|list| {
                    list.iter()
                        .map(|e| {
                            let n = |k: &str| e[k].as_u64().unwrap();
                            (
                                e["kind"].as_str().unwrap().into(),
                                n("room"),
                                n("x"),
                                n("y"),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect();
    assert!(expected.iter().flatten().count() > 3);
    // LDtk: a Content entity per entity, on its tile.
    let ldtk = json_of(&[&args[..], &["--format", "ldtk"]].concat());
    let defs = ldtk["defs"]["entities"].as_array().unwrap();
    assert!(defs.iter().any(|d| d["identifier"] == "Content"));
    for (level, want) in ldtk["levels"].as_array().unwrap().iter().zip(&expected) {
        let entities = level["layerInstances"][0]["entityInstances"]
            .as_array()
            .unwrap();
        let got: Vec<(String, u64, u64, u64)> = entities
            .iter()
            .filter(|e| e["__identifier"] == "Content")
            .map(|e| {
                let field = |name: &str| {
                    let fields = e["fieldInstances"].as_array().unwrap();
                    fields.iter().find(|f| f["__identifier"] == name).unwrap()["__value"].clone()
                };
                let grid = &e["__grid"];
                (
                    field("kind").as_str().unwrap().into(),
                    field("room").as_u64().unwrap(),
                    grid[0].as_u64().unwrap(),
                    grid[1].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(&got, want);
    }
    // Without contents LDtk has no Content definition.
    let plain = json_of(&["rooms", "--seed", "5", "--format", "ldtk"]);
    let defs = plain["defs"]["entities"].as_array().unwrap();
    assert!(defs.iter().all(|d| d["identifier"] != "Content"));
    // Godot: a Marker2D per entity, of its kind's class.
    let scene = stdout_of(&[&args[..], &["--format", "godot"]].concat());
    let markers = scene.matches("[node name=\"treasure ").count();
    let treasure = expected
        .iter()
        .flatten()
        .filter(|e| e.0 == "treasure")
        .count();
    assert_eq!(markers, treasure);
    if !python_has("pytmx") {
        eprintln!("note: python3 with pytmx not found; TMX entities not checked");
        return;
    }
    let dir = scratch_dir("contents-tmx");
    let path = dir.join("level.tmx");
    stdout_of(
        &[
            &args[..],
            &["--format", "tmx", "-o", path.to_str().unwrap()],
        ]
        .concat(),
    );
    let map = crate::rooms_engines::python_json(crate::rooms_engines::PYTMX_READER, &path);
    for (f, want) in expected.iter().enumerate() {
        let marks = map["marks"][f].as_array().unwrap();
        let got: Vec<(String, u64, u64, u64)> = marks
            .iter()
            .filter(|m| m.get("kind").is_some())
            .map(|m| {
                assert_eq!(m["class"], m["kind"]);
                (
                    m["kind"].as_str().unwrap().into(),
                    m["room"].as_u64().unwrap(),
                    m["x"].as_f64().unwrap() as u64,
                    m["y"].as_f64().unwrap() as u64,
                )
            })
            .collect();
        assert_eq!(&got, want, "floor {f}");
    }
}
