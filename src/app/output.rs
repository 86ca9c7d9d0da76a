//! Where results go: standard output, or a file that appears only once complete.

use crate::app::signals::Undo;
use crate::app::watched::Watched;
use anyhow::Context;
use std::ffi::OsString;
use std::fs::{self, File, Metadata};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
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
                stdout_is_open().context("cannot write standard output")?;
                let written = write_buffered(io::stdout().lock(), write);
                return written.map(drop).map_err(|error| write_error(error, None));
            }
            Self::File(path) => path,
        };
        let failed = || format!("cannot write --output {}", path.display());
        match replaceable(path).with_context(failed)? {
            Some(file) => replace(&file, write).map_err(|error| write_error(error, Some(failed()))),
            None => {
                // Appending: what a process's open file already holds stays (`>> FILE`).
                let file = File::options()
                    .append(true)
                    .open(path)
                    .with_context(failed)?;
                let written = write_buffered(file, write);
                written
                    .map(drop)
                    .map_err(|error| write_error(error, Some(failed())))
            }
        }
    }
}

/// Refuses a closed standard output (`>&-`). Rust's runtime opens `/dev/null` read-write in
/// place of a closed standard stream before `main`, so every byte would vanish without a word;
/// a shell's `> /dev/null` opens it write-only, which stays allowed.
fn stdout_is_open() -> io::Result<()> {
    #[cfg(unix)]
    {
        // SAFETY: F_GETFL only reads the status flags of descriptor 1; no memory is passed.
        let flags = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFL) };
        if flags == -1 {
            return Err(io::Error::last_os_error());
        }
        if flags & libc::O_ACCMODE == libc::O_RDWR {
            let null = fs::metadata("/dev/null")?;
            let stdout = fs::metadata("/dev/stdout")?;
            if stdout.file_type().is_char_device() && stdout.rdev() == null.rdev() {
                return Err(io::Error::from_raw_os_error(libc::EBADF));
            }
        }
    }
    Ok(())
}

/// The error of a failed write: the library's own when a renderer reported one through I/O (a
/// maze too large for memory: not a failure of the target), else the I/O error, with `context`.
fn write_error(error: io::Error, context: Option<String>) -> anyhow::Error {
    match (mazegen::Error::from(error), context) {
        (mazegen::Error::Io(error), Some(context)) => anyhow::Error::new(error).context(context),
        (mazegen::Error::Io(error), None) => error.into(),
        (refusal, _) => refusal.into(),
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

/// Writes a temporary file beside `path` and, once it is complete, puts it in place. An
/// existing file keeps its mode, and one the user may not write is refused before anything is
/// written, as the shell's `>` would refuse it. The temporary file is removed on failure, and
/// before a signal ends the process.
fn replace(path: &Path, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let existing = match fs::metadata(path) {
        Ok(existing) => {
            // May the user write it? (Opening neither truncates nor creates.)
            File::options().write(true).open(path)?;
            Some(existing)
        }
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(error),
    };
    let ((temporary, file), undo) = Undo::after(
        || create_temporary(path),
        |(temporary, _)| {
            let temporary = temporary.clone();
            move || drop(fs::remove_file(&temporary))
        },
    )?;
    let written = (|| {
        if let Some(existing) = &existing {
            file.set_permissions(existing.permissions())?;
        }
        let file = write_buffered(file, write)?;
        file.sync_all()?;
        Ok(file)
    })();
    undo.finish(|| {
        written
            .and_then(|file| put_in_place(&temporary, &file, path, existing.as_ref()))
            .inspect_err(|_| drop(fs::remove_file(&temporary)))
    })
}

/// Creates the temporary file beside `path`: `.NAME.PID.tmp`, or `.mazegen.PID.tmp` when
/// that name is too long for the file system.
fn create_temporary(path: &Path) -> io::Result<(PathBuf, File)> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::other("not a file name"))?;
    let pid = std::process::id();
    let mut long = OsString::from(".");
    long.push(name);
    long.push(format!(".{pid}.tmp"));
    let temporary = path.with_file_name(long);
    match File::create_new(&temporary) {
        Err(error) if error.kind() == io::ErrorKind::InvalidFilename => {
            let temporary = path.with_file_name(format!(".mazegen.{pid}.tmp"));
            File::create_new(&temporary).map(|file| (temporary, file))
        }
        created => created.map(|file| (temporary, file)),
    }
}

/// Puts the complete `temporary` file (open as `written`) in place of `path`: renamed onto it,
/// or, when renaming would change what the existing file is (its other hard links, its owner
/// or group), copied into it.
fn put_in_place(
    temporary: &Path,
    written: &File,
    path: &Path,
    existing: Option<&Metadata>,
) -> io::Result<()> {
    let ours = written.metadata()?;
    let renaming_keeps_it = existing.is_none_or(|existing| {
        existing.nlink() == 1 && (existing.uid(), existing.gid()) == (ours.uid(), ours.gid())
    });
    if renaming_keeps_it {
        return fs::rename(temporary, path);
    }
    let mut file = File::options().write(true).truncate(true).open(path)?;
    io::copy(&mut File::open(temporary)?, &mut file)?;
    file.sync_all()?;
    fs::remove_file(temporary)
}

/// Runs `write` against `sink` through a buffer, and hands `sink` back flushed. When `write`
/// fails, what is still buffered is dropped unwritten (a failure before the first 64 KiB writes
/// nothing), and when `sink` fails, the error is its own, whatever `write` made of it.
fn write_buffered<W: Write>(
    sink: W,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<W> {
    let mut out = BufWriter::with_capacity(1 << 16, Watched::new(sink));
    match write(&mut out).and_then(|()| out.flush()) {
        Ok(()) => Ok(out.into_inner().map_err(|e| e.into_error())?.into_inner()),
        Err(error) => {
            let (mut sink, _unwritten) = out.into_parts();
            Err(sink.take_error().unwrap_or(error))
        }
    }
}
