//! The log header: what was searched and how, as data. The ordering switches and limits are
//! `(key, value)` settings and the move-source vocabulary is a table, so every reader — `log
//! stats`, export, the explorer, replay — takes them as they are instead of parsing text back,
//! and a log from another build or engine, with settings and sources this build does not know,
//! still reads. What killerscope's own engine reads back from the settings (its configuration,
//! its evaluation) is the engine's `HeaderSettings`.

use super::sources::SourceTable;

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

/// Settings as owned pairs, from `(key, value)` pairs with static keys.
pub fn owned_settings(settings: impl IntoIterator<Item = (&'static str, String)>) -> Vec<Setting> {
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
    fn settings_read_back_as_written() {
        let header = LogHeader {
            ordering: owned_settings([
                ("killers", "3".to_string()),
                ("history", "off".to_string()),
            ]),
            limits: owned_settings([("depth", "7".to_string())]),
            ..LogHeader::default()
        };
        assert_eq!(header.ordering_text(), "killers=3,history=off");
        assert_eq!(header.limits_text(), "depth 7");
        assert_eq!(header.depth_limit(), Some(7));
        assert_eq!(header.ordering_setting("killers"), Some("3"));
        assert!(!header.history_on());
    }

    #[test]
    fn foreign_settings_are_kept() {
        let header = LogHeader {
            ordering: vec![("iid".into(), "on".into())],
            ..LogHeader::default()
        };
        assert_eq!(header.ordering_setting("iid"), Some("on"));
        assert!(header.history_on());
    }
}
