//! Every picture in README.md and the guides in `docs/` is made by mazegen: regenerating each
//! gives the same bytes.

use assert_cmd::cargo::cargo_bin_cmd;

/// The pictures under `docs/` and the arguments that made them.
const PICTURES: &[(&str, &[&str])] = &[
    (
        "docs/solved.png",
        &[
            "backtrack",
            "--size",
            "41",
            "--seed",
            "9",
            "--solve",
            "--openings",
            "--format",
            "png",
            "--scale",
            "6",
        ],
    ),
    (
        "docs/heatmap.png",
        &[
            "backtrack",
            "--size",
            "41",
            "--seed",
            "9",
            "--heatmap",
            "--format",
            "png",
            "--scale",
            "6",
        ],
    ),
    (
        "docs/braided-mono.svg",
        &[
            "backtrack",
            "--size",
            "41",
            "--seed",
            "9",
            "--braid",
            "0.5",
            "--solve",
            "--openings",
            "--theme",
            "mono",
            "--format",
            "svg",
        ],
    ),
    (
        "docs/lines-mono.svg",
        &[
            "backtrack",
            "--size",
            "31",
            "--seed",
            "9",
            "--solve",
            "--style",
            "lines",
            "--theme",
            "mono",
            "--format",
            "svg",
        ],
    ),
    (
        "docs/heart.png",
        &[
            "backtrack",
            "--mask",
            "docs/heart.txt",
            "--seed",
            "9",
            "--heatmap",
            "--format",
            "png",
        ],
    ),
    (
        "docs/hex.png",
        &[
            "prim", "--shape", "hex", "--cells", "16x10", "--seed", "9", "--solve", "--format",
            "png",
        ],
    ),
    (
        "docs/triangle-mono.svg",
        &[
            "wilson", "--shape", "triangle", "--cells", "25x10", "--seed", "9", "--solve",
            "--theme", "mono", "--scale", "24", "--format", "svg",
        ],
    ),
    (
        "docs/polar.png",
        &[
            "backtrack",
            "--shape",
            "polar",
            "--rings",
            "9",
            "--seed",
            "9",
            "--heatmap",
            "--solve",
            "--format",
            "png",
        ],
    ),
    (
        "docs/rooms-routed.png",
        &[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--seed",
            "3",
            "--width",
            "71",
            "--height",
            "45",
            "--format",
            "png",
            "--scale",
            "4",
            "--theme",
            "color",
        ],
    ),
    (
        "docs/rooms-maze.png",
        &[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--seed",
            "3",
            "--width",
            "71",
            "--height",
            "45",
            "--corridors",
            "maze",
            "--format",
            "png",
            "--scale",
            "4",
            "--theme",
            "color",
        ],
    ),
    (
        "docs/rooms-locked.png",
        &[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--seed",
            "3",
            "--width",
            "71",
            "--height",
            "45",
            "--locks",
            "2",
            "--format",
            "png",
            "--scale",
            "4",
            "--theme",
            "color",
        ],
    ),
    (
        "docs/rooms-cycles.png",
        &[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--seed",
            "3",
            "--width",
            "71",
            "--height",
            "45",
            "--cycles",
            "2",
            "--format",
            "png",
            "--scale",
            "4",
            "--theme",
            "color",
        ],
    ),
    (
        "docs/cave.png",
        &[
            "caves", "--width", "100", "--height", "60", "--seed", "5", "--format", "png",
            "--scale", "4", "--theme", "color",
        ],
    ),
    (
        "docs/cave-locked.png",
        &[
            "caves", "--width", "100", "--height", "60", "--fill", "0.55", "--locks", "4",
            "--seed", "3", "--format", "png", "--scale", "4", "--theme", "color",
        ],
    ),
    (
        "docs/rooms-floors.png",
        &[
            "rooms",
            "--count",
            "10",
            "--candidates",
            "delaunay",
            "--floors",
            "3",
            "--locks",
            "2",
            "--seed",
            "5",
            "--format",
            "png",
            "--scale",
            "4",
            "--theme",
            "color",
        ],
    ),
    (
        "docs/dungeon-routed.png",
        &[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--seed",
            "3",
            "--width",
            "71",
            "--height",
            "45",
            "--format",
            "png",
        ],
    ),
    (
        "docs/dungeon-locked.png",
        &[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--seed",
            "3",
            "--width",
            "71",
            "--height",
            "45",
            "--locks",
            "2",
            "--format",
            "png",
        ],
    ),
    (
        "docs/dungeon-contents.png",
        &[
            "rooms",
            "--count",
            "16",
            "--candidates",
            "delaunay",
            "--seed",
            "3",
            "--width",
            "71",
            "--height",
            "45",
            "--locks",
            "2",
            "--contents",
            "docs/contents.toml",
            "--format",
            "png",
        ],
    ),
    (
        "docs/wrap-torus.png",
        &[
            "wilson",
            "--wrap",
            "xy",
            "--size",
            "31",
            "--seed",
            "9",
            "--solve",
            "--heatmap",
            "--format",
            "png",
        ],
    ),
    (
        "docs/wrap-hex.png",
        &[
            "prim", "--shape", "hex", "--cells", "16x10", "--wrap", "x", "--seed", "7", "--solve",
            "--format", "png",
        ],
    ),
    (
        "docs/levels.png",
        &[
            "wilson", "--levels", "3", "--width", "17", "--height", "13", "--seed", "5", "--solve",
            "--format", "png",
        ],
    ),
    (
        "docs/weave.png",
        &[
            "kruskal", "--weave", "0.5", "--size", "25", "--seed", "4", "--solve", "--scale", "24",
            "--format", "png",
        ],
    ),
    (
        "docs/dungeon-cave.png",
        &[
            "caves", "--width", "100", "--height", "60", "--fill", "0.55", "--locks", "4",
            "--seed", "3", "--format", "png",
        ],
    ),
];

/// The `mazegen` binary, with `NO_COLOR` removed as in the integration tests' `common`: this
/// test is a binary apart (the published crate leaves it out), with its own copy.
fn mazegen() -> assert_cmd::Command {
    let mut command = cargo_bin_cmd!("mazegen");
    command.env_remove("NO_COLOR");
    command
}

/// README.md and every guide in `docs/`, as one text.
fn docs() -> String {
    let mut text = std::fs::read_to_string("README.md").unwrap();
    let mut guides: Vec<_> = std::fs::read_dir("docs")
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    guides.sort();
    for guide in guides {
        text += &std::fs::read_to_string(guide).unwrap();
    }
    text
}

#[test]
fn readme_pictures_are_reproducible() {
    let docs = docs();
    for (path, args) in PICTURES {
        let name = path.strip_prefix("docs/").unwrap();
        let shown = [
            format!("({path})"),
            format!("({name})"),
            format!("src=\"{path}\""),
            format!("src=\"{name}\""),
        ];
        assert!(
            shown.iter().any(|link| docs.contains(link.as_str())),
            "README.md or a guide shows {path}"
        );
        // The guides make their pictures where they run: `docs/heart.txt` is the `heart.txt`
        // the shapes guide writes first.
        let command = args.join(" ").replace("docs/", "");
        assert!(
            docs.contains(&command),
            "README.md or a guide gives the command for {path}: {command}"
        );
        let expected = std::fs::read(path).unwrap();
        let output = mazegen().args(*args).output().unwrap();
        assert!(output.status.success());
        assert!(
            output.stdout == expected,
            "{path} differs from `mazegen {}`",
            args.join(" ")
        );
    }
}

#[test]
fn the_guides_mask_is_the_one_the_pictures_use() {
    let heart = std::fs::read_to_string("docs/heart.txt").unwrap();
    let guide = std::fs::read_to_string("docs/shapes.md").unwrap();
    assert!(
        guide.contains(&format!("cat > heart.txt <<'EOF'\n{heart}EOF\n")),
        "docs/shapes.md writes docs/heart.txt's mask"
    );
}

#[test]
fn the_guides_rules_are_the_ones_the_pictures_use() {
    let rules = std::fs::read_to_string("docs/contents.toml").unwrap();
    let guide = std::fs::read_to_string("docs/games.md").unwrap();
    assert!(
        guide.contains(&format!("cat > contents.toml <<'EOF'\n{rules}EOF\n")),
        "docs/games.md writes docs/contents.toml's rules"
    );
}
