//! Where and how results are written: the checked output options, color, and files that
//! appear only once complete.

use crate::cli::{ColorChoice, Format, OutputArgs, TargetArgs, Theme};
use anyhow::{Context, bail};
use mazegen::Maze;
use mazegen::analysis::Summary;
use mazegen::render::{Json, Palette, Picture, Png, Render, Svg, Term, Text};
use std::fs::{self, File};
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;

/// The output options, checked before any work is done.
pub struct Output<'a> {
    /// The options as given.
    pub args: &'a OutputArgs,
    /// The format, its default applied.
    pub format: Format,
    /// `None` for `--format events`, which only maze commands write, while generating.
    renderer: Option<Box<dyn Render>>,
    picture: Option<Picture>,
}

impl<'a> Output<'a> {
    /// Checks that the options fit the format (`default` when none is given) and picks the
    /// renderer.
    pub fn new(args: &'a OutputArgs, default: Format) -> anyhow::Result<Self> {
        let format = args.format.unwrap_or(default);
        let name = format!("{format:?}").to_lowercase();
        let is_picture = matches!(format, Format::Svg | Format::Png);
        if args.heatmap && matches!(format, Format::Text | Format::Json | Format::Events) {
            return Err(bad_input(format!(
                "--heatmap draws on term, svg or png output, not --format {name}"
            )));
        }
        if !is_picture && (args.theme.is_some() || args.scale.is_some()) {
            let flag = if args.theme.is_some() {
                "--theme"
            } else {
                "--scale"
            };
            return Err(bad_input(format!(
                "{flag} applies to svg and png pictures, not --format {name}"
            )));
        }
        if format == Format::Png && args.target.output.is_none() && io::stdout().is_terminal() {
            return Err(bad_input(
                "refusing to write PNG to a terminal: use --output FILE or a pipe".into(),
            ));
        }
        let picture = Picture {
            palette: match args.theme.unwrap_or(Theme::Color) {
                Theme::Color => Palette::COLOR,
                Theme::Mono => Palette::MONO,
            },
            scale: args.scale.unwrap_or(Picture::default().scale),
            heatmap: args.heatmap,
        };
        let renderer: Option<Box<dyn Render>> = match format {
            Format::Term => Some(Box::new(Term {
                color: use_color(&args.target),
                heatmap: args.heatmap,
            })),
            Format::Text => Some(Box::new(Text)),
            Format::Json => Some(Box::new(Json { stats: args.stats })),
            Format::Svg => Some(Box::new(Svg(picture))),
            Format::Png => Some(Box::new(Png(picture))),
            Format::Events => None,
        };
        Ok(Self {
            args,
            format,
            renderer,
            picture: is_picture.then_some(picture),
        })
    }

    /// Writes `maze`, with `--stats` as a table on stderr unless the format carries them.
    pub fn emit(&self, maze: &Maze) -> anyhow::Result<()> {
        if let Some(picture) = self.picture {
            picture.pixel_size(maze).context("--scale")?;
        }
        if self.args.stats && self.format != Format::Json {
            let _ = write!(io::stderr().lock(), "{}", Summary::of(maze));
        }
        let Some(renderer) = &self.renderer else {
            return Err(bad_input(
                "--format events records a generator's steps: use it with a maze command".into(),
            ));
        };
        write_output(self.args.target.output.as_deref(), |out| {
            renderer.render(maze, out)
        })
    }
}

/// A bad-input error (exit code 2) with `message`.
pub fn bad_input(message: String) -> anyhow::Error {
    mazegen::Error::InvalidOption(message).into()
}

/// `--color auto` colors only a terminal standard output, and only when `NO_COLOR` is unset or
/// empty.
pub fn use_color(target: &TargetArgs) -> bool {
    match target.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            target.output.is_none()
                && io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    }
}

/// Runs `write` against a buffered standard output (no `path`, or `-`), or against a temporary
/// file next to `path` that replaces `path` only once everything is written: an error never
/// leaves half a file. Devices, named pipes and symbolic links are written in place, since
/// renaming over them would replace them.
pub fn write_output(
    path: Option<&Path>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> anyhow::Result<()> {
    let Some(path) = path.filter(|&path| path != Path::new("-")) else {
        drop(write_buffered(io::stdout().lock(), write)?);
        return Ok(());
    };
    let failed = || format!("cannot write --output {}", path.display());
    let special = fs::symlink_metadata(path).is_ok_and(|meta| !meta.is_file());
    if special {
        let file = File::create(path).with_context(failed)?;
        write_buffered(file, write).with_context(failed)?;
        return Ok(());
    }
    let Some(name) = path.file_name() else {
        bail!("--output {} is not a file name", path.display());
    };
    let mut temporary = path.to_path_buf();
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

/// Runs `write` against `sink` through a buffer, and hands `sink` back flushed.
fn write_buffered<W: Write>(
    sink: W,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> io::Result<W> {
    let mut out = BufWriter::with_capacity(1 << 16, sink);
    write(&mut out)?;
    out.into_inner().map_err(|e| e.into_error())
}
