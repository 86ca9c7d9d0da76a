//! `rooms --prefab`: fixed rooms drawn in text kept exactly as drawn inside routed corridors
//! and `--corridors maze`, joined to the rest through their sockets only, every walkable tile
//! reachable, on many seeds; every refusal on one line; one seeded map locked.

use crate::common::{assert_refused, assert_snapshot, scratch_dir, stdout_of};
use mazegen::level::{Level, MapTile};
use mazegen::rooms::{MazeFill, Prefab, PrefabPlacement, PrefabTile, RoomMap, RoomOptions};
use std::path::PathBuf;

/// The example prefab of the games guide.
fn vault_file() -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("docs/vault.txt")
        .display()
        .to_string()
}

fn vault() -> Prefab {
    Prefab::parse(&std::fs::read_to_string(vault_file()).unwrap(), "vault.txt").unwrap()
}

/// Asserts that every prefab of `map` is drawn exactly as in its file, that nothing walkable
/// touches it but beyond a socket, and that every walkable tile is reached from every other.
fn assert_kept(map: &RoomMap, what: &str) {
    let tiles = map.tile_map_with(&[]).unwrap();
    let (width, height) = (tiles.width(), tiles.height());
    let rooms = map.room_bounds();
    let mut prefabs = 0;
    for (room, r) in rooms.iter().enumerate() {
        let Some(prefab) = map.prefab(room as u32) else {
            continue;
        };
        prefabs += 1;
        let drawn = |x: i64, y: i64| {
            let inside = (0..i64::from(r.w)).contains(&x) && (0..i64::from(r.h)).contains(&y);
            inside.then(|| prefab.tile(x as u32, y as u32))
        };
        for y in -1..=i64::from(r.h) {
            for x in -1..=i64::from(r.w) {
                let (mx, my) = ((i64::from(r.x) + x) as u32, (i64::from(r.y) + y) as u32);
                let tile = tiles.get(mx, my);
                match drawn(x, y) {
                    Some(kind) => assert_eq!(tile, kind.map_tile(), "{what}: {mx},{my}"),
                    // Around the drawing: walkable only beyond a socket.
                    None if tile != MapTile::Rock => {
                        let beyond_socket = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                            .iter()
                            .any(|&(dx, dy)| drawn(x + dx, y + dy) == Some(PrefabTile::Socket));
                        let beside_drawing = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                            .iter()
                            .any(|&(dx, dy)| drawn(x + dx, y + dy).is_some());
                        assert!(
                            beyond_socket || !beside_drawing,
                            "{what}: {tile:?} at {mx},{my} touches the prefab off its sockets"
                        );
                    }
                    None => {}
                }
            }
        }
    }
    assert!(prefabs > 0, "{what}: no prefab");
    let walkable = |x: u32, y: u32| tiles.get(x, y) != MapTile::Rock;
    let first = (0..width * height)
        .find(|&at| walkable(at % width, at / width))
        .unwrap();
    let mut seen = vec![false; (width * height) as usize];
    seen[first as usize] = true;
    let mut stack = vec![(first % width, first / width)];
    while let Some((x, y)) = stack.pop() {
        for (nx, ny) in [
            (x + 1, y),
            (x.wrapping_sub(1), y),
            (x, y + 1),
            (x, y.wrapping_sub(1)),
        ] {
            if nx < width && ny < height && walkable(nx, ny) && !seen[(ny * width + nx) as usize] {
                seen[(ny * width + nx) as usize] = true;
                stack.push((nx, ny));
            }
        }
    }
    for y in 0..height {
        for x in 0..width {
            assert!(
                !walkable(x, y) || seen[(y * width + x) as usize],
                "{what}: {x},{y} cannot be reached"
            );
        }
    }
}

#[test]
fn prefabs_stay_as_drawn_inside_corridors_and_mazes_on_many_seeds() {
    let placements: [&[Option<(u32, u32)>]; 3] = [
        &[None],
        &[Some((5, 4)), None],
        &[Some((2, 2)), Some((17, 2)), None],
    ];
    let mazes = [
        None,
        Some(("backtrack", 0.0)),
        Some(("wilson", 0.5)),
        Some(("prim", 1.0)),
    ];
    for at in placements {
        for (k, maze) in mazes.iter().enumerate() {
            for seed in 0..30 {
                let options = RoomOptions {
                    count: 14,
                    locks: (k == 1) as u32,
                    maze: maze.map(|(algorithm, sparseness)| MazeFill {
                        algorithm: algorithm.into(),
                        sparseness: mazegen::Probability::new(sparseness).unwrap(),
                    }),
                    prefabs: at
                        .iter()
                        .map(|&at| PrefabPlacement {
                            prefab: vault(),
                            at,
                        })
                        .collect(),
                    ..RoomOptions::default()
                };
                let map = RoomMap::generate(&options, seed).unwrap();
                let rooms = map.room_bounds();
                for (room, place) in at.iter().enumerate() {
                    assert_eq!(map.prefab(room as u32), Some(&vault()));
                    if let Some((x, y)) = place {
                        assert_eq!((rooms[room].x, rooms[room].y), (*x, *y));
                    }
                }
                assert_kept(&map, &format!("{at:?} {maze:?} seed {seed}"));
            }
        }
    }
}

#[test]
fn the_maze_opens_onto_most_sockets() {
    // With the whole maze kept, every socket with rock enough beyond it opens onto it: all but
    // those by the map's edge or another room (about 70%).
    let (mut open, mut sockets) = (0, 0);
    for seed in 0..40 {
        let options = RoomOptions {
            maze: Some(MazeFill {
                sparseness: mazegen::Probability::new(0.0).unwrap(),
                ..MazeFill::default()
            }),
            prefabs: vec![PrefabPlacement {
                prefab: vault(),
                at: None,
            }],
            ..RoomOptions::default()
        };
        let map = RoomMap::generate(&options, seed).unwrap();
        let tiles = map.tile_map_with(&[]).unwrap();
        let r = map.room_bounds()[0];
        for ((x, y), (dx, dy)) in vault().sockets() {
            let (bx, by) = (
                (r.x + x).wrapping_add_signed(dx),
                (r.y + y).wrapping_add_signed(dy),
            );
            sockets += 1;
            open += u32::from(tiles.get(bx, by) != MapTile::Rock);
        }
    }
    assert!(open * 10 >= sockets * 6, "{open} of {sockets} sockets open");
}

#[test]
fn a_prefab_sits_unchanged_inside_a_maze_map_from_the_command_line() {
    let vault = vault_file();
    let text = stdout_of(&[
        "rooms",
        "--prefab",
        &format!("{vault}@6,3"),
        "--corridors",
        "maze",
        "--seed",
        "4",
        "--format",
        "text",
    ]);
    let rows: Vec<&str> = text.lines().collect();
    // The text format draws rock #, floor as a space, doors +: the drawing's # . + as # space +.
    let drawing = std::fs::read_to_string(&vault).unwrap();
    for (y, line) in drawing.lines().enumerate() {
        for (x, c) in line.chars().enumerate() {
            let expected = match c {
                '.' => ' ',
                '+' => '+',
                _ => '#',
            };
            assert_eq!(
                rows[3 + y].chars().nth(6 + x),
                Some(expected),
                "line {y} column {x}:\n{text}"
            );
        }
    }
    let json = stdout_of(&[
        "rooms",
        "--prefab",
        &format!("{vault}@6,3"),
        "--corridors",
        "maze",
        "--seed",
        "4",
        "--format",
        "json",
    ]);
    let drawing = "\"drawing\":[\"   ###+###   \",\"   #.....#   \",\"####.....####\",";
    assert!(
        json.contains(&format!("{{\"id\":0,\"prefab\":\"vault\",{drawing}")),
        "{json}"
    );
    assert!(json.contains("\"x\":6,\"y\":3,\"w\":13,\"h\":7,"), "{json}");
    // On every floor of a dungeon.
    let floors = stdout_of(&[
        "rooms", "--prefab", &vault, "--floors", "3", "--seed", "2", "--format", "json",
    ]);
    assert_eq!(floors.matches(r#""prefab":"vault""#).count(), 3, "{floors}");
}

#[test]
fn a_seeded_map_with_a_prefab_is_locked() {
    let vault = vault_file();
    let text = stdout_of(&[
        "rooms",
        "--prefab",
        &vault,
        "--corridors",
        "maze",
        "--seed",
        "11",
        "--format",
        "text",
    ]);
    assert_snapshot!("rooms-prefab-maze.text", text);
}

#[test]
fn bad_prefabs_are_refused_on_one_line() {
    let dir = scratch_dir("rooms-prefab-refusals");
    let write = |name: &str, text: &str| dir.write(name, text).display().to_string();
    let cases = [
        (
            write("closed.txt", "###\n#.#\n###\n"),
            "closed.txt: no door socket (+)",
        ),
        (
            write("odd.txt", "#+#\n#x#\n###\n"),
            "odd.txt, line 2, column 2: \"x\" is not a prefab tile",
        ),
        (write("empty.txt", ""), "empty.txt: the drawing is empty"),
        (
            write("inner.txt", "#####\n#.+.#\n#####\n"),
            "inner.txt, line 2, column 3: a door socket (+) inside the drawing",
        ),
        (
            write("open.txt", "#+#\n#..\n###\n"),
            "open.txt, line 2, column 3: floor (.) touches the outside",
        ),
        (
            write("apart.txt", "#+###\n#.#.#\n#####\n"),
            "apart.txt, line 2, column 4: this floor (.) cannot be reached",
        ),
    ];
    for (file, expected) in &cases {
        let expected = format!("error: --prefab {}/{expected}", dir.display());
        assert_refused(&["rooms", "--prefab", file], &[&expected]);
    }
    let vault = vault_file();
    let refusals: [(Vec<String>, &str); 12] = [
        (
            vec![format!("{vault}@3")],
            "the place \"3\" is not X,Y; expected FILE or FILE@X,Y",
        ),
        (vec!["@3,4".into()], "no file before @"),
        (
            vec![format!("{vault}@0,4")],
            "error: --prefab: prefab vault at 0,4 leaves the map",
        ),
        (
            vec![
                format!("{vault}@2,2"),
                "--prefab".into(),
                format!("{vault}@5,5"),
            ],
            "error: --prefab: prefab vault at 5,5 overlaps prefab vault at 2,2",
        ),
        (
            vec![
                format!("{vault}@60,2"),
                "--width".into(),
                "50".into(),
                "--height".into(),
                "40".into(),
            ],
            "leaves the map: its 13x7 drawing keeps a tile of rock around it on the map; expected X 1 to 36 and Y 1 to 32",
        ),
        (
            vec![
                vault.clone(),
                "--count".into(),
                "1".into(),
                "--prefab".into(),
                vault.clone(),
            ],
            "error: --prefab: 2 prefabs among 1 rooms",
        ),
        (
            vec![vault.clone(), "--map".into(), "never".into()],
            "error: --prefab places rooms on the tile map: it cannot be combined with --map never",
        ),
        (
            vec![vault.clone(), "--graph".into(), "castle.dot".into()],
            "error: --prefab shapes a graph mazegen draws, but --graph gives the graph",
        ),
        (
            vec![vault.clone(), "--width".into(), "12".into()],
            "error: --prefab: prefab vault (13x7 tiles) cannot fit on a map 12 tiles wide",
        ),
        (
            vec!["missing.txt".into()],
            "error: --prefab missing.txt: cannot be read",
        ),
        (
            vec![format!("{vault}@4294967295,4294967295")],
            "error: --prefab: prefab vault at 4294967295,4294967295 would need a map of \
             18446744073709551615 tiles",
        ),
        // A file that never ends is refused at once, not read until memory runs out.
        (
            vec!["/dev/zero".into()],
            "error: --prefab /dev/zero: more than 262656 bytes, more than a prefab's drawing holds",
        ),
    ];
    for (args, expected) in &refusals {
        let mut all = vec!["rooms", "--seed", "1", "--prefab"];
        all.extend(args.iter().map(String::as_str));
        assert_refused(&all, &[expected]);
        let output = crate::common::mazegen().args(&all).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let lines = stderr
            .lines()
            .filter(|line| line.starts_with("error:"))
            .count();
        assert_eq!(lines, 1, "{all:?}: {stderr}");
    }
}

#[test]
fn without_prefabs_the_seeded_maps_do_not_move() {
    // The same seed with a prefab given and without: the options without stay as they were
    // (the snapshots of `rooms_snapshots` lock them byte for byte); with one, room 0 is it.
    let plain = RoomMap::generate(&RoomOptions::default(), 9).unwrap();
    assert!(plain.prefab(0).is_none());
    let with = RoomMap::generate(
        &RoomOptions {
            prefabs: vec![PrefabPlacement {
                prefab: vault(),
                at: None,
            }],
            ..RoomOptions::default()
        },
        9,
    )
    .unwrap();
    assert!(with.prefab(0).is_some());
    assert_ne!(plain.layout, with.layout);
}
