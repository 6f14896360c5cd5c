//! No false alarms: killerscope's own searches have no finding under every ordering switch
//! (killers 0–4, grandparent, killer index by depth, placement, mate killers, countermove,
//! relative history, follow-up, the orders beyond the heuristics) and with selective search on
//! — full width and `all=on` — at depth 5 on every classroom position (Kiwipete among them;
//! the worst and random orders, whose trees explode, at depth 4).
//! The doctor watches each search live (it is a `SearchObserver`); one search per switch also
//! goes through a recorded log, so both ways in are held to the same verdict.

use killerscope_analysis::{doctor::Code, doctor::Diagnosis, doctor::Doctor};
use killerscope_chess::{Position, epd};
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, Searcher, SelectiveConfig};
use killerscope_log::{Events, LogHeader};
use killerscope_trace::{FoldControl, RecordStream, record_search};
use std::sync::atomic::AtomicBool;

/// Every switch the doctor must read right, one configuration each.
const SWITCHES: [&str; 17] = [
    "killers=0",
    "killers=1",
    "killers=2",
    "killers=3",
    "killers=4",
    "killers=2,grandparent=on",
    "killers=4,grandparent=on",
    "killerindex=depth",
    "killerindex=depth,grandparent=on,killers=3",
    "placement=between",
    "placement=before",
    "matekillers=on",
    "countermove=on",
    "history=relative",
    "followup=on",
    "order=oracle",
    "killers=3,grandparent=on,matekillers=on,countermove=on,history=relative,placement=between",
];

fn positions() -> Vec<String> {
    let records = epd::parse(include_str!("../assets/positions.epd")).expect("the library reads");
    records.into_iter().map(|r| r.fen).collect()
}

fn config(switches: &str, selective: &str) -> SearchConfig {
    SearchConfig {
        ordering: switches.parse().expect("a killerscope switch"),
        selective: selective
            .parse::<SelectiveConfig>()
            .expect("selective switches"),
        hash_mib: 4,
        ..SearchConfig::default()
    }
}

/// The doctor's verdict on a search of `fen` it watches live.
fn watched(fen: &str, config: SearchConfig, depth: u8) -> Diagnosis {
    let root = Position::from_fen(fen).expect("a classroom FEN");
    let limits = Limits::depth(depth);
    let mut doctor = Doctor::new(&LogHeader::for_search(fen, &config, &limits));
    let stop = AtomicBool::new(false);
    Searcher::new(config).search(&root, &[], &limits, &stop, &mut doctor, &mut |_| {});
    doctor.finish()
}

fn assert_clean(d: &Diagnosis, what: &str) {
    assert!(d.findings.is_empty(), "{what}: {:#?}", d.findings);
    assert!(!d.fails(), "{what}");
}

/// Every position under every switch with `selective` search: no finding, no check skipped,
/// and every check given chances (a check never given one proves nothing by its silence).
fn no_finding_under_any_switch(selective: &str) {
    let mut chances = [0u64; Code::ALL.len()];
    for fen in positions() {
        for switches in SWITCHES {
            let d = watched(&fen, config(switches, selective), 5);
            assert_clean(&d, &format!("{fen} {switches} {selective}"));
            assert!(d.unchecked.is_empty(), "{switches}: {:?}", d.unchecked);
            for check in &d.checks {
                chances[check.code.index()] += check.chances;
            }
        }
    }
    for code in Code::ALL {
        assert!(chances[code.index()] > 0, "{code}: never given a chance");
    }
}

#[test]
fn full_width_searches_have_no_finding_under_any_switch() {
    no_finding_under_any_switch("all=off");
}

#[test]
fn selective_searches_have_no_finding_under_any_switch() {
    no_finding_under_any_switch("all=on");
}

#[test]
fn rearranged_orders_are_not_judged_by_their_labels_and_have_no_other_finding() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let puzzle = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
    for fen in [kiwipete, puzzle] {
        for order in ["order=worst", "order=random:7"] {
            let d = watched(fen, config(order, "all=on"), 4);
            assert_clean(&d, &format!("{fen} {order}"));
            let unchecked: Vec<Code> = d.unchecked.iter().map(|u| u.code).collect();
            assert_eq!(
                unchecked,
                [
                    Code::SlotOrder,
                    Code::KillerAfterQuiet,
                    Code::TtMoveNotFirst
                ],
                "{order}: the labels' order says nothing"
            );
        }
    }
}

#[test]
fn a_recorded_log_gets_the_verdict_the_live_search_got() {
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 1";
    for switches in [
        "killers=3,grandparent=on",
        "killerindex=depth",
        "matekillers=on",
    ] {
        let config = config(switches, "all=on");
        let live = watched(fen, config, 6);
        let root = Position::from_fen(fen).expect("valid");
        let (log, _) = record_search(&root, config, &Limits::depth(6));
        assert!(!log.is_truncated());
        let header = log.header().clone();
        let record = RecordStream::from_events(header, Events::from(log.into_events()), false);
        let recorded = Doctor::run(record, 3, &mut FoldControl::default()).expect("folds");
        assert_clean(&recorded, switches);
        assert_eq!(
            recorded, live,
            "{switches}: the same verdict, the same figures"
        );
        assert!(recorded.killers.tries > 0 && recorded.killers.cuts > 0);
    }
}
