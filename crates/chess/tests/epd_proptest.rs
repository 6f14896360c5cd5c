//! Property tests of the EPD reader shared by `compare --epd`, `tui --epd` and the explorer's
//! library: any text parses to records or to an error without panicking, in bounded time; an
//! error names a line that exists — the first bad one — and says what is wrong in a short,
//! printable message; records keep their line numbers and hold six-field FENs.

use killerscope_chess::{epd::MAX_LINE_BYTES, epd::parse};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Generous for a loaded machine; a quadratic parse of these inputs would blow through it.
const BOUND: Duration = Duration::from_secs(1);

/// Pieces EPD lines are made of, valid and not, so random lines get past the first checks.
fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("8/8/8/4k3/8/8/4P3/4K3".to_string()),
        Just("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR".to_string()),
        Just("w".to_string()),
        Just("b".to_string()),
        Just("-".to_string()),
        Just("KQkq".to_string()),
        Just("e3".to_string()),
        Just("id".to_string()),
        Just("c0".to_string()),
        Just("bm".to_string()),
        Just(";".to_string()),
        Just("\"".to_string()),
        Just("\"a; b\";".to_string()),
        Just("#".to_string()),
        Just("\u{feff}".to_string()),
        "[0-9]{1,12}",
        "[\\x00-\\x1f\\x7f\\u{202e}]{1,3}",
        "\\PC{1,12}",
    ]
}

fn line() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => proptest::collection::vec(token(), 0..12).prop_map(|t| t.join(" ")),
        1 => "\\PC{0,120}",
        1 => "[ -~\\t]{0,120}",
    ]
}

/// Parses `text`; checks time, the error's line and message, and the records' line numbers.
fn check(text: &str) {
    let lines = text.lines().count();
    let started = Instant::now();
    let result = parse(text);
    assert!(
        started.elapsed() < BOUND,
        "parse took {:?}",
        started.elapsed()
    );
    match result {
        Err(e) => {
            assert!((1..=lines).contains(&e.line), "line {} of {lines}", e.line);
            let message = e.to_string();
            assert!(message.len() < 600, "{message}");
            assert!(!message.chars().any(char::is_control), "{message:?}");
            assert!(
                message.starts_with(&format!("EPD line {}: ", e.line)),
                "{message}"
            );
        }
        Ok(records) => {
            let mut last = 0;
            for r in records {
                assert!(
                    r.line > last && r.line <= lines,
                    "line {} after {last}",
                    r.line
                );
                assert_eq!(r.fen.split(' ').count(), 6, "{:?}", r.fen);
                last = r.line;
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_lines(lines in proptest::collection::vec(line(), 0..20)) {
        check(&lines.join("\n"));
        check(&lines.join("\r\n"));
    }

    #[test]
    fn the_first_bad_line_is_the_one_named(
        before in 0usize..30,
        bad in prop_oneof![
            Just("8/8/8 w".to_string()),
            Just("8/8/8/8/8/8/8/K6k w - - id \"open;".to_string()),
            Just("8/8/8/8/8/8/8/K6k w - - id x".to_string()),
            Just("8".repeat(MAX_LINE_BYTES + 1)),
        ],
        after in proptest::collection::vec(line(), 0..5),
    ) {
        let good = "8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\"; c0 \"x\";";
        let mut lines = vec![good.to_string(); before];
        lines.push(bad);
        lines.extend(after);
        let err = parse(&lines.join("\n")).expect_err("a bad line");
        prop_assert_eq!(err.line, before + 1);
    }
}

#[test]
fn a_huge_text_is_refused_at_its_long_line_quickly() {
    let text = format!("# ok\n{}\n", "x".repeat(32 << 20));
    let started = Instant::now();
    let err = parse(&text).expect_err("too long");
    assert_eq!(err.line, 2);
    assert!(started.elapsed() < BOUND, "{:?}", started.elapsed());
}
