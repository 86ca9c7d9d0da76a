//! Reading maze documents back: round trips through `solve`, `render` and `stats`, and a
//! reader that refuses every kind of broken document with a clear error and never panics.

use crate::common::{
    json_of, mazegen, run_with_memory_limit, scratch_dir, sh_with_memory_limit, stdout_of,
};
use mazegen::read::read_maze;
use mazegen::render::Render;
use predicates::prelude::*;
use proptest::prelude::*;

/// Output of `mazegen args` as bytes.
fn run(args: &[&str], stdin: Option<Vec<u8>>) -> Vec<u8> {
    let mut command = mazegen();
    command.args(args);
    if let Some(input) = stdin {
        command.write_stdin(input);
    }
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

#[test]
fn rendering_a_document_equals_rendering_directly() {
    let variants: &[&[&str]] = &[
        &[],
        &["--solve"],
        &["--solve", "--openings"],
        &[
            "--braid", "0.5", "--solve", "--start", "2,3", "--goal", "7,1",
        ],
    ];
    let formats: &[&[&str]] = &[
        &["--format", "text"],
        &["--format", "term", "--color", "always"],
        &["--format", "term", "--color", "never"],
        &["--format", "json"],
        &["--format", "svg", "--heatmap"],
        &["--format", "png", "--theme", "mono", "--scale", "3"],
    ];
    for algorithm in ["binary-tree", "backtrack"] {
        for variant in variants {
            let base = [
                &[algorithm, "--width", "21", "--height", "15", "--seed", "8"][..],
                variant,
            ]
            .concat();
            let document = run(&[&base[..], &["--format", "json"]].concat(), None);
            for format in formats {
                let direct = run(&[&base[..], format].concat(), None);
                let rendered = run(&[&["render"][..], format].concat(), Some(document.clone()));
                assert!(direct == rendered, "{algorithm} {variant:?} {format:?}");
            }
        }
    }
}

#[test]
fn solve_then_render_makes_a_picture() {
    let dir = scratch_dir("pipeline-solve-render");
    let png = dir.join("maze.png");
    let document = run(
        &[
            "backtrack",
            "--size",
            "41",
            "--seed",
            "9",
            "--format",
            "json",
        ],
        None,
    );
    let solved = run(&["solve"], Some(document.clone()));
    mazegen()
        .args(["render", "--format", "png", "-o"])
        .arg(&png)
        .write_stdin(solved.clone())
        .assert()
        .success();
    assert_eq!(&std::fs::read(&png).unwrap()[1..4], b"PNG");
    // solve = --solve at generation time.
    let direct = run(
        &[
            "backtrack",
            "--size",
            "41",
            "--seed",
            "9",
            "--solve",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(solved, direct);
    // A file argument works as well as stdin.
    let file = dir.join("maze.json");
    std::fs::write(&file, &document).unwrap();
    let from_file = run(&["solve", file.to_str().unwrap()], None);
    assert_eq!(from_file, direct);
    // `-` means standard input and standard output.
    assert_eq!(
        run(&["solve", "-", "-o", "-"], Some(document.clone())),
        direct
    );
}

#[test]
fn stats_reads_a_document() {
    let document = run(
        &[
            "backtrack",
            "--size",
            "21",
            "--seed",
            "4",
            "--format",
            "json",
        ],
        None,
    );
    let table = String::from_utf8(run(&["stats"], Some(document.clone()))).unwrap();
    assert!(table.starts_with("cells             100\n"), "{table}");
    let json: serde_json::Value =
        serde_json::from_slice(&run(&["stats", "--format", "json"], Some(document))).unwrap();
    assert_eq!(json["cells"], 100);
    assert_eq!(json["passages"], 99);
    assert_eq!(json["perfect"], true);
}

/// A valid 2x2 document whose fields tests break one at a time.
fn valid_document() -> serde_json::Value {
    json_of(&[
        "backtrack",
        "--size",
        "5",
        "--seed",
        "1",
        "--format",
        "json",
    ])
}

#[test]
fn broken_documents_get_one_line_errors_and_exit_2() {
    let good = valid_document();
    let tiles = |rows: &[&str]| serde_json::json!(rows);
    let mut cases: Vec<(String, &str)> = vec![
        (
            "{\"schema\": ".into(),
            "not valid JSON: EOF while parsing a value at line 1 column 11",
        ),
        (
            "[1, 2]".into(),
            "no \"schema\" field; expected \"mazegen.maze/v1\"",
        ),
    ];
    let mut broken = |field: &str, value: serde_json::Value, expected: &'static str| {
        let mut doc = good.clone();
        if value.is_null() {
            doc.as_object_mut().unwrap().remove(field);
        } else {
            doc[field] = value;
        }
        cases.push((doc.to_string(), expected));
    };
    broken(
        "schema",
        "mazegen.rooms/v1".into(),
        "schema is \"mazegen.rooms/v1\", expected \"mazegen.maze/v1\"",
    );
    broken("seed", serde_json::Value::Null, "missing field `seed`");
    broken(
        "seed",
        "x".into(),
        "invalid type: string \"x\", expected u64",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.#.#", "#...#"]),
        "tiles are 5x4; a maze is an odd number",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.#.#", "#..#", "#####"]),
        "tiles row 3 has 4 tiles, row 0 has 5",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.#x#", "#...#", "#####"]),
        "tiles row 2, column 3: 'x' is not a tile",
    );
    broken(
        "tiles",
        tiles(&["#é###", "#...#", "#.#.#", "#...#", "#####"]),
        "tiles row 0, column 1: 'é' is not a tile",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.#.#", "#..é#", "#####"]),
        "tiles row 3, column 3: 'é' is not a tile",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.#.#", "#....", "#####"]),
        "tiles row 3, column 4: the outer wall has a hole that is not an opening",
    );
    broken(
        "tiles",
        tiles(&["#####", "#.#.#", "#.###", "#...#", "#####"]),
        "tiles row 1, column 3: cell 1,0 cannot be reached",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#...#", "#...#", "#####"]),
        "tiles row 2, column 2: a corner between cells must be '#'",
    );
    broken(
        "tiles",
        tiles(&["#####", "##..#", "#.#.#", "#...#", "#####"]),
        "tiles row 1, column 1: a cell's tile must be '.'",
    );
    broken("width", 3.into(), "\"width\" is 3 but the tiles say 2");
    broken(
        "start",
        serde_json::json!({"x": 2, "y": 0}),
        "\"start\": cell 2,0 is outside the 2x2-cell maze",
    );
    broken("goal", serde_json::json!({"x": 0}), "missing field `y`");
    broken(
        "openings",
        true.into(),
        "\"openings\" is true but the outer wall is closed at the opening",
    );
    broken(
        "solution",
        serde_json::json!([[1, 1], [3, 3]]),
        "\"solution\" is not a path of neighbouring tiles",
    );
    broken(
        "solution",
        serde_json::json!([[1, 1], [2, 1], [3, 1]]),
        "solution step 1 (tile 2,1) is not an open tile",
    );
    broken(
        "params",
        serde_json::json!([1]),
        "\"params\" must be an object",
    );
    broken("braid", 2.into(), "\"braid\" is 2, expected 0 to 1");
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.#.#", "#...#", "##.##"]),
        "tiles row 4, column 2: the outer wall has a hole that is not an opening",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.x.#", "#..#", "#####"]),
        "tiles row 2, column 2: 'x' is not a tile",
    );
    broken(
        "tiles",
        tiles(&["#####", "#...#", "#.#.#", "#...#", "#.x.#"]),
        "tiles row 4, column 2: 'x' is not a tile",
    );
    // Keys appear once: a repeated one is refused by name.
    let text = good.to_string();
    let repeated =
        |key: &str, value: &str| format!("{}, \"{key}\": {value}}}", &text[..text.len() - 1]);
    cases.push((repeated("seed", "3"), "duplicate field `seed`"));
    cases.push((
        repeated("tiles", "[\"###\", \"#.#\", \"###\"]"),
        "duplicate field `tiles`",
    ));
    cases.push((
        repeated("schema", "\"mazegen.maze/v1\""),
        "duplicate field `schema`",
    ));
    for (input, expected) in cases {
        for command in ["solve", "render", "stats"] {
            // render reads rooms documents too (see render_levels).
            if command == "render" && input.contains("mazegen.rooms/v1") {
                continue;
            }
            let assert = mazegen()
                .arg(command)
                .write_stdin(input.clone())
                .assert()
                .code(2)
                .stdout("");
            let stderr = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
            assert!(
                stderr.starts_with("error: standard input is not a maze document: "),
                "{stderr}"
            );
            assert!(stderr.contains(expected), "{command} {input}\n{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
        }
    }
}

#[test]
fn fields_may_come_in_any_order() {
    let good = valid_document();
    let fields = good.as_object().unwrap();
    // The tiles before the sizes they must match, the schema last.
    let field = |key: &str| format!("\"{key}\": {}", fields[key]);
    let others = fields
        .keys()
        .filter(|key| *key != "tiles" && *key != "schema");
    let order: Vec<&str> = std::iter::once("tiles")
        .chain(others.map(String::as_str))
        .chain(["schema"])
        .collect();
    let text = format!(
        "{{{}}}",
        order
            .iter()
            .map(|key| field(key))
            .collect::<Vec<_>>()
            .join(", ")
    );
    assert!(text.starts_with("{\"tiles\"") && text.ends_with("\"mazegen.maze/v1\"}"));
    let maze = read_maze(text.as_bytes()).unwrap();
    assert_eq!(maze, read_maze(good.to_string().as_bytes()).unwrap());
}

#[test]
fn a_document_larger_than_memory_allows_is_read_row_by_row() {
    // A 36 MB document of a 3000x3000-cell maze (9 MB) is read in 30 MB of address space:
    // holding its tile rows would take more than the document.
    let dir = scratch_dir("pipeline-large");
    let document = dir.join("maze.json");
    let maze = ["binary-tree", "--size", "6001", "--seed", "2"];
    let write = [
        &maze[..],
        &["--format", "json", "-o", document.to_str().unwrap()],
    ]
    .concat();
    mazegen().args(write).assert().success();
    assert!(std::fs::metadata(&document).unwrap().len() > 36_000_000);
    let args = format!("render --format text '{}'", document.display());
    if let Some(output) = run_with_memory_limit(30000, &args) {
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{stderr}");
        let direct = run(&[&maze[..], &["--format", "text"]].concat(), None);
        assert!(output.stdout == direct, "the maze read back differs");
    }
}

#[test]
fn an_endless_document_is_refused_before_memory_runs_out() {
    // Before: each of these aborted (exit 134, "memory allocation of ... bytes failed" and a
    // backtrace) once the address space was spent.
    let binary = env!("CARGO_BIN_EXE_mazegen");
    let endless = [
        // A level document, whose every value is kept.
        r#"printf '{"schema":"mazegen.rooms/v1","rooms":['; yes '{"x":1,"y":2},'"#,
        // A maze document with its schema last, held whole to be reordered.
        r#"printf '{"tiles":['; yes '"...........................",'"#,
        // One tile row that never ends.
        r#"printf '{"schema":"mazegen.maze/v1","tiles":["'; yes '.' | tr -d '\n'"#,
    ];
    for feed in endless {
        let script = format!("({feed}) | exec '{binary}' render -");
        let Some(output) = sh_with_memory_limit(400_000, &script) else {
            return;
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{feed}: {stderr}");
        assert!(
            stderr.starts_with("error: cannot read standard input: not enough memory to read a document of more than ")
                && stderr.lines().count() == 1,
            "{feed}: {stderr}"
        );
    }
}

#[test]
fn a_broken_document_writes_no_output_file() {
    let dir = scratch_dir("pipeline-broken");
    let out = dir.join("out.svg");
    mazegen()
        .args(["render", "--format", "svg", "-o"])
        .arg(&out)
        .write_stdin("{}")
        .assert()
        .code(2);
    assert!(!out.exists());
    mazegen()
        .args(["render", "missing.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("missing.json: cannot be read"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_reader_never_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = read_maze(bytes.as_slice());
    }

    #[test]
    fn the_reader_never_panics_on_mutated_documents(
        position in any::<prop::sample::Index>(),
        replacement in prop::sample::select(vec!['#', '.', ' ', '"', ',', '[', ']', '{', '}', '0', '9', '-', 'x', ':']),
        remove in any::<bool>(),
    ) {
        let text = valid_document_text();
        let mut chars: Vec<char> = text.chars().collect();
        let i = position.index(chars.len());
        if remove { chars.remove(i); } else { chars[i] = replacement; }
        let mutated: String = chars.into_iter().collect();
        if let Ok(maze) = read_maze(mutated.as_bytes()) {
            // Whatever is accepted is a maze every renderer can draw.
            prop_assert!(maze.grid().unwrap().cell_count() > 0);
            let mut out = Vec::new();
            mazegen::render::Text::default().render(&maze, &mut out).unwrap();
            prop_assert!(!out.is_empty());
        }
    }
}

fn valid_document_text() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        stdout_of(&[
            "backtrack",
            "--size",
            "7",
            "--seed",
            "3",
            "--solve",
            "--openings",
            "--format",
            "json",
        ])
    })
}
