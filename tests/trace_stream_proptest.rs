//! Property test: for random small searches — positions a few random legal moves from the
//! standard test positions, depths 1 to 4, random ordering and selective switches, random
//! caps and batch sizes — the streamed file is byte-identical to the in-memory encoding of the
//! same search, and reads back as the in-memory log.

use crate::chess_common as common;
use crate::trace_stream_support;

use common::{SEEDS, walk};
use killerscope_engine::{OrderingConfig, SelectiveConfig};
use killerscope_log::EventLog;
use proptest::prelude::*;
use trace_stream_support::{Case, Disk, Failure, encode, switches};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn streamed_bytes_equal_the_in_memory_encoding(
        seed in 0..SEEDS.len(),
        choices in prop::collection::vec(0..64usize, 0..8),
        depth in 1..=4u8,
        (ordering, selective) in switches(),
        batch in prop_oneof![1..50usize, 50..5000usize],
        cap in prop_oneof![Just(usize::MAX), 0..20_000usize],
    ) {
        let case = Case {
            root: walk(seed, &choices),
            depth,
            ordering: ordering.parse::<OrderingConfig>().expect("valid ordering"),
            selective: selective.parse::<SelectiveConfig>().expect("valid switches"),
        };
        let memory = case.in_memory(cap);
        let disk = Disk::new(Failure::Never);
        let streamed = case.streamed(&disk, batch, cap).expect("streams");
        prop_assert_eq!(streamed.events, memory.len() as u64);
        prop_assert_eq!(streamed.truncated, memory.is_truncated());
        let bytes = disk.bytes();
        let fen = case.root.to_fen();
        prop_assert!(bytes == encode(&memory), "{} {} {}: bytes differ", fen, ordering, selective);
        prop_assert_eq!(EventLog::read_from(bytes.as_slice()).expect("valid"), memory);
    }
}
