//! Switches for every move-ordering heuristic, so a class can turn each one off and count the
//! nodes it was saving. Parsed from and printed as `killers=2,history=off,...` strings, the form
//! used on the command line (`--config`), in UCI options and in event-log headers.

use super::eval::EvalKind;
use super::selective::SelectiveConfig;
use super::source::{KILLER_SOURCES, MoveSource};
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
    /// TT move, killers, then every capture and the quiets: the rare scheme of trying killers
    /// even before a capture that wins a pawn.
    BeforeCaptures,
}

impl KillerPlacement {
    /// The `placement=` value naming this placement.
    pub const fn name(self) -> &'static str {
        match self {
            KillerPlacement::AfterCaptures => "after",
            KillerPlacement::BetweenCaptures => "between",
            KillerPlacement::BeforeCaptures => "before",
        }
    }
}

/// What the killer table's rows are indexed by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum KillerIndex {
    /// Distance from the root: siblings share a row, the classic scheme.
    #[default]
    Ply,
    /// Remaining depth: nodes with the same depth to go share a row, so a check extension or a
    /// different iteration puts unrelated positions together — there so a class can see why
    /// ply wins.
    Depth,
}

impl KillerIndex {
    /// The `killerindex=` value naming this scheme.
    pub const fn name(self) -> &'static str {
        match self {
            KillerIndex::Ply => "ply",
            KillerIndex::Depth => "depth",
        }
    }
}

/// How the quiet moves no other heuristic placed are scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum HistoryMode {
    /// Generation order.
    Off,
    /// The history heuristic (Schaeffer 1983): depth² per cutoff.
    #[default]
    Plain,
    /// The relative history heuristic (Winands et al. 2004): the history score divided by a
    /// butterfly board of how often the move was searched without cutting off.
    Relative,
}

impl HistoryMode {
    /// The `history=` value naming this mode; `on` for plain history, the form logs and
    /// reports have always printed.
    pub const fn name(self) -> &'static str {
        match self {
            HistoryMode::Off => "off",
            HistoryMode::Plain => "on",
            HistoryMode::Relative => "relative",
        }
    }

    /// Whether quiet cutoffs are rewarded in the history table.
    pub const fn is_on(self) -> bool {
        !matches!(self, HistoryMode::Off)
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
    /// How the remaining quiet moves are ordered: history, relative history or generation order.
    pub history: HistoryMode,
    /// Keep a separate killer slot per ply for quiet moves that found a mate, tried before the
    /// ordinary killers (which then keep the positional refutations).
    pub mate_killers: bool,
    /// The countermove heuristic (Uiterwijk 1992): the quiet move that last refuted the
    /// opponent's previous move (its piece and to-square), tried after the killers.
    pub countermove: bool,
    /// Whether killer rows are indexed by ply or by remaining depth.
    pub killer_index: KillerIndex,
}

impl Default for OrderingConfig {
    fn default() -> Self {
        OrderingConfig {
            tt_move: true,
            mvv_lva: true,
            killer_slots: 2,
            killers_from_grandparent: false,
            killer_placement: KillerPlacement::AfterCaptures,
            history: HistoryMode::Plain,
            mate_killers: false,
            countermove: false,
            killer_index: KillerIndex::Ply,
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

impl ConfigError {
    /// An error with `message`, which names the offending key and value.
    pub(crate) fn new(message: String) -> ConfigError {
        ConfigError(message)
    }
}

/// The keys `from_settings` knows, as `Display` prints them.
pub const KNOWN_KEYS: [&str; 9] = [
    "killers",
    "history",
    "tt",
    "mvvlva",
    "grandparent",
    "placement",
    "matekillers",
    "countermove",
    "killerindex",
];

fn bad_choice(key: &str, choices: &str, value: &str) -> ConfigError {
    ConfigError(format!(
        "ordering config: `{}` must be {choices}, not \"{}\"",
        quote(key),
        quote(value)
    ))
}

fn parse_switch(key: &str, value: &str) -> Result<bool, ConfigError> {
    parse_on_off("ordering", key, value)
}

/// `on`/`off` (or `true`/`false`, `yes`/`no`, `1`/`0`) for switch `key` of the `what` config.
pub(crate) fn parse_on_off(what: &str, key: &str, value: &str) -> Result<bool, ConfigError> {
    match value.to_ascii_lowercase().as_str() {
        "on" | "true" | "yes" | "1" => Ok(true),
        "off" | "false" | "no" | "0" => Ok(false),
        _ => Err(ConfigError(format!(
            "{what} config: `{}` must be on or off, not \"{}\"",
            quote(key),
            quote(value)
        ))),
    }
}

/// Splits `key=value` pairs separated by commas (blank pairs skipped, spaces trimmed): the
/// syntax every switchboard (`--ordering`, `--search`) shares; `what` names it in errors.
pub(crate) fn split_settings<'a>(
    s: &'a str,
    what: &str,
) -> Result<Vec<(&'a str, &'a str)>, ConfigError> {
    let mut pairs = Vec::new();
    for pair in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((key, value)) = pair.split_once('=') else {
            return Err(ConfigError(format!(
                "{what} config: \"{}\" is not key=value",
                quote(pair)
            )));
        };
        pairs.push((key.trim(), value.trim()));
    }
    Ok(pairs)
}

/// Parses `key=value` pairs separated by commas, any subset, in any order, starting from the
/// default: `killers=0..4`, `tt`, `mvvlva`, `grandparent`, `matekillers`, `countermove` =
/// `on|off`, `history=on|plain|relative|off`, `placement=after|between|before`,
/// `killerindex=ply|depth`. An empty string is the default configuration.
impl FromStr for OrderingConfig {
    type Err = ConfigError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        OrderingConfig::from_settings(split_settings(s, "ordering")?)
    }
}

impl OrderingConfig {
    /// The configuration as `(key, value)` settings, in the order `Display` prints them: the
    /// form log headers store as data.
    pub fn settings(&self) -> [(&'static str, String); 9] {
        let onoff = |b: bool| if b { "on" } else { "off" }.to_string();
        [
            ("killers", self.killer_slots.to_string()),
            ("history", self.history.name().to_string()),
            ("tt", onoff(self.tt_move)),
            ("mvvlva", onoff(self.mvv_lva)),
            ("grandparent", onoff(self.killers_from_grandparent)),
            ("placement", self.killer_placement.name().to_string()),
            ("matekillers", onoff(self.mate_killers)),
            ("countermove", onoff(self.countermove)),
            ("killerindex", self.killer_index.name().to_string()),
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
                "history" => {
                    config.history = match value.to_ascii_lowercase().as_str() {
                        "relative" => HistoryMode::Relative,
                        "plain" => HistoryMode::Plain,
                        _ => match parse_switch(key, value) {
                            Ok(true) => HistoryMode::Plain,
                            Ok(false) => HistoryMode::Off,
                            Err(_) => {
                                return Err(bad_choice(key, "on, plain, relative or off", value));
                            }
                        },
                    }
                }
                "grandparent" => config.killers_from_grandparent = parse_switch(key, value)?,
                "matekillers" | "mate-killers" | "matekiller" => {
                    config.mate_killers = parse_switch(key, value)?
                }
                "countermove" | "countermoves" | "counter" => {
                    config.countermove = parse_switch(key, value)?
                }
                "placement" => {
                    config.killer_placement = match value.to_ascii_lowercase().as_str() {
                        "after" => KillerPlacement::AfterCaptures,
                        "between" => KillerPlacement::BetweenCaptures,
                        "before" => KillerPlacement::BeforeCaptures,
                        _ => return Err(bad_choice(key, "after, between or before", value)),
                    };
                }
                "killerindex" | "killer-index" => {
                    config.killer_index = match value.to_ascii_lowercase().as_str() {
                        "ply" => KillerIndex::Ply,
                        "depth" => KillerIndex::Depth,
                        _ => return Err(bad_choice(key, "ply or depth", value)),
                    };
                }
                _ => {
                    return Err(ConfigError(format!(
                        "ordering config: unknown key `{}` (known: {})",
                        quote(key),
                        KNOWN_KEYS.join(", ")
                    )));
                }
            }
        }
        Ok(config)
    }
}

impl OrderingConfig {
    /// Whether a search under this configuration can place a move by `source`: the TT move only
    /// with the table, killer candidates only up to the slots in use (every candidate with
    /// `grandparent=on`), each optional heuristic only when switched on. Reports list exactly
    /// these sources.
    pub fn uses(&self, source: MoveSource) -> bool {
        match source {
            MoveSource::TT => self.tt_move,
            MoveSource::MATE_KILLER => self.mate_killers,
            MoveSource::COUNTERMOVE => self.countermove,
            MoveSource::HISTORY => self.history == HistoryMode::Plain,
            MoveSource::RELATIVE_HISTORY => self.history == HistoryMode::Relative,
            s => match s.killer_slot() {
                Some(slot) if self.killers_from_grandparent => {
                    self.killer_slots > 0 && usize::from(slot) < KILLER_SOURCES
                }
                Some(slot) => slot < self.killer_slots,
                None => s.info().is_some(),
            },
        }
    }
}

impl OrderingConfig {
    /// Only the settings that differ from the default, `countermove=on,history=relative`, or
    /// `default`: a short name for a column or a menu line that still reads back with `FromStr`
    /// (`default` aside, which is the empty string).
    pub fn changes(&self) -> String {
        let default = OrderingConfig::default().settings();
        let changed: Vec<String> = self
            .settings()
            .iter()
            .zip(default.iter())
            .filter(|(mine, base)| mine.1 != base.1)
            .map(|((key, value), _)| format!("{key}={value}"))
            .collect();
        if changed.is_empty() {
            "default".into()
        } else {
            changed.join(",")
        }
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
    /// Selective-search switches (all off: full width).
    pub selective: SelectiveConfig,
    /// The evaluation (simple, the classroom's, unless playing).
    pub eval: EvalKind,
    /// Transposition table size in MiB (rounded down to a power-of-two number of buckets).
    pub hash_mib: usize,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            ordering: OrderingConfig::default(),
            selective: SelectiveConfig::default(),
            eval: EvalKind::Simple,
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
        assert_eq!(c.history, HistoryMode::Off);
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
            history: HistoryMode::Relative,
            mate_killers: true,
            countermove: true,
            killer_index: KillerIndex::Depth,
        };
        let text = c.to_string();
        assert_eq!(
            text,
            "killers=3,history=relative,tt=off,mvvlva=off,grandparent=on,placement=between,\
             matekillers=on,countermove=on,killerindex=depth"
        );
        assert_eq!(text.parse::<OrderingConfig>(), Ok(c));
        let d = OrderingConfig::default();
        assert_eq!(d.to_string().parse::<OrderingConfig>(), Ok(d));
    }

    #[test]
    fn new_switches_parse_with_their_aliases() {
        let c: OrderingConfig = "history=plain,placement=before,matekillers=on,counter=on"
            .parse()
            .unwrap();
        assert_eq!(c.history, HistoryMode::Plain);
        assert_eq!(c.killer_placement, KillerPlacement::BeforeCaptures);
        assert!(c.mate_killers && c.countermove);
        let d = OrderingConfig::default();
        assert!(!d.mate_killers && !d.countermove);
        assert_eq!(d.killer_index, KillerIndex::Ply);
        assert_eq!(d.history, HistoryMode::Plain);
        assert_eq!(
            KNOWN_KEYS.to_vec(),
            d.settings().iter().map(|(k, _)| *k).collect::<Vec<_>>()
        );
    }

    #[test]
    fn uses_lists_the_sources_a_configuration_can_produce() {
        let used = |c: &str| -> Vec<String> {
            let c: OrderingConfig = c.parse().unwrap();
            MoveSource::all()
                .filter(|&s| c.uses(s))
                .map(|s| s.label())
                .collect()
        };
        assert_eq!(used(""), ["TT", "Cap", "K1", "K2", "Hist", "Quiet"]);
        assert_eq!(
            used("killers=1,grandparent=on,tt=off,history=relative,matekillers=on,countermove=on"),
            [
                "Cap", "MK", "K1", "K2", "K3", "K4", "K5", "CM", "RHist", "Quiet"
            ]
        );
        assert_eq!(
            used("killers=0,history=off,grandparent=on"),
            ["TT", "Cap", "Quiet"]
        );
    }

    #[test]
    fn changes_name_only_what_differs_from_the_default() {
        assert_eq!(OrderingConfig::default().changes(), "default");
        let c: OrderingConfig = "history=relative,killers=0,countermove=on".parse().unwrap();
        assert_eq!(c.changes(), "killers=0,history=relative,countermove=on");
        assert_eq!(c.changes().parse::<OrderingConfig>(), Ok(c));
    }

    #[test]
    fn errors_name_the_key() {
        let err = |s: &str| s.parse::<OrderingConfig>().unwrap_err().to_string();
        assert!(err("killers=5").contains("`killers`"));
        assert!(err("history=maybe").contains("`history`"));
        assert!(err("placement=middle").contains("`placement`"));
        assert!(err("history=maybe").contains("relative"));
        assert!(err("killerindex=age").contains("`killerindex`"));
        assert!(err("countermove=2").contains("`countermove`"));
        assert!(err("nullmove=on").contains("`nullmove`"));
        assert!(err("killers").contains("key=value"));
    }
}
