//! `Position`: the board as a mailbox of piece kinds plus bitboards, side to move, castling rights, en-passant
//! square, clocks, the incrementally updated Zobrist key and the pieces giving check.
//!
//! The type itself is in `board.rs`; this is its public face: each method hands the job to the
//! module that does it (`movegen`, `legality`, `fen`, …). Make/unmake are in `makemove`.

use super::attacks;
use super::bitboard::Bitboard;
use super::board::State;
use super::castling::CastlingRights;
use super::piece::{Color, Piece, PieceKind};
use super::square::Square;
use super::zobrist;
use super::{FenError, Move, MoveList, PerftMode};
use super::{count, fen, legality, line, movegen, perft};

pub use super::board::{Position, START_FEN};

impl Position {
    /// The initial position.
    pub fn startpos() -> Position {
        let mut pos = Position::empty();
        let back = [
            PieceKind::Rook,
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Queen,
            PieceKind::King,
            PieceKind::Bishop,
            PieceKind::Knight,
            PieceKind::Rook,
        ];
        for (file, kind) in (0u8..).zip(back) {
            for (color, back_rank, pawn_rank) in [(Color::White, 0, 1), (Color::Black, 7, 6)] {
                if let (Some(b), Some(p)) = (
                    Square::from_coords(file, back_rank),
                    Square::from_coords(file, pawn_rank),
                ) {
                    pos.put(b, Piece::new(color, kind));
                    pos.put(p, Piece::new(color, PieceKind::Pawn));
                }
            }
        }
        pos.state.castling = CastlingRights::ALL;
        pos.state.key = pos.compute_key();
        pos
    }

    /// A board with no pieces, White to move: the starting point for FEN parsing.
    pub(super) fn empty() -> Position {
        Position {
            board: [None; 64],
            by_kind: [Bitboard::EMPTY; 6],
            by_color: [Bitboard::EMPTY; 2],
            side: Color::White,
            fullmove: 1,
            state: State {
                key: 0,
                halfmove: 0,
                castling: CastlingRights::NONE,
                ep: None,
            },
        }
    }

    /// Whose turn it is.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on `sq`, if any.
    #[inline(always)]
    pub fn piece_on(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[Color::White.index()].contains(sq) {
            Color::White
        } else {
            Color::Black
        };
        self.board[sq.index()].map(|kind| Piece::new(color, kind))
    }

    /// The squares holding `color`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()] & self.by_color[color.index()]
    }

    /// All squares holding `color`'s pieces.
    #[inline(always)]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Where `color`'s king stands.
    #[inline(always)]
    pub fn king_square(&self, color: Color) -> Square {
        self.pieces(color, PieceKind::King)
            .first()
            .unwrap_or(Square::A1)
    }

    /// Castling rights still held.
    #[inline(always)]
    pub fn castling(&self) -> CastlingRights {
        self.state.castling
    }

    /// The en-passant target square, set only when the side to move can legally capture on it.
    #[inline(always)]
    pub fn en_passant(&self) -> Option<Square> {
        self.state.ep
    }

    /// Half-moves since the last capture or pawn move (for the fifty-move rule).
    #[inline(always)]
    pub fn halfmove_clock(&self) -> u32 {
        self.state.halfmove
    }

    /// The move number, starting at 1 and incremented after Black moves.
    #[inline(always)]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The Zobrist key, kept up to date by `make_move`/`unmake_move`: for the transposition
    /// table and repetition detection.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        self.state.key
    }

    /// Whether the side to move is in check.
    #[inline(always)]
    pub fn in_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The enemy pieces giving check to the side to move (computed on demand: cheaper than
    /// keeping it up to date in `make_move`, which runs at every leaf).
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        self.attackers(self.king_square(self.side), !self.side, self.occupied())
    }

    /// The Zobrist key computed from scratch; `key()` always equals it (tests verify that the
    /// incremental updates agree with this).
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in self.occupied() {
            if let Some(p) = self.piece_on(sq) {
                key ^= zobrist::piece(p.color, p.kind, sq);
            }
        }
        key ^= zobrist::castling(self.state.castling.bits());
        if let Some(ep) = self.state.ep {
            key ^= zobrist::en_passant(ep);
        }
        if self.side == Color::Black {
            key ^= zobrist::side();
        }
        key
    }

    /// `by`'s pieces attacking `sq`, with `occ` as the blockers for sliders.
    #[inline(always)]
    pub(super) fn attackers(&self, sq: Square, by: Color, occ: Bitboard) -> Bitboard {
        let them = self.by_color[by.index()];
        let diag = self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()];
        let orth = self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()];
        ((attacks::pawn(!by, sq) & self.by_kind[PieceKind::Pawn.index()])
            | (attacks::knight(sq) & self.by_kind[PieceKind::Knight.index()])
            | (attacks::king(sq) & self.by_kind[PieceKind::King.index()])
            | (attacks::bishop(sq, occ) & diag)
            | (attacks::rook(sq, occ) & orth))
            & them
    }

    /// What `mv` captures, looked up before making it (en passant captures a pawn); the search
    /// uses it for MVV-LVA ordering and the trace for explanations.
    #[inline]
    pub fn captured_kind(&self, mv: super::Move) -> Option<PieceKind> {
        if mv.flag() == super::MoveFlag::EnPassant {
            Some(PieceKind::Pawn)
        } else if mv.is_capture() {
            self.board[mv.to().index()]
        } else {
            None
        }
    }

    /// Neither side can ever mate (FIDE dead position by material): bare kings, a lone minor
    /// piece, or only bishops that all stand on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.by_kind[PieceKind::Pawn.index()]
            | self.by_kind[PieceKind::Rook.index()]
            | self.by_kind[PieceKind::Queen.index()];
        if !heavy.is_empty() {
            return false;
        }
        let knights = self.by_kind[PieceKind::Knight.index()];
        let bishops = self.by_kind[PieceKind::Bishop.index()];
        if (knights | bishops).count() <= 1 {
            return true;
        }
        const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;
        knights.is_empty() && (bishops.0 & LIGHT == 0 || bishops.0 & !LIGHT == 0)
    }
}

/// The rules, each in a module of its own as free functions (`fen`, `legality`, `line`,
/// `movegen`, `count`, `perft`): the methods the engine calls, in one place. Making and
/// unmaking moves, the only code that changes the squares, is in `makemove`.
impl Position {
    /// Parses a FEN (or EPD-style 4-field) string, refusing malformed and illegal positions.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        fen::from_fen(fen)
    }

    /// The position as a six-field FEN string.
    pub fn to_fen(&self) -> String {
        fen::to_fen(self)
    }

    /// Why this position cannot arise in a game, if a rule the FEN reader does not refuse
    /// says so; commands that take a FEN warn with it.
    pub fn unreachable(&self) -> Option<String> {
        legality::unreachable(self)
    }

    /// The position after playing `moves` from this one; `None` at the first move that is not
    /// legal where it is played (a log from another engine, or a corrupted one).
    pub fn after_line(&self, moves: &[Move]) -> Option<Position> {
        line::after_line(self, moves)
    }

    /// The position after the side to move passes (a null move, as null-move pruning searches
    /// it): `None` when in check, where passing would leave the king attacked.
    pub fn after_pass(&self) -> Option<Position> {
        line::after_pass(self)
    }

    /// Fills `list` (cleared first) with exactly the legal moves.
    #[inline]
    pub fn legal_moves(&self, list: &mut MoveList) {
        movegen::legal_moves(self, list);
    }

    /// Fills `list` (cleared first) with the legal captures and promotions (including quiet
    /// underpromotions): the moves quiescence search looks at.
    #[inline]
    pub fn legal_captures(&self, list: &mut MoveList) {
        movegen::legal_captures(self, list);
    }

    /// Whether `mv` is one of `legal_moves()`; any 16-bit value is accepted (garbage is simply
    /// illegal), and it is cheap enough to validate killer and transposition-table moves.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        movegen::is_legal(self, mv)
    }

    /// The number of legal moves, `legal_moves().len()` without building the list.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        count::count_legal_moves(self)
    }

    /// Number of leaf nodes `depth` plies below this position (1 at depth 0), counting the last
    /// ply in bulk.
    pub fn perft(&mut self, depth: u32) -> u64 {
        perft::perft_with(self, depth, PerftMode::Bulk)
    }

    /// Number of leaf nodes `depth` plies below this position, reached as `mode` says.
    pub fn perft_with(&mut self, depth: u32, mode: PerftMode) -> u64 {
        perft::perft_with(self, depth, mode)
    }

    /// Perft split by root move, in generation order: the `divide` used to find which move's
    /// subtree disagrees with a reference generator.
    pub fn perft_divide(&mut self, depth: u32, mode: PerftMode) -> Vec<(Move, u64)> {
        perft::perft_divide(self, depth, mode)
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn insufficient(fen: &str) -> bool {
        Position::from_fen(fen)
            .unwrap_or_else(|e| panic!("{e}"))
            .is_insufficient_material()
    }

    #[test]
    fn insufficient_material() {
        assert!(insufficient("8/8/4k3/8/8/3K4/8/8 w - - 0 1"));
        assert!(insufficient("8/8/4k3/8/8/3KN3/8/8 w - - 0 1"));
        assert!(
            insufficient("8/8/4kb2/8/8/3KB3/8/8 w - - 0 1"),
            "bishops on squares of one colour"
        );
        assert!(
            !insufficient("8/8/4k1b1/8/8/3KB3/8/8 w - - 0 1"),
            "opposite-coloured bishops"
        );
        assert!(
            !insufficient("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1"),
            "two knights can mate"
        );
        assert!(!insufficient("8/8/4k3/8/8/3K4/7P/8 w - - 0 1"));
        assert!(!Position::startpos().is_insufficient_material());
    }

    #[test]
    fn startpos_accessors() {
        let p = Position::startpos();
        assert_eq!(p.occupied().count(), 32);
        assert_eq!(p.king_square(Color::Black).to_string(), "e8");
        assert_eq!(p.pieces(Color::White, PieceKind::Pawn).0, 0xFF00);
        assert_eq!(p.key(), p.compute_key());
        assert!(!p.in_check());
        assert_eq!((p.halfmove_clock(), p.fullmove_number()), (0, 1));
    }
}
