//! `Importer`: reads a trace line by line into events — the header first, then one event per
//! line — keeping only what the output needs (the events, the PVs, the open nodes and their
//! positions), never the input text. Strict by default: the first bad line is an error naming
//! its line and column. Lenient: bad lines are skipped and counted, a skipped `node_enter`
//! takes its whole subtree with it so the nesting stays right, and a `node_exit` with bad
//! fields still closes its node (with the node's alpha as an upper bound). What it hands back
//! (`ImportSummary`, `Batch`) is in `import/summary.rs`.

mod summary;

pub use summary::{Batch, ImportSummary};

use super::error::{ImportError, ImportErrorKind, LinePlace};
use super::fields::{Fields, Key};
use super::header::read_header;
use super::scan::{SyntaxError, object_entries};
use super::score::Scale;
use super::state::State;
use super::unknown::{TRUNCATED_LINE, first_unknown_key, known_kind, unknown_kind};
use killerscope_chess::{Move, Position};
use killerscope_log::{Bound, Event};
use killerscope_log::{EventLog, LogHeader};

/// How strict an import is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportOptions {
    /// Skip and count bad lines instead of stopping at the first.
    pub lenient: bool,
    /// Refuse keys and event kinds the schema does not have (a typo would otherwise be
    /// skipped, named and counted).
    pub strict: bool,
}

/// Reads a trace's lines into an event log.
#[derive(Debug)]
pub struct Importer {
    lenient: bool,
    strict: bool,
    header: Option<(LogHeader, bool)>,
    state: Option<State>,
    events: Vec<Event>,
    pvs: Vec<Vec<Move>>,
    summary: ImportSummary,
    /// Inside a skipped subtree: how many of its nodes are open.
    skipping: u64,
    /// The scale of the engine's integer scores, from the header.
    scale: Scale,
    /// A `{"type":"truncated"}` line said the recording stopped early.
    marked_truncated: bool,
}

/// The keys each kind reads (besides `type` and `i`); others on its line are unknown.
fn used_keys(kind: &str) -> u32 {
    use Key::*;
    let keys: &[Key] = match kind {
        "node_enter" => &[Ply, Depth, Alpha, Beta, Move, Kind],
        "move_tried" => &[Ply, Move, Index, Source, Illegal],
        "illegal" => &[Ply, Move],
        "cutoff" => &[Ply, Move, Index, Source, Score, Beta],
        "killer_store" => &[Ply, Move, Slots],
        "mate_killer_store" => &[Ply, Move],
        "counter_store" => &[Ply, Answers, Move],
        "null_move" => &[Ply, Depth, Reduction, Score, Cutoff],
        "reduction" => &[Ply, Move, By],
        "re_search" => &[Ply, Move, Reason],
        "pruned" => &[Ply, Move, Rule, Score],
        "static_score" => &[Ply, Kind, Score],
        "aspiration" => &[Depth, Alpha, Beta, Outcome],
        "tt_hit" => &[Ply, Move, Depth, Score, Bound, Cutoff],
        "node_exit" => &[Ply, Score, Bound],
        "iteration" => &[Depth, Score, Nodes, Pv, Time],
        _ => &[],
    };
    keys.iter().fold(Type.bit() | I.bit(), |m, k| m | k.bit())
}

/// Which structural kind a line that could not be read seems to be, so a lenient import can
/// keep the nesting right: `Some(true)` a `node_enter`, `Some(false)` a `node_exit`.
fn structural_hint(line: &[u8]) -> Option<bool> {
    let has = |needle: &[u8]| line.windows(needle.len()).any(|w| w == needle);
    if has(b"\"node_enter\"") {
        Some(true)
    } else if has(b"\"node_exit\"") {
        Some(false)
    } else {
        None
    }
}

impl Importer {
    /// An importer waiting for the header line.
    pub fn new(options: ImportOptions) -> Importer {
        Importer {
            lenient: options.lenient,
            strict: options.strict,
            header: None,
            state: None,
            events: Vec::new(),
            pvs: Vec::new(),
            summary: ImportSummary::default(),
            skipping: 0,
            scale: Scale::default(),
            marked_truncated: false,
        }
    }

    /// The header, once its line has been read (its source table as declared).
    pub fn header(&self) -> Option<&LogHeader> {
        self.header.as_ref().map(|(h, _)| h)
    }

    /// The root position, once the header has been read.
    pub fn root(&self) -> Option<&Position> {
        self.state.as_ref().map(|s| &s.root)
    }

    /// Counts so far.
    pub fn summary(&self) -> &ImportSummary {
        &self.summary
    }

    /// Nodes open now.
    pub fn open_nodes(&self) -> usize {
        self.state.as_ref().map_or(0, |s| s.stack.len())
    }

    /// Reads one line (without its newline) that starts at `place`.
    pub fn line(&mut self, bytes: &[u8], place: LinePlace) -> Result<(), ImportError> {
        self.summary.lines += 1;
        if self.summary.next_search.is_some() {
            self.summary.lines_not_read += 1;
            return Ok(());
        }
        let text = match line_text(bytes, place) {
            Ok(Some(text)) => text,
            Ok(None) => return Ok(()),
            Err(err) => return self.failed(err, structural_hint(bytes)),
        };
        if self.state.is_none() {
            return self.header_line(text, place);
        }
        let mut fields = Fields::default();
        fields.scale = self.scale;
        let parsed = object_entries(text, |key, key_col, col, val| {
            fields
                .add(&key, key_col, col, val)
                .map_err(|b| SyntaxError {
                    at: b.col,
                    what: b.what,
                })
        });
        if let Err(e) = parsed {
            let err = place.error(ImportErrorKind::Syntax, e.at, e.what);
            return self.failed(err, structural_hint(bytes));
        }
        let kind = match fields
            .string(Key::Type)
            .and_then(|k| fields.need(Key::Type, k))
        {
            Ok(kind) => kind,
            Err(b) => {
                let err = place.error(ImportErrorKind::Invalid, b.col, b.what);
                return self.failed(err, structural_hint(bytes));
            }
        };
        match kind {
            // Another search: a trace holds one, so the import ends with the first.
            "header" => {
                self.summary.next_search = Some(place.line);
                self.summary.lines_not_read = 1;
                return Ok(());
            }
            TRUNCATED_LINE => {
                self.marked_truncated |= self.known(kind, &fields, place, bytes)?;
                return Ok(());
            }
            _ => {}
        }
        if self.skipped(kind) || !self.known(kind, &fields, place, bytes)? {
            return Ok(());
        }
        self.event_line(kind, &fields, place)
    }

    /// The header line: the root, the source table, what the engine calls mate.
    fn header_line(&mut self, text: &str, place: LinePlace) -> Result<(), ImportError> {
        let read = read_header(text, place)?;
        if let Some((name, col)) = &read.first_unknown {
            let what = format!(
                "unknown key \"{}\" in the header",
                killerscope_text::quote(name)
            );
            self.unknown(place.error(ImportErrorKind::Invalid, *col, what), None)?;
        }
        self.summary.unknown_keys += read.unknown_keys;
        let mut state = State::new(read.root, read.labels);
        state.fail_hard = super::header::fail_hard(&read.header);
        self.state = Some(state);
        self.scale = read.scale;
        self.header = Some((read.header, read.truncated));
        Ok(())
    }

    /// Whether the line falls inside a subtree being skipped (a lenient import dropped its
    /// node): counted as skipped, nodes still matched so the subtree's end is found.
    fn skipped(&mut self, kind: &str) -> bool {
        if self.skipping == 0 {
            return false;
        }
        match kind {
            "node_enter" => self.skipping += 1,
            "node_exit" => self.skipping -= 1,
            _ => {}
        }
        self.summary.skipped += 1;
        true
    }

    /// Whether the line's kind is known (an unknown kind is refused, or skipped and named);
    /// its unknown keys are refused under `strict`, else counted and the first named.
    fn known(
        &mut self,
        kind: &str,
        fields: &Fields,
        place: LinePlace,
        bytes: &[u8],
    ) -> Result<bool, ImportError> {
        if !known_kind(kind) {
            let err = place.error(
                ImportErrorKind::Invalid,
                fields.col(Key::Type),
                unknown_kind(kind),
            );
            self.summary.unknown_kinds += u64::from(!self.strict);
            return self.unknown(err, None).map(|()| false);
        }
        if let Some((what, col)) = first_unknown_key(fields, kind, used_keys(kind)) {
            let err = place.error(ImportErrorKind::Invalid, col, what);
            if self.strict {
                return self.unknown(err, structural_hint(bytes)).map(|()| false);
            }
            self.unknown(err, None)?;
            let unused = fields.present & !used_keys(kind);
            self.summary.unknown_keys += u64::from(fields.unknown + unused.count_ones());
        }
        Ok(true)
    }

    /// An event line of a known kind: its events appended, a scores' cut counted.
    fn event_line(
        &mut self,
        kind: &str,
        fields: &Fields,
        place: LinePlace,
    ) -> Result<(), ImportError> {
        let Some(state) = self.state.as_mut() else {
            return Ok(());
        };
        match state.event(kind, fields) {
            Ok(Some(read)) => {
                if matches!(read.event, Event::Iteration { .. }) {
                    self.pvs.push(read.pv);
                }
                let (first, cut) = fields.cut.get();
                self.summary.scores_cut += u64::from(cut);
                if let (None, Some(col)) = (&self.summary.first_cut, first) {
                    self.summary.first_cut =
                        Some(format!("line {}, column {}", place.line, col + 1));
                }
                self.events.extend(read.before);
                self.events.push(read.event);
                self.summary.events += 1 + u64::from(read.before.is_some());
                Ok(())
            }
            Ok(None) => Ok(()),
            Err(b) => {
                let what = format!("{kind}: {}", b.what);
                let err = place.error(ImportErrorKind::Invalid, b.col, what);
                let hint = match kind {
                    "node_enter" => Some(true),
                    "node_exit" => Some(false),
                    _ => None,
                };
                self.failed(err, hint)
            }
        }
    }

    /// A line too long to hold (`len` bytes): an error, or skipped when lenient.
    pub fn too_long(&mut self, place: LinePlace, len: u64, max: usize) -> Result<(), ImportError> {
        self.summary.lines += 1;
        let what =
            format!("the line is {len} bytes long, more than the {max} a trace line may hold");
        let err = place.error(ImportErrorKind::Syntax, 0, what);
        if self.state.is_none() {
            return Err(err);
        }
        self.failed(err, None)
    }

    /// An unknown key or event kind at `err`'s place: refused with `--strict` (skipped and
    /// counted as a bad line when lenient too; `structural` as for [`Importer::failed`]),
    /// else the first one is kept to name.
    fn unknown(&mut self, err: ImportError, structural: Option<bool>) -> Result<(), ImportError> {
        if self.strict {
            let mut err = err;
            err.message
                .push_str(" (--strict refuses keys and kinds the schema does not have)");
            return self.failed(err, structural);
        }
        self.summary
            .first_unknown
            .get_or_insert_with(|| err.to_string());
        Ok(())
    }

    /// Strict: `err`. Lenient: counts the line as skipped; `structural` says whether it was a
    /// `node_enter` (its subtree is skipped too) or a `node_exit` (its node is closed anyway).
    fn failed(&mut self, err: ImportError, structural: Option<bool>) -> Result<(), ImportError> {
        if !self.lenient || self.state.is_none() {
            return Err(err);
        }
        self.summary.skipped += 1;
        self.summary
            .first_skipped
            .get_or_insert_with(|| err.to_string());
        match structural {
            Some(true) => self.skipping += 1,
            Some(false) if self.skipping > 0 => self.skipping -= 1,
            Some(false) => {
                if let Some(state) = &mut self.state
                    && let Some(node) = state.stack.last()
                {
                    let (alpha, _) = node.window();
                    let event = state.close(alpha, Bound::Upper);
                    self.events.push(event);
                    self.summary.events += 1;
                }
            }
            None => {}
        }
        Ok(())
    }

    /// The events and PVs read since the last batch (for a live view).
    pub fn take_batch(&mut self) -> Batch {
        let sources = self.state.as_mut().and_then(|s| {
            let changed = s.labels.take_changed();
            changed.then(|| s.labels.table())
        });
        Batch {
            events: std::mem::take(&mut self.events),
            pvs: std::mem::take(&mut self.pvs),
            sources,
        }
    }

    /// The log read: the header (with every source the events used), the events, the PVs,
    /// and truncated when the header says so, a `truncated` line does, or nodes are still
    /// open.
    pub fn finish(mut self) -> Result<(EventLog, ImportSummary), ImportError> {
        let (Some((mut header, truncated)), Some(state)) = (self.header.take(), self.state.take())
        else {
            return Err(ImportError::whole(ImportErrorKind::Empty, 0, "empty trace"));
        };
        self.summary.open_at_end = state.stack.len() as u64;
        self.summary.nodes = state.nodes;
        self.summary.undeclared_sources = state.labels.undeclared;
        header.sources = state.labels.table();
        let truncated = truncated || self.marked_truncated || !state.stack.is_empty();
        let log = EventLog::from_parts(header, self.events, self.pvs, truncated);
        Ok((log, self.summary))
    }
}

/// The text of a line: UTF-8 checked, a carriage return and (on line 1) a byte-order mark
/// dropped; `None` for a blank line.
fn line_text(bytes: &[u8], place: LinePlace) -> Result<Option<&str>, ImportError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| place.error(ImportErrorKind::Syntax, e.valid_up_to(), "not UTF-8 text"))?;
    let text = text.strip_suffix('\r').unwrap_or(text);
    let text = if place.line == 1 {
        text.strip_prefix('\u{feff}').unwrap_or(text)
    } else {
        text
    };
    Ok((!text.trim().is_empty()).then_some(text))
}
