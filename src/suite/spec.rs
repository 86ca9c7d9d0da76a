//! [`SuiteSpec`]: the splits of a suite as a TOML file (or a JSON object) gives them, checked
//! before any maze is made.

use super::SuiteError;
use super::symmetric::{SYMMETRIC, half_width};
use crate::algorithms::{Generator, catalogue};
use crate::dataset::candidate_seed;
use crate::grid::Grid;
use crate::maze::{Blank, Finish, MazeSpec};
use crate::probability::Probability;
use serde::{Deserialize, Serialize};

/// The most shortest paths a row lists.
pub const MAX_PATHS: usize = 1000;

/// What a row's extra columns may hold, each the maze in one of the dataset formats.
pub const REPRESENTATIONS: [&str; 7] = [
    "text",
    "json",
    "tokens",
    "ascii",
    "alphamaze",
    "hrm",
    "searchformer",
];

/// How a split places the start and goal of its mazes.
pub const ENDPOINTS: [&str; 3] = ["corners", "random", "farthest"];

/// MazeBench's families a split can be: each a generator, braid and endpoint rule of ours (the
/// split's own keys win), the blocked ones with the passage of the solution's last (or first)
/// step closed after the endpoints are placed, which leaves a perfect maze's goal unreachable;
/// `symmetric` carves the left half and mirrors it (see [`super::symmetric`]).
pub const FAMILIES: [&str; 8] = [
    "sanity",
    "bottleneck",
    "dead-ends",
    "snake",
    "trap",
    "near-goal-blocked",
    "near-start-blocked",
    "symmetric",
];

/// The generator, braid and endpoint rule of `family`.
fn family_preset(family: &str) -> (&'static str, Option<f64>, Option<&'static str>) {
    match family {
        "sanity" => ("kruskal", Some(1.0), None),
        "bottleneck" => ("kruskal", None, None),
        "dead-ends" => ("prim", None, None),
        "snake" => ("backtrack", None, Some("farthest")),
        "trap" => ("kruskal", Some(0.5), Some("farthest")),
        _ => ("backtrack", None, None),
    }
}

/// `reason` with its control characters escaped (`\n` as two characters): a key the spec
/// wrote with a line break in it, echoed by the parser, keeps the refusal on one line.
fn escape_controls(reason: &str) -> String {
    reason
        .chars()
        .map(|c| match c.is_control() {
            true => c.escape_default().to_string(),
            false => c.to_string(),
        })
        .collect()
}

/// A suite: named splits of mazes, made from one seed in one run.
///
/// ```
/// let spec = mazegen::suite::SuiteSpec::from_toml(
///     "seed = 7\n[[split]]\nname = \"train\"\ncount = 10\ngenerator = \"backtrack\"\nsize = [10, 10]\n",
/// )?;
/// assert_eq!(spec.splits[0].name, "train");
/// # Ok::<(), mazegen::suite::SuiteError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteSpec {
    /// The suite's seed; each split's seed is derived from it and the split's position.
    #[serde(default)]
    pub seed: u64,
    /// The splits, in the order they are made (a split never holds a maze of one before it).
    #[serde(rename = "split", default)]
    pub splits: Vec<SplitSpec>,
}

/// One split: `count` mazes of one generator, size and finish.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplitSpec {
    /// Its name, which names its files: letters, digits, `-`, `_` and `.`.
    pub name: String,
    /// How many mazes it holds.
    pub count: u64,
    /// The generator ([`catalogue`]'s names), the family's or `backtrack` unless given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generator: Option<String>,
    /// MazeBench's family ([`FAMILIES`]): its generator, braid and endpoints where the split
    /// gives none, and its edit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    /// Width and height in cells.
    pub size: [u32; 2],
    /// Remove each dead end with this probability (loops: more than one shortest path).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braid: Option<f64>,
    /// Where the start and goal go ([`ENDPOINTS`]): the shape's corners unless given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoints: Option<String>,
    /// The least and greatest shortest length, in steps: the start and goal are chosen so
    /// that the shortest path between them is within, whatever `endpoints` says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shortest: Option<[u32; 2]>,
    /// No two mazes of the split with the same passages.
    #[serde(default)]
    pub unique: bool,
    /// The most shortest paths listed in a row (10 unless given).
    #[serde(default = "default_paths")]
    pub paths: usize,
    /// Extra columns, each the maze in a dataset format ([`REPRESENTATIONS`]).
    #[serde(default)]
    pub representations: Vec<String>,
}

const fn default_paths() -> usize {
    10
}

impl SuiteSpec {
    /// The spec a TOML document gives, checked ([`SuiteSpec::check`]). A document that is no
    /// suite is refused with the line of what is wrong.
    pub fn from_toml(text: &str) -> Result<Self, SuiteError> {
        let spec: Self = toml::from_str(text).map_err(|error| {
            let line = error
                .span()
                .map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
            let message = escape_controls(&error.message().trim_end().replace('\n', "; "));
            SuiteError::Spec(match line {
                Some(line) => format!("line {line}: {message}"),
                None => message,
            })
        })?;
        spec.check()?;
        Ok(spec)
    }

    /// The spec a JSON object gives (as `mazegen.suite` passes a dict), checked.
    pub fn from_json(text: &str) -> Result<Self, SuiteError> {
        let spec: Self = serde_json::from_str(text)
            .map_err(|error| SuiteError::Spec(escape_controls(&error.to_string())))?;
        spec.check()?;
        Ok(spec)
    }

    /// Refuses a suite that cannot be made, naming the split and key: no splits, a name used
    /// twice or unfit for a file, an unknown generator, endpoint rule or representation, a size,
    /// braid or band no maze can have.
    pub fn check(&self) -> Result<(), SuiteError> {
        if self.splits.is_empty() {
            return Err(SuiteError::Spec(
                "no [[split]]: a suite needs at least one, with name, count and size".to_owned(),
            ));
        }
        for (k, split) in self.splits.iter().enumerate() {
            if let Some(first) = self.splits[..k]
                .iter()
                .position(|other| other.name == split.name)
            {
                return Err(split.refuse(
                    "name",
                    format!(
                        "{:?} is the name of split {} too; expected a name of its own",
                        split.name,
                        first + 1
                    ),
                ));
            }
            split.check()?;
        }
        Ok(())
    }

    /// The seed of split `k`: maze `i` of it is made from
    /// [`candidate_seed`]`(split seed, i, attempt)`.
    pub fn split_seed(&self, k: usize) -> u64 {
        candidate_seed(self.seed, k as u64, 0)
    }
}

impl SplitSpec {
    /// The refusal of `key` of this split.
    fn refuse(&self, key: &str, message: String) -> SuiteError {
        SuiteError::Spec(format!("split {:?}: {key} {message}", self.name))
    }

    /// Refuses what this split cannot be.
    fn check(&self) -> Result<(), SuiteError> {
        let fit = |c: char| c.is_ascii_alphanumeric() || "-_.".contains(c);
        if self.name.is_empty() || !self.name.chars().all(fit) || self.name.starts_with('.') {
            return Err(self.refuse(
                "name",
                "is no file name: expected letters, digits, '-', '_' and '.', not first".to_owned(),
            ));
        }
        if self.count == 0 {
            return Err(self.refuse("count", "0: expected at least 1 maze".to_owned()));
        }
        if let Some(family) = &self.family
            && !FAMILIES.contains(&family.as_str())
        {
            return Err(self.refuse(
                "family",
                format!("{family:?}: expected one of {}", FAMILIES.join(", ")),
            ));
        }
        self.generator()?;
        let [width, height] = self.size;
        Grid::check_size(width, height)
            .map_err(|error| self.refuse("size", format!("[{width}, {height}]: {error}")))?;
        if self.family.as_deref() == Some(SYMMETRIC) && width < 2 {
            return Err(self.refuse(
                "size",
                format!(
                    "[{width}, {height}]: a symmetric maze is two mirrored halves, expected a \
                     width of at least 2"
                ),
            ));
        }
        if width * height < 2 {
            return Err(self.refuse(
                "size",
                format!("[{width}, {height}]: expected at least 2 cells, for a start and a goal"),
            ));
        }
        if let Some(braid) = self.braid() {
            Probability::new(braid).map_err(|_| {
                self.refuse("braid", format!("{braid}: expected a number from 0 to 1"))
            })?;
        }
        if let Some(endpoints) = self.endpoints()
            && !ENDPOINTS.contains(&endpoints)
        {
            return Err(self.refuse(
                "endpoints",
                format!("{endpoints:?}: expected one of {}", ENDPOINTS.join(", ")),
            ));
        }
        if let Some([min, max]) = self.shortest {
            let most = u64::from(width) * u64::from(height) - 1;
            if min == 0 || min > max || u64::from(max) > most {
                return Err(self.refuse(
                    "shortest",
                    format!(
                        "[{min}, {max}]: expected [least, greatest] steps with 1 <= least <= \
                         greatest <= {most} (a path visits each cell once)"
                    ),
                ));
            }
        }
        if self.paths > MAX_PATHS {
            return Err(self.refuse(
                "paths",
                format!("{}: expected at most {MAX_PATHS}", self.paths),
            ));
        }
        for (k, name) in self.representations.iter().enumerate() {
            if !REPRESENTATIONS.contains(&name.as_str()) {
                return Err(self.refuse(
                    "representations",
                    format!("{name:?}: expected any of {}", REPRESENTATIONS.join(", ")),
                ));
            }
            if self.representations[..k].contains(name) {
                return Err(self.refuse(
                    "representations",
                    format!("{name:?} twice: expected each once"),
                ));
            }
        }
        self.maze_spec()?
            .check()
            .map_err(|error| self.refuse("size", format!("{:?}: {error}", self.size)))?;
        Ok(())
    }

    /// The generator's name: given, the family's, or `backtrack`.
    pub fn generator_name(&self) -> &str {
        match (&self.generator, &self.family) {
            (Some(name), _) => name,
            (None, Some(family)) => family_preset(family).0,
            (None, None) => "backtrack",
        }
    }

    /// The probability of removing each dead end: given, or the family's.
    pub fn braid(&self) -> Option<f64> {
        (self.braid).or_else(|| self.family.as_deref().and_then(|f| family_preset(f).1))
    }

    /// The endpoint rule: given, or the family's (`None`: the corners).
    pub fn endpoints(&self) -> Option<&str> {
        (self.endpoints.as_deref())
            .or_else(|| self.family.as_deref().and_then(|f| family_preset(f).2))
    }

    /// The generator named.
    pub fn generator(&self) -> Result<Box<dyn Generator + Send + Sync>, SuiteError> {
        let name = self.generator_name().replace('_', "-");
        let generators = catalogue();
        let names: Vec<&str> = generators.iter().map(|g| g.name()).collect();
        match generators.iter().find(|g| g.name() == name) {
            Some(generator) => Ok(generator.boxed()),
            None => Err(self.refuse(
                "generator",
                format!(
                    "{:?}: expected one of {}",
                    self.generator_name(),
                    names.join(", ")
                ),
            )),
        }
    }

    /// The spec of the split's mazes, before their endpoints are chosen; for the `symmetric`
    /// family, of their left halves, `width / 2` columns, which the suite mirrors.
    pub fn maze_spec(&self) -> Result<MazeSpec, SuiteError> {
        let [width, height] = self.size;
        let width = match self.family.as_deref() {
            Some(SYMMETRIC) => half_width(width),
            _ => width,
        };
        Ok(MazeSpec {
            generator: self.generator()?,
            blank: Blank::Rect { width, height },
            finish: Finish {
                braid: (self.braid())
                    .map(Probability::new)
                    .transpose()
                    .map_err(crate::Error::from)?,
                ..Finish::default()
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_with_a_line_break_is_refused_on_one_line() {
        let json =
            r#"{"split": [{"name": "j", "count": 2, "size": [3, 3], "repres\ntations": []}]}"#;
        let toml = "[[split]]\nname = \"j\"\ncount = 2\nsize = [3, 3]\n\"repres\\ntations\" = []\n";
        let message = SuiteSpec::from_json(json).unwrap_err().to_string();
        assert!(
            message.contains(r"unknown field `repres\ntations`"),
            "{message}"
        );
        assert!(!message.contains('\n'), "{message}");
        let message = SuiteSpec::from_toml(toml).unwrap_err().to_string();
        assert!(message.contains("unknown field `repres"), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }
}
