//! Moves in a query: a value to compare a node's move with (UCI squares, matched anywhere; SAN,
//! read in the node's own position), and the `line` of moves from the root.

use super::QueryError;
use crate::query::parse_move;
use killerscope_chess::parse_san;
use killerscope_chess::{Move, PieceKind, Position, Square};
use killerscope_text::quote;
use killerscope_trace::line::Step;

/// The spellings of a null move (a pass) in a line or a move value.
const NULL_WORDS: [&str; 4] = ["--", "null", "0000", "pass"];

fn is_null_word(text: &str) -> bool {
    NULL_WORDS.iter().any(|w| w.eq_ignore_ascii_case(text))
}

/// A move value to compare with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MoveMatch {
    /// The null move.
    Null,
    /// UCI coordinates (`g1f3`, `e7e8q`): the same squares and promotion, in any position.
    Squares {
        from: Square,
        to: Square,
        promotion: Option<PieceKind>,
    },
    /// SAN (`Nf3`, `exd5`, `O-O`): the legal move it names in the position it is played from.
    San(String),
}

impl MoveMatch {
    /// Reads a move value; `Err` says why it is not one.
    pub(super) fn parse(text: &str) -> Result<MoveMatch, String> {
        if is_null_word(text) {
            return Ok(MoveMatch::Null);
        }
        if let Some(m) = squares(text) {
            return Ok(m);
        }
        let body = text.trim_start_matches('…').trim_start_matches('.');
        let first = body.chars().next();
        let san_like = body.len() >= 2
            && body.is_ascii()
            && first.is_some_and(|c| "KQRBNOa0bcdefgh".contains(c));
        if san_like {
            Ok(MoveMatch::San(body.to_string()))
        } else {
            Err(format!(
                "\"{}\" is not a move (SAN like Nf3, UCI like g1f3, or -- for a null move)",
                quote(text)
            ))
        }
    }

    /// Whether it needs the position the move is played from.
    pub(super) fn needs_position(&self) -> bool {
        matches!(self, MoveMatch::San(_))
    }

    /// Whether `mv`, played from `pos` (when known), is this move.
    pub(super) fn matches(&self, mv: Move, pos: Option<&Position>) -> bool {
        match self {
            MoveMatch::Null => mv.is_null(),
            MoveMatch::Squares {
                from,
                to,
                promotion,
            } => {
                !mv.is_null()
                    && mv.from() == *from
                    && mv.to() == *to
                    && mv.promotion() == *promotion
            }
            MoveMatch::San(text) => {
                !mv.is_null() && pos.is_some_and(|p| parse_san(p, text).is_ok_and(|m| m == mv))
            }
        }
    }
}

/// UCI coordinates, if `text` is written so.
fn squares(text: &str) -> Option<MoveMatch> {
    if !text.is_ascii() || !(4..=5).contains(&text.len()) {
        return None;
    }
    let from = Square::parse(&text[0..2])?;
    let to = Square::parse(&text[2..4])?;
    let promotion = match text[4..].chars().next() {
        None => None,
        Some('q') => Some(PieceKind::Queen),
        Some('r') => Some(PieceKind::Rook),
        Some('b') => Some(PieceKind::Bishop),
        Some('n') => Some(PieceKind::Knight),
        Some(_) => return None,
    };
    Some(MoveMatch::Squares {
        from,
        to,
        promotion,
    })
}

/// The steps of `line …` (each word with its column), read one after the other from `root`;
/// a null move is a pass, as the walk's lines write it.
pub(super) fn parse_line(
    root: &Position,
    words: &[(&str, usize)],
) -> Result<Vec<Step>, QueryError> {
    let mut pos = root.clone();
    let mut line = Vec::with_capacity(words.len());
    for &(word, col) in words {
        if is_null_word(word) {
            pos = pos.after_pass().ok_or_else(|| {
                QueryError::at(
                    col,
                    "a null move is not possible here: the side to move is in check",
                )
            })?;
            line.push(Step::Pass);
            continue;
        }
        let mv = parse_move(&pos, word).map_err(|e| QueryError::at(col, format!("`line`: {e}")))?;
        pos.make_move(mv);
        line.push(Step::Move(mv));
    }
    Ok(line)
}
