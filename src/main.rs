//! The `mazegen` binary: parses arguments, runs the library, reports errors.

mod cli;

use anyhow::Context;
use clap::Parser;
use cli::{Cli, ColorChoice, Command, Format, MazeArgs, OutputArgs};
use mazegen::Maze;
use mazegen::algorithms::{Backtrack, BinaryTree, Generator};
use mazegen::render::{Json, Render, Term, Text};
use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => exit_for(&error),
    }
}

fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::BinaryTree(args) => maze_command(&BinaryTree, args),
        Command::Backtrack(args) => maze_command(&Backtrack::default(), args),
    }
}

/// Generates one maze and writes it where and how `args` say.
fn maze_command(generator: &dyn Generator, args: MazeArgs) -> anyhow::Result<()> {
    let (width, height) = args.size.cells();
    let seed = args.seed.unwrap_or_else(mazegen::rng::draw_seed);
    let maze = Maze::generate(generator, width, height, seed).with_context(|| {
        format!(
            "--width {} --height {}",
            2 * u64::from(width) + 1,
            2 * u64::from(height) + 1
        )
    })?;
    if args.seed.is_none() && args.output.format != Format::Json {
        message(format_args!("seed: {seed}"));
    }
    let renderer = renderer(&args.output);
    write_output(args.output.output.as_deref(), |out| {
        renderer.render(&maze, out)
    })
}

/// The renderer for the chosen format, with color resolved.
fn renderer(output: &OutputArgs) -> Box<dyn Render> {
    match output.format {
        Format::Term => Box::new(Term {
            color: use_color(output),
        }),
        Format::Text => Box::new(Text),
        Format::Json => Box::new(Json),
    }
}

/// `--color auto` colors only a terminal standard output, and only when `NO_COLOR` is unset or
/// empty.
fn use_color(output: &OutputArgs) -> bool {
    match output.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            output.output.is_none()
                && io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// Runs `write` against a buffered standard output, or against a temporary file next to `path`
/// that replaces `path` only once everything is written: an error never leaves half a file.
fn write_output(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> anyhow::Result<()> {
    let Some(path) = path else {
        let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
        write(&mut out)?;
        out.flush()?;
        return Ok(());
    };
    let name = path.file_name().context("--output needs a file name")?;
    let mut temporary = path.to_path_buf();
    temporary.set_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = File::create(&temporary)
        .and_then(|file| {
            let mut out = BufWriter::with_capacity(1 << 16, file);
            write(&mut out)?;
            out.into_inner().map_err(|e| e.into_error())?.sync_all()
        })
        .and_then(|()| fs::rename(&temporary, path));
    if result.is_err() {
        let _ = fs::remove_file(&temporary);
    }
    result.with_context(|| format!("cannot write --output {}", path.display()))
}

/// Prints `error` and picks the exit code: 0 for a closed pipe (quietly), 2 for input the
/// library refused, 1 for everything else (I/O).
fn exit_for(error: &anyhow::Error) -> ExitCode {
    let broken_pipe = error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    message(format_args!("error: {error:#}"));
    let bad_input = error.chain().any(|cause| cause.is::<mazegen::Error>());
    ExitCode::from(if bad_input { 2 } else { 1 })
}

/// Writes one line to standard error; a closed or broken stderr is ignored rather than a panic.
fn message(line: std::fmt::Arguments) {
    let _ = writeln!(io::stderr(), "{line}");
}
