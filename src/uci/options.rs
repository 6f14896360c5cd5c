//! The move-ordering and selective-search switches as UCI options: one row per switch, each
//! mapped onto the same `key=value` settings `--ordering` and `--search` read, so a GUI, the
//! command line and a log header all speak one vocabulary. `Ordering` takes a whole
//! configuration string at once.

use crate::search::{MAX_KILLER_SLOTS, OrderingConfig, SelectiveConfig};

/// How a UCI option's value becomes an ordering setting.
enum Kind {
    /// `type check`: `true`/`false` → `on`/`off`.
    Check,
    /// `type spin` between 0 and the given maximum.
    Spin(usize),
    /// `type combo` with these `var`s, passed through as the setting's value.
    Combo(&'static [&'static str]),
}

/// One ordering switch as a UCI option.
struct OrderingOption {
    name: &'static str,
    key: &'static str,
    kind: Kind,
}

const OPTIONS: &[OrderingOption] = &[
    OrderingOption {
        name: "Killers",
        key: "killers",
        kind: Kind::Spin(MAX_KILLER_SLOTS),
    },
    OrderingOption {
        name: "History",
        key: "history",
        kind: Kind::Check,
    },
    OrderingOption {
        name: "Relative History",
        key: "history",
        kind: Kind::Check,
    },
    OrderingOption {
        name: "Mate Killers",
        key: "matekillers",
        kind: Kind::Check,
    },
    OrderingOption {
        name: "Countermove",
        key: "countermove",
        kind: Kind::Check,
    },
    OrderingOption {
        name: "Grandparent Killers",
        key: "grandparent",
        kind: Kind::Check,
    },
    OrderingOption {
        name: "Killer Placement",
        key: "placement",
        kind: Kind::Combo(&["after", "between", "before"]),
    },
    OrderingOption {
        name: "Killer Index",
        key: "killerindex",
        kind: Kind::Combo(&["ply", "depth"]),
    },
];

/// The selective-search switches as UCI check options: (option name, `--search` key).
const SELECTIVE_OPTIONS: [(&str, &str); 5] = [
    ("Aspiration Windows", "aspiration"),
    ("Null Move Pruning", "nmp"),
    ("Late Move Reductions", "lmr"),
    ("Futility Pruning", "futility"),
    ("Mate Distance Pruning", "mdp"),
];

/// Whether `name` is one of the selective-search options.
pub fn is_selective(name: &str) -> bool {
    SELECTIVE_OPTIONS
        .iter()
        .any(|(option, _)| option.eq_ignore_ascii_case(name))
}

/// Applies a selective-search check option to `config`; the error says what value is wanted.
pub fn apply_selective(
    config: &SelectiveConfig,
    name: &str,
    value: &str,
) -> Result<SelectiveConfig, String> {
    let key = SELECTIVE_OPTIONS
        .iter()
        .find(|(option, _)| option.eq_ignore_ascii_case(name))
        .map(|(_, key)| *key)
        .ok_or_else(|| "not a selective-search option".to_string())?;
    let on = match value.to_ascii_lowercase().as_str() {
        "true" => "on",
        "false" => "off",
        _ => return Err("want true or false".to_string()),
    };
    let settings = config.settings();
    let pairs = settings
        .iter()
        .map(|(k, v)| (*k, if *k == key { on } else { v.as_str() }));
    SelectiveConfig::from_settings(pairs).map_err(|e| e.to_string())
}

/// The `option name … type …` lines of every ordering switch, with the defaults of
/// `OrderingConfig::default()`, plus the `Ordering` string option.
pub fn declarations() -> Vec<String> {
    let defaults = OrderingConfig::default();
    let setting = |key: &str| {
        defaults
            .settings()
            .into_iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v)
            .unwrap_or_default()
    };
    let mut lines: Vec<String> = OPTIONS
        .iter()
        .map(|option| {
            let value = setting(option.key);
            match option.kind {
                Kind::Check => {
                    let on = if option.name == "Relative History" {
                        value == "relative"
                    } else {
                        value != "off"
                    };
                    format!("option name {} type check default {on}", option.name)
                }
                Kind::Spin(max) => {
                    format!(
                        "option name {} type spin default {value} min 0 max {max}",
                        option.name
                    )
                }
                Kind::Combo(vars) => {
                    let vars: Vec<String> = vars.iter().map(|v| format!("var {v}")).collect();
                    format!(
                        "option name {} type combo default {value} {}",
                        option.name,
                        vars.join(" ")
                    )
                }
            }
        })
        .collect();
    lines.push("option name Ordering type string default <empty>".to_string());
    lines.extend(
        SELECTIVE_OPTIONS
            .iter()
            .map(|(name, _)| format!("option name {name} type check default true")),
    );
    lines
}

/// Applies `setoption name <name> value <value>` to `config` when `name` is an ordering
/// option: `None` if it is not one, else the new configuration or why the value was refused.
pub fn apply(
    config: &OrderingConfig,
    name: &str,
    value: &str,
) -> Option<Result<OrderingConfig, String>> {
    if name.eq_ignore_ascii_case("ordering") {
        let text = if value == "<empty>" { "" } else { value };
        return Some(text.parse::<OrderingConfig>().map_err(|e| e.to_string()));
    }
    let option = OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))?;
    let lower = value.to_ascii_lowercase();
    let mut settings = config.settings();
    let current = settings
        .iter()
        .find(|(k, _)| *k == option.key)
        .map_or(String::new(), |(_, v)| v.clone());
    // History and Relative History share the `history` setting: each flips only its own part.
    let setting = match option.kind {
        Kind::Check => match (lower.as_str(), option.name) {
            ("true", "Relative History") => "relative",
            ("false", "Relative History") if current == "relative" => "on",
            ("false", "Relative History") => current.as_str(),
            ("true", "History") if current == "relative" => "relative",
            ("true", _) => "on",
            ("false", _) => "off",
            _ => return Some(Err("want true or false".to_string())),
        },
        Kind::Spin(max) => match value.parse::<usize>() {
            Ok(n) if n <= max => value,
            _ => return Some(Err(format!("want 0..={max}"))),
        },
        Kind::Combo(vars) => match vars.iter().find(|v| **v == lower) {
            Some(v) => v,
            None => return Some(Err(format!("want one of {}", vars.join(", ")))),
        },
    };
    let setting = setting.to_string();
    for (key, slot) in settings.iter_mut() {
        if *key == option.key {
            *slot = setting.clone();
        }
    }
    Some(
        OrderingConfig::from_settings(settings.iter().map(|(k, v)| (*k, v.as_str())))
            .map_err(|e| e.to_string()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{HistoryMode, KillerPlacement};

    #[test]
    fn every_switch_is_declared_once_with_its_default() {
        let lines = declarations();
        assert!(lines.contains(&"option name History type check default true".to_string()));
        assert!(
            lines.contains(&"option name Relative History type check default false".to_string())
        );
        assert!(lines.contains(
            &"option name Killer Placement type combo default after var after var between var before"
                .to_string()
        ));
        assert_eq!(lines.len(), OPTIONS.len() + 1 + SELECTIVE_OPTIONS.len());
        assert!(
            lines.contains(&"option name Null Move Pruning type check default true".to_string())
        );
    }

    #[test]
    fn options_change_only_their_switch() {
        let base = OrderingConfig::default();
        let set =
            |c: &OrderingConfig, n: &str, v: &str| apply(c, n, v).expect("known").expect("valid");
        let c = set(&base, "countermove", "true");
        assert!(c.countermove);
        assert_eq!(
            OrderingConfig {
                countermove: false,
                ..c
            },
            base
        );
        let c = set(&c, "Relative History", "true");
        assert_eq!(c.history, HistoryMode::Relative);
        assert!(c.countermove, "earlier options stay");
        let c = set(&c, "History", "false");
        assert_eq!(c.history, HistoryMode::Off);
        let c = set(&c, "Killer Placement", "BEFORE");
        assert_eq!(c.killer_placement, KillerPlacement::BeforeCaptures);
        let c = set(&c, "Killers", "0");
        assert_eq!(c.killer_slots, 0);
        let c = set(&c, "Ordering", "matekillers=on");
        assert_eq!(
            c,
            OrderingConfig {
                mate_killers: true,
                ..base
            }
        );
    }

    #[test]
    fn selective_options_flip_one_technique() {
        let all = SelectiveConfig::ALL;
        let c = apply_selective(&all, "late move reductions", "false").expect("valid");
        assert!(!c.lmr && c.null_move && c.aspiration);
        let c = apply_selective(&c, "Late Move Reductions", "true").expect("valid");
        assert_eq!(c, all);
        assert!(apply_selective(&all, "Null Move Pruning", "2").is_err());
        assert!(is_selective("FUTILITY PRUNING") && !is_selective("Hash"));
    }

    #[test]
    fn bad_values_and_other_names() {
        let base = OrderingConfig::default();
        assert!(apply(&base, "Hash", "16").is_none());
        assert!(apply(&base, "Killers", "9").expect("known").is_err());
        assert!(
            apply(&base, "Countermove", "maybe")
                .expect("known")
                .is_err()
        );
        assert!(apply(&base, "Killer Index", "age").expect("known").is_err());
        assert!(
            apply(&base, "Ordering", "nullmove=on")
                .expect("known")
                .is_err()
        );
    }
}
