//! Where the next search's settings come from, in order of precedence:
//!
//! 1. the command line (`--ordering`, `--killers`, `--search`) sets them at start and fixes
//!    what it names, so a position's opcodes cannot change it;
//! 2. a library or `--epd` position's `ordering` and `search` EPD opcodes set the rest for that
//!    position: the settings they replace come back when the next position is loaded, so one
//!    position's settings never leak into the next (whose `c0` claims were measured with the
//!    defaults);
//! 3. the keys (`0`–`4` killer slots, `S` selective search) change them from then on.

use crate::search::{OrderingConfig, SelectiveConfig};

use super::app::App;

/// What the command line fixed: EPD opcodes leave these settings alone.
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
pub struct Saved {
    ordering: OrderingConfig,
    selective: SelectiveConfig,
}

/// The search settings a position asks for (its EPD opcodes); `None` where it asks nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PositionSettings {
    /// The `ordering` opcode.
    pub ordering: Option<OrderingConfig>,
    /// The `search` opcode.
    pub selective: Option<SelectiveConfig>,
}

impl App {
    /// Applies the settings of a position just loaded: first puts back what the previous
    /// position's opcodes replaced, then applies `asked` where the command line fixed nothing.
    /// Returns a note for the status line: what was applied, and what the command line
    /// overrode (empty when the position asks nothing).
    pub fn load_position_settings(&mut self, asked: PositionSettings) -> String {
        if let Some(saved) = self.saved.take() {
            self.next_ordering = Some(saved.ordering);
            self.settings.killers = saved.ordering.killer_slots;
            self.settings.selective = saved.selective;
        }
        let ordering = asked.ordering.filter(|_| !self.fixed.ordering);
        let selective = asked.selective.filter(|_| !self.fixed.selective);
        let mut notes = Vec::new();
        if asked.ordering.is_some() && ordering.is_none() {
            notes.push("its ordering opcode gives way to --ordering".to_string());
        }
        if asked.selective.is_some() && selective.is_none() {
            notes.push("its search opcode gives way to --search".to_string());
        }
        if ordering.is_some() || selective.is_some() {
            self.saved = Some(Saved {
                ordering: self.ordering(),
                selective: self.settings.selective,
            });
        }
        if let Some(o) = ordering {
            if !self.fixed.killers {
                self.settings.killers = o.killer_slots;
            }
            self.next_ordering = Some(o);
            notes.push(format!("ordering {}", self.ordering().changes()));
        }
        if let Some(s) = selective {
            self.settings.selective = s;
            notes.push(format!("search {}", selective_label(&s)));
        }
        notes.join("; ")
    }

    /// Switches selective search for the next search: off when any technique is on, else
    /// every technique (`SelectiveConfig::ALL`).
    pub fn toggle_selective(&mut self) {
        self.settings.selective = if self.settings.selective.any() {
            SelectiveConfig::default()
        } else {
            SelectiveConfig::ALL
        };
    }
}

/// A short name for a selective configuration, for titles and status lines: `full width`
/// when off, `selective` when every technique is on, else the techniques on (`nmp+lmr`).
pub fn selective_label(config: &SelectiveConfig) -> String {
    if *config == SelectiveConfig::ALL {
        return "selective".to_string();
    }
    let on: Vec<&str> = config
        .settings()
        .iter()
        .filter(|(_, value)| value == "on")
        .map(|(key, _)| *key)
        .collect();
    if on.is_empty() {
        "full width".to_string()
    } else {
        on.join("+")
    }
}
