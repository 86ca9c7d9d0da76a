//! Designer's graphs read from files ([`read_design`]): DOT, the graph of a rooms JSON document,
//! or an Edgar YAML level graph; and room templates ([`read_templates`]). A file that cannot be
//! read is refused with one line naming it, where, and what is wrong.

use crate::rooms::{Design, DesignEdge, DesignRole, DesignRoom, Doors, RoomsError, Template};
use serde_json::Value;

/// The format of a designer's graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// Graphviz DOT: `graph`/`digraph`, nodes with `role`, `size`, `template`, edges with
    /// `lock`, `one_way`, `corridor`.
    Dot,
    /// A `mazegen.rooms/v1` document (or any JSON with `rooms` and `edges` of that form).
    Json,
    /// An Edgar level graph: `roomsRange` and `passages`.
    Yaml,
}

impl GraphFormat {
    /// The format a file name's extension names: `.dot`/`.gv`, `.json`, `.yaml`/`.yml`.
    pub fn from_extension(name: &str) -> Option<Self> {
        let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
        match extension.as_str() {
            "dot" | "gv" => Some(Self::Dot),
            "json" => Some(Self::Json),
            "yaml" | "yml" => Some(Self::Yaml),
            _ => None,
        }
    }
}

/// Reads the designer's graph in `text`, written in `format`, from the file named `file` (for
/// messages). Refuses, naming the file and the line (or entry): a syntax error, an edge naming
/// an unknown room, a room or edge given twice, an attribute or value not understood. Whether
/// the graph can be laid out is [`Design::check`]'s.
pub fn read_design(text: &str, format: GraphFormat, file: &str) -> Result<Design, RoomsError> {
    match format {
        GraphFormat::Dot => dot(text, file),
        GraphFormat::Json => json(text, file),
        GraphFormat::Yaml => yaml(text, file),
    }
}

fn refusal(file: &str, at: impl Into<String>, reason: impl Into<String>) -> RoomsError {
    RoomsError::GraphFile {
        file: file.into(),
        at: at.into(),
        reason: reason.into(),
    }
}

/// `WxH`, each side 1 to [`crate::rooms::MAX_ROOM_SIDE`].
fn parse_size(value: &str) -> Option<(u32, u32)> {
    let (w, h) = value.split_once(['x', 'X'])?;
    let side = |s: &str| {
        s.trim()
            .parse::<u32>()
            .ok()
            .filter(|&n| (1..=crate::rooms::MAX_ROOM_SIDE).contains(&n))
    };
    Some((side(w)?, side(h)?))
}

fn parse_bool(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "yes" | "1" => Some(true),
        "false" | "no" | "0" => Some(false),
        _ => None,
    }
}

fn parse_role(value: &str) -> Option<DesignRole> {
    match value {
        "start" => Some(DesignRole::Start),
        "goal" => Some(DesignRole::Goal),
        _ => None,
    }
}

/// Graphviz attributes that draw the graph: passed over.
const DRAWING: &[&str] = &[
    "label",
    "xlabel",
    "shape",
    "color",
    "fillcolor",
    "fontcolor",
    "style",
    "fontname",
    "fontsize",
    "pos",
    "width",
    "height",
    "penwidth",
    "dir",
    "arrowhead",
    "arrowtail",
    "tooltip",
    "comment",
    "weight",
    "len",
    "group",
    "rank",
    "id",
    "class",
];

/// A token of DOT and its line.
#[derive(Debug, Clone, PartialEq)]
enum Token {
    Id(String),
    Punct(&'static str),
}

fn tokens(text: &str, file: &str) -> Result<Vec<(Token, u32)>, RoomsError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1u32);
    let mut line_start = true;
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
            line_start = true;
            continue;
        }
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        // `#` lines are the C preprocessor's, passed over as comments.
        if (c == '#' && line_start) || (c == '/' && chars.get(i + 1) == Some(&'/')) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        line_start = false;
        if c == '/' && chars.get(i + 1) == Some(&'*') {
            let opened = line;
            i += 2;
            loop {
                match chars.get(i) {
                    None => {
                        return Err(refusal(
                            file,
                            format!("line {opened}"),
                            "a comment /* is never closed",
                        ));
                    }
                    Some('*') if chars.get(i + 1) == Some(&'/') => {
                        i += 2;
                        break;
                    }
                    Some('\n') => line += 1,
                    _ => {}
                }
                i += 1;
            }
            continue;
        }
        if c == '"' {
            let opened = line;
            let mut value = String::new();
            i += 1;
            loop {
                match chars.get(i) {
                    None => {
                        return Err(refusal(
                            file,
                            format!("line {opened}"),
                            "a quoted name is never closed",
                        ));
                    }
                    Some('"') => break,
                    Some('\\') if chars.get(i + 1) == Some(&'"') => {
                        value.push('"');
                        i += 1;
                    }
                    Some('\\') if chars.get(i + 1) == Some(&'\n') => {
                        line += 1;
                        i += 1;
                    }
                    Some(&other) => {
                        if other == '\n' {
                            line += 1;
                        }
                        value.push(other);
                    }
                }
                i += 1;
            }
            i += 1;
            out.push((Token::Id(value), opened));
            continue;
        }
        let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
        if two == "--" || two == "->" {
            out.push((Token::Punct(if two == "--" { "--" } else { "->" }), line));
            i += 2;
            continue;
        }
        if let Some(p) = ["{", "}", "[", "]", "=", ";", ",", ":"]
            .iter()
            .find(|p| p.starts_with(c))
        {
            out.push((Token::Punct(p), line));
            i += 1;
            continue;
        }
        if c.is_alphanumeric() || c == '_' || c == '.' || c == '-' {
            let start = i;
            while i < chars.len()
                && (chars[i].is_alphanumeric()
                    || chars[i] == '_'
                    || chars[i] == '.'
                    || (chars[i] == '-' && i == start))
            {
                i += 1;
            }
            out.push((Token::Id(chars[start..i].iter().collect()), line));
            continue;
        }
        return Err(refusal(
            file,
            format!("line {line}"),
            format!("unexpected character {c:?}"),
        ));
    }
    Ok(out)
}

/// The DOT reader: a practical subset (no subgraphs, no ports).
fn dot(text: &str, file: &str) -> Result<Design, RoomsError> {
    let tokens = tokens(text, file)?;
    let mut at = 0;
    let last_line = tokens.last().map_or(1, |t| t.1);
    let line_of = |at: usize| format!("line {}", tokens.get(at).map_or(last_line, |t| t.1));
    let id = |t: Option<&(Token, u32)>| match t {
        Some((Token::Id(s), _)) => Some(s.clone()),
        _ => None,
    };
    let is = |t: Option<&(Token, u32)>, p: &str| matches!(t, Some((Token::Punct(q), _)) if *q == p);
    if id(tokens.get(at)).is_some_and(|s| s.eq_ignore_ascii_case("strict")) {
        at += 1;
    }
    let directed = match id(tokens.get(at)).map(|s| s.to_ascii_lowercase()) {
        Some(kind) if kind == "graph" => false,
        Some(kind) if kind == "digraph" => true,
        _ => {
            return Err(refusal(
                file,
                line_of(at),
                "expected `graph {` or `digraph {` to begin the file",
            ));
        }
    };
    at += 1;
    if id(tokens.get(at)).is_some() {
        at += 1;
    }
    if !is(tokens.get(at), "{") {
        return Err(refusal(
            file,
            line_of(at),
            "expected `{` after the graph's name",
        ));
    }
    at += 1;
    let mut design = Design::default();
    // The line of every edge, to name a duplicate's first.
    let mut edge_lines: Vec<u32> = Vec::new();
    let node = |design: &mut Design, name: &str| -> u32 {
        design.room(name).unwrap_or_else(|| {
            design.rooms.push(DesignRoom {
                name: name.into(),
                ..DesignRoom::default()
            });
            design.rooms.len() as u32 - 1
        })
    };
    loop {
        let here = at;
        match tokens.get(at) {
            None => return Err(refusal(file, line_of(at), "the graph's `}` is missing")),
            Some((Token::Punct("}"), _)) => {
                at += 1;
                break;
            }
            Some((Token::Punct(";"), _)) => {
                at += 1;
                continue;
            }
            _ => {}
        }
        let Some(first) = id(tokens.get(at)) else {
            return Err(refusal(
                file,
                line_of(at),
                "expected a room's name, an edge or `}`",
            ));
        };
        at += 1;
        let lower = first.to_ascii_lowercase();
        if lower == "subgraph" || is(tokens.get(at), "{") {
            return Err(refusal(
                file,
                line_of(here),
                "subgraphs are not read; give rooms and edges at the top level",
            ));
        }
        if is(tokens.get(at), "=") {
            // A graph attribute: passed over.
            at += 1;
            if id(tokens.get(at)).is_none() {
                return Err(refusal(
                    file,
                    line_of(at),
                    format!("expected a value after `{first} =`"),
                ));
            }
            at += 1;
            continue;
        }
        if is(tokens.get(at), ":") {
            return Err(refusal(
                file,
                line_of(at),
                "ports (`name:port`) are not read",
            ));
        }
        // A chain of rooms joined by edge operators.
        let mut chain = vec![(first, tokens[here].1)];
        while let Some((Token::Punct(op), _)) = tokens.get(at) {
            if *op != "--" && *op != "->" {
                break;
            }
            if (*op == "->") != directed {
                let expected = if directed { "->" } else { "--" };
                return Err(refusal(
                    file,
                    line_of(at),
                    format!(
                        "`{op}` in a {}; expected `{expected}`",
                        if directed { "digraph" } else { "graph" }
                    ),
                ));
            }
            at += 1;
            let Some(next) = id(tokens.get(at)) else {
                return Err(refusal(
                    file,
                    line_of(at),
                    format!("expected a room's name after `{op}`"),
                ));
            };
            chain.push((next, tokens[at].1));
            at += 1;
        }
        let mut attributes = Vec::new();
        while is(tokens.get(at), "[") {
            at += 1;
            loop {
                match tokens.get(at) {
                    Some((Token::Punct("]"), _)) => {
                        at += 1;
                        break;
                    }
                    Some((Token::Punct(";" | ","), _)) => at += 1,
                    Some((Token::Id(key), line)) => {
                        let (key, line) = (key.clone(), *line);
                        at += 1;
                        if !is(tokens.get(at), "=") {
                            return Err(refusal(
                                file,
                                format!("line {line}"),
                                format!("expected `{key}=VALUE`"),
                            ));
                        }
                        at += 1;
                        let Some(value) = id(tokens.get(at)) else {
                            return Err(refusal(
                                file,
                                line_of(at),
                                format!("expected a value after `{key}=`"),
                            ));
                        };
                        at += 1;
                        attributes.push((key, value, line));
                    }
                    _ => {
                        return Err(refusal(
                            file,
                            line_of(at),
                            "an attribute list's `]` is missing",
                        ));
                    }
                }
            }
        }
        if (lower == "node" || lower == "edge" || lower == "graph") && chain.len() == 1 {
            // Default attributes: passed over unless they are ours.
            if let Some((key, _, line)) = attributes
                .iter()
                .find(|(key, _, _)| !DRAWING.contains(&key.as_str()))
            {
                return Err(refusal(
                    file,
                    format!("line {line}"),
                    format!(
                        "`{lower} [{key}=...]` defaults are not read; give {key} on each room or edge"
                    ),
                ));
            }
            continue;
        }
        if chain.len() == 1 {
            let (name, _) = &chain[0];
            let room = node(&mut design, name) as usize;
            for (key, value, line) in attributes {
                let at = format!("line {line}");
                let entry = &mut design.rooms[room];
                match key.as_str() {
                    "role" => {
                        entry.role = Some(parse_role(&value).ok_or_else(|| {
                            refusal(
                                file,
                                &at,
                                format!("role={value:?} for room {name}; expected start or goal"),
                            )
                        })?);
                    }
                    "size" => {
                        entry.size = Some(parse_size(&value).ok_or_else(|| {
                            refusal(file, &at, format!("size={value:?} for room {name}; expected WxH, sides 1 to {} tiles (e.g. 6x4)", crate::rooms::MAX_ROOM_SIDE))
                        })?);
                    }
                    "template" => entry.template = Some(value),
                    key if DRAWING.contains(&key) => {}
                    key => {
                        return Err(refusal(
                            file,
                            at,
                            format!(
                                "room attribute {key:?} is not read; expected role, size or template"
                            ),
                        ));
                    }
                }
            }
            continue;
        }
        let mut edge = DesignEdge {
            a: 0,
            b: 0,
            lock: false,
            one_way: false,
            corridor: true,
        };
        for (key, value, line) in &attributes {
            let at = format!("line {line}");
            let flag = || {
                parse_bool(value).ok_or_else(|| {
                    refusal(
                        file,
                        &at,
                        format!("{key}={value:?}; expected true or false"),
                    )
                })
            };
            match key.as_str() {
                "lock" => edge.lock = flag()?,
                "one_way" => edge.one_way = flag()?,
                "corridor" => edge.corridor = flag()?,
                key if DRAWING.contains(&key) => {}
                key => {
                    return Err(refusal(
                        file,
                        at,
                        format!(
                            "edge attribute {key:?} is not read; expected lock, one_way or corridor"
                        ),
                    ));
                }
            }
        }
        for pair in chain.windows(2) {
            let (a, b) = (node(&mut design, &pair[0].0), node(&mut design, &pair[1].0));
            let line = pair[1].1;
            if a == b {
                return Err(refusal(
                    file,
                    format!("line {line}"),
                    format!("room {} is joined to itself", pair[0].0),
                ));
            }
            if let Some(k) = design
                .edges
                .iter()
                .position(|e| (e.a, e.b) == (a, b) || (e.a, e.b) == (b, a))
            {
                return Err(refusal(
                    file,
                    format!("line {line}"),
                    format!(
                        "rooms {} and {} are joined twice (first on line {}); expected one edge between two rooms",
                        pair[0].0, pair[1].0, edge_lines[k]
                    ),
                ));
            }
            design.edges.push(DesignEdge { a, b, ..edge });
            edge_lines.push(line);
        }
    }
    if at < tokens.len() {
        return Err(refusal(
            file,
            line_of(at),
            "more after the graph's closing `}`",
        ));
    }
    Ok(design)
}

/// The graph of a rooms JSON document: `rooms` (`id`, and `name`, `w` and `h`, `role`,
/// `template` if any) and `edges` (`a`, `b`, and `lock`, `one_way`, `corridor` if any).
fn json(text: &str, file: &str) -> Result<Design, RoomsError> {
    let value: Value = serde_json::from_str(text).map_err(|error| {
        refusal(
            file,
            format!("line {}", error.line()),
            format!("not JSON: {error}"),
        )
    })?;
    let list = |key: &str| {
        value.get(key).and_then(Value::as_array).ok_or_else(|| {
            refusal(
                file,
                key,
                format!("expected `{key}`: a list, as a rooms document has"),
            )
        })
    };
    let mut design = Design::default();
    let mut ids = std::collections::BTreeMap::new();
    for (k, room) in list("rooms")?.iter().enumerate() {
        let at = format!("rooms[{k}]");
        let id = room
            .get("id")
            .and_then(Value::as_u64)
            .ok_or_else(|| refusal(file, &at, "expected `id`: a whole number"))?;
        let name = match room.get("name") {
            None => id.to_string(),
            Some(Value::String(name)) => name.clone(),
            Some(other) => {
                return Err(refusal(
                    file,
                    &at,
                    format!("name {other}; expected a string"),
                ));
            }
        };
        if ids.insert(id, k as u32).is_some() {
            return Err(refusal(file, &at, format!("room id {id} is given twice")));
        }
        if design.room(&name).is_some() {
            return Err(refusal(
                file,
                &at,
                format!("room name {name:?} is given twice"),
            ));
        }
        let side = |key: &str| match room.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_u64()
                .filter(|&n| (1..=u64::from(crate::rooms::MAX_ROOM_SIDE)).contains(&n))
                .map(|n| Some(n as u32))
                .ok_or_else(|| {
                    refusal(
                        file,
                        &at,
                        format!(
                            "{key} {v}; expected 1 to {} tiles",
                            crate::rooms::MAX_ROOM_SIDE
                        ),
                    )
                }),
        };
        let size = match (side("w")?, side("h")?) {
            (Some(w), Some(h)) => Some((w, h)),
            (None, None) => None,
            _ => return Err(refusal(file, &at, "expected both `w` and `h`, or neither")),
        };
        // A generated map's other roles are what its graph made of the room: passed over.
        let role = room
            .get("role")
            .and_then(Value::as_str)
            .and_then(parse_role);
        let template = match room.get("template") {
            None => None,
            Some(Value::String(t)) => Some(t.clone()),
            Some(other) => {
                return Err(refusal(
                    file,
                    &at,
                    format!("template {other}; expected a name"),
                ));
            }
        };
        design.rooms.push(DesignRoom {
            name,
            role,
            size,
            template,
        });
    }
    for (k, edge) in list("edges")?.iter().enumerate() {
        let at = format!("edges[{k}]");
        let end = |key: &str| {
            let id = edge
                .get(key)
                .and_then(Value::as_u64)
                .ok_or_else(|| refusal(file, &at, format!("expected `{key}`: a room id")))?;
            ids.get(&id).copied().ok_or_else(|| {
                refusal(
                    file,
                    &at,
                    format!("{key} names room {id}, which `rooms` does not list"),
                )
            })
        };
        let (a, b) = (end("a")?, end("b")?);
        let flag = |key: &str, default: bool| match edge.get(key) {
            None | Some(Value::Null) => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            // A rooms document numbers its locks.
            Some(Value::Number(_)) if key == "lock" => Ok(true),
            Some(other) => Err(refusal(
                file,
                &at,
                format!("{key} {other}; expected true or false"),
            )),
        };
        let (lock, one_way) = (flag("lock", false)?, flag("one_way", false)?);
        // A generated map's corridor is a list of tiles: a corridor.
        let corridor = match edge.get("corridor") {
            Some(Value::Array(_)) => true,
            _ => flag("corridor", true)?,
        };
        if a == b {
            return Err(refusal(
                file,
                &at,
                format!("room {} is joined to itself", design.rooms[a as usize].name),
            ));
        }
        if design
            .edges
            .iter()
            .any(|e| (e.a, e.b) == (a, b) || (e.a, e.b) == (b, a))
        {
            return Err(refusal(
                file,
                &at,
                format!(
                    "rooms {} and {} are joined twice",
                    design.rooms[a as usize].name, design.rooms[b as usize].name
                ),
            ));
        }
        design.edges.push(DesignEdge {
            a,
            b,
            lock,
            one_way,
            corridor,
        });
    }
    Ok(design)
}

/// Edgar's top-level keys that say how rooms look, not which there are: passed over.
const EDGAR_SHAPES: &[&str] = &[
    "rooms",
    "defaultRoomShapes",
    "customRoomDescriptionsSet",
    "corridors",
    "name",
];

/// An Edgar level graph, as its YAML files write it: `roomsRange` (`from`, `to`) and
/// `passages` (`- [a, b]`). Its room shapes and corridor settings are passed over.
fn yaml(text: &str, file: &str) -> Result<Design, RoomsError> {
    let (mut from, mut to) = (None, None);
    let mut passages: Vec<(i64, i64, u32)> = Vec::new();
    let mut section = String::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k as u32 + 1;
        let at = format!("line {line}");
        let content = raw.split('#').next().unwrap_or("").trim_end();
        if content.trim().is_empty() {
            continue;
        }
        let indented = content.starts_with([' ', '\t']);
        let content = content.trim();
        if !indented {
            let Some((key, rest)) = content.split_once(':') else {
                return Err(refusal(
                    file,
                    at,
                    format!("expected `key:` at the top level, found {content:?}"),
                ));
            };
            section = key.trim().to_string();
            match section.as_str() {
                "roomsRange" | "passages" if rest.trim().is_empty() => {}
                "roomsRange" | "passages" => {
                    return Err(refusal(
                        file,
                        at,
                        format!(
                            "{section} written on one line is not read; give it on the lines below"
                        ),
                    ));
                }
                key if EDGAR_SHAPES.contains(&key) => {}
                key => {
                    return Err(refusal(
                        file,
                        at,
                        format!(
                            "key {key:?} is not read; expected roomsRange and passages (room shapes and corridors are passed over)"
                        ),
                    ));
                }
            }
            continue;
        }
        match section.as_str() {
            "roomsRange" => {
                let Some((key, value)) = content.split_once(':') else {
                    return Err(refusal(file, at, "expected `from: N` or `to: N`"));
                };
                let value: u32 = value.trim().parse().map_err(|_| {
                    refusal(
                        file,
                        &at,
                        format!(
                            "{}: {:?}; expected a whole number",
                            key.trim(),
                            value.trim()
                        ),
                    )
                })?;
                match key.trim() {
                    "from" => from = Some(value),
                    "to" => to = Some(value),
                    key => {
                        return Err(refusal(
                            file,
                            at,
                            format!("roomsRange key {key:?}; expected from and to"),
                        ));
                    }
                }
            }
            "passages" => {
                let pair = content
                    .strip_prefix('-')
                    .map(str::trim)
                    .and_then(|p| p.strip_prefix('['))
                    .and_then(|p| p.strip_suffix(']'))
                    .and_then(|p| p.split_once(','))
                    .and_then(|(a, b)| {
                        Some((a.trim().parse::<i64>().ok()?, b.trim().parse::<i64>().ok()?))
                    });
                let Some((a, b)) = pair else {
                    return Err(refusal(
                        file,
                        at,
                        format!("passage {content:?}; expected `- [A, B]` with two room numbers"),
                    ));
                };
                passages.push((a, b, line));
            }
            _ => {}
        }
    }
    let (Some(from), Some(to)) = (from, to) else {
        return Err(refusal(
            file,
            "roomsRange",
            "expected `roomsRange:` with `from:` and `to:`",
        ));
    };
    if from > to || to - from >= crate::rooms::MAX_DESIGN_ROOMS {
        return Err(refusal(
            file,
            "roomsRange",
            format!(
                "from {from} to {to}; expected from <= to and at most {} rooms",
                crate::rooms::MAX_DESIGN_ROOMS
            ),
        ));
    }
    let mut design = Design {
        rooms: (from..=to)
            .map(|k| DesignRoom {
                name: k.to_string(),
                ..DesignRoom::default()
            })
            .collect(),
        ..Design::default()
    };
    for (a, b, line) in passages {
        let at = format!("line {line}");
        let room = |r: i64| {
            u32::try_from(r)
                .ok()
                .filter(|r| (from..=to).contains(r))
                .map(|r| r - from)
                .ok_or_else(|| {
                    refusal(
                        file,
                        &at,
                        format!("passage names room {r}, outside roomsRange {from} to {to}"),
                    )
                })
        };
        let (a, b) = (room(a)?, room(b)?);
        if a == b {
            return Err(refusal(
                file,
                &at,
                format!("room {} is joined to itself", a + from),
            ));
        }
        if design
            .edges
            .iter()
            .any(|e| (e.a, e.b) == (a, b) || (e.a, e.b) == (b, a))
        {
            return Err(refusal(
                file,
                &at,
                format!("rooms {} and {} are joined twice", a + from, b + from),
            ));
        }
        design.edges.push(DesignEdge {
            a,
            b,
            lock: false,
            one_way: false,
            corridor: true,
        });
    }
    Ok(design)
}

/// Reads room templates from the JSON file named `file`:
/// `{"templates": [{"name": "hall", "size": "9x5", "corner_distance": 1}, {"name": "cell",
/// "size": "3x3", "doors": [[1, -1], [3, 1]]}]}`. A template's doors go on any wall tile at
/// least `corner_distance` (default 0) from a corner, or only on the listed wall tiles.
pub fn read_templates(text: &str, file: &str) -> Result<Vec<Template>, RoomsError> {
    let value: Value = serde_json::from_str(text).map_err(|error| {
        refusal(
            file,
            format!("line {}", error.line()),
            format!("not JSON: {error}"),
        )
    })?;
    let list = value
        .get("templates")
        .and_then(Value::as_array)
        .ok_or_else(|| refusal(file, "templates", "expected `templates`: a list"))?;
    let mut templates: Vec<Template> = Vec::new();
    for (k, entry) in list.iter().enumerate() {
        let at = format!("templates[{k}]");
        let name = entry
            .get("name")
            .and_then(Value::as_str)
            .ok_or_else(|| refusal(file, &at, "expected `name`: a string"))?;
        if templates.iter().any(|t| t.name == name) {
            return Err(refusal(
                file,
                &at,
                format!("template {name:?} is given twice"),
            ));
        }
        let size = entry.get("size").and_then(Value::as_str).unwrap_or("");
        let (w, h) = parse_size(size).ok_or_else(|| {
            refusal(
                file,
                &at,
                format!(
                    "size {size:?}; expected \"WxH\", sides 1 to {} tiles",
                    crate::rooms::MAX_ROOM_SIDE
                ),
            )
        })?;
        let doors = match (entry.get("doors"), entry.get("corner_distance")) {
            (Some(_), Some(_)) => {
                return Err(refusal(
                    file,
                    &at,
                    "give `doors` or `corner_distance`, not both",
                ));
            }
            (Some(Value::Array(spots)), None) => {
                let spot = |v: &Value| {
                    let pair = v.as_array().filter(|p| p.len() == 2)?;
                    Some((
                        i32::try_from(pair[0].as_i64()?).ok()?,
                        i32::try_from(pair[1].as_i64()?).ok()?,
                    ))
                };
                let spots: Option<Vec<(i32, i32)>> = spots.iter().map(spot).collect();
                Doors::Listed(spots.ok_or_else(|| {
                    refusal(file, &at, "doors: expected a list of [x, y] wall tiles")
                })?)
            }
            (Some(_), None) => {
                return Err(refusal(
                    file,
                    &at,
                    "doors: expected a list of [x, y] wall tiles",
                ));
            }
            (None, distance) => {
                let corner_distance = match distance {
                    None => 0,
                    Some(v) => v
                        .as_u64()
                        .and_then(|d| u32::try_from(d).ok())
                        .ok_or_else(|| {
                            refusal(
                                file,
                                &at,
                                format!("corner_distance {v}; expected a whole number"),
                            )
                        })?,
                };
                Doors::Anywhere { corner_distance }
            }
        };
        let spots = Template::door_spots(w, h, &doors).map_err(|(x, y)| {
            refusal(file, &at, format!("door {x},{y} is not beside the {w}x{h} floor; expected x in -1..={w} on rows -1 and {h}, or y in 0..{h} on columns -1 and {w}"))
        })?;
        if spots.is_empty() {
            return Err(refusal(
                file,
                &at,
                format!("no wall tile of the {w}x{h} floor takes a door"),
            ));
        }
        templates.push(Template {
            name: name.into(),
            w,
            h,
            doors,
        });
    }
    Ok(templates)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dot_reads_chains_quoted_names_comments_and_attributes() {
        let text = r#"
            /* A keep. */
            strict digraph "the keep" {
                node [shape=box];   // drawing defaults are passed over
            # a preprocessor line
                "great hall" [role=start, size=8x5, label="Hall"];
                "great hall" -> yard -> "tower \"north\"" [lock=true];
                yard -> well [corridor=false; one_way=yes]
                rankdir = LR;
            }
        "#;
        let design = read_design(text, GraphFormat::Dot, "keep.dot").unwrap();
        let names: Vec<&str> = design.rooms.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["great hall", "yard", "tower \"north\"", "well"]);
        assert_eq!(design.rooms[0].role, Some(DesignRole::Start));
        assert_eq!(design.rooms[0].size, Some((8, 5)));
        let edges: Vec<(u32, u32, bool, bool, bool)> = design
            .edges
            .iter()
            .map(|e| (e.a, e.b, e.lock, e.one_way, e.corridor))
            .collect();
        assert_eq!(
            edges,
            [
                (0, 1, true, false, true),
                (1, 2, true, false, true),
                (1, 3, false, true, false)
            ]
        );
    }

    #[test]
    fn dot_refusals_name_the_line() {
        let refused = |text: &str| {
            read_design(text, GraphFormat::Dot, "g.dot")
                .unwrap_err()
                .to_string()
        };
        assert!(refused("graph {\n a -> b;\n}").starts_with("g.dot, line 2: `->` in a graph"));
        assert!(
            refused("graph {\n a [colour=red];\n}").contains("line 2: room attribute \"colour\"")
        );
        assert!(refused("graph {\n a -- b [key=1];\n}").contains("edge attribute \"key\""));
        assert!(refused("graph {\n a [role=boss];\n}").contains("expected start or goal"));
        assert!(refused("graph {\n subgraph x { a; }\n}").contains("subgraphs are not read"));
        assert!(refused("graph {\n a -- b;\n").contains("line 2: the graph's `}` is missing"));
        assert!(refused("maze { }").contains("line 1: expected `graph {`"));
        assert!(refused("graph {\n a;\n} b").contains("more after the graph's closing"));
        assert!(
            refused("graph {\n \"a -- b;\n}").contains("line 2: a quoted name is never closed")
        );
    }

    #[test]
    fn edgar_yaml_reads_rooms_and_passages_and_passes_over_shapes() {
        let text = "roomsRange:\n  from: 1\n  to: 3\n\n# passages\npassages:\n  - [1,2]\n  - [3, 2]\n\n\
                    defaultRoomShapes:\n  -\n    setName: rectangles\ncorridors:\n  enable: false\n";
        let design = read_design(text, GraphFormat::Yaml, "g.yml").unwrap();
        let names: Vec<&str> = design.rooms.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["1", "2", "3"]);
        let pairs: Vec<(u32, u32)> = design.edges.iter().map(|e| (e.a, e.b)).collect();
        assert_eq!(pairs, [(0, 1), (2, 1)]);
        let refused = read_design(
            "roomsRange:\n  from: 0\n  to: 2\nlevels:\n",
            GraphFormat::Yaml,
            "g.yml",
        )
        .unwrap_err()
        .to_string();
        assert!(
            refused.contains("g.yml, line 4: key \"levels\" is not read"),
            "{refused}"
        );
    }

    #[test]
    fn a_rooms_document_gives_names_sizes_roles_and_locks() {
        let text = r#"{"rooms": [{"id": 0, "w": 4, "h": 3, "role": "start"}, {"id": 1, "name": "b",
            "role": "treasure"}], "edges": [{"a": 0, "b": 1, "kind": "tree", "lock": 1,
            "corridor": [[1, 1]]}]}"#;
        let design = read_design(text, GraphFormat::Json, "m.json").unwrap();
        assert_eq!(design.rooms[0].name, "0");
        assert_eq!(design.rooms[0].size, Some((4, 3)));
        assert_eq!(design.rooms[1].role, None);
        assert!(design.edges[0].lock && design.edges[0].corridor);
        let refused = read_design(
            r#"{"rooms": [{"id": 0}, {"id": 0}], "edges": []}"#,
            GraphFormat::Json,
            "m.json",
        )
        .unwrap_err()
        .to_string();
        assert_eq!(refused, "m.json, rooms[1]: room id 0 is given twice");
    }
}
