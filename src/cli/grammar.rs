//! The command line's one grammar: the options that mean the same thing on every command are
//! spelled the same way, from these shared pieces (docs/commands.md says it for users).
//!
//! - `--config CONFIG`: the engine configuration, ordering and selective-search switches in
//!   one `key=value,…` list (`killers=3,nmp=on`).
//! - `--format FORMAT`: the output format (`text`, `json`, and `csv` where a table is printed).
//! - `-o, --output FILE`: the file a command writes.
//! - `-d, --depth PLIES`: the search depth.
//! - `-j, --jobs N`: searches at once (`jobs`).
//!
//! The spellings they replace (`--ordering`, `--search`, `--json`, `--csv`, `--log FILE`,
//! `--svg FILE`, `--log-dir`, `--colour`, `--technique`, …) are still accepted, hidden from
//! the help.

use super::CliError;
use clap::{Args, ValueEnum};
use killerscope_engine::{HistoryMode, OrderingConfig, SelectiveConfig, Switchboard};
use killerscope_engine::{is_selective_key, parse_switches};
use killerscope_log::MAX_KILLER_SLOTS;
use killerscope_text::quote;

/// The deepest search the engine runs (its iterative deepening stops there).
pub const MAX_SEARCH_DEPTH: u8 = 100;

/// The parser of a search depth, `1..=max` plies.
pub fn depth(max: u8) -> clap::builder::RangedI64ValueParser<u8> {
    clap::value_parser!(u8).range(1..=i64::from(max))
}

/// The output of a command that prints a report for people or one JSON document.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people.
    #[default]
    Text,
    /// One JSON document.
    Json,
}

/// `--format text|json`, with the old `--json`.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct TextOrJson {
    /// Output format: text for people, or one JSON document.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t)]
    format: Format,
    /// The old spelling of `--format json`.
    #[arg(long, hide = true, conflicts_with = "format")]
    json: bool,
}

impl TextOrJson {
    /// Whether the output is JSON.
    pub fn json(self) -> bool {
        self.json || self.format == Format::Json
    }
}

/// The output of a command that prints tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TableFormat {
    /// Markdown tables, for people and for pasting into notes.
    #[default]
    #[value(alias = "md", alias = "markdown")]
    Text,
    /// CSV, a header line and a row per line, for spreadsheets.
    Csv,
    /// One JSON document.
    Json,
}

/// `--format text|csv|json`, with the old `--csv` and `--json`.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct Tables {
    /// Output format: markdown tables for people, CSV for a spreadsheet, or one JSON document.
    #[arg(long, value_enum, value_name = "FORMAT", default_value_t)]
    format: TableFormat,
    /// The old spelling of `--format json`.
    #[arg(long, hide = true, conflicts_with_all = ["format", "csv"])]
    json: bool,
    /// The old spelling of `--format csv`.
    #[arg(long, hide = true, conflicts_with = "format")]
    csv: bool,
}

impl Tables {
    /// The format asked for.
    pub fn format(self) -> TableFormat {
        match (self.json, self.csv) {
            (true, _) => TableFormat::Json,
            (_, true) => TableFormat::Csv,
            _ => self.format,
        }
    }
}

/// `--config`: one engine configuration (search, tui, exercise, bench), with the old
/// `--ordering` and `--search` (each half of it, read as before) and single-switch flags.
#[derive(Args, Debug, Clone, Default)]
pub struct EngineConfig {
    /// Engine configuration: ordering and selective-search switches, e.g. "killers=3,nmp=on"
    /// (default: the default ordering, full width).
    #[arg(long = "config", value_name = "CONFIG", long_help = config_help())]
    pub config: Option<String>,
    /// The old spelling of `--config` for the ordering switches.
    #[arg(long, hide = true, value_name = "CONFIG", conflicts_with = "config")]
    pub ordering: Option<String>,
    /// The old spelling of `--config` for the selective-search switches.
    #[arg(
        long = "search",
        hide = true,
        value_name = "CONFIG",
        conflicts_with = "config"
    )]
    pub selective: Option<String>,
    /// The old spelling of `--config killers=N`.
    #[arg(long, hide = true, value_parser = clap::value_parser!(u8).range(0..=MAX_KILLER_SLOTS as i64))]
    pub killers: Option<u8>,
    /// The old spelling of `--config tt=off`.
    #[arg(long, hide = true)]
    pub no_tt: bool,
    /// The old spelling of `--config history=off`.
    #[arg(long, hide = true)]
    pub no_history: bool,
    /// The old spelling of `--config mvvlva=off`.
    #[arg(long, hide = true)]
    pub no_mvv_lva: bool,
}

/// The long help of `--config`: every key, from the engine's own switch tables.
pub fn config_help() -> String {
    fn keys<C: Switchboard>() -> String {
        let keys: Vec<&str> = C::switches().iter().map(|s| s.key).collect();
        keys.join(", ")
    }
    format!(
        "Engine configuration: ordering and selective-search switches as key=value pairs, \
         e.g. \"killers=3,nmp=on\" (default: the default ordering, full width).\n\nOrdering keys: {}.\nSelective-search keys: {}.",
        keys::<OrderingConfig>(),
        keys::<SelectiveConfig>()
    )
}

/// A configuration read from `--config`, and which of its halves the command line named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Configured {
    /// The ordering switches (the default where none is named).
    pub ordering: OrderingConfig,
    /// The selective-search switches (full width where none is named).
    pub selective: SelectiveConfig,
    /// Whether any ordering switch was named.
    pub names_ordering: bool,
    /// Whether any selective switch was named.
    pub names_selective: bool,
}

impl EngineConfig {
    /// The switches as one `key=value,…` list (`--config`, or the old halves joined), the
    /// single-switch flags last: what a report or a manifest shows.
    pub fn text(&self) -> String {
        let mut parts: Vec<String> = [&self.config, &self.ordering, &self.selective]
            .into_iter()
            .flatten()
            .cloned()
            .collect();
        parts.extend(self.killers.map(|k| format!("killers={k}")));
        for (set, switch) in [
            (self.no_tt, "tt=off"),
            (self.no_history, "history=off"),
            (self.no_mvv_lva, "mvvlva=off"),
        ] {
            if set {
                parts.push(switch.to_string());
            }
        }
        parts.retain(|p| !p.trim().is_empty());
        parts.join(",")
    }

    /// The configuration, checked; an error names the option it came from.
    pub fn read(&self) -> Result<Configured, CliError> {
        let mut read = match &self.config {
            Some(text) => both(text)?,
            None => Configured {
                ordering: half(self.ordering.as_deref(), "--ordering")?,
                selective: half(self.selective.as_deref(), "--search")?,
                names_ordering: self.ordering.is_some(),
                names_selective: self.selective.is_some(),
            },
        };
        if let Some(k) = self.killers {
            read.ordering.killer_slots = k;
        }
        read.ordering.tt_move &= !self.no_tt;
        if self.no_history {
            read.ordering.history = HistoryMode::Off;
        }
        read.ordering.mvv_lva &= !self.no_mvv_lva;
        Ok(read)
    }
}

/// `--config TEXT`: both halves, and which keys it names.
fn both(text: &str) -> Result<Configured, CliError> {
    let (ordering, selective) = parse_switches(text)
        .map_err(|e| CliError::new(format!("--config \"{}\": {e}", quote(text))))?;
    let keys = text
        .split(',')
        .filter_map(|pair| pair.split_once('=').map(|(k, _)| k.trim()));
    let (mut names_ordering, mut names_selective) = (false, false);
    for key in keys {
        if is_selective_key(key) {
            names_selective = true;
        } else {
            names_ordering = true;
        }
    }
    Ok(Configured {
        ordering,
        selective,
        names_ordering,
        names_selective,
    })
}

/// One half from its old option (the default when absent), its errors named as they were.
fn half<C: std::str::FromStr + Default>(text: Option<&str>, flag: &str) -> Result<C, CliError>
where
    C::Err: std::fmt::Display,
{
    text.map_or_else(
        || Ok(C::default()),
        |text| {
            text.parse()
                .map_err(|e| CliError::new(format!("{flag}: {e}")))
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Probe {
        #[command(flatten)]
        config: EngineConfig,
        #[command(flatten)]
        tables: Tables,
    }

    fn probe(args: &[&str]) -> Probe {
        Probe::try_parse_from(std::iter::once("probe").chain(args.iter().copied())).expect("parses")
    }

    #[test]
    fn the_old_halves_and_flags_make_one_configuration() {
        let old = probe(&["--ordering", "killers=3", "--search", "nmp=on", "--no-tt"]);
        assert!(Probe::try_parse_from(["probe", "--config", "", "--search", "lmr=on"]).is_err());
        let new = probe(&["--config", "killers=3,nmp=on,tt=off"]);
        assert_eq!(old.config.read().ok(), new.config.read().ok());
        let read = new.config.read().expect("valid");
        assert!(read.names_ordering && read.names_selective);
        assert!(read.selective.null_move && !read.ordering.tt_move);
        let only = probe(&["--config", "lmr=on"]).config.read().expect("valid");
        assert!(only.names_selective && !only.names_ordering);
    }

    #[test]
    fn a_bad_switch_is_named_with_its_option() {
        let message = |args: &[&str]| {
            let bad = probe(args).config.read();
            bad.expect_err("refused").to_string()
        };
        let new = message(&["--config", "killers=9"]);
        assert!(new.starts_with("--config \"killers=9\": "), "{new}");
        let old = message(&["--search", "lmr=maybe"]);
        assert!(old.starts_with("--search: "), "{old}");
    }

    #[test]
    fn old_format_flags_still_choose_the_format() {
        assert_eq!(probe(&[]).tables.format(), TableFormat::Text);
        assert_eq!(probe(&["--csv"]).tables.format(), TableFormat::Csv);
        assert_eq!(probe(&["--json"]).tables.format(), TableFormat::Json);
        assert_eq!(
            probe(&["--format", "md"]).tables.format(),
            TableFormat::Text
        );
        assert_eq!(
            probe(&["--format", "csv"]).tables.format(),
            TableFormat::Csv
        );
        assert!(Probe::try_parse_from(["probe", "--csv", "--format", "json"]).is_err());
    }
}
