//! Notation: SAN and UCI round trips on every legal move of thousands of positions, and the
//! textbook cases (disambiguation, en passant, castling, promotion, check and mate suffixes).

mod common;

use common::{pos, sample_positions};
use killerscope_chess::{MoveList, Position};
use killerscope_chess::{long_algebraic, parse_san, parse_uci, san};

#[test]
fn san_and_uci_round_trip_on_every_legal_move() {
    let mut moves = 0;
    for p in sample_positions(6, 60, 99) {
        let mut list = MoveList::new();
        p.legal_moves(&mut list);
        let mut seen = Vec::with_capacity(list.len());
        for mv in list.iter() {
            let text = san(&p, mv);
            assert_eq!(parse_san(&p, &text), Ok(mv), "{text} in {}", p.to_fen());
            assert_eq!(parse_uci(&p, &mv.to_string()), Ok(mv));
            let mut after = p.clone();
            after.make_move(mv);
            let mut replies = MoveList::new();
            after.legal_moves(&mut replies);
            let suffix = match (after.in_check(), replies.is_empty()) {
                (true, true) => Some('#'),
                (true, false) => Some('+'),
                _ => None,
            };
            assert_eq!(
                text.chars().last().filter(|c| "+#".contains(*c)),
                suffix,
                "{text}"
            );
            assert!(!seen.contains(&text), "{text} twice in {}", p.to_fen());
            seen.push(text);
            moves += 1;
        }
    }
    assert!(moves > 50_000, "only {moves} moves");
}

fn play(p: &mut Position, sans: &[&str]) {
    for text in sans {
        let mv = parse_san(p, text).unwrap_or_else(|e| panic!("{e} in {}", p.to_fen()));
        p.make_move(mv);
    }
}

fn both(p: &Position, uci: &str) -> (String, String) {
    let mv = parse_uci(p, uci).unwrap_or_else(|e| panic!("{e} in {}", p.to_fen()));
    (san(p, mv), long_algebraic(p, mv))
}

#[test]
fn the_classroom_killer_bg2_c6() {
    let mut p = pos("6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1");
    play(&mut p, &["Nf6"]);
    assert_eq!(both(&p, "g2c6"), ("Bc6".into(), "Bg2-c6".into()));
}

#[test]
fn pawn_captures_and_en_passant() {
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    assert_eq!(both(&p, "e5f6"), ("exf6".into(), "e5xf6".into()));
    assert_eq!(both(&p, "e5e6"), ("e6".into(), "e5-e6".into()));
}

#[test]
fn castling_with_and_without_check() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(both(&p, "e1g1"), ("O-O".into(), "O-O".into()));
    assert_eq!(both(&p, "e1c1"), ("O-O-O".into(), "O-O-O".into()));
    let p = pos("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(both(&p, "e1g1").0, "O-O+");
}

#[test]
fn promotions_with_mate_and_underpromotion() {
    let p = pos("k7/4P3/1K6/8/8/8/8/8 w - - 0 1");
    assert_eq!(both(&p, "e7e8q"), ("e8=Q#".into(), "e7-e8=Q#".into()));
    assert_eq!(both(&p, "e7e8r").0, "e8=R#");
    assert_eq!(both(&p, "e7e8n").0, "e8=N");
    let p = pos("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(both(&p, "e7d8q"), ("exd8=Q+".into(), "e7xd8=Q+".into()));
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    let mut p = Position::startpos();
    play(&mut p, &["d4", "d5", "Nf3", "Nf6"]);
    assert_eq!(both(&p, "b1d2"), ("Nbd2".into(), "Nb1-d2".into()));
    assert_eq!(both(&p, "f3d2").0, "Nfd2");
    let p = pos("7k/8/8/R7/8/8/8/R5K1 w - - 0 1");
    assert_eq!(both(&p, "a1a3").0, "R1a3");
    assert_eq!(both(&p, "a5a3").0, "R5a3");
    let p = pos("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
    assert_eq!(both(&p, "h4e1").0, "Qh4e1");
    assert_eq!(both(&p, "e4e1").0, "Qee1");
    assert_eq!(both(&p, "h1e1").0, "Q1e1");
    assert_eq!(parse_san(&p, "Qh4e1"), parse_uci(&p, "h4e1"));
    assert_eq!(
        parse_san(&p, "Qh4xe1"),
        parse_uci(&p, "h4e1"),
        "a stray x is tolerated"
    );
}

#[test]
fn parse_errors_say_what_is_wrong() {
    let p = Position::startpos();
    let msg = |r: Result<_, killerscope_chess::MoveParseError>| r.unwrap_err().to_string();
    assert_eq!(
        msg(parse_uci(&p, "e2e5")),
        "move \"e2e5\" is not legal in this position"
    );
    assert_eq!(
        msg(parse_uci(&p, "e2")),
        "move \"e2\" is not valid notation (expected UCI like e2e4 or e7e8q)"
    );
    assert!(msg(parse_san(&p, "Ke2")).contains("not legal"));
    assert!(msg(parse_san(&p, "")).contains("not valid notation"));
    assert!(msg(parse_san(&p, "Nf3=Q")).contains("not legal"));
    for garbage in [
        "x", "N", "Nxx", "e4e4e4", "==", "é4", "O-O-O-O", "K@e2", "♘f3",
    ] {
        assert!(parse_san(&p, garbage).is_err(), "{garbage}");
        assert!(parse_uci(&p, garbage).is_err(), "{garbage}");
    }
    let junk = format!("\u{1b}[2J{}", "e".repeat(100_000));
    for message in [msg(parse_uci(&p, &junk)), msg(parse_san(&p, &junk))] {
        assert!(message.len() < 200, "{message}");
        assert!(message.contains("\\u{1b}[2J"), "{message}");
    }
}

#[test]
fn each_notation_writes_the_classroom_killer_its_own_way() {
    use killerscope_chess::Notation;
    let mut p = pos("6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1");
    play(&mut p, &["Nf6"]);
    let bc6 = parse_uci(&p, "g2c6").expect("legal");
    assert_eq!(Notation::San.format(&p, bc6), "Bc6");
    assert_eq!(Notation::Uci.format(&p, bc6), "g2c6");
    assert_eq!(Notation::Long.format(&p, bc6), "Bg2-c6");
    assert_eq!(Notation::default(), Notation::San);
}

#[test]
fn a_move_not_legal_in_the_position_falls_back_to_uci() {
    use killerscope_chess::Move;
    use killerscope_chess::Notation;
    let start = pos("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    let mut after = start.clone();
    play(&mut after, &["e4"]);
    let e7e5 = parse_uci(&after, "e7e5").expect("legal for Black");
    for notation in Notation::ALL {
        assert_eq!(notation.format(&start, e7e5), "e7e5", "{notation:?}");
        assert_eq!(notation.format(&start, Move::NULL), "0000", "{notation:?}");
    }
    assert_eq!(Notation::San.format(&after, e7e5), "e5");
    assert_eq!(Notation::Long.format(&after, e7e5), "e7-e5");
}

#[test]
fn castling_captures_and_promotions_in_every_notation() {
    use killerscope_chess::Notation;
    let p = pos("r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let cases = [
        ("e1g1", "O-O", "O-O"),
        ("a1a8", "Rxa8+", "Ra1xa8+"),
        ("b7a8q", "bxa8=Q+", "b7xa8=Q+"),
    ];
    for (uci, short, long) in cases {
        let mv = parse_uci(&p, uci).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(Notation::San.format(&p, mv), short);
        assert_eq!(Notation::Uci.format(&p, mv), uci);
        assert_eq!(Notation::Long.format(&p, mv), long);
    }
    let cycle: Vec<Notation> = std::iter::successors(Some(Notation::San), |n| Some(n.next()))
        .take(4)
        .collect();
    assert_eq!(
        cycle,
        [Notation::San, Notation::Uci, Notation::Long, Notation::San]
    );
}
