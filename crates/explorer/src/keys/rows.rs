//! Building key rows: the router's (`table`) and every view's (`View::keys`) are made the same
//! way, a mode and a help group at a time, with the shapes the table repeats — a one-line field
//! (`field`) and a list (`list`).

use super::KeyCode::{self, Backspace, Char, Delete, Down, End, Enter, Esc, Home, Left, Right, Up};
use super::{Action, Binding, Context, Group, Key, Trigger};
use crate::line_edit::Edit;

/// One row of a table: the keys, how the help overlay writes them, the action, the help text.
/// A row with an empty label and help is listed on the line of the row before it.
pub type KeyRow = (&'static [KeyCode], &'static str, Action, &'static str);

/// Builds the rows of one mode and one help group.
pub struct Rows {
    context: Context,
    group: Group,
    out: Vec<Binding>,
}

impl Rows {
    /// No rows yet, for `context`, listed under `group`.
    pub fn new(context: Context, group: Group) -> Rows {
        Rows {
            context,
            group,
            out: Vec::new(),
        }
    }

    /// Rows of `table`, in order.
    pub fn with<const N: usize>(context: Context, group: Group, table: [KeyRow; N]) -> Rows {
        let mut rows = Rows::new(context, group);
        rows.table(table);
        rows
    }

    /// The rows of `table`, in order, each of plain keys.
    pub fn table<const N: usize>(&mut self, table: [KeyRow; N]) {
        for (codes, label, action, help) in table {
            self.row(codes, label, action, help);
        }
    }

    /// A row set off by `trigger`.
    pub fn push(&mut self, trigger: Trigger, label: &str, help: &'static str) {
        self.out.push(Binding {
            context: self.context,
            trigger,
            label: label.to_string(),
            help,
            group: self.group,
        });
    }

    /// Plain keys.
    pub fn row(&mut self, codes: &[KeyCode], label: &str, action: Action, help: &'static str) {
        let keys = codes.iter().copied().map(Key::plain).collect();
        self.push(Trigger::Keys(keys, action), label, help);
    }

    /// Keys with or without Ctrl.
    pub fn keys(&mut self, keys: &[Key], label: &str, action: Action, help: &'static str) {
        self.push(Trigger::Keys(keys.to_vec(), action), label, help);
    }

    /// The rows made.
    pub fn done(self) -> Vec<Binding> {
        self.out
    }
}

/// A one-line field's keys (the FEN box, the query line, the note): Enter does `submit`, Esc
/// cancels, then the editing rows.
pub fn field(context: Context, group: Group, submit: Action, help: &'static str) -> Vec<Binding> {
    let mut rows = Rows::new(context, group);
    rows.row(&[Enter], "Enter", submit, help);
    rows.row(&[Esc], "Esc", Action::Leave, "cancel");
    line_edits(&mut rows);
    rows.done()
}

/// The editing rows of a one-line text field (the FEN box, the query line, the note), readline's
/// keys, and typing: the field's own rows (Enter, Esc) come before them.
#[rustfmt::skip]
fn line_edits(rows: &mut Rows) {
    let edits: [(&[Key], &str, Edit, &str); 9] = [
        (&[Key::ctrl('a'), Key::plain(Home)],  "Ctrl-A Home", Edit::Start,       "cursor to the start"),
        (&[Key::ctrl('e'), Key::plain(End)],   "Ctrl-E End",  Edit::End,         "cursor to the end"),
        (&[Key::plain(Left), Key::ctrl('b')],  "← Ctrl-B",    Edit::Left,        "cursor one character left"),
        (&[Key::plain(Right), Key::ctrl('f')], "→ Ctrl-F",    Edit::Right,       "cursor one character right"),
        (&[Key::plain(Backspace)],             "Backspace",   Edit::Backspace,   "delete the character before the cursor"),
        (&[Key::plain(Delete)],                "Delete",      Edit::Delete,      "delete the character under the cursor"),
        (&[Key::ctrl('u')],                    "Ctrl-U",      Edit::KillToStart, "delete to the start"),
        (&[Key::ctrl('k')],                    "Ctrl-K",      Edit::KillToEnd,   "delete to the end"),
        (&[Key::ctrl('w')],                    "Ctrl-W",      Edit::KillWord,    "delete the word before the cursor"),
    ];
    for (keys, label, edit, help) in edits {
        rows.keys(keys, label, Action::FenEdit(edit), help);
    }
    let typed = "typed at the cursor (a paste goes in at once)";
    rows.push(Trigger::AnyChar(Action::Insert), "any char", typed);
}

/// A list's keys: ↑ ↓ through it (`moves` says what: "previous / next bookmark"), then its own
/// rows (choosing, closing).
pub fn list<const N: usize>(
    context: Context,
    group: Group,
    moves: &'static str,
    own: [KeyRow; N],
) -> Vec<Binding> {
    let mut rows = Rows::new(context, group);
    rows.row(&[Up, Char('k')], "↑ ↓ k j", Action::PickerPrev, moves);
    rows.row(&[Down, Char('j')], "", Action::PickerNext, "");
    rows.table(own);
    rows.done()
}
