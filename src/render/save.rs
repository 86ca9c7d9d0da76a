//! A maze written to a file in the format its name says, and shown as text.

use super::{Html, Json, Pdf, Png, Render, Svg, Text};
use crate::error::{Error, Result};
use crate::maze::Maze;
use std::fmt;
use std::fs::{self, File};
use std::io::{self, BufWriter};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The file name endings [`Maze::save`] knows, in the order its refusal lists them.
pub const SAVED_FORMATS: [&str; 6] = ["txt", "json", "svg", "png", "html", "pdf"];

impl Maze {
    /// Writes the maze to `path` in the format its name ends with, with that format's
    /// default options: `.txt` (`#` and spaces), `.json` (`mazegen.maze/v1`), `.svg`, `.png`,
    /// `.html` (a page to play) or `.pdf` (a page to print). The file is replaced only once it
    /// is complete (a link at `path` is replaced by the file, which gets a new file's
    /// permissions); on an error nothing is left behind, and a failure to write names the path.
    ///
    /// ```
    /// use mazegen::Maze;
    ///
    /// let maze = Maze::builder().cells(12, 8).solve().seed(5).build()?;
    /// let path = std::env::temp_dir().join(format!("mazegen-doc-{}.svg", std::process::id()));
    /// maze.save(&path)?;
    /// assert!(std::fs::read_to_string(&path)?.starts_with("<svg"));
    /// # std::fs::remove_file(&path)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn save(&self, path: impl AsRef<Path>) -> Result<()> {
        let path = path.as_ref();
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        let renderer: Box<dyn Render> = match extension.to_ascii_lowercase().as_str() {
            "txt" => Box::new(Text::default()),
            "json" => Box::new(Json::default()),
            "svg" => Box::new(Svg::default()),
            "png" => Box::new(Png::default()),
            "html" => Box::new(Html::default()),
            "pdf" => Box::new(Pdf::default()),
            _ => {
                return Err(Error::UnknownFormat {
                    path: path.to_path_buf(),
                    expected: &SAVED_FORMATS,
                });
            }
        };
        let (temporary, file) = temporary_beside(path).map_err(|e| failed(e, path))?;
        let mut out = BufWriter::new(file);
        let written = renderer
            .render(self, &mut out)
            .and_then(|()| out.into_inner().map_err(|e| e.into_error())?.sync_all())
            .and_then(|()| fs::rename(&temporary, path));
        written.map_err(|error| {
            let _ = fs::remove_file(&temporary);
            match Error::from(error) {
                Error::Io(error) => failed(error, path),
                refusal => refusal,
            }
        })
    }
}

/// A failure to write `path`, naming it.
fn failed(error: io::Error, path: &Path) -> Error {
    let message = format!("cannot write {}: {error}", path.display());
    Error::Io(io::Error::new(error.kind(), message))
}

/// A new file beside `path` for a save to write before it takes `path`'s place:
/// `.NAME.PID.N.tmp`, `N` counting the saves of this process, so that saves on several
/// threads never share one.
fn temporary_beside(path: &Path) -> io::Result<(PathBuf, File)> {
    static SAVES: AtomicU32 = AtomicU32::new(0);
    let name = path
        .file_name()
        .map_or("maze".into(), |name| name.to_string_lossy());
    loop {
        let n = SAVES.fetch_add(1, Ordering::Relaxed);
        let temporary = path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()));
        match File::create_new(&temporary) {
            Ok(file) => return Ok((temporary, file)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(error) => return Err(error),
        }
    }
}

/// The maze as text, `#` for walls and spaces for passages (its solution drawn in if
/// solved), as [`Text`] writes it. A maze whose drawing does not fit in memory writes nothing
/// and reports [`fmt::Error`] (so `to_string` would panic): write such a maze with [`Text`],
/// which says why.
impl fmt::Display for Maze {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = Vec::new();
        Text::default()
            .render(self, &mut text)
            .map_err(|_| fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(&text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_without_a_known_ending_is_refused_and_nothing_is_written() {
        let maze = Maze::builder().cells(3, 3).seed(1).build().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let error = maze.save(dir.path().join("maze.bmp")).unwrap_err();
        assert!(error.to_string().contains(".txt, .json"), "{error}");
        // A failed write leaves no temporary file behind.
        let missing = dir.path().join("no-such-dir").join("maze.svg");
        let error = maze.save(&missing).unwrap_err();
        assert!(matches!(error, Error::Io(_)), "{error}");
        assert!(error.to_string().contains("no-such-dir"), "{error}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn every_format_saves_what_its_renderer_writes() {
        let maze = Maze::builder().cells(5, 4).solve().seed(2).build().unwrap();
        let dir = tempfile::tempdir().unwrap();
        for extension in SAVED_FORMATS {
            let path = dir.path().join(format!("maze.{extension}"));
            maze.save(&path).unwrap();
            assert!(fs::metadata(&path).unwrap().len() > 0, "{extension}");
        }
        let text = fs::read_to_string(dir.path().join("maze.txt")).unwrap();
        assert_eq!(text, maze.to_string());
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            SAVED_FORMATS.len()
        );
    }
}
