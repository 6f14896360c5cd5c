//! The tries and cutoffs a Texel tree log implies. The log records the nodes searched, not the
//! moves tried nor which move cut a node, but its nesting and its bounds say both: each child
//! entered by a move is a try, in the order searched (a child entered again by the same move is
//! that move's re-search, not a new try), and a node that failed high was cut by its last
//! child when that child's score reaches beta. Texel returns as soon as a move fails high, so the
//! last child is the refutation; a node cut by its null move, by its own transposition table or
//! a stand pat has no such child, and no cutoff is derived. Moves Texel pruned are in no record:
//! the header says so (`pruned=unrecorded`), so the doctor does not call them never tried. The
//! root the import adds gets no tries: its children are every iteration's root moves.

use killerscope_chess::Move;
use killerscope_log::{Event, MoveSource, SourceRole, SourceRow, SourceTable};

/// The one source of a Texel log's tries: the log does not say why a move came where it did.
pub const SEARCHED: MoveSource = MoveSource::from_code(0);

/// The header's `ordering` setting that says pruned moves are in no record.
pub const PRUNED_UNRECORDED: (&str, &str) = ("pruned", "unrecorded");

/// The source table of a Texel log: its one source, `SEARCHED`.
pub fn sources() -> SourceTable {
    SourceTable::with_roles(vec![(
        SourceRow {
            code: SEARCHED.code(),
            label: "move".into(),
            name: "a move Texel searched (its tree log does not say why it came there)".into(),
            colour: killerscope_log::SourceColour::Plain,
            killer_slot: None,
        },
        SourceRole::Other,
    )])
}

/// One open node's tries so far.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Tries {
    /// Moves tried (the next try's 0-based index).
    count: u8,
    /// The last child entered by a move, with its try's index; `None` after a child entered by
    /// no move (a null move, a search of the same position).
    last: Option<(Move, u8)>,
    /// The last child's score, from this node's side, once that child has ended.
    last_score: Option<i32>,
}

impl Tries {
    /// A child is entered by `mv` (`Move::NULL`: by no move): the `move_tried` it implies, if
    /// it is a new try.
    pub fn child(&mut self, mv: Move) -> Option<Event> {
        self.last_score = None;
        if mv.is_null() {
            self.last = None;
            return None;
        }
        if self.last.is_some_and(|(m, _)| m == mv) {
            return None;
        }
        let index = self.count;
        self.count = self.count.saturating_add(1);
        self.last = Some((mv, index));
        Some(Event::MoveTried {
            mv,
            index,
            source: SEARCHED,
        })
    }

    /// The last child ended with `score` from its own side.
    pub fn child_ended(&mut self, score: i32) {
        self.last_score = Some(-score);
    }

    /// The node ends having failed high against `beta`: the cutoff its last child made, if
    /// one did.
    pub fn cutoff(&self, beta: i32) -> Option<Event> {
        let (mv, index) = self.last?;
        let score = self.last_score.filter(|&s| s >= beta)?;
        Some(Event::Cutoff {
            mv,
            index,
            source: SEARCHED,
            score,
            beta,
        })
    }
}
