//! `--output`: files replaced only once complete (through symbolic links too), whatever
//! happens on the way; pipes and devices written in place.

use crate::common::{mazegen, scratch_dir, stdout_of};
use predicates::prelude::*;
use std::fs;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

#[test]
fn output_file_gets_what_stdout_would() {
    let dir = scratch_dir("output-file");
    let path = dir.join("maze.txt");
    mazegen()
        .args(["backtrack", "--seed", "5", "--output"])
        .arg(&path)
        .assert()
        .success()
        .stdout("");
    let expected = stdout_of(&["backtrack", "--seed", "5"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), expected);
    assert!(!expected.contains('\x1b'), "auto color is off for files");
    // Replacing an existing file leaves no temporary behind.
    mazegen()
        .args(["backtrack", "--seed", "6", "--format", "json", "-o"])
        .arg(&path)
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&path)
            .unwrap()
            .contains("\"seed\": 6")
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn links_pipes_and_devices_stay_what_they_are() {
    let dir = scratch_dir("output-links");
    // A symbolic link stays a link; the file it names gets the maze.
    let target = dir.join("target.txt");
    let link = dir.join("link.txt");
    std::fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    mazegen()
        .args(["backtrack", "--seed", "5", "--format", "text", "-o"])
        .arg(&link)
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let expected = stdout_of(&["backtrack", "--seed", "5", "--format", "text"]);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), expected);
    // A named pipe stays a pipe, and its reader gets the maze.
    let fifo = dir.join("fifo");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    mazegen()
        .args(["backtrack", "--seed", "5", "--format", "text", "-o"])
        .arg(&fifo)
        .assert()
        .success();
    assert_eq!(reader.join().unwrap(), expected);
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
}

#[test]
fn unwritable_output_fails_with_exit_1_and_leaves_nothing() {
    let dir = scratch_dir("output-unwritable");
    let path = dir.join("missing").join("maze.txt");
    mazegen()
        .args(["backtrack", "-o"])
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot write --output"));
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    // A refused size writes nothing, not even an empty file.
    let path = dir.join("maze.txt");
    mazegen()
        .args(["backtrack", "--size", "8", "-o"])
        .arg(&path)
        .assert()
        .code(2);
    assert!(!path.exists());
}

#[test]
fn a_closed_standard_output_is_an_error_and_dev_null_is_not() {
    let bin = assert_cmd::cargo::cargo_bin!("mazegen");
    // `score` wrote its results straight to standard output (before: exit 0, silently).
    let dir = scratch_dir("output-closed");
    let maze = dir.join("maze.json");
    let answers = dir.join("answers.txt");
    let document = crate::common::stdout_of(&["backtrack", "--size", "9", "--format", "json"]);
    std::fs::write(&maze, document).unwrap();
    std::fs::write(&answers, "RRDD\nDDRR\n").unwrap();
    let score = format!(
        "score --mazes '{}' --answers '{}'",
        maze.display(),
        answers.display()
    );
    for args in [
        "backtrack --size 21 --seed 1 --format json",
        "backtrack --size 21 --seed 1 --format jsonl --count 2",
        "backtrack --size 21 --seed 1 --format png -o -",
        "rooms --count 5 --seed 1 --format json",
        &score,
    ] {
        let run = |redirect: &str| {
            Command::new("sh")
                .arg("-c")
                .arg(format!("exec '{}' {args} {redirect}", bin.display()))
                .output()
                .unwrap()
        };
        // `>&-`: the bytes would go nowhere, silently.
        let closed = run(">&-");
        let message = String::from_utf8_lossy(&closed.stderr);
        assert_eq!(closed.status.code(), Some(1), "{args}: {message}");
        assert!(
            message.starts_with("error: cannot write standard output"),
            "{message}"
        );
        // `> /dev/null` is asked for: the bytes are written and thrown away.
        let null = run("> /dev/null");
        assert_eq!(null.status.code(), Some(0), "{args}");
        assert!(null.stderr.is_empty(), "{args}");
    }
}

/// A maze big enough (35 MB) that writing it takes a while.
const BIG: [&str; 6] = ["backtrack", "--size", "2001", "--seed", "1", "--color"];

/// A maze whose file takes long to write (a heat map compressed at the default level, about
/// 0.3 s): signals sent while a temporary file exists then land mid-write, not in the instant
/// the file is renamed into place.
const SLOW: [&str; 10] = [
    "backtrack",
    "--size",
    "2001",
    "--seed",
    "1",
    "--heatmap",
    "--format",
    "png",
    "--scale",
    "2",
];

/// The hidden temporary files mazegen writes in `directory`.
fn temporaries(directory: &Path) -> Vec<String> {
    fs::read_dir(directory)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.') && name.ends_with(".tmp"))
        .collect()
}

/// Sends `signal` (a name such as TERM) to process `pid`.
fn kill(signal: &str, pid: u32) {
    // A system call rather than the `kill` command: on a busy machine starting a process can
    // take long enough for mazegen to finish writing first.
    // SAFETY: kill(2) with a child's pid and a signal number.
    let sent = unsafe { libc::kill(pid as libc::pid_t, signal_number(signal)) };
    assert_eq!(sent, 0, "kill -s {signal} {pid}");
}

/// A mazegen process stopped (SIGSTOP) in the middle of writing a temporary file.
struct Stopped(Child);

impl Stopped {
    /// Runs `command` (mazegen, or a shell that execs it) and stops it as soon as a temporary
    /// file appears in `directory`, before it is complete.
    fn writing(mut command: Command, directory: &Path) -> Stopped {
        // At a low priority, so that on a busy machine (the other tests, a browser) the
        // file is seen while it is being written, not after.
        // SAFETY: setpriority is a plain system call, safe between fork and exec.
        unsafe {
            command.pre_exec(|| {
                libc::setpriority(libc::PRIO_PROCESS, 0, 10);
                Ok(())
            });
        }
        let mut child = command.stderr(Stdio::null()).spawn().unwrap();
        let started = Instant::now();
        while temporaries(directory).is_empty() {
            let ended = child.try_wait().unwrap();
            assert!(
                ended.is_none(),
                "mazegen ended ({ended:?}) before it was seen writing"
            );
            assert!(started.elapsed() < Duration::from_secs(20));
            sleep(Duration::from_millis(1));
        }
        kill("STOP", child.id());
        assert!(
            !temporaries(directory).is_empty(),
            "mazegen finished before it could be stopped"
        );
        Stopped(child)
    }

    /// Sends `signal`, lets the process go on, and returns how it ended.
    fn signal(mut self, signal: &str) -> ExitStatus {
        kill(signal, self.0.id());
        kill("CONT", self.0.id());
        self.0.wait().unwrap()
    }
}

/// `mazegen args` as a command.
fn command(args: &[&str]) -> Command {
    let mut command = Command::new(assert_cmd::cargo::cargo_bin!("mazegen"));
    command.args(args);
    command
}

/// The number of the signal called `name` (as `kill -l` names it) here.
fn signal_number(name: &str) -> i32 {
    match name {
        "HUP" => libc::SIGHUP,
        "INT" => libc::SIGINT,
        "TERM" => libc::SIGTERM,
        "STOP" => libc::SIGSTOP,
        "CONT" => libc::SIGCONT,
        "POLL" => libc::SIGIO,
        "PWR" => libc::SIGPWR,
        "STKFLT" => libc::SIGSTKFLT,
        "SYS" => libc::SIGSYS,
        "TRAP" => libc::SIGTRAP,
        other => panic!("no signal {other} in these tests"),
    }
}

#[test]
fn a_signal_while_writing_removes_the_temporary_file_and_ends_by_it() {
    // Every signal whose default action ends the process and that another process may send;
    // TRAP and SYS would dump core, which the shell forbids. POLL is SIGIO.
    let names = ["INT", "TERM", "HUP", "POLL", "PWR", "STKFLT", "SYS", "TRAP"];
    for name in names {
        let number = signal_number(name);
        let dir = scratch_dir(&format!("output-signal-{name}"));
        let path = dir.join("maze.png");
        fs::write(&path, "old").unwrap();
        // A stop may land in the instant the finished file is renamed into place, after which
        // the process may end normally before the signal's thread ends it: then the file is
        // whole, and the run is tried again (a few times at most) to land mid-write.
        let mut tries = 0;
        let status = loop {
            let mut writer = Command::new("sh");
            writer
                .args(["-c", "ulimit -c 0; exec \"$@\"", "sh"])
                .arg(assert_cmd::cargo::cargo_bin!("mazegen"))
                .args(SLOW);
            // Caught from its default, whatever the tests inherited: a shell without job
            // control starts its background jobs with SIGINT ignored, which mazegen keeps.
            // SAFETY: signal(2) between fork and exec.
            unsafe {
                writer.pre_exec(move || {
                    libc::signal(number, libc::SIG_DFL);
                    Ok(())
                });
            }
            writer.arg("-o").arg(&path);
            let status = Stopped::writing(writer, &dir).signal(name);
            let renamed = status.success() && fs::read_to_string(&path).is_err();
            tries += 1;
            if !renamed || tries == 3 {
                break status;
            }
            fs::write(&path, "old").unwrap();
        };
        assert_eq!(status.signal(), Some(number), "SIG{name}: {status:?}");
        assert_eq!(temporaries(&dir), Vec::<String>::new(), "SIG{name}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "old", "SIG{name}");
    }
}

#[test]
fn a_signal_ignored_at_start_stays_ignored() {
    // As under nohup: the hangup does not stop the file from being written.
    let dir = scratch_dir("output-ignored-signal");
    let path = dir.join("maze.txt");
    let mut shell = Command::new("sh");
    shell
        .args(["-c", "trap '' HUP; exec \"$@\"", "sh"])
        .arg(assert_cmd::cargo::cargo_bin!("mazegen"))
        .args(BIG)
        .args(["never", "-o"])
        .arg(&path);
    let status = Stopped::writing(shell, &dir).signal("HUP");
    assert!(status.success(), "{status:?}");
    let expected = stdout_of(&[&BIG[..], &["never"]].concat());
    assert!(fs::read_to_string(&path).unwrap() == expected);
    assert_eq!(temporaries(&dir), Vec::<String>::new());
}

#[test]
fn exceeding_the_file_size_limit_leaves_nothing() {
    // SIGXFSZ comes from the write itself; no core file.
    let dir = scratch_dir("output-size-limit");
    let mut shell = Command::new("sh");
    shell
        .args(["-c", "ulimit -f 64; ulimit -c 0; exec \"$@\"", "sh"])
        .arg(assert_cmd::cargo::cargo_bin!("mazegen"))
        .args(BIG)
        .args(["never", "-o"])
        .arg(dir.join("maze.txt"));
    let status = shell.stderr(Stdio::null()).status().unwrap();
    assert!(!status.success());
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "{status:?}");
}

#[test]
fn a_link_is_followed_and_the_file_it_names_replaced_once_complete() {
    let dir = scratch_dir("output-link-followed");
    let (links, files) = (dir.join("links"), dir.join("files"));
    fs::create_dir_all(&links).unwrap();
    fs::create_dir_all(&files).unwrap();
    let file = files.join("maze.txt");
    fs::write(&file, "old").unwrap();
    let link = links.join("maze.txt");
    std::os::unix::fs::symlink("../files/maze.txt", &link).unwrap();
    // Interrupted: the temporary file is beside the real one, which keeps its content.
    let mut writer = command(&BIG);
    writer.args(["never", "-o"]).arg(&link);
    let stopped = Stopped::writing(writer, &files);
    assert_eq!(fs::read_to_string(&file).unwrap(), "old", "while writing");
    assert!(stopped.signal("TERM").signal().is_some());
    assert_eq!(fs::read_to_string(&file).unwrap(), "old");
    assert_eq!(temporaries(&files), Vec::<String>::new());
    // Complete: the link stays a link, and the file it names holds the maze.
    mazegen()
        .args(["backtrack", "--seed", "5", "--format", "text", "-o"])
        .arg(&link)
        .assert()
        .success();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let expected = stdout_of(&["backtrack", "--seed", "5", "--format", "text"]);
    assert_eq!(fs::read_to_string(&file).unwrap(), expected);
    assert_eq!(fs::read_dir(&files).unwrap().count(), 1);
}

#[test]
fn standard_output_by_name_is_written_in_place() {
    let args = ["backtrack", "--seed", "5", "--format", "text", "-o"];
    let maze = stdout_of(&args[..5]);
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        // A pipe.
        assert_eq!(stdout_of(&[&args[..], &[name]].concat()), maze, "{name}");
        // A file the shell opened for appending keeps what it had.
        let dir = scratch_dir(&format!("output-appended{}", name.replace('/', "-")));
        let log = dir.join("log.txt");
        fs::write(&log, "old\n").unwrap();
        let status = Command::new("sh")
            .args(["-c", "\"$@\" >> \"$0\""])
            .arg(&log)
            .arg(assert_cmd::cargo::cargo_bin!("mazegen"))
            .args(args)
            .arg(name)
            .status()
            .unwrap();
        assert!(status.success(), "{name}");
        assert_eq!(fs::read_to_string(&log).unwrap(), format!("old\n{maze}"));
    }
}

/// Runs a shell command line in a pseudo terminal (via `script`), returning what appeared on
/// it; `None`, with a note, where `script` is missing.
fn in_terminal(line: &str) -> Option<Vec<u8>> {
    let output = Command::new("script")
        .args(["-qec", line, "/dev/null"])
        .output();
    match output {
        Ok(output) => Some(output.stdout),
        Err(_) => {
            eprintln!("script is not available: skipping the terminal test");
            None
        }
    }
}

#[test]
fn png_is_refused_whatever_names_the_terminal() {
    let binary = assert_cmd::cargo::cargo_bin!("mazegen")
        .display()
        .to_string();
    let dir = scratch_dir("output-png-terminal");
    let document = dir.join("maze.json");
    fs::write(
        &document,
        stdout_of(&["backtrack", "--size", "5", "--format", "json"]),
    )
    .unwrap();
    let commands = [
        format!("{binary} backtrack --size 5 --format png"),
        format!("{binary} render {} --format png", document.display()),
    ];
    for command in &commands {
        for output in [
            "",
            "-o -",
            "-o /dev/stdout",
            "-o /dev/tty",
            "-o /dev/stderr",
        ] {
            let Some(shown) = in_terminal(&format!("{command} {output}; echo EXIT=$?")) else {
                return;
            };
            let shown = String::from_utf8_lossy(&shown);
            assert!(
                shown.contains("refusing to write PNG to a terminal") && shown.contains("EXIT=2"),
                "{command} {output}: {shown:?}"
            );
            assert!(
                !shown.contains("IHDR"),
                "{command} {output}: a picture was written"
            );
        }
    }
}

/// Whether these tests run with the power to write any file (as root).
fn privileged(dir: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = dir.join("probe");
    fs::write(&probe, "").unwrap();
    let root = fs::metadata(&probe).unwrap().uid() == 0;
    fs::remove_file(probe).unwrap();
    root
}

/// The permission bits of `path`.
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

/// Sets the permission bits of `path`.
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
}

const TEXT: [&str; 5] = ["backtrack", "--seed", "5", "--format", "text"];

#[test]
fn a_replaced_file_keeps_its_mode() {
    let dir = scratch_dir("output-mode");
    let path = dir.join("maze.txt");
    for kept in [0o600, 0o640, 0o444] {
        fs::write(&path, "old").unwrap();
        set_mode(&path, kept);
        if kept == 0o444 && !privileged(&dir) {
            continue; // see a_read_only_file_is_refused_as_the_shell_would
        }
        mazegen().args(TEXT).arg("-o").arg(&path).assert().success();
        assert_eq!(fs::read_to_string(&path).unwrap(), stdout_of(&TEXT));
        assert_eq!(mode(&path), kept, "{kept:o}");
    }
}

#[test]
fn a_read_only_file_is_refused_as_the_shell_would() {
    let dir = scratch_dir("output-read-only");
    let path = dir.join("maze.txt");
    fs::write(&path, "old").unwrap();
    set_mode(&path, 0o444);
    let mut command = mazegen();
    if privileged(&dir) {
        // Root writes anything: refused to an unprivileged user instead.
        if Command::new("setpriv").arg("--version").output().is_err() {
            eprintln!("setpriv is not available: skipping the read-only test as root");
            return;
        }
        set_mode(&dir, 0o777);
        let binary = assert_cmd::cargo::cargo_bin!("mazegen");
        command = assert_cmd::Command::new("setpriv");
        command.args(["--reuid=65534", "--regid=65534", "--clear-groups"]);
        command.arg(binary);
    }
    command
        .args(TEXT)
        .arg("-o")
        .arg(&path)
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("cannot write --output"))
        .stderr(predicate::str::contains("Permission denied"));
    assert_eq!(fs::read_to_string(&path).unwrap(), "old");
    assert_eq!(
        fs::read_dir(&dir).unwrap().count(),
        1,
        "nothing else written"
    );
}

#[test]
fn a_file_with_other_links_is_written_through_all_of_them() {
    let dir = scratch_dir("output-hard-links");
    let (path, other) = (dir.join("maze.txt"), dir.join("also.txt"));
    fs::write(&path, "old").unwrap();
    fs::hard_link(&path, &other).unwrap();
    mazegen().args(TEXT).arg("-o").arg(&path).assert().success();
    let expected = stdout_of(&TEXT);
    assert_eq!(fs::read_to_string(&path).unwrap(), expected);
    assert_eq!(fs::read_to_string(&other).unwrap(), expected);
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 2);
}

#[test]
fn a_file_of_another_owner_keeps_its_owner() {
    use std::os::unix::fs::MetadataExt;
    let dir = scratch_dir("output-owner");
    if !privileged(&dir) {
        eprintln!("not root: skipping the test of another owner's file");
        return;
    }
    let path = dir.join("maze.txt");
    fs::write(&path, "old").unwrap();
    std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
    mazegen().args(TEXT).arg("-o").arg(&path).assert().success();
    assert_eq!(fs::read_to_string(&path).unwrap(), stdout_of(&TEXT));
    let meta = fs::metadata(&path).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
}

#[test]
fn a_name_as_long_as_the_file_system_allows_is_written() {
    let dir = scratch_dir("output-long-name");
    let path = dir.join(format!("{}.txt", "m".repeat(246)));
    mazegen().args(TEXT).arg("-o").arg(&path).assert().success();
    assert_eq!(fs::read_to_string(&path).unwrap(), stdout_of(&TEXT));
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
}
