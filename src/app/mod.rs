//! The `mazegen` binary's own files: the command line (`cli`), settling it into a job
//! (`settle`), carrying jobs out (`commands`), and the terminal, output and signal handling
//! they share. Nothing here is part of the library.

pub mod animate;
pub mod cli;
pub mod commands;
pub mod output;
pub mod progress;
pub mod settle;
pub mod signals;
pub mod terminal;
pub mod watched;
