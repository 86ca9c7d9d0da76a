//! `uvtt` room maps and caves: Universal VTT files whose walls enclose exactly the tiles a player can
//! stand on, with a portal at every door (closed where locked) and the map's picture.

use crate::common::{assert_refused, json_of, mazegen, stdout_of};
use base64::Engine as _;
use serde_json::Value;

/// The tiles of the `text` map of `args`: whether each is open (not rock), and its character.
fn text_tiles(args: &[&str]) -> Vec<Vec<char>> {
    stdout_of(&[args, &["--format", "text"]].concat())
        .lines()
        .map(|line| line.chars().collect())
        .collect()
}

fn xy(point: &Value) -> (f64, f64) {
    (point["x"].as_f64().unwrap(), point["y"].as_f64().unwrap())
}

/// The wall segments of a uvtt document: each a straight line, on grid lines.
fn segments(doc: &Value) -> Vec<((f64, f64), (f64, f64))> {
    doc["line_of_sight"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|line| {
            let points: Vec<(f64, f64)> = line.as_array().unwrap().iter().map(xy).collect();
            points.windows(2).map(|w| (w[0], w[1])).collect::<Vec<_>>()
        })
        .collect()
}

/// Checks the uvtt document of `args` against its text map.
fn check(args: &[&str]) {
    let tiles = text_tiles(args);
    let (height, width) = (tiles.len(), tiles[0].len());
    let doc = json_of(&[args, &["--format", "uvtt", "--scale", "3"]].concat());
    assert_eq!(doc["format"], 0.3);
    let resolution = &doc["resolution"];
    assert_eq!(xy(&resolution["map_size"]), (width as f64, height as f64));
    assert_eq!(resolution["pixels_per_grid"], 3);
    // Rasterise the walls back: a ray to the right from a tile's centre crosses the vertical
    // walls an odd number of times exactly from open tiles, and a ray down the horizontal ones.
    let walls = segments(&doc);
    for ((x0, y0), (x1, y1)) in &walls {
        assert!(x0 == x1 || y0 == y1, "{args:?}: a wall off the grid lines");
    }
    for (y, row) in tiles.iter().enumerate() {
        for (x, &c) in row.iter().enumerate() {
            let (cx, cy) = (x as f64 + 0.5, y as f64 + 0.5);
            let right = walls
                .iter()
                .filter(|((x0, y0), (x1, y1))| {
                    x0 == x1 && *x0 > cx && y0.min(*y1) < cy && cy < y0.max(*y1)
                })
                .count();
            let down = walls
                .iter()
                .filter(|((x0, y0), (x1, y1))| {
                    y0 == y1 && *y0 > cy && x0.min(*x1) < cx && cx < x0.max(*x1)
                })
                .count();
            let open = c != '#';
            assert_eq!(right % 2 == 1, open, "{args:?}: tile ({x}, {y}) '{c}'");
            assert_eq!(down % 2 == 1, open, "{args:?}: tile ({x}, {y}) '{c}'");
        }
    }
    // Portals on the edges of door tiles only: one per door, every one closed (importers read
    // an open portal as a window), locked exactly at a lock (a lock in a cave's tunnel may shut
    // more than one opening).
    let portals = doc["portals"].as_array().unwrap();
    let mut closed_edges = std::collections::BTreeSet::new();
    let mut per_door = std::collections::BTreeMap::new();
    for portal in portals {
        let bounds: Vec<(f64, f64)> = portal["bounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(xy)
            .collect();
        let length = (bounds[0].0 - bounds[1].0).abs() + (bounds[0].1 - bounds[1].1).abs();
        assert_eq!(length, 1.0);
        let (mx, my) = xy(&portal["position"]);
        assert_eq!(
            (mx, my),
            (
                (bounds[0].0 + bounds[1].0) / 2.0,
                (bounds[0].1 + bounds[1].1) / 2.0
            )
        );
        // The two tiles the edge parts: one of them its door.
        let (a, b) = if bounds[0].1 == bounds[1].1 {
            let (x, y) = (bounds[0].0.min(bounds[1].0) as i64, bounds[0].1 as i64);
            ((x, y - 1), (x, y))
        } else {
            let (x, y) = (bounds[0].0 as i64, bounds[0].1.min(bounds[1].1) as i64);
            ((x - 1, y), (x, y))
        };
        let at = |(x, y): (i64, i64)| {
            tiles
                .get(y as usize)
                .and_then(|row| row.get(x as usize))
                .copied()
                .unwrap_or('#')
        };
        let door = [a, b]
            .into_iter()
            .find(|&t| at(t) == '+' || at(t) == 'L')
            .unwrap_or_else(|| panic!("{args:?}: portal {bounds:?} off every door"));
        assert_eq!(portal["closed"], true, "{args:?}: door {door:?}");
        assert_eq!(portal["locked"], at(door) == 'L', "{args:?}: door {door:?}");
        *per_door.entry(door).or_insert(0) += 1;
        if at(door) == 'L' {
            closed_edges.insert((a, b));
        }
    }
    let doors: Vec<((i64, i64), char)> = tiles
        .iter()
        .enumerate()
        .flat_map(|(y, row)| {
            row.iter()
                .enumerate()
                .filter(|&(_, &c)| c == '+' || c == 'L')
                .map(move |(x, &c)| ((x as i64, y as i64), c))
        })
        .collect();
    for &(door, c) in &doors {
        let n = per_door.get(&door).copied().unwrap_or(0);
        assert!(
            n == 1 || (c == 'L' && n > 1),
            "{args:?}: {n} portals at {door:?}"
        );
    }
    // The locked doors shut every lock: the open tiles fall into one part more than locks.
    let open = |(x, y): (i64, i64)| {
        tiles
            .get(y as usize)
            .and_then(|row| row.get(x as usize))
            .is_some_and(|&c| c != '#')
    };
    let mut part = std::collections::BTreeMap::new();
    let mut parts = 0;
    for y in 0..height as i64 {
        for x in 0..width as i64 {
            if !open((x, y)) || part.contains_key(&(x, y)) {
                continue;
            }
            parts += 1;
            part.insert((x, y), parts);
            let mut stack = vec![(x, y)];
            while let Some((x, y)) = stack.pop() {
                for n in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)] {
                    let edge = ((x, y).min(n), (x, y).max(n));
                    if open(n) && !part.contains_key(&n) && !closed_edges.contains(&edge) {
                        part.insert(n, parts);
                        stack.push(n);
                    }
                }
            }
        }
    }
    let locks = doors.iter().filter(|&&(_, c)| c == 'L').count();
    assert_eq!(
        parts,
        locks + 1,
        "{args:?}: the closed doors shut the locks"
    );
    // In tiles, the image is the png picture at the same scale (the printed map's is checked
    // in `rooms_dungeon_theme`).
    let tiled = [
        args,
        &["--format", "uvtt", "--scale", "3", "--theme", "color"],
    ]
    .concat();
    let image = base64::engine::general_purpose::STANDARD
        .decode(json_of(&tiled)["image"].as_str().unwrap())
        .unwrap();
    let png = mazegen()
        .args(
            [
                args,
                &["--format", "png", "--scale", "3", "--theme", "color"],
            ]
            .concat(),
        )
        .output()
        .unwrap()
        .stdout;
    assert!(image == png, "{args:?}: the image differs from the png");
}

#[test]
fn walls_enclose_the_open_tiles_and_every_door_is_a_portal() {
    for seed in ["1", "2", "3"] {
        check(&["rooms", "--count", "12", "--seed", seed]);
        check(&["rooms", "--count", "20", "--seed", seed, "--locks", "4"]);
        check(&[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--corridors",
            "maze",
            "--locks",
            "2",
            "--seed",
            seed,
        ]);
        // Caves: locks stand in tunnels, their portals across the way on.
        check(&[
            "caves", "--width", "80", "--height", "50", "--fill", "0.55", "--locks", "3", "--seed",
            seed,
        ]);
    }
}

#[test]
fn uvtt_maps_are_64_pixels_a_square_unless_told_and_need_a_map() {
    let doc = json_of(&["rooms", "--count", "5", "--seed", "1", "--format", "uvtt"]);
    assert_eq!(doc["resolution"]["pixels_per_grid"], 64);
    assert_refused(
        &[
            "rooms", "--count", "5", "--map", "never", "--format", "uvtt",
        ],
        &["uvtt"],
    );
}
