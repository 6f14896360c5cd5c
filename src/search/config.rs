//! Switches for every move-ordering heuristic, so a class can turn each one off and count the
//! nodes it was saving. Parsed from and printed as `killers=2,history=off,...` strings, the form
//! used on the command line (`--config`), in UCI options and in event-log headers.

use crate::text::quote;
use std::fmt;
use std::str::FromStr;

/// Most killer slots per ply the table keeps (and the largest `killers=` value accepted).
pub const MAX_KILLER_SLOTS: usize = 4;

/// Where killer moves sit in the ordered move list relative to captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KillerPlacement {
    /// TT move, all captures (MVV-LVA), killers, then quiets: the classic order.
    #[default]
    AfterCaptures,
    /// TT move, winning and even captures (SEE ≥ 0), killers, losing captures, then quiets.
    BetweenCaptures,
}

impl KillerPlacement {
    /// The `placement=` value naming this placement.
    pub const fn name(self) -> &'static str {
        match self {
            KillerPlacement::AfterCaptures => "after",
            KillerPlacement::BetweenCaptures => "between",
        }
    }
}

/// Which move-ordering heuristics the search uses. `Default` is everything on with two killer
/// slots per ply, the configuration most engines ship.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OrderingConfig {
    /// Use the transposition table: its best move first, and its cutoffs. Off = no table at all.
    pub tt_move: bool,
    /// Order captures most-valuable-victim / least-valuable-attacker (else generation order).
    pub mvv_lva: bool,
    /// Killer slots per ply, `0..=MAX_KILLER_SLOTS`; 0 disables killers.
    pub killer_slots: u8,
    /// Also try the killers stored two plies up (same side to move), after this ply's own.
    pub killers_from_grandparent: bool,
    /// Where killers sit among the captures.
    pub killer_placement: KillerPlacement,
    /// Order the remaining quiet moves by the history heuristic (else generation order).
    pub history: bool,
}

impl Default for OrderingConfig {
    fn default() -> Self {
        OrderingConfig {
            tt_move: true,
            mvv_lva: true,
            killer_slots: 2,
            killers_from_grandparent: false,
            killer_placement: KillerPlacement::AfterCaptures,
            history: true,
        }
    }
}

/// Why an ordering-config string was refused; the message names the offending key and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError(String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

fn parse_switch(key: &str, value: &str) -> Result<bool, ConfigError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(ConfigError(format!(
            "ordering config: `{}` must be on or off, not \"{}\"",
            quote(key),
            quote(value)
        ))),
    }
}

/// Parses `key=value` pairs separated by commas, any subset, in any order, starting from the
/// default: `killers=0..4`, `tt`, `mvvlva`, `history`, `grandparent` = `on|off`,
/// `placement=after|between`. An empty string is the default configuration.
impl FromStr for OrderingConfig {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut pairs = Vec::new();
        for pair in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let Some((key, value)) = pair.split_once('=') else {
                return Err(ConfigError(format!(
                    "ordering config: \"{}\" is not key=value",
                    quote(pair)
                )));
            };
            pairs.push((key.trim(), value.trim()));
        }
        OrderingConfig::from_settings(pairs)
    }
}

impl OrderingConfig {
    /// The configuration as `(key, value)` settings, in the order `Display` prints them: the
    /// form log headers store as data.
    pub fn settings(&self) -> [(&'static str, String); 6] {
        let onoff = |b: bool| if b { "on" } else { "off" }.to_string();
        [
            ("killers", self.killer_slots.to_string()),
            ("history", onoff(self.history)),
            ("tt", onoff(self.tt_move)),
            ("mvvlva", onoff(self.mvv_lva)),
            ("grandparent", onoff(self.killers_from_grandparent)),
            ("placement", self.killer_placement.name().to_string()),
        ]
    }

    /// Applies `(key, value)` settings to the default configuration; the keys `FromStr` knows,
    /// any subset, in any order.
    pub fn from_settings<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<OrderingConfig, ConfigError> {
        let mut config = OrderingConfig::default();
        for (key, value) in pairs {
            match key.to_ascii_lowercase().as_str() {
                "killers" => {
                    config.killer_slots = value
                        .parse::<u8>()
                        .ok()
                        .filter(|&k| usize::from(k) <= MAX_KILLER_SLOTS)
                        .ok_or_else(|| {
                            ConfigError(format!(
                                "ordering config: `killers` must be 0..={MAX_KILLER_SLOTS}, not \"{}\"",
                                quote(value)
                            ))
                        })?;
                }
                "tt" => config.tt_move = parse_switch(key, value)?,
                "mvvlva" | "mvv-lva" | "mvv_lva" => config.mvv_lva = parse_switch(key, value)?,
                "history" => config.history = parse_switch(key, value)?,
                "grandparent" => config.killers_from_grandparent = parse_switch(key, value)?,
                "placement" => {
                    config.killer_placement = match value.to_ascii_lowercase().as_str() {
                        "after" => KillerPlacement::AfterCaptures,
                        "between" => KillerPlacement::BetweenCaptures,
                        _ => {
                            return Err(ConfigError(format!(
                                "ordering config: `placement` must be after or between, not \"{}\"",
                                quote(value)
                            )));
                        }
                    };
                }
                _ => {
                    return Err(ConfigError(format!(
                        "ordering config: unknown key `{}` (known: killers, tt, mvvlva, history, grandparent, placement)",
                        quote(key)
                    )));
                }
            }
        }
        Ok(config)
    }
}

/// The full form `killers=2,history=on,tt=on,mvvlva=on,grandparent=off,placement=after`, which
/// `FromStr` reads back to the same configuration.
impl fmt::Display for OrderingConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pairs: Vec<String> = self
            .settings()
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        f.write_str(&pairs.join(","))
    }
}

/// Everything a `Searcher` is built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchConfig {
    /// Move-ordering switches.
    pub ordering: OrderingConfig,
    /// Transposition table size in MiB (rounded down to a power-of-two number of buckets).
    pub hash_mib: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            ordering: OrderingConfig::default(),
            hash_mib: 16,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_string_is_default() {
        assert_eq!("".parse::<OrderingConfig>(), Ok(OrderingConfig::default()));
    }

    #[test]
    fn subset_overrides_only_named_keys() {
        let c: OrderingConfig = "killers=0, history=off".parse().unwrap();
        assert_eq!(c.killer_slots, 0);
        assert!(!c.history);
        assert!(c.tt_move && c.mvv_lva);
    }

    #[test]
    fn display_round_trips() {
        let c = OrderingConfig {
            tt_move: false,
            mvv_lva: false,
            killer_slots: 3,
            killers_from_grandparent: true,
            killer_placement: KillerPlacement::BetweenCaptures,
            history: false,
        };
        let text = c.to_string();
        assert_eq!(
            text,
            "killers=3,history=off,tt=off,mvvlva=off,grandparent=on,placement=between"
        );
        assert_eq!(text.parse::<OrderingConfig>(), Ok(c));
        let d = OrderingConfig::default();
        assert_eq!(d.to_string().parse::<OrderingConfig>(), Ok(d));
    }

    #[test]
    fn errors_name_the_key() {
        let err = |s: &str| s.parse::<OrderingConfig>().unwrap_err().to_string();
        assert!(err("killers=5").contains("`killers`"));
        assert!(err("history=maybe").contains("`history`"));
        assert!(err("placement=middle").contains("`placement`"));
        assert!(err("nullmove=on").contains("`nullmove`"));
        assert!(err("killers").contains("key=value"));
    }
}
