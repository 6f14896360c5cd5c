//! Bad input never panics the importer. Proptest mutates valid traces — a line cut short,
//! a value of the wrong type, numbers too large for any field, random moves, lines deleted,
//! repeated or swapped, random bytes (invalid UTF-8, control characters) — and checks that a
//! strict import either succeeds or names a line and column, that a lenient one succeeds
//! unless the header itself is broken, and that whatever is accepted is a valid log (it
//! exports and imports back to the same text). A line of 100,000 nested plies imports, indexes
//! and exports without a stack overflow.

use crate::other_engine;

use killerscope_chess::Position;
use killerscope_chess::parse_uci;
use killerscope_engine::HeaderSettings;
use killerscope_engine::{Limits, SearchConfig, Searcher};
use killerscope_log::{EventLog, LogHeader, Recorder};
use killerscope_trace::{SearchTree, write_jsonl};
use killerscope_trace::{jsonl::ImportErrorKind, jsonl::ImportOptions, jsonl::import_reader};
use proptest::prelude::*;
use std::sync::OnceLock;
use std::sync::atomic::AtomicBool;

fn export(log: &EventLog) -> Vec<u8> {
    let mut out = Vec::new();
    write_jsonl(log, &mut out).expect("Vec write");
    out
}

/// Two valid traces: killerscope's own (selective search on, every kind of event) and the
/// other engine's.
fn bases() -> &'static [Vec<Vec<u8>>; 2] {
    static BASES: OnceLock<[Vec<Vec<u8>>; 2]> = OnceLock::new();
    BASES.get_or_init(|| {
        let fen = "6k1/5ppp/8/8/8/3q4/5PPP/3R2K1 w - - 0 1";
        let config = SearchConfig {
            ordering: "countermove=on,matekillers=on".parse().expect("ordering"),
            selective: "all=on".parse().expect("selective"),
            hash_mib: 1,
            ..SearchConfig::default()
        };
        let limits = Limits::depth(3);
        let header =
            LogHeader::new(fen, &config.ordering, &limits).with_selective(&config.selective);
        let mut recorder = Recorder::new(header);
        let root = Position::from_fen(fen).expect("FEN");
        let stop = AtomicBool::new(false);
        Searcher::new(config).search(&root, &[], &limits, &stop, &mut recorder, &mut |_| {});
        let ours = export(&recorder.into_log());
        let split = |text: &[u8]| {
            text.split(|&b| b == b'\n')
                .filter(|l| !l.is_empty())
                .map(<[u8]>::to_vec)
                .collect()
        };
        [split(&ours), split(other_engine::trace(3).0.as_bytes())]
    })
}

#[derive(Clone, Debug)]
enum Mutation {
    /// Cut line `line` at byte `at` (and drop the rest of the trace, as a crashed writer would,
    /// when `end`).
    Truncate {
        line: usize,
        at: usize,
        end: bool,
    },
    /// Replace the `n`-th value of a line with `value`.
    Retype {
        line: usize,
        n: usize,
        value: String,
    },
    /// Replace a move with random UCI-like text.
    Move {
        line: usize,
        text: String,
    },
    Delete {
        line: usize,
    },
    Duplicate {
        line: usize,
    },
    Swap {
        a: usize,
        b: usize,
    },
    /// Insert raw bytes into a line.
    Garbage {
        line: usize,
        at: usize,
        bytes: Vec<u8>,
    },
}

fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("null".to_string()),
        Just("true".to_string()),
        Just("\"text\"".to_string()),
        Just("[1,[2,[3]]]".to_string()),
        Just("{\"mate\":\"x\"}".to_string()),
        Just("{\"mate\":99999}".to_string()),
        Just("99999999999999999999999999".to_string()),
        Just("-9223372036854775808".to_string()),
        Just("1e308".to_string()),
        Just("-0".to_string()),
        Just("2147483648".to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        (-300i64..300).prop_map(|n| n.to_string()),
    ]
}

fn mutation() -> impl Strategy<Value = Mutation> {
    let line = 1usize..400;
    prop_oneof![
        (line.clone(), 0usize..200, any::<bool>()).prop_map(|(line, at, end)| Mutation::Truncate {
            line,
            at,
            end
        }),
        (line.clone(), 0usize..8, value()).prop_map(|(line, n, value)| Mutation::Retype {
            line,
            n,
            value
        }),
        (line.clone(), "[a-i][0-9][a-i][0-9][qnrbk]?|0000|e1g1|e8c8")
            .prop_map(|(line, text)| Mutation::Move { line, text }),
        line.clone().prop_map(|line| Mutation::Delete { line }),
        line.clone().prop_map(|line| Mutation::Duplicate { line }),
        (line.clone(), 1usize..400).prop_map(|(a, b)| Mutation::Swap { a, b }),
        (
            line,
            0usize..200,
            proptest::collection::vec(any::<u8>(), 1..6)
        )
            .prop_map(|(line, at, bytes)| Mutation::Garbage { line, at, bytes }),
    ]
}

/// Replaces the value of the `n`-th `"key":` of `line` (up to the next `,` or `}`).
fn retype(line: &mut Vec<u8>, n: usize, value: &str) {
    let colons: Vec<usize> = line
        .windows(2)
        .enumerate()
        .filter(|(_, w)| w == b"\":")
        .map(|(i, _)| i + 2)
        .collect();
    let Some(&start) = colons.get(n % colons.len().max(1)) else {
        return;
    };
    let end = line[start..]
        .iter()
        .position(|&b| b == b',' || b == b'}')
        .map_or(line.len(), |k| start + k);
    line.splice(start..end, value.bytes());
}

fn mutate(lines: &mut Vec<Vec<u8>>, m: &Mutation) {
    let len = lines.len();
    let pick = |i: usize| i % len;
    match m {
        Mutation::Truncate { line, at, end } => {
            let i = pick(*line);
            let cut = (*at).min(lines[i].len());
            lines[i].truncate(cut);
            if *end {
                lines.truncate(i + 1);
            }
        }
        Mutation::Retype { line, n, value } => retype(&mut lines[pick(*line)], *n, value),
        Mutation::Move { line, text } => {
            let l = &mut lines[pick(*line)];
            if let Some(at) = l.windows(8).position(|w| w == b"\"move\":\"") {
                let start = at + 8;
                let end = l[start..]
                    .iter()
                    .position(|&b| b == b'"')
                    .map_or(l.len(), |k| start + k);
                l.splice(start..end, text.bytes());
            }
        }
        Mutation::Delete { line } => {
            lines.remove(pick(*line));
        }
        Mutation::Duplicate { line } => {
            let copy = lines[pick(*line)].clone();
            lines.insert(pick(*line), copy);
        }
        Mutation::Swap { a, b } => lines.swap(pick(*a), pick(*b)),
        Mutation::Garbage { line, at, bytes } => {
            let l = &mut lines[pick(*line)];
            let at = (*at).min(l.len());
            l.splice(at..at, bytes.iter().copied());
        }
    }
}

/// An accepted trace is a valid log: its export imports strictly, back to the same text.
fn assert_valid(log: &EventLog) -> Result<(), TestCaseError> {
    let tree = SearchTree::build(log.events());
    prop_assert_eq!(tree.stray_events(), 0);
    let text = export(log);
    let (back, _) = import_reader(text.as_slice(), ImportOptions::default())
        .map_err(|e| TestCaseError::fail(format!("an accepted log does not re-import: {e}")))?;
    prop_assert!(export(&back) == text, "re-export differs");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn mutated_traces_never_panic_and_errors_say_where(
        base in 0usize..2,
        mutations in proptest::collection::vec(mutation(), 1..5),
    ) {
        let mut lines = bases()[base].clone();
        for m in &mutations {
            if lines.is_empty() {
                break;
            }
            mutate(&mut lines, m);
        }
        let text: Vec<u8> = lines.join(&b'\n');
        match import_reader(text.as_slice(), ImportOptions::default()) {
            Ok((log, _)) => assert_valid(&log)?,
            Err(e) => {
                prop_assert!(!e.to_string().is_empty());
                if matches!(e.kind, ImportErrorKind::Syntax | ImportErrorKind::Invalid) {
                    prop_assert!(e.line >= 1 && e.line <= lines.len() as u64, "line {} of {}: {e}", e.line, lines.len());
                    prop_assert!(e.column >= 1, "{e}");
                }
            }
        }
        match import_reader(text.as_slice(), ImportOptions {
            lenient: true,
            ..ImportOptions::default()
        }) {
            Ok((log, _)) => assert_valid(&log)?,
            Err(e) => prop_assert!(
                e.line <= 1 || matches!(e.kind, ImportErrorKind::Empty),
                "lenient fails only on the header: {e}"
            ),
        }
    }
}

/// The knight shuffle Nf3 Nf6 Ng1 Ng8 … as UCI, `n` plies long.
fn shuffle(n: usize) -> Vec<&'static str> {
    ["g1f3", "g8f6", "f3g1", "f6g8"]
        .iter()
        .copied()
        .cycle()
        .take(n)
        .collect()
}

#[test]
fn a_hundred_thousand_nested_plies_import_without_a_stack_overflow() {
    const PLIES: usize = 100_000;
    let mut text = String::from("{\"type\":\"header\",\"schema\":1}\n");
    text.push_str("{\"type\":\"node_enter\",\"depth\":1,\"alpha\":-30,\"beta\":30}\n");
    let mut pos = Position::startpos();
    for mv in shuffle(PLIES) {
        text.push_str(&format!(
            "{{\"type\":\"move_tried\",\"move\":\"{mv}\"}}\n{{\"type\":\"node_enter\",\"depth\":1,\"alpha\":-30,\"beta\":30,\"move\":\"{mv}\"}}\n"
        ));
        let parsed = parse_uci(&pos, mv).expect("the shuffle is legal");
        pos.make_move(parsed);
    }
    // Ended mid-search: every node open.
    let (open, summary) =
        import_reader(text.as_bytes(), ImportOptions::default()).expect("deep and open");
    assert_eq!(summary.open_at_end as usize, PLIES + 1);
    assert!(open.is_truncated());
    // Closed.
    for _ in 0..=PLIES {
        text.push_str("{\"type\":\"node_exit\",\"score\":0}\n");
    }
    let (log, _) =
        import_reader(text.as_bytes(), ImportOptions::default()).expect("deep and closed");
    let tree = SearchTree::build(log.events());
    assert_eq!(tree.len(), PLIES + 1);
    let deepest = tree.node(PLIES as u32).expect("the deepest node");
    assert_eq!(
        usize::from(deepest.ply()),
        PLIES % 256,
        "plies past 255 are kept as their byte, the ply modulo 256 (the nesting says the rest)"
    );
    assert!(
        !deepest.same_position(),
        "a move one ply down, not a search of the same position"
    );
    assert_eq!(tree.ancestors(PLIES as u32).count(), PLIES);
    let exported = export(&log);
    assert!(exported.len() > PLIES * 50);
    // An illegal first move (its try and its node) takes the whole 100,000-ply subtree with
    // it in lenient mode: every line but the root's enter and exit.
    let bad = text.replacen("\"move\":\"g1f3\"}", "\"move\":\"g1g3\"}", 2);
    let (log, summary) = import_reader(
        bad.as_bytes(),
        ImportOptions {
            lenient: true,
            ..ImportOptions::default()
        },
    )
    .expect("lenient");
    assert_eq!(log.len(), 2, "{summary:?}");
    assert_eq!(summary.skipped as usize, 3 * PLIES);
}
