//! Bookmarks kept beside a log: a small line-based sidecar, `FILE.marks` next to `FILE`
//! (docs/bookmarks.md). Each line names a node by id, with its line from the root in UCI
//! moves as a check that the id still names the same node of the same tree, and a note.
//! Reading keeps every line that fits the tree and reports each one that does not with its
//! line number, so a damaged or stale sidecar never loses the bookmarks that still fit.

use std::path::{Path, PathBuf};

use super::line::Step;
use super::tree::{NodeId, SearchTree};

/// The first line of a sidecar.
pub const HEADER: &str = "# killerscope bookmarks 1";

/// A bookmark: a node and what the user wrote about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bookmark {
    /// The node.
    pub node: NodeId,
    /// Its line from the root in UCI moves (`0000` a null move), space-separated; `-` for an
    /// iteration's root.
    pub path: String,
    /// The note, on one line (control characters written as spaces).
    pub note: String,
}

impl Bookmark {
    /// A bookmark on node `id` of `tree`; `None` if the tree has no such node.
    pub fn new(tree: &SearchTree, id: NodeId, note: &str) -> Option<Bookmark> {
        Some(Bookmark {
            node: id,
            path: path_text(tree, id)?,
            note: one_line(note),
        })
    }
}

/// Where the bookmarks of the log at `log` are kept: the log's path with `.marks` added.
pub fn sidecar_path(log: &Path) -> PathBuf {
    let mut name = log.as_os_str().to_owned();
    name.push(".marks");
    PathBuf::from(name)
}

/// Node `id`'s line in UCI moves, `-` for an iteration's root; `None` for an unknown id.
pub fn path_text(tree: &SearchTree, id: NodeId) -> Option<String> {
    tree.node(id)?;
    let steps: Vec<String> = tree
        .line(id)
        .into_iter()
        .map(|(_, step)| match step {
            Step::Move(mv) => mv.to_string(),
            Step::Pass => "0000".to_string(),
        })
        .collect();
    Some(if steps.is_empty() {
        "-".to_string()
    } else {
        steps.join(" ")
    })
}

/// The sidecar's text for `marks`.
pub fn write(marks: &[Bookmark]) -> String {
    let mut out = format!("{HEADER}\n# node<TAB>line from the root (UCI)<TAB>note\n");
    for mark in marks {
        out.push_str(&format!(
            "{}\t{}\t{}\n",
            mark.node,
            mark.path,
            one_line(&mark.note)
        ));
    }
    out
}

/// Reads a sidecar against `tree`: the bookmarks that fit it, and a sentence for each line
/// that does not (`line 3: …`). Blank lines and lines starting with `#` are skipped.
pub fn read(text: &str, tree: &SearchTree) -> (Vec<Bookmark>, Vec<String>) {
    let mut marks = Vec::new();
    let mut problems = Vec::new();
    for (k, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        match read_line(line, tree) {
            Ok(mark) => marks.push(mark),
            Err(why) => problems.push(format!("line {}: {why}", k + 1)),
        }
    }
    (marks, problems)
}

fn read_line(line: &str, tree: &SearchTree) -> Result<Bookmark, String> {
    let mut fields = line.splitn(3, '\t');
    let (Some(id), Some(path), Some(note)) = (fields.next(), fields.next(), fields.next()) else {
        return Err("expected three tab-separated fields: node, line, note".into());
    };
    let node: NodeId = id
        .trim()
        .parse()
        .map_err(|_| format!("the node id {:?} is not a number", printable(id)))?;
    let Some(actual) = path_text(tree, node) else {
        return Err(format!(
            "no node {node} in this log (it has {} nodes)",
            tree.len()
        ));
    };
    if actual != path.trim() {
        return Err(format!(
            "node {node} is reached by {actual} in this log, the bookmark says {}: not this log's tree",
            printable(path.trim())
        ));
    }
    Ok(Bookmark {
        node,
        path: actual,
        note: one_line(note),
    })
}

/// `text` on one line: tabs, line breaks and other control characters become spaces.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Text from the file, shortened and without control characters, to quote in an error.
fn printable(text: &str) -> String {
    one_line(text).chars().take(60).collect()
}
