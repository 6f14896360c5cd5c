//! The key table: the router's own rows (leaving, stopping, the next search's settings, how
//! moves are shown, the help overlay, the FEN box, the position picker) with every view's rows
//! (`View::keys`) set among them. Within a mode the first matching row wins, so a fallback row
//! (`AnyChar`, `AnyKey`) comes last. The help overlay lists the rows of each `Group` in table
//! order: the router's rows for a group are placed around the views' by the `views_through`
//! marks below, and a view the marks do not name is listed with the views after the last mark,
//! before `?` and `q` (a view added at the end of the registry lands there).

use crate::keys::KeyCode::{Char, Down, Enter, Esc, PageDown, PageUp, Up};

use super::rows::{Rows, field, list};
use super::{Action, Binding, Context, Group, Key, Trigger};
use crate::action::SetupAction;
use crate::views::{ViewId, Views};
use killerscope_log::MAX_KILLER_SLOTS;

const _: () = assert!(MAX_KILLER_SLOTS <= 9, "one digit key per killer-slot count");

/// Every row, `Context::Everywhere` first.
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    let mut views = Views::key_rows().into_iter();
    // The rows of the views up to `last` in registry order (from where the last call stopped).
    let mut through = |last: ViewId| -> Vec<Binding> {
        let mut out = Vec::new();
        for (id, rows) in views.by_ref() {
            out.extend(rows);
            if id == last {
                break;
            }
        }
        out
    };
    let mut all = Rows::new(Context::Everywhere, Group::General);
    all.push(Trigger::Keys(vec![Key::ctrl('c')], Action::Interrupt), "Ctrl-C", "quit at once, from any view");
    let mut table = all.done();
    table.extend(through(ViewId::Timeline));
    table.extend(search());
    table.extend(through(ViewId::Killers));
    table.extend(one(Char('n'), "n", Action::CycleNotation, "moves in SAN / UCI / long (Bg2-c6)"));
    table.extend(through(ViewId::Lessons));
    table.extend(one(Char('P'), "P", Action::Projector, "projector: high contrast, bigger board"));
    table.extend(one(Char('F'), "F", Action::Focus, "board, killers, tree and lesson only"));
    table.extend(through(ViewId::Diff));
    table.extend(one(Char('w'), "w", Action::SaveLog, "save the event log (.kslog)"));
    table.extend(views.flat_map(|(_, rows)| rows));
    table.extend(one(Char('?'), "?", Action::Help, "this help"));
    table.extend(one(Char('q'), "q", Action::Quit, "quit"));
    [
        table,
        help(),
        field(Context::Fen, Group::FenEntry, Action::FenSubmit, "load the position and search it"),
        picker(),
    ]
    .concat()
}

/// One row of the normal view's General group.
fn one(key: crate::keys::KeyCode, label: &str, action: Action, help: &'static str) -> Vec<Binding> {
    let mut rows = Rows::new(Context::Normal, Group::General);
    rows.row(&[key], label, action, help);
    rows.done()
}

/// The normal view's search keys: the position, the depth, the killer slots, searching again,
/// stopping.
#[rustfmt::skip]
fn search() -> Vec<Binding> {
    use SetupAction as S;
    let mut rows = Rows::with(Context::Normal, Group::Search, [
        (&[Char('f')],            "f",   S::EnterFen.into(),   "type a FEN"),
        (&[Char('o')],            "o",   S::OpenPicker.into(), "pick a position from the library"),
        (&[Char('+'), Char('=')], "+ -", S::DepthUp.into(),    "search depth up / down"),
        (&[Char('-')],            "",    S::DepthDown.into(),  ""),
    ]);
    for slots in 0..=MAX_KILLER_SLOTS as u8 {
        let key = Char(char::from(b'0' + slots));
        let (label, help) = match slots {
            0 => (format!("0-{MAX_KILLER_SLOTS}"), "killer slots for the next search"),
            _ => (String::new(), ""),
        };
        rows.row(&[key], &label, S::SetKillers(slots).into(), help);
    }
    rows.table([
        (&[Char('r')],       "r",     Action::Rerun,              "re-run the search"),
        (&[Char('S')],       "S",     S::ToggleSelective.into(),  "selective search on / off (re-runs)"),
        (&[Char('s'), Esc],  "s Esc", Action::Stop,               "stop the search"),
    ]);
    rows.done()
}

/// The help overlay's keys: scrolling, and any other key closes it.
#[rustfmt::skip]
fn help() -> Vec<Binding> {
    let mut rows = Rows::with(Context::Help, Group::HelpView, [
        (&[Up, Char('k')],   "↑ ↓ k j",   Action::Scroll(-1),  "scroll a line up / down"),
        (&[Down, Char('j')], "",          Action::Scroll(1),   ""),
        (&[PageUp],          "PgUp PgDn", Action::Scroll(-10), "scroll a page up / down"),
        (&[PageDown],        "",          Action::Scroll(10),  ""),
        (&[Char('q')],       "q",         Action::Quit,        "quit"),
    ]);
    rows.push(Trigger::AnyKey(Action::Leave), "other", "close the help");
    rows.done()
}

/// The library picker's keys.
#[rustfmt::skip]
fn picker() -> Vec<Binding> {
    list(Context::Picker, Group::Picker, "previous / next position", [
        (&[Enter],                     "Enter",   Action::PickerLoad, "load the position and search it"),
        (&[Esc, Char('q'), Char('o')], "Esc q o", Action::Leave,      "close the picker"),
    ])
}
