//! Command-line behaviour: help, errors and exit codes, seeds, color, files and pipes.

use crate::common::{assert_refused, mazegen, scratch_dir, stdout_of};
use mazegen::Maze;
use mazegen::algorithms::catalogue;
use mazegen::render::{Render, Text};
use predicates::prelude::*;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

#[test]
fn help_lists_the_commands_and_examples() {
    mazegen()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("binary-tree"))
        .stdout(predicate::str::contains("backtrack"))
        .stdout(predicate::str::contains("--seed 7"));
    mazegen()
        .args(["backtrack", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("--size <TILES>"))
        .stdout(predicate::str::contains("--format <FORMAT>"))
        .stdout(predicate::str::contains("--color <WHEN>"))
        .stdout(predicate::str::contains("--output <FILE>"));
    mazegen()
        .arg("--version")
        .assert()
        .success()
        .stdout(format!("mazegen {}\n", env!("CARGO_PKG_VERSION")));
}

/// The long options of `mazegen args`'s help, in the order it lists them.
fn options_listed(args: &[&str]) -> Vec<String> {
    stdout_of(args)
        .lines()
        // Options start with a dash within the first columns; their descriptions and values
        // further in.
        .filter(|line| (2..8).contains(&(line.len() - line.trim_start().len())))
        .filter(|line| line.trim_start().starts_with('-'))
        .filter_map(|line| line.split_whitespace().find(|word| word.starts_with("--")))
        .map(|option| option.trim_end_matches(',').to_string())
        .collect()
}

#[test]
fn help_lists_the_formats_a_command_writes_and_its_own_default() {
    let listed = |command: &str| {
        let help = stdout_of(&[command, "--help"]);
        let values: Vec<String> = help
            .lines()
            .skip_while(|line| !line.trim_start().starts_with("--format <FORMAT>"))
            .skip_while(|line| !line.contains("Possible values:"))
            .skip(1)
            .take_while(|line| line.trim_start().starts_with("- "))
            .map(|line| {
                line.trim_start()[2..]
                    .split(':')
                    .next()
                    .unwrap()
                    .to_string()
            })
            .collect();
        (help, values)
    };
    let documents = [
        "term",
        "text",
        "json",
        "svg",
        "png",
        "html",
        "pdf",
        "graph",
        "jsonl",
        "tokens",
        "hrm",
        "alphamaze",
        "searchformer",
        "ascii",
        "mazebench",
    ];
    // render draws rooms, caves and dungeon documents too, in their formats.
    let levels = ["dot", "tiled", "tmx", "godot", "ldtk", "uvtt"];
    for command in ["solve", "render"] {
        let (help, values) = listed(command);
        let expected = match command {
            "render" => [&documents[..], &levels].concat(),
            _ => documents.to_vec(),
        };
        assert_eq!(values, expected, "{command} --help");
        assert!(!help.contains("for solve"), "{help}");
        // What is not listed is still refused with its reason.
        for format in ["events", "npy", "npz"] {
            assert_refused(&[command, "/dev/null", "--format", format], &["use"]);
        }
    }
    let (help, values) = listed("backtrack");
    assert!(values.contains(&"events".to_string()) && values.contains(&"npz".to_string()));
    assert!(help.contains("Output format [default: term]\n"), "{help}");
    assert!(
        listed("render")
            .0
            .contains("Output format [default: term]\n")
    );
    assert!(listed("solve").0.contains(
        "Output format [default: the kind of document read: json for a maze document, graph \
         for a graph document]"
    ));
}

#[test]
fn picture_options_name_exactly_the_formats_that_take_them() {
    // Each format either takes the option or is refused with a list of the formats that do:
    // the list is exactly those that took it.
    let formats = [
        "term",
        "text",
        "json",
        "svg",
        "png",
        "html",
        "pdf",
        "graph",
        "jsonl",
        "npy",
        "npy-connections",
        "npz",
        "tokens",
    ];
    let dir = crate::common::scratch_dir("picture-options");
    let file = dir.join("out");
    let file = file.to_str().unwrap();
    let options: [(&[&str], &str, &str); 4] = [
        (
            &["--heatmap"],
            "--heatmap draws on ",
            " output, not --format",
        ),
        (
            &["--theme", "colorblind"],
            "--theme applies to ",
            ", not --format",
        ),
        (
            &["--theme", "mono"],
            "--theme applies to ",
            ", not --format",
        ),
        (
            &["--style", "lines"],
            "--style applies to ",
            ", not --format",
        ),
    ];
    for (option, before, after) in options {
        let mut taking = Vec::new();
        let mut lists = Vec::new();
        for format in formats {
            let args = [
                &[
                    "backtrack",
                    "--size",
                    "5",
                    "--seed",
                    "1",
                    "-o",
                    file,
                    "--format",
                    format,
                ][..],
                option,
            ]
            .concat();
            let output = mazegen().args(&args).output().unwrap();
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            if output.status.success() {
                taking.push(format);
                continue;
            }
            assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
            let list = stderr
                .split_once(before)
                .and_then(|(_, rest)| rest.split_once(after))
                .unwrap_or_else(|| panic!("{args:?}: {stderr}"))
                .0
                .to_string();
            lists.push(list);
        }
        let named: Vec<String> = lists[0]
            .replace(" output and ", ", ")
            .replace(" pictures", "")
            .replace(" or ", ", ")
            .replace(" and ", ", ")
            .split(", ")
            .map(str::to_string)
            .collect();
        assert_eq!(named, taking, "{option:?}: {}", lists[0]);
        assert!(
            lists.iter().all(|list| *list == lists[0]),
            "{option:?}: {lists:?}"
        );
    }
}

#[test]
fn help_lists_the_options_a_newcomer_needs_first() {
    let newcomer = [
        "--size", "--width", "--height", "--cells", "--seed", "--solve", "--output", "--format",
    ];
    for command in ["backtrack", "wilson", "binary-tree", "percolation"] {
        for help in ["--help", "-h"] {
            let options = options_listed(&[command, help]);
            assert_eq!(options[..newcomer.len()], newcomer, "{command} {help}");
            // Then shape, finishing and pictures; giant mazes and datasets after them.
            let at = |option: &str| options.iter().position(|o| o == option).unwrap();
            let order = [
                "--shape",
                "--braid",
                "--theme",
                "--animate",
                "--window",
                "--count",
                "--min-solution",
            ];
            for pair in order.windows(2) {
                assert!(at(pair[0]) < at(pair[1]), "{command} {help}: {pair:?}");
            }
        }
    }
}

#[test]
fn cells_size_a_rectangle_as_its_tiles_do() {
    let same = |cells: &[&str], tiles: &[&str]| {
        assert_eq!(
            stdout_of(cells),
            stdout_of(tiles),
            "{cells:?} and {tiles:?}"
        );
    };
    let (cells, tiles) = (["--cells", "10x5"], ["--width", "21", "--height", "11"]);
    for generator in catalogue() {
        for format in ["text", "json"] {
            let run = [generator.name(), "--seed", "7", "--format", format];
            same(&[&run[..], &cells].concat(), &[&run[..], &tiles].concat());
        }
    }
    // Rectangles of another kind, datasets and windows of giant mazes count cells alike.
    let (cells, tiles) = (["--cells", "4x3"], ["--width", "9", "--height", "7"]);
    for more in [
        &["backtrack", "--wrap", "x"][..],
        &["backtrack", "--levels", "2"],
        &["backtrack", "--weave", "0.5"],
        &["kruskal", "--count", "3", "--format", "jsonl"],
        &["binary-tree", "--window", "1,1,2,2"],
        &["eller", "--format", "text"],
    ] {
        let run = [more, &["--seed", "5"]].concat();
        same(&[&run[..], &cells].concat(), &[&run[..], &tiles].concat());
    }
}

#[test]
fn cells_and_tiles_together_are_refused() {
    for tiles in [
        &["--size", "21"][..],
        &["--width", "21"],
        &["--height", "11"],
    ] {
        let given = format!("{} counts tiles", tiles[0]);
        assert_refused(
            &[&["backtrack", "--cells", "10x5"], tiles].concat(),
            &[
                "error: --cells 10x5 counts cells and ",
                &given,
                "give the size one way: --cells WxH, or --size, --width and --height\n",
            ],
        );
    }
}

#[test]
fn default_maze_is_21_by_21_tiles_and_reports_its_seed() {
    let assert = mazegen().arg("binary-tree").assert().success();
    let output = assert.get_output();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(stdout.lines().count(), 21);
    assert!(stdout.lines().all(|l| l.chars().count() == 41), "{stdout}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("seed: "), "{stderr}");
}

#[test]
fn a_reported_seed_regenerates_the_same_maze() {
    for format in ["text", "json"] {
        let output = mazegen()
            .args(["backtrack", "--size", "31", "--format", format])
            .output()
            .unwrap();
        let stderr = String::from_utf8(output.stderr).unwrap();
        let seed = stderr.trim().strip_prefix("seed: ").unwrap().to_string();
        if format == "json" {
            let doc: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
            assert_eq!(doc["seed"].as_u64().unwrap().to_string(), seed);
        }
        let again = stdout_of(&[
            "backtrack",
            "--size",
            "31",
            "--format",
            format,
            "--seed",
            &seed,
        ]);
        assert_eq!(String::from_utf8(output.stdout).unwrap(), again);
    }
}

#[test]
fn every_drawn_seed_is_reported_unless_quiet() {
    // Every command and format, to a file too: the seed a document records may be out of
    // sight, and a picture or a tile map records none.
    let dir = crate::common::scratch_dir("drawn-seeds");
    let maze_formats = [
        "term",
        "text",
        "json",
        "svg",
        "png",
        "html",
        "pdf",
        "events",
        "graph",
        "jsonl",
        "npy",
        "npy-connections",
        "npz",
        "tokens",
    ];
    let level_formats = [
        "term", "text", "json", "tiled", "tmx", "godot", "svg", "png", "ldtk", "uvtt",
    ];
    let runs = (maze_formats
        .iter()
        .map(|f| (&["backtrack", "--size", "7"][..], *f)))
    .chain(
        maze_formats
            .iter()
            .map(|f| (&["wilson", "--size", "7", "--count", "2"][..], *f)),
    )
    .chain(
        level_formats
            .iter()
            .chain(&["dot"])
            .map(|f| (&["rooms", "--count", "4"][..], *f)),
    )
    .chain(level_formats.iter().map(|f| (&["caves"][..], *f)));
    for (command, format) in runs {
        if command.contains(&"--count")
            && ["json", "svg", "png", "html", "events", "graph"].contains(&format)
        {
            continue;
        }
        let file = dir.join(format!("out.{format}"));
        let args = [command, &["--format", format, "-o", file.to_str().unwrap()]].concat();
        let output = mazegen().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{args:?}: {stderr}");
        let lines: Vec<&str> = stderr
            .lines()
            .filter(|l| !l.starts_with("note: "))
            .collect();
        let [line] = lines[..] else {
            panic!("{args:?}: one seed line expected, got {stderr}");
        };
        let seed = line
            .strip_prefix("seed: ")
            .unwrap_or_else(|| panic!("{args:?}: {stderr}"));
        assert!(
            seed.parse::<u64>().is_ok_and(|seed| seed < 1 << 53),
            "{args:?}: {seed}"
        );
        let quiet = [&args[..], &["--quiet"]].concat();
        let output = mazegen().args(&quiet).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            output.status.success() && !stderr.contains("seed"),
            "{quiet:?}: {stderr}"
        );
    }
}

#[test]
fn same_seed_same_bytes_and_no_seed_line() {
    let args = [
        "backtrack",
        "--size",
        "41",
        "--seed",
        "7",
        "--color",
        "always",
    ];
    let first = mazegen().args(args).assert().success().stderr("");
    let first = first.get_output().stdout.clone();
    mazegen().args(args).assert().success().stdout(first);
}

#[test]
fn rectangles_take_width_and_height_in_tiles() {
    let text = stdout_of(&[
        "binary-tree",
        "--width",
        "61",
        "--height",
        "21",
        "--format",
        "text",
        "--seed",
        "1",
    ]);
    assert_eq!(text.lines().count(), 21);
    assert!(text.lines().all(|l| l.len() == 61));
    // --size sets whatever --width/--height leave open.
    let text = stdout_of(&[
        "binary-tree",
        "--size",
        "5",
        "--width",
        "9",
        "--format",
        "text",
    ]);
    assert_eq!(
        text,
        text.lines().map(|l| format!("{l}\n")).collect::<String>()
    );
    assert_eq!(text.lines().count(), 5);
    assert!(text.lines().all(|l| l.len() == 9));
}

#[test]
fn bad_sizes_are_explained_with_exit_code_2() {
    let cases: &[(&[&str], &[&str])] = &[
        (&["--size", "20"], &["--size", "'20'", "even", "19 or 21"]),
        (&["--width", "4"], &["--width", "'4'", "3 or 5"]),
        (
            &["--height", "1"],
            &["--height", "'1'", "too small", "3 tiles"],
        ),
        (
            &["--size", "abc"],
            &["--size", "'abc'", "odd number of tiles"],
        ),
        (
            &["--size", "-3"],
            &["--size", "'-3'", "odd number of tiles"],
        ),
        (
            &["--width", "100001", "--height", "100001"],
            &[
                "--width 100001 --height 100001",
                "more than the 1073741824",
                "the largest square is 65537x65537 tiles",
            ],
        ),
        (
            &["--seed", "-1"],
            &[
                "--seed",
                "'-1'",
                "whole number from 0 to 18446744073709551615",
            ],
        ),
        (
            &["--format", "bmp"],
            &["--format", "'bmp'", "term, text, json, svg, png"],
        ),
        (
            &["--color", "sometimes"],
            &["--color", "'sometimes'", "auto, always, never"],
        ),
    ];
    for (args, expected) in cases {
        assert_refused(&[&["backtrack"], *args].concat(), expected);
    }
}

#[test]
fn every_algorithm_is_a_command_with_the_library_defaults() {
    let help = stdout_of(&["--help"]);
    for generator in catalogue() {
        let name = generator.name();
        assert!(help.contains(name), "--help lacks {name}");
        let json: serde_json::Value = serde_json::from_str(&stdout_of(&[
            name, "--size", "9", "--seed", "5", "--format", "json",
        ]))
        .unwrap();
        assert_eq!(json["algorithm"], name);
        assert_eq!(json["params"], generator.params(), "{name}");
        let maze = Maze::builder()
            .generator(generator.as_ref().boxed())
            .cells(4, 4)
            .seed(5)
            .build()
            .unwrap();
        let mut text = Vec::new();
        Text::default().render(&maze, &mut text).unwrap();
        assert_eq!(
            stdout_of(&[name, "--size", "9", "--seed", "5", "--format", "text"]),
            String::from_utf8(text).unwrap(),
            "{name}"
        );
    }
}

#[test]
fn algorithm_options_reach_the_json_params() {
    let params = |args: &[&str]| {
        let mut args = args.to_vec();
        args.extend(["--size", "5", "--seed", "1", "--format", "json"]);
        let json: serde_json::Value = serde_json::from_str(&stdout_of(&args)).unwrap();
        json["params"].to_string()
    };
    assert_eq!(
        params(&["binary-tree", "--bias", "north-west"]),
        r#"{"bias":"north-west"}"#
    );
    assert_eq!(
        params(&["growing-tree", "--pick", "mixed:0.25"]),
        r#"{"pick":"mixed:0.25"}"#
    );
    assert_eq!(params(&["growing-tree"]), r#"{"pick":"newest"}"#);
    assert_eq!(
        params(&["backtrack", "--seeds", "3"]),
        r#"{"seeds":3,"start":{"x":0,"y":0}}"#
    );
    assert_eq!(params(&["prim", "--simplified"]), r#"{"simplified":true}"#);
}

#[test]
fn bad_algorithm_options_are_explained_with_exit_code_2() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["binary-tree", "--bias", "north"],
            &[
                "--bias",
                "'north'",
                "north-west, north-east, south-west, south-east",
            ],
        ),
        (
            &["growing-tree", "--pick", "mixed:1.5"],
            &[
                "--pick",
                "'mixed:1.5'",
                "P outside 0 to 1",
                "mixed:P with P from 0 to 1",
            ],
        ),
        (
            &["growing-tree", "--pick", "mixed:half"],
            &[
                "--pick",
                "'mixed:half'",
                "not a number",
                "newest, random, oldest",
            ],
        ),
        (
            &["growing-tree", "--pick", "last"],
            &["--pick", "'last'", "not a pick", "newest, random, oldest"],
        ),
        (
            &["backtrack", "--walkers", "0"],
            &["--walkers <K>", "'0'", "at least 1"],
        ),
        (
            &["backtrack", "--seeds", "-2"],
            &["--walkers <K>", "'-2'", "at least 1"],
        ),
        (
            &["backtrack", "--walkers", "many"],
            &["--walkers <K>", "'many'", "whole number"],
        ),
        (
            &["backtrack", "--walkers", "5", "--size", "5"],
            &[
                "--walkers 5: 5 walkers are more than the maze's 4 cells",
                "use 1 to 4",
            ],
        ),
    ];
    for (args, expected) in cases {
        let mut assert = mazegen().args(*args).assert().code(2).stdout("");
        for fragment in *expected {
            assert = assert.stderr(predicate::str::contains(*fragment));
        }
        assert.stderr(predicate::str::contains("panicked").not());
    }
}

#[test]
fn negative_numbers_are_values_that_the_range_check_explains() {
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["backtrack", "--start", "-1,0"],
            &["'-1,0' for '--start <X,Y[,Z]>'", "cell coordinates X,Y"],
        ),
        (
            &["solve", "--goal", "-1,-1"],
            &["'-1,-1' for '--goal <X,Y[,Z]>'", "cell coordinates X,Y"],
        ),
        (
            &["backtrack", "--format", "png", "--scale", "-1"],
            &["'-1' for '--scale <PX>'", "not in 1..=64"],
        ),
        (
            &["backtrack", "--braid", "-inf"],
            &["'-inf' for '--braid <P>'", "from 0 to 1"],
        ),
        (
            &["backtrack", "--delay", "-1"],
            &["'-1' for '--delay <MS>'", "not in 0..=10000"],
        ),
        (
            &["backtrack", "--steps-per-frame", "-1"],
            &["'-1' for '--steps-per-frame <N>'", "not in 1.."],
        ),
        (
            &["growing-tree", "--pick", "-1"],
            &["'-1' for '--pick <PICK>'", "newest, random, oldest"],
        ),
        (
            &["rooms", "--count", "-1"],
            &["'-1' for '--count <N>'", "number of rooms from 1"],
        ),
        (
            &["rooms", "--p", "-inf"],
            &["'-inf' for '--p <P>'", "from 0 to 1"],
        ),
        (
            &["rooms", "--width", "-5"],
            &["'-5' for '--width <TILES>'", "at least 3"],
        ),
        (
            &["rooms", "--room-size", "-3..8"],
            &["'-3..8' for '--room-size <MIN..MAX>'", "MIN..MAX"],
        ),
        (
            &["kruskal", "--weave", "-0.1"],
            &[
                "'-0.1' for '--weave [<DENSITY>]'",
                "expected a number from 0 to 1",
            ],
        ),
        (
            &["backtrack", "--cells", "-1x3"],
            &["'-1x3' for '--cells <WxH>'", "from 1 to 4294967295 cells"],
        ),
        (
            &["binary-tree", "--window", "-1,0,3,3"],
            &[
                "'-1,0,3,3' for '--window <X,Y,W,H>'",
                "X and Y of the window X,Y,W,H are from 0",
            ],
        ),
    ];
    for (args, expected) in cases {
        assert_refused(args, expected);
    }
}

#[test]
fn numbers_out_of_range_name_the_range_however_long() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["backtrack", "--levels", "18446744073709551615"],
            "18446744073709551615 is not in 1..=1024",
        ),
        (
            &["backtrack", "--chunk", "18446744073709551615"],
            "18446744073709551615 is not in 1..=4294967295",
        ),
        (
            &[
                "backtrack",
                "--shape",
                "polar",
                "--rings",
                "18446744073709551615",
            ],
            "is not in 1..=4294967295",
        ),
        (
            &["backtrack", "--delay", "18446744073709551615"],
            "18446744073709551615 is not in 0..=10000",
        ),
        (
            &["solve", "--delay", "99999999999999999999999"],
            "is not in 0..=10000",
        ),
        (
            &["backtrack", "--scale", "-99999999999999999999"],
            "is not in 1..=64",
        ),
        (
            &["rooms", "--scale", "18446744073709551615"],
            "is not in 1..=64",
        ),
        (
            &["backtrack", "--shape", "hex", "--cells", "4294967296x1"],
            "4294967296 cells is not a side: each side of WxH is from 1 to 4294967295 cells",
        ),
        (
            &["binary-tree", "--window", "0,0,0,0"],
            "the window 0,0,0,0 is empty: its width W and height H count cells, from 1 to \
             4294967295",
        ),
        (
            &["binary-tree", "--window", "0,0,3,4294967296"],
            "4294967296 is not a side of the window X,Y,W,H",
        ),
    ];
    for (args, expected) in cases {
        assert_refused(args, &[expected]);
        mazegen()
            .args(*args)
            .assert()
            .stderr(predicates::str::contains("too large to fit").not());
    }
}

#[test]
fn one_seed_is_plain_backtrack() {
    for seed in ["0", "1", "7", "123456789"] {
        for format in ["text", "json", "events"] {
            let args = ["--size", "31", "--seed", seed, "--format", format];
            let plain = stdout_of(&[&["backtrack"][..], &args].concat());
            let one = stdout_of(&[&["backtrack", "--seeds", "1"][..], &args].concat());
            assert_eq!(plain, one, "seed {seed}, {format}");
        }
    }
}

#[test]
fn a_huge_maze_is_refused_fast_without_allocating() {
    // 65537 x 65539 tiles is just over the cell limit: refused before any allocation, with
    // the memory the algorithm would need and what streams instead. (Binary Tree streams such
    // a maze; with a solution it needs the whole grid.)
    let start = std::time::Instant::now();
    let (width, height) = (32768, 32769);
    for args in [
        &["backtrack"][..],
        &["kruskal"],
        &["binary-tree", "--solve"],
    ] {
        let generator = catalogue()
            .into_iter()
            .find(|g| g.name() == args[0])
            .unwrap();
        let bytes = u64::from(width) * u64::from(height) + generator.scratch_bytes(width, height);
        let memory = format!("{} would need {bytes} bytes (", generator.name());
        mazegen()
            .args(args)
            .args(["--width", "65537", "--height", "65539"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with(
                "error: --width 65537 --height 65539: a 32768x32769-cell maze",
            ))
            .stderr(predicate::str::contains(memory))
            .stderr(predicate::str::contains(
                "binary-tree, sidewinder and eller write mazes of any height row by row to \
                 term, text, json and png",
            ));
    }
    assert!(start.elapsed().as_secs() < 5);
}

#[test]
fn unknown_commands_and_flags_exit_2() {
    mazegen().arg("hexagonal").assert().code(2);
    mazegen()
        .args(["backtrack", "--sise", "21"])
        .assert()
        .code(2);
    mazegen()
        .assert()
        .code(2)
        .stderr(predicate::str::contains("Usage"));
}

#[test]
fn piped_term_output_has_no_color_unless_asked() {
    let plain = stdout_of(&["backtrack", "--seed", "3"]);
    assert!(!plain.contains('\x1b'));
    assert!(
        plain.contains('●') && plain.contains("   "),
        "walls and passages differ"
    );
    let always = stdout_of(&["backtrack", "--seed", "3", "--color", "always"]);
    assert!(always.contains("\x1b[91m●") && always.contains("\x1b[92m●"));
    assert_eq!(
        stdout_of(&["backtrack", "--seed", "3", "--color", "never"]),
        plain
    );
}

/// Runs `mazegen args` with a pseudo terminal as standard output (via `script`), returning what
/// it printed.
fn in_terminal(args: &str, no_color: Option<&str>) -> String {
    let binary = assert_cmd::cargo::cargo_bin!("mazegen");
    let mut command = Command::new("script");
    command
        .args(["-qec", &format!("{} {args}", binary.display()), "/dev/null"])
        .env_remove("NO_COLOR");
    if let Some(value) = no_color {
        command.env("NO_COLOR", value);
    }
    let output = command.output().expect("script (util-linux) runs");
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn auto_color_follows_the_terminal_and_no_color() {
    let args = "backtrack --size 5 --seed 1";
    assert!(in_terminal(args, None).contains("\x1b[91m"));
    assert!(
        in_terminal(args, Some("")).contains("\x1b[91m"),
        "empty NO_COLOR is unset"
    );
    assert!(!in_terminal(args, Some("1")).contains('\x1b'));
    assert!(in_terminal(&format!("{args} --color always"), Some("1")).contains('\x1b'));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let document = stdout_of(&[
        "backtrack",
        "--size",
        "601",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    let big = ["backtrack", "--size", "2001", "--seed", "1"];
    let cases: [(&[&str], &str); 4] = [
        (&[&big[..], &["--color", "always"]].concat(), ""),
        (&[&big[..], &["--format", "png"]].concat(), ""),
        (&["render", "--format", "png"], &document),
        (
            &[
                "rooms", "--count", "20000", "--map", "never", "--format", "json", "--seed", "1",
            ],
            "",
        ),
    ];
    for (args, input) in cases {
        let binary = assert_cmd::cargo::cargo_bin!("mazegen");
        let mut child = Command::new(binary)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        stdin.write_all(input.as_bytes()).unwrap();
        drop(stdin);
        // Like `| head -c 10`: read a little, then go away.
        let mut first = [0; 10];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        let output = child.wait_with_output().unwrap();
        assert!(output.status.success(), "{args:?}: {:?}", output.status);
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{args:?}");
    }
}

#[test]
fn an_input_that_cannot_be_opened_is_refused_and_one_that_fails_while_read_is_an_io_failure() {
    let scratch = scratch_dir("cli-unreadable-input");
    let dir = scratch.to_str().unwrap();
    // Named files that cannot be opened are bad input (exit 2), whichever command reads them.
    let missing = format!("{dir}/no-such-file");
    let no_such = format!("cannot be read: {}", std::io::Error::from_raw_os_error(2));
    let graph = format!("{missing}.dot");
    for (args, what) in [
        (
            vec!["render", dir],
            format!("{dir}: cannot be read: it is a directory"),
        ),
        (vec!["solve", &missing], format!("{missing}: {no_such}")),
        (
            vec!["suite", &missing, "-o", dir],
            format!("{missing}: {no_such}"),
        ),
        (
            vec!["score", "--mazes", &missing, "--answers", "-"],
            format!("--mazes {missing}: {no_such}"),
        ),
        (
            vec!["backtrack", "--mask", &missing],
            format!("--mask {missing}: {no_such}"),
        ),
        (
            vec!["rooms", "--graph", &graph],
            format!("--graph {graph}: {no_such}"),
        ),
    ] {
        mazegen()
            .args(&args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(format!("error: {what}\n"));
    }
    // Files that never end are refused at once, not read until memory runs out.
    for (flag, kind) in [
        ("--contents", "a rules file"),
        ("--prefab", "a prefab's drawing"),
    ] {
        mazegen()
            .args(["rooms", flag, "/dev/zero"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicates::str::contains(format!(
                "error: {flag} /dev/zero: more than"
            )))
            .stderr(predicates::str::contains(format!(
                " bytes, more than {kind} holds\n"
            )));
    }
    mazegen()
        .args(["suite", "/dev/zero", "-o", dir])
        .assert()
        .code(2)
        .stdout("")
        .stderr("error: /dev/zero: more than 16777216 bytes, more than a suite spec holds\n");
    // A read that fails once the file is open is an I/O failure (exit 1).
    mazegen()
        .args(["rooms", "--contents", "/proc/self/mem"])
        .assert()
        .code(1)
        .stderr(
            "error: --contents /proc/self/mem: cannot be read: Input/output error (os error 5)\n",
        );
    mazegen()
        .args(["stats", "/proc/self/mem"])
        .assert()
        .code(1)
        .stdout("")
        .stderr("error: cannot read /proc/self/mem: Input/output error (os error 5)\n");
    let output = Command::new(assert_cmd::cargo::cargo_bin!("mazegen"))
        .arg("solve")
        .stdin(std::fs::File::open(dir).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: cannot read standard input: Is a directory (os error 21)\n"
    );
}

#[test]
fn a_long_walk_tells_nothing_when_standard_error_is_no_terminal() {
    // On a terminal, this strip's 3e8 expected steps are told up front with a progress bar;
    // redirected, standard error stays clean for scripts.
    mazegen()
        .args([
            "aldous-broder",
            "--width",
            "32769",
            "--height",
            "3",
            "--seed",
            "1",
        ])
        .args(["--format", "text", "-o", "/dev/null"])
        .assert()
        .success()
        .stderr("");
}
