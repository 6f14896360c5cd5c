//! Every CSV the lab prints is read back whole by a CSV reader, a position whose name holds a
//! comma included: one writer (the `csv` crate's) quotes every table the same way.

use crate::binary;

use binary::{run, text};
use std::path::PathBuf;

const NAME: &str = "pawn, king and pawn";

/// An EPD file of one position named [`NAME`].
fn epd() -> String {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cli_csv");
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let file = dir.join("named.epd");
    let line = format!("8/8/8/4k3/8/8/4P3/4K3 w - - id \"{NAME}\";\n");
    std::fs::write(&file, line).expect("write the EPD file");
    file.to_str().expect("a UTF-8 path").to_string()
}

/// The CSV `args` print, as rows of fields under its header.
fn rows(args: &[&str]) -> (csv::StringRecord, Vec<csv::StringRecord>) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
    let mut reader = csv::Reader::from_reader(o.stdout.as_slice());
    let head = reader.headers().expect("a header").clone();
    let rows: Vec<csv::StringRecord> = reader
        .records()
        .map(|r| r.expect("a well-formed row"))
        .collect();
    for row in &rows {
        assert_eq!(
            row.len(),
            head.len(),
            "{args:?}: a row of another width: {row:?}"
        );
    }
    (head, rows)
}

#[test]
fn a_name_with_a_comma_stays_one_field_in_every_lab_table() {
    let file = epd();
    let lab = ["compare", "--epd", &file, "--depth", "3", "--format", "csv"];
    let ladder = [
        "compare",
        "--epd",
        &file,
        "--depth",
        "3",
        "--ladder",
        "--rungs",
        "mvv-lva,tt",
        "--format",
        "csv",
    ];
    for args in [&lab[..], &ladder[..]] {
        let (head, rows) = rows(args);
        assert_eq!(&head[0], "position", "{args:?}");
        let named: Vec<&str> = rows.iter().map(|r| &r[0]).filter(|n| *n == NAME).collect();
        assert_eq!(named.len(), 2, "{args:?}: {rows:?}");
    }
    let (head, rows) = rows(&[
        "compare",
        "--epd",
        &file,
        "--depth",
        "3",
        "--config",
        "a, \"b\":killers=1",
        "--format",
        "csv",
    ]);
    let config = head
        .iter()
        .position(|h| h == "config")
        .expect("a config column");
    assert!(rows.iter().any(|r| &r[config] == "a, \"b\""), "{rows:?}");
}
