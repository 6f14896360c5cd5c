//! Switches for every move-ordering heuristic, so a class can turn each one off and count the
//! nodes it was saving. Parsed from and printed as `killers=2,history=off,...` strings, the form
//! used on the command line (`--config`), in UCI options and in event-log headers; each switch
//! is one row of `ORDERING_SWITCHES` (see `switches`).

use super::eval::EvalKind;
use super::selective::SelectiveConfig;
use killerscope_log::MoveSource;
mod move_order;
pub mod name;
mod table;

pub use move_order::MoveOrder;

pub use table::ORDERING_SWITCHES;

use super::switches::{Named, Switchboard, on_off_word, switchboard};

/// Most killer slots per ply the table keeps (and the largest `killers=` value accepted): the
/// log's, whose killer-store events carry a whole row.
pub use killerscope_log::MAX_KILLER_SLOTS;

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

impl Named for KillerPlacement {
    const ALL: &'static [Self] = &[
        KillerPlacement::AfterCaptures,
        KillerPlacement::BetweenCaptures,
        KillerPlacement::BeforeCaptures,
    ];
    const NAMES: &'static [&'static str] = &["after", "between", "before"];
}

impl KillerPlacement {
    /// The `placement=` value naming this placement.
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize]
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

impl Named for KillerIndex {
    const ALL: &'static [Self] = &[KillerIndex::Ply, KillerIndex::Depth];
    const NAMES: &'static [&'static str] = &["ply", "depth"];
}

impl KillerIndex {
    /// The `killerindex=` value naming this scheme.
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize]
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

impl Named for HistoryMode {
    const ALL: &'static [Self] = &[HistoryMode::Off, HistoryMode::Plain, HistoryMode::Relative];
    const NAMES: &'static [&'static str] = &["off", "on", "relative"];
}

impl HistoryMode {
    /// The `history=` value naming this mode; `on` for plain history, the form logs and
    /// reports have always printed.
    pub const fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    /// Sets `mode` from a `history=` value: a name, `plain` for `on`, or any on/off word.
    pub(super) fn set(mode: &mut HistoryMode, value: &str) -> bool {
        let parsed = match value {
            "plain" => Some(HistoryMode::Plain),
            _ => HistoryMode::from_name(value).or_else(|| {
                on_off_word(value).map(|on| {
                    if on {
                        HistoryMode::Plain
                    } else {
                        HistoryMode::Off
                    }
                })
            }),
        };
        parsed.map(|m| *mode = m).is_some()
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
    /// Normal, or one of the limits of ordering: worst, random or oracle (see `order`).
    pub order: MoveOrder,
    /// The follow-up move heuristic (Stockfish 2013–2015): the quiet move that last cut off
    /// after the side's own previous move (its piece and to-square, two plies up), tried right
    /// after the countermove.
    pub followup: bool,
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
            order: MoveOrder::Normal,
            followup: false,
        }
    }
}

switchboard!(OrderingConfig, "ordering", ORDERING_SWITCHES);

impl OrderingConfig {
    /// Whether a search under this configuration can place a move by `source`: the TT move only
    /// with the table, killer candidates only up to the slots in use (every candidate with
    /// `grandparent=on`), each optional heuristic only when switched on. Reports list exactly
    /// these sources.
    pub fn uses(&self, source: MoveSource) -> bool {
        Switchboard::uses(self, source)
    }

    /// Only the settings that differ from the default, `countermove=on,history=relative`, or
    /// `default`: a short name for a column or a menu line that still reads back with `FromStr`
    /// (`default` aside, which is the empty string).
    pub fn changes(&self) -> String {
        Switchboard::changes(self)
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
    use std::fmt;

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
            order: MoveOrder::Random(7),
            followup: true,
        };
        let text = c.to_string();
        assert_eq!(
            text,
            "killers=3,history=relative,tt=off,mvvlva=off,grandparent=on,placement=between,\
             matekillers=on,countermove=on,killerindex=depth,order=random:7,followup=on"
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
        let mut printed: Vec<&str> = d.settings().iter().map(|(k, _)| *k).collect();
        assert!(!printed.contains(&"order"), "order=normal is not printed");
        assert!(
            !printed.contains(&"followup"),
            "followup=off is not printed"
        );
        printed.extend(["order", "followup"]);
        assert_eq!(OrderingConfig::known_keys(), printed);
    }

    #[test]
    fn every_named_value_reads_back_from_its_name() {
        fn check<T: Named + PartialEq + fmt::Debug>(name: impl Fn(T) -> &'static str) {
            assert_eq!(T::ALL.len(), T::NAMES.len());
            for &value in T::ALL {
                assert_eq!(T::from_name(name(value)), Some(value));
            }
        }
        check(KillerPlacement::name);
        check(KillerIndex::name);
        check(HistoryMode::name);
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
            used(
                "killers=1,grandparent=on,tt=off,history=relative,matekillers=on,countermove=on,\
                 followup=on"
            ),
            [
                "Cap", "MK", "K1", "K2", "K3", "K4", "K5", "CM", "RHist", "Quiet", "FU"
            ]
        );
        assert_eq!(
            used("killers=0,history=off,grandparent=on"),
            ["TT", "Cap", "Quiet"]
        );
    }

    #[test]
    fn order_is_printed_only_when_not_normal_and_reads_back() {
        assert_eq!(OrderingConfig::default().order, MoveOrder::Normal);
        assert!(!OrderingConfig::default().to_string().contains("order"));
        for text in [
            "order=oracle",
            "order=worst",
            "order=random:42",
            "order=normal",
        ] {
            let c: OrderingConfig = text.parse().unwrap();
            assert_eq!(c.to_string().parse::<OrderingConfig>(), Ok(c), "{text}");
        }
        let c: OrderingConfig = "order=random:42,tt=off".parse().unwrap();
        assert_eq!(c.order, MoveOrder::Random(42));
        assert_eq!(c.changes(), "tt=off,order=random:42");
        let err = |s: &str| s.parse::<OrderingConfig>().unwrap_err().to_string();
        assert!(
            err("order=random").contains("random:SEED"),
            "{}",
            err("order=random")
        );
        assert!(err("order=best").contains("`order`"));
    }

    #[test]
    fn only_the_oracle_order_uses_the_oracle_source() {
        let uses = |c: &str| {
            c.parse::<OrderingConfig>()
                .unwrap()
                .uses(MoveSource::ORACLE)
        };
        assert!(uses("order=oracle") && uses("order=oracle,tt=off"));
        assert!(!uses("") && !uses("order=worst") && !uses("order=random:1"));
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
