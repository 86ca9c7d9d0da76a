//! Masks in tiles: `term`, `text`, `json` and tile pictures draw a mask maze as the rectangle it
//! lies in, blank outside its cells, and `solve`, `stats` and `render` read such documents back.

use crate::common::{assert_refused, json_of, mazegen, piped, scratch_dir, stdout_of};
use mazegen::read::read_maze;
use serde_json::Value;

/// A 9x6 mask with a notch, a hole and cut corners: `X` off.
const MASK: &str = "XX.....XX\n.........\n...XX....\n...XX....\n.........\nXXXX.XXXX\n";

/// Whether cell (x, y) of `mask` is on.
fn on(mask: &str, x: usize, y: usize) -> bool {
    mask.lines()
        .nth(y)
        .and_then(|row| row.chars().nth(x))
        .is_some_and(|c| c != 'X' && c != '#')
}

/// The tile rows of a JSON document.
fn tiles(doc: &Value) -> Vec<String> {
    doc["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn tiles_are_blank_exactly_where_no_cell_of_the_mask_touches() {
    let dir = scratch_dir("mask-tiles-blank");
    let path = dir.write("mask.txt", MASK);
    let path = path.to_str().unwrap();
    for algorithm in ["backtrack", "wilson", "kruskal", "prim", "hunt-and-kill"] {
        for seed in ["1", "2", "3"] {
            let doc = json_of(&[
                algorithm, "--mask", path, "--seed", seed, "--format", "json",
            ]);
            let rows = tiles(&doc);
            assert_eq!((rows.len(), rows[0].len()), (13, 19));
            for (ty, row) in rows.iter().enumerate() {
                for (tx, tile) in row.chars().enumerate() {
                    // A tile is the maze's when an on cell's tile is at most one step away.
                    let touched = (0..9).any(|cx| {
                        (0..6).any(|cy| {
                            on(MASK, cx, cy)
                                && (2 * cx + 1).abs_diff(tx) <= 1
                                && (2 * cy + 1).abs_diff(ty) <= 1
                        })
                    });
                    assert_eq!(
                        tile == ' ',
                        !touched,
                        "{algorithm} {seed}: tile {tx},{ty} in\n{}",
                        rows.join("\n")
                    );
                }
            }
            // The cells on make a perfect maze, and text draws the same tiles.
            let maze = read_maze(serde_json::to_string(&doc).unwrap().as_bytes()).unwrap();
            assert!(maze.is_perfect(), "{algorithm} {seed}");
            assert_eq!(
                maze.cell_count(),
                MASK.chars().filter(|&c| c == '.').count() as u64
            );
            let text = stdout_of(&[
                algorithm, "--mask", path, "--seed", seed, "--format", "text",
            ]);
            let expected: Vec<String> = rows.iter().map(|row| row.replace('.', " ")).collect();
            assert_eq!(text.lines().collect::<Vec<_>>(), expected);
        }
    }
}

#[test]
fn documents_of_masks_match_the_schema() {
    let schema: Value = serde_json::from_str(include_str!("../../schema/maze.v1.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let dir = scratch_dir("mask-tiles-schema");
    let path = dir.write("mask.txt", MASK);
    let doc = json_of(&[
        "wilson",
        "--mask",
        path.to_str().unwrap(),
        "--seed",
        "5",
        "--solve",
        "--stats",
        "--format",
        "json",
    ]);
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    // Start and goal default to the mask's first and last cells; the figures count its cells.
    assert_eq!(
        (doc["start"]["x"].as_u64(), doc["start"]["y"].as_u64()),
        (Some(2), Some(0))
    );
    assert_eq!(
        (doc["goal"]["x"].as_u64(), doc["goal"]["y"].as_u64()),
        (Some(4), Some(5))
    );
    assert_eq!(doc["stats"]["cells"], 38);
    assert_eq!(doc["stats"]["passages"], 37);
    assert_eq!(doc["perfect"], true);
}

#[test]
fn mask_documents_go_through_solve_stats_and_render() {
    let dir = scratch_dir("mask-tiles-pipe");
    let path = dir.write("mask.txt", MASK);
    let path = path.to_str().unwrap();
    let make = |format: &str, extra: &[&str]| {
        let mut args = vec![
            "backtrack",
            "--mask",
            path,
            "--seed",
            "8",
            "--format",
            format,
        ];
        args.extend_from_slice(extra);
        stdout_of(&args)
    };
    let json = make("json", &[]);
    // Solving the document is solving at generation; rendering it back gives it back.
    assert_eq!(
        piped(&["solve", "--format", "json"], &json),
        make("json", &["--solve"])
    );
    assert_eq!(piped(&["render", "--format", "json"], &json), json);
    // A graph document of the mask turns back into the same tiles, and the other way round.
    let graph = make("graph", &[]);
    assert_eq!(piped(&["render", "--format", "json"], &graph), json);
    assert_eq!(piped(&["render", "--format", "graph"], &json), graph);
    assert_eq!(
        piped(&["render", "--format", "text"], &graph),
        make("text", &[])
    );
    // Figures count the mask's cells only.
    let stats: Value = serde_json::from_str(&piped(&["stats", "--format", "json"], &json)).unwrap();
    assert_eq!(
        (stats["cells"].as_u64(), stats["passages"].as_u64()),
        (Some(38), Some(37))
    );
    assert_eq!(stats["perfect"], true);
    let share = stats["difficulty"]["solution_share"].as_f64().unwrap();
    let length = stats["solution_length"].as_f64().unwrap();
    assert!((share - (length + 1.0) / 38.0).abs() < 1e-9, "{stats}");
}

#[test]
fn term_draws_blank_tiles_as_spaces() {
    let dir = scratch_dir("mask-tiles-term");
    let path = dir.write("mask.txt", MASK);
    let path = path.to_str().unwrap();
    let args = ["kruskal", "--mask", path, "--seed", "2"];
    let json = json_of(&[&args[..], &["--format", "json"]].concat());
    for color in ["always", "never"] {
        let term = stdout_of(&[&args[..], &["--format", "term", "--color", color]].concat());
        let lines: Vec<&str> = term.lines().collect();
        assert_eq!(lines.len(), 13);
        for (line, row) in lines.iter().zip(tiles(&json)) {
            // Escapes aside, one character per tile and a space between tiles.
            let plain: String = strip_escapes(line);
            let drawn: Vec<char> = plain.chars().step_by(2).collect();
            assert_eq!(
                plain.chars().count(),
                2 * row.len() - 1,
                "{color}: {plain:?}"
            );
            for (glyph, tile) in drawn.iter().zip(row.chars()) {
                match tile {
                    ' ' => assert_eq!(*glyph, ' ', "{color}: {plain:?}"),
                    '#' => assert_eq!(*glyph, '●', "{color}: {plain:?}"),
                    _ => assert_eq!(*glyph, if color == "always" { '●' } else { ' ' }),
                }
            }
        }
    }
}

/// `line` without its color escapes.
fn strip_escapes(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            chars.by_ref().find(|&c| c == 'm');
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn tile_pictures_of_masks_draw_the_background_outside() {
    let dir = scratch_dir("mask-tiles-picture");
    let path = dir.write("mask.txt", MASK);
    let path = path.to_str().unwrap();
    let svg = stdout_of(&[
        "backtrack",
        "--mask",
        path,
        "--seed",
        "1",
        "--format",
        "svg",
        "--style",
        "tiles",
        "--solve",
    ]);
    assert!(svg.contains(r#"viewBox="0 0 19 13""#), "{svg}");
    // The top-left tiles are blank: no wall is drawn there, only the background.
    assert!(!svg.contains("M0 0h"), "{svg}");
    let lines = stdout_of(&[
        "backtrack",
        "--mask",
        path,
        "--seed",
        "1",
        "--format",
        "svg",
    ]);
    assert_ne!(
        svg, lines,
        "masks are drawn in lines unless tiles are asked for"
    );
    let png = mazegen()
        .args([
            "backtrack",
            "--mask",
            path,
            "--seed",
            "1",
            "--format",
            "png",
            "--style",
            "tiles",
            "--heatmap",
        ])
        .output()
        .unwrap();
    assert!(png.status.success() && png.stdout.starts_with(b"\x89PNG"));
}

#[test]
fn refusals_name_what_a_mask_takes() {
    let dir = scratch_dir("mask-tiles-refusals");
    let path = dir.write("mask.txt", MASK);
    let path = path.to_str().unwrap();
    assert_refused(
        &[
            "backtrack",
            "--mask",
            path,
            "--openings",
            "--start",
            "5,1",
            "--goal",
            "6,1",
            "--format",
            "text",
        ],
        &[
            "--openings: neither the start cell 5,1 nor the goal cell 6,1 is on the outer wall, \
             so no opening can be made; cells beside a cell off the mask or the rectangle's \
             edge are",
        ],
    );
    assert_refused(
        &[
            "backtrack",
            "--mask",
            path,
            "--start",
            "0,0",
            "--format",
            "text",
        ],
        &["--start 0,0", "(0, 0) is not a cell of the maze"],
    );
}

/// Reads `rows` as the tiles of `doc` and returns the error `solve` gives.
fn refusal_of(doc: &Value, rows: &[String]) -> String {
    let mut doc = doc.clone();
    doc["tiles"] = rows.iter().map(|row| Value::from(row.as_str())).collect();
    let output = mazegen()
        .args(["solve", "--format", "text"])
        .write_stdin(doc.to_string())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    String::from_utf8(output.stderr).unwrap()
}

#[test]
fn blank_tiles_are_checked_when_read() {
    let dir = scratch_dir("mask-tiles-read");
    let path = dir.write("mask.txt", MASK);
    let doc = json_of(&[
        "backtrack",
        "--mask",
        path.to_str().unwrap(),
        "--seed",
        "4",
        "--format",
        "json",
    ]);
    let rows = tiles(&doc);
    let edit = |y: usize, x: usize, tile: char| {
        let mut rows = rows.clone();
        rows[y].replace_range(x..x + 1, &tile.to_string());
        rows
    };
    // A wall of the maze turned blank, a blank turned wall, and a cell switched off.
    assert!(
        refusal_of(&doc, &edit(0, 4, ' '))
            .contains("tiles row 0, column 4: ' ' lies next to a cell of the maze")
    );
    assert!(
        refusal_of(&doc, &edit(0, 0, '#'))
            .contains("tiles row 0, column 0: the tile lies outside the maze's cells")
    );
    let off = refusal_of(&doc, &edit(3, 9, ' '));
    assert!(off.contains("tiles row 3, column 9"), "{off}");
    // The start on a blank cell.
    let mut moved = doc.clone();
    moved["start"] = serde_json::json!({"x": 0, "y": 0});
    let output = mazegen()
        .args(["solve"])
        .write_stdin(moved.to_string())
        .output()
        .unwrap();
    let message = String::from_utf8(output.stderr).unwrap();
    assert!(
        message.contains("\"start\": cell 0,0 is blank, outside the maze's cells"),
        "{message}"
    );
    // Every tile blank.
    let blank: Vec<String> = rows.iter().map(|row| " ".repeat(row.len())).collect();
    assert!(refusal_of(&doc, &blank).contains("every cell's tile is ' '"));
}

#[test]
fn a_mask_document_is_pictured_in_lines_as_when_it_was_made() {
    let dir = scratch_dir("mask-tiles-lines");
    let path = dir.write("mask.txt", MASK);
    let path = path.to_str().unwrap();
    let made =
        |format: &str| stdout_of(&["wilson", "--mask", path, "--seed", "3", "--format", format]);
    let json = made("json");
    let svg = mazegen()
        .args(["render", "--format", "svg"])
        .write_stdin(json.as_str())
        .output()
        .unwrap();
    assert!(svg.status.success());
    assert_eq!(String::from_utf8(svg.stdout).unwrap(), made("svg"));
}

#[test]
fn masks_braid_within_their_cells_and_read_back_braided() {
    let dir = scratch_dir("mask-tiles-braid");
    let path = dir.write("mask.txt", MASK);
    let path = path.to_str().unwrap();
    let made = |format: &str| {
        stdout_of(&[
            "kruskal", "--mask", path, "--seed", "5", "--braid", "1", "--format", format,
        ])
    };
    let json = made("json");
    let doc: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (doc["braid"].as_f64(), &doc["perfect"]),
        (Some(1.0), &Value::from(false))
    );
    // Still blank outside the mask: no wall opened onto a cell off it (the reader checks).
    let maze = read_maze(json.as_bytes()).unwrap();
    assert!(!maze.is_perfect());
    // Tiles and graph documents of the braided mask carry it both ways.
    let graph = made("graph");
    assert!(graph.contains("\"braid\": 1.0"), "{graph}");
    assert_eq!(piped(&["render", "--format", "json"], &graph), json);
    assert_eq!(piped(&["render", "--format", "graph"], &json), graph);
    let stats: Value = serde_json::from_str(&piped(&["stats", "--format", "json"], &json)).unwrap();
    // Only the notch at the bottom, a cell with one neighbour, stays a dead end.
    assert_eq!(stats["dead_ends"], 1, "{stats}");
}

#[test]
fn pictures_of_shapes_print_their_figures_on_standard_error() {
    let output = mazegen()
        .args([
            "backtrack",
            "--shape",
            "hex",
            "--cells",
            "4x3",
            "--format",
            "svg",
            "--stats",
        ])
        .output()
        .unwrap();
    assert!(output.status.success());
    let table = String::from_utf8(output.stderr).unwrap();
    assert!(
        table.contains("cells             12") && table.contains("decision points"),
        "{table}"
    );
}
