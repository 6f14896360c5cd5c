//! What a log's header declares about its engine's ordering, read once: a finding the declared
//! settings explain is not a finding. killerscope's own switches are read by their names
//! (`killerindex=depth`, `grandparent=on`, `matekillers=on`, `order=worst`…); another engine
//! may declare the same keys in its trace header's `ordering` object to be judged by them.

use killerscope_log::LogHeader;

/// How the killer rows are indexed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowIndex {
    /// By distance from the root (the default, and the classic scheme).
    Ply,
    /// By remaining depth (`killerindex=depth`).
    Depth,
}

/// How the moves of a node are ordered beyond the heuristics (`order=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// The heuristics' order.
    Normal,
    /// An oracle's move first, then the heuristics' order (`order=oracle`).
    Oracle,
    /// The heuristics' order rearranged on purpose (`order=worst`, `order=random:SEED`): the
    /// sources keep their labels, so the order of the labels says nothing.
    Rearranged,
}

/// The settings the doctor's checks depend on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    /// How killer rows are indexed.
    pub rows: RowIndex,
    /// Whether the killers of the row two plies up are tried after the node's own
    /// (`grandparent=on`).
    pub grandparent: bool,
    /// Whether a mate-killer slot is tried before the killers (`matekillers=on`): a killer equal
    /// to it is skipped, and the later killers move up a slot.
    pub mate_killers: bool,
    /// The order beyond the heuristics.
    pub arrangement: Arrangement,
    /// Whether killers are declared to come among or after the history-ordered quiet moves
    /// (a `placement` naming `history` or `quiet`).
    pub killers_among_quiets: bool,
    /// Whether the root searched only some of its moves (`searchmoves` in the limits).
    pub root_restricted: bool,
    /// Whether moves pruned without a search are in no record (`pruned=unrecorded`: a Texel
    /// tree log), so a move missing from a node's tries may have been pruned.
    pub pruning_unrecorded: bool,
    /// The recording filter, when the log holds only part of the search.
    pub filter: Option<String>,
}

fn is_on(value: Option<&str>) -> bool {
    matches!(value, Some("on" | "true" | "yes" | "1"))
}

impl Declared {
    /// The settings `header` declares (anything it does not name takes killerscope's default).
    pub fn of(header: &LogHeader) -> Declared {
        let setting = |key: &str| header.ordering_setting(key).map(str::trim);
        let rows = match setting("killerindex") {
            Some("depth") => RowIndex::Depth,
            _ => RowIndex::Ply,
        };
        let arrangement = match setting("order") {
            Some("oracle") => Arrangement::Oracle,
            Some(o) if o == "worst" || o.starts_with("random") => Arrangement::Rearranged,
            _ => Arrangement::Normal,
        };
        let placement = setting("placement").unwrap_or("").to_ascii_lowercase();
        Declared {
            rows,
            grandparent: is_on(setting("grandparent")),
            mate_killers: is_on(setting("matekillers")),
            arrangement,
            killers_among_quiets: placement.contains("history") || placement.contains("quiet"),
            root_restricted: header.limit("searchmoves").is_some(),
            pruning_unrecorded: setting("pruned") == Some("unrecorded"),
            filter: (!header.filter.is_empty()).then(|| header.filter.clone()),
        }
    }

    /// The killer row of a node at `ply` with remaining `depth`.
    pub fn row_of(&self, ply: u8, depth: i8) -> u8 {
        match self.rows {
            RowIndex::Ply => ply,
            RowIndex::Depth => depth.max(0) as u8,
        }
    }

    /// The row two plies up (same side to move) of a node at `ply` whose row is `row`, when
    /// the grandparent's killers are declared tried.
    pub fn grandparent_row(&self, ply: u8, row: u8) -> Option<u8> {
        if !self.grandparent {
            return None;
        }
        match self.rows {
            RowIndex::Ply => ply.checked_sub(2),
            RowIndex::Depth => row.checked_add(2),
        }
    }

    /// Why the order of the labels says nothing, when it does not (`order=worst|random`).
    pub fn order_unreadable(&self) -> Option<&'static str> {
        (self.arrangement == Arrangement::Rearranged)
            .then_some("the header's `order` rearranges the moves on purpose")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(ordering: &[(&str, &str)], limits: &[(&str, &str)]) -> LogHeader {
        let pairs = |s: &[(&str, &str)]| {
            s.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        LogHeader {
            ordering: pairs(ordering),
            limits: pairs(limits),
            ..LogHeader::default()
        }
    }

    #[test]
    fn settings_read_from_the_header() {
        let d = Declared::of(&header(&[], &[("depth", "5")]));
        assert_eq!(d.rows, RowIndex::Ply);
        assert_eq!(d.arrangement, Arrangement::Normal);
        assert!(!d.grandparent && !d.mate_killers && !d.root_restricted);
        assert_eq!(d.row_of(3, 7), 3);
        assert_eq!(d.grandparent_row(3, 3), None);

        let d = Declared::of(&header(
            &[
                ("killerindex", "depth"),
                ("grandparent", "on"),
                ("order", "random:7"),
                ("placement", "after-history"),
            ],
            &[("searchmoves", "e2e4")],
        ));
        assert_eq!(d.row_of(3, 7), 7);
        assert_eq!(d.row_of(3, -1), 0);
        assert_eq!(d.grandparent_row(3, 7), Some(9));
        assert!(d.order_unreadable().is_some());
        assert!(d.killers_among_quiets && d.root_restricted);
        let d = Declared::of(&header(&[("grandparent", "on")], &[]));
        assert_eq!(d.grandparent_row(1, 1), None);
        assert_eq!(d.grandparent_row(4, 4), Some(2));
    }
}
