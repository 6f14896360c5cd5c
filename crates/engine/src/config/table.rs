//! The ordering switches, one row each: the table every layer reads (`switches`), in the
//! order settings print and log headers have always stored them. Killers and history have no
//! phrases: `config::name` composes theirs (`killers + history`), the lab's main question.

use super::MoveOrder;
use super::{HistoryMode, KillerIndex, KillerPlacement, MAX_KILLER_SLOTS, OrderingConfig};
use crate::{
    switches::CHECK, switches::Check, switches::Shown, switches::Switch, switches::UciKind,
    switches::UciOption, switches::Values, switches::named_switch, switches::on_off_switch,
};
use killerscope_log::{KILLER_CANDIDATES, MoveSource};

/// Sets `slots` from a `killers=` value, 0 to `MAX_KILLER_SLOTS`.
fn set_killer_slots(slots: &mut u8, value: &str) -> bool {
    let parsed = value.parse::<u8>().ok();
    parsed
        .filter(|&k| usize::from(k) <= MAX_KILLER_SLOTS)
        .map(|k| *slots = k)
        .is_some()
}

/// Whether killer candidate `source` can be tried: up to the slots in use, or every candidate
/// when the grandparent's killers follow this ply's.
fn killer_candidate_used(config: &OrderingConfig, source: MoveSource) -> bool {
    match source.killer_slot() {
        Some(_) if config.killers_from_grandparent => config.killer_slots > 0,
        Some(slot) => slot < config.killer_slots,
        None => false,
    }
}

/// A row of the ordering table.
type Row = Switch<OrderingConfig>;

const fn uci(name: &'static str, kind: UciKind, listed: u8) -> UciOption {
    UciOption { name, kind, listed }
}

/// Every ordering switch, in the order settings print (and log headers have always stored
/// them).
pub const ORDERING_SWITCHES: &[Row] = &[
    Row::new(
        "killers",
        Values::UpTo(MAX_KILLER_SLOTS as u8),
        |c| c.killer_slots.to_string(),
        |c, v| set_killer_slots(&mut c.killer_slots, v),
    )
    .places(&KILLER_CANDIDATES, killer_candidate_used)
    .uci(&[uci("Killers", UciKind::Spin, 0)]),
    Row::new(
        "history",
        Values::Described("on, plain, relative or off"),
        |c| c.history.name().to_string(),
        |c, v| HistoryMode::set(&mut c.history, v),
    )
    .places(
        &[MoveSource::HISTORY, MoveSource::RELATIVE_HISTORY],
        |c, s| match c.history {
            HistoryMode::Off => false,
            HistoryMode::Plain => s == MoveSource::HISTORY,
            HistoryMode::Relative => s == MoveSource::RELATIVE_HISTORY,
        },
    )
    .uci(&[
        uci(
            "History",
            UciKind::Check(Check {
                on: &["on", "relative"],
                set_on: "on",
                set_off: "off",
            }),
            1,
        ),
        uci(
            "Relative History",
            UciKind::Check(Check {
                on: &["relative"],
                set_on: "relative",
                set_off: "on",
            }),
            2,
        ),
    ]),
    on_off_switch!(OrderingConfig, "tt", tt_move)
        .places(&[MoveSource::TT], |c, _| c.tt_move)
        .phrases(&[("off", "no TT")]),
    on_off_switch!(OrderingConfig, "mvvlva", mvv_lva)
        .aliases(&["mvv-lva", "mvv_lva"])
        .phrases(&[("off", "no MVV-LVA")]),
    on_off_switch!(OrderingConfig, "grandparent", killers_from_grandparent)
        .uci(&[uci("Grandparent Killers", UciKind::Check(CHECK), 5)])
        .phrases(&[("on", "grandparent killers")]),
    named_switch!(
        OrderingConfig,
        "placement",
        killer_placement,
        KillerPlacement
    )
    .uci(&[uci("Killer Placement", UciKind::Combo, 6)])
    .phrases(&[
        ("before", "killers before captures"),
        ("between", "killers amid captures"),
    ]),
    on_off_switch!(OrderingConfig, "matekillers", mate_killers)
        .aliases(&["mate-killers", "matekiller"])
        .places(&[MoveSource::MATE_KILLER], |c, _| c.mate_killers)
        .uci(&[uci("Mate Killers", UciKind::Check(CHECK), 3)])
        .phrases(&[("on", "mate killers")]),
    on_off_switch!(OrderingConfig, "countermove", countermove)
        .aliases(&["countermoves", "counter"])
        .places(&[MoveSource::COUNTERMOVE], |c, _| c.countermove)
        .uci(&[uci("Countermove", UciKind::Check(CHECK), 4)])
        .phrases(&[("on", "countermove")]),
    named_switch!(OrderingConfig, "killerindex", killer_index, KillerIndex)
        .aliases(&["killer-index"])
        .uci(&[uci("Killer Index", UciKind::Combo, 7)])
        .phrases(&[("depth", "killers by depth")]),
    // Printed only when not `normal`, so every earlier log header reads as it did.
    Row::new(
        "order",
        Values::Described("normal, worst, random:SEED or oracle"),
        |c| c.order.name(),
        |c, v| MoveOrder::from_name(v).map(|o| c.order = o).is_some(),
    )
    .shown(Shown::WhenChanged)
    .places(&[MoveSource::ORACLE], |c, _| c.order == MoveOrder::Oracle)
    .uci(&[uci("Move Order", UciKind::Text, 8)])
    .phrases(&[
        ("worst", "worst order"),
        ("oracle", "oracle order"),
        ("random:*", "random order *"),
    ]),
    // Printed only when on, so every earlier log header reads as it did.
    on_off_switch!(OrderingConfig, "followup", followup)
        .aliases(&["follow-up", "followups"])
        .shown(Shown::WhenChanged)
        .places(&[MoveSource::FOLLOW_UP], |c, _| c.followup)
        .uci(&[uci("Follow-up Moves", UciKind::Check(CHECK), 9)])
        .phrases(&[("on", "follow-up")]),
];
