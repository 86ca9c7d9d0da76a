//! `term` and `text` of hexagons, triangles and rings: pictures in half blocks, their seeded
//! output locked, colors as a rectangle's, escapes only where the color changes, the default
//! format on a terminal and on a pipe, and what they refuse.

use crate::common::{Tmux, assert_refused, assert_snapshot, mazegen, piped, stdout_of};

/// The shapes, by snapshot name and the arguments that make them.
const SHAPES: [(&str, &[&str]); 3] = [
    ("hex", &["--shape", "hex", "--cells", "8x6"]),
    ("triangle", &["--shape", "triangle", "--cells", "12x6"]),
    ("polar", &["--shape", "polar", "--rings", "6"]),
];

/// `wilson` on `shape` with seed 5 and `more`.
fn args<'a>(shape: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    [&["wilson", "--seed", "5"], shape, more].concat()
}

#[test]
fn every_shape_in_term_and_text_with_and_without_its_solution() {
    let formats: [(&str, &[&str]); 2] = [
        ("term-color", &["--color", "always"]),
        ("text", &["--format", "text"]),
    ];
    for (name, shape) in SHAPES {
        for (solved, solve) in [("", &[][..]), (".solved", &["--solve"][..])] {
            for (format, format_args) in formats {
                let picture = stdout_of(&args(shape, &[solve, format_args].concat()));
                assert_snapshot!(format!("{name}{solved}.{format}"), picture);
            }
        }
    }
}

/// Checks a colored picture line by line: `▀` in 256-color foregrounds and backgrounds, both
/// set before the first, an escape only where a color changes (and none but before a `▀`),
/// every line as wide as the others and ended by a reset.
fn assert_balanced(picture: &str) {
    let mut widths = Vec::new();
    for line in picture.lines() {
        let body = line
            .strip_suffix("\x1b[0m")
            .unwrap_or_else(|| panic!("no reset at the end of {line:?}"));
        let (mut fg, mut bg) = (None, None);
        let (mut cells, mut escaped) = (0, false);
        let mut rest = body;
        while !rest.is_empty() {
            if let Some(after) = rest.strip_prefix("\x1b[") {
                assert!(!escaped, "two escapes in a row in {line:?}");
                let (params, after) = after.split_once('m').expect("an SGR escape");
                let numbers: Vec<u8> = params.split(';').map(|n| n.parse().unwrap()).collect();
                for set in numbers.chunks(3) {
                    let color = match set {
                        [38, 5, _] => &mut fg,
                        [48, 5, _] => &mut bg,
                        _ => panic!("not a 256-color escape: {params:?} in {line:?}"),
                    };
                    assert_ne!(*color, Some(set[2]), "an escape changing nothing: {line:?}");
                    *color = Some(set[2]);
                }
                (rest, escaped) = (after, true);
            } else {
                let glyph = rest.chars().next().unwrap();
                assert_eq!(glyph, '▀', "{line:?}");
                assert!(
                    fg.is_some() && bg.is_some(),
                    "a cell without color: {line:?}"
                );
                (rest, escaped) = (&rest[glyph.len_utf8()..], false);
                cells += 1;
            }
        }
        assert!(!escaped, "an escape before the reset: {line:?}");
        widths.push(cells);
    }
    assert!(widths.windows(2).all(|w| w[0] == w[1]), "{widths:?}");
}

#[test]
fn colored_pictures_escape_only_where_the_color_changes_and_reset_every_line() {
    for (_, shape) in SHAPES {
        for extra in [&[][..], &["--solve"], &["--heatmap", "--braid", "0.5"]] {
            let picture = stdout_of(&args(shape, &[extra, &["--color", "always"]].concat()));
            assert_balanced(&picture);
        }
    }
}

#[test]
fn pictures_use_the_rectangles_colors() {
    // Red walls, green passages, yellow solution, blue start, magenta goal.
    let picture = stdout_of(&args(SHAPES[0].1, &["--color", "always", "--solve"]));
    for index in [9, 10, 11, 12, 13] {
        assert!(
            picture.contains(&format!("38;5;{index}"))
                || picture.contains(&format!("48;5;{index}")),
            "no color {index}"
        );
    }
    // A heat map shades the cells through the 256-color cube instead of the passages' green.
    let heat = stdout_of(&args(SHAPES[2].1, &["--color", "always", "--heatmap"]));
    assert!((16..232).any(|index| heat.contains(&format!(";5;{index}m"))));
}

#[test]
fn shapes_are_drawn_in_term_unless_a_document_is_asked_for() {
    for (_, shape) in SHAPES {
        // On a pipe, term without color, as for rectangles.
        let plain = stdout_of(&args(shape, &["--format", "term", "--color", "never"]));
        assert_eq!(stdout_of(&args(shape, &[])), plain);
        assert!(!plain.contains('\x1b') && plain.contains('█'), "{plain}");
        // A graph document only when asked.
        let graph: serde_json::Value =
            serde_json::from_str(&stdout_of(&args(shape, &["--format", "graph"]))).unwrap();
        assert_eq!(graph["schema"], "mazegen.graph/v1");
        // A drawn seed is told on standard error, since the picture cannot record it.
        let output = mazegen()
            .arg("wilson")
            .args(shape)
            .output()
            .expect("mazegen runs");
        assert!(output.status.success());
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("seed: "), "{stderr}");
    }
}

#[test]
fn term_without_color_and_text_draw_the_same_picture_in_their_own_marks() {
    for (_, shape) in SHAPES {
        let term = stdout_of(&args(shape, &["--color", "never", "--solve"]));
        let text = stdout_of(&args(shape, &["--format", "text", "--solve"]));
        assert!(term.contains('·') && term.contains('S') && term.contains('G'));
        assert_eq!(term.replace('·', "."), text);
    }
}

#[test]
fn a_shape_is_drawn_in_color_on_a_terminal() {
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    let shape = SHAPES[2].1.join(" ");
    tmux.run_mazegen("env -u NO_COLOR", &format!("wilson {shape} --seed 5"));
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=0"));
    // In color every character of the picture is an upper half block in two colors.
    let lines = stdout_of(&args(SHAPES[2].1, &["--color", "always"]))
        .lines()
        .count();
    let pane = tmux.pane();
    let drawn = pane
        .lines()
        .filter(|line| !line.is_empty() && line.trim_end().chars().all(|c| c == '▀'))
        .count();
    assert_eq!(drawn, lines, "{pane}");
}

#[test]
fn stats_of_a_shape_in_term_and_text_are_its_figures_on_standard_error() {
    for (_, shape) in SHAPES {
        let figures = mazegen()
            .args(args(shape, &["--format", "svg", "--stats"]))
            .output()
            .unwrap()
            .stderr;
        assert!(String::from_utf8_lossy(&figures).contains("passages"));
        for format in ["term", "text"] {
            let output = mazegen()
                .args(args(shape, &["--format", format, "--stats"]))
                .output()
                .unwrap();
            assert!(output.status.success());
            assert_eq!(output.stderr, figures, "{format}");
            let picture = stdout_of(&args(shape, &["--format", format]));
            assert_eq!(String::from_utf8(output.stdout).unwrap(), picture);
        }
    }
}

#[test]
fn scale_sets_the_pixels_per_cell_unit() {
    // 6 rings are 12 units across: 4 pixels a unit and 2 either side by default, a
    // character a pixel.
    let width = |picture: String| picture.lines().next().unwrap().chars().count();
    let polar = SHAPES[2].1;
    assert_eq!(width(stdout_of(&args(polar, &["--format", "text"]))), 52);
    let scaled = stdout_of(&args(polar, &["--format", "text", "--scale", "2"]));
    assert_eq!(width(scaled.clone()), 26);
    // Two pixels a line.
    assert_eq!(scaled.lines().count(), 13);
    // Triangles are drawn at 8 pixels a unit: 12 cells in a row are 6.5 units across.
    let triangle = stdout_of(&args(SHAPES[1].1, &["--format", "text"]));
    assert_eq!(width(triangle), 52 + 8);
}

#[test]
fn documents_of_shapes_are_drawn_in_term_and_text_too() {
    for (_, shape) in SHAPES {
        let graph = stdout_of(&args(shape, &["--format", "graph"]));
        // render writes term by default.
        let plain = stdout_of(&args(shape, &["--color", "never"]));
        assert_eq!(piped(&["render"], &graph), plain);
        let scaled = stdout_of(&args(shape, &["--format", "text", "--scale", "3"]));
        assert_eq!(
            piped(&["render", "--format", "text", "--scale", "3"], &graph),
            scaled
        );
        let solved = stdout_of(&args(shape, &["--format", "text", "--solve"]));
        assert_eq!(piped(&["solve", "--format", "text"], &graph), solved);
    }
}

#[test]
fn many_mazes_of_a_shape_are_drawn_a_blank_line_apart() {
    let pictures = stdout_of(&args(SHAPES[0].1, &["--count", "3", "--format", "text"]));
    let pictures: Vec<&str> = pictures.split("\n\n").collect();
    assert_eq!(pictures.len(), 3, "{pictures:?}");
    assert!(pictures[0] != pictures[1] && pictures[1] != pictures[2]);
}

#[test]
fn what_term_and_text_of_shapes_cannot_do_is_refused() {
    // 1.5 x 40000000 + 0.5 units across at 64 pixels, and 32 pixels either side.
    for format in ["term", "text"] {
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
                format,
            ],
            &["--cells 40000000x1: the picture would be 3840000096 pixels across at --scale 64"],
        );
    }
    for flag in [["--theme", "mono"], ["--style", "lines"]] {
        let flag_args = [&args(SHAPES[0].1, &["--format", "text"])[..], &flag].concat();
        assert_refused(
            &flag_args,
            &[&format!(
                "{} applies to {}svg, png and html pictures, not --format text",
                flag[0],
                if flag[0] == "--theme" {
                    "term output and "
                } else {
                    ""
                }
            )],
        );
    }
    assert_refused(
        &args(SHAPES[1].1, &["--format", "text", "--heatmap"]),
        &["--heatmap draws on term, svg, png or html output, not --format text"],
    );
    // Rectangles and masks are drawn in tiles, which take no scale.
    assert_refused(
        &["wilson", "--format", "term", "--scale", "2"],
        &["--scale applies to svg, png and html pictures, not --format term"],
    );
    let maze = stdout_of(&["wilson", "--seed", "5", "--format", "json"]);
    mazegen()
        .args(["render", "--format", "text", "--scale", "2"])
        .write_stdin(maze)
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: --scale applies to svg, png and html pictures, not --format text\n");
}
