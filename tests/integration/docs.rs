//! Documentation from the command line: help with examples, shell completions that the shells
//! accept and complete with, and manual pages that `man` renders.

use crate::common::{assert_refused, mazegen, stdout_of};
use std::io::Write;
use std::process::{Command, Stdio};

/// The subcommands, as `mazegen --help` lists them.
fn subcommands() -> Vec<String> {
    let help = stdout_of(&["--help"]);
    let commands = help
        .split("Commands:\n")
        .nth(1)
        .expect("the help lists commands")
        .split("\n\n")
        .next()
        .unwrap();
    commands
        .lines()
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn every_subcommand_help_ends_with_examples_of_its_own() {
    let commands = subcommands();
    assert!(commands.len() >= 17, "{commands:?}");
    for command in &commands {
        let help = stdout_of(&[command, "--help"]);
        let examples = help
            .rsplit_once("Examples:\n")
            .unwrap_or_else(|| panic!("{command} --help has no examples:\n{help}"))
            .1;
        let lines: Vec<&str> = examples.lines().collect();
        assert!((2..=3).contains(&lines.len()), "{command}: {lines:?}");
        for line in lines {
            let own = line.starts_with(&format!("  mazegen {command} "))
                || line.contains(&format!("| mazegen {command}"));
            assert!(own, "{command}: {line}");
        }
    }
}

/// Runs `program args`, feeding it `input`, and returns whether it succeeded and its output;
/// `None` when the program is not installed.
fn run_with(program: &str, args: &[&str], input: &[u8]) -> Option<(bool, String)> {
    let mut child = match Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(child) => child,
        Err(_) => {
            eprintln!("note: {program} is not installed; its check is skipped");
            return None;
        }
    };
    child.stdin.take().unwrap().write_all(input).unwrap();
    let output = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    Some((output.status.success(), text))
}

#[test]
fn completion_scripts_parse_in_their_shells() {
    for (shell, checker) in [
        ("bash", Some(("bash", &["-n"][..]))),
        ("zsh", Some(("zsh", &["-n"][..]))),
        ("fish", Some(("fish", &["--no-execute"][..]))),
        ("powershell", None),
        ("elvish", None),
    ] {
        let script = stdout_of(&["completions", shell]);
        assert!(script.contains("walkers"), "{shell} completes the options");
        assert!(
            script.contains("recursive-division"),
            "{shell} completes the commands"
        );
        if let Some((program, args)) = checker
            && let Some((ok, output)) = run_with(program, args, script.as_bytes())
        {
            assert!(ok, "{shell} refuses its completion script: {output}");
        }
    }
    assert_refused(&["completions", "tcsh"], &["'tcsh'", "bash"]);
}

#[test]
fn bash_completes_commands_and_options() {
    let script = stdout_of(&["completions", "bash"]);
    let complete = |words: &str, current: usize| {
        let program = format!(
            "{script}\nCOMP_WORDS=({words}); COMP_CWORD={current}; \
             _mazegen mazegen \"${{COMP_WORDS[$COMP_CWORD]}}\" \"${{COMP_WORDS[$COMP_CWORD-1]}}\"; \
             echo \"${{COMPREPLY[@]}}\""
        );
        run_with("bash", &[], program.as_bytes()).map(|(ok, output)| {
            assert!(ok, "{output}");
            output
        })
    };
    let Some(commands) = complete("mazegen back", 1) else {
        return;
    };
    assert_eq!(commands.trim(), "backtrack");
    let options = complete("mazegen backtrack --wal", 2).unwrap();
    assert_eq!(options.trim(), "--walkers");
    let formats = complete("mazegen wilson --format ", 3).unwrap();
    assert!(
        formats.contains("svg") && formats.contains("json"),
        "{formats}"
    );
}

#[test]
fn man_pages_render() {
    let page = stdout_of(&["man"]);
    assert!(page.contains(".TH mazegen 1"), "{page}");
    assert!(page.contains("mazegen\\-backtrack"), "lists the commands");
    let backtrack = stdout_of(&["man", "backtrack"]);
    assert!(backtrack.contains(".TH mazegen-backtrack 1"), "{backtrack}");
    assert!(backtrack.contains("\\-\\-walkers"), "{backtrack}");
    assert!(
        backtrack.contains(env!("CARGO_PKG_VERSION")),
        "carries the version"
    );
    if let Some((ok, text)) = run_with("man", &["-l", "-"], backtrack.as_bytes()) {
        assert!(ok, "{text}");
        assert!(
            text.contains("NAME") && text.contains("--walkers"),
            "{text}"
        );
    }
    assert_refused(
        &["man", "maze"],
        &["'maze' is not a mazegen command", "backtrack"],
    );
    mazegen().args(["man", "rooms"]).assert().success();
}
