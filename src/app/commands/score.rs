//! `score`: answers read a line each and scored against the mazes they answer.

use crate::app::cli::{ScoreArgs, ScoreFormat};
use crate::app::settle::{bad_input, open_named};
use anyhow::Context;
use mazegen::read::{AnyDocument, ReadError, read_document};
use mazegen::score::{Board, Rule, Score, Summary};
use serde_json::json;
use std::fmt::Write as _;
use std::io::{self, Read, Write};
use std::path::Path;

/// Reads the mazes and answers, scores every answer, and writes the results only once all
/// were read.
pub fn run(args: ScoreArgs) -> anyhow::Result<()> {
    let stdin = Path::new("-");
    if args.mazes == stdin && args.answers == stdin {
        return Err(bad_input(
            "--mazes - and --answers - both read standard input, which holds one of them; give \
             the other as a file",
        ));
    }
    let boards = boards(&args.mazes)?;
    let answers = read(&args.answers, "--answers")?;
    let answers: Vec<&str> = answers.lines().collect();
    let (mazes, given) = (boards.len(), answers.len());
    if mazes > 1 && mazes != given {
        return Err(bad_input(format!(
            "--answers {}: {given} lines for {mazes} mazes, expected one answer a line for each \
             maze of --mazes",
            args.answers.display()
        )));
    }
    let rule = Rule::from(args.mode);
    let mut summary = Summary::default();
    let mut scores = Vec::with_capacity(given);
    for (i, answer) in answers.iter().enumerate() {
        let board = &boards[if mazes == 1 { 0 } else { i }];
        let score = board.score(answer, rule).map_err(|error| {
            bad_input(format!(
                "--answers {} line {}: {error}",
                args.answers.display(),
                i + 1
            ))
        })?;
        summary.add(&score);
        scores.push(score);
    }
    let output = match args.format {
        ScoreFormat::Text => text(&scores, &summary),
        ScoreFormat::Json => {
            let results: Vec<_> = scores.iter().enumerate().map(result).collect();
            let document = json!({
                "mode": rule.name(),
                "results": results,
                "summary": summary_json(&summary),
            });
            format!("{document:#}\n")
        }
        ScoreFormat::Jsonl => {
            let mut out = String::new();
            for (i, score) in scores.iter().enumerate() {
                let _ = writeln!(out, "{}", result((i, score)));
            }
            let _ = writeln!(out, "{}", json!({ "summary": summary_json(&summary) }));
            out
        }
    };
    io::stdout().lock().write_all(output.as_bytes())?;
    Ok(())
}

/// The whole of `path` (standard input for `-`), named by `flag` when it cannot be read.
fn read(path: &Path, flag: &str) -> anyhow::Result<String> {
    let bytes = if path == Path::new("-") {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .with_context(|| format!("{flag} -: cannot read standard input"))?;
        bytes
    } else {
        let what = format!("{flag} {}", path.display());
        let mut bytes = Vec::new();
        open_named(path, &what)?
            .read_to_end(&mut bytes)
            .with_context(|| format!("{what}: cannot read"))?;
        bytes
    };
    String::from_utf8(bytes).map_err(|error| {
        bad_input(format!(
            "{flag} {}: byte {} is not UTF-8, expected text",
            path.display(),
            error.utf8_error().valid_up_to() + 1
        ))
    })
}

/// The boards of the mazes in `path`: a maze document a line, or one maze document.
fn boards(path: &Path) -> anyhow::Result<Vec<Board>> {
    let text = read(path, "--mazes")?;
    let name = path.display();
    let refused = |error: ReadError| -> anyhow::Error {
        match error {
            ReadError::Io(error) => error.into(),
            ReadError::Refused(error) => bad_input(error.to_string()),
        }
    };
    let board = |document: AnyDocument| {
        let (AnyDocument::Maze(maze) | AnyDocument::Graph(maze)) = document;
        Board::new(&maze).map_err(|error| bad_input(error.to_string()))
    };
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .collect();
    let first_is_whole = lines
        .first()
        .is_some_and(|(_, line)| read_document(line.as_bytes()).is_ok());
    if !first_is_whole || lines.len() == 1 {
        let maze = read_document(text.as_bytes())
            .map_err(refused)
            .and_then(board)
            .with_context(|| {
                format!(
                    "--mazes {name}: expected maze documents one a line (as --format jsonl \
                     writes them) or one maze document"
                )
            })?;
        return Ok(vec![maze]);
    }
    lines
        .into_iter()
        .map(|(i, line)| {
            read_document(line.as_bytes())
                .map_err(refused)
                .and_then(board)
                .with_context(|| {
                    format!(
                        "--mazes {name} line {}: expected a maze document a line",
                        i + 1
                    )
                })
        })
        .collect()
}

/// One answer's result as a JSON object, `answer` counting lines from 1.
fn result((i, score): (usize, &Score)) -> serde_json::Value {
    json!({
        "answer": i + 1,
        "valid": score.valid,
        "reached": score.reached,
        "optimal": score.optimal,
        "progress": score.progress,
        "first_illegal": score.first_illegal,
        "steps": score.steps,
    })
}

/// The summary as a JSON object.
fn summary_json(summary: &Summary) -> serde_json::Value {
    json!({
        "answers": summary.answers,
        "valid": summary.valid,
        "reached": summary.reached,
        "optimal": summary.optimal,
        "mean_progress": summary.mean_progress(),
    })
}

/// The results as text, a line an answer, then the summary.
fn text(scores: &[Score], summary: &Summary) -> String {
    let mut out = String::new();
    let no = |yes: bool| if yes { "" } else { "not " };
    for (i, score) in scores.iter().enumerate() {
        let illegal = match score.first_illegal {
            None => "valid".to_owned(),
            Some(step) => format!("illegal step {step}"),
        };
        let _ = writeln!(
            out,
            "answer {}: {illegal}, {}reached, {}optimal, progress {:.4}, {} steps",
            i + 1,
            no(score.reached),
            no(score.optimal),
            score.progress,
            score.steps
        );
    }
    let _ = writeln!(out, "{summary}");
    out
}
