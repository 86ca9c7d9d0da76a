//! Documentation generated from the command-line definitions: shell completion scripts and
//! manual pages.

use crate::cli::Cli;
use crate::output::Target;
use clap::CommandFactory;
use clap_complete::Shell;

/// Prints the completion script of `shell`.
pub fn completions(shell: Shell) -> anyhow::Result<()> {
    let mut command = Cli::command();
    Target::Stdout.write(|out| {
        clap_complete::generate(shell, &mut command, "mazegen", out);
        Ok(())
    })
}

/// Prints the manual page of `command` (mazegen or one of its subcommands) as roff.
pub fn man(command: clap::Command) -> anyhow::Result<()> {
    Target::Stdout.write(|out| clap_mangen::Man::new(command).render(out))
}
