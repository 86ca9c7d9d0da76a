//! Contents rules files (`--contents FILE`), TOML or JSON ([`read_contents`]).

use crate::level::{Contents, LevelError, escape_controls};

/// Reads the contents rules in `text` from the file named `file`, TOML unless the name ends in
/// `.json`, and checks them ([`Contents::check`]). Refuses with one line naming the file and
/// the line or rule: a syntax error, an unknown key (naming those accepted), an unknown fact,
/// a value out of range.
///
/// ```
/// use mazegen::read::read_contents;
///
/// let rules = read_contents("[[rules]]\nkind = \"boss\"\nwhere = \"farthest\"\n", "rules.toml")?;
/// assert_eq!(rules.rules[0].kind, "boss");
/// let refused = read_contents(r#"{"rules": [{"kind": "boss", "wher": "farthest"}]}"#, "r.json");
/// assert!(refused.unwrap_err().to_string().contains("unknown field `wher`"));
/// # Ok::<(), mazegen::level::LevelError>(())
/// ```
pub fn read_contents(text: &str, file: &str) -> Result<Contents, LevelError> {
    let refusal = |at: String, reason: String| LevelError::ContentsFile {
        file: file.into(),
        at,
        reason,
    };
    let json = file.to_ascii_lowercase().ends_with(".json");
    let contents: Contents = if json {
        serde_json::from_str(text).map_err(|error| {
            let (line, column) = (error.line(), error.column());
            let text = error.to_string();
            let reason = text
                .strip_suffix(&format!(" at line {line} column {column}"))
                .unwrap_or(&text);
            refusal(format!("line {line}"), escape_controls(reason))
        })?
    } else {
        toml::from_str(text).map_err(|error| {
            let at = match error.span() {
                Some(span) => {
                    let line = text[..span.start.min(text.len())].matches('\n').count() + 1;
                    format!("line {line}")
                }
                None => "rules".into(),
            };
            refusal(at, error.message().trim_end().replace('\n', "; "))
        })?
    };
    contents
        .check()
        .map_err(|(at, reason)| refusal(at, reason))?;
    Ok(contents)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(text: &str, file: &str) -> String {
        let message = read_contents(text, file).unwrap_err().to_string();
        assert!(!message.contains('\n'), "one line: {message}");
        message
    }

    #[test]
    fn a_key_with_a_line_break_is_refused_on_one_line() {
        let message = refused(r#"{"rules\nd": "idol"}"#, "r.json");
        assert!(message.contains(r"unknown field `rules\nd`"), "{message}");
    }

    #[test]
    fn a_kind_with_a_line_break_is_refused_on_one_line() {
        let message = refused("[[rules]]\nkind = \"a\\nb\"\n", "r.toml");
        assert!(message.contains(r"rule 1 (a\nb)"), "{message}");
    }

    #[test]
    fn toml_and_json_give_the_same_rules() {
        let toml = "[[rules]]\nkind = \"treasure\"\nwhere = \"dead_end\"\ncount = \"all\"\n\
                    table = [{ item = \"gold\", weight = 3 }, { item = \"gem\" }]\n";
        let json = r#"{"rules": [{"kind": "treasure", "where": "dead_end", "count": "all",
                      "table": [{"item": "gold", "weight": 3}, {"item": "gem"}]}]}"#;
        assert_eq!(
            read_contents(toml, "a.toml").unwrap(),
            read_contents(json, "a.json").unwrap()
        );
    }

    #[test]
    fn refusals_name_the_file_the_line_and_what_is_accepted() {
        let message = refused(
            "[[rules]]\nkind = \"boss\"\nwher = \"farthest\"\n",
            "r.toml",
        );
        assert!(
            message.starts_with("r.toml: line 3: unknown field `wher`"),
            "{message}"
        );
        assert!(
            message.contains("`where`") && message.contains("`before_lock`"),
            "{message}"
        );
        let message = refused("[[rules]]\nkind = \"boss\"\nwhere = \"deep\"\n", "r.toml");
        assert!(message.contains("unknown variant `deep`"), "{message}");
        assert!(message.contains("`farthest`"), "{message}");
        let message = refused("[[rule]]\nkind = \"boss\"\n", "r.toml");
        assert!(
            message.contains("unknown field `rule`, expected `rules`"),
            "{message}"
        );
        let message = refused(
            "{\"rules\": [{\"kind\": \"boss\", \"count\": [3, 1]}]}",
            "r.json",
        );
        assert!(
            message.starts_with("r.json: rule 1 (boss): count [3, 1]"),
            "{message}"
        );
        let message = refused("{\"rules\": [}", "r.json");
        assert!(message.starts_with("r.json: line 1: "), "{message}");
        let message = refused("[[rules]]\nkind = boss\n", "r.toml");
        assert!(message.starts_with("r.toml: line 2: "), "{message}");
    }
}
