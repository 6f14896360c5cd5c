//! The lab's columns as `--config` gives them: `[NAME:]SWITCHES`, e.g. `killers only:history=off`.
//! A column is shown everywhere — the tables, CSV, JSON, the slide's legend — under its name:
//! the one given before the `:`, else the configuration's generated name
//! (`search::config::name`), so `history=off` reads `killers only` on a slide without anyone
//! typing it. The `:` introduces a name only when what precedes it holds no `=`, so switch
//! values that contain one (`order=random:7`) still read as switches.

use super::lab::Column;
use crate::cli::CliError;
use killerscope_engine::parse_switches;
use killerscope_engine::{display_name, switches};
use killerscope_text::{is_unsafe, quote};

/// Most characters of a column's name: what a legend entry and a table heading hold.
pub const MAX_LABEL_CHARS: usize = 40;

/// The columns `--config` asks for, parsed and named; the classic killers-off / killers-on pair
/// when none. Refuses a bad name or bad switches naming the argument and its column, and two
/// columns under one name (the tables could not tell them apart).
pub fn columns(configs: &[String]) -> Result<Vec<Column>, CliError> {
    let texts: Vec<String> = if configs.is_empty() {
        vec!["killers=0".into(), "killers=2".into()]
    } else {
        configs.to_vec()
    };
    let mut columns: Vec<Column> = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let bad = |why: String| {
            CliError::new(format!(
                "--config \"{}\" (column {}): {why}",
                quote(text),
                i + 1
            ))
        };
        let (label, settings) = split_label(text);
        let (ordering, selective) = parse_switches(settings).map_err(|e| bad(e.to_string()))?;
        let label = match label {
            Some(label) => checked_label(label).map_err(bad)?,
            None => display_name(&ordering, &selective),
        };
        if let Some(k) = columns.iter().position(|c| c.label == label) {
            return Err(bad(format!(
                "column {} is called \"{label}\" too; name one of them (\"NAME:{}\")",
                k + 1,
                quote(settings.trim())
            )));
        }
        columns.push(Column {
            label,
            switches: switches(&ordering, &selective),
            ordering,
            selective,
        });
    }
    Ok(columns)
}

/// `NAME:SWITCHES` split into the name and the switches; no name when there is no `:` or an
/// `=` comes before it.
fn split_label(text: &str) -> (Option<&str>, &str) {
    match text.split_once(':') {
        Some((label, settings)) if !label.contains('=') => (Some(label), settings),
        _ => (None, text),
    }
}

/// A name as given, trimmed, or why it cannot be one: empty, longer than
/// [`MAX_LABEL_CHARS`], or holding a control or invisible formatting character.
fn checked_label(label: &str) -> Result<String, String> {
    let label = label.trim();
    if label.is_empty() {
        return Err("the name before ':' is empty (leave out the ':' for a generated one)".into());
    }
    let chars = label.chars().count();
    if chars > MAX_LABEL_CHARS {
        return Err(format!(
            "the name before ':' has {chars} characters; a legend holds {MAX_LABEL_CHARS}"
        ));
    }
    if let Some((at, c)) = label.chars().enumerate().find(|(_, c)| is_unsafe(*c)) {
        return Err(format!(
            "the name before ':' holds the control character {} (character {})",
            c.escape_default(),
            at + 1
        ));
    }
    Ok(label.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(configs: &[&str]) -> Result<Vec<String>, String> {
        let owned: Vec<String> = configs.iter().map(|s| s.to_string()).collect();
        columns(&owned)
            .map(|c| c.into_iter().map(|c| c.label).collect())
            .map_err(|e| e.to_string())
    }

    #[test]
    fn columns_default_to_killers_off_and_on_under_their_generated_names() {
        assert_eq!(
            labels(&[]).expect("valid"),
            ["history only", "killers + history"]
        );
        assert_eq!(
            labels(&["killers=0,history=off", "history=off", "countermove=on"]).expect("valid"),
            ["no killers, no history", "killers only", "countermove"]
        );
    }

    #[test]
    fn a_name_before_the_colon_names_the_column_and_switch_values_keep_theirs() {
        let owned = vec![
            "two killers: history=off ".to_string(),
            "order=random:7".to_string(),
            "seven:order=random:7,killers=0".to_string(),
        ];
        let columns = columns(&owned).expect("valid");
        assert_eq!(columns[0].label, "two killers");
        assert_eq!(columns[0].switches, "history=off");
        assert_eq!(columns[1].label, "random order 7");
        assert_eq!(columns[2].label, "seven");
        assert_eq!(columns[2].switches, "killers=0,order=random:7");
    }

    /// The error `configs` are refused with, which must hold each of `says`.
    fn refused(configs: &[&str], says: &[&str]) -> String {
        let err = labels(configs).expect_err("refused");
        for part in says {
            assert!(err.contains(part), "{configs:?}: {err} lacks {part}");
        }
        err
    }

    #[test]
    fn bad_names_and_switches_are_refused_naming_the_argument_and_column() {
        let empty = ["killers=0", " :history=off"];
        refused(&empty, &["--config \" :history=off\" (column 2)", "empty"]);
        let long = format!("{}:killers=0", "x".repeat(MAX_LABEL_CHARS + 1));
        refused(&[&long], &["(column 1)", "41 characters"]);
        let err = refused(&["a\u{1b}[2J:killers=0"], &["\\u{1b}", "character 2"]);
        assert!(!err.contains('\u{1b}'), "the message itself is safe: {err}");
        refused(&["killers=9"], &["--config \"killers=9\" (column 1)"]);
    }

    #[test]
    fn two_columns_under_one_name_are_refused() {
        let named = "column 1 is called \"killers + history\"";
        refused(&["killers=2", ""], &["(column 2)", named]);
        refused(
            &["x:killers=0", "x:killers=1"],
            &["column 1 is called \"x\""],
        );
        assert!(labels(&["same search:killers=2", ""]).is_ok());
    }
}
