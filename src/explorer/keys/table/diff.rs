//! The diff view's rows: the tree keys of the normal view moving through the aligned tree, the
//! divergence steps, and leaving for A's tree (the normal view's `D` comes back).

use crate::explorer::keys::KeyCode::{Char, End, Enter, Esc, Home, Left, PageDown, PageUp, Right};

use super::{Action, Binding, Context, Group, Rows};

/// The rows of the diff view.
pub(in crate::explorer::keys) fn rows() -> Vec<Binding> {
    use Group::DiffView as G;
    let mut r = Rows::new(Context::Diff);
    r.up_down(Action::Up, Action::Down, "previous / next row", G);
    r.row(&[Right, Char('l')], "→ l", Action::Open, "open the pair", G);
    let close = "close the pair / go to its parent";
    r.row(&[Left, Char('h')], "← h", Action::Close, close, G);
    let toggle = "open or close the pair";
    r.row(
        &[Enter, Char(' ')],
        "Enter Space",
        Action::Toggle,
        toggle,
        G,
    );
    r.row(
        &[Char('g'), Home],
        "g G",
        Action::First,
        "first / last row",
        G,
    );
    r.row(&[Char('G'), End], "", Action::Last, "", G);
    r.row(
        &[PageUp],
        "PgUp PgDn",
        Action::PageUp,
        "one screen up / down",
        G,
    );
    r.also(PageDown, Action::PageDown, G);
    let next = "next / previous divergence by the nodes it explains";
    r.row(&[Char('n')], "n N", Action::Divergence(1), next, G);
    r.also(Char('N'), Action::Divergence(-1), G);
    let leave = "back to A's tree, at the selected node (D returns)";
    r.row(&[Esc, Char('q')], "Esc q", Action::Leave, leave, G);
    r.out
}
