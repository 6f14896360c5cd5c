//! Property tests of the FEN parser: on any text, and on valid FENs with fields mutated, it
//! returns `Ok` or `Err` without panicking and in bounded time; whatever it accepts prints back
//! to a FEN that parses to the same position, with a move list within bounds.

use killerscope_chess::{MAX_MOVES, MoveList, Position};
use proptest::prelude::*;
use std::time::{Duration, Instant};

/// Generous bound for one parse (a parse takes microseconds; the slowest CI still fits).
const BOUND: Duration = Duration::from_millis(200);

fn check(text: &str) {
    let started = Instant::now();
    let parsed = Position::from_fen(text);
    assert!(
        started.elapsed() < BOUND,
        "{text:?} took {:?}",
        started.elapsed()
    );
    if let Ok(p) = parsed {
        let again = Position::from_fen(&p.to_fen()).expect("own FEN parses");
        assert_eq!(again, p);
        assert_eq!(p.key(), p.compute_key());
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        assert!(list.len() < MAX_MOVES);
    } else if let Err(e) = parsed {
        assert!(e.to_string().len() < 400, "{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    #[test]
    fn any_text(text in "\\PC{0,120}") {
        check(&text);
    }

    #[test]
    fn fen_shaped_text(
        ranks in proptest::collection::vec("[pnbrqkPNBRQK1-8]{0,9}", 1..10),
        side in "[wbx-]",
        castling in "[KQkq-]{0,5}",
        ep in "(-|[a-h][1-8])",
        clocks in "[0-9 ]{0,8}",
    ) {
        check(&format!("{} {side} {castling} {ep} {clocks}", ranks.join("/")));
    }
}
