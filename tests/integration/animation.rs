//! `--animate` and `--format events` from the outside: the terminal is always given back, and
//! the event stream replays into the maze.

use crate::common::{Tmux, json_of, mazegen, stdout_of};
use mazegen::events::Event;
use mazegen::maze::{Carved, EventsHeader, replay};
use predicates::prelude::*;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

#[test]
fn events_replay_into_the_generated_maze() {
    for algorithm in ["binary-tree", "backtrack"] {
        let base = [algorithm, "--width", "31", "--height", "21", "--seed", "12"];
        let stream = stdout_of(&[&base[..], &["--format", "events"]].concat());
        let mut lines = stream.lines();
        let header: EventsHeader = serde_json::from_str(lines.next().unwrap()).unwrap();
        assert_eq!(header.schema, "mazegen.events/v1");
        assert_eq!((header.algorithm.as_str(), header.seed), (algorithm, 12));
        let events: Vec<Event> = lines.map(|l| serde_json::from_str(l).unwrap()).collect();
        let Carved::Rect { width, height } = header.carved else {
            panic!("a rectangle's header gives its width and height: {header:?}");
        };
        let grid = replay(width, height, events).unwrap();
        let doc = json_of(&[&base[..], &["--format", "json"]].concat());
        let maze = mazegen::read::read_maze(doc.to_string().as_bytes()).unwrap();
        assert_eq!(Some(&grid), maze.grid(), "{algorithm}");
    }
}

#[test]
fn events_refuse_what_happens_after_generation() {
    mazegen()
        .args(["backtrack", "--format", "events", "--solve"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--solve does not apply"));
    let document = stdout_of(&["backtrack", "--format", "json"]);
    mazegen()
        .args(["render", "--format", "events"])
        .write_stdin(document)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("use it with a maze command"));
}

#[test]
fn animation_needs_a_terminal_and_term_output() {
    mazegen()
        .args(["backtrack", "--animate"])
        .assert()
        .code(2)
        .stderr("error: --animate draws in a terminal, but standard output is not one\n");
    mazegen()
        .args(["backtrack", "--animate", "--format", "json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "it needs --format term and no --output",
        ));
    mazegen()
        .args(["backtrack", "--animate", "--steps-per-frame", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--steps-per-frame"));
}

#[test]
fn every_shape_may_animate() {
    for shape in [
        &["--shape", "hex"][..],
        &["--shape", "triangle"],
        &["--shape", "polar"],
    ] {
        mazegen()
            .args([&["backtrack", "--animate"][..], shape].concat())
            .assert()
            .code(2)
            .stderr("error: --animate draws in a terminal, but standard output is not one\n");
    }
}

/// Steps of an animation in tmux.
impl Tmux {
    /// Types `mazegen args` alone (after `before`), and returns its process id once it runs. A
    /// shell ends the rest of a command line with a command that SIGINT ended, so
    /// [`Tmux::report_exit`] asks for the exit code afterwards.
    fn start_mazegen(&self, before: &str, args: &str) -> u32 {
        self.type_mazegen(before, args, "");
        self.wait_for("mazegen to start", |t| t.pane().contains("step "));
        self.command_pid()
    }

    /// Waits for process `pid` to end, then has the shell report its exit code as `EXIT=<code>`.
    fn report_exit(&self, pid: u32) {
        self.wait_for("mazegen to end", |_| has_ended(pid));
        self.keys(&["echo EXIT=$?", "Enter"]);
    }
}

#[test]
fn quitting_gives_the_terminal_back() {
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    tmux.run_mazegen("", "backtrack --size 31 --seed 1 --animate --delay 200");
    tmux.wait_for("the alternate screen", |t| t.show("#{alternate_on}") == "1");
    tmux.wait_for("the first steps", |t| t.pane().contains("step "));
    assert_eq!(
        tmux.show("#{cursor_flag}"),
        "0",
        "cursor hidden while drawing"
    );
    tmux.keys(&["q"]);
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=0"));
    assert_terminal_given_back(&tmux, "q");
}

#[test]
fn a_finished_animation_leaves_the_maze_on_the_main_screen() {
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    let maze = stdout_of(&[
        "backtrack",
        "--size",
        "11",
        "--seed",
        "4",
        "--color",
        "never",
    ]);
    tmux.run_mazegen(
        "NO_COLOR=1",
        "backtrack --size 11 --seed 4 --animate --delay 0",
    );
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=0"));
    assert_eq!(tmux.show("#{alternate_on}"), "0");
    let pane = tmux.pane();
    let shown: Vec<&str> = pane.lines().map(str::trim_end).collect();
    for line in maze.lines() {
        assert!(
            shown.contains(&line.trim_end()),
            "{line:?} missing from\n{pane}"
        );
    }
}

#[test]
fn a_maze_too_big_for_the_window_is_refused_with_what_fits() {
    let Some(tmux) = Tmux::start(60, 20) else {
        return;
    };
    tmux.run_mazegen("", "backtrack --size 41 --animate");
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=2"));
    let pane = tmux.pane();
    assert!(
        pane.contains("needs 81 columns and 42 lines, the terminal has 60x20"),
        "{pane}"
    );
    assert!(
        pane.contains("--width 29 --height 19 fits (--size 19)"),
        "{pane}"
    );
}

#[test]
fn every_shape_animates_and_leaves_its_maze_on_the_main_screen() {
    for shape in ["--shape hex --cells 6x4", "--shape polar --rings 4"] {
        let Some(tmux) = Tmux::start(100, 40) else {
            return;
        };
        let args = format!("wilson {shape} --seed 4 --solve");
        let words: Vec<&str> = args.split(' ').collect();
        let maze = stdout_of(&[&words[..], &["--color", "never"]].concat());
        tmux.run_mazegen("NO_COLOR=1", &format!("{args} --animate --delay 0"));
        tmux.wait_for("the exit", |t| t.pane().contains("EXIT=0"));
        assert_eq!(tmux.show("#{alternate_on}"), "0");
        let pane = tmux.pane();
        let shown: Vec<&str> = pane.lines().map(str::trim_end).collect();
        for line in maze.lines().filter(|line| !line.trim().is_empty()) {
            assert!(
                shown.contains(&line.trim_end()),
                "{shape}: {line:?} missing from\n{pane}"
            );
        }
    }
}

#[test]
fn a_shape_too_big_for_the_window_is_refused() {
    let Some(tmux) = Tmux::start(60, 20) else {
        return;
    };
    tmux.run_mazegen("", "backtrack --shape polar --rings 10 --animate");
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=2"));
    let pane = tmux.pane();
    assert!(
        pane.contains("--animate: a polar maze needs") && pane.contains("the terminal has 60x20"),
        "{pane}"
    );
}

/// Asserts that the terminal is as the shell had it: main screen, cursor shown, raw mode off
/// (canonical input with echo).
fn assert_terminal_given_back(tmux: &Tmux, after: &str) {
    assert_eq!(
        tmux.show("#{alternate_on}"),
        "0",
        "main screen after {after}"
    );
    assert_eq!(
        tmux.show("#{cursor_flag}"),
        "1",
        "cursor shown after {after}"
    );
    tmux.keys(&[
        "stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' +",
        "Enter",
    ]);
    tmux.wait_for("stty", |t| t.pane().contains("icanon+echo+"));
}

#[test]
fn ending_signals_give_the_terminal_back_and_end_by_the_signal() {
    use signal_hook::consts::signal::*;
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    let signals = [
        ("INT", SIGINT),
        ("TERM", SIGTERM),
        ("HUP", SIGHUP),
        ("QUIT", SIGQUIT),
        ("USR1", SIGUSR1),
        ("USR2", SIGUSR2),
        ("ALRM", SIGALRM),
        ("VTALRM", SIGVTALRM),
        ("PROF", SIGPROF),
    ];
    for (name, number) in signals {
        tmux.keys(&["clear", "Enter"]);
        tmux.wait_for("a clear screen", |t| !t.pane().contains("EXIT="));
        // No core file from SIGQUIT.
        let args = "backtrack --size 31 --seed 1 --animate --delay 200";
        let pid = tmux.start_mazegen("ulimit -c 0;", args);
        let kill = Command::new("kill")
            .args(["-s", name, &pid.to_string()])
            .status();
        assert!(kill.unwrap().success());
        tmux.report_exit(pid);
        let exit = format!("EXIT={}", 128 + number);
        tmux.wait_for(&exit, |t| t.pane().contains(&exit));
        assert_terminal_given_back(&tmux, &format!("SIG{name}"));
    }
}

#[test]
fn ctrl_c_gives_the_terminal_back_and_exits_130() {
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    let pid = tmux.start_mazegen("", "backtrack --size 31 --seed 1 --animate --delay 200");
    tmux.keys(&["C-c"]);
    tmux.report_exit(pid);
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=130"));
    assert_terminal_given_back(&tmux, "Ctrl-C");
}

/// Whether process `pid` has ended (exited, even if nobody has reaped it yet).
fn has_ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        // The state follows the command name in parentheses: Z for a zombie.
        Ok(stat) => stat
            .rsplit_once(") ")
            .is_some_and(|(_, rest)| rest.starts_with('Z')),
        Err(_) => true,
    }
}

#[test]
fn closing_the_terminal_ends_the_animation() {
    // With SIGHUP ignored, as under nohup, only the end of the terminal's input tells.
    for before in ["", "trap '' HUP;"] {
        let Some(tmux) = Tmux::start(100, 40) else {
            return;
        };
        tmux.run_mazegen(before, "backtrack --size 21 --seed 1 --animate --delay 200");
        tmux.wait_for("the first steps", |t| t.pane().contains("step "));
        let pid = tmux.command_pid();
        drop(tmux);
        let closed = Instant::now();
        while !has_ended(pid) {
            assert!(
                closed.elapsed() < Duration::from_secs(2),
                "mazegen {pid} still runs after its terminal closed ({before:?})"
            );
            sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn animation_needs_a_keyboard_too() {
    if Command::new("setsid").arg("--version").output().is_err() {
        eprintln!("setsid is not available: skipping the keyboard test");
        return;
    }
    let Some(tmux) = Tmux::start(100, 40) else {
        return;
    };
    // A new session has no controlling terminal, and standard input is not one either.
    tmux.run_mazegen("setsid -w", "backtrack --size 11 --animate < /dev/null");
    tmux.wait_for("the exit", |t| t.pane().contains("EXIT=2"));
    let pane = tmux.pane();
    assert!(
        pane.contains(
            "error: --animate reads its keys from a terminal, but standard input is not one \
             and there is no controlling terminal"
        ),
        "{pane}"
    );
    assert!(!pane.contains("seed: "), "refused before any work:\n{pane}");
}
