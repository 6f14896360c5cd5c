//! The diff view's rows: the tree keys of the normal view moving through the aligned tree, the
//! divergence steps, and leaving for A's tree (the normal view's `D` comes back).

use crate::explorer::keys::KeyCode::{
    Char, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Up,
};

use super::{Action, Binding, Context, Group, Rows};

/// The rows of the diff view.
#[rustfmt::skip]
pub(in crate::explorer::keys) fn rows() -> Vec<Binding> {
    Rows::with(Context::Diff, Group::DiffView, [
        (&[Up, Char('k')],     "↑ ↓ k j",     Action::Up,             "previous / next row"),
        (&[Down, Char('j')],   "",            Action::Down,           ""),
        (&[Right, Char('l')],  "→ l",         Action::Open,           "open the pair"),
        (&[Left, Char('h')],   "← h",         Action::Close,          "close the pair / go to its parent"),
        (&[Enter, Char(' ')],  "Enter Space", Action::Toggle,         "open or close the pair"),
        (&[Char('g'), Home],   "g G",         Action::First,          "first / last row"),
        (&[Char('G'), End],    "",            Action::Last,           ""),
        (&[PageUp],            "PgUp PgDn",   Action::PageUp,         "one screen up / down"),
        (&[PageDown],          "",            Action::PageDown,       ""),
        (&[Char('n')],         "n N",         Action::Divergence(1),  "next / previous divergence by the nodes it explains"),
        (&[Char('N')],         "",            Action::Divergence(-1), ""),
        (&[Esc, Char('q')],    "Esc q",       Action::Leave,          "back to A's tree, at the selected node (D returns)"),
    ]).out
}
