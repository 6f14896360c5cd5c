//! The rows of the key table, mode by mode. Within a mode the first matching row wins, so a
//! fallback row (`AnyChar`, `AnyKey`) comes last. The help overlay lists the rows in this
//! order, grouped by `Group`.

use crate::explorer::keys::KeyCode::{
    self, BackTab, Backspace, Char, Delete, Down, End, Enter, Esc, Home, Left, PageDown, PageUp,
    Right, Tab, Up,
};

use super::{Action, Binding, Context, Group, Key, Trigger};
use crate::explorer::charts::IcicleMove;
use crate::explorer::line_edit::Edit;
use crate::explorer::tools::Tools;
use crate::search::MAX_KILLER_SLOTS;

mod diff;
pub mod lesson;

const _: () = assert!(MAX_KILLER_SLOTS <= 9, "one digit key per killer-slot count");

/// Builds rows of one mode: `row(keys, label, action, help, group)`.
struct Rows {
    context: Context,
    out: Vec<Binding>,
}

impl Rows {
    fn new(context: Context) -> Rows {
        Rows {
            context,
            out: Vec::new(),
        }
    }

    fn push(&mut self, trigger: Trigger, label: &str, help: &'static str, group: Group) {
        self.out.push(Binding {
            context: self.context,
            trigger,
            label: label.to_string(),
            help,
            group,
        });
    }

    /// Plain keys.
    fn row(
        &mut self,
        codes: &[KeyCode],
        label: &str,
        action: Action,
        help: &'static str,
        group: Group,
    ) {
        let keys = codes.iter().copied().map(Key::plain).collect();
        self.push(Trigger::Keys(keys, action), label, help, group);
    }

    /// Keys with or without Ctrl.
    fn keys(
        &mut self,
        keys: &[Key],
        label: &str,
        action: Action,
        help: &'static str,
        group: Group,
    ) {
        self.push(Trigger::Keys(keys.to_vec(), action), label, help, group);
    }

    /// `↑ k` and `↓ j`, listed on one line: the previous and next thing of a list or a view.
    fn up_down(&mut self, up: Action, down: Action, help: &'static str, group: Group) {
        self.row(&[Up, Char('k')], "↑ ↓ k j", up, help, group);
        self.row(&[Down, Char('j')], "", down, "", group);
    }

    /// A key listed on the line of the row before it (`]` after `[`).
    fn also(&mut self, code: KeyCode, action: Action, group: Group) {
        self.row(&[code], "", action, "", group);
    }
}

/// Every row, `Context::Everywhere` first.
pub(super) fn bindings() -> Vec<Binding> {
    let mut all = Rows::new(Context::Everywhere);
    all.push(
        Trigger::Keys(vec![Key::ctrl('c')], Action::Quit),
        "Ctrl-C",
        "quit, from any view",
        Group::General,
    );
    let mut out = all.out;
    out.extend(normal());
    out.extend(overlays());
    out.extend(charts());
    out.extend(lesson::rows());
    out.extend(diff::rows());
    out
}

fn normal() -> Vec<Binding> {
    use Group::{General, Search, Timeline, Tree};
    let mut r = Rows::new(Context::Normal);
    r.row(&[Up, Char('k')], "↑ k", Action::Up, "previous row", Tree);
    r.row(&[Down, Char('j')], "↓ j", Action::Down, "next row", Tree);
    r.row(&[Right, Char('l')], "→ l", Action::Open, "open node", Tree);
    r.row(
        &[Left, Char('h')],
        "← h",
        Action::Close,
        "close node / go to parent",
        Tree,
    );
    r.row(
        &[Enter, Char(' ')],
        "Enter Space",
        Action::Toggle,
        "open or close node",
        Tree,
    );
    r.row(
        &[Char('g'), Home],
        "g Home",
        Action::First,
        "first row",
        Tree,
    );
    r.row(&[Char('G'), End], "G End", Action::Last, "last row", Tree);
    r.row(&[PageUp], "PgUp", Action::PageUp, "one screen up", Tree);
    r.row(
        &[PageDown],
        "PgDn",
        Action::PageDown,
        "one screen down",
        Tree,
    );
    r.row(
        &[Char('z')],
        "z",
        Action::Zoom,
        "zoom: selected node becomes the root",
        Tree,
    );
    r.row(&[Char('Z')], "Z", Action::ZoomOut, "zoom back out", Tree);
    let to_node = "timeline to the end of the selected node";
    r.row(&[Char('t')], "t", Action::SeekNode, to_node, Timeline);
    let step = "timeline: one event back / forward";
    r.row(&[Char('[')], "[ ]", Action::StepBack, step, Timeline);
    r.also(Char(']'), Action::StepForward, Timeline);
    let cutoff = "previous / next beta cutoff";
    r.row(&[Char('{')], "{ }", Action::PrevCutoff, cutoff, Timeline);
    r.also(Char('}'), Action::NextCutoff, Timeline);
    let killer = "next cutoff by a killer move";
    r.row(
        &[Char('K')],
        "K",
        Action::NextKillerCutoff,
        killer,
        Timeline,
    );
    r.row(
        &[Char('p')],
        "p",
        Action::PlayPause,
        "play / pause the replay",
        Timeline,
    );
    r.row(
        &[Char('<')],
        "< >",
        Action::Slower,
        "replay slower / faster",
        Timeline,
    );
    r.also(Char('>'), Action::Faster, Timeline);
    r.row(&[Char('f')], "f", Action::EnterFen, "type a FEN", Search);
    let library = "pick a position from the library";
    r.row(&[Char('o')], "o", Action::OpenPicker, library, Search);
    let depth = "search depth up / down";
    r.row(
        &[Char('+'), Char('=')],
        "+ -",
        Action::DepthUp,
        depth,
        Search,
    );
    r.also(Char('-'), Action::DepthDown, Search);
    for slots in 0..=MAX_KILLER_SLOTS as u8 {
        let key = Char(char::from(b'0' + slots));
        let label = if slots == 0 {
            format!("0-{MAX_KILLER_SLOTS}")
        } else {
            String::new()
        };
        let help = if slots == 0 {
            "killer slots for the next search"
        } else {
            ""
        };
        r.row(&[key], &label, Action::SetKillers(slots), help, Search);
    }
    r.row(
        &[Char('r')],
        "r",
        Action::Rerun,
        "re-run the search",
        Search,
    );
    let selective = "selective search on / off (re-runs)";
    r.row(
        &[Char('S')],
        "S",
        Action::ToggleSelective,
        selective,
        Search,
    );
    r.row(
        &[Char('s'), Esc],
        "s Esc",
        Action::Stop,
        "stop the search",
        Search,
    );
    r.row(
        &[Char('c')],
        "c",
        Action::Compare,
        "compare ordering configurations",
        Search,
    );
    let audit = "audit: re-search the node's pruning without it";
    r.row(&[Char('a')], "a", Action::Audit, audit, Search);
    let best = "best reply at a cut node (full-window search)";
    r.row(&[Char('E')], "E", Action::BestReply, best, Search);
    let ladder = "ordering ladder: worst to oracle vs Knuth–Moore";
    r.row(&[Char('O')], "O", Action::Ladder, ladder, Search);
    let charts = "charts: nodes per ply, cutoffs, EBF, icicle";
    r.row(&[Char('v')], "v", Action::Charts, charts, General);
    let tables = "killer panel: killers / countermoves";
    r.row(&[Tab], "Tab", Action::KillerTab, tables, General);
    let notation = "moves in SAN / UCI / long (Bg2-c6)";
    r.row(&[Char('n')], "n", Action::CycleNotation, notation, General);
    let lessons = "lessons: pick one (they drive the explorer)";
    r.row(&[Char('L')], "L", Action::OpenLessons, lessons, General);
    let projector = "projector: high contrast, bigger board";
    r.row(&[Char('P')], "P", Action::Projector, projector, General);
    let focus = "board, killers, tree and lesson only";
    r.row(&[Char('F')], "F", Action::Focus, focus, General);
    let diff = "diff view, else diff against the last search";
    r.row(&[Char('D')], "D", Action::ShowDiff, diff, General);
    let save = "save the event log (.kslog)";
    r.row(&[Char('w')], "w", Action::SaveLog, save, General);
    let query = "query the nodes (as log query): marks matches";
    r.row(&[Char('/')], "/", Action::OpenQuery, query, Tree);
    let step = "next / previous query match";
    r.row(&[Char('.')], ". ,", Action::QueryStep(1), step, Tree);
    r.also(Char(','), Action::QueryStep(-1), Tree);
    let why = "why: the score's chain in Explain / walk it down";
    r.row(&[Char('y')], "y Y", Action::Why, why, Tree);
    r.also(Char('Y'), Action::WhyWalk, Tree);
    let mark = "bookmark the node with a note / list bookmarks";
    r.row(&[Char('b')], "b B", Action::Bookmark, mark, Tree);
    r.also(Char('B'), Action::OpenBookmarks, Tree);
    for (key, call) in Tools::key_rows() {
        let label = key.key.to_string();
        r.row(
            &[Char(key.key)],
            &label,
            Action::Tool(call),
            key.help,
            General,
        );
    }
    r.row(&[Char('?')], "?", Action::Help, "this help", General);
    r.row(&[Char('q')], "q", Action::Quit, "quit", General);
    r.out
}

fn overlays() -> Vec<Binding> {
    use Group::{CompareView, FenEntry, HelpView, Picker, QueryEntry};
    let mut help = Rows::new(Context::Help);
    let lines = "scroll a line up / down";
    help.up_down(Action::Scroll(-1), Action::Scroll(1), lines, HelpView);
    let pages = "scroll a page up / down";
    help.row(&[PageUp], "PgUp PgDn", Action::Scroll(-10), pages, HelpView);
    help.also(PageDown, Action::Scroll(10), HelpView);
    help.row(&[Char('q')], "q", Action::Quit, "quit", HelpView);
    help.push(
        Trigger::AnyKey(Action::Leave),
        "other",
        "close the help",
        HelpView,
    );

    let mut fen = Rows::new(Context::Fen);
    let load = "load the position and search it";
    fen.row(&[Enter], "Enter", Action::FenSubmit, load, FenEntry);
    fen.row(&[Esc], "Esc", Action::Leave, "cancel", FenEntry);
    line_edits(&mut fen, FenEntry);

    let mut picker = Rows::new(Context::Picker);
    let choose = "previous / next position";
    picker.up_down(Action::PickerPrev, Action::PickerNext, choose, Picker);
    let load = "load the position and search it";
    picker.row(&[Enter], "Enter", Action::PickerLoad, load, Picker);
    let close = "close the picker";
    picker.row(
        &[Esc, Char('q'), Char('o')],
        "Esc q o",
        Action::Leave,
        close,
        Picker,
    );

    let mut choose = Rows::new(Context::ComparePicker);
    let lines = "previous / next configuration";
    let (prev, next) = (Action::PickerPrev, Action::PickerNext);
    choose.up_down(prev, next, lines, Group::ComparePicker);
    let check = "check / uncheck it";
    let toggle = Action::CompareToggle;
    choose.row(
        &[Char(' '), Char('x')],
        "Space x",
        toggle,
        check,
        Group::ComparePicker,
    );
    let run = "compare the checked ones (at least two)";
    choose.row(
        &[Enter],
        "Enter",
        Action::CompareRun,
        run,
        Group::ComparePicker,
    );
    let keys = [Esc, Char('c'), Char('q')];
    choose.row(
        &keys,
        "Esc c q",
        Action::Leave,
        "cancel",
        Group::ComparePicker,
    );

    let mut compare = Rows::new(Context::Compare);
    let close = "close (stops a comparison or ladder still running)";
    let keys = [Esc, Char('c'), Char('q')];
    compare.row(&keys, "Esc c q", Action::Leave, close, CompareView);
    let next = "next picture: numbers, nodes per ply, icicles";
    compare.row(
        &[Tab, Char('v')],
        "Tab v",
        Action::NextChart,
        next,
        CompareView,
    );
    let back = "previous picture";
    compare.row(
        &[BackTab, Char('V')],
        "S-Tab V",
        Action::PrevChart,
        back,
        CompareView,
    );
    let pair = "icicles: the configuration under the first one";
    compare.row(
        &[Left, Char('h')],
        "← → h l",
        Action::PairWith(-1),
        pair,
        CompareView,
    );
    compare.row(
        &[Right, Char('l')],
        "",
        Action::PairWith(1),
        "",
        CompareView,
    );
    let colours = "icicles: colour by node type / by cutoff source";
    compare.row(
        &[Char('m')],
        "m",
        Action::ChartColours,
        colours,
        CompareView,
    );
    let ladder = "the ordering ladder of the position (climbs it once)";
    compare.row(&[Char('O')], "O", Action::Ladder, ladder, CompareView);

    let mut query = Rows::new(Context::Query);
    let run = "run the query: mark its matches in the tree";
    query.row(&[Enter], "Enter", Action::QuerySubmit, run, QueryEntry);
    query.row(&[Esc], "Esc", Action::Leave, "cancel", QueryEntry);
    line_edits(&mut query, QueryEntry);

    let mut note = Rows::new(Context::Note);
    let save = "save the bookmark (beside the log: FILE.marks)";
    note.row(
        &[Enter],
        "Enter",
        Action::NoteSubmit,
        save,
        Group::NoteEntry,
    );
    note.row(&[Esc], "Esc", Action::Leave, "cancel", Group::NoteEntry);
    line_edits(&mut note, Group::NoteEntry);

    let mut marks = Rows::new(Context::Bookmarks);
    let list = Group::BookmarkList;
    let lines = "previous / next bookmark";
    marks.up_down(Action::PickerPrev, Action::PickerNext, lines, list);
    let jump = "select its node, opening the path to it";
    marks.row(&[Enter], "Enter", Action::PickerLoad, jump, list);
    let delete = Action::BookmarkDelete;
    marks.row(&[Char('d'), Delete], "d Del", delete, "delete it", list);
    let keys = [Esc, Char('q'), Char('B')];
    marks.row(&keys, "Esc q B", Action::Leave, "close the list", list);

    [
        help.out,
        fen.out,
        query.out,
        note.out,
        marks.out,
        picker.out,
        choose.out,
        compare.out,
    ]
    .concat()
}

/// The editing rows of a one-line text field (the FEN box, the query line), readline's keys,
/// and typing: the field's own rows (Enter, Esc) come before them.
fn line_edits(rows: &mut Rows, group: Group) {
    let edits: [(&[Key], &str, Edit, &str); 9] = [
        (
            &[Key::ctrl('a'), Key::plain(Home)],
            "Ctrl-A Home",
            Edit::Start,
            "cursor to the start",
        ),
        (
            &[Key::ctrl('e'), Key::plain(End)],
            "Ctrl-E End",
            Edit::End,
            "cursor to the end",
        ),
        (
            &[Key::plain(Left), Key::ctrl('b')],
            "← Ctrl-B",
            Edit::Left,
            "cursor one character left",
        ),
        (
            &[Key::plain(Right), Key::ctrl('f')],
            "→ Ctrl-F",
            Edit::Right,
            "cursor one character right",
        ),
        (
            &[Key::plain(Backspace)],
            "Backspace",
            Edit::Backspace,
            "delete the character before the cursor",
        ),
        (
            &[Key::plain(Delete)],
            "Delete",
            Edit::Delete,
            "delete the character under the cursor",
        ),
        (
            &[Key::ctrl('u')],
            "Ctrl-U",
            Edit::KillToStart,
            "delete to the start",
        ),
        (
            &[Key::ctrl('k')],
            "Ctrl-K",
            Edit::KillToEnd,
            "delete to the end",
        ),
        (
            &[Key::ctrl('w')],
            "Ctrl-W",
            Edit::KillWord,
            "delete the word before the cursor",
        ),
    ];
    for (keys, label, edit, help) in edits {
        rows.keys(keys, label, Action::FenEdit(edit), help, group);
    }
    let typed = "typed at the cursor (a paste goes in at once)";
    rows.push(Trigger::AnyChar(Action::Insert), "any char", typed, group);
}

/// The charts view: cycling, the icicle, and the timeline keys of the normal view, so the
/// charts can be stepped and replayed while on screen.
fn charts() -> Vec<Binding> {
    use Group::ChartsView as G;
    let mut r = Rows::new(Context::Charts);
    r.row(
        &[Tab, Char('v')],
        "Tab v",
        Action::NextChart,
        "next chart",
        G,
    );
    let back = "previous chart";
    r.row(&[BackTab, Char('V')], "S-Tab V", Action::PrevChart, back, G);
    let along = "icicle: block to the left / right in the band";
    let left = Action::Icicle(IcicleMove::Left);
    r.row(&[Left, Char('h')], "← → h l", left, along, G);
    let right = Action::Icicle(IcicleMove::Right);
    r.row(&[Right, Char('l')], "", right, "", G);
    let across = "icicle: parent / first child block";
    let up = Action::Icicle(IcicleMove::Up);
    r.up_down(up, Action::Icicle(IcicleMove::Down), across, G);
    let zoom = "icicle: selected block becomes the root / back out";
    let zoom_in = Action::Icicle(IcicleMove::Zoom);
    r.row(&[Char('z')], "z Z", zoom_in, zoom, G);
    r.also(Char('Z'), Action::Icicle(IcicleMove::ZoomOut), G);
    let colours = "icicle: colour by node type / by cutoff source";
    r.row(&[Char('m')], "m", Action::ChartColours, colours, G);
    let step = "timeline: one event back / forward";
    r.row(&[Char('[')], "[ ]", Action::StepBack, step, G);
    r.also(Char(']'), Action::StepForward, G);
    let cutoff = "previous / next beta cutoff";
    r.row(&[Char('{')], "{ }", Action::PrevCutoff, cutoff, G);
    r.also(Char('}'), Action::NextCutoff, G);
    r.row(
        &[Char('p')],
        "p",
        Action::PlayPause,
        "play / pause the replay",
        G,
    );
    r.row(
        &[Char('<')],
        "< >",
        Action::Slower,
        "replay slower / faster",
        G,
    );
    r.also(Char('>'), Action::Faster, G);
    r.row(
        &[Esc, Char('q')],
        "Esc q",
        Action::Leave,
        "close the charts",
        G,
    );
    r.out
}
