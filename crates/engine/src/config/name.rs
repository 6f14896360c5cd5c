//! What a configuration is called where a class reads it — a column of the lab, a slide's
//! legend — when nobody named it: a short phrase in the words of the lessons ("killers only",
//! "history only", "killers + history") rather than the switches that make it. Everything that
//! shows a configuration without a name of its own asks [`display_name`], so one configuration
//! reads the same in a table, a picture and a legend.
//!
//! The phrase is built from the switches that differ from the default, each in the words its
//! row of the switch table declares (`Switch::phrases`), so it can never hide a difference: a
//! switch whose row has no phrase for its value makes the whole name fall back to the switches
//! themselves, as does a phrase too long for a legend.

use super::{HistoryMode, OrderingConfig};
use crate::SelectiveConfig;
use crate::{switches::Shown, switches::Switch, switches::Switchboard};

/// Most characters of a generated name: longer, the switches say it as well and more exactly.
pub const MAX_NAME_CHARS: usize = 32;

/// The name of the configuration `ordering` + `selective`: the generated phrase when there is
/// one (`friendly_name`), else the switches that differ from the default (`default` for none).
pub fn display_name(ordering: &OrderingConfig, selective: &SelectiveConfig) -> String {
    friendly_name(ordering, selective).unwrap_or_else(|| switches(ordering, selective))
}

/// The switches of `ordering` + `selective` that differ from the default, as `--config`
/// reads them (`killers=0,lmr=on`), or `default`.
pub fn switches(ordering: &OrderingConfig, selective: &SelectiveConfig) -> String {
    let changed: Vec<String> = changed(ordering)
        .into_iter()
        .map(|(s, value)| format!("{}={value}", s.key))
        .chain(
            changed(selective)
                .into_iter()
                .map(|(s, value)| format!("{}={value}", s.key)),
        )
        .collect();
    if changed.is_empty() {
        "default".into()
    } else {
        changed.join(",")
    }
}

/// A readable phrase for the configuration, when every switch it changes has one and the
/// phrase is at most [`MAX_NAME_CHARS`] long: what orders the quiet moves (the killers and the
/// history heuristic, the lab's main question) unless that is the default and something else
/// changed, then each other change (`countermove`, `history only, LMR`).
pub fn friendly_name(ordering: &OrderingConfig, selective: &SelectiveConfig) -> Option<String> {
    let default = OrderingConfig::default();
    let quiet = (ordering.killer_slots, ordering.history);
    let mut parts = vec![quiet_moves(quiet.0, quiet.1)];
    if quiet == (default.killer_slots, default.history) && (*ordering != default || selective.any())
    {
        parts.clear();
    }
    for (switch, value) in changed(ordering) {
        if switch.key == "killers" || switch.key == "history" {
            continue;
        }
        parts.push(switch.phrase(&value)?);
    }
    if *selective == SelectiveConfig::ALL {
        parts.push("all selective search".into());
    } else {
        for (switch, value) in changed(selective) {
            parts.push(switch.phrase(&value)?);
        }
    }
    let name = parts.join(", ");
    (name.chars().count() <= MAX_NAME_CHARS).then_some(name)
}

/// The switches of `config` that differ from the default, with their values.
fn changed<C: Switchboard>(config: &C) -> Vec<(&'static Switch<C>, String)> {
    let default = C::default();
    C::switches()
        .iter()
        .filter(|s| s.shown != Shown::Never && (s.get)(config) != (s.get)(&default))
        .map(|s| (s, (s.get)(config)))
        .collect()
}

/// What orders the quiet moves: `killers + history` (the default), `killers only`
/// (`history=off`), `history only` (`killers=0`), `no killers, no history`, with the number
/// of slots when it is not the default two and `relative` for relative history.
fn quiet_moves(slots: u8, history: HistoryMode) -> String {
    let history = match history {
        HistoryMode::Off => None,
        HistoryMode::Plain => Some("history"),
        HistoryMode::Relative => Some("relative history"),
    };
    let killers = match slots {
        0 => None,
        1 => Some("1 killer".to_string()),
        2 => Some("killers".to_string()),
        n => Some(format!("{n} killers")),
    };
    match (killers, history) {
        (None, None) => "no killers, no history".into(),
        (None, Some(history)) => format!("{history} only"),
        (Some(killers), None) => format!("{killers} only"),
        (Some(killers), Some(history)) => format!("{killers} + {history}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::selective::parse_switches;

    fn name(text: &str) -> String {
        let (ordering, selective) = parse_switches(text).expect("valid switches");
        display_name(&ordering, &selective)
    }

    #[test]
    fn the_lab_classics_read_as_the_lessons_say_them() {
        assert_eq!(name("history=off"), "killers only");
        assert_eq!(name("killers=0"), "history only");
        assert_eq!(name("killers=0,history=off"), "no killers, no history");
        assert_eq!(name(""), "killers + history");
        assert_eq!(name("killers=2"), "killers + history");
        assert_eq!(name("killers=1,history=off"), "1 killer only");
        assert_eq!(
            name("killers=4,history=relative"),
            "4 killers + relative history"
        );
        assert_eq!(name("countermove=on"), "countermove");
        assert_eq!(name("killerindex=depth,tt=off"), "no TT, killers by depth");
        assert_eq!(name("killers=0,lmr=on"), "history only, LMR");
        assert_eq!(name("order=random:7"), "random order 7");
        assert_eq!(name("all=on"), "all selective search");
    }

    #[test]
    fn a_name_too_long_for_a_legend_falls_back_to_the_switches() {
        let text = "killers=3,history=relative,tt=off,mvvlva=off,countermove=on";
        assert_eq!(name(text), text);
        let text = "history=off,nmp=on,lmr=on,futility=on";
        assert_eq!(name(text), text, "{:?}", friendly_name_of(text));
        assert_eq!(
            name("lmr=on,history=off,nmp=on"),
            "killers only, null move, LMR"
        );
    }

    fn friendly_name_of(text: &str) -> Option<String> {
        let (ordering, selective) = parse_switches(text).expect("valid switches");
        friendly_name(&ordering, &selective)
    }

    #[test]
    fn every_switch_changed_alone_gets_a_phrase_that_names_it() {
        let keys = OrderingConfig::known_keys()
            .into_iter()
            .chain(SelectiveConfig::known_keys())
            .filter(|&key| key != "all");
        for key in keys {
            let values: &[&str] = match key {
                "killers" => &["0", "1", "3", "4"],
                "history" => &["off", "relative"],
                "placement" => &["before", "between"],
                "killerindex" => &["depth"],
                "order" => &["worst", "oracle", "random:3"],
                "tt" | "mvvlva" => &["off"],
                _ => &["on"],
            };
            for value in values {
                let text = format!("{key}={value}");
                let (o, s) = parse_switches(&text).expect("valid");
                assert!(friendly_name(&o, &s).is_some(), "{text} has no phrase");
                assert_ne!(name(&text), name(""), "{text} reads as the default");
            }
        }
    }

    #[test]
    fn different_switches_give_different_names() {
        let texts = [
            "",
            "killers=0",
            "history=off",
            "killers=0,history=off",
            "history=relative",
            "countermove=on",
            "matekillers=on",
            "placement=before",
            "placement=between",
            "killerindex=depth",
            "grandparent=on",
            "tt=off",
            "mvvlva=off",
            "order=worst",
            "order=oracle",
            "order=random:1",
            "order=random:2",
            "nmp=on",
            "lmr=on",
            "aspiration=on",
            "futility=on",
            "mdp=on",
            "all=on",
        ];
        let names: std::collections::HashSet<String> = texts.iter().map(|t| name(t)).collect();
        assert_eq!(names.len(), texts.len(), "{names:?}");
    }
}
