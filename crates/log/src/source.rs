//! The move-ordering vocabulary: every heuristic that can place a move in the ordered list,
//! defined once as a row of `SOURCES`.
//!
//! Everything that names or counts sources — the picker, `CutoffStats`, the search report,
//! `log stats`, the log header, the explorer's markers, colours and help legend — loops over this
//! table, so adding a heuristic is one new row plus the code that produces it. A source is just
//! its code (`MoveSource`), so a log written by another build or another engine, whose header
//! names codes this build does not know, still reads.

/// Why a move sits where it does in the ordered move list: the code of the heuristic that put
/// it there. The codes this build produces are the rows of `SOURCES`; other codes come only
/// from logs written elsewhere and are labelled by their log's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveSource(u8);

/// A colour hint for a source, named rather than given as a terminal colour so the search
/// knows nothing of screens; the explorer's theme turns it into a style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceColour {
    /// Transposition-table moves.
    Cyan,
    /// Captures.
    Red,
    /// The killer family.
    Yellow,
    /// History-ordered quiets.
    Magenta,
    /// Countermoves and follow-up moves.
    Green,
    /// Mate killers.
    Blue,
    /// Everything unremarkable.
    Plain,
}

impl SourceColour {
    /// Every hint, for parsing and listing.
    pub const ALL: [SourceColour; 7] = [
        SourceColour::Cyan,
        SourceColour::Red,
        SourceColour::Yellow,
        SourceColour::Magenta,
        SourceColour::Green,
        SourceColour::Blue,
        SourceColour::Plain,
    ];

    /// The lowercase name stored in log headers.
    pub const fn name(self) -> &'static str {
        match self {
            SourceColour::Cyan => "cyan",
            SourceColour::Red => "red",
            SourceColour::Yellow => "yellow",
            SourceColour::Magenta => "magenta",
            SourceColour::Green => "green",
            SourceColour::Blue => "blue",
            SourceColour::Plain => "plain",
        }
    }

    /// The hint named `name`; unknown names (from foreign logs) read as `Plain`.
    pub fn from_name(name: &str) -> SourceColour {
        SourceColour::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .unwrap_or(SourceColour::Plain)
    }
}

/// What kind of heuristic a source is, so a view that treats one kind specially (the killer
/// panel, killer hit rates) can ask a log's header "is this source a killer?" whatever the
/// writer called it, and whether or not it is a per-ply slot: another engine's "killer" may
/// be one move stored per position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SourceRole {
    /// The transposition table's (or a hash table's) best move.
    Tt,
    /// Captures in an order of their own (MVV-LVA, SEE, capture history).
    Capture,
    /// A killer: a quiet move that cut off elsewhere, in slots per ply or otherwise.
    Killer,
    /// A quiet move that found a mate elsewhere.
    MateKiller,
    /// The reply that refuted the opponent's previous move.
    Countermove,
    /// Quiet moves ordered by a history score (any flavour).
    History,
    /// Quiet moves in generation order.
    Quiet,
    /// Anything else, or not said.
    Other,
}

impl SourceRole {
    /// Every role, for parsing and listing.
    pub const ALL: [SourceRole; 8] = [
        SourceRole::Tt,
        SourceRole::Capture,
        SourceRole::Killer,
        SourceRole::MateKiller,
        SourceRole::Countermove,
        SourceRole::History,
        SourceRole::Quiet,
        SourceRole::Other,
    ];

    /// The name in a trace header (`"role": "killer"`) and the code in a `.kslog` header (its
    /// index in `ALL`).
    pub const fn name(self) -> &'static str {
        match self {
            SourceRole::Tt => "tt",
            SourceRole::Capture => "capture",
            SourceRole::Killer => "killer",
            SourceRole::MateKiller => "mate_killer",
            SourceRole::Countermove => "countermove",
            SourceRole::History => "history",
            SourceRole::Quiet => "quiet",
            SourceRole::Other => "other",
        }
    }

    /// The role named `name`, if any.
    pub fn from_name(name: &str) -> Option<SourceRole> {
        SourceRole::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The role stored as `code` in a `.kslog` header, if any.
    pub fn from_code(code: u8) -> Option<SourceRole> {
        SourceRole::ALL.get(usize::from(code)).copied()
    }

    /// The code stored in a `.kslog` header.
    pub fn code(self) -> u8 {
        SourceRole::ALL.iter().position(|&r| r == self).unwrap_or(0) as u8
    }
}

/// One row of the vocabulary: what a source is called and how it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourceInfo {
    /// The code stored in events (equal to the row's index in `SOURCES`).
    pub code: u8,
    /// Short label for markers and narrow tables: `TT`, `Cap`, `K1`.
    pub label: &'static str,
    /// Name for sentences and reports: `capture`, `killer 1`.
    pub name: &'static str,
    /// Key in JSON reports: `capture`, `killer1`.
    pub key: &'static str,
    /// How the explorer colours it.
    pub colour: SourceColour,
    /// For killer sources, the 0-based killer candidate index (slot 0 = `K1`).
    pub killer_slot: Option<u8>,
    /// What kind of heuristic it is.
    pub role: SourceRole,
}

const fn row(
    code: u8,
    label: &'static str,
    name: &'static str,
    key: &'static str,
    (colour, role): (SourceColour, SourceRole),
) -> SourceInfo {
    SourceInfo {
        code,
        label,
        name,
        key,
        colour,
        killer_slot: None,
        role,
    }
}

const fn killer(
    code: u8,
    slot: u8,
    label: &'static str,
    name: &'static str,
    key: &'static str,
) -> SourceInfo {
    let hint = (SourceColour::Yellow, SourceRole::Killer);
    SourceInfo {
        killer_slot: Some(slot),
        ..row(code, label, name, key, hint)
    }
}

/// Every source this build produces, indexed by code: in the order the picker tries them
/// (and reports list them), but for the rows added after the order was set, since codes are
/// never renumbered: the oracle's move (`order=oracle`), tried first, and the follow-up move
/// (`followup=on`), tried right after the countermove. A source's code is written here only
/// (the named consts of `MoveSource` look theirs up by key). Logs carry their own copy of this
/// table, so codes may change between builds without breaking old logs.
#[rustfmt::skip]
pub const SOURCES: &[SourceInfo] = &[
    row(0, "TT", "TT", "tt", (SourceColour::Cyan, SourceRole::Tt)),
    row(1, "Cap", "capture", "capture", (SourceColour::Red, SourceRole::Capture)),
    row(2, "MK", "mate killer", "mate_killer", (SourceColour::Blue, SourceRole::MateKiller)),
    killer(3, 0, "K1", "killer 1", "killer1"),
    killer(4, 1, "K2", "killer 2", "killer2"),
    killer(5, 2, "K3", "killer 3", "killer3"),
    killer(6, 3, "K4", "killer 4", "killer4"),
    killer(7, 4, "K5", "killer 5", "killer5"),
    row(8, "CM", "countermove", "countermove", (SourceColour::Green, SourceRole::Countermove)),
    row(9, "Hist", "history", "history", (SourceColour::Magenta, SourceRole::History)),
    row(10, "RHist", "relative history", "relative_history", (SourceColour::Magenta, SourceRole::History)),
    row(11, "Quiet", "quiet", "quiet", (SourceColour::Plain, SourceRole::Quiet)),
    row(12, "Orcl", "oracle", "oracle", (SourceColour::Cyan, SourceRole::Other)),
    row(13, "FU", "follow-up", "followup", (SourceColour::Green, SourceRole::Other)),
];

/// How many killer candidates a node can try: one per killer row of `SOURCES`.
pub const KILLER_SOURCES: usize = count_killers();

const fn count_killers() -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < SOURCES.len() {
        if SOURCES[i].killer_slot.is_some() {
            n += 1;
        }
        i += 1;
    }
    n
}

/// Every killer candidate source, `K1` first.
pub const KILLER_CANDIDATES: [MoveSource; KILLER_SOURCES] = killer_candidates();

const fn killer_candidates() -> [MoveSource; KILLER_SOURCES] {
    let mut sources = [MoveSource(0); KILLER_SOURCES];
    let mut slot = 0;
    while slot < KILLER_SOURCES {
        sources[slot] = MoveSource::killer(slot);
        slot += 1;
    }
    sources
}

/// `a == b`, in a `const fn`.
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const FIRST_KILLER: u8 = first_killer_code();

/// Checks the table's shape at compile time: codes equal indexes, and the killer rows are
/// consecutive with slots 0, 1, 2, …, which `MoveSource::killer` relies on.
const fn first_killer_code() -> u8 {
    let mut first = u8::MAX;
    let mut i = 0;
    while i < SOURCES.len() {
        assert!(
            SOURCES[i].code as usize == i,
            "SOURCES codes must equal their index"
        );
        if let Some(slot) = SOURCES[i].killer_slot {
            if first == u8::MAX {
                first = i as u8;
            }
            assert!(
                first as usize + slot as usize == i,
                "killer rows must be consecutive"
            );
        }
        i += 1;
    }
    first
}

impl MoveSource {
    // The named sources, each found by its key in `SOURCES`, where alone its code is written
    // (a key no row has stops the build).

    /// The transposition table's best move.
    pub const TT: MoveSource = MoveSource::keyed("tt");
    /// A capture or promotion, ordered by MVV-LVA (or SEE when killers sit between captures).
    pub const CAPTURE: MoveSource = MoveSource::keyed("capture");
    /// A quiet move that found a mate at this ply before (`matekillers=on`).
    pub const MATE_KILLER: MoveSource = MoveSource::keyed("mate_killer");
    /// The quiet move that last refuted the opponent's previous move (`countermove=on`).
    pub const COUNTERMOVE: MoveSource = MoveSource::keyed("countermove");
    /// A quiet move ordered by its (non-zero) history score.
    pub const HISTORY: MoveSource = MoveSource::keyed("history");
    /// A quiet move ordered by its (non-zero) relative history score (`history=relative`).
    pub const RELATIVE_HISTORY: MoveSource = MoveSource::keyed("relative_history");
    /// Any other quiet move, in generation order.
    pub const QUIET: MoveSource = MoveSource::keyed("quiet");
    /// The move a first search found best or cutting at the same position and depth
    /// (`order=oracle`).
    pub const ORACLE: MoveSource = MoveSource::keyed("oracle");
    /// The quiet move that last cut off after the side's own previous move (`followup=on`).
    pub const FOLLOW_UP: MoveSource = MoveSource::keyed("followup");

    /// The source whose `SOURCES` row has `key`; evaluated at compile time for the named
    /// sources above.
    const fn keyed(key: &str) -> MoveSource {
        let mut i = 0;
        while i < SOURCES.len() {
            if same_text(SOURCES[i].key, key) {
                return MoveSource(SOURCES[i].code);
            }
            i += 1;
        }
        panic!("no row of SOURCES has this key")
    }

    /// The killer candidate `slot` (0-based: the node's own row first, then ply − 2's);
    /// `slot` must be below `KILLER_SOURCES`, the number of killer rows.
    pub const fn killer(slot: usize) -> MoveSource {
        debug_assert!(slot < KILLER_SOURCES);
        MoveSource(FIRST_KILLER + slot as u8)
    }

    /// The code stored in events and log files.
    pub const fn code(self) -> u8 {
        self.0
    }

    /// The source with `code`, known to this build or not.
    pub const fn from_code(code: u8) -> MoveSource {
        MoveSource(code)
    }

    /// This build's row for the source; `None` for codes only a foreign log uses.
    pub fn info(self) -> Option<&'static SourceInfo> {
        SOURCES.get(usize::from(self.0))
    }

    /// Every source this build produces, in report order.
    pub fn all() -> impl Iterator<Item = MoveSource> {
        SOURCES.iter().map(|row| MoveSource(row.code))
    }

    /// The 0-based killer candidate index, for killer sources.
    pub fn killer_slot(self) -> Option<u8> {
        self.info().and_then(|row| row.killer_slot)
    }

    /// Whether a killer put the move here.
    pub fn is_killer(self) -> bool {
        self.killer_slot().is_some()
    }

    /// The short label (`TT`, `K1`), or `#code` for a code this build does not know.
    pub fn label(self) -> String {
        self.info()
            .map_or_else(|| format!("#{}", self.0), |row| row.label.to_string())
    }
}

#[cfg(test)]
mod tests;
