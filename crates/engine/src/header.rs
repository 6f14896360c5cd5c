//! What killerscope's engine writes into a log's header and reads back from it: its ordering
//! and selective switches, its evaluation and its limits, as the header's `(key, value)`
//! settings. The header itself is the log crate's, which knows no engine; a log from another
//! engine keeps its own settings, and reading them back gives `None`.

use crate::selective::is_selective_key;
use crate::{EvalKind, Limits, OrderingConfig, SearchConfig, SelectiveConfig};
use killerscope_log::{EVAL_KEY, LogHeader, SourceTable, owned_settings};

/// A header's settings as killerscope's engine writes and reads them: implemented for the log
/// crate's `LogHeader`, so a command builds and reads a header as `LogHeader::for_search(…)`
/// and `header.ordering_config()` with this trait in scope.
pub trait HeaderSettings: Sized {
    /// A header for a search of `fen` under `ordering` and `limits`, stamped with this build's
    /// name, version and source table; the recorder fills in `filter`.
    fn new(fen: impl Into<String>, ordering: &OrderingConfig, limits: &Limits) -> Self;

    /// The header of a search of `fen` under `config` and `limits`: the ordering, the
    /// selective switches on and the evaluation when it is not the classroom's. Every command
    /// that records a search builds its header here, so the same search always gets the same
    /// header.
    fn for_search(fen: impl Into<String>, config: &SearchConfig, limits: &Limits) -> Self;

    /// Adds the selective-search switches to the settings when any is on, so a full-width
    /// search's header is what it always was.
    fn with_selective(self, selective: &SelectiveConfig) -> Self;

    /// Adds `eval=full` when the search played with the full evaluation, so a log of a `uci`
    /// game explains its scores; the classroom's simple evaluation leaves the header as it was.
    fn with_eval(self, eval: EvalKind) -> Self;

    /// The evaluation the search used (simple when the header names none, or names one this
    /// build does not know).
    fn eval_kind(&self) -> EvalKind;

    /// The selective-search switches (all off when the header names none).
    fn selective_config(&self) -> Option<SelectiveConfig>;

    /// The ordering configuration, when every setting is one killerscope knows (a foreign
    /// engine's settings give `None`).
    fn ordering_config(&self) -> Option<OrderingConfig>;
}

impl HeaderSettings for LogHeader {
    fn new(fen: impl Into<String>, ordering: &OrderingConfig, limits: &Limits) -> Self {
        LogHeader {
            fen: fen.into(),
            engine: format!("killerscope {}", env!("CARGO_PKG_VERSION")),
            ordering: owned_settings(ordering.settings()),
            limits: owned_settings(limits.settings()),
            filter: String::new(),
            sources: SourceTable::builtin(),
        }
    }

    fn for_search(fen: impl Into<String>, config: &SearchConfig, limits: &Limits) -> Self {
        <LogHeader as HeaderSettings>::new(fen, &config.ordering, limits)
            .with_selective(&config.selective)
            .with_eval(config.eval)
    }

    fn with_selective(mut self, selective: &SelectiveConfig) -> Self {
        if selective.any() {
            self.ordering.extend(owned_settings(selective.settings()));
        }
        self
    }

    fn with_eval(mut self, eval: EvalKind) -> Self {
        if eval != EvalKind::default() {
            self.ordering
                .push((EVAL_KEY.to_string(), eval.name().to_string()));
        }
        self
    }

    fn eval_kind(&self) -> EvalKind {
        self.ordering_setting(EVAL_KEY)
            .and_then(|name| name.parse().ok())
            .unwrap_or_default()
    }

    fn selective_config(&self) -> Option<SelectiveConfig> {
        let pairs = self
            .ordering
            .iter()
            .filter(|(k, _)| is_selective_key(k))
            .map(|(k, v)| (k.as_str(), v.as_str()));
        SelectiveConfig::from_settings(pairs).ok()
    }

    fn ordering_config(&self) -> Option<OrderingConfig> {
        let pairs = self
            .ordering
            .iter()
            .filter(|(k, _)| !is_selective_key(k) && k != EVAL_KEY)
            .map(|(k, v)| (k.as_str(), v.as_str()));
        OrderingConfig::from_settings(pairs).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_data_that_read_back() {
        let ordering = OrderingConfig {
            killer_slots: 3,
            history: crate::HistoryMode::Off,
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
    fn foreign_settings_give_no_config() {
        let header = LogHeader {
            ordering: vec![("iid".into(), "on".into())],
            ..LogHeader::default()
        };
        assert_eq!(header.ordering_config(), None);
    }
}
