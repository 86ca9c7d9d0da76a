//! Caves: over a grid of sizes, fills, rules, steps and seeds, every cave is one region whose
//! tiles join the caverns exactly as its tree of tunnels does (every tunnel the only way
//! between its two sides), caverns keep their least size, the border stays rock, and locks
//! always leave the player a way to win; the formats say what the text map says.

use crate::common::{assert_refused, json_of, stdout_of};
use crate::player::{assert_winnable, walk};
use mazegen::Probability;
use mazegen::caves::{CaveMap, CaveOptions, Rule};
use mazegen::level::{Level, Lock, MapTile, most_locks};
use serde_json::Value;

/// The options of grid point `seed`.
fn grid_options(seed: u64) -> CaveOptions {
    CaveOptions {
        width: [20, 64, 101, 150][(seed % 4) as usize],
        height: [12, 40, 61][(seed / 4 % 3) as usize],
        fill: Probability::new([0.45, 0.5, 0.55, 0.6][(seed / 3 % 4) as usize]).unwrap(),
        rule: Rule::parse(["B5678/S45678", "B678/S345678", "B5678/S5678"][(seed % 3) as usize])
            .unwrap(),
        steps: [0, 2, 4, 7][(seed / 5 % 4) as usize],
        min_size: [1, 8, 16][(seed / 7 % 3) as usize],
        locks: 0,
    }
}

/// The open tiles reached from `from` on `tiles`, through every tile but rock and `blocked`.
fn reached(
    tiles: &mazegen::level::TileMap,
    from: (u32, u32),
    blocked: Option<(u32, u32)>,
) -> Vec<bool> {
    walk(tiles, from, |at, kind| {
        kind != MapTile::Rock && blocked != Some(at)
    })
}

/// Checks the shape of `cave`; `what` names it.
fn assert_sound(cave: &CaveMap, options: &CaveOptions, what: &str) {
    let tiles = cave.tile_map();
    let (w, h) = (tiles.width(), tiles.height());
    assert_eq!((w, h), (options.width, options.height), "{what}");
    for x in 0..w {
        for y in [0, h - 1] {
            assert_eq!(tiles.get(x, y), MapTile::Rock, "{what}: border ({x}, {y})");
        }
    }
    for y in 0..h {
        for x in [0, w - 1] {
            assert_eq!(tiles.get(x, y), MapTile::Rock, "{what}: border ({x}, {y})");
        }
    }
    assert_eq!(
        cave.tunnels.len() + 1,
        cave.caverns.len(),
        "{what}: a tree of tunnels"
    );
    for cavern in &cave.caverns {
        assert!(
            cavern.floor >= u64::from(options.min_size),
            "{what}: a small cavern kept"
        );
    }
    // One region: every open tile reached from the first cavern.
    let all = reached(&tiles, cave.caverns[0].first, None);
    for y in 0..h {
        for x in 0..w {
            let open = tiles.get(x, y) != MapTile::Rock;
            assert_eq!(
                all[(y * w + x) as usize],
                open,
                "{what}: ({x}, {y}) cut off"
            );
        }
    }
    // Every tunnel is the only way between its sides: shut at its door into `b`, `a` no
    // longer reaches `b`.
    for (k, tunnel) in cave.tunnels.iter().enumerate() {
        let tiles_of: Vec<(u32, u32)> = cave.tunnel_tiles(k).collect();
        for pair in tiles_of.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert_eq!(
                a.0.abs_diff(b.0) + a.1.abs_diff(b.1),
                1,
                "{what}: tunnel {k} jumps"
            );
        }
        let shut = Lock {
            number: 1,
            edge: k as u32,
            behind: tunnel.b,
            key: tunnel.a,
            shortcut: false,
        };
        let door = cave.lock_door(&shut);
        let from_a = reached(&tiles, cave.caverns[tunnel.a as usize].first, Some(door));
        let (bx, by) = cave.caverns[tunnel.b as usize].first;
        assert!(
            !from_a[(by * w + bx) as usize],
            "{what}: tunnel {k} is not the only way"
        );
    }
}

#[test]
fn caves_are_one_region_joined_exactly_by_their_tunnels() {
    for seed in 0..200 {
        let options = grid_options(seed);
        let what = format!("seed {seed}, {options:?}");
        match CaveMap::generate(&options, seed) {
            Ok(cave) => assert_sound(&cave, &options, &what),
            // Much fill and few steps can leave nothing of the least size.
            Err(mazegen::caves::CavesError::NoCavern { .. }) => {}
            Err(e) => panic!("{what}: {e}"),
        }
    }
}

#[test]
fn locks_in_caves_always_leave_a_way_to_win() {
    let mut locked = 0;
    for seed in 0..300 {
        let options = CaveOptions {
            width: 60 + (seed % 5) as u32 * 20,
            height: 40 + (seed % 3) as u32 * 10,
            fill: Probability::new([0.5, 0.55, 0.6][(seed % 3) as usize]).unwrap(),
            min_size: [4, 8, 16][(seed / 3 % 3) as usize],
            ..CaveOptions::default()
        };
        let Ok(plain) = CaveMap::generate(&options, seed) else {
            continue;
        };
        let most = most_locks(plain.caverns.len() as u32);
        if most == 0 {
            continue;
        }
        let locks = [1, (most / 2).max(1), most][(seed % 3) as usize];
        let options = CaveOptions { locks, ..options };
        let what = format!("seed {seed}, {options:?}");
        let cave = CaveMap::generate(&options, seed).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(
            cave.caverns, plain.caverns,
            "{what}: locks moved the caverns"
        );
        assert_eq!(
            cave.tunnels, plain.tunnels,
            "{what}: locks moved the tunnels"
        );
        assert_winnable(&cave, locks, &what);
        locked += 1;
    }
    assert!(locked > 200, "only {locked} caves took locks");
}

#[test]
fn caves_refuse_what_cannot_be_made() {
    assert_refused(
        &["caves", "--seed", "3", "--locks", "40"],
        &["--locks 40: 40 locks in a cave of", "it takes at most"],
    );
    assert_refused(
        &["caves", "--fill", "1", "--seed", "1"],
        &["--fill 1 --rule B5678/S45678 --steps 4 --min-size 16: the cave is solid rock"],
    );
    assert_refused(
        &["caves", "--rule", "B5678"],
        &["\"B5678\" is not a rule: expected B<digits>/S<digits>"],
    );
    assert_refused(
        &["caves", "--rule", "B59/S4"],
        &["'9' is not a count of neighbours, 0 to 8"],
    );
    assert_refused(
        &["caves", "--width", "2"],
        &["expected a number of tiles from 3 to 16384"],
    );
    assert_refused(
        &["caves", "--steps", "1001"],
        &["expected a number of steps from 0 to 1000"],
    );
    assert_refused(
        &["caves", "--format", "text", "--theme", "mono"],
        &["--theme applies to svg, png and uvtt pictures, not --format text"],
    );
}

fn validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(include_str!("../../schema/caves.v1.json")).unwrap();
    jsonschema::validator_for(&schema).expect("the schema itself is valid")
}

/// The option sets the format tests run.
const CAVES: [&[&str]; 3] = [
    &[
        "caves", "--seed", "3", "--width", "100", "--height", "60", "--fill", "0.55", "--locks",
        "4",
    ],
    &["caves", "--seed", "7"],
    &[
        "caves",
        "--seed",
        "2",
        "--width",
        "30",
        "--height",
        "20",
        "--steps",
        "0",
        "--min-size",
        "1",
    ],
];

#[test]
fn json_says_what_the_text_map_says_and_matches_the_schema() {
    let validator = validator();
    for args in CAVES {
        let doc = json_of(&[args, &["--format", "json"]].concat());
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{args:?}: {errors:#?}");
        let text = stdout_of(&[args, &["--format", "text"]].concat());
        let rows: Vec<&str> = doc["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        assert_eq!(rows, text.lines().collect::<Vec<_>>(), "{args:?}");
        let at = |x: &Value, y: &Value| {
            rows[y.as_u64().unwrap() as usize].as_bytes()[x.as_u64().unwrap() as usize]
        };
        for edge in doc["edges"].as_array().unwrap() {
            for tile in edge["tunnel"].as_array().unwrap() {
                assert!(
                    b".LKSG".contains(&at(&tile[0], &tile[1])),
                    "{args:?}: {tile}"
                );
            }
            if let Some(lock) = edge.get("lock_at") {
                assert_eq!(at(&lock[0], &lock[1]), b'L', "{args:?}");
            }
        }
        let rooms = doc["rooms"].as_array().unwrap();
        let floor: u64 = rooms.iter().map(|r| r["floor"].as_u64().unwrap()).sum();
        let open_floor = text.bytes().filter(|b| b" KSG".contains(b)).count() as u64;
        assert_eq!(floor, open_floor, "{args:?}: floors add up");
        assert_eq!(doc["edges"].as_array().unwrap().len() + 1, rooms.len());
        let locks = doc["params"]["locks"].as_u64().unwrap() as usize;
        assert_eq!(text.matches('L').count(), locks, "{args:?}");
        assert_eq!(text.matches('K').count(), locks, "{args:?}");
    }
    // The schema has teeth.
    let mut doc = json_of(&[CAVES[0], &["--format", "json"]].concat());
    doc["tiles"][0] = "#x#".into();
    assert!(!validator.is_valid(&doc));
}

#[test]
fn every_level_format_draws_caves() {
    for args in CAVES {
        let text = stdout_of(&[args, &["--format", "text"]].concat());
        let term = stdout_of(&[args, &["--format", "term", "--color", "never"]].concat());
        assert_eq!(term.lines().count(), text.lines().count(), "{args:?}");
        let svg = stdout_of(&[args, &["--format", "svg"]].concat());
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        let png = crate::common::mazegen()
            .args(args)
            .args(["--format", "png", "--scale", "2", "--theme", "color"])
            .output()
            .unwrap();
        let decoder = png::Decoder::new(std::io::Cursor::new(png.stdout));
        let info = decoder.read_info().unwrap();
        let (w, h) = (
            text.lines().next().unwrap().len() as u32,
            text.lines().count() as u32,
        );
        assert_eq!((info.info().width, info.info().height), (2 * w, 2 * h));
        let tiled = json_of(&[args, &["--format", "tiled"]].concat());
        assert_eq!(tiled["width"], w);
        let ldtk = json_of(&[args, &["--format", "ldtk"]].concat());
        assert_eq!(ldtk["levels"][0]["pxWid"], 16 * w);
    }
}

#[test]
fn a_seed_makes_the_same_cave() {
    let options = CaveOptions::default();
    let (a, b) = (
        CaveMap::generate(&options, 11).unwrap(),
        CaveMap::generate(&options, 11).unwrap(),
    );
    assert_eq!(a.tile_map(), b.tile_map());
    assert_ne!(
        a.tile_map(),
        CaveMap::generate(&options, 12).unwrap().tile_map()
    );
    assert_eq!(Level::seed(&a), 11);
}

/// Seeded caves, locked byte for byte: the reproducibility contract.
#[test]
fn caves_snapshots() {
    let args = [
        "caves", "--width", "48", "--height", "30", "--fill", "0.55", "--seed", "42",
    ];
    let of = |extra: &[&str]| stdout_of(&[&args[..], extra].concat());
    crate::common::assert_snapshot!("caves.text", of(&["--format", "text"]));
    crate::common::assert_snapshot!(
        "caves.locked.json",
        of(&["--locks", "2", "--format", "json"])
    );
    crate::common::assert_snapshot!("caves.term-color", of(&["--color", "always"]));
}

#[test]
fn caverns_no_tunnel_can_reach_are_filled_and_counted() {
    // A strip five tiles wide, its caverns of a tile or two walling others in.
    let args = [
        "caves",
        "--width",
        "5",
        "--height",
        "200",
        "--fill",
        "0.5",
        "--seed",
        "3",
        "--rule",
        "B3/S23",
        "--steps",
        "1",
        "--min-size",
        "1",
    ];
    let doc = json_of(&[&args[..], &["--format", "json"]].concat());
    let left_out = doc["analysis"]["left_out"].as_u64().unwrap();
    assert!(left_out > 0);
    crate::common::mazegen()
        .args(args)
        .args(["--format", "text"])
        .assert()
        .success()
        .stderr(predicates::str::contains(format!(
            "note: {left_out} caverns that no tunnel could reach"
        )));
    let options = CaveOptions {
        width: 5,
        height: 200,
        fill: Probability::new(0.5).unwrap(),
        rule: Rule::parse("B3/S23").unwrap(),
        steps: 1,
        min_size: 1,
        locks: 0,
    };
    let cave = CaveMap::generate(&options, 3).unwrap();
    assert_sound(&cave, &options, "a narrow strip");
}
