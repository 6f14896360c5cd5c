//! The killer figures of the workbench, each held against a fold of our own over the same
//! events (a node stack and counters written here, sharing no code with the workbench's):
//! `log stats`' hit rates (over every try, and over the legal ones), `log query`'s killer
//! fields, `log report`'s killer table, and `log report A B` keeping every column of the
//! single-log report in markdown and CSV.

use crate::binary;
use crate::doctor_support;

use binary::{run, text};
use doctor_support::{Bug, trace};
use killerscope_analysis::NodeQuery;
use killerscope_chess::Position;
use killerscope_engine::{Limits, SearchConfig};
use killerscope_log::Event;
use killerscope_log::{EventLog, LogHeader, SourceTable};
use killerscope_trace::{FoldControl, RecordStream, record_search};
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use std::collections::BTreeMap;
use std::path::PathBuf;

const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

/// One node as our own fold sees it.
#[derive(Clone, Debug, Default)]
struct Seen {
    depth: i8,
    /// (source code, slot) of each killer try, in order.
    tries: Vec<(u8, Option<u8>)>,
    /// The cutting move's source code, when it is a killer.
    cut: Option<(u8, Option<u8>)>,
    /// Illegal killer tries.
    illegal: u64,
}

/// Every closed node of `events`, killers told apart by `sources`.
fn nodes(events: &[Event], sources: &SourceTable) -> Vec<Seen> {
    let killer = |code: u8| {
        let s = killerscope_log::MoveSource::from_code(code);
        sources.is_killer(s).then(|| (code, sources.killer_slot(s)))
    };
    let (mut open, mut closed): (Vec<Seen>, Vec<Seen>) = (Vec::new(), Vec::new());
    let mut announced = None;
    for e in events {
        let before = announced.take();
        match *e {
            Event::NodeEnter { depth, .. } => open.push(Seen {
                depth,
                ..Seen::default()
            }),
            Event::NodeExit { .. } => closed.extend(open.pop()),
            Event::Illegal { mv } => announced = Some(mv),
            Event::MoveTried { mv, source, .. } => {
                if let (Some(k), Some(top)) = (killer(source.code()), open.last_mut()) {
                    top.tries.push(k);
                    top.illegal += u64::from(before == Some(mv));
                }
            }
            Event::Cutoff { source, .. } => {
                if let Some(top) = open.last_mut() {
                    top.cut = killer(source.code());
                }
            }
            _ => {}
        }
    }
    closed
}

fn seeded(bug: Bug) -> EventLog {
    let text = trace(PUZZLE, 4, bug);
    import_reader(text.as_bytes(), ImportOptions::default())
        .expect("the seeded trace imports")
        .0
}

fn own() -> EventLog {
    let root = Position::from_fen(PUZZLE).expect("valid");
    let config = SearchConfig {
        ordering: "killers=3,grandparent=on".parse().expect("switches"),
        ..SearchConfig::default()
    };
    record_search(&root, config, &Limits::depth(5)).0
}

fn temp(log: &EventLog, name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ks-figures-{}-{name}.kslog", std::process::id()));
    log.write_file(&path).expect("temp log");
    path
}

/// `3708` as a table writes it: `3,708`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn percent(part: u64, whole: u64) -> String {
    format!("{:.1}%", part as f64 * 100.0 / whole as f64)
}

#[test]
fn log_stats_gives_the_hit_rate_over_all_killers_and_over_the_legal_tries() {
    for (log, name) in [
        (seeded(Bug::IllegalKiller), "stats-illegal"),
        (own(), "stats-own"),
    ] {
        let seen = nodes(log.events(), &log.header().sources);
        let tries: u64 = seen.iter().map(|n| n.tries.len() as u64).sum();
        let cuts = seen.iter().filter(|n| n.cut.is_some()).count() as u64;
        let illegal: u64 = seen.iter().map(|n| n.illegal).sum();
        let path = temp(&log, name);
        let out = run(&["log", "stats", path.to_str().expect("UTF-8")]);
        let report = text(&out.stdout);
        let mut expected = format!(
            "{tries} tried, {cuts} cut off: hit rate {}",
            percent(cuts, tries)
        );
        if illegal > 0 {
            let legal = tries - illegal;
            expected += &format!(
                "; {illegal} illegal, over the {legal} legal tries {}",
                percent(cuts, legal)
            );
        }
        let line = report
            .lines()
            .find(|l| l.starts_with("killers:"))
            .expect("a killers line");
        assert!(
            line.ends_with(&expected),
            "{name}: {line}\nexpected …{expected}"
        );
        assert_eq!(illegal > 0, name == "stats-illegal");
        std::fs::remove_file(&path).ok();
    }
}

fn query_count(log: &EventLog, text: &str) -> u64 {
    let query = NodeQuery::compile(text, log.header()).expect("the query reads");
    let header = log.header().clone();
    let events = killerscope_log::Events::from(log.events().to_vec());
    let record = RecordStream::from_events(header, events, false);
    query
        .run(record, 0, &mut FoldControl::default())
        .expect("runs")
        .count
}

#[test]
fn log_query_reads_killer_tries_cuts_slots_and_their_order() {
    for log in [seeded(Bug::SlotOrder), own()] {
        let seen = nodes(log.events(), &log.header().sources);
        let count = |f: &dyn Fn(&Seen) -> bool| seen.iter().filter(|n| f(n)).count() as u64;
        let slots = |n: &Seen| -> Vec<u8> { n.tries.iter().filter_map(|t| t.1).collect() };
        let inverted = |n: &Seen| slots(n).windows(2).any(|w| w[1] < w[0]);
        let cases: [(&str, u64); 6] = [
            ("killer_tried>=1", count(&|n| !n.tries.is_empty())),
            ("killer_tried=2", count(&|n| n.tries.len() == 2)),
            ("killer_cut", count(&|n| n.cut.is_some())),
            (
                "cut.slot=2",
                count(&|n| n.cut.is_some_and(|c| c.1 == Some(1))),
            ),
            ("killer_slots=21", count(&|n| slots(n) == [1, 0])),
            (
                "killer_inverted and not killer_cut",
                count(&|n| inverted(n) && n.cut.is_none()),
            ),
        ];
        for (q, expected) in cases {
            assert_eq!(query_count(&log, q), expected, "{q}");
        }
        assert!(query_count(&log, "killer_cut") > 0);
    }
    assert!(query_count(&seeded(Bug::SlotOrder), "killer_inverted") > 0);
    assert_eq!(
        query_count(&own(), "killer_inverted"),
        0,
        "killerscope keeps slot order"
    );
}

/// Our own killer table: per depth and killer source code, (tries, cuts); and per depth the
/// nodes that tried two slots or more, and of those the ones with a later slot first.
type Table = BTreeMap<i8, (BTreeMap<u8, (u64, u64)>, u64, u64)>;

fn table(log: &EventLog) -> Table {
    let mut t = Table::new();
    for n in nodes(log.events(), &log.header().sources) {
        let row = t.entry(n.depth).or_default();
        for &(code, _) in &n.tries {
            row.0.entry(code).or_default().0 += 1;
        }
        if let Some((code, _)) = n.cut {
            row.0.entry(code).or_default().1 += 1;
        }
        let slots: Vec<u8> = n.tries.iter().filter_map(|t| t.1).collect();
        if slots.len() >= 2 {
            row.1 += 1;
            row.2 += u64::from(slots.windows(2).any(|w| w[1] < w[0]));
        }
    }
    t.retain(|_, row| !row.0.is_empty() || row.1 > 0);
    t
}

#[test]
fn log_report_has_a_killer_table_per_remaining_depth() {
    for (log, name) in [
        (seeded(Bug::SlotOrder), "report-seeded"),
        (own(), "report-own"),
    ] {
        let expected = table(&log);
        let header: LogHeader = log.header().clone();
        let events = killerscope_log::Events::from(log.events().to_vec());
        let record = RecordStream::from_events(header, events, false);
        let report = killerscope_analysis::OrderingReport::run(record, &mut FoldControl::default())
            .expect("runs");
        let mut got = Table::new();
        for (depth, k) in report.killer_rows() {
            if !k.by_source.is_empty() || k.multi_slot > 0 {
                got.insert(depth.0, (k.by_source.clone(), k.multi_slot, k.inverted));
            }
        }
        assert_eq!(got, expected, "{name}");

        let path = temp(&log, name);
        let out = run(&["log", "report", path.to_str().expect("UTF-8")]);
        let md = text(&out.stdout);
        assert!(md.contains("## Killers per remaining depth"), "{md}");
        let (depth, (sources, multi, inverted)) = expected.iter().next().expect("a row");
        let (code, (tries, cuts)) = sources.iter().next().expect("a source");
        let label = log
            .header()
            .sources
            .label(killerscope_log::MoveSource::from_code(*code));
        let head = md
            .lines()
            .find(|l| l.starts_with("| depth | ") && l.contains(" tries | "))
            .expect("the killer table's head");
        assert!(head.contains(&format!(
            "| {label} tries | {label} cuts | {label} hit rate |"
        )));
        let row = md
            .lines()
            .skip_while(|l| *l != head)
            .find(|l| l.starts_with(&format!("| {depth} | ")))
            .expect("the deepest row");
        let order = if *multi == 0 {
            "–".to_string()
        } else {
            let (i, m) = (grouped(*inverted), grouped(*multi));
            format!("{i} of {m} ({})", percent(*inverted, *multi))
        };
        assert!(row.ends_with(&format!(" | {order} |")), "{row}");
        let (tries, cuts) = (grouped(*tries), grouped(*cuts));
        let start = format!("| {depth} | {tries} | {cuts} | ");
        assert!(row.starts_with(&start), "{row}: {label} {start}");
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn a_report_beside_another_keeps_every_column_of_the_single_report() {
    let (a, b) = (own(), seeded(Bug::SlotOrder));
    let (pa, pb) = (temp(&a, "side-a"), temp(&b, "side-b"));
    let [fa, fb] = [&pa, &pb].map(|p| p.to_str().expect("UTF-8").to_string());
    let csv = |args: &[&str]| -> Vec<Vec<String>> {
        let out = run(args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
            .lines()
            .map(|l| l.split(',').map(String::from).collect())
            .collect()
    };
    let single = csv(&["log", "report", &fa, "--format", "csv"]);
    let side = csv(&["log", "report", &fa, &fb, "--format", "csv"]);
    let at = |head: &[String], name: &str| head.iter().position(|h| h == name);
    for (k, name) in single[0].iter().enumerate().skip(2) {
        let col = at(&side[0], &format!("{name}_a"))
            .unwrap_or_else(|| panic!("the side-by-side CSV lacks {name}_a"));
        assert!(at(&side[0], &format!("{name}_b")).is_some(), "{name}_b");
        for row in &single[1..] {
            let other = side
                .iter()
                .find(|r| r[0] == row[0] && r[1] == row[1])
                .unwrap_or_else(|| panic!("no row {} {}", row[0], row[1]));
            assert_eq!(other[col], row[k], "{name} at {} {}", row[0], row[1]);
        }
    }
    let md = text(&run(&["log", "report", &fa, &fb]).stdout);
    for section in [
        "## Cut-index histogram (rank of the cutting move, A | B)",
        "## Source of each cutting move (A | B)",
        "## Killers per remaining depth (A | B)",
    ] {
        assert!(md.contains(section), "{section}");
    }
    assert!(md.contains("| 1 A | 1 B | 2 A | 2 B |"));
    assert!(md.contains("| K1 tries A | K1 tries B | K1 cuts A | K1 cuts B |"));
    std::fs::remove_file(&pa).ok();
    std::fs::remove_file(&pb).ok();
}

#[test]
fn log_query_json_carries_each_matchs_killer_tries_cut_and_slots() {
    let log = seeded(Bug::SlotOrder);
    let seen = nodes(log.events(), &log.header().sources);
    let path = std::env::temp_dir().join(format!("ks-figures-{}-q.kslog", std::process::id()));
    log.write_file(&path).expect("write the log");
    let file = path.to_str().expect("UTF-8");
    let out = run(&[
        "log", "query", file, "id>=0", "--format", "json", "--limit", "10000000",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let matches = doc["matches"].as_array().expect("matches");
    assert_eq!(matches.len(), seen.len(), "every node matched");
    let tried: u64 = matches
        .iter()
        .map(|m| m["killers"]["tried"].as_u64().expect("tried"))
        .sum();
    let cut = matches
        .iter()
        .filter(|m| m["killers"]["cut"].as_bool() == Some(true))
        .count();
    let mut slots: Vec<Vec<u64>> = matches
        .iter()
        .map(|m| {
            let list = m["killers"]["slots"].as_array().expect("slots");
            list.iter().filter_map(serde_json::Value::as_u64).collect()
        })
        .collect();
    let mut expected: Vec<Vec<u64>> = seen
        .iter()
        .map(|n| {
            n.tries
                .iter()
                .filter_map(|t| t.1)
                .map(|s| u64::from(s) + 1)
                .collect()
        })
        .collect();
    slots.sort();
    expected.sort();
    assert_eq!(
        tried,
        seen.iter().map(|n| n.tries.len() as u64).sum::<u64>()
    );
    assert_eq!(cut, seen.iter().filter(|n| n.cut.is_some()).count());
    assert_eq!(slots, expected, "the slots tried, in order, node by node");
    let cut_slots = matches
        .iter()
        .filter(|m| m["cut"]["slot"].as_u64().is_some())
        .count();
    let expected_cut_slots = seen
        .iter()
        .filter(|n| n.cut.is_some_and(|c| c.1.is_some()))
        .count();
    assert_eq!(cut_slots, expected_cut_slots);
    std::fs::remove_file(&path).ok();
}
