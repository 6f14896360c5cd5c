//! Logs as JSON Lines in the public trace schema (`docs/trace-schema.md`): a header line, then
//! one object per event, for jq and pandas and for `log import` to read back. Each event line
//! is a serde value of `Line` (its shapes in `export/record.rs`), whose `type` is the event
//! kind's name (`EventKind::name`), whose `source` fields carry the labels of the log's own
//! source table and whose scores are `JsonScore`s. Export → import → export gives the same
//! bytes.

mod record;

use super::header::header_line;
use killerscope_chess::Move;
use killerscope_log::Event;
use killerscope_log::{EventLog, EventSource, LogHeader, SourceTable};
use record::{Line, OpenNode};
use std::borrow::Cow;
use std::io::{self, Write};

/// `json` with every character a terminal must not receive raw ([`killerscope_text::is_unsafe`]:
/// DEL, C1 controls such as U+009B CSI, bidirectional overrides…) written as a `\uXXXX`
/// escape. serde_json escapes only the C0 controls; outside strings JSON text is plain ASCII,
/// so every such character sits in a string, and a reader decodes the escape to the same text.
fn terminal_safe(json: &str) -> Cow<'_, str> {
    if !json.chars().any(killerscope_text::is_unsafe) {
        return Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if killerscope_text::is_unsafe(c) {
            // Every unsafe character is in the Basic Multilingual Plane: one escape each.
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Writes `log` as a trace: its header line, then every event as one JSON object per line.
/// Events inside a node carry the node's `ply`; sources are labelled from the log's header;
/// scores are centipawns, or `{"mate": n}` from the event's node.
pub fn write_jsonl<E: EventSource, W: Write>(log: &EventLog<E>, w: W) -> io::Result<()> {
    let mut out = JsonlWriter::new(log.header(), log.is_truncated(), w)?;
    let mut result = Ok(());
    log.source().for_each_chunk(0..log.len(), &mut |chunk| {
        if result.is_ok() {
            result = out.events(chunk, log.pvs());
        }
    });
    result?;
    out.finish()
}

/// A trace written as its events come, a chunk at a time (so `log export` streams a file of
/// any size): it remembers the open nodes, the next event number and iteration.
pub struct JsonlWriter<'h, W: Write> {
    w: W,
    /// The line being written, kept for its capacity.
    line: Vec<u8>,
    sources: &'h SourceTable,
    plies: Vec<OpenNode>,
    next: usize,
    iteration: usize,
}

impl<'h, W: Write> JsonlWriter<'h, W> {
    /// Starts a trace of the search `header` describes by writing its header line.
    pub fn new(header: &'h LogHeader, truncated: bool, mut w: W) -> io::Result<Self> {
        w.write_all(terminal_safe(&header_line(header, truncated)?).as_bytes())?;
        w.write_all(b"\n")?;
        Ok(JsonlWriter {
            w,
            line: Vec::new(),
            sources: &header.sources,
            plies: Vec::new(),
            next: 0,
            iteration: 0,
        })
    }

    /// Writes the next events, one line each; `pvs` are the log's PVs (the k-th iteration
    /// event carries the k-th).
    pub fn events(&mut self, chunk: &[Event], pvs: &[Vec<Move>]) -> io::Result<()> {
        for &event in chunk {
            let record = self.record(event, pvs);
            let i = self.next;
            self.next += 1;
            self.line.clear();
            serde_json::to_writer(&mut self.line, &Line { i, record })?;
            // Only a source label from the header can hold such characters; most lines are
            // plain ASCII and written as they are.
            if self.line.iter().all(|&b| b.is_ascii() && b != 0x7f) {
                self.w.write_all(&self.line)?;
            } else {
                let text = String::from_utf8_lossy(&self.line);
                self.w.write_all(terminal_safe(&text).as_bytes())?;
            }
            self.w.write_all(b"\n")?;
        }
        Ok(())
    }

    /// Flushes the output.
    pub fn finish(mut self) -> io::Result<()> {
        self.w.flush()
    }
}
