//! `html`: one self-contained page to play a maze in. The maze is drawn as `svg` draws it,
//! inline, with a marker, a trail and the solution over it; its `mazegen.graph/v1` document
//! (cells, passages, start, goal, solution) rides along as JSON for the page's script, which
//! moves the marker along open passages only. CSS and script are inline and nothing is
//! fetched, so the page works offline and from `file://`.
//!
//! Keys, buttons and swipes all ask for a direction on the screen; the marker takes the open
//! passage from its cell whose neighbour lies nearest that direction, within 60 degrees (see
//! `html/play.js`). On a rectangle or a mask that is exactly the arrow's passage; hexagons,
//! triangles and rings get diagonal keys and buttons as well.

use super::{Graph, Svg};
use crate::grid::Tile;
use crate::maze::{Blank, Maze};
use crate::render::ink::hex;
use crate::render::lines::{cell_units, number};
use crate::render::{Ink, Picture, Render, Style, Takes};
use crate::topology::{Geometry, Point, cell_ids};
use crate::with_topology;
use std::fmt::Write as _;
use std::io::{self, Write};

/// The page's styles, print styles included.
const STYLE: &str = include_str!("html/page.css");
/// The page's script: reads the graph, moves the marker.
const SCRIPT: &str = include_str!("html/play.js");

/// A page to play the maze in, its picture drawn as [`Svg`] draws it with the same
/// [`Picture`] options. The maze is solved for the page when it is not already; the picture
/// leaves the solution out, for a button to show.
#[derive(Debug, Clone, Copy, Default)]
pub struct Html(pub Picture);

impl Html {
    /// What `html` takes: what `svg` takes, the solution, and the seed (in the page's title
    /// and its graph).
    pub const TAKES: Takes = Takes {
        solved: true,
        records_seed: true,
        ..Svg::TAKES
    };
}

impl Render for Html {
    fn check_blank(&self, blank: &Blank) -> crate::grid::Result<()> {
        match self.0.in_lines(blank) {
            true => self.0.check_blank_drawing(blank),
            false => Ok(()),
        }
    }

    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        maze.require_whole("an html page")
            .map_err(io::Error::other)?;
        // Refused before the page begins, as the picture inside it would be.
        self.0.pixel_size(maze).map_err(io::Error::other)?;
        let solved_here;
        let solved = match maze.solution() {
            Some(_) => maze,
            None => {
                let mut copy = maze.clone();
                copy.solve().map_err(io::Error::other)?;
                solved_here = copy;
                &solved_here
            }
        };
        // Cell units as the picture's own: pixels in lines, tiles (two a cell, the cell's
        // centre half a tile past its corner) otherwise, as `Svg` decides.
        let in_lines = self.0.style == Style::Lines || maze.grid().is_none();
        let (origin, unit) = if in_lines {
            cell_units(self.0.scale)
        } else {
            (0.5, 2.0)
        };
        let overlay = with_topology!(solved.shape(), t => overlay(t, solved, &self.0, (origin, unit, in_lines)))?;
        let diagonals = maze.grid().is_none();

        // Written as it is made, the picture and the graph straight into `out`: a page holds
        // no second copy of either (an 8001-tile maze's page is 2 GB).
        let title = format!("{} maze, seed {}", escaped(maze.algorithm()), maze.seed());
        writeln!(out, "<!DOCTYPE html>")?;
        writeln!(out, r#"<html lang="en">"#)?;
        writeln!(out, "<head>")?;
        writeln!(out, r#"<meta charset="utf-8">"#)?;
        writeln!(
            out,
            r#"<meta name="viewport" content="width=device-width, initial-scale=1">"#
        )?;
        writeln!(out, "<title>{title}</title>")?;
        writeln!(out, "<style>\n{STYLE}</style>")?;
        writeln!(out, "</head>")?;
        writeln!(out, "<body>")?;
        writeln!(out, "<main>")?;
        writeln!(out, "<h1>{title}</h1>")?;
        writeln!(
            out,
            r#"<p class="help">Walk from the start to the goal: arrow keys or WASD{}, the buttons, or swipe on the maze.</p>"#,
            if diagonals {
                " (Q, E, Z, C diagonally)"
            } else {
                ""
            }
        )?;
        writeln!(
            out,
            r#"<div id="board" data-origin="{}" data-unit="{}">"#,
            num(origin),
            num(unit)
        )?;
        Svg(self.0).render_open(&maze.without_solution(), out)?;
        out.write_all(overlay.as_bytes())?;
        writeln!(out, "</svg>")?;
        writeln!(out, "</div>")?;
        writeln!(out, r#"<p id="message" role="status" hidden></p>"#)?;
        writeln!(out, r#"<div id="controls">"#)?;
        writeln!(out, r#"<div id="pad">"#)?;
        for (dx, dy, arrow, name) in PAD {
            if !diagonals && dx != 0 && dy != 0 {
                continue;
            }
            writeln!(
                out,
                r#"<button type="button" data-dx="{dx}" data-dy="{dy}" aria-label="{name}" style="grid-column:{};grid-row:{}">{arrow}</button>"#,
                dx + 2,
                dy + 2
            )?;
        }
        writeln!(out, "</div>")?;
        writeln!(out, r#"<p id="steps">Moves: <span id="moves">0</span></p>"#)?;
        writeln!(
            out,
            r#"<button type="button" id="toggle-solution" aria-pressed="false">Show solution</button>"#
        )?;
        writeln!(
            out,
            r#"<button type="button" id="restart">Restart</button>"#
        )?;
        writeln!(out, "</div>")?;
        writeln!(out, "</main>")?;
        write!(out, r#"<script type="application/json" id="maze-graph">"#)?;
        let mut data = ScriptSafe::new(&mut *out);
        Graph { stats: false }.write(solved, &mut data, true)?;
        writeln!(out, "</script>")?;
        writeln!(out, "<script>\n{SCRIPT}</script>")?;
        writeln!(out, "</body>")?;
        writeln!(out, "</html>")
    }
}

/// The buttons of the pad: direction, arrow and name. Diagonals only where a cell has
/// neighbours that way (hexagons, triangles, rings).
const PAD: [(i32, i32, &str, &str); 8] = [
    (-1, -1, "&#8598;", "up left"),
    (0, -1, "&#8593;", "up"),
    (1, -1, "&#8599;", "up right"),
    (-1, 0, "&#8592;", "left"),
    (1, 0, "&#8594;", "right"),
    (-1, 1, "&#8601;", "down left"),
    (0, 1, "&#8595;", "down"),
    (1, 1, "&#8600;", "down right"),
];

/// The play layer over the picture: the start and goal filled (in tiles), the solution
/// (hidden until asked for), the trail and the marker on the start, in the picture's units
/// (`origin + cell units * unit`).
fn overlay<T: Geometry>(
    topology: &T,
    maze: &Maze,
    picture: &Picture,
    (origin, unit, in_lines): (f64, f64, bool),
) -> io::Result<String> {
    let ids = cell_ids(topology).map_err(io::Error::other)?;
    let at = |i: usize| {
        let Point { x, y } = topology.centre(i);
        (origin + x * unit, origin + y * unit)
    };
    let mut solution = String::new();
    for (k, &i) in maze.solution().unwrap_or_default().iter().enumerate() {
        let (x, y) = at(i);
        write!(
            solution,
            "{}{} {}",
            if k == 0 { 'M' } else { 'L' },
            num(x),
            num(y)
        )
        .expect("writing to a String");
    }
    let (x, y) = at(maze.start());
    let palette = picture.palette;
    let colour = |tile| hex(palette.rgb(Ink::Plain(tile)));
    let mut layer = String::new();
    if !in_lines {
        // Tile pictures fill the start and goal of solved mazes only: the page fills them
        // always, as line pictures do.
        writeln!(layer, r#"<g id="ends">"#).expect("writing to a String");
        for (i, tile) in [(maze.start(), Tile::Start), (maze.goal(), Tile::Goal)] {
            let Point { x, y } = topology.centre(i);
            writeln!(
                layer,
                r#"<rect x="{}" y="{}" width="1" height="1" fill="{}"/>"#,
                num(2.0 * x),
                num(2.0 * y),
                colour(tile)
            )
            .expect("writing to a String");
        }
        writeln!(layer, "</g>").expect("writing to a String");
    }
    writeln!(
        layer,
        r#"<g id="play" fill="none" stroke-linecap="round" stroke-linejoin="round" shape-rendering="geometricPrecision">"#
    ).expect("writing to a String");
    writeln!(
        layer,
        r#"<path id="solution" stroke="{}" stroke-width="{}" d="{solution}"/>"#,
        colour(Tile::Path),
        num(unit * 0.25)
    )
    .expect("writing to a String");
    writeln!(
        layer,
        r#"<path id="trail" stroke="{}" stroke-opacity="0.75" stroke-width="{}" d="M{} {}"/>"#,
        colour(Tile::Start),
        num(unit * 0.3),
        num(x),
        num(y)
    )
    .expect("writing to a String");
    writeln!(
        layer,
        r##"<circle id="marker" data-cell="{}" cx="{}" cy="{}" r="{}" fill="#ffffff" stroke="{}" stroke-width="{}"/>"##,
        ids[maze.start()],
        num(x),
        num(y),
        num(unit * 0.3),
        colour(Tile::Wall),
        num(unit * 0.08)
    ).expect("writing to a String");
    writeln!(layer, "</g>").expect("writing to a String");
    Ok(layer)
}

/// `value` as the line pictures write numbers: at most two decimals.
fn num(value: f64) -> String {
    let mut text = String::new();
    number(&mut text, value);
    text
}

/// `text` with HTML's special characters escaped.
fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

/// Writes JSON so that it can stand inside a `<script>` element: `<`, `>` and `&` (which JSON
/// has only in strings) as `\u` escapes, so no `</script>` ends it early, and without the line
/// break that ends it, so that `</script>` follows on its line.
struct ScriptSafe<'a> {
    out: &'a mut dyn Write,
    /// A line break held back until more follows.
    held: bool,
}

impl<'a> ScriptSafe<'a> {
    fn new(out: &'a mut dyn Write) -> Self {
        Self { out, held: false }
    }
}

impl Write for ScriptSafe<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.write_all(bytes)?;
        Ok(bytes.len())
    }

    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        if bytes.is_empty() {
            return Ok(());
        }
        if std::mem::take(&mut self.held) {
            self.out.write_all(b"\n")?;
        }
        let (bytes, held) = match bytes.strip_suffix(b"\n") {
            Some(rest) => (rest, true),
            None => (bytes, false),
        };
        for piece in bytes.split_inclusive(|b| matches!(b, b'<' | b'>' | b'&')) {
            let (last, plain) = piece.split_last().expect("pieces are not empty");
            let escape: &[u8] = match last {
                b'<' => b"\\u003c",
                b'>' => b"\\u003e",
                b'&' => b"\\u0026",
                _ => {
                    self.out.write_all(piece)?;
                    continue;
                }
            };
            self.out.write_all(plain)?;
            self.out.write_all(escape)?;
        }
        self.held = held;
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_in_a_script_cannot_close_it() {
        let script_safe = |pieces: &[&str]| {
            let mut out = Vec::new();
            let mut safe = ScriptSafe::new(&mut out);
            for piece in pieces {
                safe.write_all(piece.as_bytes()).unwrap();
            }
            String::from_utf8(out).unwrap()
        };
        assert_eq!(
            script_safe(&[r#"{"a":"</script><b>&"}"#, "\n"]),
            r#"{"a":"\u003c/script\u003e\u003cb\u003e\u0026"}"#
        );
        assert_eq!(script_safe(&["a<\n", "\n", "b&"]), "a\\u003c\n\nb\\u0026");
        assert_eq!(
            escaped(r#"<a href="x">&"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;"
        );
    }
}
