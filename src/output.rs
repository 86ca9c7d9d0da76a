//! Where results go: standard output, or a file that appears only once complete.

use crate::watched::Watched;
use anyhow::Context;
use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Where a command writes its result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Standard output (no `--output`, or `-`).
    Stdout,
    /// `--output FILE`.
    File(PathBuf),
}

impl Target {
    /// The target of `--output`: standard output without one or for `-`.
    pub fn new(path: Option<&Path>) -> Self {
        match path.filter(|&path| path != Path::new("-")) {
            Some(path) => Self::File(path.to_path_buf()),
            None => Self::Stdout,
        }
    }

    /// Whether bytes written here reach a terminal.
    pub fn is_terminal(&self) -> bool {
        match self {
            Self::Stdout => io::stdout().is_terminal(),
            Self::File(_) => false,
        }
    }

    /// Runs `write` against a buffered standard output, or against a temporary file next to
    /// the target that replaces it only once everything is written: an error never leaves
    /// half a file. Devices, named pipes and symbolic links are written in place, since
    /// renaming over them would replace them.
    pub fn write(
        &self,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> anyhow::Result<()> {
        let path = match self {
            Self::Stdout => {
                drop(write_buffered(io::stdout().lock(), write)?);
                return Ok(());
            }
            Self::File(path) => path,
        };
        let failed = || format!("cannot write --output {}", path.display());
        let special = fs::symlink_metadata(path).is_ok_and(|meta| !meta.is_file());
        if special {
            let file = File::create(path).with_context(failed)?;
            write_buffered(file, write).with_context(failed)?;
            return Ok(());
        }
        let Some(name) = path.file_name() else {
            anyhow::bail!("--output {} is not a file name", path.display());
        };
        let mut temporary = path.clone();
        temporary.set_file_name(format!(
            ".{}.{}.tmp",
            name.to_string_lossy(),
            std::process::id()
        ));
        let result = File::create(&temporary)
            .and_then(|file| write_buffered(file, write)?.sync_all())
            .and_then(|()| fs::rename(&temporary, path));
        if result.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        result.with_context(failed)
    }
}

/// Runs `write` against `sink` through a buffer, and hands `sink` back flushed. When `sink`
/// fails, the error is its own, whatever `write` made of it.
fn write_buffered<W: Write>(
    sink: W,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<W> {
    let mut out = BufWriter::with_capacity(1 << 16, Watched::new(sink));
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(out.into_inner().map_err(|e| e.into_error())?.into_inner()),
        Err(error) => Err(out.get_mut().take_error().unwrap_or(error)),
    }
}
