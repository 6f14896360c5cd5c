//! The rows of the key table, mode by mode. Within a mode the first matching row wins, so a
//! fallback row (`AnyChar`, `AnyKey`) comes last. The help overlay lists the rows in this
//! order, grouped by `Group`.

use crate::{
    keys::KeyCode, keys::KeyCode::BackTab, keys::KeyCode::Backspace, keys::KeyCode::Char,
    keys::KeyCode::Delete, keys::KeyCode::Down, keys::KeyCode::End, keys::KeyCode::Enter,
    keys::KeyCode::Esc, keys::KeyCode::Home, keys::KeyCode::Left, keys::KeyCode::PageDown,
    keys::KeyCode::PageUp, keys::KeyCode::Right, keys::KeyCode::Tab, keys::KeyCode::Up,
};

use super::{Action, Binding, Context, Group, Key, Trigger};
use crate::charts::IcicleMove;
use crate::line_edit::Edit;
use crate::tools::Tools;
use killerscope_log::MAX_KILLER_SLOTS;

mod diff;
pub mod lesson;

const _: () = assert!(MAX_KILLER_SLOTS <= 9, "one digit key per killer-slot count");

/// One row of a table: the keys, how the help overlay writes them, the action, the help text.
/// A row with an empty label and help is listed on the line of the row before it.
type Row = (&'static [KeyCode], &'static str, Action, &'static str);

/// Builds the rows of one mode and one help group.
struct Rows {
    context: Context,
    group: Group,
    out: Vec<Binding>,
}

impl Rows {
    fn new(context: Context, group: Group) -> Rows {
        Rows {
            context,
            group,
            out: Vec::new(),
        }
    }

    /// Rows of `table`, in order.
    fn with<const N: usize>(context: Context, group: Group, table: [Row; N]) -> Rows {
        let mut rows = Rows::new(context, group);
        rows.table(table);
        rows
    }

    /// The rows of `table`, in order, each of plain keys.
    fn table<const N: usize>(&mut self, table: [Row; N]) {
        for (codes, label, action, help) in table {
            self.row(codes, label, action, help);
        }
    }

    fn push(&mut self, trigger: Trigger, label: &str, help: &'static str) {
        self.out.push(Binding {
            context: self.context,
            trigger,
            label: label.to_string(),
            help,
            group: self.group,
        });
    }

    /// Plain keys.
    fn row(&mut self, codes: &[KeyCode], label: &str, action: Action, help: &'static str) {
        let keys = codes.iter().copied().map(Key::plain).collect();
        self.push(Trigger::Keys(keys, action), label, help);
    }

    /// Keys with or without Ctrl.
    fn keys(&mut self, keys: &[Key], label: &str, action: Action, help: &'static str) {
        self.push(Trigger::Keys(keys.to_vec(), action), label, help);
    }
}

/// Every row, `Context::Everywhere` first.
#[rustfmt::skip]
pub(super) fn bindings() -> Vec<Binding> {
    let mut all = Rows::new(Context::Everywhere, Group::General);
    all.push(Trigger::Keys(vec![Key::ctrl('c')], Action::Quit), "Ctrl-C", "quit, from any view");
    [
        all.out,
        tree(),
        timeline(),
        search(),
        general(),
        help(),
        field(Context::Fen, Group::FenEntry, Action::FenSubmit, "load the position and search it"),
        field(Context::Query, Group::QueryEntry, Action::QuerySubmit, "run the query: mark its matches in the tree"),
        field(Context::Note, Group::NoteEntry, Action::NoteSubmit, "save the bookmark (beside the log: FILE.marks)"),
        bookmarks(),
        picker(),
        compare_picker(),
        compare(),
        charts(),
        lesson::rows(),
        diff::rows(),
    ]
    .concat()
}

/// Moving through a tree, row by row: the normal view's tree and the diff view's aligned tree
/// (whose rows are pairs of nodes).
#[rustfmt::skip]
fn tree_moves() -> [Row; 9] {
    [
        (&[Up, Char('k')],    "↑ ↓ k j",     Action::Up,       "previous / next row"),
        (&[Down, Char('j')],  "",            Action::Down,     ""),
        (&[Right, Char('l')], "→ l",         Action::Open,     "open the row"),
        (&[Left, Char('h')],  "← h",         Action::Close,    "close the row / go to its parent"),
        (&[Enter, Char(' ')], "Enter Space", Action::Toggle,   "open or close the row"),
        (&[Char('g'), Home],  "g G",         Action::First,    "first / last row"),
        (&[Char('G'), End],   "",            Action::Last,     ""),
        (&[PageUp],           "PgUp PgDn",   Action::PageUp,   "one screen up / down"),
        (&[PageDown],         "",            Action::PageDown, ""),
    ]
}

/// The normal view's tree keys.
#[rustfmt::skip]
fn tree() -> Vec<Binding> {
    let mut rows = Rows::with(Context::Normal, Group::Tree, tree_moves());
    rows.table([
        (&[Char('z')], "z",   Action::Zoom,          "zoom: selected node becomes the root"),
        (&[Char('Z')], "Z",   Action::ZoomOut,       "zoom back out"),
        (&[Char('/')], "/",   Action::OpenQuery,     "query the nodes (as log query): marks matches"),
        (&[Char('.')], ". ,", Action::QueryStep(1),  "next / previous query match"),
        (&[Char(',')], "",    Action::QueryStep(-1), ""),
        (&[Char('y')], "y Y", Action::Why,           "why: the score's chain in Explain / walk it down"),
        (&[Char('Y')], "",    Action::WhyWalk,       ""),
        (&[Char('b')], "b B", Action::Bookmark,      "bookmark the node with a note / list bookmarks"),
        (&[Char('B')], "",    Action::OpenBookmarks, ""),
    ]);
    rows.out
}

/// The normal view's timeline keys (the charts view repeats most of them).
fn timeline() -> Vec<Binding> {
    let mut rows = Rows::new(Context::Normal, Group::Timeline);
    let to_node = "timeline to the end of the selected node";
    rows.row(&[Char('t')], "t", Action::SeekNode, to_node);
    rows.table(stepping());
    let killer = "next cutoff by a killer move";
    rows.row(&[Char('K')], "K", Action::NextKillerCutoff, killer);
    rows.table(playing());
    rows.out
}

/// Stepping the timeline, in the normal view and the charts view.
#[rustfmt::skip]
fn stepping() -> [Row; 4] {
    [
        (&[Char('[')], "[ ]", Action::StepBack,    "timeline: one event back / forward"),
        (&[Char(']')], "",    Action::StepForward, ""),
        (&[Char('{')], "{ }", Action::PrevCutoff,  "previous / next beta cutoff"),
        (&[Char('}')], "",    Action::NextCutoff,  ""),
    ]
}

/// Playing the replay, in the normal view and the charts view.
#[rustfmt::skip]
fn playing() -> [Row; 3] {
    [
        (&[Char('p')], "p",   Action::PlayPause, "play / pause the replay"),
        (&[Char('<')], "< >", Action::Slower,    "replay slower / faster"),
        (&[Char('>')], "",    Action::Faster,    ""),
    ]
}

/// The normal view's search keys: the position, the depth, the killer slots, the jobs.
#[rustfmt::skip]
fn search() -> Vec<Binding> {
    let mut rows = Rows::with(Context::Normal, Group::Search, [
        (&[Char('f')],            "f",   Action::EnterFen,   "type a FEN"),
        (&[Char('o')],            "o",   Action::OpenPicker, "pick a position from the library"),
        (&[Char('+'), Char('=')], "+ -", Action::DepthUp,    "search depth up / down"),
        (&[Char('-')],            "",    Action::DepthDown,  ""),
    ]);
    for slots in 0..=MAX_KILLER_SLOTS as u8 {
        let key = Char(char::from(b'0' + slots));
        let (label, help) = match slots {
            0 => (format!("0-{MAX_KILLER_SLOTS}"), "killer slots for the next search"),
            _ => (String::new(), ""),
        };
        rows.row(&[key], &label, Action::SetKillers(slots), help);
    }
    rows.table([
        (&[Char('r')],       "r",     Action::Rerun,           "re-run the search"),
        (&[Char('S')],       "S",     Action::ToggleSelective, "selective search on / off (re-runs)"),
        (&[Char('s'), Esc],  "s Esc", Action::Stop,            "stop the search"),
        (&[Char('c')],       "c",     Action::Compare,         "compare ordering configurations"),
        (&[Char('a')],       "a",     Action::Audit,           "audit: re-search the node's pruning without it"),
        (&[Char('E')],       "E",     Action::BestReply,       "best reply at a cut node (full-window search)"),
        (&[Char('O')],       "O",     Action::Ladder,          "ordering ladder: worst to oracle vs Knuth–Moore"),
    ]);
    rows.out
}

/// The normal view's other keys: views, panels, display, saving, the tools, help and quit.
#[rustfmt::skip]
fn general() -> Vec<Binding> {
    let mut rows = Rows::with(Context::Normal, Group::General, [
        (&[Char('v')], "v",   Action::Charts,        "charts: nodes per ply, cutoffs, EBF, icicle"),
        (&[Tab],       "Tab", Action::KillerTab,     "killer panel: killers / countermoves"),
        (&[Char('n')], "n",   Action::CycleNotation, "moves in SAN / UCI / long (Bg2-c6)"),
        (&[Char('L')], "L",   Action::OpenLessons,   "lessons: pick one (they drive the explorer)"),
        (&[Char('P')], "P",   Action::Projector,     "projector: high contrast, bigger board"),
        (&[Char('F')], "F",   Action::Focus,         "board, killers, tree and lesson only"),
        (&[Char('D')], "D",   Action::ShowDiff,      "diff view, else diff against the last search"),
        (&[Char('w')], "w",   Action::SaveLog,       "save the event log (.kslog)"),
    ]);
    for (key, call) in Tools::key_rows() {
        let label = key.key.to_string();
        rows.row(&[Char(key.key)], &label, Action::Tool(call), key.help);
    }
    rows.row(&[Char('?')], "?", Action::Help, "this help");
    rows.row(&[Char('q')], "q", Action::Quit, "quit");
    rows.out
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
    rows.out
}

/// A one-line field's keys (the FEN box, the query line, the note): Enter does `submit`, Esc
/// cancels, then the editing rows.
fn field(context: Context, group: Group, submit: Action, help: &'static str) -> Vec<Binding> {
    let mut rows = Rows::new(context, group);
    rows.row(&[Enter], "Enter", submit, help);
    rows.row(&[Esc], "Esc", Action::Leave, "cancel");
    line_edits(&mut rows);
    rows.out
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
fn list<const N: usize>(
    context: Context,
    group: Group,
    moves: &'static str,
    own: [Row; N],
) -> Vec<Binding> {
    let mut rows = Rows::new(context, group);
    rows.row(&[Up, Char('k')], "↑ ↓ k j", Action::PickerPrev, moves);
    rows.row(&[Down, Char('j')], "", Action::PickerNext, "");
    rows.table(own);
    rows.out
}

/// The bookmark list's keys.
#[rustfmt::skip]
fn bookmarks() -> Vec<Binding> {
    list(Context::Bookmarks, Group::BookmarkList, "previous / next bookmark", [
        (&[Enter],                     "Enter",   Action::PickerLoad,     "select its node, opening the path to it"),
        (&[Char('d'), Delete],         "d Del",   Action::BookmarkDelete, "delete it"),
        (&[Esc, Char('q'), Char('B')], "Esc q B", Action::Leave,          "close the list"),
    ])
}

/// The library picker's keys.
#[rustfmt::skip]
fn picker() -> Vec<Binding> {
    list(Context::Picker, Group::Picker, "previous / next position", [
        (&[Enter],                     "Enter",   Action::PickerLoad, "load the position and search it"),
        (&[Esc, Char('q'), Char('o')], "Esc q o", Action::Leave,      "close the picker"),
    ])
}

/// The compare picker's keys.
#[rustfmt::skip]
fn compare_picker() -> Vec<Binding> {
    list(Context::ComparePicker, Group::ComparePicker, "previous / next configuration", [
        (&[Char(' '), Char('x')],      "Space x", Action::CompareToggle, "check / uncheck it"),
        (&[Enter],                     "Enter",   Action::CompareRun,    "compare the checked ones (at least two)"),
        (&[Esc, Char('c'), Char('q')], "Esc c q", Action::Leave,         "cancel"),
    ])
}

/// The compare view's keys.
#[rustfmt::skip]
fn compare() -> Vec<Binding> {
    Rows::with(Context::Compare, Group::CompareView, [
        (&[Esc, Char('c'), Char('q')], "Esc c q", Action::Leave,        "close (stops a comparison or ladder still running)"),
        (&[Tab, Char('v')],            "Tab v",   Action::NextChart,    "next picture: numbers, nodes per ply, icicles"),
        (&[BackTab, Char('V')],        "S-Tab V", Action::PrevChart,    "previous picture"),
        (&[Left, Char('h')],           "← → h l", Action::PairWith(-1), "icicles: the configuration under the first one"),
        (&[Right, Char('l')],          "",        Action::PairWith(1),  ""),
        (&[Char('m')],                 "m",       Action::ChartColours, "icicles: colour by node type / by cutoff source"),
        (&[Char('O')],                 "O",       Action::Ladder,       "the ordering ladder of the position (climbs it once)"),
    ]).out
}

/// The charts view: cycling, the icicle, and the timeline keys of the normal view, so the
/// charts can be stepped and replayed while on screen.
#[rustfmt::skip]
fn charts() -> Vec<Binding> {
    use IcicleMove::{Down as Deeper, Left as Before, Right as After, Up as Parent, Zoom, ZoomOut};
    let mut rows = Rows::with(Context::Charts, Group::ChartsView, [
        (&[Tab, Char('v')],     "Tab v",   Action::NextChart,        "next chart"),
        (&[BackTab, Char('V')], "S-Tab V", Action::PrevChart,        "previous chart"),
        (&[Left, Char('h')],    "← → h l", Action::Icicle(Before),   "icicle: block to the left / right in the band"),
        (&[Right, Char('l')],   "",        Action::Icicle(After),    ""),
        (&[Up, Char('k')],      "↑ ↓ k j", Action::Icicle(Parent),   "icicle: parent / first child block"),
        (&[Down, Char('j')],    "",        Action::Icicle(Deeper),   ""),
        (&[Char('z')],          "z Z",     Action::Icicle(Zoom),     "icicle: selected block becomes the root / back out"),
        (&[Char('Z')],          "",        Action::Icicle(ZoomOut),  ""),
        (&[Char('m')],          "m",       Action::ChartColours,     "icicle: colour by node type / by cutoff source"),
    ]);
    rows.table(stepping());
    rows.table(playing());
    rows.row(&[Esc, Char('q')], "Esc q", Action::Leave, "close the charts");
    rows.out
}
