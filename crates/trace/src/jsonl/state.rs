//! What the importer keeps between event lines — the open nodes (`Open`), the positions they
//! are at, the last move tried (`Read`) — and the checks every kind of line shares. Apart from
//! `events.rs` (the line-by-line reading, `impl State`) so that the readers of each kind of
//! line (`selective`, `tables`, `tries`) can name it without importing what calls them.

use super::fields::{Bad, Fields, Key, bad};
use super::labels::Labels;
use killerscope_chess::{Move, Position};
use killerscope_log::Board;
use killerscope_log::{Event, KillerSlots, MoveSource};

/// An open node as the importer tracks it.
#[derive(Clone, Copy, Debug)]
pub struct Open {
    /// Distance from the root (whole, unlike the event's byte: see `ply_byte`).
    pub ply: u32,
    pub(super) alpha: i32,
    pub(super) beta: i32,
    /// Moves tried so far.
    pub(super) tried: u32,
    /// The last move tried, with its index and source.
    pub(super) last: Option<(Move, u8, MoveSource)>,
    /// The move that reached the node (`Move::NULL` for a root or a null move).
    pub(super) entered_by: Move,
    /// An illegal try announced here (by an `illegal` line or `"illegal": true`) whose search
    /// has not begun: its `move_tried` and its node are read as illegal.
    pub(super) illegal: Option<Move>,
}

impl Open {
    /// The node's window.
    pub fn window(&self) -> (i32, i32) {
        (self.alpha, self.beta)
    }
}

/// What one line reads as: its event, the `Illegal` event that goes before it when the line
/// implies one (`"illegal": true`, a null move in check), and an iteration's PV.
#[derive(Debug)]
pub struct Read {
    /// An `Event::Illegal` to record before `event`.
    pub before: Option<Event>,
    /// The line's event.
    pub event: Event,
    /// The PV, for an iteration.
    pub pv: Vec<Move>,
}

impl Read {
    /// A line that reads as `event` alone.
    pub(super) fn of(event: Event) -> Read {
        Read {
            before: None,
            event,
            pv: Vec::new(),
        }
    }
}

/// The search so far, as the lines read up to now describe it.
#[derive(Debug)]
pub struct State {
    /// The root position.
    pub root: Position,
    /// Source labels and codes.
    pub labels: Labels,
    /// The position at the innermost open node.
    pub board: Board,
    /// Open nodes, innermost last.
    pub stack: Vec<Open>,
    /// Killer rows as the stores left them, for a store that omits its slots.
    pub(super) rows: Vec<KillerSlots>,
    /// Nodes entered so far.
    pub nodes: u64,
    /// The header declares the engine fail-hard (`fail=hard`): every exit lies in its window.
    pub fail_hard: bool,
}

/// The byte a `.kslog` keeps a ply in: the ply modulo 256. Plies past 255 are kept
/// faithfully, not clamped: the nesting says the rest (a child is one ply below its parent), so
/// the line, the positions and a same-position search stay right at any depth.
pub(super) fn ply_byte(ply: u32) -> u8 {
    (ply & 0xff) as u8
}

/// Whether a `ply` a line gives names the node at ply `exact`: the ply itself, or (past 255)
/// its byte, as an export of a `.kslog` writes it.
pub(super) fn ply_matches(given: u32, exact: u32) -> bool {
    given == exact || (given <= 255 && given == u32::from(ply_byte(exact)))
}

/// The event's ply must be the open node's.
pub(super) fn check_ply(f: &Fields, node: &Open) -> Result<(), Bad> {
    match f.int(Key::Ply, 0, i64::from(u32::MAX))? {
        Some(p) if !ply_matches(p as u32, node.ply) => bad(
            f.col(Key::Ply),
            format!("\"ply\" is {p}, but the open node is at ply {}", node.ply),
        ),
        _ => Ok(()),
    }
}

pub(super) fn row_index(f: &Fields, node: &Open) -> Result<u8, Bad> {
    Ok(f.int(Key::Ply, 0, 255)?
        .map_or(ply_byte(node.ply), |p| p as u8))
}
