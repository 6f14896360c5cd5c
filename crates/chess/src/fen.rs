//! FEN parsing and serialization.
//!
//! Parsing is strict about syntax and about legality (one king each, no pawns on the back ranks,
//! material a game can reach, castling rights backed by king and rook at home, an en-passant
//! square a double push explains, the side not to move not in check, checks the last move can
//! have given: see `legality`), and every error names the field or rule, quotes the text
//! (at most 60 characters) and says why.
//!
//! Lenient where common files are: leading/trailing whitespace is ignored; the two move counters
//! may be omitted (EPD style); a fullmove number of 0 (frequent in puzzle files, accepted by
//! Stockfish) reads as 1; castling letters may come in any order (`qkQK`) and are written back
//! as `KQkq`. An en-passant square on which the side to move has no legal capture (no pawn
//! beside it, or the capturing pawn pinned) is accepted but dropped, so that equal positions
//! compare, print and hash equal, as in Polyglot and Stockfish.

use super::bitboard::Bitboard;
use super::board::Position;
use super::castling::CastlingRights;
use super::legality::{self, color_name};
use super::piece::{Color, Piece, PieceKind};
use super::square::Square;
use std::fmt;

/// The part of a FEN string an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The string as a whole (empty, wrong number of fields, trailing text).
    Record,
    /// Field 1, the board.
    Placement,
    /// Field 2, `w` or `b`.
    SideToMove,
    /// Field 3, `KQkq` or `-`.
    Castling,
    /// Field 4, a square or `-`.
    EnPassant,
    /// Field 5, half-moves since the last capture or pawn move.
    HalfmoveClock,
    /// Field 6, the move number.
    FullmoveNumber,
}

impl FenField {
    /// The field's name as written in error messages ("record" means the string as a whole).
    pub fn name(self) -> &'static str {
        match self {
            FenField::Record => "record",
            FenField::Placement => "piece placement",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
        }
    }
}

/// Why a FEN string was refused: which field, the offending text, and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FenError {
    field: FenField,
    text: String,
    reason: String,
}

impl FenError {
    /// Builds an error quoting `text`, shortened to its first 60 characters (inputs can be huge).
    fn new(field: FenField, text: &str, reason: impl Into<String>) -> FenError {
        const MAX: usize = 60;
        let mut quoted: String = text.chars().take(MAX).collect();
        if quoted.len() < text.len() {
            quoted.push('…');
        }
        FenError {
            field,
            text: quoted,
            reason: reason.into(),
        }
    }

    /// The field at fault, for callers that point at it (e.g. the explorer's FEN input).
    pub fn field(&self) -> FenField {
        self.field
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            FenField::Record => write!(f, "FEN: {} ({:?})", self.reason, self.text),
            field => write!(f, "FEN {}: {} ({:?})", field.name(), self.reason, self.text),
        }
    }
}

impl std::error::Error for FenError {}

/// Parses a FEN (or EPD-style 4-field) string, refusing malformed and illegal positions.
pub(super) fn from_fen(fen: &str) -> Result<Position, FenError> {
    let fen = fen.trim();
    // Bounded: a huge input never turns into a huge vector.
    let mut words = fen.split_ascii_whitespace();
    let fields: Vec<&str> = words.by_ref().take(6).collect();
    if fields.is_empty() {
        return Err(FenError::new(FenField::Record, fen, "empty FEN"));
    }
    let extra: Vec<&str> = words.take(8).collect();
    if !extra.is_empty() {
        return Err(FenError::new(
            FenField::Record,
            &extra.join(" "),
            "unexpected text after the fullmove number",
        ));
    }
    if fields.len() < 4 || fields.len() == 5 {
        let found = match fields.len() {
            1 => "1 field".to_string(),
            n => format!("{n} fields"),
        };
        let why = format!("found {found}, expected 6 (or 4 without the move counters)");
        return Err(FenError::new(FenField::Record, fen, why));
    }
    let mut pos = Position::empty();
    parse_placement(&mut pos, fields[0])?;
    pos.side = match fields[1] {
        "w" => Color::White,
        "b" => Color::Black,
        other => {
            return Err(FenError::new(
                FenField::SideToMove,
                other,
                "expected \"w\" or \"b\"",
            ));
        }
    };
    legality::check_material(&pos)
        .map_err(|why| FenError::new(FenField::Placement, fields[0], why))?;
    parse_castling(&mut pos, fields[2])?;
    let ep = parse_en_passant(&pos, fields[3])?;
    if fields.len() == 6 {
        pos.state.halfmove = parse_counter(FenField::HalfmoveClock, fields[4])?;
        pos.fullmove = parse_counter(FenField::FullmoveNumber, fields[5])?.max(1);
    }
    let them = !pos.side;
    if !pos
        .attackers(pos.king_square(them), pos.side, pos.occupied())
        .is_empty()
    {
        let why = format!(
            "{} to move, but {}'s king is in check",
            color_name(pos.side),
            color_name(them)
        );
        return Err(FenError::new(FenField::SideToMove, fields[1], why));
    }
    if let Some(sq) = ep {
        legality::check_en_passant_check(&pos, sq)
            .map_err(|why| FenError::new(FenField::EnPassant, fields[3], why))?;
    }
    pos.state.ep = ep.filter(|&sq| legality::en_passant_capturable(&pos, sq));
    pos.state.key = pos.compute_key();
    Ok(pos)
}

/// The position as a six-field FEN string.
pub(super) fn to_fen(pos: &Position) -> String {
    let mut out = String::with_capacity(90);
    for rank in (0..8u8).rev() {
        let mut empty = 0u8;
        for file in 0..8u8 {
            match Square::from_coords(file, rank).and_then(|sq| pos.piece_on(sq)) {
                Some(p) => {
                    if empty > 0 {
                        out.push((b'0' + empty) as char);
                        empty = 0;
                    }
                    out.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push((b'0' + empty) as char);
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let side = if pos.side == Color::White { 'w' } else { 'b' };
    let ep = pos.state.ep.map_or("-".to_string(), |sq| sq.to_string());
    format!(
        "{out} {side} {} {ep} {} {}",
        pos.state.castling, pos.state.halfmove, pos.fullmove
    )
}

fn parse_placement(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks = field.split('/').count();
    if ranks != 8 {
        let why = format!("found {ranks} ranks, expected 8 separated by '/'");
        return Err(FenError::new(FenField::Placement, field, why));
    }
    for (i, text) in field.split('/').enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0usize;
        let mut prev_digit = false;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                if prev_digit {
                    let why = format!("rank {} has adjacent digits", rank + 1);
                    return Err(FenError::new(FenField::Placement, text, why));
                }
                prev_digit = true;
                file += d as usize;
            } else if let Some(piece) = Piece::from_fen_char(c) {
                prev_digit = false;
                if let Some(sq) = u8::try_from(file)
                    .ok()
                    .and_then(|f| Square::from_coords(f, rank))
                {
                    pos.put(sq, piece);
                }
                file += 1;
            } else {
                let why = format!("rank {} has the unexpected character {c:?}", rank + 1);
                return Err(FenError::new(FenField::Placement, text, why));
            }
        }
        if file != 8 {
            let why = format!("rank {} has {file} squares", rank + 1);
            return Err(FenError::new(FenField::Placement, text, why));
        }
        let pawns = pos.by_kind[PieceKind::Pawn.index()] & Bitboard::rank(rank);
        if (rank == 0 || rank == 7) && !pawns.is_empty() {
            let why = format!("pawn on rank {}", rank + 1);
            return Err(FenError::new(FenField::Placement, text, why));
        }
    }
    for color in Color::ALL {
        let kings = pos.pieces(color, PieceKind::King).count();
        if kings != 1 {
            let why = format!(
                "{} has {kings} kings, expected exactly 1",
                color_name(color)
            );
            return Err(FenError::new(FenField::Placement, field, why));
        }
    }
    Ok(())
}

fn parse_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for c in field.chars() {
        let (right, color, rook_file) = match c {
            'K' => (CastlingRights::WHITE_KING, Color::White, 7),
            'Q' => (CastlingRights::WHITE_QUEEN, Color::White, 0),
            'k' => (CastlingRights::BLACK_KING, Color::Black, 7),
            'q' => (CastlingRights::BLACK_QUEEN, Color::Black, 0),
            _ => {
                let why =
                    format!("unexpected character {c:?}, expected letters of \"KQkq\" or \"-\"");
                return Err(FenError::new(FenField::Castling, field, why));
            }
        };
        if pos.state.castling.contains(right) {
            return Err(FenError::new(
                FenField::Castling,
                field,
                format!("{c:?} appears twice"),
            ));
        }
        let home = if color == Color::White { 0 } else { 7 };
        let king_home = Square::from_coords(4, home)
            .is_some_and(|sq| pos.pieces(color, PieceKind::King).contains(sq));
        let rook_home = Square::from_coords(rook_file, home)
            .is_some_and(|sq| pos.pieces(color, PieceKind::Rook).contains(sq));
        if !king_home || !rook_home {
            let why = format!(
                "{c:?} needs {}'s king on e{r} and a rook on {}{r}",
                color_name(color),
                (b'a' + rook_file) as char,
                r = home + 1
            );
            return Err(FenError::new(FenField::Castling, field, why));
        }
        pos.state.castling = pos.state.castling.with(right);
    }
    Ok(())
}

/// The en-passant square the field declares, once a double push explains it (whether a
/// capture on it is legal is decided later, when the whole position is known).
fn parse_en_passant(pos: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let Some(sq) = Square::parse(field) else {
        return Err(FenError::new(
            FenField::EnPassant,
            field,
            "expected a square like \"e3\" or \"-\"",
        ));
    };
    let us = pos.side;
    let (rank, dir): (u8, i8) = if us == Color::White { (5, -8) } else { (2, 8) };
    if sq.rank() != rank {
        let why = format!(
            "must be on rank {} when {} is to move",
            rank + 1,
            color_name(us)
        );
        return Err(FenError::new(FenField::EnPassant, field, why));
    }
    let pushed = Square::from_index((sq.index() as i8 + dir) as u8);
    let origin = Square::from_index((sq.index() as i8 - dir) as u8);
    let pawn_there = pos.pieces(!us, PieceKind::Pawn).contains(pushed);
    if !pawn_there || pos.piece_on(sq).is_some() || pos.piece_on(origin).is_some() {
        let why = format!("no double pawn push {origin}-{pushed} can have just been played");
        return Err(FenError::new(FenField::EnPassant, field, why));
    }
    Ok(Some(sq))
}

fn parse_counter(field: FenField, text: &str) -> Result<u32, FenError> {
    if !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FenError::new(
            field,
            text,
            "expected a non-negative whole number",
        ));
    }
    text.parse()
        .map_err(|_| FenError::new(field, text, "number too large"))
}
