//! The public trace format: JSON Lines in the schema of `docs/trace-schema.md` (machine-readable
//! in `docs/trace-schema.json`). Any engine can print it with a few `printf`s — a header line,
//! then one object per search event — and killerscope reads it back as an `EventLog`: the
//! explorer, `log stats` and `log dot` then work on another engine's search as on their own.
//!
//! `write_jsonl` exports a log; `Importer` (driven by `import_reader` / `import_file`, or line
//! by line for a live view) reads one, replaying every move with killerscope's chess core so an
//! illegal move, an exit without an enter or a cutoff below its beta is an error naming the line
//! and column.

mod error;
mod events;
mod export;
mod fields;
mod header;
mod import;
mod labels;
mod lex;
mod read;
mod scan;
mod score;
mod selective;
mod state;
mod tables;
mod tries;
mod unknown;

pub use error::{ImportError, ImportErrorKind, LinePlace};
pub use export::{JsonlWriter, write_jsonl};
pub use header::{FAIL_KEY, SCHEMA_VERSION, fail_hard};
pub use import::{Batch, ImportOptions, ImportSummary, Importer};
pub use read::{Got, LineReader, MAX_LINE, feed, import_file, import_reader};
