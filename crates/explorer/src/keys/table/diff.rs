//! The diff view's rows: the normal view's tree moves (`tree_moves`) through the aligned tree, the
//! divergence steps, and leaving for A's tree (the normal view's `D` comes back).

use crate::{keys::KeyCode::Char, keys::KeyCode::Esc};

use super::{Action, Binding, Context, Group, Rows, tree_moves};

/// The rows of the diff view.
#[rustfmt::skip]
pub(in crate::keys) fn rows() -> Vec<Binding> {
    let mut rows = Rows::with(Context::Diff, Group::DiffView, tree_moves());
    rows.table([
        (&[Char('n')],      "n N",   Action::Divergence(1),  "next / previous divergence by the nodes it explains"),
        (&[Char('N')],      "",      Action::Divergence(-1), ""),
        (&[Esc, Char('q')], "Esc q", Action::Leave,          "back to A's tree, at the selected node (D returns)"),
    ]);
    rows.out
}
