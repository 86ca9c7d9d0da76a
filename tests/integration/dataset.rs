//! Datasets from the command line: many mazes in one run, the same for every `--jobs`, split
//! by `--shard`, each reproducible from its recorded seed, filtered by difficulty, unique, and
//! written as JSON lines or NumPy arrays.

use crate::common::{
    self, Scratch, assert_refused, mazegen, run_with_memory_limit, scratch_dir, stdout_of,
};
use mazegen::dataset::candidate_seed;
use serde_json::Value;
use std::collections::HashSet;
use std::process::Command;

/// The documents of a `jsonl` run.
fn documents(jsonl: &str) -> Vec<Value> {
    jsonl
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is a JSON document"))
        .collect()
}

/// `args` with `extra` after them.
fn with<'a>(args: &[&'a str], extra: &[&'a str]) -> Vec<&'a str> {
    [args, extra].concat()
}

#[test]
fn every_number_of_jobs_writes_the_same_bytes() {
    let runs: [&[&str]; 4] = [
        &[
            "wilson", "--size", "9", "--count", "300", "--seed", "3", "--format", "jsonl",
        ],
        &[
            "backtrack",
            "--size",
            "7",
            "--count",
            "50",
            "--seed",
            "1",
            "--format",
            "text",
        ],
        &[
            "kruskal",
            "--size",
            "11",
            "--count",
            "40",
            "--seed",
            "5",
            "--format",
            "jsonl",
            "--min-solution",
            "14",
            "--endpoints",
            "farthest",
            "--stats",
        ],
        &[
            "binary-tree",
            "--size",
            "7",
            "--count",
            "16",
            "--seed",
            "2",
            "--format",
            "jsonl",
            "--unique",
        ],
    ];
    for args in runs {
        let one = stdout_of(&with(args, &["--jobs", "1"]));
        assert!(!one.is_empty());
        for jobs in ["2", "3", "8"] {
            assert_eq!(
                stdout_of(&with(args, &["--jobs", jobs])),
                one,
                "{args:?} --jobs {jobs}"
            );
        }
    }
}

#[test]
fn npz_archives_are_the_same_for_every_number_of_jobs_and_list_their_arrays() {
    let args = [
        "prim", "--size", "9", "--count", "60", "--seed", "6", "--format", "npz",
    ];
    let archive = |jobs: &str| {
        let output = mazegen()
            .args(args)
            .args(["--jobs", jobs])
            .output()
            .unwrap();
        assert!(output.status.success());
        output.stdout
    };
    let one = archive("1");
    assert_eq!(archive("3"), one);
    assert!(one.starts_with(b"PK\x03\x04"));
    // The end of the central directory counts seven arrays.
    let end = &one[one.len() - 22..];
    assert_eq!(&end[..4], b"PK\x05\x06");
    assert_eq!(u16::from_le_bytes([end[10], end[11]]), 7);
    assert_refused(
        &["render", "--format", "npz", "maze.json"],
        &["--format npy, npy-connections and npz write arrays of generated mazes"],
    );
}

#[test]
fn arrays_filled_in_place_are_the_bytes_each_maze_draws() {
    // `--stats` draws each maze into a buffer of its own and writes them in order; without
    // it the rows are filled in place by the threads, a block of mazes each.
    let dir = scratch_dir("dataset-in-place");
    let mask = dir.write("mask.txt", "......\n.#..#.\n......\n..##..\n");
    let mask = mask.to_str().unwrap().to_owned();
    let every: &[&str] = &["npy", "npy-connections", "npz"];
    let runs: [(&[&str], &[&str]); 4] = [
        (
            &[
                "backtrack",
                "--size",
                "21",
                "--count",
                "1300",
                "--seed",
                "1",
            ],
            every,
        ),
        (
            &[
                "wilson", "--width", "9", "--height", "13", "--count", "300", "--seed", "3",
            ],
            every,
        ),
        (
            &[
                "kruskal",
                "--size",
                "11",
                "--count",
                "200",
                "--seed",
                "2",
                "--braid",
                "0.5",
                "--openings",
                "--min-solution",
                "9",
                "--shard",
                "2/3",
            ],
            &["npy", "npz"],
        ),
        (
            &["prim", "--mask", &mask, "--count", "100", "--seed", "4"],
            every,
        ),
    ];
    for (args, formats) in runs {
        for &format in formats {
            let run = |extra: &[&str]| {
                let output = mazegen()
                    .args(args)
                    .args(["--format", format, "--quiet"])
                    .args(extra)
                    .output()
                    .unwrap();
                assert!(output.status.success(), "{args:?} {format} {extra:?}");
                output.stdout
            };
            let drawn = run(&["--stats", "--jobs", "2"]);
            for jobs in ["1", "2", "3"] {
                assert!(
                    run(&["--jobs", jobs]) == drawn,
                    "{args:?} {format} --jobs {jobs}"
                );
            }
        }
    }
}

#[test]
fn shards_concatenated_are_the_whole_run() {
    for (format, count) in [("jsonl", "10"), ("text", "7"), ("term", "4")] {
        let args = [
            "backtrack",
            "--size",
            "7",
            "--count",
            count,
            "--seed",
            "9",
            "--format",
            format,
            "--color",
            "always",
        ];
        let whole = stdout_of(&args);
        for of in [1u32, 3, 4, 12] {
            let shards: String = (1..=of)
                .map(|k| stdout_of(&with(&args, &["--shard", &format!("{k}/{of}")])))
                .collect();
            assert_eq!(shards, whole, "{format}: {of} shards");
        }
    }
    // Unique and bounded runs too, though a shard of them looks at the mazes before its own.
    let args: Vec<&str> =
        "wilson --size 7 --count 12 --seed 1 --format jsonl --unique --min-solution 5"
            .split(' ')
            .collect();
    let whole = stdout_of(&args);
    let shards: String = (1..=3)
        .map(|k| stdout_of(&with(&args, &["--shard", &format!("{k}/3")])))
        .collect();
    assert_eq!(shards, whole);
}

#[test]
fn each_maze_records_its_seed_and_comes_back_alone_from_it() {
    let options = [
        "--size", "9", "--braid", "0.3", "--solve", "--format", "jsonl",
    ];
    let run = documents(&stdout_of(&with(
        &with(&["growing-tree", "--pick", "random"], &options),
        &["--count", "6", "--seed", "11"],
    )));
    assert_eq!(run.len(), 6);
    for (index, document) in run.iter().enumerate() {
        let seed = document["seed"].as_u64().unwrap();
        assert_eq!(
            seed,
            candidate_seed(11, index as u64, 0),
            "the documented mixing"
        );
        let alone = stdout_of(&with(
            &with(&["growing-tree", "--pick", "random"], &options),
            &["--seed", &seed.to_string()],
        ));
        assert_eq!(documents(&alone), vec![document.clone()], "maze {index}");
    }
    let seeds: HashSet<u64> = run.iter().map(|d| d["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds.len(), 6);
}

#[test]
fn a_filtered_maze_comes_back_alone_from_its_seed_too() {
    let options = [
        "backtrack",
        "--size",
        "11",
        "--format",
        "jsonl",
        "--endpoints",
        "farthest",
        "--min-solution",
        "22",
        "--max-decisions",
        "3",
    ];
    let run = documents(&stdout_of(&with(
        &options,
        &["--count", "5", "--seed", "4"],
    )));
    assert_eq!(run.len(), 5);
    let derived_later = run
        .iter()
        .enumerate()
        .filter(|(i, d)| d["seed"].as_u64() != Some(candidate_seed(4, *i as u64, 0)))
        .count();
    assert!(derived_later > 0, "some first candidates were rejected");
    for document in &run {
        let seed = document["seed"].as_u64().unwrap().to_string();
        let alone = documents(&stdout_of(&with(&options, &["--seed", &seed])));
        assert_eq!(alone, vec![document.clone()]);
    }
}

#[test]
fn bounds_keep_only_mazes_within_them() {
    let run = documents(&stdout_of(&[
        "wilson",
        "--size",
        "15",
        "--count",
        "30",
        "--seed",
        "8",
        "--format",
        "jsonl",
        "--stats",
        "--min-solution",
        "20",
        "--max-solution",
        "30",
        "--min-tortuosity",
        "1.5",
        "--max-branch-depth",
        "12",
        "--min-decisions",
        "2",
        "--max-solution-share",
        "0.6",
    ]));
    assert_eq!(run.len(), 30);
    for document in &run {
        let difficulty = &document["difficulty"];
        let length = difficulty["solution_length"].as_u64().unwrap();
        assert!((20..=30).contains(&length), "{difficulty}");
        assert_eq!(document["stats"]["solution_length"], length);
        assert!(difficulty["tortuosity"].as_f64().unwrap() >= 1.5);
        assert!(difficulty["branch_depth_max"].as_u64().unwrap() <= 12);
        assert!(difficulty["decision_points"].as_u64().unwrap() >= 2);
        assert!(difficulty["solution_share"].as_f64().unwrap() <= 0.6);
    }
    // Without the bounds, the same seeds give mazes outside them.
    let free = documents(&stdout_of(&[
        "wilson", "--size", "15", "--count", "30", "--seed", "8", "--format", "jsonl", "--stats",
    ]));
    assert!(
        free.iter()
            .any(|d| !(20..=30).contains(&d["stats"]["solution_length"].as_u64().unwrap()))
    );
}

#[test]
fn farthest_endpoints_span_the_diameter() {
    for document in documents(&stdout_of(&[
        "prim",
        "--size",
        "13",
        "--count",
        "10",
        "--seed",
        "2",
        "--format",
        "jsonl",
        "--stats",
        "--endpoints",
        "farthest",
    ])) {
        let stats = &document["stats"];
        assert_eq!(stats["solution_length"], stats["diameter"]["length"]);
    }
}

#[test]
fn bounds_that_reject_everything_give_up_with_the_closest_and_write_nothing() {
    let dir = scratch_dir("dataset-bounds-give-up");
    let file = dir.write("kept.jsonl", "before\n");
    let path = file.to_str().unwrap();
    let output = mazegen()
        .args([
            "backtrack",
            "--size",
            "21",
            "--count",
            "50",
            "--seed",
            "1",
            "--format",
            "jsonl",
            "--min-solution",
            "95",
            "-o",
            path,
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("--min-solution 95"), "{stderr}");
    assert!(stderr.contains("1000 candidates in a row"), "{stderr}");
    assert!(stderr.contains("the closest had solution"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "before\n");
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left"
    );
}

#[test]
fn bounds_beyond_the_size_are_refused_at_once() {
    assert_refused(
        &["backtrack", "--size", "11", "--min-solution", "25"],
        &["--min-solution 25", "5x5-cell maze has at most 24"],
    );
    assert_refused(
        &["backtrack", "--min-solution-share", "1.5"],
        &["--min-solution-share 1.5"],
    );
    assert_refused(
        &["backtrack", "--max-tortuosity", "0.5"],
        &["--max-tortuosity 0.5"],
    );
    assert_refused(
        &["backtrack", "--min-decisions", "4", "--max-decisions", "3"],
        &["--min-decisions 4 is above --max-decisions 3"],
    );
}

#[test]
fn unique_mazes_differ_and_asking_more_than_exist_is_refused() {
    // A 2x2-cell rectangle has 4 perfect mazes; wilson reaches them all.
    let run = stdout_of(&[
        "wilson", "--size", "5", "--count", "4", "--seed", "1", "--unique", "--format", "jsonl",
    ]);
    let tiles: HashSet<String> = documents(&run)
        .iter()
        .map(|d| d["tiles"].to_string())
        .collect();
    assert_eq!(tiles.len(), 4);
    assert_refused(
        &["wilson", "--size", "5", "--count", "5", "--unique"],
        &["--unique --count 5", "only 4 distinct"],
    );
    // Mazes of part of the grid differ by the cells they reach: from the corner, two cells
    // make two mazes, and three (a path of three in 5x5 cells) four.
    for (size, accessible, distinct) in [("5", "2", 2), ("11", "3", 4)] {
        let count = distinct.to_string();
        let run = stdout_of(&[
            "backtrack",
            "--size",
            size,
            "--accessible",
            accessible,
            "--unique",
            "--count",
            &count,
            "--seed",
            "1",
            "--format",
            "jsonl",
        ]);
        let tiles: HashSet<String> = documents(&run)
            .iter()
            .map(|d| d["tiles"].to_string())
            .collect();
        assert_eq!(tiles.len(), distinct, "--accessible {accessible}");
    }
    // Percolation mazes have loops: more of them than spanning trees (192 of 3x3 cells).
    let loops = stdout_of(&[
        "percolation",
        "--size",
        "7",
        "--p",
        "0.7",
        "--unique",
        "--count",
        "193",
        "--seed",
        "1",
        "--format",
        "jsonl",
    ]);
    assert_eq!(loops.lines().count(), 193);
    // A run whose hashes could not be kept, or whose last shard would replay 2^64 mazes first,
    // is refused at once (it grew without end).
    assert_refused(
        &[
            "backtrack",
            "--unique",
            "--count",
            "18446744073709551615",
            "--shard",
            "1000000000/1000000000",
            "--format",
            "npy",
            "-o",
            "never.npy",
        ],
        &[
            "--unique:",
            "first replays the 18446744055262807541",
            "ends by maze 134217728",
        ],
    );
    assert_refused(
        &[
            "backtrack",
            "--unique",
            "--count",
            "134217729",
            "--format",
            "jsonl",
        ],
        &["--unique:", "keeps 134217729 hashes"],
    );
    // Without --unique the same run repeats mazes.
    let run = stdout_of(&[
        "wilson", "--size", "5", "--count", "4", "--seed", "1", "--format", "jsonl",
    ]);
    let tiles: HashSet<String> = documents(&run)
        .iter()
        .map(|d| d["tiles"].to_string())
        .collect();
    assert!(tiles.len() < 4);
}

#[test]
fn unique_gives_up_on_what_the_algorithm_cannot_reach() {
    // Binary tree makes only 2^4 = 16 of the 192 mazes of 3x3 cells.
    let output = mazegen()
        .args([
            "binary-tree",
            "--size",
            "7",
            "--count",
            "17",
            "--seed",
            "1",
            "--unique",
            "--format",
            "jsonl",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("only 16 distinct mazes found"), "{stderr}");
    assert!(output.stdout.is_empty(), "nothing written");
    let sixteen = stdout_of(&[
        "binary-tree",
        "--size",
        "7",
        "--count",
        "16",
        "--seed",
        "1",
        "--unique",
        "--format",
        "jsonl",
    ]);
    let tiles: HashSet<String> = documents(&sixteen)
        .iter()
        .map(|d| d["tiles"].to_string())
        .collect();
    assert_eq!(tiles.len(), 16);
}

#[test]
fn text_mazes_follow_one_another_after_a_blank_line() {
    let run = stdout_of(&[
        "backtrack",
        "--size",
        "9",
        "--count",
        "3",
        "--seed",
        "6",
        "--format",
        "text",
    ]);
    let mazes: Vec<&str> = run.split("\n\n").collect();
    assert_eq!(mazes.len(), 3);
    for (index, maze) in mazes.iter().enumerate() {
        let seed = candidate_seed(6, index as u64, 0).to_string();
        let alone = stdout_of(&[
            "backtrack",
            "--size",
            "9",
            "--seed",
            &seed,
            "--format",
            "text",
        ]);
        assert_eq!(alone.trim_end(), maze.trim_end());
    }
}

#[test]
fn bad_dataset_options_are_refused_in_one_line() {
    for (args, fragment) in [
        (&["--count", "0"][..], "'0' for '--count <N>'"),
        (&["--count", "-3"], "'-3' for '--count <N>'"),
        (&["--jobs", "0"], "'0' for '--jobs <J>'"),
        (&["--shard", "0/3"], "'0/3' for '--shard <K/N>'"),
        (&["--shard", "4/3"], "'4/3' for '--shard <K/N>'"),
        (&["--shard", "1/0"], "'1/0' for '--shard <K/N>'"),
        (
            &["--min-solution", "9", "--max-solution", "3"],
            "above --max-solution 3",
        ),
        (
            &["--count", "2", "--format", "json"],
            "--count 2 writes rectangular mazes as term, text, pdf, jsonl",
        ),
        (&["--count", "2", "--format", "events"], "--format events"),
        (
            &["--endpoints", "farthest", "--start", "1,1"],
            "--endpoints farthest",
        ),
    ] {
        let args = with(&["backtrack", "--size", "11", "--seed", "1"], args);
        let output = mazegen().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains(fragment), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(!stderr.contains("panicked"));
    }
    assert_refused(
        &["render", "--format", "npy"],
        &["arrays of generated mazes"],
    );
}

#[test]
fn memory_stays_flat_however_many_mazes() {
    // 200,000 mazes of 10x10 cells are 112 MB of JSON lines: far more than the limit. One
    // thread: the allocator reserves 64 MB of address space for each other thread's arena.
    let Some(output) = run_with_memory_limit(
        40_000,
        "backtrack --count 200000 --seed 1 --jobs 1 --format jsonl -o /dev/null",
    ) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs `script` in Python 3 with `npy` as its argument; `None` (with a note) when Python or
/// one of `modules` is missing.
fn python(modules: &[&str], script: &str, npy: &str) -> Option<String> {
    let imports = modules
        .iter()
        .map(|m| format!("import {m}\n"))
        .collect::<String>();
    let check = Command::new("python3").args(["-c", &imports]).output();
    if !check.is_ok_and(|output| output.status.success()) {
        eprintln!("note: python3 with {modules:?} is not installed; the check is skipped");
        return None;
    }
    let output = Command::new("python3")
        .args(["-c", script, npy])
        .output()
        .expect("python3 runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(String::from_utf8(output.stdout).unwrap())
}

/// Writes the arrays of 5 mazes of 6x4 cells to files in `dir`, with the same mazes as text:
/// `(tiles.npy, connections.npy, text)`.
fn arrays(dir: &Scratch) -> (String, String, String) {
    let tiles = dir.join("tiles.npy");
    let connections = dir.join("connections.npy");
    let maze = [
        "kruskal", "--width", "13", "--height", "9", "--count", "5", "--seed", "3",
    ];
    for (format, path) in [("npy", &tiles), ("npy-connections", &connections)] {
        stdout_of(&with(
            &maze,
            &["--format", format, "-o", path.to_str().unwrap()],
        ));
    }
    let text = stdout_of(&with(&maze, &["--format", "text"]));
    let path = |p: &std::path::Path| p.to_str().unwrap().to_string();
    (path(&tiles), path(&connections), text)
}

#[test]
fn numpy_loads_the_tile_array() {
    let dir = scratch_dir("dataset-numpy");
    let (tiles, connections, text) = arrays(&dir);
    let script = "import sys, numpy as np\n\
        a = np.load(sys.argv[1])\n\
        print(a.dtype, a.shape)\n\
        for m in a:\n\
        \x20   print('\\n'.join(''.join('#' if t else ' ' for t in row) for row in m))\n\
        \x20   print()";
    if let Some(printed) = python(&["numpy"], script, &tiles) {
        let (header, mazes) = printed.split_once('\n').unwrap();
        assert_eq!(header, "uint8 (5, 9, 13)");
        assert_eq!(mazes.trim_end(), text.trim_end());
    }
    let script = "import sys, numpy as np\n\
        a = np.load(sys.argv[1])\n\
        print(a.dtype, a.shape, int(a.sum()))";
    if let Some(printed) = python(&["numpy"], script, &connections) {
        // Each perfect maze of 24 cells has 23 passages.
        assert_eq!(printed.trim(), "bool (5, 2, 4, 6) 115");
    }
}

#[test]
fn maze_dataset_loads_the_connection_list() {
    let dir = scratch_dir("dataset-maze-dataset");
    let (_, connections, text) = arrays(&dir);
    let script = "import sys, numpy as np\n\
        from maze_dataset import LatticeMaze\n\
        for c in np.load(sys.argv[1]):\n\
        \x20   print(LatticeMaze(connection_list=c).as_ascii())\n\
        \x20   print()";
    if let Some(printed) = python(&["numpy", "maze_dataset"], script, &connections) {
        assert_eq!(printed.trim_end(), text.trim_end());
    }
}

#[test]
fn json_lines_match_the_schema() {
    let schema: Value = serde_json::from_str(include_str!("../../schema/maze.v1.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema is valid");
    let run = stdout_of(&[
        "wilson",
        "--size",
        "11",
        "--count",
        "20",
        "--seed",
        "2",
        "--format",
        "jsonl",
        "--stats",
        "--braid",
        "0.5",
        "--solve",
        "--endpoints",
        "farthest",
    ]);
    for document in documents(&run) {
        assert!(document["difficulty"].is_object());
        let errors: Vec<String> = validator
            .iter_errors(&document)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:?}");
    }
    let mut broken = documents(&run).remove(0);
    broken["difficulty"]["tortuosity"] = serde_json::json!(0.5);
    assert!(!validator.is_valid(&broken), "the schema has teeth");
}

#[test]
fn an_interrupted_run_leaves_no_file() {
    let dir = scratch_dir("dataset-interrupted");
    let file = dir.join("mazes.jsonl");
    let mut child = Command::new(env!("CARGO_BIN_EXE_mazegen"))
        .args([
            "backtrack",
            "--count",
            "1000000",
            "--seed",
            "1",
            "--format",
            "jsonl",
            "-q",
        ])
        .arg("-o")
        .arg(&file)
        .spawn()
        .unwrap();
    // Once the temporary file is being written, stop the run.
    let started = (0..2000).any(|_| {
        std::thread::sleep(std::time::Duration::from_millis(5));
        std::fs::read_dir(&dir).unwrap().count() > 0
    });
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    assert!(started, "the run writes its temporary file");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(15), "ended by SIGTERM: {status}");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "nothing left");
}

#[test]
fn large_mazes_are_written_straight_through() {
    // Two mazes of 4000x4000 cells: 16 MB each, 64 MB of text each, in 60 MB of address space.
    let Some(output) = run_with_memory_limit(
        60_000,
        "binary-tree --size 8001 --seed 1 --count 2 --jobs 1 --format text -o /dev/null",
    ) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn array_shards_hold_their_slices() {
    /// The header's dict and the data of a `.npy` file.
    fn split(npy: &[u8]) -> (String, &[u8]) {
        assert_eq!(&npy[..8], b"\x93NUMPY\x01\x00");
        let length = u16::from_le_bytes([npy[8], npy[9]]) as usize;
        let dict = String::from_utf8(npy[10..10 + length].to_vec()).unwrap();
        (dict, &npy[10 + length..])
    }
    let run = |extra: &[&str]| {
        let args = with(
            &[
                "eller",
                "--size",
                "7",
                "--count",
                "10",
                "--seed",
                "5",
                "--format",
                "npy-connections",
            ],
            extra,
        );
        let output = mazegen().args(&args).output().unwrap();
        assert!(output.status.success());
        output.stdout
    };
    let whole = run(&[]);
    let (dict, data) = split(&whole);
    assert!(dict.contains("'shape': (10, 2, 3, 3)"), "{dict}");
    let mut joined = Vec::new();
    for (k, count) in [(1, 3), (2, 3), (3, 4)] {
        let shard = run(&["--shard", &format!("{k}/3")]);
        let (dict, data) = split(&shard);
        assert!(
            dict.contains(&format!("'shape': ({count}, 2, 3, 3)")),
            "{dict}"
        );
        joined.extend_from_slice(data);
    }
    assert_eq!(joined, data);
}

#[test]
fn a_dataset_the_memory_cannot_hold_is_refused_before_the_first_maze() {
    // 256 threads each making one of 256 32768x32768-cell mazes need half a terabyte at once.
    if !common::heuristic_overcommit() {
        return;
    }
    let started = std::time::Instant::now();
    assert_refused(
        &[
            "wilson",
            "--size",
            "65537",
            "--count",
            "256",
            "--jobs",
            "256",
            "--format",
            "npy",
            "-o",
            "never.npy",
        ],
        &[
            "not enough memory to make 256 mazes at once",
            "use fewer --jobs",
        ],
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    assert!(!std::path::Path::new("never.npy").exists());
}

#[test]
fn random_walks_over_a_thin_mask_are_refused_in_datasets_unless_allowed() {
    // A line of about 60,000 cells, turning back and forth: a random walk needs billions of
    // steps to cover it (seconds a maze), against thousands for a square of as many cells.
    let rows: Vec<String> = (0..120)
        .map(|y| match y % 4 {
            0 | 2 => ".".repeat(1000),
            1 => "X".repeat(999) + ".",
            _ => ".".to_string() + &"X".repeat(999),
        })
        .collect();
    let dir = scratch_dir("dataset-thin-mask");
    let mask = dir.write("line.txt", rows.join("\n"));
    let mask = mask.to_str().unwrap();
    for algorithm in ["wilson", "aldous-broder"] {
        assert_refused(
            &[
                algorithm, "--mask", mask, "--count", "3", "--format", "jsonl",
            ],
            &[
                "--count 3:",
                "random-walk steps a maze on this mask",
                "backtrack, kruskal",
                "--allow-slow",
            ],
        );
    }
    // Fast algorithms over the line, and random walks over a square, go.
    stdout_of(&[
        "kruskal", "--mask", mask, "--count", "2", "--format", "jsonl",
    ]);
    stdout_of(&[
        "wilson", "--size", "41", "--count", "2", "--format", "jsonl",
    ]);
}

#[test]
fn formats_refuse_the_options_whose_result_they_do_not_hold() {
    let dir = scratch_dir("dataset-unheld");
    let path = dir.join("unheld");
    let path = path.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["--solve", "--format", "npy"],
            "--solve: --format npy does not hold the solution; --format jsonl, npz, tokens or hrm \
             does",
        ),
        (
            &["--solve", "--format", "npy-connections"],
            "--solve: --format npy-connections does not hold the solution",
        ),
        (
            &["--openings", "--format", "npy-connections"],
            "--openings: --format npy-connections does not hold openings in the outer wall; \
             --format jsonl, npy or npz does",
        ),
        (
            &["--openings", "--format", "tokens"],
            "--openings: --format tokens does not hold openings",
        ),
        (
            &["--start", "0,1", "--format", "npy"],
            "--start 0,1: --format npy does not hold the start and goal; --format jsonl, npz, \
             tokens, hrm, searchformer or mazebench does, --openings shows them",
        ),
        (
            &["--endpoints", "farthest", "--format", "npy-connections"],
            "--endpoints farthest: --format npy-connections does not hold the start and goal",
        ),
    ];
    for (options, expected) in cases {
        let args = [&["backtrack", "--count", "10000", "-o", path][..], options].concat();
        assert_refused(&args, &[expected]);
        assert!(
            !std::path::Path::new(path).exists(),
            "{args:?} wrote a file"
        );
    }
    // What the formats hold is taken: the solutions in npz, openings in npy's tiles, and
    // endpoints that choose mazes by a bound.
    for options in [
        &["--solve", "--format", "npz"][..],
        &["--solve", "--format", "tokens"],
        &["--openings", "--start", "0,1", "--format", "npy"],
        &[
            "--goal",
            "1,1",
            "--min-solution",
            "2",
            "--format",
            "npy-connections",
        ],
    ] {
        let args = [
            &["backtrack", "--count", "3", "--size", "7", "-o", path][..],
            options,
        ]
        .concat();
        mazegen().args(&args).assert().success();
        std::fs::remove_file(path).unwrap();
    }
    assert_refused(
        &["solve", "/dev/null", "--openings", "--format", "tokens"],
        &["--openings: --format tokens does not hold openings"],
    );
}

#[test]
fn tokens_take_any_maze_dataset_tokenizer_by_name() {
    let maze = [
        "backtrack",
        "--size",
        "7",
        "--seed",
        "7",
        "--format",
        "tokens",
    ];
    // maze-dataset's default tokenizer: the line it always was, named or not.
    let default = "<ADJLIST_START> (1,1) <--> (2,1) ; (0,2) <--> (1,2) ; (2,2) <--> (1,2) ; \
                   (0,2) <--> (0,1) ; (2,0) <--> (2,1) ; (1,2) <--> (1,1) ; (0,0) <--> (1,0) ; \
                   (2,0) <--> (1,0) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> \
                   <TARGET_START> (2,2) <TARGET_END> <PATH_START> (0,0) (1,0) (2,0) (2,1) (1,1) \
                   (1,2) (2,2) <PATH_END>\n";
    assert_eq!(stdout_of(&maze), default);
    let default_name = "MazeTokenizerModular-AOTP(UT(), AdjListCoord(pre=F, post=T, \
                        shuffle_d0=T, Ungrouped(connection_token_ordinal=1), \
                        ConnectionEdges(walls=F), RandomCoords()), Unlabeled(post=F), \
                        StepSequence(Singles(), step_tokenizers=(Coord(), ), pre=F, intra=F, \
                        post=F))";
    assert_eq!(
        stdout_of(&with(&maze, &["--tokenizer", default_name])),
        default
    );
    // Sorted passages and the path as moves, without the target.
    let moves = "AOP(UT(), AdjListCoord(pre=F, post=T, shuffle_d0=F, \
                 Ungrouped(connection_token_ordinal=1), ConnectionEdges(walls=F), \
                 SortedCoords()), StepSequence(Singles(), step_tokenizers=(Cardinal(), ), \
                 pre=F, intra=F, post=F))";
    assert_eq!(
        stdout_of(&with(&maze, &["--tokenizer", moves])),
        "<ADJLIST_START> (0,0) <--> (1,0) ; (0,1) <--> (0,2) ; (0,2) <--> (1,2) ; (1,0) <--> \
         (2,0) ; (1,1) <--> (1,2) ; (1,1) <--> (2,1) ; (1,2) <--> (2,2) ; (2,0) <--> (2,1) ; \
         <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> <TARGET_END> \
         <PATH_START> SOUTH SOUTH EAST NORTH EAST SOUTH <PATH_END>\n"
    );
    assert_refused(
        &with(&maze, &["--tokenizer", "AOTP(UT(), x"]),
        &[
            "'AOTP(UT(), x' is no maze-dataset tokenizer: at character 12 expected an \
             adjacency list tokenizer (AdjListCoord(, AdjListCardinal(), found 'x'",
            "such as 'MazeTokenizerModular-AOTP(UT(), AdjListCoord(",
        ],
    );
    assert_refused(
        &["backtrack", "--format", "text", "--tokenizer", default_name],
        &["--tokenizer chooses maze-dataset's tokenizer of --format tokens, not --format text"],
    );
    // maze-dataset reads no maze of one cell.
    assert_refused(
        &[
            "backtrack",
            "--size",
            "3",
            "--count",
            "2",
            "--format",
            "tokens",
        ],
        &["maze-dataset's tokens need a maze with a passage"],
    );
}

#[test]
fn random_endpoints_are_drawn_from_each_mazes_seed() {
    let args = [
        "kruskal",
        "--size",
        "11",
        "--count",
        "200",
        "--seed",
        "6",
        "--endpoints",
        "random",
        "--min-distance",
        "6",
        "--solve",
        "--format",
        "jsonl",
    ];
    let jsonl = stdout_of(&args);
    let mazes = documents(&jsonl);
    let ends: HashSet<String> = mazes
        .iter()
        .map(|maze| format!("{} {}", maze["start"], maze["goal"]))
        .collect();
    assert!(ends.len() > 150, "{} pairs of endpoints", ends.len());
    let plain = documents(&stdout_of(&with(&args[..7], &["--format", "jsonl"])));
    for (maze, plain) in mazes.iter().zip(&plain) {
        // The passages are the mazes' without it: the ends are drawn from a stream of their own.
        assert_eq!(maze["tiles"], plain["tiles"]);
        assert_eq!(maze["seed"], plain["seed"]);
        // The solution in tiles: a cell, then a passage and a cell a step.
        let steps = (maze["solution"].as_array().unwrap().len() - 1) / 2;
        assert!(
            steps >= 6,
            "{steps} steps between {} and {}",
            maze["start"],
            maze["goal"]
        );
    }
    // The same mazes for any number of threads.
    assert_eq!(stdout_of(&with(&args, &["--jobs", "1"])), jsonl);
    // Opt-in: without it every maze keeps the corners.
    let corners: HashSet<String> = plain
        .iter()
        .map(|maze| format!("{} {}", maze["start"], maze["goal"]))
        .collect();
    assert_eq!(corners.len(), 1);
}

#[test]
fn random_endpoints_refuse_what_cannot_be() {
    for (args, message) in [
        (
            &["--min-distance", "3"][..],
            "error: --min-distance 3 keeps random endpoints apart: add --endpoints random, or \
             leave --min-distance out",
        ),
        (
            &[
                "--endpoints",
                "random",
                "--min-distance",
                "30",
                "--count",
                "2",
            ],
            "error: --endpoints random --min-distance 30: random endpoints at least 30 steps \
             apart: expected a distance from 1 to 15 (a path visits each of the 16 cells at \
             most once)",
        ),
        (
            &["--endpoints", "random", "--start", "0,0", "--count", "2"],
            "error: --endpoints random draws the start and goal of each maze: it cannot be \
             combined with --start, --goal or --openings",
        ),
        (
            &["--endpoints", "random", "--min-distance", "0"],
            "expected a whole number of steps from 1 to 4294967295",
        ),
    ] {
        let output = mazegen()
            .args(with(&["backtrack", "--size", "9", "--seed", "1"], args))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
    } // A maze of one cell has no two cells to put them in, said as such.
    let output = mazegen()
        .args([
            "backtrack",
            "--size",
            "3",
            "--endpoints",
            "random",
            "--count",
            "2",
            "--seed",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&output.stderr),
        "error: --endpoints random --min-distance 1: random endpoints at least 1 step apart: a \
         maze of 1 cell has no two cells to put them in; expected a maze of at least 2 cells\n"
    );
}
