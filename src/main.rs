//! The `mazegen` binary: parses the command line, settles it into a job, carries the job out,
//! and turns errors into messages and exit codes.

mod app;

use app::settle::{self, BadInput, Job};
use app::{animate, cli, commands, signals};
use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    match settle::settle(cli).and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => exit_for(&error),
    }
}

/// Carries out a settled job, first telling a seed it drew on standard error.
fn run(job: Job) -> anyhow::Result<()> {
    if let Some(seed) = job.drawn_seed() {
        message(format_args!("seed: {seed}"));
    }
    match job {
        Job::Maze(job) => commands::maze::run(job),
        Job::Dataset(job) => commands::dataset::run(job),
        Job::Rooms(job) => commands::rooms::run(job),
        Job::Caves(job) => commands::caves::run(job),
        Job::Document(job) => commands::document::run(job),
        Job::Score(args) => commands::score::run(args),
        Job::Suite(args) => commands::suite::run(args),
        Job::Completions(shell) => commands::docs::completions(shell),
        Job::Man(command) => commands::docs::man(*command),
    }
}

/// Prints `error` and picks the exit code: 0 for a closed pipe (quietly), 2 for a request that
/// cannot be carried out (refused by the settling or by the library), 1 for everything else
/// (I/O). A stopped animation ends as the shell expects for its cause: quietly for `q`, by the
/// signal that Ctrl-C or a closed terminal stand for otherwise.
fn exit_for(error: &anyhow::Error) -> ExitCode {
    let broken_pipe = error.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    });
    if broken_pipe {
        return ExitCode::SUCCESS;
    }
    if let Some(stop) = error.downcast_ref::<animate::Stop>() {
        return match stop.signal() {
            Some(signal) => signals::end_by(signal),
            None => ExitCode::SUCCESS,
        };
    }
    message(format_args!("error: {error:#}"));
    let bad_input = is_bad_input(error);
    ExitCode::from(if bad_input { 2 } else { 1 })
}

/// Whether `error` comes of bad input (exit code 2): a refusal of the library's or of the
/// command line's own.
fn is_bad_input(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|cause| refused(cause) || cause.is::<BadInput>())
}

/// Whether `cause` is a refusal of the library (bad input), not a failure to read or write or
/// threads that would not start.
fn refused(cause: &(dyn std::error::Error + 'static)) -> bool {
    use mazegen::dataset::DatasetError;
    let no_threads = |error: &DatasetError| matches!(error, DatasetError::NoThreads { .. });
    if let Some(error) = cause.downcast_ref::<mazegen::Error>() {
        return match error {
            mazegen::Error::Io(_) => false,
            mazegen::Error::Dataset(error) => !no_threads(error),
            _ => true,
        };
    }
    if let Some(error) = cause.downcast_ref::<DatasetError>() {
        return !no_threads(error);
    }
    // A renderer's refusal, carried out through the writer as an `io::Error` around it.
    if let Some(error) = cause.downcast_ref::<io::Error>() {
        return error
            .get_ref()
            .is_some_and(|inner| inner.is::<mazegen::MazeError>());
    }
    cause.is::<mazegen::MazeError>()
        || cause.is::<mazegen::rooms::RoomsError>()
        || cause.is::<mazegen::caves::CavesError>()
}

/// Writes one line to standard error; a closed or broken stderr is ignored rather than a panic.
fn message(line: std::fmt::Arguments) {
    let _ = writeln!(io::stderr(), "{line}");
}

#[cfg(test)]
mod tests {
    use super::*;
    use mazegen::dataset::{DatasetError, DatasetSpec};

    #[test]
    fn refusals_are_bad_input_and_failures_are_not() {
        let threads = || DatasetError::NoThreads {
            jobs: 2,
            reason: "no".into(),
        };
        let spec = DatasetSpec::new(mazegen::Maze::builder().spec().unwrap(), 1, 1);
        let failed = app::settle::dataset_with_flags(threads(), &spec);
        assert!(
            !is_bad_input(&failed),
            "threads that do not start are no bad input"
        );
        let io = io::Error::new(io::ErrorKind::PermissionDenied, "denied");
        assert!(!is_bad_input(&mazegen::Error::from(io).into()));
        let refused = mazegen::MazeError::EmptyShape;
        assert!(is_bad_input(&mazegen::Error::from(refused.clone()).into()));
        assert!(is_bad_input(&refused.clone().into()));
        // A renderer's refusal comes out of the writer as an `io::Error` around it.
        assert!(is_bad_input(&io::Error::other(refused).into()));
        let bounds = DatasetError::Jobs { jobs: 0 };
        assert!(is_bad_input(&app::settle::dataset_with_flags(
            bounds, &spec
        )));
    }
}
