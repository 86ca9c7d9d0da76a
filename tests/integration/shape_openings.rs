//! `--openings` on every shape: the outer wall opens beside the start and the goal, on the
//! first side of each on the border in the shape's order, and nothing else changes; graph
//! documents and mask tiles record the openings and read them back; pictures leave gaps.

use crate::common::{
    Scratch, assert_refused, assert_snapshot, json_of, mazegen, piped, scratch_dir, stdout_of,
};
use crate::shapes::shape;
use mazegen::Maze;
use mazegen::algorithms::catalogue;
use mazegen::grid::{Dir, Tile, passage_tile};
use mazegen::read::{read_graph, read_maze};
use mazegen::render::{Graph, Json, Render};
use mazegen::topology::{End, Geometry, Topology, check_perfect};
use mazegen::with_topology;
use predicates::str::contains;
use proptest::prelude::*;
use serde_json::{Value, json};

/// The cells of `topology` with a side on the outer border, in index order.
fn border_cells<T: Topology>(topology: &T) -> Vec<usize> {
    (0..topology.slots())
        .filter(|&i| topology.is_cell(i))
        .filter(|&i| {
            let cursor = topology.cursor(i);
            (0..T::SIDES).any(|side| topology.is_border(&cursor, side))
        })
        .collect()
}

/// Every side of every cell on the outer border, as cell and side.
fn border_sides<T: Topology>(topology: &T) -> Vec<(usize, usize)> {
    let mut sides = Vec::new();
    for i in (0..topology.slots()).filter(|&i| topology.is_cell(i)) {
        let cursor = topology.cursor(i);
        sides.extend(
            (0..T::SIDES)
                .filter(|&s| topology.is_border(&cursor, s))
                .map(|s| (i, s)),
        );
    }
    sides
}

/// The first side of `cell` on the border in the shape's order for `end`.
fn first_border_side<T: Topology>(topology: &T, cell: usize, end: End) -> usize {
    let cursor = topology.cursor(cell);
    let mut order = T::OPENINGS[end as usize]
        .iter()
        .map(|&side| usize::from(side));
    order
        .find(|&side| topology.is_border(&cursor, side))
        .unwrap()
}

/// Every tile of a maze's tile view, row by row.
fn tile_rows(maze: &Maze) -> Vec<Vec<Tile>> {
    let mut tiles = maze.tiles().unwrap();
    let mut rows = Vec::new();
    while let Some((_, row)) = tiles.next_row() {
        rows.push(row.to_vec());
    }
    rows
}

/// `renderer`'s document of `maze`, as text.
fn document(renderer: &dyn Render<Maze>, maze: &Maze) -> Vec<u8> {
    let mut bytes = Vec::new();
    renderer.render(maze, &mut bytes).unwrap();
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn openings_open_exactly_the_border_beside_start_and_goal(
        kind in 0u8..5,
        width in 1u32..12,
        height in 1u32..10,
        holes in prop::collection::vec(prop::bool::weighted(0.3), 1..40),
        seed in any::<u64>(),
        ends in any::<(usize, usize)>(),
    ) {
        let graph_algorithms: Vec<_> = catalogue().into_iter().filter(|g| g.carves_shapes()).collect();
        let generator = &graph_algorithms[(seed % graph_algorithms.len() as u64) as usize];
        let mut maze = Maze::builder().generator(generator.as_ref().boxed()).shape(shape(kind, width, height, &holes)).seed(seed).build().unwrap();
        let name = maze.shape().name();
        // Two cells of the border, maybe the same one.
        let border = with_topology!(maze.shape(), t => border_cells(t));
        let (start, goal) = (border[ends.0 % border.len()], border[ends.1 % border.len()]);
        maze.set_endpoints(maze.pos(start), maze.pos(goal)).unwrap();
        let closed = maze.clone();
        maze.open_border().unwrap();
        let openings = maze.openings();

        // The first border side of each end in the shape's order, once if they are the same.
        with_topology!(maze.shape(), t => {
            let mut expected = vec![
                (start, first_border_side(t, start, End::Start)),
                (goal, first_border_side(t, goal, End::Goal)),
            ];
            expected.dedup();
            prop_assert_eq!(&openings, &expected, "{}", name);
            // The pictures leave out exactly these sides of the outer wall.
            let walls = t.outer_wall(&openings);
            if name == "polar" {
                prop_assert_eq!(walls.len(), border_sides(t).len() - openings.len());
            } else {
                prop_assert_eq!(walls, t.outer_wall(&[]).into_iter()
                    .filter(|w| !openings.iter().any(|&(i, s)| &t.wall_line(i, s) == w))
                    .collect::<Vec<_>>());
            }
            for &(i, s) in &openings {
                prop_assert!(border_sides(t).contains(&(i, s)));
            }
        });
        // The passages are untouched: the maze is the same perfect maze.
        prop_assert_eq!(maze.shape(), closed.shape());
        prop_assert!(maze.is_perfect());
        prop_assert_eq!(with_topology!(maze.shape(), t => check_perfect(t)), Ok(()));
        // In tiles, the openings are the only tiles that change: passages in the outer wall.
        if let Some(grid) = maze.grid() {
            let (open, shut) = (tile_rows(&maze), tile_rows(&closed));
            let mut changed = Vec::new();
            for (y, (a, b)) in open.iter().zip(&shut).enumerate() {
                for (x, (p, q)) in a.iter().zip(b).enumerate() {
                    if p != q {
                        prop_assert_eq!((*p, *q), (Tile::Passage, Tile::Wall));
                        changed.push((x as u64, y as u64));
                    }
                }
            }
            let mut tiles: Vec<_> = openings.iter()
                .map(|&(i, s)| passage_tile(grid.pos(i), Dir::from_side(s)))
                .collect();
            tiles.sort_by_key(|&(x, y)| (y, x));
            prop_assert_eq!(changed, tiles);
            // Tile documents read back with their openings (a mask without holes as a rectangle).
            let read = read_maze(&document(&Json::default(), &maze)[..]).unwrap();
            prop_assert_eq!(read.openings(), openings.clone());
            prop_assert_eq!(tile_rows(&read), open);
        }
        // Graph documents record the openings and read back with them.
        let read = read_graph(&document(&Graph::default(), &maze)[..]).unwrap();
        prop_assert_eq!(read.openings(), openings);
        prop_assert_eq!(&read, &maze);
    }
}

/// A 7x5 mask with a hole in the middle.
const MASK: &str = "X.....X\n.......\n..XXX..\n.......\nX.....X\n";

/// Each shape, named, as maze options with endpoints on the outer wall; the mask written into
/// `dir`.
fn shapes(dir: &Scratch) -> Vec<(&'static str, Vec<String>)> {
    let args = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
    let mask = dir.write("shapes.txt", MASK).display().to_string();
    vec![
        ("hex", args("--shape hex --cells 5x4")),
        ("triangle", args("--shape triangle --cells 7x3")),
        ("polar", args("--shape polar --rings 3 --start 3,2")),
        ("mask", args(&format!("--mask {mask} --start 1,2"))),
    ]
}

#[test]
fn snapshots_of_the_openings_of_every_shape() {
    let dir = scratch_dir("shape-openings-snapshots");
    for (name, shape) in shapes(&dir) {
        let run = |extra: &[&str]| {
            let mut args = vec!["backtrack", "--seed", "3", "--openings", "--solve"];
            args.extend(shape.iter().map(String::as_str));
            args.extend_from_slice(extra);
            stdout_of(&args)
        };
        let graph = run(&["--format", "graph"]);
        assert_snapshot!(format!("{name}.graph"), graph.clone());
        let svg = run(&["--format", "svg", "--theme", "mono", "--scale", "8"]);
        assert_snapshot!(format!("{name}.svg"), svg.clone());
        // The document draws the picture the generating command does.
        let args = [
            "render", "--format", "svg", "--theme", "mono", "--scale", "8",
        ];
        assert_eq!(piped(&args, &graph), svg, "{name}");
    }
    let mask = dir.write("text.txt", MASK).display().to_string();
    let text = stdout_of(&[
        "backtrack",
        "--seed",
        "3",
        "--mask",
        &mask,
        "--start",
        "1,2",
        "--openings",
        "--solve",
        "--format",
        "text",
    ]);
    assert_snapshot!("mask.text", text);
}

#[test]
fn graph_documents_with_openings_match_the_schema_and_datasets_record_them() {
    let dir = scratch_dir("shape-openings-schema");
    let validator = crate::graph::validator();
    for (name, shape) in shapes(&dir) {
        for algorithm in ["backtrack", "wilson", "kruskal", "prim"] {
            let mut args = vec![algorithm, "--seed", "8", "--openings", "--format", "graph"];
            args.extend(shape.iter().map(String::as_str));
            let doc = json_of(&args);
            let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
            assert!(errors.is_empty(), "{name}: {errors:?}");
            assert_eq!(doc["openings"].as_array().unwrap().len(), 2, "{name}");
        }
        // Datasets: graph documents, or a mask's tile documents.
        let mut args = vec!["prim", "--count", "3", "--format", "jsonl", "--openings"];
        args.extend(shape.iter().map(String::as_str));
        for line in stdout_of(&args).lines() {
            let doc: Value = serde_json::from_str(line).unwrap();
            if name == "mask" {
                assert_eq!(doc["openings"], true, "{line}");
            } else {
                assert!(validator.is_valid(&doc), "{name}: {line}");
                assert_eq!(doc["openings"].as_array().unwrap().len(), 2, "{name}");
            }
        }
    }
    // A rectangle's graph document records its openings too, and draws them in tiles.
    let base = ["wilson", "--size", "9", "--seed", "2", "--openings"];
    let graph = stdout_of(&[&base[..], &["--format", "graph"]].concat());
    let doc: Value = serde_json::from_str(&graph).unwrap();
    assert!(validator.is_valid(&doc));
    assert_eq!(
        doc["openings"],
        json!([{"cell": 0, "side": 0}, {"cell": 15, "side": 2}])
    );
    let text = stdout_of(&[&base[..], &["--format", "text"]].concat());
    assert_eq!(piped(&["render", "--format", "text"], &graph), text);
    // Without openings, no field.
    let plain = json_of(&["wilson", "--size", "9", "--seed", "2", "--format", "graph"]);
    assert!(plain.get("openings").is_none());
}

#[test]
fn mask_tiles_open_beside_the_holes_and_read_back() {
    let dir = scratch_dir("shape-openings-holes");
    let mask = dir.write("holes.txt", MASK).display().to_string();
    let args = |format: &str| {
        stdout_of(&[
            "kruskal",
            "--seed",
            "4",
            "--mask",
            &mask,
            "--start",
            "1,2",
            "--goal",
            "4,3",
            "--openings",
            "--solve",
            "--format",
            format,
        ])
    };
    let json = args("json");
    let doc: Value = serde_json::from_str(&json).unwrap();
    let rows: Vec<&str> = doc["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| row.as_str().unwrap())
        .collect();
    // Both open onto the hole: the start (1,2) east, the goal (4,3) north.
    assert_eq!(&rows[5][4..5], ".", "{}", rows.join("\n"));
    assert_eq!(&rows[6][9..10], ".", "{}", rows.join("\n"));
    assert_eq!(doc["openings"], true);
    for (command, format) in [("render", "text"), ("solve", "text"), ("render", "json")] {
        let expected = if format == "json" {
            json.clone()
        } else {
            args("text")
        };
        assert_eq!(piped(&[command, "--format", format], &json), expected);
    }
    // The hole's wall opened where no opening is: refused.
    let mut broken = doc.clone();
    let mut row: Vec<char> = rows[4].chars().collect();
    row[5] = '.';
    broken["tiles"][4] = Value::from(row.into_iter().collect::<String>());
    mazegen()
        .args(["render", "--format", "text"])
        .write_stdin(broken.to_string())
        .assert()
        .code(2)
        .stderr(contains(
            "tiles row 4, column 5: the outer wall has a hole that is not an opening",
        ));
}

#[test]
fn refusals_name_the_cell_and_the_cells_that_would_do() {
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "polar",
            "--rings",
            "5",
            "--goal",
            "3,2",
            "--openings",
        ],
        &[
            "error: --openings: neither the start cell 0,0 nor the goal cell 3,2 is on the outer \
             wall, so no opening can be made; the cells 0,4 to 23,4 of the outer ring are\n",
        ],
    );
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "triangle",
            "--cells",
            "6x4",
            "--start",
            "2,1",
            "--goal",
            "3,2",
            "--openings",
        ],
        &[
            "error: --openings: neither the start cell 2,1 nor the goal cell 3,2 is on the outer \
             wall, so no opening can be made; cells with a side on the field's edge are\n",
        ],
    );
    // solve --openings refuses the same way on a document.
    let graph = stdout_of(&[
        "prim", "--shape", "polar", "--rings", "4", "--format", "graph",
    ]);
    mazegen()
        .args(["solve", "--openings", "--goal", "1,1"])
        .write_stdin(graph.clone())
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            "error: --openings: neither the start cell 0,0 nor the goal cell 1,1 is on the outer \
             wall, so no opening can be made; the cells 0,3 to 23,3 of the outer ring are\n",
        );
    let opened = piped(&["solve", "--openings", "--start", "7,3"], &graph);
    let doc: Value = serde_json::from_str(&opened).unwrap();
    assert_eq!(
        doc["openings"],
        json!([{"cell": 26, "side": 3}, {"cell": 42, "side": 3}])
    );
    // Documents whose openings are not those beside the start and goal are refused.
    let mut moved = doc.clone();
    moved["openings"][0]["cell"] = json!(25);
    let broken = mazegen()
        .arg("render")
        .write_stdin(moved.to_string())
        .assert()
        .code(2)
        .stdout("");
    let stderr = String::from_utf8(broken.get_output().stderr.clone()).unwrap();
    assert_eq!(
        stderr,
        "error: standard input is not a maze document: \"openings\" is [cell 25 side 3, cell 42 \
         side 3], but the outer wall opens beside the start and the goal at [cell 26 side 3, \
         cell 42 side 3]\n"
    );
    let mut centre = doc;
    centre["start"] = json!(0);
    centre.as_object_mut().unwrap().remove("solution");
    mazegen()
        .arg("render")
        .write_stdin(centre.to_string())
        .assert()
        .code(2)
        .stderr(contains(
            "\"openings\" is [cell 26 side 3, cell 42 side 3], but the outer wall opens beside \
             the start and the goal at [cell 42 side 3]",
        ));
}

#[test]
fn a_round_maze_with_openings_is_entered_from_its_rim_and_solved_at_its_centre() {
    let doc: Value = serde_json::from_str(&stdout_of(&[
        "backtrack",
        "--shape",
        "polar",
        "--rings",
        "5",
        "--openings",
        "--solve",
        "--seed",
        "4",
        "--format",
        "graph",
    ]))
    .unwrap();
    // The last cell of the outer ring (24 cells, after 1 + 6 + 12 + 24 inside it) is the
    // entrance; the centre, with no outer wall, the goal.
    assert_eq!(doc["start"], json!(66));
    assert_eq!(doc["goal"], json!(0));
    assert_eq!(doc["openings"], json!([{"cell": 66, "side": 3}]));
    let solution = doc["solution"].as_array().unwrap();
    assert_eq!(
        (solution.first(), solution.last()),
        (Some(&json!(66)), Some(&json!(0)))
    );
    // Endpoints given keep their places; the one on the wall is opened, the other not.
    let text = stdout_of(&[
        "backtrack",
        "--size",
        "9",
        "--start",
        "1,1",
        "--openings",
        "--seed",
        "4",
        "--format",
        "text",
    ]);
    let rows: Vec<&[u8]> = text.lines().map(str::as_bytes).collect();
    let last = rows.len() - 1;
    let border = (0..rows.len())
        .flat_map(|y| (0..rows[y].len()).map(move |x| (x, y)))
        .filter(|&(x, y)| y == 0 || y == last || x == 0 || x == rows[y].len() - 1);
    let gaps: Vec<_> = border.filter(|&(x, y)| rows[y][x] != b'#').collect();
    assert_eq!(gaps, [(7, 8)], "the goal's south side alone:\n{text}");
}

#[test]
fn a_path_with_one_opening_leaves_by_the_goal_s_and_reads_back() {
    // The start inside, the goal on the wall: the solution runs start ... goal, then out.
    let json = stdout_of(&[
        "backtrack",
        "--size",
        "9",
        "--seed",
        "3",
        "--start",
        "1,1",
        "--openings",
        "--solve",
        "--format",
        "json",
    ]);
    let doc: Value = serde_json::from_str(&json).unwrap();
    let solution = doc["solution"].as_array().unwrap();
    assert_eq!(solution.first(), Some(&json!([3, 3])));
    assert_eq!(solution.last(), Some(&json!([7, 8])));
    assert_eq!(piped(&["render", "--format", "json"], &json), json);
    // solve --openings keeps a round maze's own endpoints: only the shape's defaults trade.
    let graph = stdout_of(&[
        "backtrack",
        "--shape",
        "polar",
        "--rings",
        "4",
        "--seed",
        "2",
        "--start",
        "2,2",
        "--goal",
        "5,3",
        "--format",
        "graph",
    ]);
    let solved: Value = serde_json::from_str(&piped(
        &["solve", "--openings", "--format", "graph"],
        &graph,
    ))
    .unwrap();
    let given: Value = serde_json::from_str(&graph).unwrap();
    assert_eq!(
        (&solved["start"], &solved["goal"]),
        (&given["start"], &given["goal"])
    );
}
