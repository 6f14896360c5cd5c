//! The header line as the export writes it: the log header through serde, its settings as
//! JSON objects in their order, each source with its role. Apart from the reading in
//! `header.rs`, with which it shares only `SCHEMA_VERSION`: serde writes, while the reader
//! scans the line itself to name the column of each error.

use super::SCHEMA_VERSION;
use killerscope_log::{LogHeader, Setting};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

/// One source in the header line.
#[derive(Serialize)]
struct SourceLine<'a> {
    label: &'a str,
    name: &'a str,
    colour: &'static str,
    code: u8,
    #[serde(skip_serializing_if = "Option::is_none")]
    killer_slot: Option<u8>,
    role: &'static str,
}

/// The header line as the export writes it.
#[derive(Serialize)]
struct HeaderLine<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    schema: i64,
    engine: &'a str,
    fen: &'a str,
    #[serde(serialize_with = "as_map")]
    ordering: &'a [Setting],
    #[serde(serialize_with = "as_map")]
    limits: &'a [Setting],
    filter: &'a str,
    truncated: bool,
    sources: Vec<SourceLine<'a>>,
}

/// Settings as a JSON object, in their order.
fn as_map<S: Serializer>(settings: &&[Setting], s: S) -> Result<S::Ok, S::Error> {
    let mut map = s.serialize_map(Some(settings.len()))?;
    for (key, value) in settings.iter() {
        map.serialize_entry(key, value)?;
    }
    map.end()
}

/// The header line for `header` (without its newline).
pub fn header_line(header: &LogHeader, truncated: bool) -> serde_json::Result<String> {
    let sources = header
        .sources
        .rows()
        .iter()
        .map(|r| SourceLine {
            label: &r.label,
            name: &r.name,
            colour: r.colour.name(),
            code: r.code,
            killer_slot: r.killer_slot,
            role: header
                .sources
                .role(killerscope_log::MoveSource::from_code(r.code))
                .name(),
        })
        .collect();
    serde_json::to_string(&HeaderLine {
        kind: "header",
        schema: SCHEMA_VERSION,
        engine: &header.engine,
        fen: &header.fen,
        ordering: &header.ordering,
        limits: &header.limits,
        filter: &header.filter,
        truncated,
        sources,
    })
}
