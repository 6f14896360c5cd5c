//! The bookmarks' keys: `b` writes a note on the selected node, `B` lists the bookmarks to jump
//! to one or delete it, and what the note editor and the list do with their keys.

use std::path::{Path, PathBuf};

use super::{BookmarkOp, Bookmarks, Written};
use crate::action::{Action, Effect};
use crate::app::Explorer;
use crate::keys::KeyCode::{Char, Delete, Enter, Esc};
use crate::keys::{Binding, Context, Group, Rows, field, list};
use crate::mode::Mode;
use crate::views::{Cx, Hooks, JobEvent, Registered, View, lend};

/// What the bookmarks' keys ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookmarksAction {
    /// Write a note to bookmark the selected node with.
    Note,
    /// List the bookmarks, to jump to one or delete it.
    List,
    /// Save the bookmark whose note is being written.
    Save,
    /// Select the node of the bookmark highlighted in the list.
    Jump,
    /// Delete the bookmark highlighted in the list.
    Delete,
}

impl View for Bookmarks {
    type Action = BookmarksAction;
    /// How writing the sidecar went.
    type Notice = Written;
    const LIST: Option<&'static str> = Some("Bookmarks (B)");

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        use BookmarksAction as B;
        let normal = Rows::with(Context::Normal, Group::Tree, [
            (&[Char('b')], "b B", B::Note.into(), "bookmark the node with a note / list bookmarks"),
            (&[Char('B')], "",    B::List.into(), ""),
        ]);
        let save = "save the bookmark (beside the log: FILE.marks)";
        let note = field(Context::Note, Group::NoteEntry, B::Save.into(), save);
        let listed = list(Context::List(Self::ID), Group::List(Self::ID), "previous / next bookmark", [
            (&[Enter],                     "Enter",   B::Jump.into(),   "select its node, opening the path to it"),
            (&[Char('d'), Delete],         "d Del",   B::Delete.into(), "delete it"),
            (&[Esc, Char('q'), Char('B')], "Esc q B", Action::Leave,    "close the list"),
        ]);
        [normal.done(), note, listed].concat()
    }

    fn update(&mut self, action: BookmarksAction, cx: &mut Cx) -> Vec<Effect> {
        let count = self.marks().len();
        let op = match (action, &mut *cx.mode) {
            (BookmarksAction::Note | BookmarksAction::List, _) => {
                let list = action == BookmarksAction::List;
                match self.open(list, cx.session, cx.tree.selected_node()) {
                    Ok(mode) => *cx.mode = mode,
                    Err(said) => cx.info(said),
                }
                return Vec::new();
            }
            (BookmarksAction::Save, Mode::Note { input, node, .. }) => {
                BookmarkOp::Save(*node, input.text().trim().to_string())
            }
            (BookmarksAction::Jump, Mode::List { owner, index })
                if *owner == Self::ID && *index < count =>
            {
                BookmarkOp::Jump(*index)
            }
            (BookmarksAction::Delete, Mode::List { owner, index })
                if *owner == Self::ID && *index < count =>
            {
                let chosen = *index;
                *index = index.saturating_sub(usize::from(chosen + 1 >= count));
                BookmarkOp::Delete(chosen)
            }
            _ => return Vec::new(),
        };
        if !matches!(op, BookmarkOp::Delete(_)) {
            *cx.mode = Mode::Normal;
        }
        let (said, effects) = self.apply(op, cx.session, cx.tree);
        cx.info(said);
        effects
    }

    fn job(&mut self, event: JobEvent<Written>, cx: &mut Cx) -> Vec<Effect> {
        if let JobEvent::Done(Written {
            path,
            error: Some(e),
        }) = event
        {
            cx.error(format!("could not save the bookmarks to {path}: {e}"));
        }
        Vec::new()
    }
}

impl Hooks for Bookmarks {
    /// Forgets them (the session on screen changed: its ids name other nodes).
    fn forget(&mut self) {
        *self = Bookmarks::default();
    }

    fn log_saved(&mut self, log: &Path) -> (Option<String>, Vec<Effect>) {
        self.follow_log(log)
    }

    fn list_len(&self, mode: &Mode) -> Option<usize> {
        mode.list_index(Self::ID).map(|_| self.marks().len())
    }
}

impl Explorer {
    /// Keeps the session's bookmarks in the sidecar `path` (`trace::bookmarks::sidecar_path`
    /// of the log opened), whose bytes the caller read (`trace::bookmarks::load`; `None`: no
    /// sidecar yet); a sidecar that does not fit the log is reported line by line, keeping the
    /// bookmarks that fit and, for the next save, the lines that do not.
    pub fn open_bookmarks(&mut self, path: PathBuf, bytes: Result<Option<Vec<u8>>, String>) {
        lend(
            self,
            |views| &mut views.bookmarks,
            |marks, cx| {
                let said = marks.attach(cx.session, path, bytes);
                cx.say(said);
            },
        );
    }
}
