//! The one key table. The key handler looks keys up here and the help overlay is generated from
//! it, so the two can never disagree.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Everything the user can ask for in the normal view. `App::update` interprets these; the
/// runtime never acts on keys directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select the row above.
    Up,
    /// Select the row below.
    Down,
    /// Close the selected node, or go to its parent.
    Close,
    /// Open the selected node (or show the next page of a "… N more" row).
    Open,
    /// Open or close the selected node.
    Toggle,
    /// Select the first row.
    First,
    /// Select the last row.
    Last,
    /// Move the selection one screen up.
    PageUp,
    /// Move the selection one screen down.
    PageDown,
    /// The selected node becomes the root of the view.
    Zoom,
    /// Undo the last zoom.
    ZoomOut,
    /// Timeline to the moment the selected node was finished (its killer store included).
    SeekNode,
    /// Timeline one event back.
    StepBack,
    /// Timeline one event forward.
    StepForward,
    /// Timeline to the previous beta cutoff.
    PrevCutoff,
    /// Timeline to the next beta cutoff.
    NextCutoff,
    /// Timeline to the next cutoff by a killer move.
    NextKillerCutoff,
    /// Start or pause the automatic replay.
    PlayPause,
    /// Replay slower.
    Slower,
    /// Replay faster.
    Faster,
    /// Type a FEN.
    EnterFen,
    /// Pick a position from the library.
    OpenPicker,
    /// One ply deeper for the next search.
    DepthUp,
    /// One ply shallower for the next search.
    DepthDown,
    /// Killer slots (0..=4) for the next search. (`k` is "up", as in every vi-style list, so
    /// the slot count has the digit keys.)
    SetKillers(u8),
    /// Search the current position again with the current settings.
    Rerun,
    /// Stop the running search (what was found so far stays browsable).
    Stop,
    /// Compare killers off and on for the current position.
    Compare,
    /// Save the event log to a `.kslog` file.
    SaveLog,
    /// Show or hide the help overlay.
    Help,
    /// Leave the explorer.
    Quit,
}

/// Which part of the help overlay a binding is listed under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Moving around the search tree.
    Tree,
    /// Stepping through the search in time.
    Timeline,
    /// Choosing what to search and how.
    Search,
    /// Everything else.
    General,
}

impl Group {
    /// Heading shown in the help overlay.
    pub fn title(self) -> &'static str {
        match self {
            Group::Tree => "Tree",
            Group::Timeline => "Timeline",
            Group::Search => "Search",
            Group::General => "General",
        }
    }

    /// All groups in the order the help overlay shows them.
    pub const ALL: [Group; 4] = [Group::Tree, Group::Timeline, Group::Search, Group::General];
}

/// One row of the key table. A row with an empty `label` continues the row before it in the
/// help overlay (e.g. `[` and `]` share one line).
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// The key codes that trigger the action (modifiers other than Shift are not accepted).
    pub codes: &'static [KeyCode],
    /// How the keys are written in the help overlay.
    pub label: &'static str,
    /// What they do.
    pub action: Action,
    /// Help text.
    pub help: &'static str,
    /// Help section.
    pub group: Group,
}

const fn bind(
    codes: &'static [KeyCode],
    label: &'static str,
    action: Action,
    help: &'static str,
    group: Group,
) -> Binding {
    Binding {
        codes,
        label,
        action,
        help,
        group,
    }
}

use KeyCode::{Char, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Up};

/// The key table: the handler's only source of truth, and the help overlay's.
pub const BINDINGS: &[Binding] = &[
    bind(
        &[Up, Char('k')],
        "↑ k",
        Action::Up,
        "previous row",
        Group::Tree,
    ),
    bind(
        &[Down, Char('j')],
        "↓ j",
        Action::Down,
        "next row",
        Group::Tree,
    ),
    bind(
        &[Right, Char('l')],
        "→ l",
        Action::Open,
        "open node / show more",
        Group::Tree,
    ),
    bind(
        &[Left, Char('h')],
        "← h",
        Action::Close,
        "close node / go to parent",
        Group::Tree,
    ),
    bind(
        &[Enter, Char(' ')],
        "Enter Space",
        Action::Toggle,
        "open or close node",
        Group::Tree,
    ),
    bind(
        &[Char('g'), Home],
        "g Home",
        Action::First,
        "first row",
        Group::Tree,
    ),
    bind(
        &[Char('G'), End],
        "G End",
        Action::Last,
        "last row",
        Group::Tree,
    ),
    bind(
        &[PageUp],
        "PgUp",
        Action::PageUp,
        "one screen up",
        Group::Tree,
    ),
    bind(
        &[PageDown],
        "PgDn",
        Action::PageDown,
        "one screen down",
        Group::Tree,
    ),
    bind(
        &[Char('z')],
        "z",
        Action::Zoom,
        "zoom: selected node becomes the root",
        Group::Tree,
    ),
    bind(
        &[Char('Z')],
        "Z",
        Action::ZoomOut,
        "zoom back out",
        Group::Tree,
    ),
    bind(
        &[Char('t')],
        "t",
        Action::SeekNode,
        "timeline to the end of the selected node",
        Group::Timeline,
    ),
    bind(
        &[Char('[')],
        "[ ]",
        Action::StepBack,
        "timeline: one event back / forward",
        Group::Timeline,
    ),
    bind(&[Char(']')], "", Action::StepForward, "", Group::Timeline),
    bind(
        &[Char('{')],
        "{ }",
        Action::PrevCutoff,
        "previous / next beta cutoff",
        Group::Timeline,
    ),
    bind(&[Char('}')], "", Action::NextCutoff, "", Group::Timeline),
    bind(
        &[Char('K')],
        "K",
        Action::NextKillerCutoff,
        "next cutoff by a killer move",
        Group::Timeline,
    ),
    bind(
        &[Char('p')],
        "p",
        Action::PlayPause,
        "play / pause the replay",
        Group::Timeline,
    ),
    bind(
        &[Char('<')],
        "< >",
        Action::Slower,
        "replay slower / faster",
        Group::Timeline,
    ),
    bind(&[Char('>')], "", Action::Faster, "", Group::Timeline),
    bind(
        &[Char('f')],
        "f",
        Action::EnterFen,
        "type a FEN",
        Group::Search,
    ),
    bind(
        &[Char('o')],
        "o",
        Action::OpenPicker,
        "pick a position from the library",
        Group::Search,
    ),
    bind(
        &[Char('+'), Char('=')],
        "+ -",
        Action::DepthUp,
        "search depth up / down",
        Group::Search,
    ),
    bind(&[Char('-')], "", Action::DepthDown, "", Group::Search),
    bind(
        &[Char('0')],
        "0-4",
        Action::SetKillers(0),
        "killer slots for the next search",
        Group::Search,
    ),
    bind(&[Char('1')], "", Action::SetKillers(1), "", Group::Search),
    bind(&[Char('2')], "", Action::SetKillers(2), "", Group::Search),
    bind(&[Char('3')], "", Action::SetKillers(3), "", Group::Search),
    bind(&[Char('4')], "", Action::SetKillers(4), "", Group::Search),
    bind(
        &[Char('r')],
        "r",
        Action::Rerun,
        "re-run the search",
        Group::Search,
    ),
    bind(
        &[Char('s'), Esc],
        "s Esc",
        Action::Stop,
        "stop the search",
        Group::Search,
    ),
    bind(
        &[Char('c')],
        "c",
        Action::Compare,
        "compare killers off / on",
        Group::Search,
    ),
    bind(
        &[Char('w')],
        "w",
        Action::SaveLog,
        "save the event log (.kslog)",
        Group::General,
    ),
    bind(&[Char('?')], "?", Action::Help, "this help", Group::General),
    bind(&[Char('q')], "q", Action::Quit, "quit", Group::General),
];

/// The action bound to a key press in the normal view, if any. Ctrl-C always quits.
pub fn action_for(key: KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == Char('c')).then_some(Action::Quit);
    }
    if key
        .modifiers
        .intersects(KeyModifiers::ALT | KeyModifiers::SUPER)
    {
        return None;
    }
    BINDINGS
        .iter()
        .find(|b| b.codes.contains(&key.code))
        .map(|b| b.action)
}
