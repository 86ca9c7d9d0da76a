//! Where results go: standard output, or a file that appears only once complete.

use crate::signals::Undo;
use crate::watched::Watched;
use anyhow::Context;
use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::os::unix::fs::FileTypeExt;
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

    /// Whether bytes written here reach a terminal: standard output, or a device that opens
    /// as one (`/dev/tty`, or `/dev/stdout` when standard output is a terminal).
    pub fn is_terminal(&self) -> bool {
        match self {
            Self::Stdout => io::stdout().is_terminal(),
            Self::File(path) => {
                let device = fs::metadata(path).is_ok_and(|meta| meta.file_type().is_char_device());
                device
                    && File::options()
                        .append(true)
                        .open(path)
                        .is_ok_and(|file| file.is_terminal())
            }
        }
    }

    /// Runs `write` against a buffered standard output, or against a temporary file beside the
    /// target that replaces it only once everything is written: an error or a signal never
    /// leaves half a file, nor the temporary one. A symbolic link is followed, and the file it
    /// names replaced; devices and named pipes are written in place.
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
        match replaceable(path).with_context(failed)? {
            Some(file) => replace(&file, write).with_context(failed),
            None => {
                // Appending: what a process's open file already holds stays (`>> FILE`).
                let file = File::options()
                    .append(true)
                    .open(path)
                    .with_context(failed)?;
                write_buffered(file, write).with_context(failed)?;
                Ok(())
            }
        }
    }
}

/// The regular file `path` names once symbolic links are followed (it may not exist yet), or
/// `None` for what is written in place: devices, pipes, and the files processes have open,
/// which links into /proc name (`/dev/stdout`, `/dev/fd/N`: a pipe, or a file opened for
/// appending, is no path to replace).
fn replaceable(path: &Path) -> io::Result<Option<PathBuf>> {
    if fs::metadata(path).is_ok_and(|meta| !meta.is_file()) {
        return Ok(None);
    }
    let mut path = path.to_path_buf();
    // As many links as Linux follows.
    for _ in 0..40 {
        let directory = match path.parent() {
            Some(directory) if directory != Path::new("") => directory,
            _ => Path::new("."),
        };
        if fs::canonicalize(directory).is_ok_and(|directory| directory.starts_with("/proc")) {
            return Ok(None);
        }
        match fs::read_link(&path) {
            Ok(target) => path = directory.join(target),
            // Not a link (InvalidInput), or nothing there yet.
            Err(error)
                if matches!(
                    error.kind(),
                    io::ErrorKind::InvalidInput | io::ErrorKind::NotFound
                ) =>
            {
                return Ok(Some(path));
            }
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

/// Writes a temporary file beside `path` and renames it onto `path` once complete. The
/// temporary file is removed on failure, and before a signal ends the process.
fn replace(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let Some(name) = path.file_name() else {
        return Err(io::Error::other("not a file name"));
    };
    let temporary = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let remove = {
        let temporary = temporary.clone();
        move || drop(fs::remove_file(&temporary))
    };
    let (file, undo) = Undo::after(|| File::create_new(&temporary), remove.clone())?;
    let written = write_buffered(file, write).and_then(|file| file.sync_all());
    undo.finish(|| {
        written
            .and_then(|()| fs::rename(&temporary, path))
            .inspect_err(|_| remove())
    })
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
