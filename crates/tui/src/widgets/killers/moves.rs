//! How the killer tables write their moves: each row against the position of the selected
//! node's line at that row's ply, or the position a move was stored in, and in coordinates
//! where no chess position is known (below a pseudo-legal engine's illegal try) — never read
//! in a position that is not there.

use std::ops::Range;

use killerscope_chess::Notation;
use killerscope_chess::{Move, Position};
use killerscope_explorer::{NodeId, Session};
use killerscope_trace::line::Step;

/// A killer move of killer row `row` in `notation`: from `pos` (the row's position on the
/// selected line) when it is a move there, else from the position it was stored in (the node
/// of its latest store at the cursor), so a teacher never has to translate coordinates; in
/// coordinates only for a move no position on screen or in the log can play — and where the
/// row's line has no chess position (`None`: below a pseudo-legal engine's illegal try) and
/// the store's has none either, rather than read in a position that is not there.
pub fn killer_text(
    session: &Session,
    row: usize,
    mv: Move,
    pos: Option<&Position>,
    notation: Notation,
) -> String {
    let text = written(session, row, mv, pos, notation);
    // Each move may be written in a position of its own, so two different killers of one row
    // can come out alike (`Rf5` for b5f5 and a5f5): such a pair names its from-squares.
    let at = session.position();
    let others = u8::try_from(row).map_or_else(
        |_| Vec::new(),
        |r| session.replay().killer_row(r, at).as_slice().to_vec(),
    );
    let alike = others.iter().any(|&other| {
        !other.is_null()
            && other != mv
            && bare(&written(session, row, other, pos, notation)) == bare(&text)
    });
    if alike {
        with_from_square(&text, mv)
    } else {
        text
    }
}

/// A killer as its position writes it, before telling it apart from its row's others.
fn written(
    session: &Session,
    row: usize,
    mv: Move,
    pos: Option<&Position>,
    notation: Notation,
) -> String {
    if let Some(pos) = pos.filter(|p| p.is_legal(mv)) {
        return notation.format(pos, mv);
    }
    let stored = session
        .scan()
        .stored_at(row, mv)
        .and_then(|i| session.node_at_event(i))
        .and_then(|node| session.known_position_at(Some(node)));
    match stored.as_ref().or(pos) {
        Some(at) => notation.format(at, mv),
        None => mv.to_string(),
    }
}

/// A move's text without its check or mate mark.
fn bare(text: &str) -> &str {
    text.trim_end_matches(['+', '#'])
}

/// `text` (a move in algebraic notation) with its from-square written out: `Rb5f5+`,
/// `Rb5xf5`, `f7f5` — whatever disambiguation the position gave it is replaced.
fn with_from_square(text: &str, mv: Move) -> String {
    let to = mv.to().to_string();
    let Some(at) = text.rfind(&to) else {
        return text.to_string();
    };
    let piece = text
        .chars()
        .next()
        .filter(|c| matches!(c, 'N' | 'B' | 'R' | 'Q' | 'K'));
    let takes = if text[..at].contains('x') { "x" } else { "" };
    let mut out: String = piece.into_iter().collect();
    out.push_str(&mv.from().to_string());
    out.push_str(takes);
    out.push_str(&text[at..]);
    out
}

/// The position each row of `rows` writes its moves against: on the selected node's line, the
/// position at that row's ply; elsewhere (deeper rows, or rows that are depths) the selected
/// node's own. `None` where the line has no chess position (at and below a pseudo-legal
/// engine's illegal try). One position lookup, then a move per row.
pub fn row_positions(
    session: &Session,
    selected: Option<NodeId>,
    rows: Range<usize>,
) -> Vec<Option<Position>> {
    let own = session.known_position_at(selected);
    let mut out = vec![own.clone(); rows.len()];
    if session.replay().killer_rows_by_depth() {
        return out;
    }
    let focus = selected
        .and_then(|id| session.node(id))
        .map_or(0, |n| usize::from(n.ply()));
    let Some(steps) = focus.checked_sub(rows.start) else {
        return out;
    };
    // The line from the row at `rows.start` down to the selected node, top first.
    let mut line: Vec<NodeId> = selected.into_iter().collect();
    while line.len() <= steps {
        match line.last().and_then(|&id| session.parent(id)) {
            Some(parent) => line.push(parent),
            None => break,
        }
    }
    line.reverse();
    let Some(&top) = line.first() else {
        return out;
    };
    let mut pos = session.known_position_at(Some(top));
    for &id in &line {
        let Some(node) = session.node(id) else {
            break;
        };
        if id != top
            && let Some(step) = Step::of(node)
        {
            pos = pos.and_then(|p| step.play(&p));
        }
        if let Some(k) = usize::from(node.ply()).checked_sub(rows.start)
            && let Some(slot) = out.get_mut(k)
        {
            slot.clone_from(&pos);
        }
    }
    out
}

/// What a table's border says when the selected node has no chess position (below a
/// pseudo-legal engine's illegal try, from whose ply on the line has none; or in a log whose
/// moves do not fit its root), so moves written in coordinates are not taken for a slip.
pub fn no_position_note(session: &Session, selected: Option<NodeId>) -> Option<String> {
    if session.known_position_at(selected).is_some() {
        return None;
    }
    let step = selected
        .and_then(|id| session.illegal_above(id))
        .and_then(|step| session.node(step));
    Some(match step {
        Some(step) => format!("no chess position from ply {}", step.ply()),
        None => "no chess position".to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::with_from_square;
    use killerscope_chess::{Move, MoveFlag, Square};

    #[test]
    fn a_move_written_with_its_from_square() {
        let square = |s: &[u8]| Square::from_coords(s[0] - b'a', s[1] - b'1').expect("square");
        let mv = |uci: &str| {
            let b = uci.as_bytes();
            Move::new(square(&b[..2]), square(&b[2..]), MoveFlag::Quiet)
        };
        assert_eq!(with_from_square("Rf5+", mv("b5f5")), "Rb5f5+");
        assert_eq!(with_from_square("Raxf5", mv("a5f5")), "Ra5xf5");
        assert_eq!(with_from_square("f5", mv("f7f5")), "f7f5");
        assert_eq!(with_from_square("exd5", mv("e4d5")), "e4xd5");
        assert_eq!(with_from_square("e8=Q+", mv("e7e8")), "e7e8=Q+");
    }
}
