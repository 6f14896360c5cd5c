//! Texel's tree logs: a log written from the format's definition (`tests/texel_support`) out of
//! a real killerscope search reads back node for node — moves, plies, windows, scores, bounds —
//! under one added root, with the tries and cutoffs its nesting implies equal to the search's
//! own; `log import`, `log stats`, `log report` and `doctor` tell it by content, and the doctor
//! does not blame it for the pruned moves it cannot record; damage is named with its record and
//! byte. A large log for timing the import is written by the ignored test
//! `write_a_large_log` (see the README's benchmark section).

use crate::binary;
use crate::texel_support;

use killerscope_chess::{Move, Position};
use killerscope_engine::{Limits, SearchConfig};
use killerscope_log::{Bound, Event};
use killerscope_trace::texel::read_texel;
use killerscope_trace::{SearchTree, record_search};

const FEN: &str = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

fn searched() -> (Position, Vec<Event>) {
    let root = Position::from_fen(FEN).expect("FEN");
    let config = SearchConfig {
        selective: "nmp=on".parse().expect("selective"),
        ..SearchConfig::default()
    };
    let (log, _) = record_search(&root, config, &Limits::depth(4));
    (root, log.events().to_vec())
}

/// What a node says: ply, move, window, result.
type Facts = (u8, Move, (i32, i32), Option<(i32, Bound)>);

/// Every node below the roots, in pre-order.
fn nodes_below_roots(events: &[Event]) -> Vec<Facts> {
    let tree = SearchTree::build(events);
    (0..tree.len() as u32)
        .filter_map(|id| tree.node(id))
        .filter(|n| n.ply() > 0)
        .map(|n| (n.ply(), n.mv(), n.window(), n.result()))
        .collect()
}

#[test]
fn a_search_written_as_a_texel_log_reads_back_node_for_node() {
    let (root, events) = searched();
    let bytes = texel_support::from_events(&root, &events, 1);
    let (log, summary) = read_texel(bytes.as_slice()).expect("reads");
    assert_eq!(log.header().fen, FEN);
    assert!(!log.is_truncated());
    let theirs = nodes_below_roots(log.events());
    let ours = nodes_below_roots(&events);
    assert_eq!(theirs.len(), ours.len());
    assert_eq!(
        theirs, ours,
        "moves (with their flags), plies, windows and results"
    );
    assert_eq!(summary.nodes as usize, ours.len());
    assert_eq!(summary.records as usize, bytes.len() / 18);
    let tree = SearchTree::build(log.events());
    assert_eq!(tree.roots().len(), 1, "one added root");
    let nulls = (0..tree.len() as u32)
        .filter_map(|id| tree.node(id))
        .filter(|n| n.is_null_move())
        .count();
    assert!(
        nulls > 0,
        "null-move pruning's passes come through as null moves"
    );
}

#[test]
fn a_search_of_the_same_position_is_a_node_entered_by_no_move() {
    let root = Position::startpos();
    let mut bytes: Vec<u8> = texel_support::position(&root, 0).concat();
    let g1f3 = 6 | 21 << 6;
    let no_move = 1 | 1 << 6;
    for record in [
        texel_support::start(0, g1f3, -50, 50, 1, 3),
        texel_support::start(3, no_move, -50, 50, 1, 1),
        texel_support::start(4, 62 | 45 << 6, -50, 50, 2, 0),
        texel_support::end(5, 10, Bound::Exact),
        texel_support::end(4, -10, Bound::Exact),
        texel_support::start(3, 0, -50, -49, 2, 0),
        texel_support::end(8, 30, Bound::Lower),
        texel_support::end(3, -30, Bound::Upper),
    ] {
        bytes.extend_from_slice(&record);
    }
    let (log, summary) = read_texel(bytes.as_slice()).expect("reads");
    assert_eq!(summary.same_position, 1);
    let tree = SearchTree::build(log.events());
    let knight = tree.first_child(tree.roots()[0]).expect("g1f3");
    let kids: Vec<_> = tree.children(knight).filter_map(|c| tree.node(c)).collect();
    assert_eq!(kids.len(), 2);
    assert!(
        kids[0].same_position() && !kids[0].is_null_move(),
        "IID: same position, same ply"
    );
    assert!(
        kids[1].is_null_move() && !kids[1].same_position(),
        "a pass, one ply down"
    );
    assert_eq!(
        tree.node(tree.roots()[0]).and_then(|n| n.result()),
        Some((30, Bound::Exact))
    );
    // The JSON Lines export of it reads back the same.
    let mut jsonl = Vec::new();
    killerscope_trace::write_jsonl(&log, &mut jsonl).expect("write");
    let (again, _) = killerscope_trace::jsonl::import_reader(
        jsonl.as_slice(),
        killerscope_trace::jsonl::ImportOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{e}\n{}", String::from_utf8_lossy(&jsonl)));
    assert_eq!(again.events(), log.events());
}

#[test]
fn damage_is_named_with_its_record_and_byte() {
    let (root, events) = searched();
    let bytes = texel_support::from_events(&root, &events, 1);
    let cut = &bytes[..bytes.len() - 5];
    let err = read_texel(cut).expect_err("cut short").to_string();
    assert!(err.contains("bytes into a record; cut short?"), "{err}");
    let mut bad = bytes.clone();
    bad[3 * 18 + 9..3 * 18 + 11].copy_from_slice(&(8u16 << 6).to_le_bytes());
    let err = read_texel(bad.as_slice()).expect_err("a1a2").to_string();
    assert!(
        err.contains("record 3 (byte 54)") && err.contains("not a legal move"),
        "{err}"
    );
}

#[test]
fn log_commands_tell_a_texel_log_by_content_and_the_doctor_judges_only_what_it_holds() {
    let (root, events) = searched();
    let dir = std::env::temp_dir().join(format!("ks-texel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("treelog.dmp.0");
    std::fs::write(&path, texel_support::from_events(&root, &events, 1)).expect("write");
    let out = dir.join("texel.kslog");
    let import = binary::run(&[
        "log",
        "import",
        path.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert!(import.status.success(), "{}", binary::text(&import.stderr));
    assert!(binary::text(&import.stderr).contains("Texel records"));
    let stats = binary::run(&["log", "stats", path.to_str().unwrap()]);
    let text = binary::text(&stats.stdout);
    assert!(stats.status.success(), "{}", binary::text(&stats.stderr));
    assert!(text.contains("engine:     Texel (tree log)"), "{text}");
    // A tree log does not record the moves Texel pruned: the header says so, and the doctor
    // does not call a missing move never tried.
    let doctor = binary::run(&["doctor", path.to_str().unwrap()]);
    let report = binary::text(&doctor.stdout);
    assert_eq!(doctor.status.code(), Some(0), "{report}");
    assert!(
        report.contains("move-never-tried: the header says moves pruned without a search"),
        "{report}"
    );
    // The tries and cutoffs the nesting implies are measured, not called unmeasurable.
    let ordering = binary::run(&["log", "report", path.to_str().unwrap()]);
    let report = binary::text(&ordering.stdout);
    assert!(
        ordering.status.success(),
        "{}",
        binary::text(&ordering.stderr)
    );
    assert!(report.contains("ordering could still remove"), "{report}");
    std::fs::remove_dir_all(&dir).ok();
}

/// The cutoffs a tree log implies (a fail-high node's last child, when its score reaches beta)
/// are the search's own: the same moves at the same indexes, node for node below the root.
#[test]
fn a_texel_log_implies_the_searchs_own_tries_and_cutoffs() {
    let (root, events) = searched();
    let (log, _) =
        read_texel(texel_support::from_events(&root, &events, 1).as_slice()).expect("reads");
    let below_root = |events: &[Event], kind: fn(&Event) -> Option<(Move, u8)>| {
        let mut ply = 0usize;
        let mut out = Vec::new();
        for e in events {
            match e {
                Event::NodeEnter { .. } => ply += 1,
                Event::NodeExit { .. } => ply -= 1,
                e if ply >= 2 => out.extend(kind(e)),
                _ => {}
            }
        }
        out
    };
    let cutoff = |e: &Event| match *e {
        Event::Cutoff { mv, index, .. } => Some((mv, index)),
        _ => None,
    };
    let tried = |e: &Event| match *e {
        Event::MoveTried { mv, index, .. } => Some((mv, index)),
        _ => None,
    };
    let searched_cutoffs = below_root(&events, cutoff);
    assert!(searched_cutoffs.len() > 100, "{}", searched_cutoffs.len());
    assert_eq!(below_root(log.events(), cutoff), searched_cutoffs);
    assert_eq!(below_root(log.events(), tried), below_root(&events, tried));
    assert_eq!(
        log.header().ordering_setting("pruned"),
        Some("unrecorded"),
        "the header says what the log cannot hold"
    );
}

/// Writes a Texel log of about `KS_TEXEL_RECORDS` records (default 10 million) to
/// `KS_TEXEL_OUT`, for timing `killerscope log import` on it.
#[test]
#[ignore]
fn write_a_large_log() {
    let (root, events) = searched();
    let once = texel_support::from_events(&root, &events, 1).len() / 18 - 3;
    let wanted: usize = std::env::var("KS_TEXEL_RECORDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10_000_000);
    let out = std::env::var("KS_TEXEL_OUT").unwrap_or_else(|_| "big.texel".into());
    let bytes = texel_support::from_events(&root, &events, wanted.div_ceil(once));
    std::fs::write(&out, &bytes).expect("write");
    eprintln!("{out}: {} records", bytes.len() / 18);
}
