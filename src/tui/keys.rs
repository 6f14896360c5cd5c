//! The one key table, for every mode. The key handler (`App::handle_key`) looks keys up here
//! and the help overlay is generated from it, so the two can never disagree. The rows are in
//! `keys/table.rs`; this file holds their types and the lookup.
//!
//! Lookup rules, in order: the first row of the current mode (or of `Context::Everywhere`,
//! whose rows come first) whose keys match wins. A mode may end with a fallback row — text
//! entry types any other character, the help overlay closes on any other key — so typed text
//! is a row of the table too, not a special case in the handler. While a lesson is open its
//! contexts (`Context::Question`, then `Context::Lesson`) are looked up before the mode's own:
//! the few keys they share with it are the lesson's there, on purpose (`App::contexts`).

use std::sync::LazyLock;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

pub use super::charts::IcicleMove;
pub use super::line_edit::Edit;
pub use group::Group;
pub use table::lesson::MAX_CHOICES;

mod group;
mod table;
#[cfg(test)]
mod tests;

/// Everything the user can ask for, in any mode. `App::update` interprets these; the runtime
/// never acts on keys directly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Select the row above.
    Up,
    /// Select the row below.
    Down,
    /// Close the selected node, or go to its parent.
    Close,
    /// Open the selected node.
    Open,
    /// Open or close the selected node.
    Toggle,
    /// Select the first row.
    First,
    /// Select the last row.
    Last,
    /// Move the selection one screen up (pages of children slide along).
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
    /// Killer slots (`0..=MAX_KILLER_SLOTS`) for the next search. (`k` is "up", as in every
    /// vi-style list, so the slot count has the digit keys.)
    SetKillers(u8),
    /// Search the current position again with the current settings.
    Rerun,
    /// Switch selective search (every technique) on or off and search again. Off is the
    /// default: the classroom lessons are read off the full-width tree.
    ToggleSelective,
    /// Stop the running search (what was found so far stays browsable).
    Stop,
    /// Open the compare picker: choose the configurations to search the position with.
    Compare,
    /// Save the event log to a `.kslog` file.
    SaveLog,
    /// Open the charts view (nodes per ply, cutoffs by rank and source, branching factor,
    /// icicle).
    Charts,
    /// Show the next chart.
    NextChart,
    /// Show the previous chart.
    PrevChart,
    /// Colour the icicle by node type or by cutoff source.
    ChartColours,
    /// Move the icicle's selection (and the tree's) or its root.
    Icicle(IcicleMove),
    /// Compare view: pair the first configuration's icicle with the previous (-1) or next (+1)
    /// configuration.
    PairWith(isize),
    /// Write moves in the next notation: SAN, UCI, long algebraic.
    CycleNotation,
    /// Switch the killer panel between the killer table and the countermove table.
    KillerTab,
    /// Show the help overlay.
    Help,
    /// Leave the explorer (from any mode: the overlay closes first).
    Quit,
    /// Scroll the help overlay by this many lines (negative: up).
    Scroll(i16),
    /// Highlight the previous library position in the picker.
    PickerPrev,
    /// Highlight the next library position in the picker.
    PickerNext,
    /// Load the highlighted library position and search it.
    PickerLoad,
    /// Load the typed FEN and search it (or show why it was refused).
    FenSubmit,
    /// Edit the typed FEN as readline does (move the cursor, delete, kill).
    FenEdit(Edit),
    /// Type this character into the FEN at the cursor (the text-entry fallback).
    Insert(char),
    /// Check or uncheck the highlighted configuration in the compare picker.
    CompareToggle,
    /// Search the checked configurations side by side (at least two).
    CompareRun,
    /// Leave the overlay for the normal view (stopping a comparison that is still running).
    Leave,
    /// Open the lesson picker: the bundled lessons.
    OpenLessons,
    /// Open the highlighted lesson in the lesson picker.
    LessonLoad,
    /// Go on to the lesson's next step (once the step's wait and question are done).
    LessonNext,
    /// Go back one step of the lesson, restoring what that step showed.
    LessonBack,
    /// Answer the step's question with this choice (0-based).
    LessonAnswer(u8),
    /// Close the lesson (the explorer stays where it is).
    CloseLesson,
    /// Projector mode on / off: high-contrast colours and a bigger board where it fits.
    Projector,
    /// Show only the board, the tree and the lesson (and back).
    Focus,
}

impl Action {
    /// Whether the action is one of the lesson's own (stepping, answering, closing): the
    /// learner's doing, which a step waiting for a key or a node does not count.
    pub fn is_lesson(self) -> bool {
        matches!(
            self,
            Action::LessonNext | Action::LessonBack | Action::LessonAnswer(_) | Action::CloseLesson
        )
    }
}

/// Where the keyboard is: the data-free side of `app::Mode`, so the table can name modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Rows that apply in every mode (Ctrl-C). Looked up before the mode's own rows.
    Everywhere,
    /// Tree, timeline and search keys.
    Normal,
    /// The help overlay.
    Help,
    /// Typing a FEN.
    Fen,
    /// The position picker.
    Picker,
    /// The checklist of configurations to compare.
    ComparePicker,
    /// The comparison of the chosen configurations.
    Compare,
    /// The charts view.
    Charts,
    /// Laid over the normal, charts and compare views while a lesson is open: its rows are
    /// looked up first (`App::contexts`).
    Lesson,
    /// Laid over `Lesson` while the step's question waits for an answer.
    Question,
    /// The lesson picker.
    LessonPicker,
}

impl Context {
    /// Every context, for tests and the help overlay.
    pub const ALL: [Context; 11] = [
        Context::Everywhere,
        Context::Normal,
        Context::Help,
        Context::Fen,
        Context::Picker,
        Context::ComparePicker,
        Context::Compare,
        Context::Charts,
        Context::Lesson,
        Context::Question,
        Context::LessonPicker,
    ];

    /// Whether a key held with Ctrl, Alt or Super still counts as the plain key. Not in the
    /// normal view (nor the lesson keys laid over it), so terminal and window-manager chords
    /// never start or stop a search; the overlays take the key alone (text entry must, since AltGr characters arrive with
    /// modifiers on some terminals).
    fn ignores_modifiers(self) -> bool {
        !matches!(self, Context::Normal | Context::Lesson | Context::Question)
    }
}

/// One key: a code, held with Ctrl or not (Shift is part of the code: `G`, `{`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    /// The key code.
    pub code: KeyCode,
    /// Whether Ctrl must be held.
    pub ctrl: bool,
}

impl Key {
    /// The key alone.
    pub const fn plain(code: KeyCode) -> Key {
        Key { code, ctrl: false }
    }

    /// The key with Ctrl held.
    pub const fn ctrl(c: char) -> Key {
        Key {
            code: KeyCode::Char(c),
            ctrl: true,
        }
    }

    /// The key event that presses this key (what the tests send).
    pub fn event(self) -> KeyEvent {
        let modifiers = if self.ctrl {
            KeyModifiers::CONTROL
        } else {
            KeyModifiers::NONE
        };
        KeyEvent::new(self.code, modifiers)
    }

    fn matches(self, key: KeyEvent, context: Context) -> bool {
        let chord = KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SUPER;
        key.code == self.code
            && if self.ctrl {
                key.modifiers.contains(KeyModifiers::CONTROL)
            } else {
                context.ignores_modifiers() || !key.modifiers.intersects(chord)
            }
    }
}

/// What sets a row off.
#[derive(Clone, Debug)]
pub enum Trigger {
    /// These keys perform the action.
    Keys(Vec<Key>, Action),
    /// Fallback for text entry: any other character key types it (the action made from it).
    AnyChar(fn(char) -> Action),
    /// Fallback: any other key performs the action.
    AnyKey(Action),
}

/// One row of the key table.
#[derive(Clone, Debug)]
pub struct Binding {
    /// The mode the row applies in.
    pub context: Context,
    /// The keys and what they do.
    pub trigger: Trigger,
    /// How the keys are written in the help overlay. Empty: the row is listed together with
    /// the row before it (`[` and `]` share the line `[ ]`).
    pub label: String,
    /// Help text.
    pub help: &'static str,
    /// Help section.
    pub group: Group,
}

impl Binding {
    /// The action this row performs for `key` in `context`, if the row applies.
    pub fn action_for(&self, key: KeyEvent, context: Context) -> Option<Action> {
        let applies = self.context == Context::Everywhere || self.context == context;
        if !applies {
            return None;
        }
        match &self.trigger {
            Trigger::Keys(keys, action) => keys
                .iter()
                .any(|k| k.matches(key, context))
                .then_some(*action),
            Trigger::AnyChar(action) => match key.code {
                KeyCode::Char(c)
                    if Key::plain(key.code).matches(key, context) && !key.is_chord() =>
                {
                    Some(action(c))
                }
                _ => None,
            },
            Trigger::AnyKey(action) => Some(*action),
        }
    }

    /// The action of a row with listed keys (`None` for fallbacks).
    pub fn action(&self) -> Option<Action> {
        match self.trigger {
            Trigger::Keys(_, action) => Some(action),
            Trigger::AnyChar(_) | Trigger::AnyKey(_) => None,
        }
    }
}

/// Ctrl held without Alt: a command (Ctrl-X), never text, even where modifiers are otherwise
/// ignored. Ctrl with Alt is AltGr on some terminals, which types characters.
trait Chord {
    fn is_chord(&self) -> bool;
}

impl Chord for KeyEvent {
    fn is_chord(&self) -> bool {
        self.modifiers.contains(KeyModifiers::CONTROL)
            && !self.modifiers.contains(KeyModifiers::ALT)
    }
}

static BINDINGS: LazyLock<Vec<Binding>> = LazyLock::new(table::bindings);

/// The key table: the handler's only source of truth, and the help overlay's.
pub fn bindings() -> &'static [Binding] {
    &BINDINGS
}

/// The action bound to a key press in `context`, if any.
pub fn action_for(context: Context, key: KeyEvent) -> Option<Action> {
    bindings().iter().find_map(|b| b.action_for(key, context))
}

/// How the keys for `action` in `context` are written (`?`, `[ ]`), for hint lines that
/// name keys: they follow the table when a key is rebound.
pub fn label(context: Context, action: Action) -> &'static str {
    bindings()
        .iter()
        .find(|b| b.context == context && b.action() == Some(action))
        .map_or("", |b| b.label.as_str())
}
