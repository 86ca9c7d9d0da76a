//! `mazegen score`: answers a line each, scored against the mazes `--format jsonl` wrote (or
//! one maze document); bad lines refused with their number and what was expected.

use crate::common::{assert_refused, scratch_dir, sh_with_memory_limit, stdout_of};
use mazegen::read::read_maze;
use std::fs;
use std::path::Path;

/// The moves (UDLR) of maze `document`'s solution.
fn solution_moves(document: &str) -> String {
    let maze = read_maze(document.as_bytes()).unwrap();
    maze.solution()
        .unwrap()
        .windows(2)
        .map(|pair| {
            let (a, b) = (maze.pos(pair[0]), maze.pos(pair[1]));
            match (
                i64::from(b.x) - i64::from(a.x),
                i64::from(b.y) - i64::from(a.y),
            ) {
                (1, 0) => 'R',
                (-1, 0) => 'L',
                (0, 1) => 'D',
                _ => 'U',
            }
        })
        .collect()
}

/// `count` solved mazes in `dir/mazes.jsonl`, and their documents.
fn mazes(dir: &Path, count: u32) -> Vec<String> {
    let count = count.to_string();
    let args = [
        "kruskal", "--cells", "7x5", "--braid", "0.5", "--count", &count, "--seed", "3", "--solve",
        "--format", "jsonl",
    ];
    let jsonl = stdout_of(&args);
    fs::write(dir.join("mazes.jsonl"), &jsonl).unwrap();
    jsonl.lines().map(str::to_owned).collect()
}

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

#[test]
fn every_solution_scores_optimal_and_a_wall_is_found_where_it_is() {
    let dir = scratch_dir("score-solutions");
    let documents = mazes(&dir, 20);
    let answers: Vec<String> = documents.iter().map(|d| solution_moves(d)).collect();
    fs::write(dir.join("answers.txt"), answers.join("\n") + "\n").unwrap();
    let (mazes, answers_file) = (path(&dir, "mazes.jsonl"), path(&dir, "answers.txt"));
    for mode in ["strict", "final-cell", "accepted-path"] {
        let out = stdout_of(&[
            "score",
            "--mazes",
            &mazes,
            "--answers",
            &answers_file,
            "--mode",
            mode,
            "--format",
            "jsonl",
        ]);
        let lines: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 21);
        for (i, result) in lines[..20].iter().enumerate() {
            assert_eq!(result["answer"], i + 1);
            assert_eq!(result["optimal"], true, "{result}");
            assert_eq!(result["first_illegal"], serde_json::Value::Null);
            assert_eq!(result["progress"], 1.0);
        }
        let summary = &lines[20]["summary"];
        assert_eq!(summary["answers"], 20);
        assert_eq!(summary["optimal"], 20);
        assert_eq!(summary["mean_progress"], 1.0);
    }
    // The top-left cell's north wall: the first step is illegal everywhere.
    let ups = vec!["U"; 20].join("\n");
    fs::write(dir.join("ups.txt"), ups).unwrap();
    let out = stdout_of(&[
        "score",
        "--mazes",
        &mazes,
        "--answers",
        &path(&dir, "ups.txt"),
    ]);
    assert_eq!(
        out.lines().next().unwrap(),
        "answer 1: illegal step 0, not reached, not optimal, progress 0.0000, 1 steps"
    );
    assert_eq!(
        out.lines().last().unwrap(),
        "answers 20, valid 0, reached 0, optimal 0, mean progress 0.0000"
    );
}

#[test]
fn one_maze_document_takes_every_answer_in_every_form() {
    let dir = scratch_dir("score-one");
    let document = stdout_of(&[
        "backtrack",
        "--cells",
        "2x2",
        "--seed",
        "5",
        "--solve",
        "--format",
        "json",
    ]);
    fs::write(dir.join("maze.json"), &document).unwrap();
    let moves = solution_moves(&document);
    let maze = read_maze(document.as_bytes()).unwrap();
    let cells: Vec<String> = maze
        .solution()
        .unwrap()
        .iter()
        .map(|&i| format!("[{},{}]", maze.pos(i).y, maze.pos(i).x))
        .collect();
    let alphamaze: String = moves
        .chars()
        .map(|m| match m {
            'U' => "<|up|>",
            'D' => "<|down|>",
            'L' => "<|left|>",
            _ => "<|right|>",
        })
        .collect();
    // An empty line is an answer of no steps.
    let answers = [
        moves.clone(),
        String::new(),
        format!("[{}]", cells.join(",")),
        alphamaze,
    ];
    fs::write(dir.join("answers.txt"), answers.join("\n")).unwrap();
    let out = stdout_of(&[
        "score",
        "--mazes",
        &path(&dir, "maze.json"),
        "--answers",
        &path(&dir, "answers.txt"),
        "--format",
        "json",
    ]);
    let document: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(document["mode"], "strict");
    let optimal: Vec<bool> = document["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["optimal"].as_bool().unwrap())
        .collect();
    assert_eq!(optimal, [true, false, true, true]);
    assert_eq!(document["summary"]["reached"], 3);
}

#[test]
fn bad_lines_are_refused_with_their_number_and_what_was_expected() {
    let dir = scratch_dir("score-refusals");
    let documents = mazes(&dir, 3);
    let mazes = path(&dir, "mazes.jsonl");
    fs::write(dir.join("bad.txt"), "RR\nRDX\nD\n").unwrap();
    assert_refused(
        &[
            "score",
            "--mazes",
            &mazes,
            "--answers",
            &path(&dir, "bad.txt"),
        ],
        &["bad.txt line 2: column 3: found 'X', expected a move (U, D, L, R, N, S, E or W)"],
    );
    fs::write(dir.join("short.txt"), "RR\nD\n").unwrap();
    assert_refused(
        &[
            "score",
            "--mazes",
            &mazes,
            "--answers",
            &path(&dir, "short.txt"),
        ],
        &["short.txt: 2 lines for 3 mazes, expected one answer a line for each maze"],
    );
    fs::write(
        dir.join("broken.jsonl"),
        format!("{}\n{{oops\n", documents[0]),
    )
    .unwrap();
    assert_refused(
        &[
            "score",
            "--mazes",
            &path(&dir, "broken.jsonl"),
            "--answers",
            &path(&dir, "short.txt"),
        ],
        &[
            "broken.jsonl line 2: expected a maze document a line",
            "not valid JSON",
        ],
    );
    let hex = stdout_of(&[
        "wilson", "--shape", "hex", "--cells", "3x3", "--format", "graph",
    ]);
    fs::write(dir.join("hex.json"), hex).unwrap();
    assert_refused(
        &[
            "score",
            "--mazes",
            &path(&dir, "hex.json"),
            "--answers",
            &path(&dir, "short.txt"),
        ],
        &["cannot score answers on a hex maze, only on rectangles and masks"],
    );
    assert_refused(
        &[
            "score",
            "--mazes",
            &mazes,
            "--answers",
            &path(&dir, "short.txt"),
            "--mode",
            "loose",
        ],
        &[
            "invalid value 'loose' for '--mode <MODE>'",
            "strict, final-cell, accepted-path",
        ],
    );
}

/// maze-dataset's token lines, `--format tokens` of the same run, read from standard input:
/// each path part is its maze's solution, scored optimal; both inputs from standard input are
/// refused.
#[test]
fn token_lines_from_standard_input() {
    let dir = scratch_dir("score-tokens");
    mazes(&dir, 6);
    let tokens = stdout_of(&[
        "kruskal", "--cells", "7x5", "--braid", "0.5", "--count", "6", "--seed", "3", "--format",
        "tokens",
    ]);
    let mazes = path(&dir, "mazes.jsonl");
    let out = crate::common::piped(
        &[
            "score",
            "--mazes",
            &mazes,
            "--answers",
            "-",
            "--format",
            "jsonl",
        ],
        &tokens,
    );
    let summary = out.lines().last().unwrap();
    assert_eq!(
        summary,
        r#"{"summary":{"answers":6,"mean_progress":1.0,"optimal":6,"reached":6,"valid":6}}"#
    );
    assert_refused(
        &["score", "--mazes", "-", "--answers", "-"],
        &["--mazes - and --answers - both read standard input"],
    );
}

/// Answers and mazes are read a line at a time as they come: an input that never ends is
/// refused as soon as it is known to be wrong, never held until memory runs out.
#[test]
fn endless_inputs_are_refused_as_they_come() {
    // Before: each was read whole (`/dev/zero` until memory ran out, `yes` for ever).
    let dir = scratch_dir("score-endless");
    let documents = mazes(&dir, 3);
    let (mazes, one) = (path(&dir, "mazes.jsonl"), path(&dir, "one.json"));
    fs::write(&one, &documents[0]).unwrap();
    assert_refused(
        &["score", "--mazes", &one, "--answers", "/dev/zero"],
        &["--answers /dev/zero: byte 1 is NUL, expected text"],
    );
    assert_refused(
        &["score", "--mazes", "/dev/zero", "--answers", &one],
        &["--mazes /dev/zero: byte 1 is NUL, expected text"],
    );
    let binary = env!("CARGO_BIN_EXE_mazegen");
    // Both under a memory limit: the first must not need it, the second is refused by it.
    let endless = [
        (
            format!("yes R | timeout 60 '{binary}' score --mazes '{mazes}' --answers -"),
            "--answers -: more than 3 lines for 3 mazes, expected one answer a line",
        ),
        (
            format!(
                "yes R | tr -d '\\n' | timeout 60 '{binary}' score --mazes '{one}' --answers -"
            ),
            "--answers - line 1: not enough memory to hold a line of more than ",
        ),
    ];
    for (script, expected) in endless {
        let Some(output) = sh_with_memory_limit(400_000, &script) else {
            return;
        };
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{script}: {stderr}");
        assert!(
            stderr.contains(expected) && stderr.lines().count() == 1,
            "{script}: {stderr}"
        );
    }
}
