//! How the search on screen was set — its depth, its limits and its switches — read once from
//! its log header when the session is made. For a search the explorer ran, that header is the
//! one its request built (`SearchSetup::request`), so the request, the log and the panels agree;
//! for a log opened or a trace followed, it is what the writer recorded. What the NEXT search
//! will use is another value, `SearchSetup::next`, which the keys change: a panel describing
//! the search on screen reads this one, never that one.

use killerscope_engine::HeaderSettings;
use killerscope_engine::{OrderingConfig, SelectiveConfig};
use killerscope_log::LogHeader;

/// The settings of the search on screen.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// Its depth limit, when its header names one this build can search (a trace recorded
    /// with a time or node limit has none).
    pub depth: Option<u8>,
    /// Its limits in words (`depth 6`), for a limit that is not a depth.
    pub limits: String,
    /// Its ordering, when every setting is one killerscope knows (`None` for another engine's).
    pub ordering: Option<OrderingConfig>,
    /// Its selective switches (all off when the header names none; `None` when it names one
    /// this build does not know).
    pub selective: Option<SelectiveConfig>,
}

impl Shown {
    /// The settings `header` records.
    pub fn of(header: &LogHeader) -> Shown {
        Shown {
            depth: header.depth_limit(),
            limits: header.limits_text(),
            ordering: header.ordering_config(),
            selective: header.selective_config(),
        }
    }
}
