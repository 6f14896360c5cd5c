//! FEN: round trips, every refusal class (from `data/invalid_fens.txt`), lenient forms
//! that must be accepted, and a fuzz test that no input makes the parser panic.

mod common;

use common::{Rng, pos, sample_positions};
use killerscope_chess::{MoveList, Position, START_FEN};

#[test]
fn round_trip_on_many_positions() {
    let positions = sample_positions(10, 60, 7);
    assert!(positions.len() > 3_000);
    for p in positions {
        let fen = p.to_fen();
        let back = pos(&fen);
        assert_eq!(back, p, "{fen}");
        assert_eq!(back.to_fen(), fen);
        assert_eq!(back.key(), p.key());
    }
    assert_eq!(Position::startpos().to_fen(), START_FEN);
    assert_eq!(pos(START_FEN), Position::startpos());
}

#[test]
fn each_invalid_fen_is_refused_with_its_field_and_reason() {
    let data = include_str!("data/invalid_fens.txt");
    let mut cases = 0;
    for line in data
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let parts: Vec<&str> = line.split(" | ").collect();
        let [field, fen, expected] = parts[..] else {
            panic!("malformed data line: {line}");
        };
        let err = match Position::from_fen(fen) {
            Ok(p) => panic!("accepted {fen:?} as {}", p.to_fen()),
            Err(e) => e,
        };
        assert_eq!(err.field().name(), field, "{fen}: {err}");
        let message = err.to_string();
        assert!(
            message.contains(expected),
            "{fen}: got {message:?}, want {expected:?}"
        );
        let prefix = if field == "record" {
            "FEN: ".to_string()
        } else {
            format!("FEN {field}: ")
        };
        assert!(message.starts_with(&prefix), "{message}");
        cases += 1;
    }
    assert!(cases >= 25);
}

#[test]
fn empty_and_blank_input_is_refused() {
    for fen in ["", "   ", "\n\t"] {
        let err = Position::from_fen(fen).unwrap_err();
        assert_eq!(
            err.to_string(),
            format!("FEN: empty FEN ({:?})", fen.trim())
        );
    }
}

#[test]
fn lenient_forms_are_accepted() {
    let start = Position::startpos();
    let epd = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    assert_eq!(pos(epd), start, "EPD style without counters");
    assert_eq!(
        pos(&format!("  \t{START_FEN} \n")),
        start,
        "surrounding whitespace"
    );
    assert_eq!(
        pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w qkQK - 0 1"),
        start
    );
    // An explainable en-passant square no pawn can use is accepted and dropped, so that the
    // position equals (and hashes like) the same position without it.
    let after_e4 = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!(after_e4.en_passant(), None);
    assert_eq!(
        after_e4,
        pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    );
    let usable = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(
        usable.en_passant().map(|s| s.to_string()),
        Some("f6".to_string())
    );
}

#[test]
fn long_inputs_are_quoted_shortly() {
    let fen = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "p".repeat(100_000));
    let message = Position::from_fen(&fen).unwrap_err().to_string();
    assert!(message.len() < 200, "{message}");
    assert!(message.contains("rank 8 has 100000 squares"), "{message}");
}

/// Mutations of valid FENs and random strings: the parser returns `Ok` or `Err`, never panics,
/// and whatever it accepts is a position the rest of the library handles.
#[test]
fn parser_never_panics_on_mutated_or_random_input() {
    const ALPHABET: &[char] = &[
        'p', 'n', 'b', 'r', 'q', 'k', 'P', 'N', 'B', 'R', 'Q', 'K', '1', '2', '3', '7', '8', '9',
        '0', '/', ' ', '-', 'w', 'a', 'e', 'h', 'x', '\t', 'é', '♔', '\0', '+',
    ];
    let mut rng = Rng(0xF0E1_D2C3);
    let mut accepted = 0;
    for round in 0..60_000 {
        let text: String = if round % 10 == 0 {
            (0..rng.below(90))
                .map(|_| ALPHABET[rng.below(ALPHABET.len())])
                .collect()
        } else {
            let mut chars: Vec<char> = common::SEEDS[rng.below(common::SEEDS.len())]
                .chars()
                .collect();
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(chars.len() + 1);
                let c = ALPHABET[rng.below(ALPHABET.len())];
                match rng.below(3) {
                    0 if at < chars.len() => chars[at] = c,
                    1 if at < chars.len() => {
                        chars.remove(at);
                    }
                    _ => chars.insert(at, c),
                }
            }
            chars.into_iter().collect()
        };
        if let Ok(mut p) = Position::from_fen(&text) {
            accepted += 1;
            assert_eq!(pos(&p.to_fen()), p, "{text:?}");
            let mut list = MoveList::new();
            p.legal_moves(&mut list);
            p.perft(2);
        }
    }
    assert!(
        accepted > 1_000,
        "the mutations should keep some FENs valid ({accepted})"
    );
}

#[test]
fn huge_inputs_are_refused_quickly() {
    let slashes = "/".repeat(5_000_000);
    let message = Position::from_fen(&slashes).unwrap_err().to_string();
    assert!(
        message.starts_with("FEN: found 1 field, expected 6"),
        "{message}"
    );
    let words = format!("{START_FEN}{}", " x".repeat(5_000_000));
    let message = Position::from_fen(&words).unwrap_err().to_string();
    assert!(
        message.contains("unexpected text after the fullmove number (\"x x x"),
        "{message}"
    );
    let ranks = format!("{slashes} w - - 0 1");
    let message = Position::from_fen(&ranks).unwrap_err().to_string();
    assert!(message.contains("found 5000001 ranks"), "{message}");
}
