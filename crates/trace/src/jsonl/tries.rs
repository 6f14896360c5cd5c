//! The tries of a node, read from a trace line: `move_tried` (with its `"illegal": true`
//! shorthand) and `illegal`, the announcement that the next try of a move — or the null-move
//! node that follows — leaves the mover's king attacked (see `pseudo.rs`).

use super::fields::{Bad, Fields, Key, bad};
use super::state::{Read, State};
use killerscope_chess::Move;
use killerscope_log::Event;

/// The move of an illegal try (`"illegal": true`, or an `illegal` line).
pub(super) fn illegal_try(st: &State, f: &Fields) -> Result<Move, Bad> {
    let text = match f.need(Key::Move, f.mv(Key::Move)?)? {
        Some(text) => text,
        None => return bad(f.col(Key::Move), "\"move\" must be a move here, not null"),
    };
    st.board.illegal_try(text).map_err(|what| Bad {
        col: f.col(Key::Move),
        what: format!("\"move\": {what}"),
    })
}

pub(super) fn move_tried(st: &mut State, f: &Fields) -> Result<Read, Bad> {
    let node = st.own_node(f)?;
    let marked = f.boolean(Key::Illegal)?.unwrap_or(false);
    let (mv, illegal) = if marked {
        (illegal_try(st, f)?, true)
    } else {
        let mv = st.searched(f)?;
        (mv, node.illegal == Some(mv))
    };
    let index = f.int(Key::Index, 0, 255)?;
    let index = index.map_or(node.tried.min(255) as u8, |i| i as u8);
    let source = match st.source(f)? {
        Some(s) => s,
        None => st.unspecified()?,
    };
    let announced = node.illegal == Some(mv);
    if let Some(open) = st.stack.last_mut() {
        open.tried += 1;
        open.last = Some((mv, index, source));
        open.illegal = illegal.then_some(mv);
    }
    Ok(Read {
        before: (illegal && !announced).then_some(Event::Illegal { mv }),
        event: Event::MoveTried { mv, index, source },
        pv: Vec::new(),
    })
}

/// An `illegal` line: the next `move_tried` of its move (or, for `null`, the null-move node
/// that follows, made in check) leaves the mover's king attacked.
pub(super) fn illegal(st: &mut State, f: &Fields) -> Result<Event, Bad> {
    st.own_node(f)?;
    let mv = match f.need(Key::Move, f.mv(Key::Move)?)? {
        Some(_) => illegal_try(st, f)?,
        None if !st.board.known() || st.board.in_check() => Move::NULL,
        None => {
            return bad(
                f.col(Key::Move),
                "a null move is illegal only in check, and the side to move is not in check",
            );
        }
    };
    if let Some(open) = st.stack.last_mut() {
        open.illegal = Some(mv);
    }
    Ok(Event::Illegal { mv })
}
