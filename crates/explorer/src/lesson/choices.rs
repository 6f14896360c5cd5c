//! A question's choices, read as moves of the question's position: each must be a legal move
//! there, written exactly as SAN (`Bc6`, `Qa7+`) or the long form (`Bg2-c6`) writes it, and a
//! lesson writes all its choices in one of the two. A choice that is not a legal move is
//! refused with the reason a player would give ("White's queen already stands on b2"), so a
//! class never has to pick between a right answer and a move that cannot be played.

use killerscope_analysis::parse_move;
use killerscope_chess::{Bitboard, Color, Move, MoveList, PieceKind, Position, Square, attacks};
use killerscope_chess::{long_algebraic, san};

/// The notation a choice is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// Standard Algebraic Notation: `Bc6`.
    San,
    /// The long form: `Bg2-c6`.
    Long,
}

impl Written {
    /// Its name in an error message.
    pub fn name(self) -> &'static str {
        match self {
            Written::San => "SAN",
            Written::Long => "the long form",
        }
    }
}

/// Reads `text` as a legal move of `pos`, with the notations it is exactly written in (both
/// for castling, which the two write alike); else why it cannot be a choice.
pub fn read(pos: &Position, text: &str) -> Result<(Move, Vec<Written>), String> {
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    for mv in legal.iter() {
        let mut written = Vec::new();
        if san(pos, mv) == text {
            written.push(Written::San);
        }
        if long_algebraic(pos, mv) == text {
            written.push(Written::Long);
        }
        if !written.is_empty() {
            return Ok((mv, written));
        }
    }
    // A loose reading that drops a capture sign (`Qxc3` for `Qc3`) names a different move.
    let loose = parse_move(pos, text)
        .ok()
        .filter(|mv| !text.contains('x') || mv.is_capture());
    match loose {
        Some(mv) => Err(format!(
            "is {} but not written as the lesson writes moves: {} in SAN, {} in the long form",
            san(pos, mv),
            san(pos, mv),
            long_algebraic(pos, mv)
        )),
        None => Err(format!(
            "is not a legal move for {} here: {}",
            side(pos.side_to_move()),
            why_illegal(pos, text)
        )),
    }
}

/// Why no legal move is written `text`, as a player would say it.
fn why_illegal(pos: &Position, text: &str) -> String {
    let Some((kind, to)) = target(text) else {
        return "it is neither SAN (Bc6) nor the long form (Bg2-c6) of a move".into();
    };
    let us = pos.side_to_move();
    let mover = side(us);
    let ours = pos.pieces(us, kind);
    if ours.is_empty() {
        return format!("{mover} has no {}", name(kind));
    }
    if let Some(p) = pos.piece_on(to).filter(|p| p.color == us) {
        return if p.kind == kind && kind != PieceKind::Pawn {
            format!("{mover}'s {} already stands on {to}", name(kind))
        } else {
            format!("{mover}'s own {} stands on {to}", name(p.kind))
        };
    }
    let capture = text.contains('x');
    match pos.piece_on(to) {
        None if capture && pos.en_passant() != Some(to) => {
            return format!("there is nothing to capture on {to}");
        }
        Some(p) if kind == PieceKind::Pawn && !capture => {
            return format!(
                "a pawn does not capture straight ahead, and {}'s {} stands on {to}",
                side(p.color),
                name(p.kind)
            );
        }
        _ => {}
    }
    let occupied = pos.occupied();
    let gets_to = |occupied| {
        ours.into_iter()
            .any(|from| reach(kind, us, from, occupied, capture).contains(to))
    };
    let (reaches, open) = (gets_to(occupied), gets_to(Bitboard::EMPTY));
    if reaches && kind == PieceKind::King {
        format!("{mover}'s king would be in check on {to}")
    } else if reaches {
        format!(
            "{mover}'s king would be in check after the {} went to {to}",
            name(kind)
        )
    } else if open {
        format!("no {mover} {} can get through to {to}", name(kind))
    } else {
        format!("no {mover} {} can go to {to}", name(kind))
    }
}

/// The squares a piece of `kind` and `color` on `from` moves to over `occupied`, ignoring
/// whose pieces stand there (a pawn: its captures when `capture`, else its steps forward).
fn reach(
    kind: PieceKind,
    color: Color,
    from: Square,
    occupied: Bitboard,
    capture: bool,
) -> Bitboard {
    match kind {
        PieceKind::Pawn if capture => attacks::pawn(color, from),
        PieceKind::Pawn => {
            let forward: i8 = if color == Color::White { 1 } else { -1 };
            let step = |n: i8| {
                let rank = i8::try_from(from.rank()).ok()? + n * forward;
                Square::from_coords(from.file(), u8::try_from(rank).ok()?)
                    .filter(|s| !occupied.contains(*s))
            };
            let home = if color == Color::White { 1 } else { 6 };
            let one = step(1);
            let two = one.and(step(2)).filter(|_| from.rank() == home);
            [one, two]
                .into_iter()
                .flatten()
                .fold(Bitboard::EMPTY, Bitboard::with)
        }
        PieceKind::Knight => attacks::knight(from),
        PieceKind::Bishop => attacks::bishop(from, occupied),
        PieceKind::Rook => attacks::rook(from, occupied),
        PieceKind::Queen => attacks::queen(from, occupied),
        PieceKind::King => attacks::king(from),
    }
}

/// The piece and destination a SAN or long-form text names (`Qxb4` → queen, b4).
fn target(text: &str) -> Option<(PieceKind, Square)> {
    let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
    let body = body.split('=').next().unwrap_or(body);
    let kind = match body.chars().next()? {
        'N' => PieceKind::Knight,
        'B' => PieceKind::Bishop,
        'R' => PieceKind::Rook,
        'Q' => PieceKind::Queen,
        'K' => PieceKind::King,
        'a'..='h' => PieceKind::Pawn,
        _ => return None,
    };
    let to = body.get(body.len().checked_sub(2)?..)?;
    Some((kind, Square::parse(to)?))
}

fn name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "pawn",
        PieceKind::Knight => "knight",
        PieceKind::Bishop => "bishop",
        PieceKind::Rook => "rook",
        PieceKind::Queen => "queen",
        PieceKind::King => "king",
    }
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The killer puzzle after …Rb4: White's queen on b2, pawn on b3, Black's rook on b4.
    fn after_rb4() -> Position {
        Position::from_fen("6k1/3q1ppp/p7/7n/1r3P2/1P4P1/PQ4BP/2R3K1 w - - 1 2").expect("fen")
    }

    #[test]
    fn a_legal_choice_is_read_with_its_notation() {
        let pos = after_rb4();
        let (_, written) = read(&pos, "Bc6").expect("legal");
        assert_eq!(written, [Written::San]);
        let (_, written) = read(&pos, "Bg2-c6").expect("legal");
        assert_eq!(written, [Written::Long]);
    }

    #[test]
    fn an_illegal_choice_says_why_as_a_player_would() {
        let pos = after_rb4();
        let why = |t: &str| read(&pos, t).expect_err(t);
        assert!(
            why("Qb2").contains("White's queen already stands on b2"),
            "{}",
            why("Qb2")
        );
        assert!(
            why("Qxb4").contains("no White queen can get through to b4"),
            "{}",
            why("Qxb4")
        );
        assert!(
            why("Kg2").contains("White's own bishop stands on g2"),
            "{}",
            why("Kg2")
        );
        assert!(why("Nf3").contains("White has no knight"), "{}", why("Nf3"));
        assert!(
            why("Qxc3").contains("nothing to capture on c3"),
            "{}",
            why("Qxc3")
        );
        assert!(why("hello").contains("neither SAN"), "{}", why("hello"));
        assert!(
            why("b4").contains("Black's rook stands on b4"),
            "{}",
            why("b4")
        );
    }

    #[test]
    fn a_move_into_check_is_named_as_such() {
        // King and pawn: after 1.Kd2 Ke4 the kings stand a square apart.
        let pos = Position::from_fen("8/8/8/8/4k3/8/3KP3/8 w - - 2 2").expect("fen");
        let why = read(&pos, "Kd3").expect_err("next to the black king");
        assert!(
            why.contains("White's king would be in check on d3"),
            "{why}"
        );
        let pinned = Position::from_fen("4r1k1/8/8/8/8/8/4B3/4K3 w - - 0 1").expect("fen");
        let why = read(&pinned, "Bd3").expect_err("pinned");
        assert!(
            why.contains("in check after the bishop went to d3"),
            "{why}"
        );
    }

    #[test]
    fn a_legal_move_written_loosely_is_refused_with_both_spellings() {
        let why = read(&after_rb4(), "g2c6").expect_err("UCI");
        assert!(why.contains("Bc6 in SAN, Bg2-c6 in the long form"), "{why}");
    }
}
