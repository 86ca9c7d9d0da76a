//! The library's floors: each module imports only the ones below it, as ARCHITECTURE.md's table
//! of floors lists them, so no two modules import each other, directly or around a circle.
//! Read from the sources (comments and `#[cfg(test)]` items left out), at the crate's top level
//! and inside `render/`: paths from `crate::`, from as many `super::` as lead to the crate (or
//! to `render`), names the crate root (or `render/mod.rs`) re-exports, and exported macros.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The source root of the crate.
fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The modules of directory `dir` (`x.rs` or `x/`), but those named in `skip`.
fn modules(dir: &Path, skip: &[&str]) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir() || path.extension().is_some_and(|e| e == "rs"))
        .map(|path| path.file_stem().unwrap().to_string_lossy().into_owned())
        .filter(|name| !skip.contains(&name.as_str()))
        .collect()
}

/// The Rust files of module `name` in `dir`.
fn files_of(dir: &Path, name: &str) -> Vec<PathBuf> {
    let file = dir.join(format!("{name}.rs"));
    let mut files = if file.exists() {
        vec![file]
    } else {
        Vec::new()
    };
    let mut pending = vec![dir.join(name)];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for path in entries.map(|entry| entry.unwrap().path()) {
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files
}

/// `text` without comments and without the items under `#[cfg(test)]`.
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("//") {
        code.push_str(&rest[..i]);
        rest = rest[i..].split_once('\n').map_or("", |(_, after)| after);
        code.push('\n');
    }
    code.push_str(rest);
    let mut kept = String::with_capacity(code.len());
    let mut rest = code.as_str();
    while let Some(i) = rest.find("#[cfg(test)]") {
        kept.push_str(&rest[..i]);
        rest = &rest[i + "#[cfg(test)]".len()..];
        let (brace, semi) = (rest.find('{'), rest.find(';'));
        match (brace, semi) {
            (Some(open), Some(semi)) if semi < open => rest = &rest[semi + 1..],
            (Some(open), _) => {
                let mut depth = 0;
                let end = rest[open..]
                    .char_indices()
                    .find_map(|(k, c)| {
                        depth += match c {
                            '{' => 1,
                            '}' => -1,
                            _ => 0,
                        };
                        (depth == 0).then_some(open + k + 1)
                    })
                    .unwrap_or(rest.len());
                rest = &rest[end..];
            }
            _ => rest = "",
        }
    }
    kept.push_str(rest);
    kept
}

/// The modules of `names` that `code` names after `prefix` (`crate::`), in paths and in
/// `use prefix{a, b::c}` groups; `aliases` maps names re-exported at the root to their module.
fn named(
    code: &str,
    prefix: &str,
    names: &BTreeSet<String>,
    aliases: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in code.match_indices(prefix) {
        let after = &code[i + prefix.len()..];
        let mut firsts = vec![word(after)];
        if let Some(group) = after.strip_prefix('{') {
            let group = &group[..group.find(';').unwrap_or(group.len())];
            firsts.extend(group.split([',', '{', '}']).map(|item| word(item.trim())));
        }
        for first in firsts {
            if names.contains(&first) {
                found.insert(first);
            } else if let Some(module) = aliases.get(&first).filter(|m| names.contains(*m)) {
                found.insert(module.clone());
            }
        }
    }
    found
}

/// The circles (strongly connected sets of two or more) of the graph `arrows`.
fn circles(arrows: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    let reaches = |from: &str| {
        let mut seen = BTreeSet::new();
        let mut pending = vec![from.to_string()];
        while let Some(node) = pending.pop() {
            for next in arrows.get(&node).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    pending.push(next.clone());
                }
            }
        }
        seen
    };
    let reach: BTreeMap<&String, BTreeSet<String>> =
        arrows.keys().map(|node| (node, reaches(node))).collect();
    let mut found: Vec<BTreeSet<String>> = Vec::new();
    for (node, reached) in &reach {
        let circle: BTreeSet<String> = reached
            .iter()
            .filter(|other| reach[other].contains(*node))
            .cloned()
            .collect();
        if circle.len() > 1 && !found.contains(&circle) {
            found.push(circle);
        }
    }
    found
}

/// The arrows between the modules of `dir`, each module's files read: the modules they name
/// after `absolute` (`crate::render::`), or after as many `super::` as lead from the file up
/// to `dir` (`super::` in `dir/x.rs` and `dir/x/mod.rs`, `super::super::` in `dir/x/y.rs`).
fn arrows(
    dir: &Path,
    absolute: &str,
    relative: bool,
    skip: &[&str],
    aliases: &BTreeMap<String, String>,
) -> BTreeMap<String, BTreeSet<String>> {
    let names = modules(dir, skip);
    names
        .iter()
        .map(|name| {
            let mut to = BTreeSet::new();
            for file in files_of(dir, name) {
                let code = code_of(&fs::read_to_string(&file).unwrap());
                to.extend(named(&code, absolute, &names, aliases));
                if relative {
                    let depth = file.strip_prefix(dir).unwrap().components().count()
                        - usize::from(file.ends_with("mod.rs"));
                    to.extend(named(&code, &"super::".repeat(depth), &names, aliases));
                }
            }
            to.remove(name);
            (name.clone(), to)
        })
        .collect()
}

/// The names the module file `file` re-exports (`pub use module::{A, B};`, also
/// `pub(crate)`), by the module they come from.
fn aliases_of(file: &Path) -> BTreeMap<String, String> {
    let code = code_of(&fs::read_to_string(file).unwrap());
    let mut aliases = BTreeMap::new();
    for line in code.split(';') {
        let line = line.trim();
        let Some(rest) = line
            .strip_prefix("pub use ")
            .or_else(|| line.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        let rest = rest.strip_prefix("crate::").unwrap_or(rest);
        let Some((module, items)) = rest.split_once("::") else {
            continue;
        };
        for item in items.split([',', '{', '}']) {
            let item = item.trim().rsplit("::").next().unwrap_or("").to_string();
            if !item.is_empty() {
                aliases.insert(item, module.to_string());
            }
        }
    }
    aliases
}

/// The names `lib.rs` re-exports at the root, and the macros exported there
/// (`#[macro_export]`), by the top-level module that holds them.
fn root_aliases() -> BTreeMap<String, String> {
    let mut aliases = aliases_of(&src().join("lib.rs"));
    for top in modules(&src(), &["lib", "main", "app"]) {
        for file in files_of(&src(), &top) {
            let code = code_of(&fs::read_to_string(&file).unwrap());
            for (i, _) in code.match_indices("#[macro_export]") {
                let rest = code[i..]
                    .split_once("macro_rules!")
                    .map_or("", |(_, rest)| rest);
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                aliases.insert(name, top.clone());
            }
        }
    }
    aliases
}

/// The floor of each module, from ARCHITECTURE.md's table (`| 4 | `topology` | ... |`).
fn floors() -> BTreeMap<String, u32> {
    let architecture = Path::new(env!("CARGO_MANIFEST_DIR")).join("ARCHITECTURE.md");
    let text = fs::read_to_string(architecture).unwrap();
    let mut floors = BTreeMap::new();
    for row in text.lines() {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        let (Some(floor), Some(modules)) = (cells.get(1), cells.get(2)) else {
            continue;
        };
        let Ok(floor) = floor.parse::<u32>() else {
            continue;
        };
        for module in modules.split(',') {
            let module = module.trim().trim_matches('`');
            if !module.ends_with(".rs") {
                floors.insert(module.to_string(), floor);
            }
        }
    }
    floors
}

#[test]
fn the_library_s_modules_import_only_the_floors_below_them() {
    let arrows = arrows(
        &src(),
        "crate::",
        true,
        &["lib", "main", "app"],
        &root_aliases(),
    );
    assert!(arrows.len() >= 15, "{arrows:?}");
    assert_eq!(
        circles(&arrows),
        Vec::<BTreeSet<String>>::new(),
        "{arrows:#?}"
    );
    let floors = floors();
    let mut upward = Vec::new();
    for (module, to) in &arrows {
        let Some(&floor) = floors.get(module) else {
            upward.push(format!("{module} has no floor in ARCHITECTURE.md"));
            continue;
        };
        for target in to {
            if floors.get(target).is_none_or(|&below| below >= floor) {
                upward.push(format!("{module} (floor {floor}) imports {target}"));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that do not go down:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_renderers_import_no_circle() {
    let dir = src().join("render");
    let aliases = aliases_of(&dir.join("mod.rs"));
    let arrows = arrows(&dir, "crate::render::", true, &["mod"], &aliases);
    assert!(arrows.len() >= 5, "{arrows:?}");
    assert_eq!(
        circles(&arrows),
        Vec::<BTreeSet<String>>::new(),
        "{arrows:#?}"
    );
}

#[test]
fn a_circle_is_found() {
    let arrows: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(from, to)| (from.into(), to.into_iter().map(String::from).collect()))
    .collect();
    let circle: BTreeSet<String> = ["a", "b", "c"].into_iter().map(String::from).collect();
    assert_eq!(circles(&arrows), vec![circle]);
    let code =
        code_of("use crate::{a::X, b};\n// crate::c\n#[cfg(test)]\nmod tests { use crate::d; }\n");
    let names: BTreeSet<String> = ["a", "b", "c", "d"].into_iter().map(String::from).collect();
    let found: Vec<String> = named(&code, "crate::", &names, &BTreeMap::new())
        .into_iter()
        .collect();
    assert_eq!(found, ["a", "b"]);
}
