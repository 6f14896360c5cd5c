//! The positions a trace's nodes stand in, replayed with killerscope's own chess core: every
//! `node_enter` plays its move on the position of the node it is entered from, every
//! `node_exit` takes it back, so the importer can check that each move a trace names is legal
//! where it is played and can give each `Move` the flags (capture, castling, en passant) UCI
//! text leaves out. A line of any depth costs one small undo record per open node.
//!
//! A pseudo-legal engine's illegal tries are played too (see `pseudo.rs`): the position they
//! reach, where the side to move could capture a king, is marked, and there every pseudo-legal
//! move is accepted. A king capture is the one move the board cannot play (a position without
//! a king is no position): below it positions are unknown, as in a trace that starts below the
//! root, and moves are checked for UCI syntax only.

use super::pseudo::{captures_king, is_pseudo_legal, king_en_prise, leaves_king_attacked};
use killerscope_chess::{Move, MoveFlag, NullUndo, PieceKind, Position, Square, Undo};

/// How the node on top of the stack was reached.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// A top-level node: the root position (or, in a trace that starts below the root, an
    /// unknown one).
    Top,
    /// A move, with what takes it back, and whether the position it reached leaves a king en
    /// prise (the side to move could capture it).
    Played(Move, Undo, bool),
    /// A null move (a pass), with what takes it back, and whether it was made in check.
    Passed(NullUndo, bool),
    /// A move in a subtree whose position is unknown: nothing was played.
    Unplayed,
    /// A search of the same position again (internal iterative deepening, a verification
    /// search): nothing was played.
    Same,
}

/// The position at the innermost open node.
#[derive(Clone, Debug)]
pub struct Board {
    pos: Position,
    steps: Vec<Step>,
    /// Stack depth from which positions are unknown: a trace whose top-level node is not the
    /// root (one that recorded only some plies) cannot be replayed.
    unknown_from: Option<usize>,
}

/// The move UCI `text` names in `pos`, flagged as the board there gives it (legal or not).
#[cfg(test)]
pub(super) fn flagged(pos: &Position, text: &str) -> Option<Move> {
    parse_uci(text).map(|uci| with_flag(Some(pos), uci))
}

/// A UCI move's parts: from, to and promotion piece.
pub(crate) type Uci = (Square, Square, Option<PieceKind>);

/// Splits UCI text (`e2e4`, `e7e8q`) into its parts; `None` when it is not UCI.
fn parse_uci(text: &str) -> Option<Uci> {
    let b = text.as_bytes();
    if !(4..=5).contains(&b.len()) || !text.is_ascii() {
        return None;
    }
    let from = Square::parse(&text[0..2])?;
    let to = Square::parse(&text[2..4])?;
    let promo = match b.get(4) {
        None => None,
        Some(b'n') => Some(PieceKind::Knight),
        Some(b'b') => Some(PieceKind::Bishop),
        Some(b'r') => Some(PieceKind::Rook),
        Some(b'q') => Some(PieceKind::Queen),
        Some(_) => return None,
    };
    Some((from, to, promo))
}

/// The move `(from, to, promo)` with the flag the board in `pos` gives it: a capture when the
/// target holds a piece, en passant for a pawn moving diagonally to an empty square, a double
/// push, castling for a king moving two files. Legal or not, it is what the move would be.
fn with_flag(pos: Option<&Position>, (from, to, promo): Uci) -> Move {
    let piece = pos.and_then(|p| p.piece_on(from)).map(|p| p.kind);
    let capture = pos.is_some_and(|p| p.piece_on(to).is_some());
    let files = (i16::from(from.file()) - i16::from(to.file())).abs();
    let ranks = (i16::from(from.rank()) - i16::from(to.rank())).abs();
    let flag = match (promo, piece) {
        (Some(kind), _) => MoveFlag::promotion(kind, capture),
        (None, _) if capture => MoveFlag::Capture,
        (None, Some(PieceKind::Pawn)) if files == 1 => MoveFlag::EnPassant,
        (None, Some(PieceKind::Pawn)) if ranks == 2 => MoveFlag::DoublePush,
        (None, Some(PieceKind::King)) if files == 2 && to.file() > from.file() => {
            MoveFlag::KingCastle
        }
        (None, Some(PieceKind::King)) if files == 2 => MoveFlag::QueenCastle,
        _ => MoveFlag::Quiet,
    };
    Move::new(from, to, flag)
}

impl Board {
    /// A board at `root`, with no node open.
    pub fn new(root: Position) -> Board {
        Board {
            pos: root,
            steps: Vec::new(),
            unknown_from: None,
        }
    }

    /// Whether the position at the innermost open node is known.
    pub fn known(&self) -> bool {
        self.unknown_from.is_none()
    }

    /// Whether the side to move at the innermost node is in check (false where unknown).
    pub fn in_check(&self) -> bool {
        self.known() && self.pos.in_check()
    }

    /// Whether the position at the innermost node leaves a king en prise: it was reached by an
    /// illegal try or a null move in check, and the side to move could capture a king.
    pub fn en_prise(&self) -> bool {
        let reached = self.steps.iter().rev().find(|s| !matches!(s, Step::Same));
        matches!(
            reached,
            Some(Step::Played(_, _, true) | Step::Passed(_, true))
        )
    }

    /// Reads a move that must be legal at the innermost node (pseudo-legal, where a king is en
    /// prise). Where the position is unknown the move is only checked for UCI syntax.
    pub fn legal(&self, text: &str) -> Result<Move, String> {
        let uci = parse_uci(text).ok_or_else(|| not_uci(text))?;
        self.legal_parts(uci)
    }

    /// [`Board::legal`] for a move given by its parts.
    pub fn legal_parts(&self, uci: Uci) -> Result<Move, String> {
        let text = || {
            let (from, to, promo) = uci;
            let promo = promo.map_or(String::new(), |k| {
                k.letter().to_ascii_lowercase().to_string()
            });
            format!("{from}{to}{promo}")
        };
        if !self.known() {
            return Ok(with_flag(None, uci));
        }
        let mv = with_flag(Some(&self.pos), uci);
        if self.pos.is_legal(mv) || (self.en_prise() && is_pseudo_legal(&self.pos, mv)) {
            return Ok(mv);
        }
        let hint = if is_pseudo_legal(&self.pos, mv) && leaves_king_attacked(&self.pos, mv) {
            " (it leaves the king attacked: a pseudo-legal engine's try is marked \"illegal\": \
             true on its move_tried)"
        } else {
            ""
        };
        Err(format!(
            "{} is not a legal move in {}{hint}",
            killerscope_text::quote(&text()),
            self.pos.to_fen()
        ))
    }

    /// Reads a pseudo-legal engine's illegal try: a move its piece can make that leaves its own
    /// king attacked. Where the position is unknown the move is only checked for UCI syntax.
    pub fn illegal_try(&self, text: &str) -> Result<Move, String> {
        let uci = parse_uci(text).ok_or_else(|| not_uci(text))?;
        if !self.known() {
            return Ok(with_flag(None, uci));
        }
        let mv = with_flag(Some(&self.pos), uci);
        let why = if !is_pseudo_legal(&self.pos, mv) {
            "no piece can make it (it is not even pseudo-legal)"
        } else if !leaves_king_attacked(&self.pos, mv) {
            "it does not leave the king attacked (an illegal try must)"
        } else {
            return Ok(mv);
        };
        Err(format!(
            "{} is marked illegal but {why} in {}",
            killerscope_text::quote(text),
            self.pos.to_fen()
        ))
    }

    /// Reads a move that need not be legal here (a killer slot filled elsewhere, a TT move),
    /// flagged as the board here would make it.
    pub fn loose(&self, text: &str) -> Result<Move, String> {
        let uci = parse_uci(text).ok_or_else(|| not_uci(text))?;
        Ok(with_flag(self.known().then_some(&self.pos), uci))
    }

    /// Reads a move where no position is known: UCI syntax only, flags from the text alone.
    pub fn syntax(text: &str) -> Result<Move, String> {
        parse_uci(text)
            .map(|uci| with_flag(None, uci))
            .ok_or_else(|| not_uci(text))
    }

    /// The position at the innermost open node, taken.
    pub fn into_position(self) -> Position {
        self.pos
    }

    /// Opens a top-level node; `ply > 0` means the trace starts below the root, where the
    /// position is unknown.
    pub fn enter_top(&mut self, ply: u32) {
        if ply > 0 && self.unknown_from.is_none() {
            self.unknown_from = Some(self.steps.len());
        }
        self.steps.push(Step::Top);
    }

    /// Opens a node reached by `mv` (from [`Board::legal`], or from [`Board::illegal_try`] when
    /// `illegal`), or by a null move; returns whether the node's position leaves a king en prise (an illegal try,
    /// a null move in check, or a move made where a king already was). A king capture opens a
    /// node whose position is unknown.
    pub fn enter(&mut self, mv: Option<Move>, illegal: bool) -> bool {
        let (step, en_prise) = match mv {
            _ if !self.known() => (Step::Unplayed, false),
            Some(mv) if captures_king(&self.pos, mv) => {
                self.unknown_from = Some(self.steps.len());
                (Step::Unplayed, false)
            }
            Some(mv) => {
                let check = self.en_prise() || illegal;
                let undo = self.pos.make_move(mv);
                let en_prise = check && king_en_prise(&self.pos);
                (Step::Played(mv, undo, en_prise), en_prise)
            }
            None => {
                let in_check = self.pos.in_check();
                (Step::Passed(self.pos.make_null_move(), in_check), in_check)
            }
        };
        self.steps.push(step);
        en_prise
    }

    /// Opens a node that searches the innermost node's position again.
    pub fn enter_same(&mut self) {
        self.steps.push(Step::Same);
    }

    /// Closes the innermost node, taking back the move that reached it.
    pub fn exit(&mut self) {
        match self.steps.pop() {
            Some(Step::Played(mv, undo, _)) => self.pos.unmake_move(mv, undo),
            Some(Step::Passed(undo, _)) => self.pos.unmake_null_move(undo),
            Some(Step::Top | Step::Unplayed | Step::Same) | None => {}
        }
        if self
            .unknown_from
            .is_some_and(|depth| self.steps.len() <= depth)
        {
            self.unknown_from = None;
        }
    }

    /// The piece standing on `sq` at the innermost node, when the position is known.
    pub fn piece_on(&self, sq: Square) -> Option<killerscope_chess::Piece> {
        self.known().then(|| self.pos.piece_on(sq)).flatten()
    }
}

fn not_uci(text: &str) -> String {
    format!(
        "\"{}\" is not a move in UCI notation (like e2e4, e7e8q or e1g1)",
        killerscope_text::quote(text)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_get_their_flags_and_illegal_ones_are_named() {
        let mut board = Board::new(Position::startpos());
        board.enter_top(0);
        let e4 = board.legal("e2e4").expect("legal");
        assert_eq!(e4.flag(), MoveFlag::DoublePush);
        let err = board.legal("e2e5").expect_err("illegal");
        assert!(
            err.contains("e2e5 is not a legal move in rnbqkbnr/"),
            "{err}"
        );
        assert!(
            board
                .legal("e2")
                .expect_err("not UCI")
                .contains("not a move in UCI")
        );
        assert!(!board.enter(Some(e4), false));
        assert_eq!(
            board.loose("d7d5").expect("syntax").flag(),
            MoveFlag::DoublePush
        );
        board.exit();
        board.exit();
        assert_eq!(board.into_position(), Position::startpos());
    }

    #[test]
    fn a_trace_below_the_root_is_read_without_positions() {
        let mut board = Board::new(Position::startpos());
        board.enter_top(3);
        assert!(!board.known());
        let mv = board.legal("a1a8").expect("unknown position: syntax only");
        assert!(!board.enter(Some(mv), false));
        board.exit();
        board.exit();
        assert!(board.known());
        assert_eq!(board.into_position(), Position::startpos());
    }

    #[test]
    fn a_null_move_in_check_is_played_and_marked() {
        let check = "4k3/8/8/8/8/8/8/4K2r w - - 0 1";
        let mut board = Board::new(Position::from_fen(check).expect("FEN"));
        board.enter_top(0);
        assert!(
            board.enter(None, false),
            "a pass in check leaves the king en prise"
        );
        assert!(board.en_prise());
        let capture = board
            .legal("h1e1")
            .expect("the king capture is pseudo-legal here");
        assert!(!board.enter(Some(capture), false));
        assert!(!board.known(), "below a king capture positions are unknown");
        board.exit();
        assert!(board.known());
        board.exit();
        board.exit();
        assert_eq!(board.into_position().to_fen(), check);
    }

    #[test]
    fn illegal_tries_are_checked_and_their_positions_marked() {
        let pinned = "4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1";
        let mut board = Board::new(Position::from_fen(pinned).expect("FEN"));
        board.enter_top(0);
        let err = board.legal("e2c3").expect_err("pinned");
        assert!(err.contains("\"illegal\": true"), "{err}");
        let illegal = board
            .illegal_try("e2c3")
            .expect("pseudo-legal, exposes the king");
        for (text, why) in [
            ("e1d1", "does not leave"),
            ("e2e4", "not even pseudo-legal"),
        ] {
            let err = board.illegal_try(text).expect_err(text);
            assert!(err.contains(why), "{err}");
        }
        assert!(board.enter(Some(illegal), true));
        assert!(board.en_prise());
        board.exit();
        assert!(!board.en_prise());
    }
}
