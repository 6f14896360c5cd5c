//! The one key table, for every mode. The key handler (`Explorer::handle_key`) looks keys up
//! here, the help overlay and the hint line are generated from it and a lesson's "press K" is
//! checked against it, so none of them can disagree. Keys are the model's own (`KeyPress`):
//! the terminal layer translates its key events into them. The rows are the router's
//! (`keys/table.rs`) and every view's (`View::keys`, built with `keys/rows.rs`); this file
//! holds their types and the lookup.
//!
//! Lookup rules, in order: the first row of the current mode (or of `Context::Everywhere`,
//! whose rows come first) whose keys match wins. A mode may end with a fallback row — text
//! entry types any other character, the help overlay closes on any other key — so typed text
//! is a row of the table too, not a special case in the handler. While a lesson is open its
//! contexts (`Context::Question`, then `Context::Lesson`) are looked up before the mode's own:
//! the few keys they share with it are the lesson's there, on purpose (`Explorer::contexts`).

use std::sync::LazyLock;

pub use super::action::Action;
pub use crate::views::lessons::MAX_CHOICES;
pub use group::Group;
pub(crate) use rows::{KeyRow, Rows, field, list};

use crate::views::ViewId;

mod group;
mod rows;
mod table;
#[cfg(test)]
mod tests;

/// Where the keyboard is: `Mode` without what its overlays remember (a list keeps its owner), so
/// the table can name modes.
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
    /// looked up first (`Explorer::contexts`).
    Lesson,
    /// Laid over `Lesson` while the step's question waits for an answer.
    Question,
    /// The lesson picker.
    LessonPicker,
    /// The diff view: two searches as one tree.
    Diff,
    /// Typing a node query.
    Query,
    /// Writing a bookmark's note.
    Note,
    /// The list a view shows over the screen (`Mode::List`): the owning view's rows.
    List(ViewId),
}

impl Context {
    /// Every context but the views' lists, which [`Context::all`] adds.
    const FIXED: [Context; 14] = [
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
        Context::Diff,
        Context::Query,
        Context::Note,
    ];

    /// Every context, for tests and the help overlay: the fixed ones, then the list of each
    /// view that has one (`View::LIST`), in registry order.
    pub fn all() -> Vec<Context> {
        let lists = ViewId::ALL.iter().filter(|id| id.list_title().is_some());
        Context::FIXED
            .into_iter()
            .chain(lists.map(|&id| Context::List(id)))
            .collect()
    }

    /// Whether a key held with Ctrl, Alt or Super still counts as the plain key. Not in the
    /// normal view (nor the lesson keys laid over it), so terminal and window-manager chords
    /// never start or stop a search; the overlays take the key alone (text entry must, since AltGr characters arrive with
    /// modifiers on some terminals).
    fn ignores_modifiers(self) -> bool {
        !matches!(self, Context::Normal | Context::Lesson | Context::Question)
    }
}

/// A key of the keyboard (Shift is part of a character: `G`, `{`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyCode {
    /// A character key.
    Char(char),
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Arrow left.
    Left,
    /// Arrow right.
    Right,
    /// Enter.
    Enter,
    /// Escape.
    Esc,
    /// Tab.
    Tab,
    /// Shift-Tab.
    BackTab,
    /// Backspace.
    Backspace,
    /// Delete.
    Delete,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// Any other key (function keys, Insert…): bound to nothing but the fallbacks.
    Other,
}

/// A key pressed, with the modifiers held.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyPress {
    /// The key.
    pub code: KeyCode,
    /// Ctrl held.
    pub ctrl: bool,
    /// Alt held.
    pub alt: bool,
    /// Super (Windows, Command) held.
    pub meta: bool,
}

impl KeyPress {
    /// The key alone.
    pub const fn plain(code: KeyCode) -> KeyPress {
        KeyPress {
            code,
            ctrl: false,
            alt: false,
            meta: false,
        }
    }

    /// Whether Ctrl, Alt or Super is held: a chord.
    fn any_modifier(self) -> bool {
        self.ctrl || self.alt || self.meta
    }

    /// Ctrl held without Alt: a command (Ctrl-X), never text, even where modifiers are
    /// otherwise ignored. Ctrl with Alt is AltGr on some terminals, which types characters.
    fn is_chord(self) -> bool {
        self.ctrl && !self.alt
    }
}

/// One key of the table: a code, held with Ctrl or not.
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

    /// The key press of this key (what tests and lesson checks send).
    pub fn press(self) -> KeyPress {
        KeyPress {
            ctrl: self.ctrl,
            ..KeyPress::plain(self.code)
        }
    }

    fn matches(self, key: KeyPress, context: Context) -> bool {
        key.code == self.code
            && if self.ctrl {
                key.ctrl
            } else {
                context.ignores_modifiers() || !key.any_modifier()
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
    pub fn action_for(&self, key: KeyPress, context: Context) -> Option<Action> {
        let applies = self.context == Context::Everywhere || self.context == context;
        if !applies {
            return None;
        }
        match &self.trigger {
            Trigger::Keys(keys, action) => keys
                .iter()
                .any(|k| k.matches(key, context))
                .then(|| action.clone()),
            Trigger::AnyChar(action) => match key.code {
                KeyCode::Char(c)
                    if Key::plain(key.code).matches(key, context) && !key.is_chord() =>
                {
                    Some(action(c))
                }
                _ => None,
            },
            Trigger::AnyKey(action) => Some(action.clone()),
        }
    }

    /// The action of a row with listed keys (`None` for fallbacks).
    pub fn action(&self) -> Option<&Action> {
        match &self.trigger {
            Trigger::Keys(_, action) => Some(action),
            Trigger::AnyChar(_) | Trigger::AnyKey(_) => None,
        }
    }
}

static BINDINGS: LazyLock<Vec<Binding>> = LazyLock::new(table::bindings);

/// The key table: the handler's only source of truth, and the help overlay's.
pub fn bindings() -> &'static [Binding] {
    &BINDINGS
}

/// The action bound to a key press in `context`, if any.
pub fn action_for(context: Context, key: KeyPress) -> Option<Action> {
    bindings().iter().find_map(|b| b.action_for(key, context))
}

/// How the keys for `action` in `context` are written (`?`, `[ ]`), for hint lines that
/// name keys: they follow the table when a key is rebound.
pub fn label(context: Context, action: &Action) -> &'static str {
    bindings()
        .iter()
        .find(|b| b.context == context && b.action() == Some(action))
        .map_or("", |b| b.label.as_str())
}
