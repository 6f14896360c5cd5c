//! Bookmarks with a note on any node (`b` writes one, `B` lists them to jump to or delete),
//! kept in the sidecar beside the log ([`killerscope_trace::bookmarks`], `FILE.marks`): read when
//! the log is opened, written by the runtime (`Effect::Write`) on each change, with the lines
//! it could not use written back as they were. A live search has no file: its bookmarks are
//! kept in memory, and the status line says so; so are those of a log whose sidecar could not
//! be read, which is left as it is.

use std::path::{Path, PathBuf};

use crate::action::{Effect, WriteFile};
use crate::line_edit::LineEdit;
use crate::mode::Mode;
use crate::session::{NodeId, Session};
use crate::tree_view::TreeView;
use killerscope_trace::{bookmarks, bookmarks::Bookmark};

use super::{Registered, ViewNotice};

mod keys;

pub use keys::BookmarksAction;

/// What the note editor or the bookmark list asks of the bookmarks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookmarkOp {
    /// Bookmark this node with this note (replacing its bookmark if it has one).
    Save(NodeId, String),
    /// Select the bookmark with this index.
    Jump(usize),
    /// Delete the bookmark with this index.
    Delete(usize),
}

/// How writing the sidecar went: its name as the status line may show it, and the error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// The sidecar.
    pub path: String,
    /// Why it could not be written.
    pub error: Option<String>,
}

/// The bookmarks of the session on screen and the sidecar they are kept in.
#[derive(Debug, Default)]
pub struct Bookmarks {
    marks: Vec<Bookmark>,
    file: Option<PathBuf>,
    /// Lines of the sidecar that were not read as bookmarks (damaged, another tree's, the
    /// user's comments), written back by every save so that none is lost.
    kept: Vec<Vec<u8>>,
    /// A sidecar read before the log's tree was indexed: checked once it is.
    pending: Option<Vec<u8>>,
    /// A sidecar that could not be read (not a regular file, too big, no permission): never
    /// written over, so what it holds stays as it is.
    unreadable: Option<PathBuf>,
}

impl Bookmarks {
    /// The bookmarks, in tree order.
    pub fn marks(&self) -> &[Bookmark] {
        &self.marks
    }

    /// The sidecar they are written to (`None`: kept in memory only).
    pub fn file(&self) -> Option<&Path> {
        self.file.as_deref()
    }

    /// The search on screen was just saved to `log` (`w`): bookmarks kept in memory until now
    /// go to its sidecar, and later ones follow them there. What the status line adds, and the
    /// sidecar to write. Bookmarks already kept beside another log stay there.
    pub fn follow_log(&mut self, log: &Path) -> (Option<String>, Vec<Effect>) {
        if self.file.is_some() {
            return (None, Vec::new());
        }
        let path = bookmarks::sidecar_path(log);
        if self.unreadable.as_ref() == Some(&path) {
            return (
                Some("bookmarks kept in memory: the sidecar beside it could not be read".into()),
                Vec::new(),
            );
        }
        self.file = Some(path.clone());
        if self.marks.is_empty() {
            return (None, Vec::new());
        }
        let (name, write) = self.write_to(&path);
        let said = format!("{} bookmarks saved in {name}", self.marks.len());
        (Some(said), vec![write])
    }

    /// Tells how writing the sidecar went.
    fn written(path: String, error: Option<String>) -> ViewNotice {
        Bookmarks::notice(super::JobEvent::Done(Written { path, error }))
    }

    /// The sidecar's name as the status line writes it, and the effect that writes every
    /// bookmark to it.
    fn write_to(&self, path: &Path) -> (String, Effect) {
        let name = killerscope_text::printable(&path.display().to_string()).into_owned();
        let bytes = bookmarks::write(&self.marks, &self.kept);
        let write = WriteFile {
            path: path.to_path_buf(),
            bytes,
            told: Bookmarks::written,
        };
        (name, Effect::Write(Box::new(write)))
    }

    /// Takes the sidecar `path` of the log on screen and what reading it found (`None`: no
    /// such file yet; [`bookmarks::load`] reads it); what the status line says, if anything. A
    /// sidecar that could not be read is never written over: bookmarks made then are kept in
    /// memory.
    pub fn attach(
        &mut self,
        session: &Session,
        path: PathBuf,
        bytes: Result<Option<Vec<u8>>, String>,
    ) -> Option<String> {
        let name = killerscope_text::printable(&path.display().to_string()).into_owned();
        *self = Bookmarks::default();
        match bytes {
            Ok(None) => {
                self.file = Some(path);
                None
            }
            Err(why) => {
                self.unreadable = Some(path);
                Some(format!(
                    "cannot read the bookmarks {name}: {} — left as it is; new bookmarks are kept \
                     in memory",
                    killerscope_text::quote(&why)
                ))
            }
            Ok(Some(bytes)) if session.index_state().is_some() => {
                self.file = Some(path);
                self.pending = Some(bytes);
                None
            }
            Ok(Some(bytes)) => {
                self.file = Some(path);
                self.settle(session, &bytes, &name)
            }
        }
    }

    /// Reads a sidecar's bytes against the session's tree, keeping what fits and carrying the
    /// rest over to the next save.
    fn settle(&mut self, session: &Session, bytes: &[u8], name: &str) -> Option<String> {
        let read = bookmarks::read_bytes(bytes, session.tree());
        self.marks = read.marks;
        self.kept = read.kept;
        let mut said = format!("{} bookmarks from {name}", self.marks.len());
        if let Some(encoding) = read.decoded {
            said.push_str(&format!(" (read as {encoding}; saved as UTF-8)"));
        }
        if read.duplicates > 0 {
            said.push_str(&format!(
                "; {} repeated line{} read once",
                read.duplicates,
                if read.duplicates == 1 { "" } else { "s" }
            ));
        }
        match read.problems.first() {
            None if self.marks.is_empty() && read.decoded.is_none() => None,
            None => Some(format!("{said} · B lists them")),
            Some(first) => Some(format!(
                "{said}; {} line{} left out (kept in the file), {first}",
                read.problems.len(),
                if read.problems.len() == 1 { "" } else { "s" }
            )),
        }
    }

    /// `b` (a note on the selected node, opening with its note if it has one) or `B` (the
    /// list): the overlay to open, or why not.
    pub fn open(
        &mut self,
        list: bool,
        session: &Session,
        selected: Option<NodeId>,
    ) -> Result<Mode, String> {
        if let (Some(bytes), None) = (self.pending.take(), session.index_state()) {
            let name = self.file.as_ref().map(|p| p.display().to_string());
            let name = killerscope_text::printable(&name.unwrap_or_default()).into_owned();
            if let Some(said) = self.settle(session, &bytes, &name) {
                return Err(said);
            }
        }
        if list {
            return Ok(Mode::list(Self::ID));
        }
        let node = selected.ok_or("select a node first: b bookmarks it with a note")?;
        let note = self.marks.iter().find(|m| m.node == node);
        Ok(Mode::Note {
            input: LineEdit::with_text(note.map_or("", |m| m.note.as_str())),
            node,
            error: None,
        })
    }

    /// A bookmark saved, jumped to or deleted: what the status line says and what the runtime
    /// must write.
    pub fn apply(
        &mut self,
        op: BookmarkOp,
        session: &Session,
        view: &mut TreeView,
    ) -> (String, Vec<Effect>) {
        let said = match op {
            BookmarkOp::Save(node, note) => {
                let Some(mark) = Bookmark::new(session.tree(), node, &note) else {
                    return (format!("no node {node} to bookmark"), Vec::new());
                };
                self.marks.retain(|m| m.node != node);
                let at = self.marks.partition_point(|m| m.node < node);
                self.marks.insert(at, mark);
                format!("bookmarked node {node} · B lists the bookmarks")
            }
            BookmarkOp::Jump(index) => {
                let Some(mark) = self.marks.get(index) else {
                    return ("no bookmark there".into(), Vec::new());
                };
                view.select_node(session, mark.node);
                let said = format!(
                    "bookmark {} of {}: node {}",
                    index + 1,
                    self.marks.len(),
                    mark.node
                );
                return (said, Vec::new());
            }
            BookmarkOp::Delete(index) if index < self.marks.len() => {
                let mark = self.marks.remove(index);
                format!("bookmark on node {} deleted", mark.node)
            }
            BookmarkOp::Delete(_) => return ("no bookmark to delete".into(), Vec::new()),
        };
        match &self.file {
            Some(path) => {
                let (name, write) = self.write_to(path);
                (format!("{said} (saved in {name})"), vec![write])
            }
            None => (
                format!(
                    "{said} — not saved: this search has no log file (kept while it is on screen)"
                ),
                Vec::new(),
            ),
        }
    }
}
