//! Requests that cannot be carried out are refused before any work, and leave nothing behind.

use crate::common::{assert_refused, mazegen, run_with_memory_limit, scratch_dir};
use predicates::prelude::PredicateBooleanExt;
use std::time::{Duration, Instant};

/// Runs a refused request and returns how long the refusal took.
fn time_refusal(args: &[&str], fragments: &[&str]) -> Duration {
    let start = Instant::now();
    assert_refused(args, fragments);
    start.elapsed()
}

#[test]
fn a_picture_too_large_is_refused_before_the_maze_is_made() {
    // 2^30 cells would take seconds and gigabytes to carve; the picture's size is known first.
    let elapsed = time_refusal(
        &[
            "backtrack",
            "--width",
            "2147483649",
            "--height",
            "3",
            "--format",
            "svg",
            "--scale",
            "64",
        ],
        &[
            "--width 2147483649: the picture would be 137438953536 pixels across at --scale 64",
            "more than the 1000000 a picture may have",
        ],
    );
    // Generous: generating first took 15 s; refusing takes milliseconds.
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    // A maze within the limits, at a scale that would write pixels for hours.
    let elapsed = time_refusal(
        &[
            "backtrack",
            "--size",
            "65537",
            "--scale",
            "64",
            "--format",
            "png",
        ],
        &[
            "--size 65537: the picture would be 4194368 pixels across at --scale 64, more than the 1000000",
        ],
    );
    assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
}

#[test]
fn a_refused_events_stream_writes_nothing() {
    let dir = scratch_dir("refusals-events-stream");
    let path = dir.join("ev.jsonl");
    let path_text = path.to_str().unwrap();
    for args in [
        &["backtrack", "--size", "3", "--walkers", "2"][..],
        &["backtrack", "--size", "5", "--start", "2,0"][..],
        &["backtrack", "--size", "5", "--heatmap"][..],
    ] {
        let args = [args, &["--format", "events", "-o", path_text]].concat();
        mazegen().args(&args).assert().code(2).stdout("");
        assert!(!path.exists(), "{args:?} wrote {path_text}");
        // Without -o: nothing on standard output either.
        assert_refused(&args[..args.len() - 2], &[]);
    }
}

#[test]
fn endpoints_are_checked_against_the_size_before_generating() {
    assert_refused(
        &["wilson", "--size", "5", "--goal", "2,1"],
        &["--goal 2,1", "outside the 2x2-cell maze"],
    );
    assert_refused(
        &[
            "wilson",
            "--size",
            "7",
            "--start",
            "1,1",
            "--goal",
            "1,1",
            "--openings",
        ],
        &[
            "--openings",
            "neither the start cell 1,1 nor the goal cell 1,1 is on the outer wall",
        ],
    );
    // Where the maze grows from, before any of it is carved (no seed drawn and reported).
    for algorithm in [&["percolation", "--p", "0.5"][..], &["backtrack"]] {
        let args = [algorithm, &["--size", "21", "--from", "30,3"]].concat();
        assert_refused(&args, &["--from 30,3", "outside the 10x10-cell maze"]);
        mazegen()
            .args(&args)
            .assert()
            .stderr(predicates::str::contains("seed:").not());
    }
    assert_refused(
        &[
            "backtrack",
            "--shape",
            "polar",
            "--rings",
            "2",
            "--from",
            "3,3",
        ],
        &["--from 3,3", "not a cell"],
    );
}

#[test]
fn document_commands_refuse_bad_options_before_reading_input() {
    // Standard input is never read: a refusal does not wait for it.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mazegen"))
        .args(["render", "--format", "events"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "render waited for its input before refusing"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("use it with a maze command"));
}

#[test]
fn a_maze_too_large_for_memory_writes_no_events() {
    // The events header is ready before the grid is allocated: it must not escape.
    let Some(output) = run_with_memory_limit(
        400_000,
        "backtrack --width 40001 --height 40001 --seed 1 --format events",
    ) else {
        return;
    };
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not enough memory"), "{stderr}");
    assert!(
        output.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
}

#[test]
fn a_shape_too_large_to_draw_is_refused_for_its_drawing() {
    // Refused for the picture, whose size and drawing follow from the shape's cells, and at
    // once: the shape's half a gigabyte of walls is asked for but never touched.
    for (args, expected) in [
        (
            [
                "--shape",
                "hex",
                "--cells",
                "16384x32768",
                "--format",
                "svg",
            ],
            "not enough memory for a 16384x32768-cell maze (128849018880 bytes needed)",
        ),
        (
            [
                "--shape",
                "triangle",
                "--cells",
                "536870912x1",
                "--format",
                "png",
            ],
            "--cells 536870912x1: the picture would be 4294967320 pixels across at --scale 16",
        ),
        (
            [
                "--shape",
                "hex",
                "--cells",
                "16384x32768",
                "--format",
                "pdf",
            ],
            "not enough memory for a 16384x32768-cell maze (128849018880 bytes needed)",
        ),
    ] {
        let args = [&["wilson"][..], &args].concat();
        let elapsed = time_refusal(&args, &[expected]);
        assert!(elapsed < Duration::from_secs(5), "{elapsed:?}");
    }
}

/// Runs `mazegen args` expecting a refusal, and returns its message.
fn refusal(args: &[&str]) -> String {
    let output = mazegen().args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    stderr
}

#[test]
fn one_maze_at_a_time_names_what_asks_for_a_dataset() {
    let dataset_formats = ["jsonl", "npy", "npy-connections", "npz", "tokens"];
    let one_maze = [
        (
            &["--unicursal"][..],
            "--unicursal",
            "term, text, json, svg, png, html, pdf, graph, alphamaze or ascii",
        ),
        (
            &["--window", "0,0,5,5", "--chunk", "4"],
            "--window",
            "term, text, json, graph, svg or png",
        ),
        (
            &["--chunk", "4"],
            "--chunk",
            "term, text, json, graph, svg, png or npy",
        ),
    ];
    for (flags, flag, formats) in one_maze {
        // A giant maze takes npy or refuses it as a format of its own.
        let giant = flag != "--unicursal";
        for format in (dataset_formats.into_iter()).filter(|&format| !(giant && format == "npy")) {
            let args = [&["backtrack", "--format", format][..], flags].concat();
            let stderr = refusal(&args);
            assert!(
                stderr.contains(&format!(
                    "--format {format} writes datasets, and {flag} makes one"
                )) && stderr.contains(&format!("{flag} is written as --format {formats}")),
                "{args:?}: {stderr}"
            );
            assert!(!stderr.contains("--count"), "{args:?}: {stderr}");
        }
        let args = [&["backtrack", "--endpoints", "farthest"][..], flags].concat();
        let stderr = refusal(&args);
        assert!(
            stderr.contains("--endpoints farthest places the ends of the mazes of a dataset")
                && stderr.contains("leave --endpoints out"),
            "{args:?}: {stderr}"
        );
        assert!(!stderr.contains("--count"), "{args:?}: {stderr}");
        for (option, spelled) in [
            (&["--count", "3"][..], "--count 3"),
            (&["--unique"], "--unique"),
            (&["--max-solution", "30"], "--max-solution 30"),
            (&["--shard", "1/2"], "--shard 1/2"),
        ] {
            let args = [&["backtrack"][..], flags, option].concat();
            let stderr = refusal(&args);
            assert!(
                stderr.contains(&format!("{flag} makes one"))
                    && stderr.contains(&format!("and {spelled} is an option of datasets")),
                "{args:?}: {stderr}"
            );
        }
    }
}

#[test]
fn a_picture_too_large_names_the_side_and_the_option_behind_it() {
    // Every option that sizes a maze, against every format that draws pixels; the refusal
    // names the option and the side at fault, not --scale alone.
    let pictures = ["svg", "png", "html"];
    let cases: &[(&[&str], &[&str], &str)] = &[
        (
            &[
                "binary-tree",
                "--width",
                "21",
                "--height",
                "18446744073709551615",
            ],
            &["png"],
            "--height 18446744073709551615: the picture would be 18446744073709551615 pixels \
             high at --scale 8",
        ),
        (
            &["backtrack", "--width", "2000000001", "--height", "3"],
            &pictures,
            "--width 2000000001: the picture would be 16000000008 pixels across at --scale 8",
        ),
        (
            &["backtrack", "--cells", "1000000000x1"],
            &pictures,
            "--cells 1000000000x1: the picture would be 16000000008 pixels across at --scale 8",
        ),
        (
            &[
                "binary-tree",
                "--width",
                "18446744073709551615",
                "--height",
                "18446744073709551615",
                "--window",
                "0,0,500000000,1",
            ],
            &["svg", "png"],
            "--window 0,0,500000000,1: the picture would be 8000000008 pixels across",
        ),
        (
            &[
                "wilson", "--wrap", "y", "--width", "3", "--height", "80000001", "--scale", "64",
            ],
            &["svg", "png"],
            "--height 80000001: the picture would be 2560000064 pixels high at --scale 64",
        ),
        (
            &[
                "kruskal",
                "--weave",
                "--cells",
                "40000000x1",
                "--scale",
                "64",
            ],
            &pictures,
            "--cells 40000000x1: the picture would be 2560000064 pixels across at --scale 64",
        ),
        (
            &[
                "wilson",
                "--shape",
                "hex",
                "--cells",
                "40000000x1",
                "--scale",
                "64",
            ],
            &pictures,
            "--cells 40000000x1: the picture would be 3840000096 pixels across at --scale 64",
        ),
        (
            &[
                "wilson",
                "--shape",
                "triangle",
                "--cells",
                "80000000x1",
                "--scale",
                "64",
            ],
            &pictures,
            "--cells 80000000x1: the picture would be",
        ),
        (
            &[
                "wilson", "--levels", "1024", "--cells", "40000x1", "--scale", "64",
            ],
            &["svg", "png"],
            "--levels 1024 --cells 40000x1: the picture would be",
        ),
        (
            &[
                "wilson",
                "--shape",
                "hex",
                "--cells",
                "40000000x1",
                "--scale",
                "64",
            ],
            &["term", "text"],
            "--cells 40000000x1: the picture would be",
        ),
    ];
    for (args, formats, expected) in cases {
        for format in *formats {
            let args = [args, &["--format", format, "-o", "/dev/null"][..]].concat();
            let stderr = refusal(&args);
            assert!(stderr.contains(expected), "{args:?}: {stderr}");
            assert!(
                stderr.contains("more than the 1000000 a picture may have"),
                "{stderr}"
            );
        }
    }
    // What fits is said in the units given.
    let stderr = refusal(&[
        "backtrack",
        "--width",
        "2000000001",
        "--height",
        "3",
        "--format",
        "png",
        "-o",
        "/dev/null",
    ]);
    assert!(
        stderr.contains("at --scale 8 a picture holds at most 124999 tiles across"),
        "{stderr}"
    );
    let stderr = refusal(&[
        "backtrack",
        "--cells",
        "1000000000x1",
        "--format",
        "png",
        "-o",
        "/dev/null",
    ]);
    assert!(stderr.contains("at most 62499 cells across"), "{stderr}");
    let stderr = refusal(&[
        "binary-tree",
        "--width",
        "3",
        "--height",
        "18446744073709551615",
        "--format",
        "png",
        "-o",
        "/dev/null",
    ]);
    assert!(stderr.contains("at most 124999 tiles high"), "{stderr}");
}
