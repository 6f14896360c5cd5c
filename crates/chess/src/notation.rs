//! Move notation: SAN (`Nf3`, `exd6`, `O-O`, `e8=Q#`), the long form with a dash or `x` that
//! teaching material uses (`Bg2-c6`, `Nf3xe5`), and parsing of UCI and SAN moves against a
//! position. UCI output is `Move`'s `Display`. [`Notation`] is the user's choice among the three,
//! the one function every view writes moves with.

mod parse;

#[cfg(test)]
pub(crate) use parse::uci_line;
pub use parse::{MoveParseError, parse_san, parse_uci};

use super::board::Position;
use super::moves::{Move, MoveList};
use super::piece::PieceKind;

/// `mv` (legal in `pos`) in Standard Algebraic Notation, with the minimal disambiguation and a
/// `+` or `#` suffix.
pub fn san(pos: &Position, mv: Move) -> String {
    written(pos, mv, |out, kind| {
        if kind == PieceKind::Pawn {
            if mv.is_capture() {
                out.push((b'a' + mv.from().file()) as char);
                out.push('x');
            }
        } else {
            out.push(kind.letter());
            out.push_str(&disambiguation(pos, mv, kind));
            if mv.is_capture() {
                out.push('x');
            }
        }
        out.push_str(&mv.to().to_string());
    })
}

/// `mv` (legal in `pos`) in long algebraic form: piece letter (none for pawns), origin, `-` or
/// `x`, destination, promotion and check suffix: `Bg2-c6`, `Nf3xe5`, `e7-e8=Q+`, `O-O`.
pub fn long_algebraic(pos: &Position, mv: Move) -> String {
    written(pos, mv, |out, kind| {
        if kind != PieceKind::Pawn {
            out.push(kind.letter());
        }
        out.push_str(&mv.from().to_string());
        out.push(if mv.is_capture() { 'x' } else { '-' });
        out.push_str(&mv.to().to_string());
    })
}

/// The frame SAN and the long form share: castling as `O-O`, any other move as `body` writes
/// it for the moving piece's kind, then promotion and check; a move from an empty square (not
/// legal in `pos`) falls back to UCI.
fn written(pos: &Position, mv: Move, body: impl FnOnce(&mut String, PieceKind)) -> String {
    let Some(piece) = pos.piece_on(mv.from()) else {
        return mv.to_string();
    };
    let mut out = String::with_capacity(10);
    if mv.is_castle() {
        out.push_str(castle_text(mv));
    } else {
        body(&mut out, piece.kind);
    }
    push_promotion_and_check(pos, mv, &mut out);
    out
}

/// How moves are written on screen: the user picks one and every view follows it, so a move
/// looks the same in the tree, the killer table and the timeline.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// Standard Algebraic Notation (`Bc6`), what players read.
    #[default]
    San,
    /// UCI coordinates (`g2c6`), what engines, logs and `jq` queries use.
    Uci,
    /// The long algebraic form of the classic killer-move texts (`Bg2-c6`).
    Long,
}

impl Notation {
    /// Every notation, in the order the explorer's key cycles through them.
    pub const ALL: [Notation; 3] = [Notation::San, Notation::Uci, Notation::Long];

    /// The name shown when the user switches to it.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::San => "SAN",
            Notation::Uci => "UCI",
            Notation::Long => "long algebraic",
        }
    }

    /// The notation after this one, wrapping around.
    pub fn next(self) -> Notation {
        let k = Notation::ALL.iter().position(|&n| n == self).unwrap_or(0);
        Notation::ALL[(k + 1) % Notation::ALL.len()]
    }

    /// `mv` written in this notation as a move of `pos`. SAN and the long form need the
    /// position, so a move that is not legal in `pos` (a killer stored for another position, a
    /// move from a foreign or damaged log, the null move) is written in UCI instead.
    pub fn format(self, pos: &Position, mv: Move) -> String {
        if self == Notation::Uci || mv.is_null() || !pos.is_legal(mv) {
            return mv.to_string();
        }
        match self {
            Notation::San => san(pos, mv),
            Notation::Long => long_algebraic(pos, mv),
            Notation::Uci => mv.to_string(),
        }
    }
}

fn castle_text(mv: Move) -> &'static str {
    if mv.to().file() == 6 { "O-O" } else { "O-O-O" }
}

/// The file, rank or square needed to tell `mv` from other legal moves of the same kind of
/// piece to the same square.
fn disambiguation(pos: &Position, mv: Move, kind: PieceKind) -> String {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let from = mv.from();
    let rivals: Vec<_> = list
        .iter()
        .filter(|m| m.to() == mv.to() && m.from() != from)
        .filter(|m| pos.piece_on(m.from()).is_some_and(|p| p.kind == kind))
        .map(|m| m.from())
        .collect();
    if rivals.is_empty() {
        String::new()
    } else if rivals.iter().all(|r| r.file() != from.file()) {
        ((b'a' + from.file()) as char).to_string()
    } else if rivals.iter().all(|r| r.rank() != from.rank()) {
        ((b'1' + from.rank()) as char).to_string()
    } else {
        from.to_string()
    }
}

fn push_promotion_and_check(pos: &Position, mv: Move, out: &mut String) {
    if let Some(kind) = mv.promotion() {
        out.push('=');
        out.push(kind.letter());
    }
    let mut after = pos.clone();
    after.make_move(mv);
    if after.in_check() {
        let mut replies = MoveList::new();
        after.legal_moves(&mut replies);
        out.push(if replies.is_empty() { '#' } else { '+' });
    }
}
