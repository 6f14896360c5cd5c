//! Which overlay or view has the keyboard, and what each overlay remembers while it is open:
//! the help's scroll, the line being typed, the highlighted line of a list, the compare
//! checklist. The keys every overlay shares — moving through a list, editing a line, leaving —
//! change only the mode; what they ask of the explorer beyond it (load a position) comes back as
//! an `Outcome` for the router, and a view's own overlay keys are the view's (`views`). A view
//! that lists something over the screen needs no mode of its own: it opens `Mode::List` with
//! its `ViewId`, and its keys there are its rows of `Context::List`.

use super::action::Action;
use super::keys::Context;
use super::line_edit::{CAPACITY, LineEdit};
use super::views::ViewId;
use super::views::compare::ConfigPicker;

/// What the keyboard is talking to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Tree, timeline and search keys.
    Normal,
    /// The help overlay, scrolled down this many lines (it can be taller than a small screen).
    Help(u16),
    /// Typing a FEN; `error` is the reason the last attempt was refused.
    Fen {
        /// The text typed so far and the cursor.
        input: LineEdit,
        /// Why the last Enter (or paste) was refused.
        error: Option<String>,
    },
    /// Choosing a library position; the index of the highlighted one.
    Picker(usize),
    /// Choosing the configurations to compare.
    ComparePicker(ConfigPicker),
    /// The comparison of the chosen configurations.
    Compare,
    /// The charts view in place of the lower panels.
    Charts,
    /// Choosing a bundled lesson; the index of the highlighted one.
    LessonPicker(usize),
    /// Two searches as one tree (`tui --diff A B`).
    Diff,
    /// Typing a node query (`/`), edited as the FEN box is; `error` is why the last Enter
    /// was refused (the query language's error, which names the column).
    Query {
        /// The text typed so far and the cursor.
        input: LineEdit,
        /// Why the last Enter was refused.
        error: Option<String>,
    },
    /// Writing the note of a bookmark on `node` (`b`), edited as the FEN box is.
    Note {
        /// The text typed so far and the cursor.
        input: LineEdit,
        /// The node bookmarked.
        node: super::session::NodeId,
        /// Why the last paste was cut short.
        error: Option<String>,
    },
    /// A list a view shows over the screen: the view `owner` draws it, says how long it is
    /// (`Hooks::list_len`) and takes its keys (`Context::List`).
    List {
        /// The view whose list it is.
        owner: ViewId,
        /// The highlighted line.
        index: usize,
    },
}

/// What an overlay key asks of the explorer beyond the overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing: the overlay changed (or not) by itself.
    Stay,
    /// The overlay (or view) of this mode was left: the views it belongs to may have work to
    /// stop.
    Closed(Mode),
    /// Load the FEN typed (the box stays open until it is accepted).
    SubmitFen(String),
    /// Load the library position with this index.
    LoadPosition(usize),
}

impl Mode {
    /// The key-table context of this mode: which rows of `keys::bindings` apply.
    pub fn context(&self) -> Context {
        match self {
            Mode::Normal => Context::Normal,
            Mode::Help(_) => Context::Help,
            Mode::Fen { .. } => Context::Fen,
            Mode::Picker(_) => Context::Picker,
            Mode::ComparePicker(_) => Context::ComparePicker,
            Mode::Compare => Context::Compare,
            Mode::Charts => Context::Charts,
            Mode::LessonPicker(_) => Context::LessonPicker,
            Mode::Diff => Context::Diff,
            Mode::Query { .. } => Context::Query,
            Mode::Note { .. } => Context::Note,
            Mode::List { owner, .. } => Context::List(*owner),
        }
    }

    /// Whether the lesson panel is on screen (and its keys work) in this mode: the views a
    /// lesson drives, not the pickers, the FEN box or the help.
    pub fn shows_lesson(&self) -> bool {
        matches!(self, Mode::Normal | Mode::Charts | Mode::Compare)
    }

    /// Whether the charts panel is on screen.
    pub fn shows_charts(&self) -> bool {
        *self == Mode::Charts
    }

    /// The list of view `owner`, its first line highlighted.
    pub fn list(owner: ViewId) -> Mode {
        Mode::List { owner, index: 0 }
    }

    /// The highlighted line when the list on screen is `owner`'s.
    pub fn list_index(&self, owner: ViewId) -> Option<usize> {
        match *self {
            Mode::List { owner: o, index } if o == owner => Some(index),
            _ => None,
        }
    }

    /// An empty FEN box.
    pub fn fen_box() -> Mode {
        Mode::Fen {
            input: LineEdit::default(),
            error: None,
        }
    }

    /// The query line, opening with `text` (the last query run).
    pub fn query_line(text: &str) -> Mode {
        Mode::Query {
            input: LineEdit::with_text(text),
            error: None,
        }
    }

    /// Applies a key of an overlay; `choices` is how many lines its picker lists.
    pub fn update(&mut self, action: &Action, choices: usize) -> Outcome {
        match (&mut *self, action) {
            (Mode::Help(scroll), Action::Scroll(lines)) => {
                *scroll = scroll.saturating_add_signed(*lines);
            }
            (
                Mode::Picker(index) | Mode::LessonPicker(index) | Mode::List { index, .. },
                Action::PickerPrev,
            ) => *index = index.saturating_sub(1),
            (
                Mode::Picker(index) | Mode::LessonPicker(index) | Mode::List { index, .. },
                Action::PickerNext,
            ) => *index = (*index + 1).min(choices.saturating_sub(1)),
            (Mode::Picker(index), Action::PickerLoad) => {
                let chosen = *index;
                *self = Mode::Normal;
                return Outcome::LoadPosition(chosen);
            }
            (Mode::ComparePicker(picker), Action::PickerPrev) => picker.up(),
            (Mode::ComparePicker(picker), Action::PickerNext) => picker.down(),
            (Mode::Fen { input, .. }, Action::FenSubmit) => {
                return Outcome::SubmitFen(input.text().trim().to_string());
            }
            (mode, Action::FenEdit(edit)) if mode.field().is_some() => {
                if let Some((input, error)) = mode.field_mut() {
                    input.apply(*edit);
                    *error = None;
                }
            }
            (mode, Action::Insert(c)) if mode.field().is_some() => {
                mode.paste(c.encode_utf8(&mut [0; 4]))
            }
            (mode, Action::Leave) => {
                return Outcome::Closed(std::mem::replace(mode, Mode::Normal));
            }
            _ => {}
        }
        Outcome::Stay
    }

    /// Pasted (or typed) text: goes into the one-line field (FEN, query, note) at the cursor in one
    /// step, what does not fit is left out with a message; ignored elsewhere, so a paste into
    /// the tree view is not taken for a burst of commands.
    pub fn paste(&mut self, text: &str) {
        if let Some((input, error)) = self.field_mut() {
            let dropped = input.insert(text);
            *error = (dropped > 0).then(|| {
                format!(
                    "the box holds {CAPACITY} characters (a FEN is under 100): {} left out",
                    killerscope_engine::fmt::grouped(dropped as u64)
                )
            });
        }
    }

    /// The one-line field being typed in (the FEN box, the query line, the note) and why its
    /// last Enter was refused, if this mode has one.
    pub fn field(&self) -> Option<(&LineEdit, Option<&str>)> {
        match self {
            Mode::Fen { input, error }
            | Mode::Query { input, error }
            | Mode::Note { input, error, .. } => Some((input, error.as_deref())),
            _ => None,
        }
    }

    /// The same, to edit: the text and the refusal it clears.
    fn field_mut(&mut self) -> Option<(&mut LineEdit, &mut Option<String>)> {
        match self {
            Mode::Fen { input, error }
            | Mode::Query { input, error }
            | Mode::Note { input, error, .. } => Some((input, error)),
            _ => None,
        }
    }

    /// The FEN box or the query line says why the text was refused (it stays open), and that
    /// the text was cut when pasted, if it was: the refusal may name a token the cut made.
    pub fn refuse_fen(&mut self, why: String) {
        if let Mode::Fen { input, error } | Mode::Query { input, error } = self {
            *error = Some(match input.left_out() {
                0 => why,
                n => format!(
                    "{why} — the paste was cut at {CAPACITY} characters ({} left out)",
                    killerscope_engine::fmt::grouped(n as u64)
                ),
            });
        }
    }
}
