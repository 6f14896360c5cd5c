//! The header line of a trace: schema version, root FEN, engine, the engine's own ordering
//! sources, and (for killerscope's own logs) the settings, limits and recording filter — what
//! a `.kslog` header holds, as the trace's first line.
//!
//! Read here (`read_header`); written by `header/write.rs` (`header_line`).

mod write;

pub use write::header_line;

use super::error::{ImportError, ImportErrorKind, LinePlace};
use super::fields::{Bad, bad};
use super::labels::Labels;
use super::scan::{Val, object_entries};
use super::score::Scale;
use killerscope_chess::{Position, START_FEN};
use killerscope_log::{LogHeader, Setting, SourceRow, default_role};
use killerscope_log::{SourceColour, SourceRole};
use std::borrow::Cow;
use std::fmt;

/// The schema version this build writes and reads (`"schema"` in the header line).
pub const SCHEMA_VERSION: i64 = 1;

/// What the header line says.
#[derive(Debug)]
pub struct HeaderRead {
    /// The log header (its source table is `labels.table()` as declared).
    pub header: LogHeader,
    /// The declared sources, for the events to name.
    pub labels: Labels,
    /// The root position.
    pub root: Position,
    /// Whether the writer says the trace was cut short.
    pub truncated: bool,
    /// Keys the schema does not have (skipped).
    pub unknown_keys: u64,
    /// The engine's own mate score and infinity (`"mate"`, `"infinity"`), when declared: its
    /// integer scores are read on its scale.
    pub scale: Scale,
    /// The first key of the header line the schema does not have, and its column (unknown keys
    /// inside a source object are counted, not named).
    pub first_unknown: Option<(String, usize)>,
}

fn text<'v>(name: &str, col: usize, val: &'v Val) -> Result<&'v str, Bad> {
    match val {
        Val::Str(s) => Ok(s),
        other => wrong(
            col,
            format_args!("header field \"{name}\" must be a string"),
            other,
        ),
    }
}

/// The error for a header value of the wrong type: what it `must` be, then what it is.
fn wrong<T>(col: usize, must: fmt::Arguments<'_>, val: &Val) -> Result<T, Bad> {
    bad(col, format!("{must}, found {}", val.describe()))
}

fn settings(name: &str, col: usize, val: &Val) -> Result<Vec<Setting>, Bad> {
    let Val::Obj(entries) = val else {
        return wrong(
            col,
            format_args!("header field \"{name}\" must be an object of settings"),
            val,
        );
    };
    entries
        .iter()
        .map(|(key, col, val)| {
            let value = match val {
                Val::Str(s) => s.to_string(),
                Val::Int(n) => n.to_string(),
                Val::Bool(b) => b.to_string(),
                other => {
                    return wrong(
                        *col,
                        format_args!(
                            "setting \"{}\" in \"{name}\" must be a string, number or boolean",
                            killerscope_text::quote(key)
                        ),
                        other,
                    );
                }
            };
            Ok((key.to_string(), value))
        })
        .collect()
}

/// A source object of the header: its row, its role, and its code when it gives one.
type SourceRead = (SourceRow, SourceRole, Option<u8>);

fn source_row(col: usize, val: &Val, unknown: &mut u64) -> Result<SourceRead, Bad> {
    let Val::Obj(entries) = val else {
        return wrong(
            col,
            format_args!("each source must be an object like {{\"label\": \"K1\"}}"),
            val,
        );
    };
    let (mut label, mut name, mut colour, mut slot, mut code) = (None, None, None, None, None);
    let mut role = None;
    for (key, col, val) in entries {
        let small = |max: i64| match val {
            Val::Int(n) if (0..=max).contains(n) => Ok(*n as u8),
            other => wrong(
                *col,
                format_args!("source field \"{key}\" must be an integer in 0..={max}"),
                other,
            ),
        };
        match key.as_ref() {
            "label" => label = Some(text("label", *col, val)?.to_string()),
            "name" => name = Some(text("name", *col, val)?.to_string()),
            "colour" | "color" => colour = Some(SourceColour::from_name(text(key, *col, val)?)),
            "killer_slot" => slot = Some(small(254)?),
            "code" => code = Some(small(255)?),
            "role" => {
                let text = text("role", *col, val)?;
                let names = SourceRole::ALL.map(SourceRole::name);
                role = Some(SourceRole::from_name(text).ok_or_else(|| Bad {
                    col: *col,
                    what: format!(
                        "source field \"role\" is \"{}\"; it must be one of: {}",
                        killerscope_text::quote(text),
                        names.join(", ")
                    ),
                })?);
            }
            _ => *unknown += 1,
        }
    }
    let Some(label) = label else {
        return bad(col, "a source has no \"label\"");
    };
    let row = SourceRow {
        code: 0,
        name: name.unwrap_or_else(|| label.clone()),
        label,
        colour: colour.unwrap_or(SourceColour::Plain),
        killer_slot: slot,
    };
    let role = role.unwrap_or_else(|| default_role(&row));
    Ok((row, role, code))
}

/// An engine's own score the header declares (`"mate"`, `"infinity"`): an integer from 1000
/// up that fits an `i32`, else the error `must` at the value's column.
fn engine_score(col: usize, val: &Val, must: &str) -> Result<i64, Bad> {
    match val {
        Val::Int(n) if (1000..=i64::from(i32::MAX)).contains(n) => Ok(*n),
        _ => bad(col, must),
    }
}

/// Declares to `labels` each source of the header's `"sources"` array (the value at `col`),
/// counting in `unknown` the keys of its objects the schema does not have.
fn declare_sources(
    col: usize,
    val: &Val,
    labels: &mut Labels,
    unknown: &mut u64,
) -> Result<(), Bad> {
    let Val::List(items) = val else {
        return bad(col, "header field \"sources\" must be an array of sources");
    };
    for (col, item) in items {
        let (row, role, code) = source_row(*col, item, unknown)?;
        labels
            .declare(row, role, code)
            .map_err(|what| Bad { col: *col, what })?;
    }
    Ok(())
}

/// Reads the header line at `place`.
pub fn read_header(line: &str, place: LinePlace) -> Result<HeaderRead, ImportError> {
    let mut header = LogHeader {
        sources: Default::default(),
        fen: START_FEN.to_string(),
        ..LogHeader::default()
    };
    let mut labels = Labels::default();
    let (mut kind, mut schema, mut fen_col) = (None::<(usize, String)>, None, 0);
    let mut truncated = false;
    let mut unknown_keys = 0;
    let mut scale = Scale::default();
    let mut infinity_col = 0;
    let mut first_unknown = None;
    let result = object_entries(line, |key: Cow<str>, key_col, col, val| {
        let fail = |b: Bad| super::scan::SyntaxError {
            at: b.col,
            what: b.what,
        };
        let mut step = || -> Result<(), Bad> {
            match key.as_ref() {
                "type" => kind = Some((col, text("type", col, &val)?.to_string())),
                "schema" => match val {
                    Val::Int(n) => schema = Some((col, n)),
                    _ => return bad(col, "header field \"schema\" must be an integer (1)"),
                },
                "fen" => {
                    header.fen = text("fen", col, &val)?.to_string();
                    fen_col = col;
                }
                "engine" => header.engine = text("engine", col, &val)?.to_string(),
                "filter" => header.filter = text("filter", col, &val)?.to_string(),
                "ordering" => header.ordering = settings("ordering", col, &val)?,
                "limits" => header.limits = settings("limits", col, &val)?,
                "mate" => {
                    let must = "header field \"mate\" must be the engine's mate score, an \
                                integer from 1000 up (mate at ply p scores mate - p)";
                    scale.mate = Some(engine_score(col, &val, must)?);
                }
                "infinity" => {
                    let must = "header field \"infinity\" must be the engine's infinite score, \
                                an integer from 1000 up (at least its mate score, and it may \
                                equal it)";
                    scale.infinity = Some(engine_score(col, &val, must)?);
                    infinity_col = col;
                }
                "truncated" => match val {
                    Val::Bool(b) => truncated = b,
                    _ => return bad(col, "header field \"truncated\" must be true or false"),
                },
                "sources" => declare_sources(col, &val, &mut labels, &mut unknown_keys)?,
                _ => {
                    unknown_keys += 1;
                    first_unknown.get_or_insert_with(|| (key.to_string(), key_col));
                }
            }
            Ok(())
        };
        step().map_err(fail)
    });
    let invalid = |col: usize, what: String| place.error(ImportErrorKind::Invalid, col, what);
    if let Err(e) = result {
        return Err(place.error(ImportErrorKind::Syntax, e.at, e.what));
    }
    check_kind_and_schema(kind, schema, place)?;
    check_scale(scale, infinity_col, place)?;
    check_fail(&header.ordering, place)?;
    let root = Position::from_fen(&header.fen)
        .map_err(|e| invalid(fen_col, format!("header field \"fen\": {e}")))?;
    header.sources = labels.table();
    Ok(HeaderRead {
        header,
        labels,
        root,
        truncated,
        unknown_keys,
        scale,
        first_unknown,
    })
}

/// The header line's `type` must be `header` and its `schema` this build's version: either
/// wrong is refused at the key's column (column 0 when the key is missing).
fn check_kind_and_schema(
    kind: Option<(usize, String)>,
    schema: Option<(usize, i64)>,
    place: LinePlace,
) -> Result<(), ImportError> {
    let invalid = |col: usize, what: String| place.error(ImportErrorKind::Invalid, col, what);
    match kind {
        Some((_, k)) if k == "header" => {}
        Some((col, k)) => {
            return Err(invalid(
                col,
                format!(
                    "the first line must be the trace header ({{\"type\":\"header\",\"schema\":1,…}}), \
                     found a \"{}\" line",
                    killerscope_text::quote(&k)
                ),
            ));
        }
        None => {
            return Err(invalid(
                0,
                "the first line must be the trace header ({\"type\":\"header\",\"schema\":1,…}): \
                 it has no \"type\""
                    .into(),
            ));
        }
    }
    match schema {
        Some((_, SCHEMA_VERSION)) => {}
        Some((col, v)) => {
            return Err(invalid(
                col,
                format!("schema version {v}: this build reads version {SCHEMA_VERSION}"),
            ));
        }
        None => {
            return Err(invalid(
                0,
                "missing required header field \"schema\"".into(),
            ));
        }
    }
    Ok(())
}

/// A declared infinity must be at least the mate score (the declared one, or killerscope's
/// 32000): scores past infinity cannot be mates.
fn check_scale(scale: Scale, col: usize, place: LinePlace) -> Result<(), ImportError> {
    let mate = scale
        .mate
        .unwrap_or(i64::from(killerscope_engine::score::MATE));
    match scale.infinity {
        Some(infinity) if infinity < mate => Err(place.error(
            ImportErrorKind::Invalid,
            col,
            format!(
                "header field \"infinity\" is {infinity}, below the mate score {mate}: \
                 infinity is at least the mate score (and may equal it)"
            ),
        )),
        _ => Ok(()),
    }
}

/// The `fail` ordering setting, when given, says `hard` or `soft`.
fn check_fail(ordering: &[Setting], place: LinePlace) -> Result<(), ImportError> {
    match ordering.iter().find(|(k, _)| k == FAIL_KEY) {
        Some((_, v)) if v != "hard" && v != "soft" => Err(place.error(
            ImportErrorKind::Invalid,
            0,
            format!(
                "ordering setting \"fail\" is \"{}\": it says whether the engine is \
                 fail-hard (\"hard\": scores clamped to the window) or fail-soft (\"soft\")",
                killerscope_text::quote(v)
            ),
        )),
        _ => Ok(()),
    }
}

/// The ordering setting that says an engine is fail-hard (`"fail": "hard"`): every node's
/// score is clamped to its window, so an exit at alpha or beta may hide a better or worse
/// true value, and `static_score` holds the score before the clamp.
pub const FAIL_KEY: &str = "fail";

/// Whether the log's engine declares itself fail-hard (`fail=hard` among its ordering
/// settings).
pub fn fail_hard(header: &LogHeader) -> bool {
    header.ordering_setting(FAIL_KEY) == Some("hard")
}
