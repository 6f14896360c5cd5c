//! Property tests of the UCI command parser: any line, and lines built from real keywords with
//! junk between them, parse without panicking and in bounded time, and whatever the parser
//! reports back quotes at most a short, control-free piece of the input.

use killerscope::{uci::UciCommand, uci::parse};
use proptest::prelude::*;
use std::time::{Duration, Instant};

const BOUND: Duration = Duration::from_millis(200);

fn check(line: &str) {
    let started = Instant::now();
    let command = parse(line);
    assert!(
        started.elapsed() < BOUND,
        "{line:?} took {:?}",
        started.elapsed()
    );
    if let UciCommand::Invalid(reason) | UciCommand::BadPosition(reason) = command {
        assert!(reason.chars().count() < 200, "{reason}");
        assert!(!reason.chars().any(char::is_control), "{reason:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_line(line in "\\PC{0,200}") {
        check(&line);
    }

    #[test]
    fn keyword_soup(words in proptest::collection::vec(
        prop_oneof![
            Just("go".to_string()), Just("position".to_string()), Just("startpos".to_string()),
            Just("fen".to_string()), Just("moves".to_string()), Just("setoption".to_string()),
            Just("name".to_string()), Just("value".to_string()), Just("depth".to_string()),
            Just("nodes".to_string()), Just("mate".to_string()), Just("searchmoves".to_string()),
            Just("ponder".to_string()), Just("wtime".to_string()), Just("infinite".to_string()),
            "-?[0-9]{1,25}", "[a-h][1-8][a-h][1-8][qrbn]?", "[\\x00-\\x1f\\x7f]{1,3}", "\\PC{1,8}",
        ],
        0..30,
    )) {
        check(&words.join(" "));
    }
}
