//! Every margin and depth threshold of the selective search, named in one place: what a class
//! reads to see how aggressive each technique is, and what a tuner would change.

use killerscope_chess::Move;
use killerscope_log::MoveSource;

/// Deepest remaining depth at which (reverse) futility pruning applies.
pub const FUTILITY_DEPTH: i32 = 3;

/// Reverse futility margin per ply of remaining depth, in centipawns: a node whose static
/// evaluation beats beta by this much is taken to fail high without searching.
pub const REVERSE_FUTILITY_MARGIN: i32 = 120;

/// The reverse futility margin at remaining `depth`.
pub fn reverse_futility_margin(depth: i32) -> i32 {
    REVERSE_FUTILITY_MARGIN * depth
}

/// How far below alpha a quiet move's static evaluation may be and still be searched at
/// remaining `depth`: a pawn and a half at depth 1, more for deeper nodes.
pub fn futility_margin(depth: i32) -> i32 {
    100 + 100 * depth
}

/// Shallowest remaining depth at which a null move is tried.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;

/// Plies the null move's search is reduced by (beyond the ply it passes): R = 2, 3 from
/// depth 7.
pub fn null_move_reduction(depth: i32) -> i32 {
    if depth >= 7 { 3 } else { 2 }
}

/// Plies a late quiet move is reduced by: the classic log formula
/// `0.75 + ln(depth) · ln(move number) / 2.25`, for the fourth and later moves at depth ≥ 3,
/// never for moves a heuristic singled out (every source but history and plain quiets: TT,
/// killers, countermove, …) and never below depth 1.
pub fn late_move_reduction(depth: i32, index: usize, mv: Move, source: MoveSource) -> i32 {
    let plain = matches!(
        source,
        MoveSource::HISTORY | MoveSource::RELATIVE_HISTORY | MoveSource::QUIET
    );
    if depth < 3 || index < 3 || !mv.is_quiet() || !plain {
        return 0;
    }
    let r = 0.75 + f64::from(depth).ln() * (index as f64 + 1.0).ln() / 2.25;
    (r as i32).clamp(0, depth - 2)
}

/// First aspiration half-width around the previous iteration's score, in centipawns.
pub const ASPIRATION_DELTA: i32 = 35;

/// Half-width beyond which an aspiration window gives up and searches the full window.
pub const ASPIRATION_GIVE_UP: i32 = 1000;

/// Shallowest iteration searched with an aspiration window.
pub const ASPIRATION_MIN_DEPTH: u8 = 4;
