//! The doctor held against engines of our own with seeded ordering bugs (tests/doctor_support):
//! each code fires on its seeded engine and on no other, the clean engine has no finding (with
//! every check given chances), and each finding says what happened in the words its code is
//! written in.

use crate::doctor_support;

use doctor_support::{Bug, trace};
use killerscope_analysis::{doctor::Code, doctor::Diagnosis, doctor::Doctor, doctor::Severity};
use killerscope_trace::{jsonl::ImportOptions, jsonl::import_reader};
use std::collections::BTreeSet;

/// Positions with quiet play, captures, checks and pins, each with the depth it is searched to.
const POSITIONS: [(&str, u8); 4] = [
    ("6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1", 4),
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        4,
    ),
    (
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        3,
    ),
    (
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 1",
        4,
    ),
];

fn diagnose(text: &str) -> Diagnosis {
    let options = ImportOptions {
        lenient: false,
        strict: true,
    };
    let (log, _) = import_reader(text.as_bytes(), options)
        .unwrap_or_else(|e| panic!("the seeded engine's trace imports strictly: {e}"));
    let mut doctor = Doctor::new(log.header()).with_examples(2);
    doctor.feed(log.events());
    doctor.finish()
}

/// The diagnoses of `bug`'s engine over every position.
fn diagnoses(bug: Bug) -> Vec<Diagnosis> {
    POSITIONS
        .iter()
        .map(|&(fen, depth)| diagnose(&trace(fen, depth, bug)))
        .collect()
}

/// What a finding of each seeded bug must say at its first node: words of its detail.
fn detail_words(bug: Bug) -> &'static [&'static str] {
    match bug {
        Bug::None => &[],
        Bug::TriedTwice | Bug::TtMoveTwice => &[" tried as move ", " and again as move "],
        Bug::NoisyKiller => &[" stored as a killer in row "],
        Bug::DuplicateSlot => &["the store of ", " in two slots of row "],
        Bug::StoreWithoutCutoff => &[" stored, "],
        Bug::RowMismatch => &[" stored in row ", ", the node's row is "],
        Bug::RowMismatchRead => &[" tried as K", ", but row ", " does not hold it: "],
        Bug::SlotLabel => &[" labelled K", ", but row ", " holds it in another slot: ["],
        Bug::SlotOrder => &[" (K2) tried before ", " (K1)"],
        Bug::KillerAfterQuiet => &["killer ", " tried after ", " (quiet)"],
        Bug::MoveNeverTried => &[" legal moves never tried, ", " among them"],
        Bug::TtMoveNotFirst => &["TT move ", " tried as move "],
        Bug::IllegalKiller => &[" leaves the king attacked"],
    }
}

#[test]
fn the_clean_engine_has_no_finding_and_every_check_had_chances() {
    let mut chances = [0u64; Code::ALL.len()];
    for (d, (fen, _)) in diagnoses(Bug::None).iter().zip(POSITIONS) {
        assert!(d.findings.is_empty(), "{fen}: {:#?}", d.findings);
        assert!(d.unchecked.is_empty(), "{fen}: {:?}", d.unchecked);
        assert!(!d.fails());
        for check in &d.checks {
            chances[check.code.index()] += check.chances;
        }
    }
    for code in Code::ALL {
        assert!(
            chances[code.index()] > 0,
            "{code}: the clean engine gave it no chance, so its silence proves nothing"
        );
    }
}

#[test]
fn each_seeded_bug_is_named_by_its_code_and_by_no_other() {
    for bug in Bug::SEEDED {
        let expected = bug.code().expect("a seeded bug has a code");
        let all = diagnoses(bug);
        let found: BTreeSet<&str> = all
            .iter()
            .flat_map(|d| d.findings.iter().map(|f| f.code.name()))
            .collect();
        assert_eq!(
            found,
            BTreeSet::from([expected]),
            "{bug:?}: the findings name {found:?}"
        );
        let code = Code::from_name(expected).expect("a doctor code");
        for d in &all {
            let Some(f) = d.finding(code) else { continue };
            assert!(0 < f.count && f.count <= f.chances, "{bug:?}: {f:?}");
            assert!(!f.examples.is_empty() && f.examples.len() <= 2);
            let first = &f.examples[0];
            for words in detail_words(bug) {
                assert!(
                    first.detail.contains(words),
                    "{bug:?}: \"{}\" lacks \"{words}\"",
                    first.detail
                );
            }
            assert_eq!(
                first.line.len(),
                usize::from(first.ply),
                "{bug:?}: {first:?}"
            );
            let ids: Vec<u64> = f.examples.iter().map(|e| e.node).collect();
            assert!(ids.windows(2).all(|w| w[0] < w[1]), "first by id: {ids:?}");
            assert_eq!(d.fails(), code.severity() != Severity::Note, "{bug:?}");
        }
    }
}

#[test]
fn illegal_killers_are_a_note_with_the_legal_hit_rate_beside_it() {
    let all = diagnoses(Bug::IllegalKiller);
    let (mut tries, mut illegal, mut cuts) = (0, 0, 0);
    for d in &all {
        tries += d.killers.tries;
        illegal += d.killers.illegal;
        cuts += d.killers.cuts;
        if let Some(f) = d.finding(Code::IllegalKiller) {
            assert_eq!((f.count, f.chances), (d.killers.illegal, d.killers.tries));
        }
    }
    assert!(illegal > 0 && illegal < tries);
    // The illegal tries are searched by no one: every killer cutoff is a legal try's.
    let clean: u64 = diagnoses(Bug::None).iter().map(|d| d.killers.cuts).sum();
    assert_eq!(cuts, clean, "the illegal tries change no cutoff");
    assert_eq!(
        Code::IllegalKiller.severity(),
        Severity::Note,
        "it fails no CI"
    );
}
