//! `--format html`: one self-contained page per maze (nothing fetched: the picture, styles,
//! script and the maze's graph all inline), the graph it carries the one `--format graph
//! --solve` writes, the same bytes for the same arguments, documents read back into the same
//! page, a snapshot of a small maze, and a real browser playing pages of every shape
//! (`tests/browser/play_html.py`: Selenium and headless Chromium, skipped with a note where
//! they are missing; `.ci/run` installs them).

use crate::common::{assert_snapshot, every_shape, mazegen, piped, scratch_dir, stdout_of};
use std::path::Path;
use std::process::Command;

/// The JSON inside `<script type="application/json" id="maze-graph">`.
fn embedded_graph(page: &str) -> serde_json::Value {
    let open = r#"<script type="application/json" id="maze-graph">"#;
    let start = page.find(open).expect("the page carries its graph") + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).expect("the graph is JSON")
}

/// Checks that `page` fetches nothing: no address but the SVG namespace's, no attribute or
/// CSS that loads anything, nothing the script could fetch with.
fn assert_self_contained(page: &str, label: &str) {
    let svg_namespace = r#"xmlns="http://www.w3.org/2000/svg""#;
    let rest = page.replace(svg_namespace, "");
    let lower = rest.to_lowercase();
    for fetching in [
        "http:",
        "https:",
        "//",
        "src=",
        "href=",
        "<link",
        "<img",
        "<iframe",
        "<object",
        "<embed",
        "@import",
        "url(",
        "@font-face",
        "fetch(",
        "xmlhttprequest",
        "import(",
        "websocket",
        "<base",
    ] {
        // `//` only as an address: the script has no comments starting a line after code.
        let found = match fetching {
            "//" => lower.lines().any(|line| {
                let line = line.trim_start();
                line.contains("//") && !line.starts_with("//")
            }),
            _ => lower.contains(fetching),
        };
        assert!(!found, "{label}: the page holds {fetching:?}");
    }
}

#[test]
fn pages_are_self_contained_and_carry_the_solved_graph() {
    let dir = scratch_dir("html-pages");
    for (shape, args) in braided_polar(every_shape(&dir.join("mask.txt"))) {
        let command: Vec<&str> = ["wilson", "--seed", "5"]
            .into_iter()
            .chain(args.iter().map(String::as_str))
            .collect();
        let page = stdout_of(&[&command[..], &["--format", "html"]].concat());
        assert!(
            page.starts_with("<!DOCTYPE html>\n<html lang=\"en\">\n"),
            "{shape}"
        );
        assert!(page.ends_with("</body>\n</html>\n"), "{shape}");
        assert_self_contained(&page, shape);
        assert_eq!(page.matches("<svg ").count(), 1, "{shape}: one picture");
        assert_eq!(page.matches("<style>").count(), 1, "{shape}: inline styles");
        assert!(page.contains("@media print"), "{shape}: print styles");
        for id in [
            "marker",
            "trail",
            "solution",
            "message",
            "toggle-solution",
            "pad",
        ] {
            assert!(page.contains(&format!("id=\"{id}\"")), "{shape}: #{id}");
        }
        let diagonal = page.contains("aria-label=\"up left\"");
        assert_eq!(
            diagonal,
            !matches!(shape, "rect" | "mask"),
            "{shape}: diagonals"
        );

        // The graph is the one the graph format writes, solved.
        let graph = embedded_graph(&page);
        let expected =
            crate::common::json_of(&[&command[..], &["--format", "graph", "--solve"]].concat());
        assert_eq!(graph, expected, "{shape}: the page's graph");
        assert_eq!(graph["schema"], "mazegen.graph/v1");
        let solution = graph["solution"].as_array().expect("a solution");
        assert_eq!(solution.first(), Some(&graph["start"]), "{shape}");
        assert_eq!(solution.last(), Some(&graph["goal"]), "{shape}");
        // The marker stands on the start.
        let start = format!("id=\"marker\" data-cell=\"{}\"", graph["start"]);
        assert!(page.contains(&start), "{shape}: {start}");

        // The same bytes again, and in a file.
        assert_eq!(
            page,
            stdout_of(&[&command[..], &["--format", "html"]].concat())
        );
        let file = dir.join(format!("{shape}.html"));
        let out = ["--format", "html", "-o", file.to_str().unwrap()];
        assert_eq!(stdout_of(&[&command[..], &out].concat()), "");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), page, "{shape}: -o");
    }
}

#[test]
fn documents_read_back_make_the_same_page() {
    let args = ["backtrack", "--width", "11", "--height", "9", "--seed", "8"];
    let page = stdout_of(&[&args[..], &["--format", "html"]].concat());
    let json = stdout_of(&[&args[..], &["--format", "json"]].concat());
    assert_eq!(piped(&["render", "--format", "html"], &json), page);
    let hex = ["wilson", "--shape", "hex", "--cells", "6x4", "--seed", "8"];
    let page = stdout_of(&[&hex[..], &["--format", "html"]].concat());
    let graph = stdout_of(&[&hex[..], &["--format", "graph"]].concat());
    assert_eq!(piped(&["render", "--format", "html"], &graph), page);
    // `solve` moves the endpoints, and the page's start, goal and solution with them.
    let solved = piped(
        &[
            "solve", "--start", "2,3", "--goal", "4,0", "--format", "html",
        ],
        &json,
    );
    let graph = embedded_graph(&solved);
    let cell = |id: &serde_json::Value| {
        let cells = graph["cells"].as_array().unwrap();
        cells.iter().find(|c| &c["id"] == id).unwrap()["at"].clone()
    };
    assert_eq!(cell(&graph["start"]), serde_json::json!([2, 3]));
    assert_eq!(cell(&graph["goal"]), serde_json::json!([4, 0]));
}

#[test]
fn html_takes_picture_options_and_refuses_many_mazes() {
    let page = stdout_of(&[
        "backtrack",
        "--seed",
        "2",
        "--style",
        "lines",
        "--theme",
        "mono",
        "--scale",
        "20",
        "--heatmap",
        "--format",
        "html",
    ]);
    assert!(page.contains(r##"<rect width="220" height="220" fill="#ffffff"/>"##));
    mazegen()
        .args(["backtrack", "--count", "2", "--format", "html"])
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn snapshot_of_a_small_page() {
    let page = stdout_of(&[
        "backtrack",
        "--width",
        "7",
        "--height",
        "5",
        "--seed",
        "42",
        "--format",
        "html",
    ]);
    assert_snapshot!("backtrack.html", page);
}

/// Whether python3 has selenium and Chromium and its driver are where the script looks.
fn browser_is_there() -> bool {
    let found = |var: &str, default: &str| {
        Path::new(&std::env::var(var).unwrap_or_else(|_| default.to_owned())).is_file()
    };
    found("CHROMIUM", "/usr/bin/chromium")
        && found("CHROMEDRIVER", "/usr/bin/chromedriver")
        && Command::new("python3")
            .args(["-c", "import selenium"])
            .output()
            .is_ok_and(|output| output.status.success())
}

#[test]
fn pages_play_in_a_real_browser() {
    if !browser_is_there() {
        eprintln!(
            "note: python3 with selenium, or chromium and chromedriver, not found; html pages \
             not played in a browser"
        );
        return;
    }
    let dir = scratch_dir("html-browser");
    let mut pages = Vec::new();
    for (shape, args) in braided_polar(every_shape(&dir.join("mask.txt"))) {
        let path = dir.join(format!("{shape}.html"));
        let mut command = vec!["wilson", "--seed", "5", "--format", "html"];
        command.extend(args.iter().map(String::as_str));
        command.extend(["-o", path.to_str().unwrap()]);
        stdout_of(&command);
        pages.push(path);
    }
    // A weave: the arrow keys take passages under cells as they take any.
    let weave = dir.join("weave.html");
    stdout_of(&[
        "backtrack",
        "--seed",
        "4",
        "--size",
        "15",
        "--weave",
        "--format",
        "html",
        "-o",
        weave.to_str().unwrap(),
    ]);
    pages.push(weave);
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/browser/play_html.py");
    let output = Command::new("python3")
        .arg(script)
        .args(&pages)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(stdout.lines().count(), pages.len(), "{stdout}");
}

/// The pages' mazes: every shape, the polar one braided.
fn braided_polar(shapes: Vec<(&'static str, Vec<String>)>) -> Vec<(&'static str, Vec<String>)> {
    shapes
        .into_iter()
        .map(|(shape, mut args)| {
            if shape == "polar" {
                args.extend(["--braid".to_string(), "0.5".to_string()]);
            }
            (shape, args)
        })
        .collect()
}

#[test]
fn a_page_larger_than_the_memory_it_may_take_is_written_as_it_is_made() {
    // A 600x600-cell maze makes a page of about 47 MB: written in 40 MB of address space, it
    // cannot have been held whole (a page once was, twice over, and aborted for memory).
    let dir = scratch_dir("html-memory");
    let page = dir.join("maze.html");
    let args = format!(
        "backtrack --size 1201 --seed 1 --format html -o '{}'",
        page.display()
    );
    let Some(output) = crate::common::run_with_memory_limit(40_000, &args) else {
        return;
    };
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let written = std::fs::read_to_string(&page).unwrap();
    assert!(written.len() > 40_000_000, "{}", written.len());
    assert!(written.ends_with("</html>\n"));
    let graph = embedded_graph(&written);
    assert_eq!(graph["cells"].as_array().unwrap().len(), 600 * 600);
    // Nothing beside it: no temporary file left.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}
