//! Whether a log's selective decisions can be judged here, and when not, what it would take.
//! The audit judges a decision by searching its node again with killerscope's own search and
//! evaluation: its verdict holds only for a search killerscope made, under settings this build
//! knows, recorded whole. Another engine's log can still be read for its decisions (they are
//! counted), but its scores are its own evaluation's, which no search here reproduces.

use killerscope_chess::Position;
use killerscope_engine::{EvalKind, OrderingConfig, SelectiveConfig, is_selective_key};
use killerscope_log::{EVAL_KEY, LogHeader};
use killerscope_text::printable;

/// Why the decisions of a log with `header` cannot be judged here, in words that say what
/// would make them judgeable; `None` when they can be.
pub fn why_not_judged(header: &LogHeader) -> Option<String> {
    if let Err(e) = Position::from_fen(&header.fen) {
        return Some(format!("the log's root does not read: {e}"));
    }
    if !header.engine.starts_with("killerscope") {
        let engine = match header.engine.trim() {
            "" => "an engine that does not name itself".to_string(),
            name => format!("`{}`", printable(name)),
        };
        return Some(format!(
            "the log was searched by {engine}, not by killerscope: the audit judges a decision \
             by searching its node again with killerscope's own search and evaluation, whose \
             scores are not that engine's. Judging them takes the engine itself searching each \
             node again without the technique (same depth and window), or a killerscope log of \
             the same position (`killerscope search --search all=on --log FILE`)"
        ));
    }
    if !header.filter.is_empty() {
        return Some(format!(
            "the log was recorded with a filter ({}): its lines are incomplete; record the \
             search whole (without --trace-line or --trace-plies) to audit it",
            printable(&header.filter)
        ));
    }
    let unknown = unknown_settings(header);
    if !unknown.is_empty() {
        return Some(format!(
            "the log's ordering switches are not this build's: {}. Audit it with the build that \
             wrote it (`{}`), or record the search again with this one",
            unknown.join("; "),
            printable(&header.engine)
        ));
    }
    None
}

/// Each header setting this build cannot search with, with what is wrong with it.
fn unknown_settings(header: &LogHeader) -> Vec<String> {
    header
        .ordering
        .iter()
        .filter_map(|(key, value)| {
            let wrong = if key == EVAL_KEY {
                value
                    .parse::<EvalKind>()
                    .err()
                    .map(|_| format!("`{}` names no evaluation this build has", printable(value)))
            } else if is_selective_key(key) {
                SelectiveConfig::from_settings([(key.as_str(), value.as_str())])
                    .err()
                    .map(|e| e.to_string())
            } else {
                OrderingConfig::from_settings([(key.as_str(), value.as_str())])
                    .err()
                    .map(|e| e.to_string())
            };
            wrong.map(|w| format!("{}={}: {}", printable(key), printable(value), printable(&w)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_engine::{HeaderSettings, Limits};

    fn killerscope_header() -> LogHeader {
        LogHeader::new(
            killerscope_chess::START_FEN,
            &OrderingConfig::default(),
            &Limits::depth(3),
        )
    }

    #[test]
    fn killerscopes_own_log_is_judged() {
        assert_eq!(why_not_judged(&killerscope_header()), None);
    }

    #[test]
    fn another_engine_is_told_what_judging_would_take() {
        let header = LogHeader {
            engine: "Rustic Alpha 3.0.5".into(),
            ..killerscope_header()
        };
        let why = why_not_judged(&header).expect("not judged");
        assert!(
            why.contains("`Rustic Alpha 3.0.5`, not by killerscope"),
            "{why}"
        );
        assert!(
            why.contains("searching each node again without the technique"),
            "{why}"
        );
        let nameless = LogHeader {
            engine: String::new(),
            ..killerscope_header()
        };
        let why = why_not_judged(&nameless).expect("not judged");
        assert!(why.contains("an engine that does not name itself"), "{why}");
    }

    #[test]
    fn settings_this_build_does_not_know_are_named() {
        let mut header = killerscope_header();
        header.ordering.push(("iid".into(), "on".into()));
        header.ordering.push(("killers".into(), "9".into()));
        let why = why_not_judged(&header).expect("not judged");
        assert!(
            why.contains("iid=on: ordering config: unknown key `iid`"),
            "{why}"
        );
        assert!(
            why.contains("killers=9: ordering config: `killers` must be"),
            "{why}"
        );
        assert!(
            why.contains("Audit it with the build that wrote it"),
            "{why}"
        );
        let mut header = killerscope_header();
        header.filter = "plies 0..2".into();
        let why = why_not_judged(&header).expect("not judged");
        assert!(why.contains("record the search whole"), "{why}");
    }
}
