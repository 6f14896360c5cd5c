//! Logs of shapes no search produces but a file may hold — a line of nested nodes, a node with
//! a huge fan-out, many top-level nodes — for the explorer's scale tests and the
//! `stress_log` example (which includes this file by path), so both build the very same trees.

use killerscope_chess::parse_uci;
use killerscope_chess::{Move, Position};
use killerscope_engine::HeaderSettings;
use killerscope_engine::Limits;
use killerscope_log::{Bound, NodeKind};
use killerscope_log::{Event, EventLog, LogHeader};

/// A main-search node at `level` reached by `mv`, depth 1, window [-30, 30].
pub fn enter(level: usize, mv: Move) -> Event {
    Event::NodeEnter {
        ply: level as u8,
        depth: 1,
        kind: NodeKind::Main,
        mv,
        alpha: -30,
        beta: 30,
    }
}

/// The exit of the innermost open node.
pub const EXIT: Event = Event::NodeExit {
    score: 0,
    bound: Bound::Exact,
};

/// The legal knight shuffle Nf3 Nf6 Ng1 Ng8 … from the start position, `n` plies long.
pub fn shuffle(n: usize) -> Vec<Move> {
    let mut pos = Position::startpos();
    let mut line = Vec::with_capacity(n);
    for text in ["g1f3", "g8f6", "f3g1", "f6g8"].iter().cycle().take(n) {
        let Ok(mv) = parse_uci(&pos, text) else {
            unreachable!("the knight shuffle is legal from the start position");
        };
        pos.make_move(mv);
        line.push(mv);
    }
    line
}

/// A line of `levels` nested nodes along the knight shuffle; closed (every node exits) or cut
/// off before the first exit, as a truncated log is.
pub fn deep(levels: usize, closed: bool) -> Vec<Event> {
    let mut events = vec![enter(0, Move::NULL)];
    let line = shuffle(levels.saturating_sub(1)).into_iter().enumerate();
    events.extend(line.map(|(level, mv)| enter(level + 1, mv)));
    if closed {
        events.extend(std::iter::repeat_n(EXIT, levels.max(1)));
    }
    events
}

/// One root with `children` leaf children.
pub fn wide(children: usize) -> Vec<Event> {
    let mut events = Vec::with_capacity(2 * children + 2);
    events.push(enter(0, Move::NULL));
    for _ in 0..children {
        events.extend([enter(1, Move::NULL), EXIT]);
    }
    events.push(EXIT);
    events
}

/// `n` top-level leaf nodes.
pub fn roots(n: usize) -> Vec<Event> {
    let mut events = Vec::with_capacity(2 * n);
    for _ in 0..n {
        events.extend([enter(0, Move::NULL), EXIT]);
    }
    events
}

/// A log of `events` searched from the start position to depth 1.
pub fn log_of(events: Vec<Event>, truncated: bool) -> EventLog {
    let header = LogHeader::new(
        Position::startpos().to_fen(),
        &Default::default(),
        &Limits::depth(1),
    );
    EventLog::from_parts(header, events, Vec::new(), truncated)
}
