//! The events that write the search's tables — killer rows, countermoves — and the
//! iteration's principal variation, read from a trace line (see `events.rs` for the rest).

use super::fields::{Bad, Fields, Key, bad};
use super::scan::Val;
use super::state::{State, row_index};
use killerscope_chess::{Move, Piece, Square};
use killerscope_engine::CounterKey;
use killerscope_log::Board;
use killerscope_log::{Event, KillerSlots, MAX_KILLER_SLOTS, NodeCount};

pub(super) fn killer_store(st: &mut State, f: &Fields) -> Result<Event, Bad> {
    let node = st.node()?;
    let ply = row_index(f, &node)?;
    let mv = st.searched(f)?;
    let slots = match f.move_list(Key::Slots)? {
        Some(items) if items.len() > MAX_KILLER_SLOTS => {
            return bad(
                f.col(Key::Slots),
                format!(
                    "\"slots\" holds {} moves; a killer row holds at most {MAX_KILLER_SLOTS}",
                    items.len()
                ),
            );
        }
        Some(items) => {
            // A slot move was stored at another node, where the board may differ: it
            // keeps the flags it had when it entered the row (as this store's move, or in
            // the row before), and only a move never seen is flagged from this board.
            let old = st.rows.get(usize::from(ply)).copied().unwrap_or_default();
            let known: Vec<Move> = std::iter::once(mv)
                .chain(old.as_slice().iter().copied())
                .collect();
            let mut moves = Vec::with_capacity(items.len());
            for (col, text) in items {
                moves.push(match text {
                    None => Move::NULL,
                    Some(text) => {
                        let guess = st.board.loose(text).map_err(|what| Bad {
                            col,
                            what: format!("\"slots\": {what}"),
                        })?;
                        let same = |m: &&Move| {
                            m.from() == guess.from()
                                && m.to() == guess.to()
                                && m.promotion() == guess.promotion()
                                && !m.is_null()
                        };
                        known.iter().find(same).copied().unwrap_or(guess)
                    }
                });
            }
            KillerSlots::new(&moves)
        }
        None => {
            let old = st.rows.get(usize::from(ply)).copied().unwrap_or_default();
            let len = old.as_slice().len().max(2);
            let mut moves = vec![mv];
            moves.extend(old.as_slice().iter().filter(|&&m| m != mv));
            moves.resize(len, Move::NULL);
            KillerSlots::new(&moves)
        }
    };
    if st.rows.len() <= usize::from(ply) {
        st.rows.resize(usize::from(ply) + 1, KillerSlots::default());
    }
    st.rows[usize::from(ply)] = slots;
    Ok(Event::KillerStore { ply, mv, slots })
}

pub(super) fn counter_store(st: &mut State, f: &Fields) -> Result<Event, Bad> {
    let node = st.own_node(f)?;
    let mv = st.searched(f)?;
    let key = match f.object(Key::Answers)? {
        Some(entries) => {
            let col = f.col(Key::Answers);
            let field = |name: &str| {
                entries
                    .iter()
                    .find(|(k, ..)| k == name)
                    .and_then(|(_, _, v)| match v {
                        Val::Str(s) => Some(s.as_ref()),
                        _ => None,
                    })
            };
            let piece = field("piece").and_then(|p| {
                let mut chars = p.chars();
                chars
                    .next()
                    .filter(|_| chars.next().is_none())
                    .and_then(Piece::from_fen_char)
            });
            let to = field("to").and_then(Square::parse);
            match (piece, to) {
                (Some(piece), Some(to)) => CounterKey::at(piece, to),
                _ => {
                    return bad(
                        col,
                        "\"answers\" must be {\"piece\": a FEN letter like \"N\" or \"p\", \"to\": a square like \"f3\"}",
                    );
                }
            }
        }
        None => {
            let prev = node.entered_by;
            match st.board.piece_on(prev.to()).filter(|_| !prev.is_null()) {
                Some(piece) => CounterKey::at(piece, prev.to()),
                None => {
                    return bad(
                        0,
                        "missing required field \"answers\" (the node was not reached by a \
                         move on a known board, so the answered move cannot be worked out)",
                    );
                }
            }
        }
    };
    Ok(Event::CounterStore {
        key: key.index() as u16,
        mv,
    })
}

pub(super) fn iteration(st: &mut State, f: &Fields) -> Result<(Event, Vec<Move>), Bad> {
    let depth = f.need(Key::Depth, f.int(Key::Depth, 0, 255)?)? as u8;
    let score = f.need(Key::Score, f.score(Key::Score, 0)?)?;
    let nodes = f
        .int(Key::Nodes, 0, i64::MAX)?
        .map_or(st.nodes, |n| n as u64);
    // Informational, like `i`: checked, but a `.kslog` has no place for it.
    f.int(Key::Time, 0, i64::MAX)?;
    let mut pv = Vec::new();
    let mut pos = st.root.clone();
    for (col, text) in f.move_list(Key::Pv)?.unwrap_or_default() {
        let board = Board::new(pos);
        let mv = match text {
            Some(text) => board.legal(text),
            None => Err("a PV holds moves, not null".to_string()),
        };
        let mv = mv.map_err(|what| Bad {
            col,
            what: format!("\"pv\" move {}: {what}", pv.len() + 1),
        })?;
        pos = board.into_position();
        pos.make_move(mv);
        pv.push(mv);
    }
    let event = Event::Iteration {
        depth,
        score,
        nodes: NodeCount::from(nodes),
    };
    Ok((event, pv))
}
