//! The printed map (`--theme dungeon`, the default of room maps' and caves' pictures), checked
//! pixel by pixel against the tile map `--format text` writes for the same arguments.

use crate::common::{json_of, mazegen, stdout_of};
use base64::Engine as _;

type Rgb = [u8; 3];
const PAPER: Rgb = [255, 255, 255];
const SHADE: Rgb = [226, 222, 214];
const WALL: Rgb = [28, 26, 24];
const LOCK: Rgb = [186, 36, 36];
const KEY: Rgb = [196, 136, 0];
const START: Rgb = [30, 140, 60];
const GOAL: Rgb = [204, 32, 64];

/// A decoded RGB picture.
struct Picture {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Picture {
    fn decode(bytes: &[u8]) -> Self {
        let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        assert_eq!(info.color_type, png::ColorType::Rgb);
        Self {
            width: info.width,
            height: info.height,
            pixels,
        }
    }

    fn at(&self, x: u32, y: u32) -> Rgb {
        let k = 3 * (y as usize * self.width as usize + x as usize);
        [self.pixels[k], self.pixels[k + 1], self.pixels[k + 2]]
    }

    /// How many pixels of the `scale`-pixel square of tile `(x, y)` are `color`.
    fn count_in_tile(&self, (x, y): (usize, usize), scale: u32, color: Rgb) -> usize {
        let (x0, y0) = (x as u32 * scale, y as u32 * scale);
        (y0..y0 + scale)
            .flat_map(|py| (x0..x0 + scale).map(move |px| (px, py)))
            .filter(|&(px, py)| self.at(px, py) == color)
            .count()
    }

    /// How many pixels from row `top` down are `color`.
    fn count_below(&self, top: u32, color: Rgb) -> usize {
        (top..self.height)
            .flat_map(|y| (0..self.width).map(move |x| (x, y)))
            .filter(|&(x, y)| self.at(x, y) == color)
            .count()
    }
}

/// The tile map of `args` as `--format text` writes it, floors one below another with two
/// rows of rock between, as wide as the widest (as the pictures draw them), and each floor's
/// first row.
fn tiles_of(args: &[&str]) -> (Vec<Vec<u8>>, Vec<usize>) {
    let text = stdout_of(&[args, &["--format", "text"]].concat());
    let floors: Vec<Vec<Vec<u8>>> = text
        .split("\n\n")
        .map(|floor| floor.lines().map(|line| line.as_bytes().to_vec()).collect())
        .collect();
    let width = floors.iter().map(|f| f[0].len()).max().unwrap();
    let mut rows = Vec::new();
    let mut tops = Vec::new();
    for (k, floor) in floors.iter().enumerate() {
        if k > 0 {
            rows.extend([vec![b'#'; width], vec![b'#'; width]]);
        }
        tops.push(rows.len());
        for row in floor {
            let mut row = row.clone();
            row.resize(width, b'#');
            rows.push(row);
        }
    }
    (rows, tops)
}

fn png_of(args: &[&str], scale: &str) -> Picture {
    let output = mazegen()
        .args(args)
        .args(["--format", "png", "--scale", scale])
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}");
    Picture::decode(&output.stdout)
}

/// Checks the printed map of `args` against its tiles.
fn check(args: &[&str]) {
    let (tiles, tops) = tiles_of(args);
    let (w, h) = (tiles[0].len(), tiles.len());
    let tile = |x: i64, y: i64| -> u8 {
        if x < 0 || y < 0 || x >= w as i64 || y >= h as i64 {
            b'#'
        } else {
            tiles[y as usize][x as usize]
        }
    };
    let rock = |x: i64, y: i64| tile(x, y) == b'#';
    let beside_wall = |x: i64, y: i64| {
        (-1..=1).any(|dy| (-1..=1).any(|dx| (dx, dy) != (0, 0) && !rock(x + dx, y + dy)))
    };

    // At 8 pixels a tile, numbers are left out: every plain floor and corridor is paper in its
    // middle, the rock away from walls paper, the rock beside them shaded under its hatching.
    let small = png_of(args, "8");
    assert!(small.width >= 8 * w as u32, "{args:?}");
    assert!(
        small.height > 8 * h as u32,
        "{args:?}: a legend below the map"
    );
    for y in 0..h {
        for x in 0..w {
            let (xi, yi) = (x as i64, y as i64);
            let middle = small.at(8 * x as u32 + 4, 8 * y as u32 + 4);
            match tile(xi, yi) {
                b'#' if beside_wall(xi, yi) => {
                    let shade = small.count_in_tile((x, y), 8, SHADE);
                    assert!(shade >= 8, "{args:?}: rock ({x}, {y}) shaded: {shade}");
                }
                b'#' => assert_eq!(middle, PAPER, "{args:?}: rock ({x}, {y})"),
                b' ' | b'.' => assert_eq!(middle, PAPER, "{args:?}: floor ({x}, {y})"),
                _ => {}
            }
        }
    }

    // The walls, two pixels wide, on every edge between rock and the rest (but where a door's
    // leaf crosses it): a pixel each side of its middle.
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            if matches!(tile(x, y), b'#' | b'+' | b'L') {
                continue;
            }
            let (x0, y0) = (8 * x, 8 * y);
            for (inside, outside, towards) in [
                ((x0, y0 + 4), (x0 - 1, y0 + 4), (x - 1, y)),
                ((x0 + 7, y0 + 4), (x0 + 8, y0 + 4), (x + 1, y)),
                ((x0 + 4, y0), (x0 + 4, y0 - 1), (x, y - 1)),
                ((x0 + 4, y0 + 7), (x0 + 4, y0 + 8), (x, y + 1)),
            ] {
                if !rock(towards.0, towards.1) {
                    continue;
                }
                for (px, py) in [inside, outside] {
                    if px >= 0 && py >= 0 && py < 8 * h as i64 {
                        assert_eq!(
                            small.at(px as u32, py as u32),
                            WALL,
                            "{args:?}: the wall between ({x}, {y}) and {towards:?}"
                        );
                    }
                }
            }
        }
    }

    // Nothing dark inside a plain floor tile (walls reach a pixel into it at most); doors,
    // locks and stairs drawn dark inside theirs (at 16, below).
    let dark = |p: Rgb| p.iter().all(|&c| c < 100);
    let dark_inside = |picture: &Picture, (x, y): (usize, usize), scale: u32, border: u32| {
        let (x0, y0) = (x as u32 * scale, y as u32 * scale);
        (y0 + border..y0 + scale - border)
            .flat_map(|py| (x0 + border..x0 + scale - border).map(move |px| (px, py)))
            .filter(|&(px, py)| dark(picture.at(px, py)))
            .count()
    };
    for y in 0..h {
        for x in 0..w {
            if matches!(tile(x as i64, y as i64), b' ' | b'.') {
                let count = dark_inside(&small, (x, y), 8, 2);
                assert_eq!(count, 0, "{args:?}: floor ({x}, {y}) has dark pixels");
            }
        }
    }

    // At 16, each symbol in its own ink on its own tiles only, and the legend showing the
    // inks of the symbols used.
    let large = png_of(args, "16");
    for (mark, ink, least) in [
        (b'S', START, 10),
        (b'G', GOAL, 10),
        (b'L', LOCK, 9),
        (b'K', KEY, 4),
    ] {
        let mut on_map = false;
        for y in 0..h {
            for x in 0..w {
                let count = large.count_in_tile((x, y), 16, ink);
                if tile(x as i64, y as i64) == mark {
                    on_map = true;
                    assert!(count >= least, "{args:?}: {} at ({x}, {y})", mark as char);
                } else {
                    assert_eq!(count, 0, "{args:?}: {} ink at ({x}, {y})", mark as char);
                }
            }
        }
        let in_legend = large.count_below(16 * h as u32, ink) > 0;
        assert_eq!(
            in_legend, on_map,
            "{args:?}: the legend shows {} when the map has it",
            mark as char
        );
    }
    for y in 0..h {
        for x in 0..w {
            let least = match tile(x as i64, y as i64) {
                b'+' | b'L' => 12,
                b'<' | b'>' => 8,
                _ => continue,
            };
            let count = dark_inside(&large, (x, y), 16, 3);
            assert!(count >= least, "{args:?}: ({x}, {y}) drawn: {count}");
        }
    }

    // Floors drawn together are named at their top left corners: "Floor 1" in the font,
    // 55 pixels wide and 7 high from 2 pixels in.
    if tops.len() > 1 {
        for (floor, &top) in tops.iter().enumerate() {
            let y0 = 16 * top as u32 + 2;
            let ink = (y0..y0 + 7)
                .flat_map(|y| (2..57).map(move |x| (x, y)))
                .filter(|&(x, y)| large.at(x, y) == WALL)
                .count();
            assert!(ink >= 40, "{args:?}: floor {} named: {ink}", floor + 1);
        }
    }

    // A virtual tabletop's picture is the map alone, exactly its grid: the png's map.
    let uvtt = json_of(&[args, &["--format", "uvtt", "--scale", "16"]].concat());
    let image = base64::engine::general_purpose::STANDARD
        .decode(uvtt["image"].as_str().unwrap())
        .unwrap();
    let image = Picture::decode(&image);
    assert_eq!((image.width, image.height), (16 * w as u32, 16 * h as u32));
    for y in 0..image.height {
        for x in 0..image.width {
            assert_eq!(image.at(x, y), large.at(x, y), "{args:?}: uvtt ({x}, {y})");
        }
    }
}

#[test]
fn printed_maps_draw_every_tile_as_the_text_map_has_it() {
    for seed in ["1", "2"] {
        check(&["rooms", "--count", "12", "--seed", seed]);
        check(&[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--locks",
            "3",
            "--seed",
            seed,
        ]);
        check(&[
            "rooms",
            "--count",
            "10",
            "--candidates",
            "delaunay",
            "--corridors",
            "maze",
            "--locks",
            "2",
            "--seed",
            seed,
        ]);
        check(&[
            "caves", "--width", "80", "--height", "50", "--fill", "0.55", "--locks", "3", "--seed",
            seed,
        ]);
        check(&[
            "rooms", "--count", "6", "--floors", "3", "--locks", "1", "--seed", seed,
        ]);
    }
}

#[test]
fn a_printed_map_too_large_for_memory_is_refused_before_it_is_drawn() {
    let dir = crate::common::scratch_dir("dungeon-theme-memory");
    let file = dir.join("cave.png");
    let args = format!(
        "caves --width 2000 --height 2000 --seed 1 --format png -o '{}'",
        file.display()
    );
    let Some(output) = crate::common::run_with_memory_limit(300_000, &args) else {
        return;
    };
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(
        message.contains("not enough memory to draw the 2000x2000-tile map as a printed map")
            && message.contains("the color and mono themes"),
        "{message}"
    );
    assert!(!file.exists(), "nothing is written");
    // In tiles, the same map is drawn a row at a time within the same limit.
    let tiles = crate::common::run_with_memory_limit(300_000, &format!("{args} --theme color"));
    assert!(tiles.unwrap().status.success());
    assert!(file.exists());
}
