//! The log header: what was searched and how, as data. The ordering switches and limits are
//! `(key, value)` settings and the move-source vocabulary is a table, so every reader — `log
//! stats`, export, the explorer, replay — takes them as they are instead of parsing text back,
//! and a log from another build or engine, with settings and sources this build does not know,
//! still reads.

use super::sources::SourceTable;
use crate::search::selective::is_selective_key;
use crate::search::{EvalKind, Limits, OrderingConfig, SearchConfig, SelectiveConfig};

/// The setting that names the evaluation (`eval=full`); absent for the classroom's.
pub const EVAL_KEY: &str = "eval";

/// One `(key, value)` setting; values are kept as written (`on`, `2`, `between`).
pub type Setting = (String, String);

/// What was searched and how: enough to reproduce the search and to label the explorer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LogHeader {
    /// Root position as FEN.
    pub fen: String,
    /// The engine that wrote the log, e.g. `killerscope 0.1.0`.
    pub engine: String,
    /// The move-ordering switches (`OrderingConfig::settings` for killerscope's own logs).
    pub ordering: Vec<Setting>,
    /// The search limits that were set (`Limits::settings`), e.g. `depth` = `6`.
    pub limits: Vec<Setting>,
    /// The recording filter (`TraceFilter`'s `Display`), empty when every node was recorded.
    pub filter: String,
    /// What each move-source code in the events means.
    pub sources: SourceTable,
}

fn owned(settings: impl IntoIterator<Item = (&'static str, String)>) -> Vec<Setting> {
    settings
        .into_iter()
        .map(|(key, value)| (key.to_string(), value))
        .collect()
}

fn lookup<'a>(settings: &'a [Setting], key: &str) -> Option<&'a str> {
    settings
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

impl LogHeader {
    /// A header for a search of `fen` under `ordering` and `limits`, stamped with this build's
    /// name, version and source table; the recorder fills in `filter`.
    pub fn new(fen: impl Into<String>, ordering: &OrderingConfig, limits: &Limits) -> LogHeader {
        LogHeader {
            fen: fen.into(),
            engine: format!("killerscope {}", env!("CARGO_PKG_VERSION")),
            ordering: owned(ordering.settings()),
            limits: owned(limits.settings()),
            filter: String::new(),
            sources: SourceTable::builtin(),
        }
    }

    /// The header of a search of `fen` under `config` and `limits`: the ordering, the
    /// selective switches on and the evaluation when it is not the classroom's. Every command
    /// that records a search builds its header here, so the same search always gets the same
    /// header.
    pub fn for_search(fen: impl Into<String>, config: &SearchConfig, limits: &Limits) -> LogHeader {
        LogHeader::new(fen, &config.ordering, limits)
            .with_selective(&config.selective)
            .with_eval(config.eval)
    }

    /// Adds the selective-search switches to the settings when any is on, so a full-width
    /// search's header is what it always was.
    pub fn with_selective(mut self, selective: &SelectiveConfig) -> LogHeader {
        if selective.any() {
            self.ordering.extend(owned(selective.settings()));
        }
        self
    }

    /// Adds `eval=full` when the search played with the full evaluation, so a log of a `uci`
    /// game explains its scores; the classroom's simple evaluation leaves the header as it was.
    pub fn with_eval(mut self, eval: EvalKind) -> LogHeader {
        if eval != EvalKind::default() {
            self.ordering
                .push((EVAL_KEY.to_string(), eval.name().to_string()));
        }
        self
    }

    /// The evaluation the search used (simple when the header names none, or names one this
    /// build does not know).
    pub fn eval_kind(&self) -> EvalKind {
        lookup(&self.ordering, EVAL_KEY)
            .and_then(|name| name.parse().ok())
            .unwrap_or_default()
    }

    /// The selective-search switches (all off when the header names none).
    pub fn selective_config(&self) -> Option<SelectiveConfig> {
        let pairs = self
            .ordering
            .iter()
            .filter(|(k, _)| is_selective_key(k))
            .map(|(k, v)| (k.as_str(), v.as_str()));
        SelectiveConfig::from_settings(pairs).ok()
    }

    /// The ordering settings as one line, `killers=2,history=on,…` (empty when none).
    pub fn ordering_text(&self) -> String {
        let pairs: Vec<String> = self
            .ordering
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        pairs.join(",")
    }

    /// The limits as one line, `depth 6` (empty when none).
    pub fn limits_text(&self) -> String {
        let parts: Vec<String> = self
            .limits
            .iter()
            .map(|(k, v)| format!("{k} {v}").trim_end().to_string())
            .collect();
        parts.join(" ")
    }

    /// The ordering setting named `key`.
    pub fn ordering_setting(&self, key: &str) -> Option<&str> {
        lookup(&self.ordering, key)
    }

    /// The limit named `key`.
    pub fn limit(&self, key: &str) -> Option<&str> {
        lookup(&self.limits, key)
    }

    /// The ordering configuration, when every setting is one killerscope knows (a foreign
    /// engine's settings give `None`).
    pub fn ordering_config(&self) -> Option<OrderingConfig> {
        let pairs = self
            .ordering
            .iter()
            .filter(|(k, _)| !is_selective_key(k) && k != EVAL_KEY)
            .map(|(k, v)| (k.as_str(), v.as_str()));
        OrderingConfig::from_settings(pairs).ok()
    }

    /// The depth limit, when one was set and is a depth this build can search.
    pub fn depth_limit(&self) -> Option<u8> {
        self.limit("depth").and_then(|d| d.parse().ok())
    }

    /// Whether the history heuristic was on (taken as on unless the header says `off`).
    pub fn history_on(&self) -> bool {
        self.ordering_setting("history") != Some("off")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_data_that_read_back() {
        let ordering = OrderingConfig {
            killer_slots: 3,
            history: crate::search::HistoryMode::Off,
            ..OrderingConfig::default()
        };
        let header = LogHeader::new("fen", &ordering, &Limits::depth(7));
        assert_eq!(header.ordering_config(), Some(ordering));
        assert_eq!(header.ordering_text(), ordering.to_string());
        assert_eq!(header.limits_text(), "depth 7");
        assert_eq!(header.depth_limit(), Some(7));
        assert!(!header.history_on());
    }

    #[test]
    fn foreign_settings_are_kept_but_give_no_config() {
        let header = LogHeader {
            ordering: vec![("iid".into(), "on".into())],
            ..LogHeader::default()
        };
        assert_eq!(header.ordering_config(), None);
        assert_eq!(header.ordering_setting("iid"), Some("on"));
        assert!(header.history_on());
    }
}
