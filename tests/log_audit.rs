//! Was the pruning safe (`log audit`): the decisions found are exactly the log's selective
//! events, counted independently; a null-move cut in a known zugzwang is judged unsound; a
//! full-width log has nothing to audit; the command reports through the real binary.

use crate::binary;

use killerscope_analysis::{Auditor, Technique, collect_decisions, decisions_at, decisions_of};
use killerscope_chess::Position;
use killerscope_chess::parse_uci;
use killerscope_engine::{Limits, SearchConfig};
use killerscope_log::EventLog;
use killerscope_log::{Event, PruneRule, ReSearchReason};
use killerscope_trace::{SearchTree, record_search};

/// White to move plays Rf1, after which Black is in zugzwang: every Black move loses ground,
/// but passing would not — the position null-move pruning gets wrong (a CPW test position).
const ZUGZWANG: &str = "8/8/p1p5/1p5p/1P5p/8/PPP2K1p/4R1rk w - - 0 1";
const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

fn record(fen: &str, depth: u8, search: &str) -> EventLog {
    let pos = Position::from_fen(fen).expect("valid FEN");
    let config = SearchConfig {
        selective: search.parse().expect("valid switches"),
        ..SearchConfig::default()
    };
    record_search(&pos, config, &Limits::depth(depth)).0
}

#[test]
fn a_null_move_cut_in_zugzwang_is_unsound() {
    let log = record(ZUGZWANG, 7, "nmp=on");
    let root = Position::from_fen(ZUGZWANG).expect("valid FEN");
    let rf1 = parse_uci(&root, "e1f1").expect("legal");
    let decisions = collect_decisions(log.events());
    let cut = decisions
        .iter()
        .find(|d| d.technique == Technique::NullMove && d.iteration == 7 && d.path == [rf1])
        .expect("Black passes after Rf1 in iteration 7 and the pass fails high");
    let auditor = Auditor::new(log.header()).expect("our own log");
    let verdict = auditor.judge(cut).expect("the line replays");
    assert!(!verdict.sound, "{cut:?} judged {verdict:?}");
    assert!(
        verdict.score < cut.beta,
        "a real move fails low: {verdict:?}"
    );
    assert_eq!(
        auditor.judge(cut),
        Ok(verdict),
        "the verdict is reproducible"
    );
}

/// The explorer's audit key reads one node's decisions from its own and its parent's events
/// only: for every node of a log with every technique on, they are exactly the ones the pass
/// over the whole log attributes to it.
#[test]
fn one_nodes_decisions_are_the_whole_logs_for_that_node() {
    let log = record(PUZZLE, 5, "all=on");
    let all = collect_decisions(log.events());
    assert!(all.len() > 100, "only {} decisions", all.len());
    let tree = SearchTree::build(log.events());
    let mut found = 0;
    for id in 0..tree.len() as u32 {
        let enter = tree.event_range(id).start;
        let whole: Vec<_> = decisions_of(&all, enter).into_iter().cloned().collect();
        let here = decisions_at(&tree, log.events(), id);
        assert_eq!(here, whole, "node {id}");
        found += here.len();
    }
    assert_eq!(found, all.len(), "every decision belongs to a node");
}

#[test]
fn a_full_width_log_has_no_decision_to_audit() {
    let log = record(PUZZLE, 5, "");
    assert!(collect_decisions(log.events()).is_empty());
}

/// The decisions, counted from the events directly: null moves that cut, futility and reverse
/// futility prunes, reductions minus their re-searches (a reduction stands unless searched
/// again).
#[test]
fn decisions_match_the_selective_events_counted_independently() {
    let log = record(PUZZLE, 6, "nmp=on,lmr=on,futility=on,mdp=on");
    let events: Vec<Event> = log.events().to_vec();
    let count = |f: &dyn Fn(&Event) -> bool| events.iter().filter(|e| f(e)).count();
    let null_cuts = count(&|e| matches!(e, Event::NullMove { cutoff: true, .. }));
    let futile = count(&|e| {
        matches!(
            e,
            Event::Pruned {
                rule: PruneRule::Futility,
                ..
            }
        )
    });
    let rfp = count(&|e| {
        matches!(
            e,
            Event::Pruned {
                rule: PruneRule::ReverseFutility,
                ..
            }
        )
    });
    let reduced = count(&|e| matches!(e, Event::Reduction { .. }));
    let again = count(&|e| {
        matches!(
            e,
            Event::ReSearch {
                reason: ReSearchReason::Reduction,
                ..
            }
        )
    });
    let decisions = collect_decisions(log.events());
    let of = |t: Technique| decisions.iter().filter(|d| d.technique == t).count();
    assert_eq!(of(Technique::NullMove), null_cuts);
    assert_eq!(of(Technique::Futility), futile);
    assert_eq!(of(Technique::ReverseFutility), rfp);
    assert_eq!(of(Technique::Reduction), reduced - again);
    assert!(
        null_cuts > 0 && futile > 0 && reduced > again,
        "the search was selective"
    );
}

#[test]
fn the_binary_reports_counts_and_the_unsound_cut() {
    let dir = std::env::temp_dir().join(format!("ks-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("zugzwang.kslog");
    let file_arg = file.to_str().expect("utf-8 path");
    let search = binary::run(&[
        "search", "--fen", ZUGZWANG, "--depth", "7", "--search", "nmp=on", "--log", file_arg,
    ]);
    assert!(search.status.success(), "{}", binary::text(&search.stderr));
    let out = binary::run(&["log", "audit", file_arg, "--technique", "nmp"]);
    assert!(out.status.success(), "{}", binary::text(&out.stderr));
    let text = binary::text(&out.stdout);
    assert!(text.contains("| **nmp** | all |"), "{text}");
    assert!(
        text.contains("line Rf1 ·"),
        "the zugzwang cut is listed: {text}"
    );
    let limited = binary::run(&["log", "audit", file_arg, "--limit", "3"]);
    let limited = binary::text(&limited.stdout);
    assert!(limited.contains(": 3 selective decisions"), "{limited}");
    let bad = binary::run(&["log", "audit", file_arg, "--technique", "iid"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(binary::text(&bad.stderr).contains("unknown technique \"iid\""));
    std::fs::remove_dir_all(&dir).ok();
}
