//! `score`: answers read a line each and scored against the mazes they answer.

use crate::app::cli::{ScoreArgs, ScoreFormat};
use crate::app::output::Target;
use crate::app::settle::{bad_input, open_named};
use anyhow::Context;
use mazegen::read::{AnyDocument, ReadError, read_document};
use mazegen::score::{Board, Rule, Score, Summary};
use serde_json::json;
use std::fmt::Write as _;
use std::io::{self, BufRead, Read};
use std::path::Path;

/// Reads the mazes, then the answers a line at a time, scores every answer as it comes, and
/// writes the results only once all were read.
pub fn run(args: ScoreArgs) -> anyhow::Result<()> {
    let stdin = Path::new("-");
    if args.mazes == stdin && args.answers == stdin {
        return Err(bad_input(
            "--mazes - and --answers - both read standard input, which holds one of them; give \
             the other as a file",
        ));
    }
    let boards = boards(&args.mazes)?;
    let rule = Rule::from(args.mode);
    let name = args.answers.display();
    let mazes = boards.len();
    let mut summary = Summary::default();
    let mut scores = Vec::new();
    let mut answers = Lines::open(&args.answers, "--answers")?;
    while let Some(answer) = answers.next_line()? {
        let line = scores.len() + 1;
        if mazes > 1 && line > mazes {
            return Err(bad_input(format!(
                "--answers {name}: more than {mazes} lines for {mazes} mazes, expected one answer \
                 a line for each maze of --mazes"
            )));
        }
        let board = &boards[if mazes == 1 { 0 } else { line - 1 }];
        let score = board
            .score(answer, rule)
            .map_err(|error| bad_input(format!("--answers {name} line {line}: {error}")))?;
        summary.add(&score);
        scores.try_reserve(1).map_err(|_| {
            bad_input(format!(
                "--answers {name} line {line}: not enough memory to keep the scores of so many \
                 answers"
            ))
        })?;
        scores.push(score);
    }
    let given = scores.len();
    if mazes > 1 && mazes != given {
        return Err(bad_input(format!(
            "--answers {name}: {given} lines for {mazes} mazes, expected one answer a line for \
             each maze of --mazes"
        )));
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
    Target::Stdout.write(|out| out.write_all(output.as_bytes()))
}

/// The lines of a file the command line names (standard input for `-`), read one at a time
/// into one buffer: memory holds the longest line, not the file, so an endless input is read
/// as it comes and a line that never ends is refused once memory will not hold more of it.
struct Lines {
    input: Box<dyn BufRead>,
    /// How messages name the input: the flag and the file.
    what: String,
    /// The current line as read, with its line ending.
    line: Vec<u8>,
    /// The lines read, the current one among them.
    count: usize,
    /// The bytes of the input before the current line.
    offset: u64,
}

impl Lines {
    /// Opens `path` for `flag` (refusing a file that cannot be opened as bad input).
    fn open(path: &Path, flag: &str) -> anyhow::Result<Self> {
        let what = format!("{flag} {}", path.display());
        let input: Box<dyn BufRead> = match path == Path::new("-") {
            true => Box::new(io::stdin().lock()),
            false => Box::new(io::BufReader::new(open_named(path, &what)?)),
        };
        Ok(Self {
            input,
            what,
            line: Vec::new(),
            count: 0,
            offset: 0,
        })
    }

    /// The next line without its line ending (`\n` or `\r\n`), as `str::lines` splits them,
    /// or `None` at the end.
    fn next_line(&mut self) -> anyhow::Result<Option<&str>> {
        self.offset += self.line.len() as u64;
        self.line.clear();
        loop {
            let block = match self.input.fill_buf() {
                Ok(block) => block,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    let what = match self.what.strip_suffix(" -") {
                        Some(flag) => format!("{flag} -: cannot read standard input"),
                        None => format!("{}: cannot read", self.what),
                    };
                    return Err(anyhow::Error::new(error).context(what));
                }
            };
            if block.is_empty() {
                break;
            }
            let (taken, ended) = match memchr::memchr2(b'\n', 0, block) {
                // A NUL is in no text (so `/dev/zero` is refused at once, not held).
                Some(at) if block[at] == 0 => {
                    let byte = self.offset + (self.line.len() + at) as u64 + 1;
                    let what = &self.what;
                    return Err(bad_input(format!(
                        "{what}: byte {byte} is NUL, expected text"
                    )));
                }
                Some(at) => (at + 1, true),
                None => (block.len(), false),
            };
            if self.line.try_reserve(taken).is_err() {
                return Err(bad_input(format!(
                    "{} line {}: not enough memory to hold a line of more than {} bytes",
                    self.what,
                    self.count + 1,
                    self.line.len()
                )));
            }
            self.line.extend_from_slice(&block[..taken]);
            self.input.consume(taken);
            if ended {
                break;
            }
        }
        if self.line.is_empty() {
            return Ok(None);
        }
        self.count += 1;
        let text = std::str::from_utf8(&self.line).map_err(|error| {
            bad_input(format!(
                "{}: byte {} is not UTF-8, expected text",
                self.what,
                self.offset + error.valid_up_to() as u64 + 1
            ))
        })?;
        Ok(Some(match text.strip_suffix('\n') {
            Some(text) => text.strip_suffix('\r').unwrap_or(text),
            None => text,
        }))
    }

    /// The input from the start of the current line on, `blank` empty lines before it.
    fn into_rest(self, blank: usize) -> impl Read {
        let mut head = vec![b'\n'; blank];
        head.extend_from_slice(&self.line);
        io::Cursor::new(head).chain(self.input)
    }
}

/// The boards of the mazes in `path`: a maze document a line (each read as it comes), or one
/// maze document.
fn boards(path: &Path) -> anyhow::Result<Vec<Board>> {
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
    let mut lines = Lines::open(path, "--mazes")?;
    let mut blank = 0;
    let first = loop {
        match lines.next_line()? {
            Some(line) if line.trim().is_empty() => blank += 1,
            line => break line.map(|line| read_document(line.as_bytes())),
        }
    };
    let mut boards = match first {
        Some(Ok(document)) => vec![board(document).with_context(|| {
            format!(
                "--mazes {name} line {}: expected a maze document a line",
                blank + 1
            )
        })?],
        _ => {
            let one = read_document(lines.into_rest(blank))
                .map_err(refused)
                .and_then(board)
                .with_context(|| {
                    format!(
                        "--mazes {name}: expected maze documents one a line (as --format jsonl \
                         writes them) or one maze document"
                    )
                })?;
            return Ok(vec![one]);
        }
    };
    while let Some(line) = lines.next_line()? {
        if line.trim().is_empty() {
            continue;
        }
        let maze = read_document(line.as_bytes())
            .map_err(refused)
            .and_then(board)
            .with_context(|| {
                format!(
                    "--mazes {name} line {}: expected a maze document a line",
                    lines.count
                )
            })?;
        boards.push(maze);
    }
    Ok(boards)
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
