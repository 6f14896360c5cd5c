//! Switches for selective search: the techniques that search some moves less deeply or not at
//! all. Off, the engine searches full width, the tree the killer lessons are read from; on (as
//! `uci` plays), it is the tree every competitive engine searches. Parsed from and printed as
//! `nmp=on,lmr=on,...` (`--search`, UCI options, log headers beside the ordering settings).

use super::config::OrderingConfig;
use super::switches::{
    CHECK, ConfigError, Shown, Switch, Switchboard, UciKind, UciOption, Values, on_off_name,
    on_off_switch, on_off_word, split_settings, switchboard,
};

/// Which selective-search techniques the search uses. `Default` is all off: full width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SelectiveConfig {
    /// Aspiration windows at the root from depth 4, widened on a fail-low or fail-high.
    pub aspiration: bool,
    /// Null-move pruning: not in check, not in pawn endings, never two in a row; R = 2, 3 from
    /// depth 7.
    pub null_move: bool,
    /// Late move reductions of quiet moves (never captures, checks, or moves a heuristic such
    /// as the TT move or a killer singled out), re-searched at full depth when they fail high.
    pub lmr: bool,
    /// Reverse futility pruning of nodes and futility pruning of quiet moves at depth ≤ 3.
    pub futility: bool,
    /// Mate distance pruning: a node cannot beat a mate already found nearer the root.
    pub mate_distance: bool,
}

impl SelectiveConfig {
    /// Every technique on: how `uci` plays.
    pub const ALL: SelectiveConfig = SelectiveConfig {
        aspiration: true,
        null_move: true,
        lmr: true,
        futility: true,
        mate_distance: true,
    };

    /// Whether any technique is on.
    pub fn any(&self) -> bool {
        *self != SelectiveConfig::default()
    }

    /// A short name, for titles and status lines: `full width` when off, `selective` when
    /// every technique is on, else the techniques on (`nmp+lmr`).
    pub fn label(&self) -> String {
        if *self == SelectiveConfig::ALL {
            return "selective".to_string();
        }
        let on: Vec<&str> = self
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
}

/// The UCI check option that sets a technique, `listed`-th among them.
const fn check(name: &'static str, listed: u8) -> UciOption {
    UciOption {
        name,
        kind: UciKind::Check(CHECK),
        listed,
    }
}

/// Every selective switch: `all=on|off` (which sets every technique and is never printed),
/// then the techniques in the order settings print.
pub const SELECTIVE_SWITCHES: &[Switch<SelectiveConfig>] = &[
    Switch::<SelectiveConfig>::new(
        "all",
        Values::OnOff,
        |c| on_off_name(*c == SelectiveConfig::ALL),
        |c, v| {
            let all = on_off_word(v);
            all.map(|on| {
                *c = if on {
                    SelectiveConfig::ALL
                } else {
                    SelectiveConfig::default()
                }
            })
            .is_some()
        },
    )
    .shown(Shown::Never),
    on_off_switch!(SelectiveConfig, "aspiration", aspiration)
        .uci(&[check("Aspiration Windows", 0)])
        .phrases(&[("on", "aspiration")]),
    on_off_switch!(SelectiveConfig, "nmp", null_move)
        .uci(&[check("Null Move Pruning", 1)])
        .aliases(&["nullmove"])
        .phrases(&[("on", "null move")]),
    on_off_switch!(SelectiveConfig, "lmr", lmr)
        .uci(&[check("Late Move Reductions", 2)])
        .phrases(&[("on", "LMR")]),
    on_off_switch!(SelectiveConfig, "futility", futility)
        .uci(&[check("Futility Pruning", 3)])
        .phrases(&[("on", "futility")]),
    on_off_switch!(SelectiveConfig, "mdp", mate_distance)
        .uci(&[check("Mate Distance Pruning", 4)])
        .phrases(&[("on", "mate distance")]),
];

switchboard!(SelectiveConfig, "search", SELECTIVE_SWITCHES);

/// Whether `key` is a selective-search switch (`all` and the `nullmove` alias included) rather
/// than an ordering one.
pub fn is_selective_key(key: &str) -> bool {
    SelectiveConfig::is_key(key)
}

/// Parses one switchboard mixing ordering and selective settings (`killers=0,lmr=on`): the
/// lab's columns, where a configuration is the whole tree-shaping recipe.
pub fn parse_switches(text: &str) -> Result<(OrderingConfig, SelectiveConfig), ConfigError> {
    let (selective, ordering): (Vec<_>, Vec<_>) = split_settings(text, "config")?
        .into_iter()
        .partition(|(key, _)| is_selective_key(key));
    Ok((
        OrderingConfig::from_settings(ordering)?,
        SelectiveConfig::from_settings(selective)?,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_full_width_and_all_sets_everything() {
        assert!(!SelectiveConfig::default().any());
        assert_eq!("all=on".parse(), Ok(SelectiveConfig::ALL));
        let c: SelectiveConfig = "all=on,lmr=off".parse().unwrap();
        assert!(c.null_move && !c.lmr);
    }

    #[test]
    fn display_round_trips_and_errors_name_the_key() {
        let c: SelectiveConfig = "nmp=on,mdp=on".parse().unwrap();
        assert_eq!(
            c.to_string(),
            "aspiration=off,nmp=on,lmr=off,futility=off,mdp=on"
        );
        assert_eq!(c.to_string().parse(), Ok(c));
        let err = |s: &str| s.parse::<SelectiveConfig>().unwrap_err().to_string();
        assert!(err("lmr=maybe").contains("`lmr`"));
        assert!(err("iid=on").contains("`iid`"));
        assert!(err("lmr").contains("key=value"));
    }

    #[test]
    fn one_switchboard_splits_into_ordering_and_selective_settings() {
        let (ordering, selective) = parse_switches("killers=0, LMR=on,nullmove=on").unwrap();
        assert_eq!(ordering.killer_slots, 0);
        assert!(selective.lmr && selective.null_move && !selective.futility);
        assert_eq!(
            parse_switches("").unwrap(),
            (OrderingConfig::default(), SelectiveConfig::default())
        );
        assert!(parse_switches("iid=on").is_err());
        let (ordering, selective) = parse_switches("order=oracle,nmp=on").unwrap();
        assert_eq!(ordering.order, crate::MoveOrder::Oracle);
        assert!(selective.null_move);
    }
}
