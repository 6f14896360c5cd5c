//! `log export --speedscope` and `log export --pgn`: a log as a flame graph for speedscope
//! (a `.kslog` streamed a chunk at a time, in constant memory), and a node's PV tree as PGN.

use super::CliError;
use super::reading::{load_any, sniff_file};
use killerscope_chess::Position;
use killerscope_log::{LogError, LogReader};
use killerscope_trace::SpeedscopeWriter;
use killerscope_trace::jsonl::ImportOptions;
use killerscope_trace::write_pgn;
use killerscope_trace::{Format, NodeId, SearchTree, read_record};
use std::io::Write;
use std::path::Path;

/// `log export --speedscope`: a `.kslog` checked whole first (nothing is printed for a bad
/// file), then read again a chunk at a time; a trace or Texel log imported into memory.
pub fn speedscope(file: &Path, options: ImportOptions, out: impl Write) -> Result<(), CliError> {
    let name = file.file_name().map_or_else(
        || file.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    if sniff_file(file)? != Format::Kslog {
        let (log, _) = load_any(file, options)?;
        let mut writer = SpeedscopeWriter::new(out, &name)?;
        writer.events(log.events())?;
        writer.finish()?;
        return Ok(());
    }
    let fail = |e: LogError| CliError::new(e.to_string());
    let mut buf = Vec::new();
    let mut check = LogReader::open(file)
        .and_then(LogReader::fitting)
        .map_err(fail)?;
    while check.next_chunk(&mut buf).map_err(fail)? {}
    check.finish().map_err(fail)?;
    let mut reader = LogReader::open(file).map_err(fail)?;
    let mut writer = SpeedscopeWriter::new(out, &name)?;
    while reader.next_chunk(&mut buf).map_err(fail)? {
        writer.events(&buf)?;
    }
    writer.finish()?;
    Ok(())
}

/// `log export --pgn [--node ID]`: the PV tree of a node (default: the last root) as PGN.
pub fn pgn(
    file: &Path,
    node: Option<NodeId>,
    options: ImportOptions,
    out: impl Write,
) -> Result<(), CliError> {
    let (log, _) = read_record(file, options)?;
    let tree = SearchTree::build(log.events().clone());
    let id = match node {
        Some(id) => id,
        None => *tree.roots().last().ok_or_else(|| {
            CliError::new(format!("log export: {} holds no nodes", file.display()))
        })?,
    };
    let root = Position::from_fen(&log.header().fen)?;
    write_pgn(&tree, &root, id, &log.header().engine, out)
        .map_err(|e| CliError::new(format!("log export --pgn {}: {e}", file.display())))
}
