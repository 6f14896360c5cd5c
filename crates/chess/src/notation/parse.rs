//! Reading moves typed by people (SAN) or sent by GUIs (UCI) against a position: the result is
//! always one of the position's legal moves, or an error that says why not.

use super::san;
use crate::Position;
use crate::piece::PieceKind;
use crate::square::Square;
use crate::{moves::Move, moves::MoveList};
use killerscope_text::quote;
use std::fmt;

/// Why a move string could not be turned into a legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveParseError {
    /// The text is not written in the expected notation.
    Syntax {
        /// The text as given.
        text: String,
        /// What was expected instead.
        expected: &'static str,
    },
    /// Well-formed, but no legal move matches.
    Illegal {
        /// The text as given.
        text: String,
    },
    /// A SAN move that fits several legal moves (missing disambiguation).
    Ambiguous {
        /// The text as given.
        text: String,
        /// The matching moves, in SAN.
        candidates: Vec<String>,
    },
}

/// The text is quoted short and escaped: it comes from a GUI or a command line.
impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveParseError::Syntax { text, expected } => {
                write!(
                    f,
                    "move \"{}\" is not valid notation (expected {expected})",
                    quote(text)
                )
            }
            MoveParseError::Illegal { text } => {
                write!(f, "move \"{}\" is not legal in this position", quote(text))
            }
            MoveParseError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "move \"{}\" is ambiguous: it could be {}",
                    quote(text),
                    candidates.join(" or ")
                )
            }
        }
    }
}

impl std::error::Error for MoveParseError {}

fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    list
}

fn promotion_kind(c: char) -> Option<PieceKind> {
    match c.to_ascii_uppercase() {
        'N' => Some(PieceKind::Knight),
        'B' => Some(PieceKind::Bishop),
        'R' => Some(PieceKind::Rook),
        'Q' => Some(PieceKind::Queen),
        _ => None,
    }
}

/// Parses a UCI move (`e2e4`, `e7e8q`, castling as the king's move `e1g1`) and returns the
/// matching legal move.
pub fn parse_uci(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let syntax = || MoveParseError::Syntax {
        text: text.to_string(),
        expected: "UCI like e2e4 or e7e8q",
    };
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return Err(syntax());
    }
    let from = Square::parse(&text[0..2]).ok_or_else(syntax)?;
    let to = Square::parse(&text[2..4]).ok_or_else(syntax)?;
    let promo = match text[4..].chars().next() {
        None => None,
        Some(c) if c.is_ascii_lowercase() => Some(promotion_kind(c).ok_or_else(syntax)?),
        Some(_) => return Err(syntax()),
    };
    legal_moves(pos)
        .iter()
        .find(|m| m.from() == from && m.to() == to && m.promotion() == promo)
        .ok_or_else(|| MoveParseError::Illegal {
            text: text.to_string(),
        })
}

/// Moves written in UCI, each read in the position the ones before it reach from `pos`: the
/// lines tests play (`["e2e4", "e7e5"]`), a word that is not legal where it stands panicking
/// with its name.
#[cfg(test)]
pub(crate) fn uci_line<const N: usize>(pos: &Position, words: [&str; N]) -> [Move; N] {
    let mut pos = pos.clone();
    words.map(|word| {
        let mv = parse_uci(&pos, word).unwrap_or_else(|e| panic!("{word}: {e}"));
        pos.make_move(mv);
        mv
    })
}

/// Parses a SAN move (`Nf3`, `exd5`, `e8=Q`, `O-O` or `0-0`, `Nbd2`, `R1e1`), tolerating check,
/// mate and annotation suffixes (`+`, `#`, `!`, `?`), and returns the matching legal move.
pub fn parse_san(pos: &Position, text: &str) -> Result<Move, MoveParseError> {
    let syntax = || MoveParseError::Syntax {
        text: text.to_string(),
        expected: "SAN like Nf3, exd5, e8=Q or O-O",
    };
    let body = text.trim().trim_end_matches(['+', '#', '!', '?']);
    if !body.is_ascii() || body.len() < 2 {
        return Err(syntax());
    }
    let castle = match body {
        "O-O" | "0-0" => Some(6),
        "O-O-O" | "0-0-0" => Some(2),
        _ => None,
    };
    let list = legal_moves(pos);
    let matches: Vec<Move> = if let Some(file) = castle {
        list.iter()
            .filter(|m| m.is_castle() && m.to().file() == file)
            .collect()
    } else {
        let pattern = SanPattern::parse(body).ok_or_else(syntax)?;
        list.iter().filter(|&m| pattern.matches(pos, m)).collect()
    };
    match matches.as_slice() {
        [mv] => Ok(*mv),
        [] => Err(MoveParseError::Illegal {
            text: text.to_string(),
        }),
        many => Err(MoveParseError::Ambiguous {
            text: text.to_string(),
            candidates: many.iter().map(|&m| san(pos, m)).collect(),
        }),
    }
}

/// What a non-castling SAN string says about its move.
struct SanPattern {
    kind: PieceKind,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Square,
    promotion: Option<PieceKind>,
}

impl SanPattern {
    /// Reads `[piece][file][rank][x]square[=promotion]` from ASCII text.
    fn parse(body: &str) -> Option<SanPattern> {
        let mut rest = body;
        let kind = match rest.chars().next()? {
            'N' => PieceKind::Knight,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'Q' => PieceKind::Queen,
            'K' => PieceKind::King,
            _ => PieceKind::Pawn,
        };
        if kind != PieceKind::Pawn {
            rest = &rest[1..];
        }
        let mut promotion = None;
        if let Some(last) = rest.chars().last().filter(char::is_ascii_uppercase) {
            promotion = Some(promotion_kind(last)?);
            rest = &rest[..rest.len() - 1];
            rest = rest.strip_suffix('=').unwrap_or(rest);
        }
        if rest.len() < 2 {
            return None;
        }
        let to = Square::parse(&rest[rest.len() - 2..])?;
        let mut prefix = &rest[..rest.len() - 2];
        prefix = prefix.strip_suffix('x').unwrap_or(prefix);
        let mut from_file = None;
        let mut from_rank = None;
        for c in prefix.chars() {
            match c {
                'a'..='h' if from_file.is_none() && from_rank.is_none() => {
                    from_file = Some(c as u8 - b'a');
                }
                '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
                _ => return None,
            }
        }
        Some(SanPattern {
            kind,
            from_file,
            from_rank,
            to,
            promotion,
        })
    }

    fn matches(&self, pos: &Position, mv: Move) -> bool {
        mv.to() == self.to
            && !mv.is_castle()
            && mv.promotion() == self.promotion
            && pos.piece_on(mv.from()).is_some_and(|p| p.kind == self.kind)
            && self.from_file.is_none_or(|f| mv.from().file() == f)
            && self.from_rank.is_none_or(|r| mv.from().rank() == r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How a parse was refused (`None`: it was not, or it was ambiguous), to compare in one line.
    fn refusal(parsed: Result<Move, MoveParseError>) -> Option<&'static str> {
        match parsed {
            Err(MoveParseError::Syntax { .. }) => Some("syntax"),
            Err(MoveParseError::Illegal { .. }) => Some("illegal"),
            _ => None,
        }
    }

    #[test]
    fn tolerant_san_and_strict_uci() {
        let pos = Position::startpos();
        let e4 = parse_uci(&pos, "e2e4").unwrap();
        assert_eq!(parse_san(&pos, "e4!?").unwrap(), e4);
        assert_eq!(parse_san(&pos, "Nf3+").unwrap().to_string(), "g1f3");
        assert_eq!(refusal(parse_uci(&pos, "e2e5")), Some("illegal"));
        assert_eq!(refusal(parse_uci(&pos, "e2e4x")), Some("syntax"));
        assert_eq!(refusal(parse_uci(&pos, "é2e4")), Some("syntax"));
        assert_eq!(refusal(parse_san(&pos, "Zf3")), Some("syntax"));
        assert_eq!(refusal(parse_san(&pos, "O-O")), Some("illegal"));
    }

    #[test]
    fn ambiguity_and_castling_spellings() {
        let rooks = Position::from_fen("4k3/8/8/8/8/8/4K3/R6R w - - 0 1").unwrap();
        let err = parse_san(&rooks, "Rd1").unwrap_err();
        assert_eq!(
            err.to_string(),
            "move \"Rd1\" is ambiguous: it could be Rad1 or Rhd1"
        );
        let pos = Position::from_fen("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
        assert_eq!(parse_san(&pos, "0-0").unwrap().to_string(), "e1g1");
        assert_eq!(parse_san(&pos, "O-O-O+").unwrap().to_string(), "e1c1");
    }

    #[test]
    fn promotions_need_the_piece() {
        let pos = Position::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
        assert_eq!(refusal(parse_san(&pos, "a8")), Some("illegal"));
        assert_eq!(parse_san(&pos, "a8=N").unwrap().to_string(), "a7a8n");
        assert_eq!(parse_san(&pos, "a8Q+").unwrap().to_string(), "a7a8q");
    }
}
