//! Documentation generated from the command-line definitions: shell completion scripts and
//! manual pages.

use crate::app::cli::Cli;
use crate::app::output::Target;
use clap::CommandFactory;
use clap_complete::Shell;

/// Prints the completion script of `shell`.
pub fn completions(shell: Shell) -> anyhow::Result<()> {
    // Into memory first: clap_complete panics when its writer fails (a closed pipe).
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "mazegen", &mut script);
    Target::Stdout.write(|out| out.write_all(&script))
}

/// Prints the manual page of `command` (mazegen or one of its subcommands) as roff.
pub fn man(command: clap::Command) -> anyhow::Result<()> {
    Target::Stdout.write(|out| clap_mangen::Man::new(command).render(out))
}
