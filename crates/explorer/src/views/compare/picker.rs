//! The compare picker (`c`): a checklist of ordering configurations to search side by side —
//! one preset per heuristic of the move-ordering lab, and the configuration of the search on
//! screen. Killers off and the current configuration start checked, so `c` then Enter is the
//! classic killers-off / killers-on comparison. Every line is named by
//! `search::config::name::display_name`, as `compare` names its columns and `compare --svg` its
//! legend, so one configuration reads the same on the screen and on a slide.

use killerscope_engine::display_name;
use killerscope_engine::{OrderingConfig, SelectiveConfig};

/// A line of the checklist: a name for the column and the configuration it searches with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preset {
    /// Its name (`display_name`; the selective switches, the same for every column, are in the
    /// compare view's title), used as the column heading in the compare view.
    pub name: String,
    /// The configuration.
    pub ordering: OrderingConfig,
}

/// The presets of the lab, as config strings: each turns one heuristic on, off or around
/// relative to the default.
const PRESETS: [&str; 9] = [
    "killers=0",
    "",
    "countermove=on",
    "matekillers=on",
    "history=relative",
    "history=off",
    "placement=before",
    "killerindex=depth",
    "followup=on",
];

/// The fewest configurations a comparison needs.
pub const MIN_CHOSEN: usize = 2;

/// The picker's state: the lines, which are checked, where the cursor is, and why the last
/// Enter was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigPicker {
    /// The presets, then the current configuration.
    pub presets: Vec<Preset>,
    /// Whether each line is checked.
    pub chosen: Vec<bool>,
    /// The highlighted line.
    pub cursor: usize,
    /// Why the last Enter did not start a comparison.
    pub error: Option<String>,
}

impl ConfigPicker {
    /// The checklist for a search under `current`: the presets, then `current`; killers off and
    /// `current` checked.
    pub fn new(current: OrderingConfig) -> ConfigPicker {
        let preset = |ordering: OrderingConfig| Preset {
            name: display_name(&ordering, &SelectiveConfig::default()),
            ordering,
        };
        let mut presets: Vec<Preset> = PRESETS
            .iter()
            .filter_map(|text| text.parse().ok().map(preset))
            .collect();
        presets.push(preset(current));
        let last = presets.len() - 1;
        let chosen = (0..presets.len()).map(|i| i == 0 || i == last).collect();
        ConfigPicker {
            presets,
            chosen,
            cursor: 0,
            error: None,
        }
    }

    /// Moves the cursor one line up.
    pub fn up(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// Moves the cursor one line down.
    pub fn down(&mut self) {
        self.cursor = (self.cursor + 1).min(self.presets.len().saturating_sub(1));
    }

    /// Checks or unchecks the highlighted line.
    pub fn toggle(&mut self) {
        if let Some(c) = self.chosen.get_mut(self.cursor) {
            *c = !*c;
        }
        self.error = None;
    }

    /// The checked configurations in list order, a configuration chosen twice (the current one
    /// equal to a preset) only once; an error when fewer than `MIN_CHOSEN` different ones are
    /// checked.
    pub fn choice(&self) -> Result<Vec<Preset>, String> {
        let mut out: Vec<Preset> = Vec::new();
        for (preset, _) in self.presets.iter().zip(&self.chosen).filter(|(_, c)| **c) {
            if !out.iter().any(|p| p.ordering == preset.ordering) {
                out.push(preset.clone());
            }
        }
        if out.len() < MIN_CHOSEN {
            return Err(format!(
                "choose at least {MIN_CHOSEN} different configurations (Space checks one)"
            ));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_parses_and_killers_off_and_current_start_checked() {
        let picker = ConfigPicker::new(OrderingConfig::default());
        assert_eq!(picker.presets.len(), PRESETS.len() + 1);
        assert_eq!(picker.presets[PRESETS.len()].name, "killers + history");
        let names: Vec<String> = picker
            .choice()
            .expect("two")
            .into_iter()
            .map(|p| p.name)
            .collect();
        assert_eq!(names, ["history only", "killers + history"]);
    }

    #[test]
    fn duplicates_count_once_and_one_configuration_is_refused() {
        let mut picker = ConfigPicker::new(OrderingConfig::default());
        picker.toggle();
        assert!(picker.choice().is_err(), "the current configuration alone");
        picker.down();
        picker.toggle();
        assert!(
            picker.choice().is_err(),
            "default and current are the same search"
        );
        picker.down();
        picker.toggle();
        let chosen = picker.choice().expect("default and countermove");
        assert_eq!(chosen.len(), 2);
        assert_eq!(chosen[1].name, "countermove");
    }
}
