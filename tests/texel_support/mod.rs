//! A writer of Texel tree logs for the tests, written from the format's definition (the table
//! in `crates/trace/src/texel.rs`, as Texel's `debug/treeLogger.hpp` lays it out): 18-byte
//! records, little-endian fields packed without padding. It turns a killerscope search's nodes
//! into Texel's start and end records, so a Texel import can be checked node for node.
#![allow(dead_code)]

use killerscope_chess::{CastlingRights, Color, Move, PieceKind, Position, Square};
use killerscope_log::{Bound, Event};

/// One Texel record.
pub type Record = [u8; 18];

fn put(r: &mut Record, at: usize, bytes: &[u8]) {
    r[at..at + bytes.len()].copy_from_slice(bytes);
}

/// Texel's piece code: 1–6 white K Q R B N P, 7–12 black.
fn piece_code(pos: &Position, sq: Square) -> u64 {
    let Some(p) = pos.piece_on(sq) else { return 0 };
    let kind = match p.kind {
        PieceKind::King => 1,
        PieceKind::Queen => 2,
        PieceKind::Rook => 3,
        PieceKind::Bishop => 4,
        PieceKind::Knight => 5,
        PieceKind::Pawn => 6,
    };
    if p.color == Color::White {
        kind
    } else {
        kind + 6
    }
}

/// The three position records of `pos` (the first with `first_type`: 0 or 1).
pub fn position(pos: &Position, first_type: u8) -> [Record; 3] {
    let word = |i: usize| {
        (0..16).fold(0u64, |w, k| {
            w << 4 | piece_code(pos, Square::from_index((i * 16 + k) as u8))
        })
    };
    let c = pos.castling();
    let castle = [
        (CastlingRights::WHITE_QUEEN, 0),
        (CastlingRights::WHITE_KING, 1),
        (CastlingRights::BLACK_QUEEN, 2),
        (CastlingRights::BLACK_KING, 3),
    ]
    .iter()
    .fold(
        0u64,
        |m, &(r, bit)| if c.contains(r) { m | 1 << bit } else { m },
    );
    let ep = pos.en_passant().map_or(0xff, |s| s.index() as u64);
    let white = u64::from(pos.side_to_move() == Color::White);
    let flags = white << 36
        | castle << 32
        | ep << 24
        | u64::from(pos.halfmove_clock() & 0xff) << 16
        | u64::from(pos.fullmove_number() & 0xffff);
    let mut p0 = [0u8; 18];
    p0[0] = first_type;
    put(&mut p0, 1, &u32::MAX.to_le_bytes());
    put(&mut p0, 5, &word(0).to_le_bytes());
    let mut p1 = [0u8; 18];
    p1[0] = 2;
    put(&mut p1, 1, &word(1).to_le_bytes());
    put(&mut p1, 9, &word(2).to_le_bytes());
    let mut p2 = [0u8; 18];
    p2[0] = 3;
    put(&mut p2, 1, &word(3).to_le_bytes());
    put(&mut p2, 9, &flags.to_le_bytes());
    [p0, p1, p2]
}

/// Texel's compressed move: from + 64·to + 4096·promotion (a white piece code; 0 none).
pub fn texel_move(mv: Move) -> u16 {
    if mv.is_null() {
        return 0;
    }
    let promo = match mv.promotion() {
        None => 0,
        Some(PieceKind::Queen) => 2,
        Some(PieceKind::Rook) => 3,
        Some(PieceKind::Bishop) => 4,
        Some(_) => 5,
    };
    mv.from().index() as u16 | (mv.to().index() as u16) << 6 | promo << 12
}

/// A node start record.
pub fn start(parent: u32, mv: u16, alpha: i32, beta: i32, ply: u8, depth: i8) -> Record {
    let mut r = [0u8; 18];
    r[0] = 4;
    put(&mut r, 1, &u32::MAX.to_le_bytes());
    put(&mut r, 5, &parent.to_le_bytes());
    put(&mut r, 9, &mv.to_le_bytes());
    put(&mut r, 11, &(alpha as i16).to_le_bytes());
    put(&mut r, 13, &(beta as i16).to_le_bytes());
    r[15] = ply;
    put(&mut r, 16, &(i16::from(depth) as u16).to_le_bytes());
    r
}

/// A node end record.
pub fn end(start: u32, score: i32, bound: Bound) -> Record {
    let mut r = [0u8; 18];
    r[0] = 5;
    put(&mut r, 1, &start.to_le_bytes());
    put(&mut r, 5, &(score as i16).to_le_bytes());
    r[7] = match bound {
        Bound::Exact => 1,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    put(&mut r, 8, &(-32767i16).to_le_bytes());
    put(&mut r, 10, &0x0123_4567_89ab_cdefu64.to_le_bytes());
    r
}

/// Texel records for the nodes below the roots of killerscope's `events` (Texel logs no root
/// node), searched from `root`; `repeat` times over, each repeat a fresh set of ply-1 nodes.
pub fn from_events(root: &Position, events: &[Event], repeat: usize) -> Vec<u8> {
    let mut out: Vec<u8> = position(root, 1).concat();
    let mut index = 3u32;
    for _ in 0..repeat {
        let mut stack: Vec<u32> = Vec::new();
        let mut depth_below_root = 0usize;
        for e in events {
            match *e {
                Event::NodeEnter { ply: 0, .. } => depth_below_root = 0,
                Event::NodeEnter {
                    ply,
                    depth,
                    mv,
                    alpha,
                    beta,
                    ..
                } => {
                    let parent = stack.last().copied().unwrap_or(0);
                    out.extend_from_slice(&start(parent, texel_move(mv), alpha, beta, ply, depth));
                    stack.push(index);
                    index += 1;
                    depth_below_root += 1;
                }
                Event::NodeExit { score, bound } if depth_below_root > 0 => {
                    let open = stack.pop().expect("nested");
                    out.extend_from_slice(&end(open, score, bound));
                    index += 1;
                    depth_below_root -= 1;
                }
                _ => {}
            }
        }
    }
    out
}

/// A Texel log of one line `plies` deep from the start position: the four knights going out and
/// back (g1f3 g8f6 f3g1 f6g8, over and over), every node searched with the window (−50, 50) and
/// returning the negation of its only child's score, the last one 10. Each node's ply byte is
/// its ply modulo 256, as Texel's one-byte field holds it. For the deep-trace tests.
pub fn deep_line(plies: u32) -> Vec<u8> {
    const TOUR: [u16; 4] = [
        6 | 21 << 6,  // g1f3
        62 | 45 << 6, // g8f6
        21 | 6 << 6,  // f3g1
        45 | 62 << 6, // f6g8
    ];
    let mut out: Vec<u8> = position(&Position::startpos(), 1).concat();
    out.reserve(2 * plies as usize * 18);
    for k in 0..plies {
        // Node k (ply k + 1) starts at record 3 + k; its parent is the one before it.
        let parent = if k == 0 { 0 } else { 2 + k };
        let depth = (plies - k).min(127) as i8;
        let ply = ((k + 1) & 0xff) as u8;
        out.extend_from_slice(&start(parent, TOUR[k as usize % 4], -50, 50, ply, depth));
    }
    for k in (0..plies).rev() {
        let score = if (plies - 1 - k).is_multiple_of(2) {
            10
        } else {
            -10
        };
        out.extend_from_slice(&end(3 + k, score, Bound::Exact));
    }
    out
}
