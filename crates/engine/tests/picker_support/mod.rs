//! What the picker's test files share: positions to pick in, and how a test drives a picker
//! to the end.

use killerscope_chess::{Move, MoveList, Position};
use killerscope_engine::Line;
use killerscope_engine::{MoveBuffer, MovePicker, OrderingConfig, OrderingTables};
use killerscope_log::MoveSource;

pub const POSITIONS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
];

pub fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list.iter().collect()
}

pub fn find(pos: &Position, uci: &str) -> Move {
    legal(pos)
        .into_iter()
        .find(|m| m.to_string() == uci)
        .unwrap_or_else(|| panic!("{uci} is not legal"))
}

pub fn drain(
    picker: &mut MovePicker,
    pos: &Position,
    tables: &OrderingTables,
) -> Vec<(Move, MoveSource)> {
    let mut buf = MoveBuffer::new();
    std::iter::from_fn(|| picker.next(pos, tables, &mut buf)).collect()
}

pub fn empty_tables() -> OrderingTables {
    OrderingTables::new(&OrderingConfig::default())
}

/// A main-node picker at `ply` (depth 5) that answers no opponent move.
pub fn main_picker(
    config: &OrderingConfig,
    tt_move: Move,
    tables: &OrderingTables,
    ply: usize,
) -> MovePicker {
    MovePicker::main(config, tt_move, tables, ply, 5, Line::default())
}
