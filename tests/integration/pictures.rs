//! Pictures of every shape in thin walls: well-formed SVG with one path per color and kind of
//! line, PNG whose pixels are wall where the geometry puts a standing wall and passage where
//! it puts an open one, the same bytes on every run, and a snapshot of each shape's SVG.

use crate::common::{self, assert_refused, assert_snapshot, mazegen};
use mazegen::Maze;
use mazegen::algorithms::Backtrack;
use mazegen::grid::Pos;
use mazegen::render::{Html, Ink, Palette, Picture, Png, Render, Rgb, Style, Svg};
use mazegen::topology::{
    Geometry, Hex, Joint, Levels, Mask, Masked, Point, Polar, Shape, Square, Triangle, Weave, Wrap,
};
use mazegen::{MazeError, with_topology};

/// The mask of the README's gallery: a ring with a gap at the bottom.
const MASK: &str = "\
..........
..........
..XXXXXX..
..XXXXXX..
..XXXXXX..
..XXXXXX..
..........
..........
";

/// The maze the backtracker carves into `shape` from seed 7.
fn backtracked(shape: Shape) -> Maze {
    Maze::builder()
        .algorithm(Backtrack::default())
        .shape(shape)
        .seed(7)
        .build()
        .unwrap()
}

/// One small maze of each shape, named as `--shape` names it, carved by the backtracker.
fn every_shape() -> Vec<Maze> {
    let shapes = [
        Shape::Rect(mazegen::grid::Grid::new(6, 4).unwrap()),
        Shape::Masked(Masked::new(Mask::from_text(MASK).unwrap()).unwrap()),
        Shape::Hex(Hex::new(6, 4).unwrap()),
        Shape::Triangle(Triangle::new(9, 4).unwrap()),
        Shape::Polar(Polar::new(4).unwrap()),
    ];
    shapes.into_iter().map(backtracked).collect()
}

fn picture(heatmap: bool) -> Picture {
    Picture {
        palette: Palette::MONO,
        scale: 24,
        heatmap,
        style: Style::Lines,
    }
}

fn rendered(renderer: &dyn Render<Maze>, maze: &Maze) -> Vec<u8> {
    let mut bytes = Vec::new();
    renderer.render(maze, &mut bytes).unwrap();
    bytes
}

/// Where a point in cell units lies in a picture at scale 24: walls 3 pixels wide, a margin of
/// 12 pixels, and half a pixel more so that odd-width walls on whole units fill whole pixels.
fn pixel_of(p: Point) -> (u32, u32) {
    ((12.5 + 24.0 * p.x) as u32, (12.5 + 24.0 * p.y) as u32)
}

/// The middle of a wall's polyline.
fn middle(line: &[Point]) -> Point {
    let (a, b) = (line[(line.len() - 1) / 2], line[line.len() / 2]);
    Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
}

/// The PNG's width, height and pixels.
fn decoded(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut pixels).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    (info.width, info.height, pixels)
}

/// The point `pixels` out of the picture from the middle of the wall of cell `i` on `side`,
/// away from the cell's centre, at scale 24.
fn beyond<T: Geometry>(shape: &T, i: usize, side: usize, pixels: f64) -> Point {
    let (m, c) = (middle(&shape.wall_line(i, side)), shape.centre(i));
    let out = pixels / 24.0 / (m.x - c.x).hypot(m.y - c.y);
    Point::new(m.x + (m.x - c.x) * out, m.y + (m.y - c.y) * out)
}

/// Checks a shape's PNG against its geometry: each standing wall is wall-colored at its middle,
/// each open one passage-colored, each cell's centre passage-colored (the solution's cells
/// path-colored, the start and goal their own colors; with a heat map each its heat). A wall
/// across a seam of a wrapped field is checked at both edges, and a passage across one has
/// its tick in the margin beyond both.
fn check_pixels<T: Geometry>(shape: &T, maze: &Maze, picture: Picture) {
    let (width, height, pixels) = decoded(&rendered(&Png(picture), maze));
    assert_eq!(
        (width, height),
        picture.pixel_size_of_shape(maze.shape()).unwrap()
    );
    let at = |p: Point| -> Rgb {
        let (x, y) = pixel_of(p);
        let k = 3 * (y as usize * width as usize + x as usize);
        [pixels[k], pixels[k + 1], pixels[k + 2]]
    };
    let palette = picture.palette;
    let name = maze.shape().name();
    let endpoints = [maze.start(), maze.goal()];
    let solution = maze.solution().unwrap_or_default();
    let mut counts = [0; 2];
    let mut seams = [0; 2];
    let mut stairs = [0; 2];
    let mut unders = 0;
    shape.walls(|id| {
        let (i, side, j) = shape.wall(id);
        let open = shape.is_open(i, side);
        if shape.joint(i, side) == Joint::Under {
            // Only open passages under a cell are walls listed. Each half of the crossing:
            // the corridor over it walls the passage off at the line's middle; the passage
            // runs in between its own walls, which reach the cell's edge (the line's second
            // and second-last points), where nothing else stands.
            assert!(open, "{name}: a closed passage under {i}/{side} listed");
            unders += 1;
            let mut far = shape.cursor(i);
            let back = shape.step(&mut far, side);
            for (cell, side) in [(i, side), (j, back)] {
                let line = shape.wall_line(cell, side);
                assert_eq!(
                    at(middle(&line)),
                    palette.wall,
                    "{name}: over {cell}/{side}"
                );
                let (a, b) = (line[1], line[line.len() - 2]);
                for edge in [a, b] {
                    assert_eq!(at(edge), palette.wall, "{name}: under {cell}/{side}");
                }
                let mouth = Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0);
                let through = solution.windows(2).any(|p| p == [i, j] || p == [j, i]);
                let expected = if through {
                    palette.path
                } else {
                    palette.passage
                };
                if !picture.heatmap {
                    assert_eq!(at(mouth), expected, "{name}: mouth of {cell}/{side}");
                }
            }
            return;
        }
        if shape.joint(i, side) == Joint::Stairs {
            // A chevron up in the lower cell and down in the upper where a passage is, at
            // their tips; nothing drawn where there is none.
            let mut far = shape.cursor(i);
            let back = shape.step(&mut far, side);
            stairs[usize::from(open)] += 1;
            for (cell, side) in [(i, side), (j, back)] {
                let line = shape.wall_line(cell, side);
                let tip = at(line[1]);
                if open {
                    assert_eq!(tip, palette.wall, "{name}: chevron {cell}/{side}");
                } else if !solution.contains(&cell) && !endpoints.contains(&cell) {
                    assert_ne!(tip, palette.wall, "{name}: no chevron {cell}/{side}");
                }
            }
            return;
        }
        if shape.joint(i, side) == Joint::Seam {
            let mut far = shape.cursor(i);
            let back = shape.step(&mut far, side);
            seams[usize::from(open)] += 1;
            for (cell, side) in [(i, side), (j, back)] {
                if open {
                    let tick = at(beyond(shape, cell, side, 4.0));
                    assert_eq!(tick, palette.wall, "{name}: tick of seam {cell}/{side}");
                } else {
                    let seen = at(middle(&shape.wall_line(cell, side)));
                    assert_eq!(seen, palette.wall, "{name}: seam wall {cell}/{side}");
                }
            }
        }
        if endpoints.contains(&i) || endpoints.contains(&j) || solution.contains(&i) {
            return;
        }
        counts[usize::from(open)] += 1;
        if open && picture.heatmap {
            return; // Between two heat colors.
        }
        let expected = if open { palette.passage } else { palette.wall };
        let seen = at(middle(&shape.wall_line(i, side)));
        assert_eq!(seen, expected, "{name}: wall {i}/{side} open {open}");
    });
    assert!(counts[0] > 0 && counts[1] > 0, "{name}: {counts:?}");
    if !maze.shape().wrap().is_none() {
        assert!(seams[0] > 0 && seams[1] > 0, "{name}: seams {seams:?}");
    }
    if matches!(maze.shape(), Shape::Levels(_)) {
        assert!(stairs[0] > 0 && stairs[1] > 0, "{name}: stairs {stairs:?}");
    }
    if matches!(maze.shape(), Shape::Weave(_)) {
        assert!(unders > 0, "{name}: no passage under a cell");
    }
    let openings = maze.openings();
    for line in shape.outer_wall(&openings) {
        assert_eq!(at(middle(&line)), palette.wall, "{name}: outer wall");
    }
    // Two pixels out from the middle of an opening, away from the cell's centre: no wall.
    for (i, side) in openings {
        let beyond = beyond(shape, i, side, 2.0);
        assert_eq!(at(beyond), palette.passage, "{name}: opening {i}/{side}");
    }
    let distances = maze.distances();
    let farthest = *distances.iter().filter(|&&d| d != u32::MAX).max().unwrap();
    for i in (0..shape.slots()).filter(|&i| shape.is_cell(i)) {
        let expected = if solution.contains(&i) {
            palette.path
        } else if i == maze.start() {
            palette.start
        } else if i == maze.goal() {
            palette.goal
        } else if picture.heatmap {
            palette.rgb(Ink::heat(distances[i] as f32 / farthest as f32))
        } else {
            palette.passage
        };
        assert_eq!(at(shape.centre(i)), expected, "{name}: cell {i}");
    }
}

/// Checks the PNGs of `maze` with [`check_pixels`]: plain and heat-mapped, solved, and (when
/// `openings`) opened beside the start and the goal and solved again.
fn check_every_picture(mut maze: Maze, openings: bool) {
    for (heatmap, palette) in [(false, Palette::MONO), (true, Palette::COLOR)] {
        let picture = Picture {
            palette,
            ..picture(heatmap)
        };
        with_topology!(maze.shape(), t => check_pixels(t, &maze, picture));
    }
    maze.solve().unwrap();
    with_topology!(maze.shape(), t => check_pixels(t, &maze, picture(false)));
    if openings {
        maze.open_border().unwrap();
        maze.solve().unwrap();
        assert!(!maze.openings().is_empty());
        with_topology!(maze.shape(), t => check_pixels(t, &maze, picture(false)));
    }
}

#[test]
fn png_pixels_are_where_the_geometry_puts_walls_passages_and_cells() {
    for mut maze in every_shape() {
        // Openings beside the start and the goal need a polar maze's start moved out of the
        // centre, to the outer ring.
        if let Shape::Polar(polar) = maze.shape() {
            let start = Pos::new(5, polar.rings() - 1);
            maze.set_endpoints(start, maze.goal_pos()).unwrap();
        }
        check_every_picture(maze, true);
    }
}

/// Small mazes on wrapped fields, each way, carved by the backtracker.
fn wrapped_mazes() -> Vec<Maze> {
    let square = |w, h, wrap| Shape::Square(Square::wrapped(w, h, wrap).unwrap());
    let hex = |w, h, wrap| Shape::Hex(Hex::wrapped(w, h, wrap).unwrap());
    let shapes = [
        square(8, 6, Wrap::X),
        square(8, 6, Wrap::Y),
        square(7, 7, Wrap::Xy),
        hex(8, 6, Wrap::X),
        hex(7, 6, Wrap::Y),
        hex(8, 6, Wrap::Xy),
    ];
    shapes.into_iter().map(backtracked).collect()
}

#[test]
fn png_pixels_of_mazes_in_levels_put_the_levels_side_by_side_with_chevrons_up_and_down() {
    for (w, h, n) in [(5, 4, 2), (4, 3, 3), (3, 3, 4)] {
        let blank = Shape::Levels(Levels::new(w, h, n).unwrap());
        check_every_picture(
            Maze::builder()
                .algorithm(Backtrack::default())
                .shape(blank)
                .seed(3)
                .build()
                .unwrap(),
            true,
        );
    }
}

#[test]
fn png_pixels_of_weaves_draw_the_corridor_over_each_crossing_and_break_the_passage_under() {
    let density = mazegen::Probability::new(1.0).unwrap();
    for (w, h, seed) in [(6, 5, 1), (8, 8, 2), (9, 4, 3)] {
        let blank = Shape::Weave(Weave::new(w, h, density).unwrap());
        let maze = Maze::builder()
            .algorithm(mazegen::algorithms::Kruskal)
            .shape(blank)
            .seed(seed)
            .build()
            .unwrap();
        check_every_picture(maze, true);
    }
}

#[test]
fn png_pixels_of_wrapped_mazes_put_seam_walls_at_both_edges_and_mark_passages_across() {
    for maze in wrapped_mazes() {
        // A cylinder keeps an outer wall, and openings in it; a torus has none.
        let openings = maze.shape().wrap() != Wrap::Xy;
        check_every_picture(maze, openings);
    }
}

/// The elements of an SVG document, checked to nest properly: each tag is closed, by `/>` or
/// by its end tag, and the document is one `<svg>` element.
fn elements(svg: &str) -> Vec<&str> {
    let mut open = Vec::new();
    let mut names = Vec::new();
    let mut rest = svg.trim_end();
    assert!(rest.starts_with("<svg "), "{svg}");
    while let Some(start) = rest.find('<') {
        assert!(rest[..start].trim().is_empty(), "text outside tags: {rest}");
        let end = start + rest[start..].find('>').expect("a tag ends");
        let tag = &rest[start + 1..end];
        assert!(!tag.contains('<'), "{tag}");
        assert_eq!(tag.matches('"').count() % 2, 0, "quotes pair up: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "{svg}");
        } else {
            let name = tag.split([' ', '/']).next().unwrap();
            names.push(name);
            if !tag.ends_with('/') {
                open.push(name);
            }
        }
        rest = &rest[end + 1..];
        if open.is_empty() {
            assert!(rest.trim().is_empty(), "one root element: {rest}");
        }
    }
    assert!(open.is_empty(), "{open:?} left open");
    names
}

#[test]
fn svg_of_every_shape_is_well_formed_with_a_path_per_color_and_line() {
    for mut maze in every_shape() {
        maze.solve().unwrap();
        for heatmap in [false, true] {
            let picture = picture(heatmap);
            let svg = String::from_utf8(rendered(&Svg(picture), &maze)).unwrap();
            let names = elements(&svg);
            // The background, then start, goal (and heat colors), the solution and the walls.
            let paths = names.iter().filter(|&&n| n == "path").count();
            assert_eq!(names[..2], ["svg", "rect"]);
            if heatmap {
                assert!(paths > 4, "{svg}");
            } else {
                assert_eq!(paths, 4, "{svg}");
            }
            let (width, height) = picture.pixel_size_of_shape(maze.shape()).unwrap();
            assert!(svg.starts_with(&format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
            )));
            // Numbers have at most two decimals.
            let paths = svg
                .split(" d=\"")
                .skip(1)
                .map(|d| &d[..d.find('"').unwrap()]);
            for number in paths.flat_map(|d| d.split(|c: char| !(c.is_ascii_digit() || c == '.'))) {
                if let Some((_, decimals)) = number.split_once('.') {
                    assert!(decimals.len() <= 2 && !decimals.is_empty(), "{number}");
                }
            }
        }
    }
}

#[test]
fn pictures_are_byte_identical_from_run_to_run() {
    for (mut first, mut second) in every_shape().into_iter().zip(every_shape()) {
        first.solve().unwrap();
        second.solve().unwrap();
        for heatmap in [false, true] {
            let picture = picture(heatmap);
            for renderer in [&Svg(picture) as &dyn Render<Maze>, &Png(picture)] {
                assert_eq!(rendered(renderer, &first), rendered(renderer, &second));
            }
        }
    }
}

#[test]
fn svg_of_each_shape_matches_its_snapshot() {
    for mut maze in every_shape() {
        maze.solve().unwrap();
        let name = maze.shape().name();
        let svg = String::from_utf8(rendered(&Svg(picture(false)), &maze)).unwrap();
        assert_snapshot!(format!("{name}.lines.svg"), svg);
    }
}

/// FNV-1a of `bytes`: a short stand-in for a picture's pixels in a snapshot.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn png_pixels_of_each_shape_match_their_snapshot() {
    let mut lines = String::new();
    for mut maze in every_shape() {
        maze.solve().unwrap();
        for heatmap in [false, true] {
            let picture = Picture {
                palette: Palette::COLOR,
                ..picture(heatmap)
            };
            let (width, height, pixels) = decoded(&rendered(&Png(picture), &maze));
            let name = maze.shape().name();
            let hash = fnv1a(&pixels);
            lines += &format!("{name} heatmap {heatmap}: {width}x{height} {hash:016x}\n");
        }
    }
    assert_snapshot!("lines.png-pixels", lines);
}

#[test]
fn a_rectangle_in_lines_is_its_shaped_maze_in_lines_and_tiles_stay_the_default() {
    let mut maze = Maze::builder()
        .algorithm(Backtrack::default())
        .cells(6, 4)
        .seed(7)
        .build()
        .unwrap();
    maze.solve().unwrap();
    let shaped = maze.clone();
    let lines = picture(true);
    for (renderer, shaped_renderer) in [
        (&Svg(lines) as &dyn Render, &Svg(lines) as &dyn Render<Maze>),
        (&Png(lines), &Png(lines)),
    ] {
        let mut bytes = Vec::new();
        renderer.render(&maze, &mut bytes).unwrap();
        assert_eq!(bytes, rendered(shaped_renderer, &shaped));
    }
    assert_eq!(Picture::default().style, Style::Tiles);
    let tiles = Picture {
        style: Style::Tiles,
        ..lines
    };
    let mut bytes = Vec::new();
    Svg(tiles).render(&maze, &mut bytes).unwrap();
    assert!(String::from_utf8(bytes).unwrap().contains("crispEdges\">"));
}

#[test]
fn a_picture_too_large_is_refused_naming_its_size_and_the_limit() {
    let maze = Maze::builder()
        .algorithm(Backtrack::default())
        .shape(Shape::Polar(Polar::new(3).unwrap()))
        .seed(1)
        .build()
        .unwrap();
    // 16,000 units across at 64 pixels each, and a margin of 32 pixels either side.
    let picture = Picture {
        scale: 64,
        ..picture(false)
    };
    let wide = Shape::Polar(Polar::new(8000).unwrap());
    let error = picture.pixel_size_of_shape(&wide).unwrap_err();
    assert!(
        matches!(
            error,
            MazeError::PictureTooLarge {
                pixels: 1_024_064,
                limit: 1_000_000
            }
        ),
        "{error}"
    );
    // The library keeps to the scales the command line takes: a scale past 64 would write
    // pixels for minutes.
    let picture = Picture {
        scale: 100_000,
        ..picture
    };
    for renderer in [
        &Svg(picture) as &dyn Render<Maze>,
        &Png(picture),
        &Html(picture),
    ] {
        let mut bytes = Vec::new();
        let message = renderer.render(&maze, &mut bytes).unwrap_err().to_string();
        assert_eq!(
            message,
            "a picture's scale is 100000 pixels a tile; it may be 1 to 64"
        );
        assert!(bytes.is_empty());
    }
}

#[test]
fn the_binary_draws_every_shape_as_the_library_does() {
    let dir = common::scratch_dir("pictures-every-shape");
    let mask = dir.write("mask.txt", MASK).display().to_string();
    let shapes: [&[&str]; 5] = [
        &["--size", "13", "--style", "lines"],
        &["--mask", &mask],
        &["--shape", "hex", "--cells", "6x4"],
        &["--shape", "triangle", "--cells", "9x4"],
        &["--shape", "polar", "--rings", "4"],
    ];
    let mut rect = Maze::builder()
        .algorithm(Backtrack::default())
        .cells(6, 6)
        .seed(7)
        .build()
        .unwrap();
    rect.solve().unwrap();
    let mut mazes = every_shape();
    mazes[0] = rect.clone();
    for (shape, maze) in shapes.into_iter().zip(&mut mazes) {
        maze.solve().unwrap();
        for (format, renderer) in [
            ("svg", &Svg(picture(false)) as &dyn Render<Maze>),
            ("png", &Png(picture(false))),
        ] {
            let common = ["backtrack", "--seed", "7", "--solve", "--theme", "mono"];
            let picture = ["--scale", "24", "--format", format];
            let args = [&common[..], shape, &picture].concat();
            let output = mazegen().args(&args).output().unwrap();
            assert!(output.status.success(), "{args:?}");
            assert!(output.stdout == rendered(renderer, maze), "{args:?}");
        }
    }
}

#[test]
fn the_binary_draws_lines_16_pixels_a_cell_unless_told_and_refuses_what_does_not_fit() {
    let svg = common::stdout_of(&[
        "wilson", "--shape", "polar", "--rings", "3", "--format", "svg",
    ]);
    // 6 units across at 16 pixels, and 8 pixels either side.
    assert!(svg.contains(r#"width="112" height="112""#), "{svg}");
    assert_refused(
        &["backtrack", "--style", "lines", "--format", "text"],
        &["--style applies to svg, png and html pictures, not --format text"],
    );
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "hex",
            "--style",
            "tiles",
            "--format",
            "svg",
        ],
        &["--style tiles draws rectangles; a hex maze is drawn in lines"],
    );
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "hex",
            "--heatmap",
            "--format",
            "graph",
        ],
        &["--heatmap draws on term, svg, png or html output, not --format graph"],
    );
    // 1.5 x 40000000 + 0.5 units across at 64 pixels, and 32 pixels either side.
    assert_refused(
        &[
            "wilson",
            "--shape",
            "hex",
            "--cells",
            "40000000x1",
            "--scale",
            "64",
            "--format",
            "png",
        ],
        &["--cells 40000000x1: the picture would be 3840000096 pixels across at --scale 64"],
    );
    assert_refused(
        &["backtrack", "--shape", "triangle", "--format", "json"],
        &["a triangle maze is written as --format term, text, graph, jsonl, svg, png, html or pdf"],
    );
}

#[test]
fn openings_leave_gaps_in_the_outer_wall_of_a_rectangle_in_lines() {
    let mut maze = Maze::builder()
        .algorithm(Backtrack::default())
        .cells(6, 4)
        .seed(7)
        .build()
        .unwrap();
    let lines = picture(false);
    let draw = |maze: &Maze, renderer: &dyn Render| {
        let mut bytes = Vec::new();
        renderer.render(maze, &mut bytes).unwrap();
        bytes
    };
    let walls = |svg: Vec<u8>| String::from_utf8(svg).unwrap().matches('M').count();
    let closed = walls(draw(&maze, &Svg(lines)));
    let closed_png = decoded(&draw(&maze, &Png(lines)));
    maze.open_border().unwrap();
    assert_eq!(walls(draw(&maze, &Svg(lines))), closed - 2);
    let open_png = decoded(&draw(&maze, &Png(lines)));
    // The start's north wall and the goal's south wall, at their middles, a pixel outside
    // the start and goal cells (which are filled).
    let pixel = 1.0 / 24.0;
    for point in [Point::new(0.5, -pixel), Point::new(5.5, 4.0 + pixel)] {
        let (x, y) = pixel_of(point);
        let k = 3 * (y as usize * closed_png.0 as usize + x as usize);
        assert_eq!(closed_png.2[k..k + 3], Palette::MONO.wall, "{point:?}");
        assert_eq!(open_png.2[k..k + 3], Palette::MONO.passage, "{point:?}");
    }
    let args = [
        "backtrack",
        "--width",
        "13",
        "--height",
        "9",
        "--seed",
        "7",
        "--openings",
        "--style",
        "lines",
        "--theme",
        "mono",
        "--scale",
        "24",
        "--format",
        "svg",
    ];
    assert!(common::stdout_of(&args).as_bytes() == draw(&maze, &Svg(lines)));
}

#[test]
fn a_one_cell_maze_is_its_goal() {
    let mut maze = Maze::builder()
        .algorithm(Backtrack::default())
        .shape(Shape::Polar(Polar::new(1).unwrap()))
        .seed(1)
        .build()
        .unwrap();
    maze.solve().unwrap();
    let (width, _, pixels) = decoded(&rendered(&Png(picture(true)), &maze));
    let (x, y) = pixel_of(Point::new(1.0, 1.0));
    let k = 3 * (y as usize * width as usize + x as usize);
    assert_eq!(pixels[k..k + 3], Palette::MONO.goal);
    let svg = String::from_utf8(rendered(&Svg(picture(true)), &maze)).unwrap();
    assert_eq!(elements(&svg), ["svg", "rect", "path", "path"], "{svg}");
}

#[test]
fn a_line_picture_the_memory_cannot_hold_is_refused_before_the_maze_is_carved() {
    // Half a billion hexagons drawn in lines need some 130 GB of drawing.
    if !common::heuristic_overcommit() {
        return;
    }
    for format in ["svg", "png"] {
        assert_refused(
            &[
                "backtrack",
                "--shape",
                "hex",
                "--cells",
                "16384x32768",
                "--format",
                format,
                "-o",
                "never.picture",
            ],
            &["not enough memory for a 16384x32768-cell maze"],
        );
    }
    assert!(!std::path::Path::new("never.picture").exists());
    // The check itself: a small picture's drawing is granted.
    let hex = Shape::Hex(Hex::new(30, 20).unwrap());
    assert_eq!(Picture::default().check_drawing_memory(&hex), Ok(()));
}

#[test]
fn an_svg_larger_than_the_memory_it_may_take_is_written_as_it_is_made() {
    // A 1500x1500-cell maze's walls take about 40 MB of path: written in 30 MB of address
    // space, they cannot have been gathered first.
    let dir = common::scratch_dir("svg-memory");
    let picture = dir.join("maze.svg");
    let args = format!(
        "backtrack --size 3001 --seed 1 --format svg -o '{}'",
        picture.display()
    );
    let Some(output) = common::run_with_memory_limit(30_000, &args) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = std::fs::metadata(&picture).unwrap().len();
    assert!(written > 30_000_000, "{written}");
}

#[test]
fn the_colorblind_theme_colors_term_and_pictures() {
    let maze = ["backtrack", "--size", "9", "--seed", "1", "--solve"];
    let run = |more: &[&str]| {
        let output = mazegen().args(maze).args(more).output().unwrap();
        assert!(output.status.success(), "{more:?}");
        output.stdout
    };
    // term: blue walls (#005faf), orange passages (#d7af00), a sky-blue solution (#5fafd7)
    // from the 256-color cube, not the basic red and green.
    let term = String::from_utf8(run(&["--color", "always", "--theme", "colorblind"])).unwrap();
    for index in [25, 178, 74] {
        assert!(term.contains(&format!("\x1b[38;5;{index}m")), "{term}");
    }
    for classic in [91, 92, 93] {
        assert!(!term.contains(&format!("\x1b[{classic}m")), "{term}");
    }
    // The default is the classic palette, byte for byte.
    let classic = run(&["--color", "always"]);
    assert_eq!(classic, run(&["--color", "always", "--theme", "color"]));
    assert!(String::from_utf8(classic).unwrap().contains("\x1b[91m"));
    // Shapes in half blocks, foreground and background.
    let hex = mazegen()
        .args([
            "backtrack",
            "--shape",
            "hex",
            "--cells",
            "4x3",
            "--seed",
            "1",
        ])
        .args(["--color", "always", "--theme", "colourblind"])
        .output()
        .unwrap();
    let hex = String::from_utf8(hex.stdout).unwrap();
    assert!(
        hex.contains("38;5;178;48;5;178m") && hex.contains("48;5;25m"),
        "{hex}"
    );
    // Pictures: Okabe and Ito's blue and orange.
    for format in ["svg", "html"] {
        let picture =
            String::from_utf8(run(&["--format", format, "--theme", "colorblind"])).unwrap();
        assert!(
            picture.contains("#0072b2") && picture.contains("#e69f00"),
            "{format}"
        );
        assert!(
            !picture.contains("#cd3131"),
            "{format}: the classic red wall"
        );
    }
    let png = run(&["--format", "png", "--theme", "colorblind"]);
    let has = |rgb: [u8; 3]| png.windows(3).any(|bytes| bytes == rgb);
    assert!(has([0, 114, 178]) && has([230, 159, 0]) && has([86, 180, 233]));
}
