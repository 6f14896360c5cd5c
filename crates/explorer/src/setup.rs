//! What the next search is: the position, depth, killer slots, ordering and selective switches
//! — and where each setting comes from, in order of precedence:
//!
//! 1. the command line (`--ordering`, `--killers`, `--search`) sets them at start and fixes
//!    what it names, so a position's opcodes cannot change it;
//! 2. a library or `--epd` position's `ordering` and `search` EPD opcodes, or the header of a
//!    log opened for browsing, set the rest for that position: the settings opcodes replace come
//!    back when the next position is loaded, so one position's settings never leak into the next
//!    (whose `c0` claims were measured with the defaults);
//! 3. the keys (`0`–`4` killer slots, `S` selective search, `+`/`-` depth) and lesson steps
//!    change them from then on.
//!
//! The one header a search's log gets is built here, once, from these settings
//! ([`SearchSetup::request`]): the session shows it and the worker's recorder writes it.

use killerscope_chess::Position;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, OrderingConfig, SearchConfig, SelectiveConfig};
use killerscope_log::LogHeader;
use killerscope_log::MAX_KILLER_SLOTS;

use super::library::{Entry, PositionSettings};
use super::replace::Replacement;
use super::session::shown::Shown;

/// Default search depth: deep enough on the classroom puzzle to show the Bc6 killer at ply 1
/// cutting off most of Black's replies, shallow enough to finish in a moment.
pub const DEFAULT_DEPTH: u8 = 6;
/// Deepest search the `+` key allows.
pub const MAX_DEPTH: u8 = 30;

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

/// What the command line fixed: EPD opcodes and log headers leave these settings alone.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    /// `--ordering` was given: the whole ordering.
    pub ordering: bool,
    /// `--killers` was given: the killer slots.
    pub killers: bool,
    /// `--search` was given.
    pub selective: bool,
}

impl Fixed {
    /// Whether the command line fixed any part of the ordering.
    pub fn any_ordering(&self) -> bool {
        self.ordering || self.killers
    }
}

/// The settings a position's opcodes replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Saved {
    ordering: OrderingConfig,
    selective: SelectiveConfig,
}

/// A search about to start: everything the worker needs, and the log header built once from
/// the same limits and configuration, so what runs is what the header says.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchRequest {
    /// The position searched.
    pub root: Position,
    /// Its limits (a depth).
    pub limits: Limits,
    /// Ordering, selective switches and evaluation.
    pub config: SearchConfig,
    /// The header its log carries, on screen and on disk.
    pub header: LogHeader,
}

/// The position and settings of the next search, with the library positions come from.
#[derive(Debug)]
pub struct SearchSetup {
    /// The position being searched.
    pub root: Position,
    /// Depth, killer slots and selective switches for the NEXT search, which the keys change.
    /// The search on screen keeps its own (`Session::shown`, read from its header): a panel
    /// describing it never reads these.
    pub next: Settings,
    /// Positions for the `o` picker.
    pub library: Vec<Entry>,
    /// What the command line fixed.
    pub fixed: Fixed,
    /// The ordering the next search uses instead of the one on screen (`--ordering`, a
    /// position's `ordering` opcode, a lesson step), until that search starts.
    next_ordering: Option<OrderingConfig>,
    /// The settings a position's opcodes replaced, restored when the next position is loaded.
    saved: Option<Saved>,
    /// What the position just loaded brought (`loaded kiwipete: search lmr`), said together
    /// with the search it starts.
    loaded: Option<String>,
    /// Whether `r` may replace another engine's trace, and whose it replaced.
    pub(super) replacement: Replacement,
}

impl SearchSetup {
    /// A setup searching `root` with `settings`; nothing fixed by a command line.
    pub fn new(root: Position, settings: Settings, library: Vec<Entry>) -> SearchSetup {
        SearchSetup {
            root,
            next: settings,
            library,
            fixed: Fixed::default(),
            next_ordering: None,
            saved: None,
            loaded: None,
            replacement: Replacement::default(),
        }
    }

    /// The command line's own ordering (`--ordering`, with `--killers` over its slots), which
    /// it fixes along with whatever else `fixed` names.
    pub fn fix(&mut self, fixed: Fixed, ordering: Option<OrderingConfig>) {
        self.fixed = fixed;
        if let Some(o) = ordering {
            self.next.killers = o.killer_slots;
            self.next_ordering = Some(o);
        }
    }

    /// The ordering config the next search uses: the one asked for, or else the one of the
    /// search on screen (`on_screen`, so a log recorded with countermoves re-runs with them),
    /// with the chosen killer slots; the default for a log whose settings this build does not
    /// know.
    pub fn ordering(&self, on_screen: &LogHeader) -> OrderingConfig {
        let base = self
            .next_ordering
            .or_else(|| on_screen.ordering_config())
            .unwrap_or_default();
        OrderingConfig {
            killer_slots: self.next.killers,
            ..base
        }
    }

    /// The search the settings describe, its header built once; the ordering asked for is used
    /// up (the next search inherits it from the header on screen).
    pub fn request(&mut self, on_screen: &LogHeader) -> SearchRequest {
        let config = SearchConfig {
            ordering: self.ordering(on_screen),
            selective: self.next.selective,
            ..SearchConfig::default()
        };
        self.next_ordering = None;
        let limits = Limits::depth(self.next.depth);
        SearchRequest {
            header: LogHeader::for_search(self.root.to_fen(), &config, &limits),
            root: self.root.clone(),
            limits,
            config,
        }
    }

    /// The header of an empty tree over the root with the next search's settings (a position
    /// shown before it is searched).
    pub fn idle_header(&self, on_screen: &LogHeader) -> LogHeader {
        let config = SearchConfig {
            ordering: self.ordering(on_screen),
            selective: self.next.selective,
            ..SearchConfig::default()
        };
        LogHeader::for_search(self.root.to_fen(), &config, &Limits::depth(self.next.depth))
    }

    /// Takes over what a log opened for browsing was searched with (depth, killer slots,
    /// selective switches), except what the command line fixed, so `r` searches it again alike.
    pub fn adopt(&mut self, shown: &Shown) {
        self.adopt_depth(shown);
        if let Some(config) = shown.ordering.filter(|_| !self.fixed.any_ordering()) {
            self.next.killers = config.killer_slots;
        }
        if let Some(config) = shown.selective.filter(|_| !self.fixed.selective) {
            self.next.selective = config;
        }
    }

    /// Takes over the depth of the search on screen, when it has one (a followed trace's).
    pub fn adopt_depth(&mut self, shown: &Shown) {
        if let Some(depth) = shown.depth {
            self.next.depth = depth.clamp(1, MAX_DEPTH);
        }
    }

    /// Sets the next search to exactly `depth`, `ordering` and `selective` (a lesson step).
    pub fn plan(&mut self, depth: u8, ordering: OrderingConfig, selective: SelectiveConfig) {
        self.next.depth = depth;
        self.next.killers = ordering.killer_slots;
        self.next.selective = selective;
        self.next_ordering = Some(ordering);
    }

    /// Applies the settings of a position just loaded: first puts back what the previous
    /// position's opcodes replaced, then applies `asked` where the command line fixed nothing.
    /// Returns a note for the status line: what was applied, and what the command line
    /// overrode (empty when the position asks nothing).
    pub fn load_position_settings(
        &mut self,
        asked: PositionSettings,
        on_screen: &LogHeader,
    ) -> String {
        if let Some(saved) = self.saved.take() {
            self.next_ordering = Some(saved.ordering);
            self.next.killers = saved.ordering.killer_slots;
            self.next.selective = saved.selective;
        }
        let ordering = asked.ordering.filter(|_| !self.fixed.ordering);
        let selective = asked.selective.filter(|_| !self.fixed.selective);
        let mut notes = Vec::new();
        if asked.ordering.is_some() && ordering.is_none() {
            notes.push("its ordering opcode gives way to --config".to_string());
        }
        if asked.selective.is_some() && selective.is_none() {
            notes.push("its search opcode gives way to --config".to_string());
        }
        if ordering.is_some() || selective.is_some() {
            self.saved = Some(Saved {
                ordering: self.ordering(on_screen),
                selective: self.next.selective,
            });
        }
        if let Some(o) = ordering {
            if !self.fixed.killers {
                self.next.killers = o.killer_slots;
            }
            self.next_ordering = Some(o);
            notes.push(format!("ordering {}", self.ordering(on_screen).changes()));
        }
        if let Some(s) = selective {
            self.next.selective = s;
            notes.push(format!("search {}", s.label()));
        }
        notes.join("; ")
    }

    /// Loads `root` with the settings it asks for, remembering the note (`loaded kiwipete:
    /// search lmr`) to say with the search it starts.
    pub fn load(
        &mut self,
        root: Position,
        id: Option<&str>,
        asked: PositionSettings,
        on_screen: &LogHeader,
    ) {
        let unreachable = root
            .unreachable()
            .map(|why| format!("a position no game can reach ({why}), searched as given"));
        self.root = root;
        let settings = self.load_position_settings(asked, on_screen);
        let note = [Some(settings).filter(|n| !n.is_empty()), unreachable]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join("; ");
        self.loaded = match (id, note.is_empty()) {
            (Some(id), true) => Some(format!("loaded {id}")),
            (Some(id), false) => Some(format!("loaded {id}: {note}")),
            (None, true) => None,
            (None, false) => Some(note),
        };
    }

    /// The note of the position just loaded, until the search it starts says it.
    pub fn loaded(&self) -> Option<&str> {
        self.loaded.as_deref()
    }

    /// The note of the position just loaded, once (the search it starts says it).
    pub fn take_loaded(&mut self) -> Option<String> {
        self.loaded.take()
    }

    /// Switches selective search for the next search: off when any technique is on, else
    /// every technique (`SelectiveConfig::ALL`).
    pub fn toggle_selective(&mut self) {
        self.next.selective = if self.next.selective.any() {
            SelectiveConfig::default()
        } else {
            SelectiveConfig::ALL
        };
    }

    /// Sets the depth of the next search (1 to `MAX_DEPTH`); the status line's words.
    pub fn set_depth(&mut self, depth: u8) -> String {
        self.next.depth = depth.clamp(1, MAX_DEPTH);
        format!(
            "depth {} for the next search (r to re-run)",
            self.next.depth
        )
    }

    /// One ply deeper (`+`) or shallower (`-`) for the next search; the status line's words.
    pub fn step_depth(&mut self, deeper: bool) -> String {
        let depth = self.next.depth;
        self.set_depth(if deeper {
            depth.saturating_add(1)
        } else {
            depth.saturating_sub(1)
        })
    }

    /// Sets the killer slots of the next search; the status line's words.
    pub fn set_killers(&mut self, slots: u8) -> String {
        self.next.killers = slots.min(MAX_KILLER_SLOTS as u8);
        format!(
            "killer slots {} for the next search (r to re-run)",
            self.next.killers
        )
    }

    /// How the search about to start is set, for the status line: `2 killer slots, ordering
    /// history=off, nmp+lmr search`.
    pub fn describe(&self, config: &SearchConfig) -> String {
        let mut how = format!("{} killer slots", self.next.killers);
        let changes = OrderingConfig {
            killer_slots: 2,
            ..config.ordering
        }
        .changes();
        if changes != "default" {
            how.push_str(&format!(", ordering {changes}"));
        }
        if config.selective.any() {
            how.push_str(&format!(", {} search", config.selective.label()));
        }
        how
    }
}
