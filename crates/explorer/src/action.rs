//! What the explorer can be asked to do (`Action`) and what it asks of the world in return
//! (`Effect`): `Explorer::update` takes one and gives the others, so every key, click and
//! lesson step can be tested without a terminal, a thread or a file. The actions here are the
//! router's own — leaving, stopping, the overlays it holds, the next search's settings, how
//! moves are shown — and one routed variant, `View`, for the actions each view declares in its
//! own folder (`views::ViewAction`).

use killerscope_chess::Position;
use killerscope_engine::{OrderingConfig, SelectiveConfig};
use killerscope_trace::jsonl::ImportOptions;

use super::follow::FollowSource;
use super::line_edit::Edit;
use super::session::NodeId;
use super::setup::SearchRequest;
use super::status::Message;
use super::views::{Job, ViewAction, ViewNotice};

/// Everything the explorer can be asked to do: what the keys are bound to (the key table),
/// what the mouse does once the terminal has found what was clicked, and what a lesson step
/// asks for. `Explorer::update` interprets them; nothing else changes the explorer's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Leave the explorer (from any mode: the overlay closes first). A lesson with questions
    /// still to answer asks first.
    Quit,
    /// Leave the explorer at once, asking nothing (Ctrl-C).
    Interrupt,
    /// Show the help overlay.
    Help,
    /// Scroll the help overlay by this many lines (negative: up).
    Scroll(i16),
    /// Leave the overlay or view for the normal view (stopping a comparison still running).
    Leave,
    /// Stop the running search and the jobs `s` stops (what was found so far stays
    /// browsable); with none running, stop the replay.
    Stop,
    /// Search the current position again with the next search's settings.
    Rerun,
    /// The next search's position or settings.
    Setup(SetupAction),
    /// Save the event log to a `.kslog` file.
    SaveLog,
    /// Write moves in the next notation: SAN, UCI, long algebraic.
    CycleNotation,
    /// Projector mode on / off: high-contrast colours and a bigger board where it fits.
    Projector,
    /// Show only the board, the killers, the tree and the lesson (and back).
    Focus,
    /// Highlight the previous line of the list open (positions, lessons, bookmarks,
    /// configurations).
    PickerPrev,
    /// Highlight the next line of the list open.
    PickerNext,
    /// Load the highlighted library position and search it.
    PickerLoad,
    /// Load the typed FEN and search it (or show why it was refused).
    FenSubmit,
    /// Edit the line being typed (the FEN, the query, the note) as readline does.
    FenEdit(Edit),
    /// Type this character into the line at the cursor (the text-entry fallback).
    Insert(char),
    /// Paste: the text goes into the line being typed at once (ignored elsewhere).
    Paste(String),
    /// Select this node, opening the path to it (a lesson step, a test).
    SelectNode(NodeId),
    /// Say this in the status line (a lesson step that cannot be shown says why).
    Say(Message),
    /// An action of one view, routed to it (`views::ViewAction`).
    View(ViewAction),
}

/// The next search's position and settings (`SearchSetup`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupAction {
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
    /// Switch selective search (every technique) on or off and search again. Off is the
    /// default: the classroom lessons are read off the full-width tree.
    ToggleSelective,
    /// Load this position for the next search (a lesson step).
    Load(Box<Position>),
    /// The next search's depth, ordering and selective switches (a lesson step).
    Plan(u8, OrderingConfig, SelectiveConfig),
    /// Show the position loaded without searching it: an empty tree (a lesson step).
    ShowPosition,
}

impl From<SetupAction> for Action {
    fn from(action: SetupAction) -> Action {
        Action::Setup(action)
    }
}

/// A side effect `update` asks the runtime for: the only places threads and files are touched.
#[derive(Debug, PartialEq)]
pub enum Effect {
    /// Start this search (stopping any running one); the session already shows it starting.
    Search(Box<SearchRequest>),
    /// Stop the running search and every job `s` stops.
    Stop,
    /// Write the current log to this file.
    Save(std::path::PathBuf),
    /// Follow a trace another engine is writing, replacing the session as its header arrives.
    Follow(FollowSource, ImportOptions),
    /// Drop the running search or followed trace without keeping what it found (a lesson
    /// moved on to a position it does not search).
    Discard,
    /// Check this lesson against the engine on a thread (the screen keeps drawing and the keys
    /// keep working) and, if it holds, open it; else say why (`views::lessons`).
    OpenLesson(LessonSource),
    /// Work a view's job out on a thread; what it finds goes back to the view.
    Job(Job),
    /// Write a text file (a bookmarks sidecar, a lesson's results) and tell the view how it
    /// went.
    Write(Box<WriteFile>),
}

/// A text file a view asks the runtime to write.
#[derive(Debug)]
pub struct WriteFile {
    /// Where.
    pub path: std::path::PathBuf,
    /// What.
    pub bytes: Vec<u8>,
    /// What the view is told: the path as the user may see it, and the error if it failed.
    pub told: fn(String, Option<String>) -> ViewNotice,
}

/// Two writes are the same when they write the same text to the same file.
impl PartialEq for WriteFile {
    fn eq(&self, other: &WriteFile) -> bool {
        self.path == other.path && self.bytes == other.bytes
    }
}

/// A lesson to check and open: its name and text, and what a refusal does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonSource {
    /// The bundled name, or the file's path.
    pub name: String,
    /// The lesson file's text.
    pub text: String,
    /// A refused lesson ends the explorer with the reason as its error (`killerscope lesson`
    /// opened for this lesson alone); else the reason goes to the status line.
    pub leave_if_refused: bool,
    /// Where the lesson's results go (`killerscope lesson --results FILE`).
    pub results: Option<std::path::PathBuf>,
}

impl LessonSource {
    /// The bundled lesson with this index in `lesson::BUNDLED`, picked in the explorer.
    pub fn bundled(index: usize) -> Option<LessonSource> {
        let &(name, text) = super::lesson::BUNDLED.get(index)?;
        Some(LessonSource {
            name: name.to_string(),
            text: text.to_string(),
            leave_if_refused: false,
            results: None,
        })
    }
}
