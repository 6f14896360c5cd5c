//! Move ordering and evaluation: plain functions of the position, which the search calls.

use super::search::{SRC_CAPTURE, SRC_KILLER, SRC_QUIET, SRC_TT};
use killerscope_chess::{Color, MoveList, PieceKind, Position};
use killerscope_log::Move;

/// Piece values by `PieceKind::index`: pawn, knight, bishop, rook, queen, king.
const VALUE: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The legal moves with their ordering keys and sources, best first once picked.
pub fn ordered(pos: &Position, tt_move: Move, killers: [Move; 2]) -> Vec<(i32, Move, u8)> {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let key = |mv: Move| {
        if mv == tt_move {
            (1 << 30, SRC_TT)
        } else if mv.is_capture() || mv.is_promotion() {
            (mvv_lva(pos, mv), SRC_CAPTURE)
        } else if mv == killers[0] {
            (1 << 20, SRC_KILLER[0])
        } else if mv == killers[1] {
            ((1 << 20) - 1, SRC_KILLER[1])
        } else {
            (0, SRC_QUIET)
        }
    };
    list.iter()
        .map(|mv| {
            let (order, source) = key(mv);
            (order, mv, source)
        })
        .collect()
}

/// Most valuable victim first, then least valuable attacker (promotions count the piece
/// promoted to).
pub fn mvv_lva(pos: &Position, mv: Move) -> i32 {
    let victim = pos.captured_kind(mv).map_or(0, |k| VALUE[k.index()]);
    let promoted = mv.promotion().map_or(0, |k| VALUE[k.index()]);
    let attacker = pos.piece_on(mv.from()).map_or(0, |p| p.kind.index() as i32);
    (1 << 22) + 16 * (victim + promoted) - attacker
}

/// Material and a little placement, from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let mut score = 0;
    for color in Color::ALL {
        let sign = if color == us { 1 } else { -1 };
        for kind in PieceKind::ALL {
            for sq in pos.pieces(color, kind) {
                let rank = if color == Color::White {
                    sq.rank()
                } else {
                    7 - sq.rank()
                };
                let (file, rank) = (i32::from(sq.file()), i32::from(rank));
                let centre = 3 - ((2 * file - 7).abs().max((2 * rank - 7).abs())) / 2;
                let place = match kind {
                    PieceKind::Pawn => 6 * rank + 2 * centre,
                    PieceKind::Knight => 10 * centre,
                    PieceKind::Bishop | PieceKind::Queen => 4 * centre,
                    PieceKind::Rook => 0,
                    PieceKind::King => -6 * centre,
                };
                score += sign * (VALUE[kind.index()] + place);
            }
        }
    }
    score
}

/// Swaps the best remaining move into `index` and returns it with its source.
pub fn pick(moves: &mut [(i32, Move, u8)], index: usize) -> (Move, u8) {
    let best = (index..moves.len())
        .max_by_key(|&i| (moves[i].0, std::cmp::Reverse(i)))
        .unwrap_or(index);
    moves.swap(index, best);
    (moves[index].1, moves[index].2)
}
