//! Helpers shared by the integration tests.

use assert_cmd::cargo::cargo_bin_cmd;
use mazegen::algorithms::{
    Bias, BinaryTree, Generator, GrowingTree, Pick, Prim, Probability, catalogue,
};
use mazegen::analysis::Stats;
use mazegen::grid::Grid;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The `mazegen` binary, with `NO_COLOR` removed so tests control color explicitly.
pub fn mazegen() -> assert_cmd::Command {
    let mut command = cargo_bin_cmd!("mazegen");
    command.env_remove("NO_COLOR");
    command
}

/// Runs `mazegen` with `args`, asserts success, and returns standard output as text.
pub fn stdout_of(args: &[&str]) -> String {
    let output = mazegen().args(args).output().expect("mazegen runs");
    assert!(
        output.status.success(),
        "mazegen {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("output is UTF-8")
}

/// Runs `mazegen args` with `input` on standard input; asserts success and returns stdout.
pub fn piped(args: &[&str], input: &str) -> String {
    let output = mazegen().args(args).write_stdin(input).output().unwrap();
    assert!(
        output.status.success(),
        "mazegen {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// Runs `mazegen args`, asserts that it is refused with exit code 2, nothing on standard output
/// and an error on standard error containing every one of `fragments` (and no panic).
pub fn assert_refused(args: &[&str], fragments: &[&str]) {
    let mut assert = mazegen().args(args).assert().code(2).stdout("");
    for fragment in fragments {
        assert = assert.stderr(predicates::str::contains(*fragment));
    }
    assert.stderr(predicates::prelude::PredicateBooleanExt::not(
        predicates::str::contains("panicked"),
    ));
}

/// Checks that the graph document of `mazegen args` reads back as it was written (see
/// [`assert_document_reads_back`]).
pub fn assert_graph_reads_back(args: &[&str]) {
    assert_document_reads_back(args, "graph");
}

/// Checks that the document of `mazegen args` in `format` (`graph` or `json`) reads back as it
/// was written: `render` writes it again unchanged and draws it in `text` and `svg` as
/// generation does, `solve` solves it as `--solve` does, and `stats` prints the figures
/// `--stats` does.
pub fn assert_document_reads_back(args: &[&str], format: &str) {
    let with = |more: &[&str]| stdout_of(&[args, more].concat());
    let document = with(&["--format", format]);
    assert_eq!(piped(&["render", "--format", format], &document), document);
    for picture in ["text", "svg"] {
        let drawn = with(&["--format", picture]);
        assert_eq!(
            piped(&["render", "--format", picture], &document),
            drawn,
            "{args:?}"
        );
    }
    let solved = with(&["--format", format, "--solve"]);
    assert_eq!(
        piped(&["solve", "--format", format], &document),
        solved,
        "{args:?}"
    );
    let figures = mazegen()
        .args([args, &["--format", "svg", "--stats"]].concat())
        .output()
        .unwrap()
        .stderr;
    assert_eq!(piped(&["stats"], &document).as_bytes(), figures, "{args:?}");
}

/// Runs `mazegen` with `args`, asserts success, and parses standard output as JSON.
pub fn json_of(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout_of(args)).expect("output is JSON")
}

/// Fraction of cells that are dead ends.
pub fn dead_end_fraction(grid: &Grid) -> f64 {
    Stats::measure(grid).dead_end_fraction()
}

/// Every generator worth covering: [`catalogue`] (default options) followed by every other
/// option value (binary-tree's other biases, growing-tree's other picks).
pub fn generators() -> Vec<Box<dyn Generator + Send + Sync>> {
    let mut all = catalogue();
    for bias in Bias::ALL.into_iter().filter(|&b| b != Bias::default()) {
        all.push(Box::new(BinaryTree { bias }));
    }
    let mixed = Probability::new(0.3).expect("0.3 is a probability");
    for pick in [Pick::Random, Pick::Oldest, Pick::Mixed(mixed)] {
        all.push(Box::new(GrowingTree { pick }));
    }
    all.push(Box::new(Prim { simplified: true }));
    all
}

/// A short label for a generator in failure messages: its name and params.
pub fn label(generator: &dyn Generator) -> String {
    format!("{} {}", generator.name(), generator.params())
}

/// Runs `mazegen args` in a shell whose address space is limited to `kilobytes` (`ulimit -v`),
/// or returns `None` with a note where the shell cannot set that limit.
pub fn run_with_memory_limit(kilobytes: u32, args: &str) -> Option<std::process::Output> {
    let binary = env!("CARGO_BIN_EXE_mazegen");
    sh_with_memory_limit(kilobytes, &format!("exec '{binary}' {args}"))
}

/// Runs the shell `script` with its address space limited to `kilobytes` (`ulimit -v`) and no
/// core dumps, or returns `None` with a note where the shell cannot set that limit.
pub fn sh_with_memory_limit(kilobytes: u32, script: &str) -> Option<std::process::Output> {
    let script = format!("ulimit -v {kilobytes} || exit 99; ulimit -c 0; {script}");
    let output = std::process::Command::new("sh")
        .args(["-c", &script])
        .env_remove("NO_COLOR")
        .output()
        .expect("sh runs");
    if output.status.code() == Some(99) {
        eprintln!("skipped: this sh cannot limit memory with ulimit -v");
        return None;
    }
    Some(output)
}

/// `insta::assert_snapshot!(name, value)` against `tests/snapshots/<module>__<name>.snap`,
/// `<module>` being the asserting module (`snapshots`, `rooms_snapshots`, `pictures`): the
/// files keep the place and names they had when each module was a test binary of its own.
macro_rules! assert_snapshot {
    ($name:expr, $value:expr $(,)?) => {
        $crate::common::snapshot_settings().bind(|| {
            insta::assert_snapshot!($crate::common::snapshot_name(module_path!(), $name), $value)
        })
    };
}
pub(crate) use assert_snapshot;

/// Insta's settings for [`assert_snapshot!`]: snapshots in `tests/snapshots/`, named by
/// [`snapshot_name`] rather than by the whole module path.
pub fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// `<module>__<name>`, `<module>` being the last part of `module_path`.
pub fn snapshot_name(module_path: &str, name: impl std::fmt::Display) -> String {
    let module = module_path.rsplit("::").next().unwrap_or(module_path);
    format!("{module}__{name}")
}

/// A tmux server of its own, killed when dropped, its socket removed.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts a detached session with a shell in a `width x height` window, if tmux exists.
    pub fn start(width: u32, height: u32) -> Option<Tmux> {
        static SERVERS: AtomicUsize = AtomicUsize::new(0);
        let server = SERVERS.fetch_add(1, Ordering::Relaxed);
        let tmux = Tmux {
            socket: format!("mazegen-test-{}-{server}", std::process::id()),
        };
        let size = [width.to_string(), height.to_string()];
        let args = ["new-session", "-d", "-x", &size[0], "-y", &size[1], "sh"];
        let started = tmux.command(&args).status().is_ok_and(|s| s.success());
        if !started {
            eprintln!("tmux is not available: skipping the terminal test");
            return None;
        }
        // Keys typed before the shell prints its prompt are echoed ahead of it, and the
        // command's first line of output then follows the prompt on the same line.
        tmux.wait_for("the shell's prompt", |t| !t.pane().trim().is_empty());
        Some(tmux)
    }

    /// `tmux` on this server, with `args`.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new("tmux");
        command.args(["-L", &self.socket]).args(args);
        command.env_remove("TMUX");
        command
    }

    /// Types `mazegen args` into the shell (after `before`: variable settings, or shell commands
    /// ending with `;`), followed by a line reporting its exit code as `EXIT=<code>`.
    pub fn run_mazegen(&self, before: &str, args: &str) {
        self.type_mazegen(before, args, "; echo EXIT=$?");
    }

    /// Types `mazegen args` into the shell (after `before`), followed by `after`.
    pub fn type_mazegen(&self, before: &str, args: &str, after: &str) {
        let binary = assert_cmd::cargo::cargo_bin!("mazegen")
            .display()
            .to_string();
        let line = format!("{before} {binary} {args}{after}");
        self.keys(&[line.trim_start(), "Enter"]);
    }

    /// Sends `keys` to the window.
    pub fn keys(&self, keys: &[&str]) {
        assert!(
            self.command(&[&["send-keys", "-t", "0"][..], keys].concat())
                .status()
                .unwrap()
                .success()
        );
    }

    /// A tmux format (`#{...}`) of the window, expanded.
    pub fn show(&self, format: &str) -> String {
        let output = self
            .command(&["display-message", "-p", "-t", "0", format])
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    /// The process id of the command the shell is running.
    pub fn command_pid(&self) -> u32 {
        let shell = self.show("#{pane_pid}");
        let output = Command::new("pgrep").args(["-P", &shell]).output().unwrap();
        let pid = String::from_utf8_lossy(&output.stdout);
        pid.trim().parse().expect("the shell runs one command")
    }

    /// The text on the window, without colors.
    pub fn pane(&self) -> String {
        let output = self
            .command(&["capture-pane", "-p", "-J", "-t", "0"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).to_string()
    }

    /// Waits up to twenty seconds for `check` to hold: generous, since the test build of the
    /// Python extension may load both cores meanwhile (5 s was once too few).
    pub fn wait_for(&self, what: &str, check: impl Fn(&Tmux) -> bool) {
        let start = Instant::now();
        while !check(self) {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "waited for {what}:\n{}",
                self.pane()
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        // The server leaves its socket behind when it ends.
        let socket = self
            .command(&["display-message", "-p", "#{socket_path}"])
            .output()
            .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string());
        let _ = self.command(&["kill-server"]).status();
        if let Ok(socket) = socket
            && !socket.is_empty()
        {
            let _ = std::fs::remove_file(socket);
        }
    }
}

/// Whether Linux's default (heuristic) overcommit is in force, which refuses a request for far
/// more memory than the machine has: the refusals of memory no run could get are tested only
/// there (other policies grant it unseen), with a note elsewhere.
pub fn heuristic_overcommit() -> bool {
    let policy = std::fs::read_to_string("/proc/sys/vm/overcommit_memory").unwrap_or_default();
    if policy.trim() != "0" {
        eprintln!("note: overcommit policy {policy:?}, not the heuristic one: not tested");
        return false;
    }
    true
}

/// The mask of the mask maze: a ring with an island.
pub const MASK: &str = "\
..........
..XXXX....
..XXXX..X.
..........
";

/// One small maze of each shape, as arguments after the algorithm; the mask written to
/// `mask`.
pub fn every_shape(mask: &std::path::Path) -> Vec<(&'static str, Vec<String>)> {
    std::fs::write(mask, MASK).unwrap();
    let args = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    vec![
        ("rect", args(&["--width", "15", "--height", "11"])),
        ("mask", args(&["--mask", mask.to_str().unwrap()])),
        ("hex", args(&["--shape", "hex", "--cells", "7x5"])),
        ("triangle", args(&["--shape", "triangle", "--cells", "9x5"])),
        ("polar", args(&["--shape", "polar", "--rings", "5"])),
    ]
}

/// A directory of its own for this process and `name`, made empty, and removed with what it
/// holds when the returned guard is dropped.
pub fn scratch_dir(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("mazegen-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A scratch directory ([`scratch_dir`]), removed when dropped, even by a failing test.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// Writes `contents` to the file `name` in this directory and returns its path.
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> std::path::PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, contents).unwrap();
        path
    }
}

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Whether `python3` can import `module` (a test client the tests use where it is there).
pub fn python_has(module: &str) -> bool {
    std::process::Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|output| output.status.success())
}

/// The shipped JSON Schemas, `schema/`'s files by name.
pub const SCHEMAS: [(&str, &str); 6] = [
    ("caves.v1.json", include_str!("../../schema/caves.v1.json")),
    (
        "dungeon.v1.json",
        include_str!("../../schema/dungeon.v1.json"),
    ),
    ("graph.v1.json", include_str!("../../schema/graph.v1.json")),
    ("maze.v1.json", include_str!("../../schema/maze.v1.json")),
    ("rooms.v1.json", include_str!("../../schema/rooms.v1.json")),
    ("stats.v1.json", include_str!("../../schema/stats.v1.json")),
];

/// A validator of the schema `name` (a file of `schema/`) that knows every shipped schema by
/// its `$id`, so that one may refer to another (a dungeon's floors to the rooms and caves
/// schemas) without fetching anything.
pub fn schema_validator(name: &str) -> jsonschema::Validator {
    let parse = |text: &str| serde_json::from_str::<serde_json::Value>(text).unwrap();
    let schemas: Vec<serde_json::Value> = SCHEMAS.iter().map(|(_, text)| parse(text)).collect();
    let registry = jsonschema::Registry::new()
        .extend(
            schemas
                .iter()
                .map(|schema| (schema["$id"].as_str().unwrap(), schema)),
        )
        .and_then(|registry| registry.prepare())
        .expect("the schemas register");
    let (_, text) = SCHEMAS
        .iter()
        .find(|(file, _)| *file == name)
        .expect("a shipped schema");
    jsonschema::options()
        .with_registry(&registry)
        .build(&parse(text))
        .expect("the schema is valid")
}
