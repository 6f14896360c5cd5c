//! What the explorer can be asked to do (`Action`) and what it asks of the world in return
//! (`Effect`): `Explorer::update` takes one and gives the others, so every key, click and
//! lesson step can be tested without a terminal, a thread or a file.

use killerscope_chess::Position;
use killerscope_engine::{OrderingConfig, SelectiveConfig};

use super::charts::{ChartKind, IcicleMove};
use super::follow::FollowSource;
use super::line_edit::Edit;
use super::session::NodeId;
use super::setup::{SearchRequest, SearchSetup};
use super::tools::ToolCall;
use super::tree_view::Row;
use killerscope_trace::jsonl::ImportOptions;

/// Everything the explorer can be asked to do: what the keys are bound to (the key table),
/// what the mouse does once the terminal has found what was clicked, and what a lesson step
/// asks for. `Explorer::update` interprets them; nothing else changes the explorer's state.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Search the selected node's selective decisions again without their technique: were
    /// they sound?
    Audit,
    /// At a cut node: search its position with the full window to its depth for the side's
    /// best reply, which the Explain panel sets beside the move that cut.
    BestReply,
    /// Climb the ordering ladder of the position at the explorer's depth (worst order to the
    /// oracle's, beside Knuth–Moore) and show it in the compare view.
    Ladder,
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
    /// Show only the board, the killers, the tree and the lesson (and back).
    Focus,
    /// Paste: the text goes into the FEN box at once (ignored elsewhere).
    Paste(String),
    /// A click on a tree row (the terminal found which one).
    ClickRow(Row),
    /// A click on the icicle's block of this node.
    ClickBlock(NodeId),
    /// A click on the charts panel outside any block: nothing happens, and the tree does not
    /// take it.
    ClickChart,
    /// Select this node (a lesson step).
    SelectNode(NodeId),
    /// Timeline to the first `n` events, selecting the node of the last one (a lesson step).
    Seek(usize),
    /// Timeline to the end of the log.
    SeekEnd,
    /// Timeline to just after the selected node was entered: the killers and tables as the
    /// engine had them when it began ordering that node's moves (a lesson's question about
    /// the node, whose answer the moment after it would show).
    SeekNodeEntered,
    /// The tree view starts over from the top.
    ResetTree,
    /// Load this position for the next search (a lesson step).
    Load(Box<Position>),
    /// The next search's depth, ordering and selective switches (a lesson step).
    Plan(u8, OrderingConfig, SelectiveConfig),
    /// Show the position loaded without searching it: an empty tree (a lesson step).
    ShowPosition,
    /// Open the charts view on this chart (a lesson step).
    OpenChart(ChartKind),
    /// Show the compare view (a lesson step).
    ShowCompare,
    /// Run this comparison, its columns named by the labels (a lesson step): the position,
    /// depth and selective switches become the explorer's.
    StartCompare(Vec<String>, Box<CompareRequest>),
    /// Say this in the status line, as an error (a lesson step that cannot be shown).
    ShowError(String),
    /// Close a chart or comparison a lesson step opened.
    CloseView,
    /// Show the diff view again (when one was opened with `tui --diff A B`).
    ShowDiff,
    /// Diff view: select the next (+1) or previous (-1) divergence by the nodes it explains,
    /// in the order `killerscope diff` ranks them.
    Divergence(isize),
    /// Open the query line (the filter language of `killerscope log query`).
    OpenQuery,
    /// Run the query typed in the query line (or show why it was refused).
    QuerySubmit,
    /// Select the next (+1) or previous (-1) node the last query matched, in tree order.
    QueryStep(isize),
    /// Trace the selected node's score to where it was born, for the Explain panel (again:
    /// hide it).
    Why,
    /// Select the next node down the score chain the selection is on.
    WhyWalk,
    /// Write a note to bookmark the selected node with.
    Bookmark,
    /// List the bookmarks, to jump to one or delete it.
    OpenBookmarks,
    /// Save the bookmark whose note is being written.
    NoteSubmit,
    /// Delete the bookmark highlighted in the list.
    BookmarkDelete,
    /// A tool's key: show or hide it, or one of its commands (`explorer::tools`).
    Tool(ToolCall),
}

impl Action {
    /// Whether the action is one of the lesson's own (stepping, answering, closing): the
    /// learner's doing, which a step waiting for a key or a node does not count.
    pub fn is_lesson(&self) -> bool {
        matches!(
            self,
            Action::LessonNext | Action::LessonBack | Action::LessonAnswer(_) | Action::CloseLesson
        )
    }
}

/// Which part of the explorer an action belongs to: the sub-state it changes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Area {
    /// The tree view's selection, opened nodes and zoom.
    Tree,
    /// The timeline and the replay clock.
    Timeline,
    /// What to search next, and starting or stopping it.
    Search,
    /// The charts and compare views.
    View,
    /// Notation, panels, overlays that only open, leaving.
    Screen,
    /// The lesson's own keys.
    Lesson,
    /// The keys of an open overlay (help, FEN box, pickers).
    Overlay,
    /// A tool's keys (`explorer::tools`).
    Tool,
}

impl Action {
    /// The part of the explorer the action belongs to.
    pub fn area(&self) -> Area {
        use Action as A;
        match self {
            A::Up | A::Down | A::Close | A::Open | A::Toggle | A::First | A::Last => Area::Tree,
            A::PageUp | A::PageDown | A::Zoom | A::ZoomOut | A::ClickRow(_) => Area::Tree,
            A::SelectNode(_) | A::ResetTree | A::QueryStep(_) | A::Why | A::WhyWalk => Area::Tree,
            A::SeekNode
            | A::StepBack
            | A::StepForward
            | A::Seek(_)
            | A::SeekEnd
            | A::SeekNodeEntered => Area::Timeline,
            A::PrevCutoff | A::NextCutoff | A::NextKillerCutoff => Area::Timeline,
            A::PlayPause | A::Slower | A::Faster => Area::Timeline,
            A::EnterFen | A::OpenPicker | A::DepthUp | A::DepthDown | A::SetKillers(_) => {
                Area::Search
            }
            A::Rerun | A::ToggleSelective | A::Stop | A::Compare | A::SaveLog => Area::Search,
            A::Audit | A::BestReply | A::Ladder => Area::Search,
            A::Load(_) | A::Plan(..) | A::ShowPosition | A::StartCompare(..) => Area::Search,
            A::Charts | A::NextChart | A::PrevChart | A::ChartColours | A::PairWith(_) => {
                Area::View
            }
            A::Icicle(_) | A::ClickBlock(_) | A::ClickChart | A::OpenChart(_) => Area::View,
            A::ShowCompare | A::CloseView | A::ShowDiff | A::Divergence(_) => Area::View,
            A::CycleNotation | A::KillerTab | A::Help | A::OpenLessons | A::Projector => {
                Area::Screen
            }
            A::Focus | A::Quit | A::ShowError(_) | A::OpenQuery => Area::Screen,
            A::Bookmark | A::OpenBookmarks => Area::Screen,
            A::LessonNext | A::LessonBack | A::LessonAnswer(_) | A::CloseLesson => Area::Lesson,
            A::Scroll(_) | A::PickerPrev | A::PickerNext | A::PickerLoad | A::LessonLoad => {
                Area::Overlay
            }
            A::CompareToggle | A::CompareRun | A::FenSubmit | A::FenEdit(_) | A::Insert(_) => {
                Area::Overlay
            }
            A::Leave | A::Paste(_) | A::QuerySubmit | A::NoteSubmit | A::BookmarkDelete => {
                Area::Overlay
            }
            A::Tool(_) => Area::Tool,
        }
    }
}

/// What a comparison searches: the position, depth and selective switches shared by every
/// configuration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareRequest {
    /// The position.
    pub root: Position,
    /// The depth.
    pub depth: u8,
    /// The configurations, in column order.
    pub configs: Vec<OrderingConfig>,
    /// Selective switches, the same for every column.
    pub selective: SelectiveConfig,
}

impl CompareRequest {
    /// A comparison of `configs` on the position, depth and selective switches `setup` has.
    pub fn of(setup: &SearchSetup, configs: Vec<OrderingConfig>) -> CompareRequest {
        CompareRequest {
            root: setup.root.clone(),
            depth: setup.settings.depth,
            configs,
            selective: setup.settings.selective,
        }
    }

    /// Its position, depth and selective switches become `setup`'s, for the next search (a
    /// comparison chosen in the picker or asked for by a lesson step).
    pub fn adopt(&self, setup: &mut SearchSetup) {
        setup.root = self.root.clone();
        setup.settings.depth = self.depth;
        setup.settings.selective = self.selective;
    }
}

/// A side effect `update` asks the runtime for: the only places threads and files are touched.
#[derive(Debug, PartialEq)]
pub enum Effect {
    /// Start this search (stopping any running one); the session already shows it starting.
    Search(Box<SearchRequest>),
    /// Stop the running search or comparison.
    Stop,
    /// Run this comparison.
    Compare(Box<CompareRequest>),
    /// Write the current log to this file.
    Save(std::path::PathBuf),
    /// Follow a trace another engine is writing, replacing the session as its header arrives.
    Follow(FollowSource, ImportOptions),
    /// Drop the running search or followed trace without keeping what it found (a lesson
    /// moved on to a position it does not search).
    Discard,
    /// Search a node's selective decisions again without their technique, on a thread; the
    /// verdicts come back as `Notice::Audited`.
    Audit(Box<super::audit::AuditRequest>),
    /// Search a cut node's position with the full window on a thread (`Notice::BestFound`).
    BestReply(Box<super::best::BestRequest>),
    /// Climb the ordering ladder on a thread (`Notice::LadderClimbing`, `LadderClimbed`).
    Ladder(Box<super::ladder::LadderRequest>),
    /// Check this lesson against the engine on a thread (the screen keeps drawing and the keys
    /// keep working) and, if it holds, open it (`Explorer::open_lesson`); else say why.
    OpenLesson(LessonSource),
    /// Rank the diff view's divergences on a thread (`Explorer::diff_ranking` takes the
    /// progress and the result).
    RankDiff,
    /// Run this node query on a thread (a big log): its progress and result come back as
    /// `Notice::Querying` and `Notice::Queried`.
    Query(Box<super::query::QueryJob>),
    /// Write the bookmarks' sidecar (these bytes) to this file.
    SaveBookmarks(std::path::PathBuf, Vec<u8>),
    /// Write a lesson's results (this CSV text) to this file; `Notice::ResultsSaved` says how
    /// it went.
    SaveResults(std::path::PathBuf, String),
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
