//! `pdf`: a puzzle book to print. Mazes are laid out `per_page` to a page of A4 or Letter
//! paper, each captioned with its number and seed, then the same mazes again with their
//! solutions: the answer key. Every shape is drawn in lines, as vector paths (the geometry of
//! `svg`'s lines style), so walls stay crisp at any zoom; captions use Helvetica, one of the
//! fonts every PDF reader has, so nothing is embedded.
//!
//! The file holds no date and no random identifier: the same mazes give the same bytes.

use crate::grid::MazeError;
use crate::maze::{Blank, Maze};
use crate::render::lines::{Vector, maze_vector};
use crate::render::{Many, Palette, Picture, Render, Style, Takes};
use pdf_writer::writers::Catalog;
use pdf_writer::{Chunk, Content, Filter, Finish, Name, Rect, Ref, Str};
use std::fmt::Write as _;
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

/// One maze of a book, drawn for its page and for its answer, each drawing deflated already
/// (on a run's threads), for [`Book::add`] to place.
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

    /// The most objects a book may hold: PDF readers (Acrobat's limit, 2^23 - 1) open no
    /// more.
    pub const MAX_OBJECTS: u64 = (1 << 23) - 1;

    /// The most mazes a page lays out: six rows of two, each maze still over an inch high
    /// (more left no room under the captions, and were drawn mirrored).
    pub const MAX_PER_PAGE: u32 = 12;

    /// The colors of a book: black walls on white, a grey solution.
    const PALETTE: Palette = Palette::MONO;

    /// A book's drawings, for the memory they take: in lines, without a heat map.
    const DRAWING: Picture = Picture {
        palette: Self::PALETTE,
        scale: 16,
        heatmap: false,
        style: Style::Lines,
    };

    /// `maze` drawn for a book: as a puzzle, and with its solution (found here if it has none).
    /// A drawing the machine will not hold is refused before it is begun
    /// ([`MazeError::OutOfMemory`]).
    pub fn draw(&self, maze: &Maze) -> io::Result<BookMaze> {
        maze.require_whole("a PDF book").map_err(io::Error::other)?;
        (Self::DRAWING.check_drawing_memory(maze.shape())).map_err(io::Error::other)?;
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

    /// The objects in a book of `mazes` mazes: its catalog, page tree and font, each page and
    /// its contents, each maze's puzzle and answer.
    fn objects(&self, mazes: u64) -> u64 {
        3u64.saturating_add(2u64.saturating_mul(self.pages(mazes)))
            .saturating_add(2u64.saturating_mul(mazes))
    }

    /// The most mazes a book can hold at [`Pdf::per_page`] a page: its objects at most
    /// [`Pdf::MAX_OBJECTS`].
    pub fn most_mazes(&self) -> u64 {
        // Objects grow with mazes: the last count within the limit, found by halving.
        let (mut fits, mut over) = (0u64, Self::MAX_OBJECTS);
        while over - fits > 1 {
            let middle = fits + (over - fits) / 2;
            match self.objects(middle) <= Self::MAX_OBJECTS {
                true => fits = middle,
                false => over = middle,
            }
        }
        fits
    }

    /// Refuses a book of `mazes` mazes that PDF readers would not open (more than
    /// [`Pdf::MAX_OBJECTS`] objects) or whose pages cannot lay out [`Pdf::per_page`] mazes
    /// (more than [`Pdf::MAX_PER_PAGE`]).
    pub fn check(&self, mazes: u64) -> Result<(), MazeError> {
        if self.per_page > Self::MAX_PER_PAGE {
            return Err(MazeError::PerPageOutOfRange {
                per_page: self.per_page,
                most: Self::MAX_PER_PAGE,
            });
        }
        match self.objects(mazes) <= Self::MAX_OBJECTS {
            true => Ok(()),
            false => Err(MazeError::BookTooLarge {
                mazes,
                per_page: self.per_page.max(1),
                most: self.most_mazes(),
            }),
        }
    }

    /// A book of `mazes` mazes, refused as [`Pdf::check`] refuses. Add the mazes in order
    /// with [`Book::add`], then [`Book::finish`] it: each page is written as soon as its
    /// mazes are in, so a book holds no more than a page of drawings.
    pub fn book(&self, mazes: u64) -> Result<Book, MazeError> {
        self.check(mazes)?;
        Ok(Book {
            pdf: *self,
            written: 0,
            offsets: Vec::new(),
            sheets: self.pages(mazes) / 2,
            mazes,
            sheet: Vec::new(),
            answers: Vec::new(),
        })
    }

    /// The drawing operators of one page: its heading, then each maze under its caption, the
    /// form `M0`, `M1`, ... of its puzzle or (`answers`) of its answer.
    fn page(&self, mazes: &[Caption], answers: bool, (sheet, sheets): (u64, u64)) -> Vec<u8> {
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
        for (k, &Caption { number, seed, size }) in mazes.iter().enumerate() {
            let (column, row) = ((k as u32 % columns) as f32, (k as u32 / columns) as f32);
            let left = MARGIN + column * slot_width;
            let slot_top = top - row * slot_height;
            let caption = match answers {
                false => format!("Maze {number} \u{2014} seed {seed}"),
                true => format!("Solution {number} \u{2014} seed {seed}"),
            };
            text(
                &mut bytes,
                11.0,
                (left + GAP / 2.0, slot_top - 11.0),
                &caption,
            );
            let (w, h) = size;
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

/// The catalog's, the page tree's and the font's objects, the first three of a book.
const CATALOG: Ref = Ref::new(1);
const TREE: Ref = Ref::new(2);
const FONT: Ref = Ref::new(3);

/// A book being written (see [`Pdf::book`]): its pages of mazes go out as they fill, then
/// the pages of answers, which place the forms written with the mazes.
#[derive(Debug)]
pub struct Book {
    pdf: Pdf,
    /// Bytes written so far: where the next object begins.
    written: u64,
    /// Where each object begins, by number from 1.
    offsets: Vec<u64>,
    /// Pages of mazes (as many again of answers).
    sheets: u64,
    /// Mazes the book was begun for.
    mazes: u64,
    /// The mazes of the page being filled.
    sheet: Vec<BookMaze>,
    /// Every maze's caption so far, for the pages of answers.
    answers: Vec<Caption>,
}

/// What a page says of a maze and how it places it: its number and seed, and its size.
#[derive(Debug, Clone, Copy)]
struct Caption {
    number: u64,
    seed: u64,
    size: (f32, f32),
}

impl Book {
    /// Adds the next maze, numbered `number`, writing its page to `out` when the page is
    /// full (the book's beginning first).
    pub fn add(&mut self, number: u64, maze: BookMaze, out: &mut dyn Write) -> io::Result<()> {
        if self.answers.len() as u64 == self.mazes {
            return Err(io::Error::other(format!(
                "the book was begun for {} mazes",
                self.mazes
            )));
        }
        self.answers.push(Caption {
            number,
            seed: maze.seed,
            size: maze.puzzle.size,
        });
        self.sheet.push(maze);
        if self.sheet.len() == self.pdf.per_page.max(1) as usize {
            self.write_sheet(out)?;
        }
        Ok(())
    }

    /// Writes the last page of mazes, the pages of answers and the cross-reference table to
    /// `out`.
    pub fn finish(mut self, out: &mut dyn Write) -> io::Result<()> {
        if (self.answers.len() as u64) < self.mazes {
            return Err(io::Error::other(format!(
                "the book was begun for {} mazes and given {}",
                self.mazes,
                self.answers.len()
            )));
        }
        if !self.sheet.is_empty() || self.mazes == 0 {
            self.write_sheet(out)?;
        }
        let per_page = self.pdf.per_page.max(1) as usize;
        for sheet in 0..self.sheets {
            let first = (sheet as usize * per_page).min(self.answers.len());
            let last = (first + per_page).min(self.answers.len());
            let on_page = self.answers[first..last].to_vec();
            let forms = (first..last).map(|m| self.form_refs(m as u64).1).collect();
            self.write_page(self.sheets + sheet, &on_page, forms, out)?;
        }
        let xref = self.written;
        let mut table = format!("xref\n0 {}\n0000000000 65535 f\r\n", self.offsets.len() + 1);
        for offset in &self.offsets {
            writeln!(table, "{offset:010} 00000 n\r").expect("writing to a String");
        }
        write!(
            table,
            "trailer\n<<\n  /Size {}\n  /Root {} 0 R\n>>\nstartxref\n{xref}\n%%EOF",
            self.offsets.len() + 1,
            CATALOG.get()
        )
        .expect("writing to a String");
        self.put(table.as_bytes(), out)
    }

    /// Writes the book's beginning: the header, the catalog, the page tree and the font.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        self.put(b"%PDF-1.7\n%\x80\x80\x80\x80\n\n", out)?;
        let mut catalog = Chunk::new();
        catalog.indirect(CATALOG).start::<Catalog>().pages(TREE);
        self.put_object(catalog, out)?;
        let mut tree = Chunk::new();
        tree.pages(TREE)
            .kids((0..2 * self.sheets).map(|k| self.page_ref(k).0))
            .count(i32::try_from(2 * self.sheets).expect("within the objects' limit"));
        self.put_object(tree, out)?;
        let mut font = Chunk::new();
        font.type1_font(FONT)
            .base_font(Name(b"Helvetica"))
            .encoding_predefined(Name(b"WinAnsiEncoding"));
        self.put_object(font, out)
    }

    /// Writes the page of mazes being filled and their forms, after the book's beginning if
    /// nothing is written yet.
    fn write_sheet(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if self.written == 0 {
            self.begin(out)?;
        }
        let sheet = std::mem::take(&mut self.sheet);
        let first = self.answers.len() - sheet.len();
        let captions = self.answers[first..].to_vec();
        let forms = (first..self.answers.len())
            .map(|m| self.form_refs(m as u64).0)
            .collect();
        let page = first as u64 / u64::from(self.pdf.per_page.max(1));
        self.write_page(page, &captions, forms, out)?;
        for (k, maze) in sheet.iter().enumerate() {
            let (puzzle, answer) = self.form_refs((first + k) as u64);
            for (id, form) in [(puzzle, &maze.puzzle), (answer, &maze.answer)] {
                let (w, h) = form.size;
                let mut chunk = Chunk::new();
                chunk
                    .form_xobject(id, &form.deflated)
                    .bbox(Rect::new(0.0, 0.0, w, h))
                    .filter(Filter::FlateDecode);
                self.put_object(chunk, out)?;
            }
        }
        Ok(())
    }

    /// Writes page `k` of the book (answers from [`Book::sheets`] on), placing `forms` under
    /// the captions of `mazes`.
    fn write_page(
        &mut self,
        k: u64,
        mazes: &[Caption],
        forms: Vec<Ref>,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let answers = k >= self.sheets;
        let content = self
            .pdf
            .page(mazes, answers, (k % self.sheets, self.sheets));
        let (page_id, content_id) = self.page_ref(k);
        let (width, height) = self.pdf.paper.points();
        let mut chunk = Chunk::new();
        let mut page = chunk.page(page_id);
        page.media_box(Rect::new(0.0, 0.0, width, height))
            .parent(TREE)
            .contents(content_id);
        let mut resources = page.resources();
        resources.fonts().pair(Name(b"F1"), FONT);
        let mut placed = resources.x_objects();
        for (n, form) in forms.into_iter().enumerate() {
            placed.pair(Name(format!("M{n}").as_bytes()), form);
        }
        placed.finish();
        resources.finish();
        page.finish();
        self.put_object(chunk, out)?;
        let mut chunk = Chunk::new();
        chunk
            .stream(content_id, &deflated(&content))
            .filter(Filter::FlateDecode);
        self.put_object(chunk, out)
    }

    /// Page `k`'s object and its contents'.
    fn page_ref(&self, k: u64) -> (Ref, Ref) {
        (object(4 + 2 * k), object(5 + 2 * k))
    }

    /// The objects of the `m`th maze's puzzle and answer (from 0), after every page's.
    fn form_refs(&self, m: u64) -> (Ref, Ref) {
        let first = 4 + 4 * self.sheets + 2 * m;
        (object(first), object(first + 1))
    }

    /// Writes `chunk`, which holds one object: it begins the chunk, so its offset is the
    /// bytes written before.
    fn put_object(&mut self, chunk: Chunk, out: &mut dyn Write) -> io::Result<()> {
        let mut refs = chunk.refs();
        let (Some(id), None) = (refs.next(), refs.next()) else {
            unreachable!("a chunk of one object");
        };
        let number = id.get() as usize;
        if self.offsets.len() < number {
            self.offsets.resize(number, 0);
        }
        self.offsets[number - 1] = self.written;
        self.put(chunk.as_bytes(), out)
    }

    /// Writes `bytes`, counting them.
    fn put(&mut self, bytes: &[u8], out: &mut dyn Write) -> io::Result<()> {
        out.write_all(bytes)?;
        self.written += bytes.len() as u64;
        Ok(())
    }
}

/// Object number `n` (books are refused before their numbers pass [`Pdf::MAX_OBJECTS`]).
fn object(n: u64) -> Ref {
    Ref::new(i32::try_from(n).expect("within the objects' limit"))
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
    fn check_blank(&self, blank: &Blank) -> crate::grid::Result<()> {
        Self::DRAWING.check_blank_drawing(blank)
    }

    fn render(&self, maze: &Maze, out: &mut dyn Write) -> io::Result<()> {
        let mut book = self.book(1).map_err(io::Error::other)?;
        book.add(1, self.draw(maze)?, out)?;
        book.finish(out)
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
    fn every_page_draws_its_mazes_upright_or_the_book_is_refused() {
        for paper in [Paper::A4, Paper::Letter] {
            for per_page in 1..=Pdf::MAX_PER_PAGE + 1 {
                let pdf = Pdf { paper, per_page };
                if per_page > Pdf::MAX_PER_PAGE {
                    let refused = pdf.check(1).unwrap_err();
                    assert!(matches!(refused, MazeError::PerPageOutOfRange { .. }));
                    assert!(pdf.book(1).is_err());
                    continue;
                }
                let captions = (0..u64::from(per_page)).map(|number| Caption {
                    number,
                    seed: 0,
                    size: (21.0, 31.0),
                });
                let page = pdf.page(&captions.collect::<Vec<_>>(), false, (0, 1));
                let page = String::from_utf8_lossy(&page);
                let placed: Vec<f32> = page
                    .lines()
                    .filter(|line| line.ends_with(" cm"))
                    .map(|line| line.split(' ').next().unwrap().parse().unwrap())
                    .collect();
                assert_eq!(placed.len(), per_page as usize, "{page}");
                // Over an inch (72 points) for the maze's 31 units of height.
                assert!(
                    placed.iter().all(|&scale| scale * 31.0 > 72.0),
                    "{paper:?} {per_page}: {placed:?}"
                );
            }
        }
    }

    #[test]
    fn a_book_holds_the_most_mazes_whose_objects_readers_open() {
        for per_page in [1, 2, 6, 7] {
            let pdf = Pdf {
                per_page,
                ..Pdf::default()
            };
            let most = pdf.most_mazes();
            assert!(pdf.objects(most) <= Pdf::MAX_OBJECTS, "{per_page}");
            assert!(pdf.objects(most + 1) > Pdf::MAX_OBJECTS, "{per_page}");
            assert!(pdf.check(most).is_ok());
            let refused = pdf.check(most + 1).unwrap_err();
            assert!(matches!(refused, MazeError::BookTooLarge { most: m, .. } if m == most));
        }
        assert_eq!(Pdf::default().most_mazes(), (Pdf::MAX_OBJECTS - 3) / 6);
    }

    #[test]
    fn a_book_takes_exactly_the_mazes_it_was_begun_for() {
        let maze = Maze::builder().cells(3, 2).seed(4).build().unwrap();
        let drawn = Pdf::default().draw(&maze).unwrap();
        let mut out = Vec::new();
        let mut book = Pdf::default().book(1).unwrap();
        book.add(1, drawn.clone(), &mut out).unwrap();
        assert!(book.add(2, drawn.clone(), &mut out).is_err());
        let short = Pdf::default().book(2).unwrap();
        assert!(short.finish(&mut out).is_err());
        // A book of none has an empty page of mazes and one of answers.
        let mut empty = Vec::new();
        Pdf::default().book(0).unwrap().finish(&mut empty).unwrap();
        let text = String::from_utf8_lossy(&empty);
        assert_eq!(text.matches("/Type /Page\n").count(), 2);
        assert!(text.ends_with("%%EOF"));
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
