//! Perft of the six standard positions of the chess programming wiki's "Perft Results" page
//! (plus the colour-mirrored position 4), to depths totalling about 60 million leaf nodes, in
//! both modes: the last ply counted in bulk, and every leaf made and unmade. Both must give the
//! published counts, so either one is checked by the wiki's numbers, not by the other.

mod common;

use killerscope_chess::{PerftMode, Position};

fn check(fen: &str, expected: &[u64]) {
    let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
    let before = pos.clone();
    for mode in [PerftMode::Bulk, PerftMode::Full] {
        for (depth, &nodes) in (1..).zip(expected) {
            assert_eq!(
                pos.perft_with(depth, mode),
                nodes,
                "perft({depth}) of {fen}, {mode:?}"
            );
        }
        assert_eq!(pos, before, "make/unmake must restore the position exactly");
    }
}

/// One ply deeper than `check` goes, in bulk only (the full mode would take minutes in a
/// debug-free test run on a shared machine): the published counts of positions 1, 2, 5 and 6.
#[test]
fn bulk_counts_one_ply_deeper() {
    for (fen, depth, nodes) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            6,
            119_060_324,
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            5,
            193_690_690,
        ),
        (
            "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
            5,
            89_941_194,
        ),
        (
            "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
            5,
            164_075_551,
        ),
    ] {
        let mut pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(pos.perft(depth), nodes, "perft({depth}) of {fen}");
    }
}

/// Divide in both modes names the same count under every root move, in every seed position
/// of the rules corpus (en passant, promotions, castling corner cases).
#[test]
fn bulk_and_full_divide_agree_move_by_move() {
    for fen in common::SEEDS {
        let mut pos = common::pos(fen);
        let bulk = pos.perft_divide(3, PerftMode::Bulk);
        let full = pos.perft_divide(3, PerftMode::Full);
        assert_eq!(bulk, full, "{fen}");
    }
}

#[test]
fn start_position() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8_902, 197_281, 4_865_609],
    );
}

#[test]
fn kiwipete() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2_039, 97_862, 4_085_603],
    );
}

#[test]
fn position_3_endgame_with_en_passant_pins() {
    check(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2_812, 43_238, 674_624, 11_030_083],
    );
}

#[test]
fn position_4_promotions_and_castling_rights() {
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9_467, 422_333, 15_833_292],
    );
}

#[test]
fn position_4_mirrored() {
    check(
        "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
        &[6, 264, 9_467, 422_333, 15_833_292],
    );
}

#[test]
fn position_5() {
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1_486, 62_379, 2_103_487],
    );
}

#[test]
fn position_6() {
    check(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[46, 2_079, 89_890, 3_894_594],
    );
}

/// Kiwipete split by root move at depth 3; reference counts from an independent generator
/// (python-chess), so a wrong subtree is named, not just a wrong total.
#[test]
fn kiwipete_divide_matches_reference_per_move() {
    const EXPECTED: &[(&str, u64)] = &[
        ("a1b1", 1969),
        ("a1c1", 1968),
        ("a1d1", 1885),
        ("a2a3", 2186),
        ("a2a4", 2149),
        ("b2b3", 1964),
        ("c3a4", 2203),
        ("c3b1", 2038),
        ("c3b5", 2138),
        ("c3d1", 2040),
        ("d2c1", 1963),
        ("d2e3", 2136),
        ("d2f4", 2000),
        ("d2g5", 2134),
        ("d2h6", 2019),
        ("d5d6", 1991),
        ("d5e6", 2241),
        ("e1c1", 1887),
        ("e1d1", 1894),
        ("e1f1", 1855),
        ("e1g1", 2059),
        ("e2a6", 1907),
        ("e2b5", 2057),
        ("e2c4", 2082),
        ("e2d1", 1733),
        ("e2d3", 2050),
        ("e2f1", 2060),
        ("e5c4", 1880),
        ("e5c6", 2027),
        ("e5d3", 1803),
        ("e5d7", 2124),
        ("e5f7", 2080),
        ("e5g4", 1878),
        ("e5g6", 1997),
        ("f3d3", 2005),
        ("f3e3", 2174),
        ("f3f4", 2132),
        ("f3f5", 2396),
        ("f3f6", 2111),
        ("f3g3", 2214),
        ("f3g4", 2169),
        ("f3h3", 2360),
        ("f3h5", 2267),
        ("g2g3", 1882),
        ("g2g4", 1843),
        ("g2h3", 1970),
        ("h1f1", 1929),
        ("h1g1", 2013),
    ];
    let mut pos =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
            .unwrap_or_else(|e| panic!("{e}"));
    let mut got: Vec<(String, u64)> = pos
        .perft_divide(3, PerftMode::Bulk)
        .into_iter()
        .map(|(mv, n)| (mv.to_string(), n))
        .collect();
    got.sort();
    let expected: Vec<(String, u64)> = EXPECTED.iter().map(|&(m, n)| (m.to_string(), n)).collect();
    assert_eq!(got, expected);
}

/// Tricky rules in isolation, with counts from the same reference.
#[test]
fn rule_corner_cases() {
    // En passant that would expose the king along the rank (horizontal pin): not legal.
    check("8/8/8/K2pP2q/8/8/8/7k w - d6 0 2", &[6]);
    check("8/8/8/KPp4r/8/8/8/7k w - c6 0 2", &[4]);
    // En passant capturing the pawn that gives check.
    check("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", &[9]);
    // Castling out of, through and into check is refused.
    check("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", &[26]);
    check("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", &[3]);
    check("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", &[22]);
    check("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1", &[22]);
    // Queen-side castling may pass a b-file attack (only the king's path matters).
    check("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1", &[23]);
    // Double check: only king moves.
    check("4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1", &[2]);
    // Promotions and underpromotions, with and without capture.
    check("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", &[13]);
}
