//! The tests of the move-source vocabulary: codes, labels and rows, and codes no row has.

use super::*;

#[test]
fn killers_are_consecutive_codes_with_their_labels() {
    assert_eq!(KILLER_SOURCES, 5);
    for slot in 0..KILLER_SOURCES {
        let source = MoveSource::killer(slot);
        assert_eq!(source.killer_slot(), Some(slot as u8));
        assert_eq!(source.label(), format!("K{}", slot + 1));
    }
    assert_eq!(
        MoveSource::killer(KILLER_SOURCES - 1).code() + 1,
        MoveSource::COUNTERMOVE.code()
    );
    assert!(!MoveSource::HISTORY.is_killer());
    assert!(!MoveSource::MATE_KILLER.is_killer());
}

#[test]
fn named_sources_match_their_rows() {
    let named = [
        (MoveSource::TT, "TT"),
        (MoveSource::CAPTURE, "Cap"),
        (MoveSource::MATE_KILLER, "MK"),
        (MoveSource::COUNTERMOVE, "CM"),
        (MoveSource::HISTORY, "Hist"),
        (MoveSource::RELATIVE_HISTORY, "RHist"),
        (MoveSource::QUIET, "Quiet"),
        (MoveSource::ORACLE, "Orcl"),
        (MoveSource::FOLLOW_UP, "FU"),
    ];
    for (source, label) in named {
        assert_eq!(source.label(), label);
    }
}

#[test]
fn unknown_codes_are_sources_with_a_fallback_label() {
    let foreign = MoveSource::from_code(200);
    assert_eq!(foreign.info(), None);
    assert_eq!(foreign.label(), "#200");
    assert_eq!(MoveSource::all().count(), SOURCES.len());
}
