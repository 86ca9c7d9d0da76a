//! `--format pdf`: a puzzle book. The same arguments give the same bytes; the page tree holds
//! ceil(N / per page) pages of mazes and as many of answers; every shape draws; captions carry
//! each maze's number and seed; answers draw the solution; paper sizes; refusals. Where
//! Debian's poppler-utils are installed (`.ci/run` installs them), `pdfinfo` counts the same
//! pages and `pdftoppm` renders every page to a PNG that is not blank (skipped with a note
//! where missing).

use crate::common::{assert_refused, every_shape, mazegen, scratch_dir};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs `mazegen args`, asserts success, and returns the bytes it wrote.
fn pdf_of<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> Vec<u8> {
    let output = mazegen().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "mazegen failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(output.stdout.starts_with(b"%PDF-1."), "not a PDF");
    assert!(output.stdout.ends_with(b"%%EOF\n") || output.stdout.ends_with(b"%%EOF"));
    output.stdout
}

/// Where `needle` occurs in `bytes`.
fn positions(bytes: &[u8], needle: &[u8]) -> Vec<usize> {
    bytes
        .windows(needle.len())
        .enumerate()
        .filter(|(_, window)| *window == needle)
        .map(|(at, _)| at)
        .collect()
}

/// The page tree as the file states it: the number of page objects (`/Type /Page`, not
/// `/Pages`) and the root's `/Count`.
fn page_tree(pdf: &[u8]) -> (usize, usize) {
    let pages = positions(pdf, b"/Type /Page")
        .into_iter()
        .filter(|&at| pdf.get(at + 11) != Some(&b's'))
        .count();
    let at = positions(pdf, b"/Count ")[0] + 7;
    let digits: String = pdf[at..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .map(|&b| b as char)
        .collect();
    (pages, digits.parse().unwrap())
}

/// Every stream's operators, inflated, in the order of the file: the pages' (the book's
/// order), then the forms' that draw the mazes (`/Subtype /Form`), marked `true`.
fn streams(pdf: &[u8]) -> Vec<(bool, String)> {
    positions(pdf, b"/Length ")
        .into_iter()
        .map(|at| {
            let digits: String = pdf[at + 8..]
                .iter()
                .take_while(|b| b.is_ascii_digit())
                .map(|&b| b as char)
                .collect();
            let length: usize = digits.parse().unwrap();
            let start = at + positions(&pdf[at..], b"stream\n")[0] + 7;
            // The writer puts `/Length` first in a stream's dictionary: the rest follows.
            let dictionary = String::from_utf8_lossy(&pdf[at..start]).into_owned();
            let form = dictionary.contains("/Subtype /Form");
            let inflated =
                miniz_oxide::inflate::decompress_to_vec_zlib(&pdf[start..start + length])
                    .expect("a stream inflates");
            (form, readable(&inflated))
        })
        .collect()
}

/// The pages' operators, in the book's order.
fn contents(pdf: &[u8]) -> Vec<String> {
    streams(pdf)
        .into_iter()
        .filter(|(form, _)| !form)
        .map(|(_, ops)| ops)
        .collect()
}

/// The forms' operators: each maze's puzzle, then its answer.
fn forms(pdf: &[u8]) -> Vec<String> {
    streams(pdf)
        .into_iter()
        .filter(|(form, _)| *form)
        .map(|(_, ops)| ops)
        .collect()
}

/// Operators as text, a string written in hex (`<4D617A65>`, as the writer writes strings
/// beyond ASCII) written as a literal (`(Maze)`), WinAnsi's em dash (0x97) as itself.
fn readable(ops: &[u8]) -> String {
    let text = String::from_utf8_lossy(ops);
    let mut out = String::new();
    let mut rest = &text[..];
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let close = open + rest[open..].find('>').expect("a hex string ends");
        let bytes: Vec<u8> = (open + 1..close)
            .step_by(2)
            .map(|at| u8::from_str_radix(&rest[at..at + 2], 16).unwrap())
            .collect();
        out.push('(');
        out.extend(
            bytes
                .iter()
                .map(|&b| if b == 0x97 { '\u{2014}' } else { b as char }),
        );
        out.push(')');
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Whether poppler's `tool` runs here.
fn poppler(tool: &str) -> bool {
    Command::new(tool)
        .arg("-v")
        .output()
        .is_ok_and(|output| output.status.success() || !output.stderr.is_empty())
}

/// Checks `file` with poppler where it is installed: `pdfinfo` reports `pages` pages, and
/// `pdftoppm -r 30` renders each to a PNG with ink on it.
fn check_with_poppler(file: &Path, pages: usize, label: &str) {
    if !poppler("pdfinfo") || !poppler("pdftoppm") {
        eprintln!("note: pdfinfo or pdftoppm (poppler-utils) not found; {label} not rendered");
        return;
    }
    let info = Command::new("pdfinfo").arg(file).output().unwrap();
    assert!(info.status.success(), "{label}: pdfinfo failed");
    let info = String::from_utf8_lossy(&info.stdout).into_owned();
    let stated = info
        .lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .map(|n| n.trim().parse::<usize>().unwrap());
    assert_eq!(stated, Some(pages), "{label}: pdfinfo says\n{info}");
    let prefix = file.with_extension("");
    let rendered = Command::new("pdftoppm")
        .args(["-r", "30", "-png"])
        .arg(file)
        .arg(&prefix)
        .output()
        .unwrap();
    assert!(
        rendered.status.success() && rendered.stderr.is_empty(),
        "{label}: pdftoppm said {}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    let dir = file.parent().unwrap();
    let stem = prefix.file_name().unwrap().to_str().unwrap().to_owned();
    let mut pngs: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| {
            let name = path.file_name().unwrap().to_str().unwrap();
            name.starts_with(&format!("{stem}-")) && name.ends_with(".png")
        })
        .collect();
    pngs.sort();
    assert_eq!(pngs.len(), pages, "{label}: pages rendered");
    for png in &pngs {
        let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        let pixels = &pixels[..frame.buffer_size()];
        let dark = pixels.iter().filter(|&&v| v < 128).count();
        assert!(
            dark * 200 > pixels.len(),
            "{label}: {} is blank ({dark} dark samples of {})",
            png.display(),
            pixels.len()
        );
    }
}

#[test]
fn the_same_arguments_give_the_same_bytes() {
    let args = [
        "backtrack",
        "--size",
        "21",
        "--count",
        "5",
        "--per-page",
        "2",
        "--seed",
        "42",
        "--format",
        "pdf",
    ];
    let first = pdf_of(&args);
    assert_eq!(first, pdf_of(&args), "a second run differs");
    // One thread or two: the same book.
    let jobs = [&args[..], &["--jobs", "1"]].concat();
    assert_eq!(first, pdf_of(&jobs), "--jobs changed the book");
    // No date or random identifier.
    for key in [&b"/CreationDate"[..], b"/ModDate", b"/ID"] {
        assert!(
            positions(&first, key).is_empty(),
            "{}",
            String::from_utf8_lossy(key)
        );
    }
}

#[test]
fn pages_are_the_mazes_then_their_answers() {
    let dir = scratch_dir("pdf-pages");
    for (count, per_page) in [
        (None, 1),
        (Some(3), 1),
        (Some(5), 2),
        (Some(7), 4),
        (Some(13), 6),
        (Some(12), 6),
    ] {
        let mut args = vec![
            "backtrack",
            "--size",
            "11",
            "--seed",
            "9",
            "--format",
            "pdf",
        ];
        let count_text = count.map(|n: u32| n.to_string());
        if let Some(n) = &count_text {
            args.extend(["--count", n]);
        }
        let per_page_text = per_page.to_string();
        args.extend(["--per-page", &per_page_text]);
        let pdf = pdf_of(&args);
        let mazes = count.unwrap_or(1) as usize;
        let pages = 2 * mazes.div_ceil(per_page);
        let label = format!("--count {count:?} --per-page {per_page}");
        assert_eq!(page_tree(&pdf), (pages, pages), "{label}");
        // Each maze captioned on a puzzle page and an answer page, numbered from 1.
        let contents = contents(&pdf);
        assert_eq!(contents.len(), pages, "{label}: one content stream a page");
        let (puzzles, answers) = contents.split_at(pages / 2);
        for number in 1..=mazes {
            let maze = format!("(Maze {number} \u{2014} seed ");
            let solution = format!("(Solution {number} \u{2014} seed ");
            let page = (number - 1) / per_page;
            assert!(puzzles[page].contains(&maze), "{label}: maze {number}");
            assert!(
                answers[page].contains(&solution),
                "{label}: answer {number}"
            );
        }
        let file = dir.join(format!("book-{}-{per_page}.pdf", mazes));
        std::fs::write(&file, &pdf).unwrap();
        check_with_poppler(&file, pages, &label);
    }
}

#[test]
fn captions_carry_the_seeds_the_run_derived() {
    let run = ["prim", "--size", "9", "--count", "4", "--seed", "77"];
    let lines = crate::common::stdout_of(&[&run[..], &["--format", "jsonl"]].concat());
    let seeds: Vec<u64> = lines
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line).unwrap()["seed"]
                .as_u64()
                .unwrap()
        })
        .collect();
    let pdf = pdf_of(&[&run[..], &["--format", "pdf", "--per-page", "4"]].concat());
    let pages = contents(&pdf);
    for (k, seed) in seeds.iter().enumerate() {
        let number = k + 1;
        assert!(pages[0].contains(&format!("(Maze {number} \u{2014} seed {seed})")));
        assert!(pages[1].contains(&format!("(Solution {number} \u{2014} seed {seed})")));
    }
    // A single maze is captioned with its own seed, as --seed gives it.
    let one = contents(&pdf_of(&[
        "prim", "--size", "9", "--seed", "77", "--format", "pdf",
    ]));
    assert!(one[0].contains("(Maze 1 \u{2014} seed 77)"), "{}", one[0]);
}

#[test]
fn every_shape_draws_and_its_answer_shows_the_solution() {
    let dir = scratch_dir("pdf-shapes");
    // The solution's grey (150 of 255) strokes the answer pages only.
    let path_grey = "0.5882353 0.5882353 0.5882353 RG";
    for (label, shape) in every_shape(&dir.join("mask.txt")) {
        let mut args: Vec<String> = vec!["backtrack".into()];
        args.extend(shape);
        args.extend(
            [
                "--seed",
                "5",
                "--count",
                "2",
                "--per-page",
                "2",
                "--format",
                "pdf",
            ]
            .map(String::from),
        );
        let pdf = pdf_of(&args);
        assert_eq!(page_tree(&pdf), (2, 2), "{label}");
        // Each page places its mazes' forms.
        let contents = contents(&pdf);
        for page in &contents {
            assert!(
                page.contains("/M0 Do") && page.contains("/M1 Do"),
                "{label}: {page}"
            );
        }
        // Vector walls: paths stroked, no images; each maze a puzzle and an answer.
        assert!(positions(&pdf, b"/Image").is_empty(), "{label}: an image");
        let forms = forms(&pdf);
        assert_eq!(forms.len(), 4, "{label}: forms");
        for (k, form) in forms.iter().enumerate() {
            let stroked = form.contains("\nS\n") || form.ends_with("\nS");
            assert!(form.contains(" l\n") && stroked, "{label}: no lines");
            let answer = k % 2 == 1;
            assert_eq!(form.contains(path_grey), answer, "{label}: form {k}");
        }
        let file = dir.join(format!("{label}.pdf"));
        std::fs::write(&file, &pdf).unwrap();
        check_with_poppler(&file, 2, label);
    }
}

#[test]
fn paper_sizes_and_documents_read_back() {
    let media = |pdf: &[u8]| {
        let at = positions(pdf, b"/MediaBox [")[0] + 11;
        let end = at + pdf[at..].iter().position(|&b| b == b']').unwrap();
        String::from_utf8_lossy(&pdf[at..end]).into_owned()
    };
    let a4 = pdf_of(&["backtrack", "--size", "9", "--seed", "1", "--format", "pdf"]);
    assert_eq!(media(&a4), "0 0 595.28 841.89");
    let letter = pdf_of(&[
        "backtrack",
        "--size",
        "9",
        "--seed",
        "1",
        "--format",
        "pdf",
        "--paper",
        "letter",
    ]);
    assert_eq!(media(&letter), "0 0 612 792");
    // A maze read back from its document makes the same book as the maze made here.
    let document = crate::common::stdout_of(&[
        "backtrack",
        "--size",
        "9",
        "--seed",
        "1",
        "--format",
        "json",
    ]);
    let output = mazegen()
        .args(["render", "-", "--format", "pdf"])
        .write_stdin(document)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(output.stdout, a4);
}

#[test]
fn book_options_are_refused_elsewhere_and_pdf_to_a_terminal() {
    assert_refused(
        &["backtrack", "--paper", "letter"],
        &["--paper lays out a pdf book, not --format term"],
    );
    assert_refused(
        &["backtrack", "--per-page", "2", "--format", "svg"],
        &["--per-page lays out a pdf book, not --format svg"],
    );
    assert_refused(
        &["backtrack", "--per-page", "3", "--format", "pdf"],
        &["a page holds 1, 2, 4 or 6 mazes"],
    );
    assert_refused(
        &["backtrack", "--scale", "4", "--format", "pdf"],
        &["--scale applies to svg, png and html pictures, not --format pdf"],
    );
    // A terminal, where `script` can make one.
    let binary = assert_cmd::cargo::cargo_bin!("mazegen")
        .display()
        .to_string();
    for line in [
        format!("{binary} backtrack --size 5 --format pdf; echo EXIT=$?"),
        format!("{binary} backtrack --shape hex --cells 3x3 --count 2 --format pdf; echo EXIT=$?"),
    ] {
        let Ok(output) = Command::new("script")
            .args(["-qec", &line, "/dev/null"])
            .output()
        else {
            eprintln!("note: script is not available: pdf to a terminal not tried");
            return;
        };
        let shown = String::from_utf8_lossy(&output.stdout);
        assert!(
            shown.contains("refusing to write a PDF document to a terminal")
                && shown.contains("EXIT=2"),
            "{line}: {shown:?}"
        );
        assert!(!shown.contains("%PDF"), "{line}: a PDF was written");
    }
}

#[test]
fn a_book_is_written_page_by_page_and_refused_past_what_readers_open() {
    // Past 8,388,607 objects, refused at once, naming the most a book of 6 a page holds.
    assert_refused(
        &[
            "backtrack",
            "--size",
            "9",
            "--count",
            "100000000",
            "--format",
            "pdf",
            "--per-page",
            "6",
        ],
        &[
            "--count 100000000: a PDF book of 100000000 mazes would hold more objects than PDF \
           readers open; at 6 a page it may have up to 3145726 mazes",
        ],
    );
    // Three million mazes, minutes of work, within the limit: the first page goes out once
    // its six mazes are made, so a reader that stops early ends the run at once, quietly.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_mazegen"))
        .args([
            "backtrack",
            "--size",
            "9",
            "--count",
            "3000000",
            "--format",
            "pdf",
        ])
        .args(["--per-page", "6", "--seed", "1"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0; 8];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut head).unwrap();
    assert_eq!(&head, b"%PDF-1.7");
    drop(child.stdout.take());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the book went on being made after its reader stopped");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut stderr = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(status.success() && stderr.is_empty(), "{status}: {stderr}");
}
