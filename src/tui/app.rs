//! The explorer's state. `update.rs` changes it, the widgets read it, the runtime (`run.rs`)
//! carries out the `Effect`s that `update` asks for — the only place threads and files are
//! touched — so every key can be unit-tested without a terminal or a search.

use std::path::PathBuf;

use crate::chess::Position;
use crate::chess::notation::Notation;
use crate::search::{Limits, OrderingConfig, SearchReport, SelectiveConfig};
use crate::trace::LogHeader;
use crate::trace::jsonl::ImportOptions;

use super::charts::Charts;
pub use super::compare::Comparison;
use super::config_picker::ConfigPicker;
use super::follow::FollowSource;
use super::keys::Context;
use super::lesson::LessonState;
use super::library::Entry;
use super::line_edit::LineEdit;
use super::session::Session;
use super::setup::{Fixed, Saved};
use super::theme::Theme;
use super::tree_view::TreeView;

/// Default search depth: deep enough on the classroom puzzle to show the Bc6 killer at ply 1
/// cutting off most of Black's replies, shallow enough to finish in a moment.
pub const DEFAULT_DEPTH: u8 = 6;
/// Deepest search the `+` key allows.
pub const MAX_DEPTH: u8 = 30;
/// Replay speeds in events per second, slowest first.
pub const SPEEDS: [u32; 8] = [2, 10, 50, 200, 1_000, 5_000, 25_000, 100_000];

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
        }
    }

    /// Whether the lesson panel is on screen (and its keys work) in this mode: the views a
    /// lesson drives, not the pickers, the FEN box or the help.
    pub fn shows_lesson(&self) -> bool {
        matches!(self, Mode::Normal | Mode::Charts | Mode::Compare)
    }
}

/// A side effect `update` asks the runtime for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Start a recorded search of `App::root` with `App::settings` (stopping any running one).
    Search,
    /// Stop the running search or comparison.
    Stop,
    /// Run the comparison of these configs on `App::root` to the current depth.
    Compare(Vec<OrderingConfig>),
    /// Write the current log to this file.
    Save(PathBuf),
    /// Follow a trace another engine is writing, replacing the session as its header arrives.
    Follow(FollowSource, ImportOptions),
    /// Drop the running search or followed trace without keeping what it found (a lesson
    /// moved on to a position it does not search).
    Discard,
    /// Check the bundled lesson with this index in `lesson::BUNDLED` against the engine and,
    /// if it holds, open it (`App::open_lesson`); else say why.
    OpenLesson(usize),
}

/// Settings for the next search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Depth limit.
    pub depth: u8,
    /// Killer slots per ply (`0..=MAX_KILLER_SLOTS`).
    pub killers: u8,
    /// Selective search: off (full width, what the classroom lessons read) unless asked for.
    pub selective: SelectiveConfig,
}

/// The explorer's defaults: depth `DEFAULT_DEPTH`, two killer slots, full width.
impl Default for Settings {
    fn default() -> Settings {
        Settings {
            depth: DEFAULT_DEPTH,
            killers: 2,
            selective: SelectiveConfig::default(),
        }
    }
}

/// What the killer panel shows: the killer rows (with the mate killers when the search kept
/// them) or the countermove table — the tables a quiet cutoff writes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KillerTab {
    /// One row per ply (or depth) and slot.
    #[default]
    Killers,
    /// Answered move → stored reply, most recent first.
    Countermoves,
}

/// The replay clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playback {
    /// Whether the timeline advances on its own.
    pub playing: bool,
    /// Index into `SPEEDS`.
    pub speed: usize,
    /// Fraction of an event carried between ticks, in millionths.
    pub carry: u64,
}

/// A one-line message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Shown in the error style.
    pub error: bool,
}

/// Everything the explorer shows and remembers.
#[derive(Debug)]
pub struct App {
    /// Colours (or not).
    pub theme: Theme,
    /// Letters instead of Unicode chess pieces.
    pub ascii: bool,
    /// How every panel writes moves (`n` cycles it).
    pub notation: Notation,
    /// Which table the killer panel shows (Tab switches).
    pub killer_tab: KillerTab,
    /// Where keys go.
    pub mode: Mode,
    /// Positions for the `o` picker.
    pub library: Vec<Entry>,
    /// The position being searched.
    pub root: Position,
    /// Depth and killer slots for the next search.
    pub settings: Settings,
    /// The search on screen (live or loaded).
    pub session: Session,
    /// Whether a worker is searching for `session`.
    pub searching: bool,
    /// Whether the live search has ended but its events are still being indexed: what needs
    /// the whole tree (a lesson step's node) waits for `live_search_indexed`.
    pub indexing_live: bool,
    /// What the explorer is following (another engine's trace being written), while it is.
    pub following: Option<String>,
    /// Nodes and depth of the last iteration report, for the gauge and nps.
    pub progress: Option<(u8, u64)>,
    /// Final result of the last finished search.
    pub report: Option<SearchReport>,
    /// Wall-clock seconds the search has run (set by the runtime, never read by tests).
    pub elapsed: f64,
    /// The tree panel's view state.
    pub view: TreeView,
    /// The replay clock.
    pub playback: Playback,
    /// The status-bar message.
    pub message: Option<Message>,
    /// The compare view's content.
    pub comparison: Comparison,
    /// What the charts view shows and last drew.
    pub charts: Charts,
    /// Where `w` saves the log.
    pub save_path: PathBuf,
    /// Set by `q`: the runtime leaves after this frame.
    pub quit: bool,
    /// Lines per page for PgUp/PgDn (the tree panel's height at the last draw).
    pub page_rows: usize,
    /// What the command line fixed, so positions' EPD opcodes leave it alone.
    pub fixed: Fixed,
    /// The ordering the next search uses instead of the one on screen (`--ordering`, or a
    /// position's `ordering` opcode), until that search starts.
    pub next_ordering: Option<OrderingConfig>,
    /// The settings a position's opcodes replaced, restored when the next position is loaded.
    pub saved: Option<Saved>,
    /// What the position just loaded brought (`loaded kiwipete: search lmr`), said together
    /// with the search it starts.
    pub loaded: Option<String>,
    /// The lesson being followed, if one is open.
    pub lesson: Option<LessonState>,
    /// Projector mode: high-contrast theme and the biggest board that fits (`P`,
    /// `--projector`).
    pub projector: bool,
    /// Only the board, the tree and the lesson on screen (`F`), for a class to read.
    pub focus: bool,
}

impl App {
    /// An explorer on `root` with nothing searched yet.
    pub fn new(root: Position, settings: Settings, theme: Theme, library: Vec<Entry>) -> App {
        let ordering = OrderingConfig {
            killer_slots: settings.killers,
            ..OrderingConfig::default()
        };
        let limits = Limits::depth(settings.depth);
        let session = Session::new(
            root.clone(),
            LogHeader::new(root.to_fen(), &ordering, &limits).with_selective(&settings.selective),
        );
        App {
            theme,
            ascii: false,
            notation: Notation::default(),
            killer_tab: KillerTab::default(),
            mode: Mode::Normal,
            library,
            root,
            settings,
            session,
            searching: false,
            indexing_live: false,
            following: None,
            progress: None,
            report: None,
            elapsed: 0.0,
            view: TreeView::default(),
            playback: Playback {
                playing: false,
                speed: 2,
                carry: 0,
            },
            message: None,
            comparison: Comparison::default(),
            charts: Charts::default(),
            save_path: PathBuf::from("killerscope.kslog"),
            quit: false,
            page_rows: 10,
            fixed: Fixed::default(),
            next_ordering: None,
            saved: None,
            loaded: None,
            lesson: None,
            projector: false,
            focus: false,
        }
    }

    /// The key-table contexts a key is looked up in, first match first: while a lesson is on
    /// screen its keys (and, while its question waits, the answer digits) come before the
    /// mode's own.
    pub fn contexts(&self) -> Vec<Context> {
        let mut out = Vec::with_capacity(3);
        if let Some(lesson) = self.lesson.as_ref().filter(|_| self.mode.shows_lesson()) {
            if lesson.asking() {
                out.push(Context::Question);
            }
            out.push(Context::Lesson);
        }
        out.push(self.mode.context());
        out
    }

    /// The ordering config the next search uses: the one asked for (`next_ordering`) or else
    /// the one on screen (so a log recorded with countermoves re-runs with them), with the
    /// chosen killer slots; the default for a log whose settings this build does not know.
    pub fn ordering(&self) -> OrderingConfig {
        let base = self
            .next_ordering
            .or_else(|| self.session.header().ordering_config())
            .unwrap_or_default();
        OrderingConfig {
            killer_slots: self.settings.killers,
            ..base
        }
    }

    /// Replaces the session with a fresh one for a search that is starting now.
    pub fn begin_search(&mut self) {
        let header = LogHeader::new(
            self.root.to_fen(),
            &self.ordering(),
            &Limits::depth(self.settings.depth),
        )
        .with_selective(&self.settings.selective);
        self.next_ordering = None;
        self.session = Session::new(self.root.clone(), header);
        self.view = TreeView::default();
        self.charts.forget_nodes();
        self.searching = true;
        self.indexing_live = false;
        self.progress = None;
        self.report = None;
        self.elapsed = 0.0;
        self.playback.playing = false;
    }

    /// Whether the log is still growing: a search running or a trace being followed.
    pub fn is_live(&self) -> bool {
        self.searching || self.following.is_some()
    }

    /// Starts a session for a followed trace whose header just arrived.
    pub fn begin_trace(&mut self, header: LogHeader, root: Position) {
        if let Some(depth) = header.depth_limit() {
            self.settings.depth = depth.clamp(1, MAX_DEPTH);
        }
        self.root = root.clone();
        self.session = Session::new(root, header);
        self.view = TreeView::default();
        self.charts.forget_nodes();
        self.progress = None;
        self.report = None;
        self.elapsed = 0.0;
        self.playback.playing = false;
    }

    /// Shows an informational message.
    pub fn info(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: false,
        });
    }

    /// Shows an error message.
    pub fn error(&mut self, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            error: true,
        });
    }
}
