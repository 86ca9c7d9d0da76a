//! Every command in README.md and the guides in `docs/` runs as written, on files the documents
//! make first.
//!
//! Each document runs in order in a fresh directory of its own, with the `mazegen` just built
//! first on `PATH` and `HOME` inside that directory:
//!
//! - a ```` ```sh ```` block is a list of commands (`\` continues a line, `<<'EOF'` takes the
//!   lines up to `EOF`, `NAME=value` alone on a line sets a variable for the commands after it),
//!   each run by the shell and expected to succeed;
//! - a ```` ```text ```` block whose first line starts with `$ ` is a transcript: each `$ `
//!   line is run, and what it prints (standard output, then standard error) must be the lines
//!   below it; one that prints `error: ...` must fail, any other succeed;
//! - a table with a `Command` column runs each cell of it that is a `mazegen ...` code span;
//! - a ```` ```python ```` block runs as a script file when `python3` imports every module it
//!   imports (the package `mazegen` is built from this checkout when numpy is there).
//!
//! ```` ```console ```` blocks (installing, scripts for a cluster, what needs a terminal) and
//! other ```` ```text ```` blocks are shown, never run. A command whose program (`jq`, `dot`,
//! `python3`, ...) is missing is skipped with a note. The Rust blocks are doctests
//! (`src/lib.rs`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The documents whose commands run: README.md, and the guides in `docs/` (a copy without
/// `docs/` runs README alone).
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut documents = vec![root.join("README.md")];
    match std::fs::read_dir(root.join("docs")) {
        Ok(entries) => {
            let mut guides: Vec<PathBuf> = entries
                .map(|entry| entry.unwrap().path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
                .collect();
            guides.sort();
            documents.extend(guides);
        }
        Err(_) => eprintln!("note: docs/ is not here; README.md alone runs"),
    }
    for name in ["CONTRIBUTING.md", "ARCHITECTURE.md", "CHANGELOG.md"] {
        if root.join(name).exists() {
            documents.push(root.join(name));
        }
    }
    documents
}

/// What a document asks to run, in its order.
#[derive(Debug, Clone, PartialEq)]
enum Step {
    /// A command that must succeed.
    Shell(String),
    /// A command and what it prints.
    Transcript { command: String, output: String },
    /// A Python script.
    Python(String),
}

/// A step and the line of the document it comes from.
#[derive(Debug, Clone, PartialEq)]
struct Located {
    line: usize,
    step: Step,
}

/// The cells of a markdown table row, `\|` kept as `|` inside a cell.
fn cells(row: &str) -> Vec<String> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    row.replace("\\|", "\u{0}")
        .split('|')
        .map(|cell| cell.trim().replace('\u{0}', "|"))
        .collect()
}

/// The commands of a ```` ```sh ```` block, from its lines (numbered from `first`).
fn shell_commands(lines: &[&str], first: usize, steps: &mut Vec<Located>) {
    let mut i = 0;
    while i < lines.len() {
        let start = i;
        let mut command = lines[i].to_string();
        i += 1;
        while command.ends_with('\\') && i < lines.len() {
            command.pop();
            command.push(' ');
            command.push_str(lines[i].trim_start());
            i += 1;
        }
        let trimmed = command.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if let Some(at) = command.find("<<") {
            let word = command[at + 2..]
                .trim_start_matches('-')
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .trim_matches(|c| c == '\'' || c == '"')
                .to_string();
            loop {
                assert!(
                    i < lines.len(),
                    "line {}: the here-document ends before {word}",
                    first + start
                );
                command.push('\n');
                command.push_str(lines[i]);
                i += 1;
                if lines[i - 1] == word {
                    break;
                }
            }
        }
        steps.push(Located {
            line: first + start,
            step: Step::Shell(command),
        });
    }
}

/// The transcript of a ```` ```text ```` block that starts with `$ `.
fn transcript(lines: &[&str], first: usize, steps: &mut Vec<Located>) {
    let mut i = 0;
    while i < lines.len() {
        let command = lines[i].strip_prefix("$ ").expect("a transcript line");
        let start = i;
        i += 1;
        let mut output = String::new();
        while i < lines.len() && !lines[i].starts_with("$ ") {
            output.push_str(lines[i]);
            output.push('\n');
            i += 1;
        }
        steps.push(Located {
            line: first + start,
            step: Step::Transcript {
                command: command.to_string(),
                output,
            },
        });
    }
}

/// The steps of a markdown document, in order.
fn steps(markdown: &str) -> Vec<Located> {
    let lines: Vec<&str> = markdown.lines().collect();
    let mut steps = Vec::new();
    let mut command_column: Option<usize> = None;
    let mut in_table = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            let indent = line.len() - trimmed.len();
            let info = info.trim().to_string();
            let start = i + 1;
            i += 1;
            while i < lines.len() && !lines[i].trim_start().starts_with("```") {
                i += 1;
            }
            assert!(
                i < lines.len(),
                "line {start}: a code block is never closed"
            );
            let body: Vec<&str> = lines[start..i]
                .iter()
                .map(|line| {
                    line.get(indent..)
                        .filter(|_| line.len() >= indent)
                        .unwrap_or("")
                })
                .map(|line| {
                    if line.trim().is_empty() && line.len() < indent {
                        ""
                    } else {
                        line
                    }
                })
                .collect();
            match info.as_str() {
                "sh" => shell_commands(&body, start + 1, &mut steps),
                "text" if body.first().is_some_and(|line| line.starts_with("$ ")) => {
                    transcript(&body, start + 1, &mut steps)
                }
                "python" => steps.push(Located {
                    line: start + 1,
                    step: Step::Python(body.join("\n") + "\n"),
                }),
                _ => {}
            }
            in_table = false;
            i += 1;
            continue;
        }
        if trimmed.starts_with('|') {
            if !in_table {
                in_table = true;
                command_column = cells(trimmed)
                    .iter()
                    .position(|cell| cell.eq_ignore_ascii_case("command"));
            } else if let Some(column) = command_column
                && let Some(cell) = cells(trimmed).get(column)
                && let Some(code) = cell.strip_prefix('`').and_then(|c| c.strip_suffix('`'))
                && code.starts_with("mazegen ")
                && !code.contains('`')
            {
                steps.push(Located {
                    line: i + 1,
                    step: Step::Shell(code.to_string()),
                });
            }
        } else {
            in_table = false;
        }
        i += 1;
    }
    steps
}

/// The programs a shell command starts: the first word of each part of its pipelines and
/// lists (quotes kept together, redirections and variables left out).
fn programs(command: &str) -> Vec<String> {
    let head = command
        .lines()
        .next()
        .unwrap_or_default()
        .replace(">&", ">");
    let mut parts = vec![String::new()];
    let mut quote = None;
    let mut after_blank = true;
    for c in head.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '#') if after_blank => break,
            (None, '\'' | '"') => quote = Some(c),
            (None, '|' | ';' | '&' | '(' | ')') => parts.push(String::new()),
            (None, c) => parts.last_mut().unwrap().push(c),
        }
        after_blank = c.is_whitespace();
    }
    parts
        .iter()
        .filter_map(|part| {
            part.split_whitespace()
                .find(|word| !word.contains('=') && !word.starts_with(['>', '<']))
                .map(str::to_string)
        })
        .filter(|word| !word.starts_with(['$', '#']))
        .collect()
}

/// Whether the shell finds `program` (a builtin, or a file on `PATH`).
fn found(program: &str, path: &str) -> bool {
    static FOUND: OnceLock<std::sync::Mutex<HashMap<String, bool>>> = OnceLock::new();
    let cache = FOUND.get_or_init(Default::default);
    if let Some(&known) = cache.lock().unwrap().get(program) {
        return known;
    }
    let known = Command::new("sh")
        .args(["-c", &format!("command -v '{program}' >/dev/null")])
        .env("PATH", path)
        .status()
        .is_ok_and(|status| status.success());
    cache.lock().unwrap().insert(program.to_string(), known);
    known
}

/// `PATH` with the directory of the `mazegen` under test first.
fn search_path() -> String {
    let binary = Path::new(env!("CARGO_BIN_EXE_mazegen"));
    let mut dirs = vec![binary.parent().unwrap().to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs)
        .unwrap()
        .into_string()
        .expect("PATH is UTF-8")
}

/// The Python modules a script imports (top-level names).
fn imports(script: &str) -> Vec<String> {
    let mut modules = Vec::new();
    for line in script.lines().map(str::trim) {
        let names = if let Some(rest) = line.strip_prefix("import ") {
            rest.split(',')
                .map(|name| name.split_whitespace().next().unwrap_or_default())
                .collect::<Vec<_>>()
        } else if let Some(rest) = line.strip_prefix("from ") {
            vec![rest.split_whitespace().next().unwrap_or_default()]
        } else {
            continue;
        };
        for name in names {
            let top = name.split('.').next().unwrap_or_default().to_string();
            if !top.is_empty() && !modules.contains(&top) {
                modules.push(top);
            }
        }
    }
    modules
}

/// A directory holding the Python package `mazegen` built from this checkout, or `None`
/// (with a note) where `python3` has no numpy or the package's sources are not here.
fn python_package() -> Option<&'static Path> {
    static PACKAGE: OnceLock<Option<PathBuf>> = OnceLock::new();
    PACKAGE
        .get_or_init(|| {
            let root = Path::new(env!("CARGO_MANIFEST_DIR"));
            if !root.join("python/Cargo.toml").exists() || !crate::common::python_has("numpy") {
                return None;
            }
            let target = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().unwrap();
            let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
            let status = Command::new(cargo)
                .args(["build", "--locked", "--quiet", "-p", "mazegen-python"])
                .env("CARGO_TARGET_DIR", target)
                .current_dir(root)
                .status()
                .expect("cargo runs");
            assert!(status.success(), "the Python extension did not build");
            let built = target.join("debug").join(if cfg!(target_os = "macos") {
                "lib_mazegen.dylib"
            } else {
                "lib_mazegen.so"
            });
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("guides-python");
            let package = dir.join("mazegen");
            let _ = std::fs::remove_dir_all(&package);
            std::fs::create_dir_all(&package).unwrap();
            for entry in std::fs::read_dir(root.join("python/mazegen")).unwrap() {
                let path = entry.unwrap().path();
                if path.is_file() {
                    std::fs::copy(&path, package.join(path.file_name().unwrap())).unwrap();
                }
            }
            std::fs::copy(built, package.join("_mazegen.abi3.so")).unwrap();
            Some(dir)
        })
        .as_deref()
}

/// Runs the steps of one document in `dir`; returns how many ran and how many were skipped.
fn run_document(name: &str, markdown: &str, dir: &Path) -> (usize, usize) {
    let path = search_path();
    let home = dir.join("home");
    std::fs::create_dir_all(&home).unwrap();
    // Temporary files the steps make (Python's tempfile, Dask's scratch space) land here.
    let temporary = dir.join("tmp");
    std::fs::create_dir_all(&temporary).unwrap();
    let shell = if found("bash", &path) { "bash" } else { "sh" };
    let mut variables: Vec<(String, String)> = Vec::new();
    let (mut ran, mut skipped) = (0, 0);
    let run = |command: &str, variables: &[(String, String)]| {
        let mut shell_command = assert_cmd::Command::new(shell);
        if shell == "bash" {
            shell_command.args(["-o", "pipefail"]);
        }
        shell_command
            .args(["-c", command])
            .current_dir(dir)
            .env("PATH", &path)
            .env("HOME", &home)
            .env("TMPDIR", &temporary)
            .env_remove("NO_COLOR")
            .envs(variables.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .timeout(Duration::from_secs(120))
            .output()
            .unwrap()
    };
    for Located { line, step } in steps(markdown) {
        let at = format!("{name}:{line}");
        if let Step::Shell(command) | Step::Transcript { command, .. } = &step {
            let missing: Vec<String> = programs(command)
                .into_iter()
                .filter(|program| !found(program, &path))
                .collect();
            if !missing.is_empty() {
                eprintln!(
                    "note: {at}: {} is not installed; skipped: {command}",
                    missing.join(", ")
                );
                skipped += 1;
                continue;
            }
        }
        match step {
            Step::Shell(command) => {
                if let Some((name, rest)) = command.trim().split_once('=')
                    && !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                    && let Some((value, comment)) =
                        rest.split_once(char::is_whitespace).or(Some((rest, "")))
                    && comment.trim_start().chars().next().is_none_or(|c| c == '#')
                {
                    variables.push((name.to_string(), value.to_string()));
                    continue;
                }
                let started = Instant::now();
                let output = run(&command, &variables);
                assert!(
                    output.status.success(),
                    "{at}: `{command}` failed ({}):\n{}",
                    output.status,
                    String::from_utf8_lossy(&output.stderr)
                );
                let took = started.elapsed();
                if took > Duration::from_secs(2) {
                    eprintln!("note: {at}: `{command}` took {took:.1?}");
                }
                ran += 1;
            }
            Step::Transcript { command, output } => {
                let result = run(&command, &variables);
                let printed = String::from_utf8_lossy(&result.stdout).into_owned()
                    + &String::from_utf8_lossy(&result.stderr);
                // Markdown keeps no trailing blanks: compare lines without them.
                let trimmed = |text: &str| {
                    text.lines()
                        .map(|line| line.trim_end().to_string() + "\n")
                        .collect::<String>()
                };
                assert_eq!(
                    trimmed(&printed),
                    trimmed(&output),
                    "{at}: `{command}` prints something else than the document shows"
                );
                assert_eq!(
                    result.status.success(),
                    !output.starts_with("error:"),
                    "{at}: `{command}` ended with {}",
                    result.status
                );
                ran += 1;
            }
            Step::Python(script) => {
                let modules = imports(&script);
                let package = if modules.iter().any(|m| m == "mazegen") {
                    python_package()
                } else {
                    None
                };
                let missing: Vec<&String> = modules
                    .iter()
                    .filter(|m| !(m.as_str() == "mazegen" && package.is_some()))
                    .filter(|m| !crate::common::python_has(m))
                    .collect();
                if !found("python3", &path) || !missing.is_empty() {
                    let missing: Vec<&str> = missing.iter().map(|m| m.as_str()).collect();
                    eprintln!(
                        "note: {at}: python3 with {} is not installed; the Python block is skipped",
                        missing.join(", ")
                    );
                    skipped += 1;
                    continue;
                }
                // As a file, as people run them (Dask's workers, for one, run it again).
                let file = format!("block-{line}.py");
                std::fs::write(dir.join(&file), &script).unwrap();
                let mut python = assert_cmd::Command::new("python3");
                python
                    .arg(&file)
                    .current_dir(dir)
                    .env("PATH", &path)
                    .env("HOME", &home)
                    .env("TMPDIR", &temporary)
                    .timeout(Duration::from_secs(120));
                if let Some(package) = package {
                    python.env("PYTHONPATH", package);
                }
                let started = Instant::now();
                let output = python.output().unwrap();
                assert!(
                    output.status.success(),
                    "{at}: the Python block failed:\n{}",
                    String::from_utf8_lossy(&output.stderr)
                );
                let took = started.elapsed();
                if took > Duration::from_secs(2) {
                    eprintln!("note: {at}: the Python block took {took:.1?}");
                }
                ran += 1;
            }
        }
    }
    (ran, skipped)
}

#[test]
fn every_command_in_the_docs_runs() {
    let documents = documents();
    std::thread::scope(|scope| {
        let runs: Vec<_> = documents
            .iter()
            .map(|document| {
                scope.spawn(move || {
                    let name = document.file_name().unwrap().to_str().unwrap();
                    let label = match document.parent().and_then(Path::file_name) {
                        Some(parent) if parent == "docs" => format!("docs/{name}"),
                        _ => name.to_string(),
                    };
                    let markdown = std::fs::read_to_string(document).unwrap();
                    let dir = crate::common::scratch_dir(&format!(
                        "guide-{}",
                        label.replace(['/', '.'], "-")
                    ));
                    let started = Instant::now();
                    let (ran, skipped) = run_document(&label, &markdown, &dir);
                    eprintln!(
                        "{label}: {ran} commands ran, {skipped} skipped, in {:.1?}",
                        started.elapsed()
                    );
                })
            })
            .collect();
        let failures: Vec<String> = runs
            .into_iter()
            .filter_map(|run| run.join().err())
            .map(|panic| {
                panic
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default()
            })
            .collect();
        assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    });
}

#[test]
fn the_steps_of_a_document_are_read_as_documented() {
    let markdown = "\
Intro.

```sh
mazegen backtrack --size 5 \\
    --seed 1   # a comment
# a line of comment
cat > mask.txt <<'EOF'
..
EOF
M=7
```

```text
$ mazegen backtrack --size 20
error: even
$ echo hi
hi
```

```text
not a transcript
```

```console
$ cargo install mazegen
```

| You want | Command |
|---|---|
| a maze | `mazegen backtrack --size 21` |
| a note | see below |

```python
import numpy as np, networkx
from maze_dataset.tokenization import TokenizationMode
```
";
    let found: Vec<Step> = steps(markdown).into_iter().map(|s| s.step).collect();
    assert_eq!(
        found,
        vec![
            Step::Shell("mazegen backtrack --size 5  --seed 1   # a comment".into()),
            Step::Shell("cat > mask.txt <<'EOF'\n..\nEOF".into()),
            Step::Shell("M=7".into()),
            Step::Transcript {
                command: "mazegen backtrack --size 20".into(),
                output: "error: even\n".into()
            },
            Step::Transcript {
                command: "echo hi".into(),
                output: "hi\n".into()
            },
            Step::Shell("mazegen backtrack --size 21".into()),
            Step::Python(
                "import numpy as np, networkx\nfrom maze_dataset.tokenization import \
                 TokenizationMode\n"
                    .into()
            ),
        ]
    );
    assert_eq!(
        imports("import numpy as np, networkx\nfrom maze_dataset.tokenization import X\n"),
        ["numpy", "networkx", "maze_dataset"]
    );
    assert_eq!(
        programs(
            "mazegen a | jq '.a | length' && dot -Tsvg x>y 2>/dev/null; (cd b && npm i) # (a)"
        ),
        ["mazegen", "jq", "dot", "cd", "npm"]
    );
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and `_` kept, spaces
/// made `-`, everything else dropped.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a markdown document's headings (outside code blocks).
fn anchors(markdown: &str) -> Vec<String> {
    let mut anchors = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && line.starts_with('#') {
            anchors.push(anchor(line.trim_start_matches('#')));
        }
    }
    anchors
}

/// The link targets of a markdown document: `](target)` and `src="target"`, outside code.
fn links(markdown: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Code spans hold no links.
        let text: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        for (open, close) in [("](", ')'), ("src=\"", '"')] {
            let mut rest = text.as_str();
            while let Some(at) = rest.find(open) {
                rest = &rest[at + open.len()..];
                if let Some(end) = rest.find(close) {
                    links.push(rest[..end].to_string());
                    rest = &rest[end..];
                }
            }
        }
    }
    links
}

#[test]
fn every_link_in_the_docs_leads_somewhere() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if !root.join("docs").exists() {
        eprintln!("note: docs/ is not here; the links are not checked");
        return;
    }
    // The published crate leaves pictures, benches and CI out (a file cargo writes beside its
    // manifest says it is one): there only the links to what it holds are checked.
    let published = root.join(".cargo_vcs_info.json").exists();
    let mut broken = Vec::new();
    for document in documents() {
        let markdown = std::fs::read_to_string(&document).unwrap();
        let dir = document.parent().unwrap();
        for link in links(&markdown) {
            if link.starts_with("http://") || link.starts_with("https://") {
                continue;
            }
            let (file, fragment) = link.split_once('#').unwrap_or((&link, ""));
            let target = if file.is_empty() {
                document.clone()
            } else {
                dir.join(file)
            };
            if !(target.exists() || published) {
                broken.push(format!("{}: {link}: no such file", document.display()));
            } else if !fragment.is_empty() {
                let text = std::fs::read_to_string(&target).unwrap_or_default();
                if !anchors(&text).iter().any(|a| a == fragment) {
                    broken.push(format!("{}: {link}: no such heading", document.display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
    assert_eq!(
        anchor("Solving methods: `solve --method`"),
        "solving-methods-solve---method"
    );
}
