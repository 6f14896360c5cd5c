//! The move-ordering and selective-search switches as UCI options. Each option is declared on
//! its switch's row (`ORDERING_SWITCHES`, `SELECTIVE_SWITCHES`), so a GUI, the command line and
//! a log header all speak one vocabulary; this module only prints and applies them. `Ordering`
//! takes a whole configuration string at once.

use killerscope_engine::{OrderingConfig, SelectiveConfig};
use killerscope_engine::{Switch, Switchboard, UciKind, UciOption, Values};

/// Every UCI option of `C`'s switches with its switch, in the order `uci` lists them.
fn options_of<C: Switchboard>() -> Vec<(&'static Switch<C>, &'static UciOption)> {
    let mut options: Vec<_> = C::switches()
        .iter()
        .flat_map(|switch| switch.uci.iter().map(move |option| (switch, option)))
        .collect();
    options.sort_by_key(|(_, option)| option.listed);
    options
}

/// The option of `C` called `name` (any case), with its switch.
fn find<C: Switchboard>(name: &str) -> Option<(&'static Switch<C>, &'static UciOption)> {
    options_of::<C>()
        .into_iter()
        .find(|(_, option)| option.name.eq_ignore_ascii_case(name))
}

/// The `option name … type …` line of `option`, which shows its switch's value in `defaults`.
fn declaration<C>(switch: &Switch<C>, option: &UciOption, defaults: &C) -> String {
    let value = (switch.get)(defaults);
    let name = option.name;
    match (option.kind, switch.values) {
        (UciKind::Check(check), _) => {
            let on = check.on.contains(&value.as_str());
            format!("option name {name} type check default {on}")
        }
        (UciKind::Spin, Values::UpTo(max)) => {
            format!("option name {name} type spin default {value} min 0 max {max}")
        }
        (UciKind::Combo, Values::OneOf(names)) => {
            let vars: Vec<String> = names.iter().map(|v| format!("var {v}")).collect();
            format!(
                "option name {name} type combo default {value} {}",
                vars.join(" ")
            )
        }
        _ => format!("option name {name} type string default {value}"),
    }
}

/// The value `option` of `switch` gives for the GUI's `value`, from the switch's `current`
/// value; the error says what the option wants.
fn setting<C>(
    switch: &Switch<C>,
    option: &UciOption,
    current: String,
    value: &str,
) -> Result<String, String> {
    let lower = value.to_ascii_lowercase();
    match (option.kind, switch.values) {
        // A check box changes its switch only when it is flipped, so the two boxes sharing
        // `history` each keep the other's part.
        (UciKind::Check(check), _) => {
            let ticked = check.on.contains(&current.as_str());
            match lower.as_str() {
                "true" if !ticked => Ok(check.set_on.to_string()),
                "false" if ticked => Ok(check.set_off.to_string()),
                "true" | "false" => Ok(current),
                _ => Err("want true or false".to_string()),
            }
        }
        (UciKind::Spin, Values::UpTo(max)) => match value.parse::<usize>() {
            Ok(n) if n <= usize::from(max) => Ok(value.to_string()),
            _ => Err(format!("want 0..={max}")),
        },
        (UciKind::Combo, Values::OneOf(names)) => match names.iter().find(|v| **v == lower) {
            Some(v) => Ok((*v).to_string()),
            None => Err(format!("want one of {}", names.join(", "))),
        },
        _ => Ok(value.to_string()),
    }
}

/// `config` with the switch behind `option` set from the GUI's `value`.
fn apply_option<C: Switchboard + Clone>(
    config: &C,
    (switch, option): (&Switch<C>, &UciOption),
    value: &str,
) -> Result<C, String> {
    let setting = setting(switch, option, (switch.get)(config), value)?;
    let mut next = config.clone();
    next.set(switch.key, &setting).map_err(|e| e.to_string())?;
    Ok(next)
}

/// Whether `name` is one of the selective-search options.
pub fn is_selective(name: &str) -> bool {
    find::<SelectiveConfig>(name).is_some()
}

/// Applies a selective-search check option to `config`; the error says what value is wanted.
pub fn apply_selective(
    config: &SelectiveConfig,
    name: &str,
    value: &str,
) -> Result<SelectiveConfig, String> {
    let option = find(name).ok_or_else(|| "not a selective-search option".to_string())?;
    apply_option(config, option, value)
}

/// The `option name … type …` lines of every ordering switch, with the defaults of
/// `OrderingConfig::default()`, the `Ordering` string option, then the selective-search
/// switches with the defaults `uci` plays with (`SelectiveConfig::ALL`).
pub fn declarations() -> Vec<String> {
    let ordering = OrderingConfig::default();
    let mut lines: Vec<String> = options_of::<OrderingConfig>()
        .into_iter()
        .map(|(switch, option)| declaration(switch, option, &ordering))
        .collect();
    lines.push("option name Ordering type string default <empty>".to_string());
    let selective = SelectiveConfig::ALL;
    lines.extend(
        options_of::<SelectiveConfig>()
            .into_iter()
            .map(|(switch, option)| declaration(switch, option, &selective)),
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
    let option = find(name)?;
    Some(apply_option(config, option, value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_engine::{HistoryMode, KillerPlacement, MoveOrder};

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
        assert_eq!(
            lines.len(),
            options_of::<OrderingConfig>().len() + 1 + options_of::<SelectiveConfig>().len()
        );
        assert!(
            lines.contains(&"option name Null Move Pruning type check default true".to_string())
        );
    }

    /// The option lines GUIs have seen since these options were added, recorded from `uci`
    /// before the switches were declared in one table: the table must still list each of them,
    /// in the same order (plus `Move Order`, added with `order=`). A switch added since adds its
    /// own line among the ordering options, before `Ordering`; the selective options after it
    /// stay exactly as they were.
    #[test]
    fn declarations_keep_the_lines_guis_have_always_seen() {
        let expected = [
            "option name Killers type spin default 2 min 0 max 4",
            "option name History type check default true",
            "option name Relative History type check default false",
            "option name Mate Killers type check default false",
            "option name Countermove type check default false",
            "option name Grandparent Killers type check default false",
            "option name Killer Placement type combo default after var after var between var before",
            "option name Killer Index type combo default ply var ply var depth",
            "option name Move Order type string default normal",
            "option name Ordering type string default <empty>",
            "option name Aspiration Windows type check default true",
            "option name Null Move Pruning type check default true",
            "option name Late Move Reductions type check default true",
            "option name Futility Pruning type check default true",
            "option name Mate Distance Pruning type check default true",
        ];
        let lines = declarations();
        let mut rest = lines.iter();
        for line in expected {
            assert!(
                rest.any(|l| l == line),
                "{line:?} missing or out of order in {lines:#?}"
            );
        }
        let ordering = lines
            .iter()
            .position(|l| l == expected[9])
            .expect("the Ordering line");
        assert_eq!(lines[ordering..], expected[9..]);
    }

    /// `History` and `Relative History` share one setting: each box flips only its own part.
    #[test]
    fn the_two_history_boxes_keep_each_others_part() {
        use HistoryMode::{Off, Plain, Relative};
        let settings = [
            ("History", "true"),
            ("History", "false"),
            ("Relative History", "true"),
            ("Relative History", "false"),
        ];
        // The truth table: a row per mode before, a column per setting above.
        let table = [
            (Off, [Plain, Off, Relative, Off]),
            (Plain, [Plain, Off, Relative, Plain]),
            (Relative, [Relative, Off, Relative, Plain]),
        ];
        for (from, row) in table {
            for ((name, value), to) in settings.into_iter().zip(row) {
                let config = OrderingConfig {
                    history: from,
                    ..OrderingConfig::default()
                };
                let set = apply(&config, name, value).expect("known").expect("valid");
                assert_eq!(set.history, to, "{from:?} + {name}={value}");
            }
        }
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
        assert!(
            apply(&base, "Move Order", "random")
                .expect("known")
                .is_err()
        );
    }

    #[test]
    fn move_order_takes_every_order() {
        let base = OrderingConfig::default();
        for (value, order) in [
            ("oracle", MoveOrder::Oracle),
            ("Worst", MoveOrder::Worst),
            ("random:9", MoveOrder::Random(9)),
            ("normal", MoveOrder::Normal),
        ] {
            let set = apply(&base, "move order", value)
                .expect("known")
                .expect("valid");
            assert_eq!(set.order, order, "{value}");
        }
    }
}
