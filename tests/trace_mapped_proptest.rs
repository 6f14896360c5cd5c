//! Property test: for random searches — positions a few random legal moves from the standard
//! test positions, depths 1 to 4, random ordering and selective switches, random caps (so some
//! logs end mid-search) — the log written to a file and then mapped (`open_mapped` and
//! `Unchecked::check`, as the explorer opens it) or read a chunk at a time (`LogReader`, as
//! `log stats` and `log export` read it) gives exactly what the in-memory log gives: every
//! event and PV, the tree index node by node, the replayed tables and the path at sampled
//! events, the search statistics and the exported trace. The explorer's session from the
//! mapped file, indexed on its background thread, equals the session from memory, at every
//! sampled timeline position.

use crate::chess_common as common;
use crate::trace_stream_support;

use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{SEEDS, walk};
use killerscope_engine::{CutoffStats, OrderingConfig, SelectiveConfig};
use killerscope_explorer::Session;
use killerscope_log::{Checked, EventLog, LogReader, open_mapped};
use killerscope_trace::{Replay, SearchTree, write_jsonl};
use proptest::prelude::*;
use trace_stream_support::{Case, switches};

/// A file of its own in the temporary directory, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        static SERIAL: AtomicUsize = AtomicUsize::new(0);
        let n = SERIAL.fetch_add(1, Ordering::Relaxed);
        let name = format!("ks-mapped-{}-{n}.kslog", std::process::id());
        Scratch(std::env::temp_dir().join(name))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Everything the readers derive from `log`, for comparing two readings of the same search.
fn stats_of<E: killerscope_log::EventSource>(log: &EventLog<E>) -> (CutoffStats, String) {
    let mut stats = CutoffStats::new();
    log.replay_into(&mut stats);
    let mut text = Vec::new();
    write_jsonl(log, &mut text).expect("to memory");
    (stats, String::from_utf8(text).expect("JSON is UTF-8"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_mapped_or_streamed_log_reads_exactly_as_the_log_in_memory(
        seed in 0..SEEDS.len(),
        choices in prop::collection::vec(0..64usize, 0..8),
        depth in 1..=4u8,
        (ordering, selective) in switches(),
        cap in prop_oneof![3 => Just(usize::MAX), 1 => 0..20_000usize],
    ) {
        let case = Case {
            root: walk(seed, &choices),
            depth,
            ordering: ordering.parse::<OrderingConfig>().expect("valid ordering"),
            selective: selective.parse::<SelectiveConfig>().expect("valid switches"),
        };
        let memory = case.in_memory(cap);
        let file = Scratch::new();
        memory.write_file(&file.0).expect("writes");

        let (mapped, unchecked) = open_mapped(&file.0).expect("maps");
        prop_assert!(mapped.events().is_mapped());
        let mut chunks = Vec::new();
        let checked = unchecked.check(mapped.events(), &mut |chunk| {
            chunks.extend_from_slice(chunk);
            ControlFlow::Continue(())
        });
        prop_assert_eq!(checked.expect("valid"), Checked::Valid);
        prop_assert_eq!(chunks.as_slice(), memory.events());
        prop_assert_eq!(mapped.events().iter().collect::<Vec<_>>(), memory.events());
        prop_assert_eq!(mapped.header(), memory.header());
        prop_assert_eq!(mapped.pvs(), memory.pvs());
        prop_assert_eq!(mapped.is_truncated(), memory.is_truncated());

        let mut reader = LogReader::open(&file.0).expect("opens");
        let mut streamed = Vec::new();
        let mut buf = Vec::new();
        while reader.next_chunk(&mut buf).expect("reads") {
            streamed.extend_from_slice(&buf);
        }
        prop_assert_eq!(reader.pvs(), memory.pvs());
        reader.finish().expect("valid");
        prop_assert_eq!(streamed.as_slice(), memory.events());

        let (tree, whole) = (SearchTree::build(mapped.events()), SearchTree::build(memory.events()));
        prop_assert_eq!(tree.len(), whole.len());
        prop_assert_eq!(tree.roots(), whole.roots());
        prop_assert!(tree.open_nodes().eq(whole.open_nodes()));
        for id in 0..tree.len() as u32 {
            prop_assert_eq!(tree.node(id), whole.node(id));
            prop_assert_eq!(tree.subtree(id), whole.subtree(id));
        }
        let (replay, once) = (Replay::from_log(&mapped), Replay::from_log(&memory));
        let step = (memory.len() / 23).max(1);
        for n in (0..=memory.len()).step_by(step) {
            prop_assert_eq!(replay.killers_at(n), once.killers_at(n));
            prop_assert!(replay.history_at(n) == once.history_at(n));
            prop_assert_eq!(replay.countermoves_at(n), once.countermoves_at(n));
            prop_assert_eq!(tree.path_at(n), whole.path_at(n));
            prop_assert_eq!(tree.node_at_event(n), whole.node_at_event(n));
        }
        prop_assert!(stats_of(&mapped) == stats_of(&memory), "stats or export differ");

        let (mapped, unchecked) = open_mapped(&file.0).expect("maps");
        let mut browsed = Session::from_mapped(case.root.clone(), mapped, unchecked);
        browsed.wait_index().expect("indexes");
        let mut held = Session::from_log(case.root.clone(), memory.clone());
        prop_assert_eq!(browsed.iterations(), held.iterations());
        prop_assert_eq!(browsed.tree().len(), held.tree().len());
        for n in (0..=memory.len()).step_by(step).chain([memory.len()]) {
            browsed.seek(n);
            held.seek(n);
            prop_assert!(browsed.scan() == held.scan(), "scan at {}", n);
            browsed.seek_charts();
            held.seek_charts();
            prop_assert!(browsed.chart_counts() == held.chart_counts(), "charts at {}", n);
        }
    }
}
