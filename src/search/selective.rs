//! Switches for selective search: the techniques that search some moves less deeply or not at
//! all. Off, the engine searches full width, the tree the killer lessons are read from; on (as
//! `uci` plays), it is the tree every competitive engine searches. Parsed from and printed as
//! `nmp=on,lmr=on,...` (`--search`, UCI options, log headers beside the ordering settings).

use super::config::{ConfigError, OrderingConfig, parse_on_off, split_settings};
use crate::text::quote;
use std::fmt;
use std::str::FromStr;

/// Which selective-search techniques the search uses. `Default` is all off: full width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SelectiveConfig {
    /// Aspiration windows at the root from depth 4, widened on a fail-low or fail-high.
    pub aspiration: bool,
    /// Null-move pruning: not in check, not in pawn endings, never two in a row; R = 2, 3 from
    /// depth 7.
    pub null_move: bool,
    /// Late move reductions of quiet moves (never captures, checks, killers, countermoves or the
    /// TT move), re-searched at full depth when they fail high.
    pub lmr: bool,
    /// Reverse futility pruning of nodes and futility pruning of quiet moves at depth ≤ 3.
    pub futility: bool,
    /// Mate distance pruning: a node cannot beat a mate already found nearer the root.
    pub mate_distance: bool,
}

/// The keys `from_settings` knows, as `settings` prints them.
pub const SELECTIVE_KEYS: [&str; 5] = ["aspiration", "nmp", "lmr", "futility", "mdp"];

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

    /// The switches as `(key, value)` settings, the form log headers store.
    pub fn settings(&self) -> [(&'static str, String); 5] {
        let onoff = |b: bool| if b { "on" } else { "off" }.to_string();
        [
            ("aspiration", onoff(self.aspiration)),
            ("nmp", onoff(self.null_move)),
            ("lmr", onoff(self.lmr)),
            ("futility", onoff(self.futility)),
            ("mdp", onoff(self.mate_distance)),
        ]
    }

    /// Applies `(key, value)` settings to the all-off configuration. `all=on|off` sets every
    /// switch; later keys override earlier ones.
    pub fn from_settings<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<SelectiveConfig, ConfigError> {
        let mut config = SelectiveConfig::default();
        for (key, value) in pairs {
            let on = parse_on_off("search", key, value)?;
            match key.to_ascii_lowercase().as_str() {
                "all" => {
                    config = if on {
                        SelectiveConfig::ALL
                    } else {
                        SelectiveConfig::default()
                    }
                }
                "aspiration" => config.aspiration = on,
                "nmp" | "nullmove" => config.null_move = on,
                "lmr" => config.lmr = on,
                "futility" => config.futility = on,
                "mdp" => config.mate_distance = on,
                _ => {
                    return Err(ConfigError::new(format!(
                        "search config: unknown key `{}` (known: all, {})",
                        quote(key),
                        SELECTIVE_KEYS.join(", ")
                    )));
                }
            }
        }
        Ok(config)
    }
}

/// Whether `key` is a selective-search switch (`all` and the `nullmove` alias included) rather
/// than an ordering one.
pub fn is_selective_key(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    key == "all" || key == "nullmove" || SELECTIVE_KEYS.contains(&key.as_str())
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

/// Parses `key=value` pairs separated by commas (`nmp=on,lmr=on`, `all=on`); empty is all off.
impl FromStr for SelectiveConfig {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        SelectiveConfig::from_settings(split_settings(s, "search")?)
    }
}

/// `aspiration=off,nmp=on,…`, which `FromStr` reads back.
impl fmt::Display for SelectiveConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self
            .settings()
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        f.write_str(&pairs.join(","))
    }
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
    }
}
