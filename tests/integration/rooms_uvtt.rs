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
    // A portal per door, on an edge of its tile, closed exactly where locked.
    let portals = doc["portals"].as_array().unwrap();
    let doors: Vec<(usize, usize, char)> = tiles
        .iter()
        .enumerate()
        .flat_map(|(y, row)| {
            row.iter()
                .enumerate()
                .filter(|&(_, &c)| c == '+' || c == 'L')
                .map(move |(x, &c)| (x, y, c))
        })
        .collect();
    assert_eq!(portals.len(), doors.len(), "{args:?}");
    for (portal, &(x, y, c)) in portals.iter().zip(&doors) {
        let bounds: Vec<(f64, f64)> = portal["bounds"]
            .as_array()
            .unwrap()
            .iter()
            .map(xy)
            .collect();
        for &(px, py) in &bounds {
            assert!(
                (px - x as f64).abs() <= 1.0
                    && (py - y as f64).abs() <= 1.0
                    && px >= x as f64
                    && py >= y as f64,
                "{args:?}: portal {bounds:?} off door ({x}, {y})"
            );
        }
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
        assert_eq!(portal["closed"], c == 'L', "{args:?}: door ({x}, {y})");
    }
    // The image is the png picture at the same scale.
    let image = base64::engine::general_purpose::STANDARD
        .decode(doc["image"].as_str().unwrap())
        .unwrap();
    let png = mazegen()
        .args([args, &["--format", "png", "--scale", "3"]].concat())
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
