//! Bookmarks kept beside a log: a small line-based sidecar, `FILE.marks` next to `FILE`
//! (docs/bookmarks.md). Each line names a node by id, with its line from the root in UCI
//! moves as a check that the id still names the same node of the same tree, and a note.
//! Reading keeps every line that fits the tree and reports each one that does not with its
//! line number, so a damaged or stale sidecar never loses the bookmarks that still fit; the
//! lines it could not use are kept byte for byte and written back by the next save, so no
//! change in the explorer ever loses a line of the user's. The file is read as bytes, a line
//! at a time (`bytes.rs`): one bad byte costs one line, never the file.

mod bytes;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

pub use bytes::{MAX_SIDECAR_BYTES, load};

use super::line::Step;
use super::tree::{NodeId, SearchTree};
use killerscope_text::quote;

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

/// The comment line naming the columns, written under [`HEADER`].
const COLUMNS: &str = "# node<TAB>line from the root (UCI)<TAB>note";

/// The comment line before the lines a save carries over unread.
const KEPT: &str = "# lines this log could not use, kept as they were:";

/// The sidecar's bytes for `marks`, then `kept` (lines read but not used — damaged, or naming
/// nodes of another tree — written back byte for byte, so a save never loses a line).
pub fn write(marks: &[Bookmark], kept: &[Vec<u8>]) -> Vec<u8> {
    let mut out = format!("{HEADER}\n{COLUMNS}\n").into_bytes();
    for mark in marks {
        let line = format!("{}\t{}\t{}\n", mark.node, mark.path, one_line(&mark.note));
        out.extend_from_slice(line.as_bytes());
    }
    if !kept.is_empty() {
        out.extend_from_slice(KEPT.as_bytes());
        out.push(b'\n');
    }
    for line in kept {
        out.extend_from_slice(line);
        out.push(b'\n');
    }
    out
}

/// What reading a sidecar found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sidecar {
    /// The bookmarks that fit the tree, in tree order, one per node.
    pub marks: Vec<Bookmark>,
    /// A sentence for each line left out (`line 3: …`).
    pub problems: Vec<String>,
    /// The lines left out and the user's own comments, byte for byte, for a save to write back.
    pub kept: Vec<Vec<u8>>,
    /// Lines that repeated a bookmark already read, word for word (dropped: one is kept).
    pub duplicates: usize,
    /// How the file was decoded when it was not UTF-8 (`UTF-16`), for the status line.
    pub decoded: Option<&'static str>,
}

/// Reads a sidecar's bytes against `tree`, a line at a time: the bookmarks that fit it, a
/// sentence for each line that does not (not UTF-8, a field missing, an id that is not a
/// number, a node this tree does not have or reaches by another line), and those lines kept
/// to be written back. A byte-order mark is dropped and a UTF-16 file decoded; a line repeated
/// word for word counts once; blank lines are skipped.
pub fn read_bytes(bytes: &[u8], tree: &SearchTree) -> Sidecar {
    let (text, decoded) = bytes::as_utf8(bytes);
    let mut sidecar = Sidecar {
        decoded: decoded.map(|d| match d {
            bytes::Decoded::Utf16Le => "UTF-16 (little-endian)",
            bytes::Decoded::Utf16Be => "UTF-16 (big-endian)",
        }),
        ..Sidecar::default()
    };
    let mut seen: HashMap<NodeId, usize> = HashMap::new();
    let mut kept_seen: HashSet<&[u8]> = HashSet::new();
    for (k, raw) in bytes::lines(&text).enumerate() {
        let number = k + 1;
        let line = match std::str::from_utf8(raw) {
            Ok(line) => line,
            Err(e) => {
                let why = bytes::not_utf8(raw, e);
                sidecar.left_out(number, &why, raw, &mut kept_seen);
                continue;
            }
        };
        if line.trim().is_empty() || line == HEADER || line == COLUMNS || line == KEPT {
            continue;
        }
        if line.starts_with('#') {
            if kept_seen.insert(raw) {
                sidecar.kept.push(raw.to_vec());
            }
            continue;
        }
        match read_line(line, tree) {
            Ok(mark) => match seen.get(&mark.node) {
                Some(&at) if sidecar.marks[at] == mark => sidecar.duplicates += 1,
                Some(_) => {
                    let why = format!("node {} has a bookmark on an earlier line", mark.node);
                    sidecar.left_out(number, &why, raw, &mut kept_seen);
                }
                None => {
                    seen.insert(mark.node, sidecar.marks.len());
                    sidecar.marks.push(mark);
                }
            },
            Err(why) => sidecar.left_out(number, &why, raw, &mut kept_seen),
        }
    }
    sidecar.marks.sort_by_key(|m| m.node);
    sidecar
}

impl Sidecar {
    /// Line `number` (`raw`) was not read as a bookmark because of `why`: named, and kept for
    /// the save to write back (once, if it repeats).
    fn left_out<'a>(
        &mut self,
        number: usize,
        why: &str,
        raw: &'a [u8],
        kept_seen: &mut HashSet<&'a [u8]>,
    ) {
        self.problems.push(format!("line {number}: {why}"));
        if kept_seen.insert(raw) {
            self.kept.push(raw.to_vec());
        }
    }
}

/// Reads a sidecar's text against `tree` (see [`read_bytes`]): the bookmarks that fit it,
/// and a sentence for each line that does not.
pub fn read(text: &str, tree: &SearchTree) -> (Vec<Bookmark>, Vec<String>) {
    let sidecar = read_bytes(text.as_bytes(), tree);
    (sidecar.marks, sidecar.problems)
}

fn read_line(line: &str, tree: &SearchTree) -> Result<Bookmark, String> {
    let mut fields = line.splitn(3, '\t');
    let (Some(id), Some(path), Some(note)) = (fields.next(), fields.next(), fields.next()) else {
        return Err("expected three tab-separated fields: node, line, note".into());
    };
    let node: NodeId = id
        .trim()
        .parse()
        .map_err(|_| format!("the node id \"{}\" is not a number", quote(id)))?;
    let Some(actual) = path_text(tree, node) else {
        return Err(format!(
            "no node {node} in this log (it has {} nodes)",
            tree.len()
        ));
    };
    if actual != path.trim() {
        return Err(format!(
            "node {node} is reached by {} in this log, the bookmark says {}: not this log's tree",
            quote(&actual),
            quote(path.trim())
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
