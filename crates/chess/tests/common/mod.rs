//! Shared helpers for the chess integration tests (and the workspace's trace tests that need
//! positions, which include this file by path): a seeded generator (no `rand` dependency) and
//! positions reached by random games from a set of tricky starting positions.

#![allow(dead_code)] // each test binary uses a different subset of these helpers

use killerscope_chess::{MoveList, Position};

/// Starting points chosen for rules coverage: the standard perft positions plus en-passant,
/// promotion and castling corner cases.
pub const SEEDS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "8/8/8/K2pP2q/8/8/8/7k w - d6 0 2",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20",
];

/// xorshift64*: reproducible pseudo-random numbers for test walks.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Parses a FEN the test knows to be valid.
pub fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Positions met along `games` random games of up to `plies` plies from every seed.
pub fn sample_positions(games: usize, plies: usize, seed: u64) -> Vec<Position> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for fen in SEEDS {
        for _ in 0..games {
            let mut p = pos(fen);
            for _ in 0..plies {
                out.push(p.clone());
                let mut list = MoveList::new();
                p.legal_moves(&mut list);
                if list.is_empty() {
                    break;
                }
                p.make_move(list[rng.below(list.len())]);
            }
        }
    }
    out
}

/// The position `choices` reaches from seed `seed`: each choice picks a legal move (modulo
/// their number); the walk stops early at a mate or stalemate.
pub fn walk(seed: usize, choices: &[usize]) -> Position {
    let mut pos = Position::from_fen(SEEDS[seed % SEEDS.len()]).expect("seed FENs are valid");
    for &choice in choices {
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        if list.is_empty() {
            break;
        }
        pos.make_move(list[choice % list.len()]);
    }
    pos
}
