//! A `.kslog` whose moves do not fit its header's position opened in `log stats`, `log dot` and
//! the explorer, and its export was then refused by `log import`. Every reader now checks the
//! moves against the header's position as the importer does, and refuses such a log naming
//! the event, the move and the position.

use crate::binary;
use binary::{run, text};

use killerscope_log::EventLog;
use killerscope_trace::{Opened, open_record};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The start position without Black's a-pawn: the PVs of a depth-3 search of the start position
/// (b1c3 b8c6 g1f3) still play, but Black's replies a7a6 and a7a5 do not.
const NO_A_PAWN: &str = "rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-fit-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A real depth-3 search of the start position, its header then made to claim `fen`.
fn misfit_log(dir: &Path, fen: &str) -> String {
    let path = dir.join("misfit.kslog");
    let file = path.to_str().expect("UTF-8 temp path").to_string();
    let out = run(&["search", "--depth", "3", "--log", &file]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let log = EventLog::read_file(&path).expect("the search's log reads");
    let mut header = log.header().clone();
    header.fen = fen.to_string();
    EventLog::from_parts(header, log.events().to_vec(), log.pvs().to_vec(), false)
        .write_file(&path)
        .expect("rewrite");
    file
}

#[test]
fn every_reader_refuses_a_log_whose_moves_do_not_fit_its_fen() {
    let dir = scratch("readers");
    let svg = dir.join("p.svg");
    let svg = svg.to_str().expect("UTF-8 temp path");
    // Kiwipete: the PV's first move is not legal there. Without the a-pawn: an event is not.
    for (fen, said) in [
        (
            KIWIPETE,
            "the PV of iteration event 1 plays b1c3 as its move 1, which is not legal in r3k2r/",
        ),
        (NO_A_PAWN, "is not a legal move in rnbqkbnr/1ppppppp/"),
    ] {
        let file = misfit_log(&dir, fen);
        for args in [
            vec!["log", "stats", &file],
            vec!["log", "dot", &file],
            vec!["log", "export", "--jsonl", &file],
            vec!["log", "plot", &file, "--chart", "ranks", "-o", svg],
            vec!["tui", "--log", &file],
        ] {
            let out = run(&args);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert!(
                out.stdout.is_empty(),
                "{args:?}: nothing printed for a bad log"
            );
            let err = text(&out.stderr);
            assert!(
                err.contains(said)
                    && err.contains("the log's moves do not fit its header's position")
                    && err.contains("byte "),
                "{args:?}: {err}"
            );
            if fen == NO_A_PAWN {
                assert!(
                    err.contains("event #") && err.contains("a7a"),
                    "{args:?}: {err}"
                );
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The explorer's path: the log maps at once (its FEN and PVs are checked then), and the
/// background check of its events reports the misfit.
#[test]
fn the_explorers_background_check_reports_the_misfit() {
    let dir = scratch("explorer");
    let file = misfit_log(&dir, NO_A_PAWN);
    let Ok(Opened::Mapped(log, unchecked)) = open_record(Path::new(&file), Default::default())
    else {
        panic!("the log maps: its FEN and PVs fit");
    };
    let err = unchecked
        .check(log.events(), &mut |_| ControlFlow::Continue(()))
        .expect_err("the moves do not fit");
    assert!(err.to_string().contains("do not fit"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A log that fits is read by everyone, and its export imports.
#[test]
fn a_fitting_log_reads_everywhere_and_its_export_imports() {
    let dir = scratch("fits");
    let kslog = dir.join("s.kslog");
    let kslog = kslog.to_str().expect("UTF-8 temp path");
    let out = run(&["search", "--depth", "4", "--fen", KIWIPETE, "--log", kslog]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for args in [vec!["log", "stats", kslog], vec!["log", "dot", kslog]] {
        let out = run(&args);
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
    }
    let out = run(&["log", "export", "--jsonl", kslog]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let trace = dir.join("s.jsonl");
    std::fs::write(&trace, &out.stdout).expect("write");
    let trace = trace.to_str().expect("UTF-8 temp path");
    let out = run(&["log", "import", trace, "-o", "/dev/null"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}
