//! `pdf`: a puzzle book to print. Mazes are laid out `per_page` to a page of A4 or Letter
//! paper, each captioned with its number and seed, then the same mazes again with their
//! solutions: the answer key. Every shape is drawn in lines, as vector paths (the geometry of
//! `svg`'s lines style), so walls stay crisp at any zoom; captions use Helvetica, one of the
//! fonts every PDF reader has, so nothing is embedded.
//!
//! The file holds no date and no random identifier: the same mazes give the same bytes.

use crate::maze::Maze;
use crate::render::lines::{Vector, maze_vector};
use crate::render::{Many, Palette, Render, Takes};
use pdf_writer::{Content, Filter, Finish, Name, Pdf as Writer, Rect, Ref, Str};
use std::io::{self, Write};

/// Sizes of paper.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 x 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 x 11 in.
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 in).
    pub fn points(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }
}

/// A puzzle book: the mazes, then their solutions, `per_page` to a page (1, 2, 4 or 6 read
/// best; others are laid out two across). One maze makes a book of one page and its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pdf {
    /// The paper's size.
    pub paper: Paper,
    /// Mazes on a page.
    pub per_page: u32,
}

impl Default for Pdf {
    fn default() -> Self {
        Self {
            paper: Paper::A4,
            per_page: 1,
        }
    }
}

/// One maze of a book, drawn for its page and for its answer: what a run of many mazes
/// gathers before the book is written, each drawing deflated already (on the run's threads).
#[derive(Debug, Clone, PartialEq)]
pub struct BookMaze {
    seed: u64,
    puzzle: Form,
    answer: Form,
}

/// A drawing as a form (a PDF XObject): drawn once, placed on its page, deflated.
#[derive(Debug, Clone, PartialEq)]
struct Form {
    /// Width and height in the drawing's units.
    size: (f32, f32),
    /// Its operators, zlib-deflated.
    deflated: Vec<u8>,
}

impl Form {
    fn of(vector: Vector) -> Self {
        Self {
            size: (vector.size.0 as f32, vector.size.1 as f32),
            deflated: deflated(&vector.ops),
        }
    }
}

/// `bytes` deflated in a zlib stream (FlateDecode), at zlib's default level: the same bytes on
/// every platform.
fn deflated(bytes: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec_zlib(bytes, 6)
}

/// The room around a page's contents, in points.
const MARGIN: f32 = 42.0;
/// The height of a page's heading.
const HEADING: f32 = 28.0;
/// The height of a maze's caption, above it.
const CAPTION: f32 = 18.0;
/// The room between mazes.
const GAP: f32 = 12.0;

impl Pdf {
    /// What `pdf` takes: mazes of every shape, drawn with their solutions in the answers, many
    /// to a book, their seeds in the captions.
    pub const TAKES: Takes = Takes {
        tiles: true,
        any_shape: true,
        binary: Some("a PDF document"),
        records_seed: true,
        solved: true,
        many: Some(Many::Book),
        ..Takes::NOTHING
    };

    /// The colors of a book: black walls on white, a grey solution.
    const PALETTE: Palette = Palette::MONO;

    /// `maze` drawn for a book: as a puzzle, and with its solution (found here if it has none).
    pub fn draw(&self, maze: &Maze) -> io::Result<BookMaze> {
        maze.require_whole("a PDF book").map_err(io::Error::other)?;
        let puzzle = maze_vector(&maze.without_solution(), &Self::PALETTE)?;
        let answer = match maze.solution() {
            Some(_) => maze_vector(maze, &Self::PALETTE)?,
            None => {
                let mut solved = maze.clone();
                solved.solve().map_err(io::Error::other)?;
                maze_vector(&solved, &Self::PALETTE)?
            }
        };
        Ok(BookMaze {
            seed: maze.seed(),
            puzzle: Form::of(puzzle),
            answer: Form::of(answer),
        })
    }

    /// Columns and rows of mazes on a page.
    fn grid(&self) -> (u32, u32) {
        let n = self.per_page.max(1);
        let columns = if n <= 2 { 1 } else { 2 };
        (columns, n.div_ceil(columns))
    }

    /// How many pages a book of `mazes` mazes has, answers included (a book of none has an
    /// empty page of each).
    pub fn pages(&self, mazes: u64) -> u64 {
        2 * mazes.div_ceil(u64::from(self.per_page.max(1))).max(1)
    }

    /// Writes the book of `mazes`, each with its number (1 for the first of a run): their
    /// pages, then the answers' pages. Each drawing is a form of its own, placed on its page.
    pub fn write_book(&self, mazes: &[(u64, BookMaze)], out: &mut dyn Write) -> io::Result<()> {
        let per_page = self.per_page.max(1) as usize;
        let sheets = mazes.len().div_ceil(per_page).max(1);
        let mut next = 1;
        let mut alloc = || {
            let id = Ref::new(next);
            next += 1;
            id
        };
        let (catalog, tree, font) = (alloc(), alloc(), alloc());
        let pages: Vec<(Ref, Ref)> = (0..2 * sheets).map(|_| (alloc(), alloc())).collect();
        // Each maze's puzzle and answer.
        let forms: Vec<(Ref, Ref)> = mazes.iter().map(|_| (alloc(), alloc())).collect();
        let mut pdf = Writer::new();
        pdf.catalog(catalog).pages(tree);
        pdf.pages(tree)
            .kids(pages.iter().map(|&(page, _)| page))
            .count(pages.len() as i32);
        pdf.type1_font(font)
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        let (width, height) = self.paper.points();
        for (k, &(page_id, content_id)) in pages.iter().enumerate() {
            let answers = k >= sheets;
            let sheet = k % sheets;
            let first = (sheet * per_page).min(mazes.len());
            let on_page = &mazes[first..(first + per_page).min(mazes.len())];
            let content = self.page(on_page, answers, (sheet, sheets));
            let mut page = pdf.page(page_id);
            page.media_box(Rect::new(0.0, 0.0, width, height))
                .parent(tree)
                .contents(content_id);
            let mut resources = page.resources();
            resources.fonts().pair(Name(b"F1"), font);
            let mut placed = resources.x_objects();
            for (n, &(puzzle, answer)) in forms[first..first + on_page.len()].iter().enumerate() {
                let name = format!("M{n}");
                placed.pair(Name(name.as_bytes()), if answers { answer } else { puzzle });
            }
            placed.finish();
            resources.finish();
            page.finish();
            pdf.stream(content_id, &deflated(&content))
                .filter(Filter::FlateDecode);
        }
        for ((_, maze), &(puzzle, answer)) in mazes.iter().zip(&forms) {
            for (id, form) in [(puzzle, &maze.puzzle), (answer, &maze.answer)] {
                let (w, h) = form.size;
                pdf.form_xobject(id, &form.deflated)
                    .bbox(Rect::new(0.0, 0.0, w, h))
                    .filter(Filter::FlateDecode);
            }
        }
        out.write_all(&pdf.finish())
    }

    /// The drawing operators of one page: its heading, then each maze under its caption, the
    /// form `M0`, `M1`, ... of its puzzle or (`answers`) of its answer.
    fn page(
        &self,
        mazes: &[(u64, BookMaze)],
        answers: bool,
        (sheet, sheets): (usize, usize),
    ) -> Vec<u8> {
        let (width, height) = self.paper.points();
        let (columns, rows) = self.grid();
        let mut bytes = Vec::new();
        let heading = match answers {
            false => "Mazes",
            true => "Answers",
        };
        let heading = format!("{heading}  ({} of {sheets})", sheet + 1);
        text(&mut bytes, 14.0, (MARGIN, height - MARGIN - 14.0), &heading);
        let top = height - MARGIN - HEADING;
        let slot_width = (width - 2.0 * MARGIN) / columns as f32;
        let slot_height = (top - MARGIN) / rows as f32;
        for (k, (number, maze)) in mazes.iter().enumerate() {
            let (column, row) = ((k as u32 % columns) as f32, (k as u32 / columns) as f32);
            let left = MARGIN + column * slot_width;
            let slot_top = top - row * slot_height;
            let caption = match answers {
                false => format!("Maze {number} \u{2014} seed {}", maze.seed),
                true => format!("Solution {number} \u{2014} seed {}", maze.seed),
            };
            text(
                &mut bytes,
                11.0,
                (left + GAP / 2.0, slot_top - 11.0),
                &caption,
            );
            let form = if answers { &maze.answer } else { &maze.puzzle };
            let (w, h) = form.size;
            let room = (slot_width - GAP, slot_height - CAPTION - GAP);
            let scale = (room.0 / w).min(room.1 / h);
            let x = left + (slot_width - w * scale) / 2.0;
            let y = slot_top - CAPTION;
            let mut placed = Content::new();
            placed.save_state();
            // Drawing units, y down, to points on the page, y up.
            placed.transform([scale, 0.0, 0.0, -scale, x, y]);
            placed.x_object(Name(format!("M{k}").as_bytes()));
            placed.restore_state();
            append(&mut bytes, &placed.finish());
        }
        bytes
    }
}

/// Appends `line` in Helvetica at `size` points, its baseline starting at `(x, y)`.
fn text(bytes: &mut Vec<u8>, size: f32, (x, y): (f32, f32), line: &str) {
    let encoded = win_ansi(line);
    let mut content = Content::new();
    content.set_fill_rgb(0.0, 0.0, 0.0);
    content.begin_text();
    content.set_font(Name(b"F1"), size);
    content.next_line(x, y);
    content.show(Str(&encoded));
    content.end_text();
    append(bytes, &content.finish());
}

/// Appends operators, then a line break: fragments written apart do not run together.
fn append(bytes: &mut Vec<u8>, ops: &[u8]) {
    bytes.extend_from_slice(ops);
    bytes.push(b'\n');
}

/// `line` in WinAnsiEncoding, Helvetica's: ASCII as it is, the em dash as 0x97, anything else
/// as `?`.
fn win_ansi(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| match c {
            ' '..='~' => c as u8,
            '\u{2014}' => 0x97,
            _ => b'?',
        })
        .collect()
}

impl Render for Pdf {
    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        self.write_book(&[(1, self.draw(maze)?)], out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algorithms::Backtrack;

    #[test]
    fn pages_hold_their_mazes_two_across_from_four() {
        let book = |per_page| Pdf {
            per_page,
            ..Pdf::default()
        };
        let grids: Vec<_> = [1, 2, 4, 6].map(|n| book(n).grid()).to_vec();
        assert_eq!(grids, [(1, 1), (1, 2), (2, 2), (2, 3)]);
        assert_eq!(book(1).pages(100), 200);
        assert_eq!(book(6).pages(100), 34);
        assert_eq!(book(4).pages(0), 2);
    }

    #[test]
    fn captions_are_win_ansi() {
        assert_eq!(win_ansi("Maze 3 \u{2014} seed 7"), b"Maze 3 \x97 seed 7");
        assert_eq!(win_ansi("\u{e9}"), b"?");
    }

    #[test]
    fn a_maze_makes_a_book_of_two_pages_in_the_same_bytes_every_time() {
        let maze = Maze::builder()
            .algorithm(Backtrack::default())
            .cells(4, 3)
            .seed(11)
            .build()
            .unwrap();
        let written = || {
            let mut bytes = Vec::new();
            Pdf::default().render(&maze, &mut bytes).unwrap();
            bytes
        };
        let bytes = written();
        assert!(bytes.starts_with(b"%PDF-1.7"));
        assert_eq!(bytes, written());
        let text = String::from_utf8_lossy(&bytes);
        assert_eq!(text.matches("/Type /Page\n").count(), 2);
        assert_eq!(text.matches("/Subtype /Form").count(), 2);
    }
}
