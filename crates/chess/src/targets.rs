//! The legal moves of a position as destination *sets*: one walk over the pieces that knows the
//! rules, and sinks that turn its sets into something — a move list (`movegen`) or a number
//! (`count`, the last ply of perft, where popcounts replace building and playing moves).
//!
//! The walk computes the king's checkers, the check mask and the pinned pieces once per
//! position. In double check only the king moves. Otherwise every non-king move must land on
//! the check mask (anywhere when not in check; the checker or a square between it and the king
//! when in check), and a pinned piece must stay on the line through its king — a pinned knight
//! never moves, and pinned pieces have no moves in check, since their line and the check mask
//! meet only at the king. King moves are tested against attacks with the king lifted off the
//! board; en passant, whose two vacated squares can expose the king along a rank, is tested by
//! recomputing slider attacks.
//!
//! The walk reports sets in a fixed order — king, castling, pawns, knights, bishop-movers,
//! rook-movers — which is the order of `legal_moves()`; the search's move ordering breaks ties
//! by it, so the order is part of every recorded search tree.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::Position;
use super::castling::CastlingRights;
use super::moves::{Move, MoveFlag};
use super::piece::{Color, PieceKind};
use super::square::Square;

/// Pawn destinations on either side's last rank: a pawn can only reach its own.
pub(super) const PROMOTION_RANKS: Bitboard = Bitboard(0xFF00_0000_0000_00FF);

/// What the walk reports; every method is called with legal destinations only.
pub(super) trait TargetSink {
    /// The king on `from` may go to each square of `targets` (`theirs`: which are captures).
    fn king(&mut self, from: Square, targets: Bitboard, theirs: Bitboard);
    /// The knight, bishop, rook or queen on `from` may go to each square of `targets`; a queen
    /// is reported twice, for its diagonal and for its straight moves.
    fn piece(&mut self, from: Square, targets: Bitboard, theirs: Bitboard);
    /// Pawns reach each square of `targets` from `delta` squares back (set-wise); a target on
    /// the last rank is four promotions.
    fn pawns(&mut self, targets: Bitboard, delta: i8, capture: bool);
    /// Pawns reach each square of `targets` by a double push from `2 * delta` squares back.
    fn double_pushes(&mut self, targets: Bitboard, delta: i8);
    /// The pinned pawn on `from` reaches `targets` (promotions on the last rank).
    fn pawn(&mut self, from: Square, targets: Bitboard, capture: bool);
    /// One move of a kind the sets do not describe: castling, en passant, a pinned double push.
    fn special(&mut self, mv: Move);
}

/// What the walk computes once per position.
struct NodeMasks {
    us: Color,
    ksq: Square,
    theirs: Bitboard,
    occ: Bitboard,
    check_mask: Bitboard,
    pinned: Bitboard,
}

/// `bb` shifted by `delta` square indices (positive = towards h8); bits shifted off vanish.
#[inline(always)]
pub(super) fn shift(bb: Bitboard, delta: i8) -> Bitboard {
    if delta >= 0 {
        Bitboard(bb.0 << delta)
    } else {
        Bitboard(bb.0 >> -delta)
    }
}

/// Reports the legal moves of the pieces on `origins` to `sink`; with `CAPTURES`, only
/// captures and promotions (quiet underpromotions included): what quiescence looks at.
#[inline(always)]
pub(super) fn walk_legal<const CAPTURES: bool>(
    pos: &Position,
    sink: &mut impl TargetSink,
    origins: Bitboard,
) {
    let us = pos.side;
    let them = !us;
    let ours = pos.color_bb(us);
    let theirs = pos.color_bb(them);
    let occ = ours | theirs;
    let ksq = pos.king_square(us);
    let checkers = pos.attackers(ksq, them, occ);
    if origins.contains(ksq) {
        let wanted = if CAPTURES { theirs } else { !ours };
        sink.king(ksq, king_targets(pos, ksq, wanted, occ), theirs);
        if !CAPTURES && checkers.is_empty() {
            castling_moves(pos, sink, ksq, occ);
        }
    }
    if checkers.has_many() {
        return;
    }
    let check_mask = match checkers.first() {
        Some(checker) => attacks::between(ksq, checker).with(checker),
        None => Bitboard::FULL,
    };
    let m = NodeMasks {
        us,
        ksq,
        theirs,
        occ,
        check_mask,
        pinned: pinned(pos, us, ksq, occ),
    };
    pawn_targets::<CAPTURES>(pos, sink, &m, origins);
    let allowed = check_mask & if CAPTURES { theirs } else { !ours };
    let movable = origins & ours;
    for from in pos.pieces(us, PieceKind::Knight) & movable & !m.pinned {
        sink.piece(from, attacks::knight(from) & allowed, theirs);
    }
    let queens = pos.pieces(us, PieceKind::Queen);
    for from in (pos.pieces(us, PieceKind::Bishop) | queens) & movable {
        let mut att = attacks::bishop(from, occ) & allowed;
        if m.pinned.contains(from) {
            att &= attacks::line(ksq, from);
        }
        sink.piece(from, att, theirs);
    }
    for from in (pos.pieces(us, PieceKind::Rook) | queens) & movable {
        let mut att = attacks::rook(from, occ) & allowed;
        if m.pinned.contains(from) {
            att &= attacks::line(ksq, from);
        }
        sink.piece(from, att, theirs);
    }
}

/// The squares of `wanted` next to the king that no enemy piece attacks once the king has
/// left `ksq` (so a slider's ray through the king's old square counts).
#[inline(always)]
fn king_targets(pos: &Position, ksq: Square, wanted: Bitboard, occ: Bitboard) -> Bitboard {
    let them = !pos.side;
    let lifted = occ.without(ksq);
    let mut legal = Bitboard::EMPTY;
    for to in attacks::king(ksq) & wanted {
        if pos.attackers(to, them, lifted).is_empty() {
            legal = legal.with(to);
        }
    }
    legal
}

/// `us`'s pieces pinned to its king on `ksq` by an enemy slider.
#[inline(always)]
fn pinned(pos: &Position, us: Color, ksq: Square, occ: Bitboard) -> Bitboard {
    let them = !us;
    let their = pos.color_bb(them);
    let queens = pos.pieces(them, PieceKind::Queen);
    let snipers = (attacks::rook(ksq, their) & (pos.pieces(them, PieceKind::Rook) | queens))
        | (attacks::bishop(ksq, their) & (pos.pieces(them, PieceKind::Bishop) | queens));
    let mut pinned = Bitboard::EMPTY;
    for sniper in snipers {
        let blockers = attacks::between(ksq, sniper) & occ;
        if !blockers.has_many() {
            pinned |= blockers & pos.color_bb(us);
        }
    }
    pinned
}

/// Castling (the king not in check): the squares between king and rook empty, and the
/// king's path, destination included, not attacked.
#[inline(always)]
fn castling_moves(pos: &Position, sink: &mut impl TargetSink, ksq: Square, occ: Bitboard) {
    let us = pos.side;
    let them = !us;
    let rights = pos.state.castling;
    let rank = if us == Color::White { 0 } else { 56 };
    let sq = |i: u8| Square::from_index(rank + i);
    // (right, king's destination file, the king's path, the squares that must be empty
    // as a bitboard on the first rank: f1 g1, and b1 c1 d1)
    let sides = [
        (
            CastlingRights::king_side(us),
            6,
            [5, 6],
            0x60u64,
            MoveFlag::KingCastle,
        ),
        (
            CastlingRights::queen_side(us),
            2,
            [3, 2],
            0x0E,
            MoveFlag::QueenCastle,
        ),
    ];
    for (right, to, path, empty, flag) in sides {
        if !rights.contains(right) || occ.0 & (empty << rank) != 0 {
            continue;
        }
        let [step, dest] = path;
        if pos.attackers(sq(step), them, occ).is_empty()
            && pos.attackers(sq(dest), them, occ).is_empty()
        {
            sink.special(Move::new(ksq, sq(to), flag));
        }
    }
}

/// Pawn moves: unpinned pawns set-wise (all pushes or captures in one direction with a
/// shift), pinned pawns one by one along their pin line, then en passant.
#[inline(always)]
fn pawn_targets<const CAPTURES: bool>(
    pos: &Position,
    sink: &mut impl TargetSink,
    m: &NodeMasks,
    origins: Bitboard,
) {
    let pawns = pos.pieces(m.us, PieceKind::Pawn) & origins;
    if pawns.is_empty() {
        return;
    }
    let (up, third_rank): (i8, u8) = match m.us {
        Color::White => (8, 2),
        Color::Black => (-8, 5),
    };
    let last = PROMOTION_RANKS;
    let free = pawns & !m.pinned;
    let targets = m.theirs & m.check_mask;
    let left = shift(free & !Bitboard::file(0), up - 1) & targets;
    let right = shift(free & !Bitboard::file(7), up + 1) & targets;
    let one = shift(free, up) & !m.occ;
    let two = shift(one & Bitboard::rank(third_rank), up) & !m.occ & m.check_mask;
    let one = one & m.check_mask;

    sink.pawns(left & last, up - 1, true);
    sink.pawns(right & last, up + 1, true);
    sink.pawns(one & last, up, false);
    sink.pawns(left & !last, up - 1, true);
    sink.pawns(right & !last, up + 1, true);
    if !CAPTURES {
        sink.pawns(one & !last, up, false);
        sink.double_pushes(two, up);
    }
    for from in pawns & m.pinned {
        pinned_pawn::<CAPTURES>(sink, m, from, up, third_rank);
    }
    if let Some(ep) = pos.state.ep {
        en_passant_captures(pos, sink, m, pawns, ep);
    }
}

/// The moves of the pawn on `from`, pinned: only along the line through its king.
#[inline(never)]
fn pinned_pawn<const CAPTURES: bool>(
    sink: &mut impl TargetSink,
    m: &NodeMasks,
    from: Square,
    up: i8,
    third_rank: u8,
) {
    let allowed = m.check_mask & attacks::line(m.ksq, from);
    sink.pawn(from, attacks::pawn(m.us, from) & m.theirs & allowed, true);
    let one = Square::from_index((from.index() as i8 + up) as u8);
    let promotes = PROMOTION_RANKS.contains(one);
    if m.occ.contains(one) || (CAPTURES && !promotes) {
        return;
    }
    if allowed.contains(one) {
        sink.pawn(from, Bitboard::from_square(one), false);
    }
    let two = Square::from_index((one.index() as i8 + up) as u8);
    if !CAPTURES && one.rank() == third_rank && !m.occ.contains(two) && allowed.contains(two) {
        sink.special(Move::new(from, two, MoveFlag::DoublePush));
    }
}

/// En passant onto `ep`: legal only if the king is safe with both pawns gone from their
/// squares (a rank pin through two pawns) and any check is resolved.
#[inline(never)]
fn en_passant_captures(
    pos: &Position,
    sink: &mut impl TargetSink,
    m: &NodeMasks,
    pawns: Bitboard,
    ep: Square,
) {
    let them = !m.us;
    let cap_sq = Square::from_index((ep.index() ^ 8) as u8);
    for from in attacks::pawn(them, ep) & pawns {
        let after = m.occ.without(from).without(cap_sq).with(ep);
        if pos.attackers(m.ksq, them, after).without(cap_sq).is_empty() {
            sink.special(Move::new(from, ep, MoveFlag::EnPassant));
        }
    }
}
