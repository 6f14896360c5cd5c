//! Turning one event line's fields into an `Event`, checked against the search so far: the
//! open nodes (an exit needs an enter, a child is one ply below its parent), the positions
//! (every move a node searches must be legal where it is played) and the rules of alpha-beta
//! (a cutoff's score is at least its beta). Optional fields get the defaults the schema
//! documents. Nothing changes until a line has passed every check, so a bad line skipped in
//! lenient mode leaves the state as it was.

use super::fields::{Bad, Fields, Key, bad};
use super::labels::{Labels, UNSPECIFIED};
use super::state::{Open, Read, State, check_ply, ply_byte, ply_matches, row_index};
use super::{selective, tables, tries};
use killerscope_chess::{Move, Position};
use killerscope_engine::score::format_uci;
use killerscope_log::Board;
use killerscope_log::{Bound, Event, MoveSource, NodeKind, ReSearchReason, StaticKind};

impl State {
    /// The state after the header: nothing open yet.
    pub fn new(root: Position, labels: Labels) -> State {
        State {
            board: Board::new(root.clone()),
            root,
            labels,
            stack: Vec::new(),
            rows: Vec::new(),
            nodes: 0,
            fail_hard: false,
        }
    }

    /// The innermost open node, for an event that belongs to one.
    pub(super) fn node(&self) -> Result<Open, Bad> {
        match self.stack.last() {
            Some(node) => Ok(*node),
            None => bad(0, "outside any node: no node_enter is open"),
        }
    }

    /// The innermost open node, for an event of that node itself: the event's ply, when it
    /// gives one, must be the node's.
    pub(super) fn own_node(&self, f: &Fields) -> Result<Open, Bad> {
        let node = self.node()?;
        check_ply(f, &node)?;
        Ok(node)
    }

    /// A move that must be legal at the innermost node.
    pub(super) fn legal(&self, f: &Fields, key: Key) -> Result<Option<Move>, Bad> {
        match f.mv(key)? {
            None => Ok(None),
            Some(None) => Ok(Some(Move::NULL)),
            Some(Some(text)) => {
                let col = f.col(key);
                let pending = self.stack.last().and_then(|n| n.illegal);
                let read =
                    self.board
                        .legal(text)
                        .or_else(|err| match self.board.illegal_try(text) {
                            Ok(mv) if Some(mv) == pending => Ok(mv),
                            _ => Err(err),
                        });
                read.map(Some).map_err(|what| Bad {
                    col,
                    what: format!("\"{}\": {what}", key.name()),
                })
            }
        }
    }

    /// A move that must be legal here and present.
    pub(super) fn searched(&self, f: &Fields) -> Result<Move, Bad> {
        match f.need(Key::Move, self.legal(f, Key::Move)?)? {
            mv if mv.is_null() => bad(f.col(Key::Move), "\"move\" must be a move here, not null"),
            mv => Ok(mv),
        }
    }

    pub(super) fn source(&mut self, f: &Fields) -> Result<Option<MoveSource>, Bad> {
        let Some(label) = f.string(Key::Source)? else {
            return Ok(None);
        };
        let col = f.col(Key::Source);
        self.labels
            .source(label)
            .map(Some)
            .map_err(|what| Bad { col, what })
    }

    /// Reads the event `kind` from `f`; `Ok(None)` for a kind this schema does not have.
    pub fn event(&mut self, kind: &str, f: &Fields) -> Result<Option<Read>, Bad> {
        let no_pv = |e: Event| Ok(Some(Read::of(e)));
        match kind {
            "node_enter" => self.node_enter(f).map(Some),
            "node_exit" => self.node_exit(f).and_then(no_pv),
            "move_tried" => tries::move_tried(self, f).map(Some),
            "illegal" => tries::illegal(self, f).and_then(no_pv),
            "cutoff" => self.cutoff(f).and_then(no_pv),
            "killer_store" => tables::killer_store(self, f).and_then(no_pv),
            "mate_killer_store" => {
                let node = self.node()?;
                let ply = row_index(f, &node)?;
                let mv = self.searched(f)?;
                no_pv(Event::MateKillerStore { ply, mv })
            }
            "counter_store" => tables::counter_store(self, f).and_then(no_pv),
            "null_move" => selective::null_move(self, f).and_then(no_pv),
            "reduction" => {
                self.own_node(f)?;
                let mv = self.searched(f)?;
                let by = f.need(Key::By, f.int(Key::By, 0, 255)?)? as u8;
                no_pv(Event::Reduction { mv, by })
            }
            "re_search" => {
                self.own_node(f)?;
                let mv = self.searched(f)?;
                let reason = f.named(Key::Reason, ReSearchReason::ALL, ReSearchReason::name)?;
                let reason = reason.unwrap_or(ReSearchReason::Reduction);
                no_pv(Event::ReSearch { mv, reason })
            }
            "pruned" => selective::pruned(self, f).and_then(no_pv),
            "static_score" => {
                let node = self.own_node(f)?;
                let kind = f.named(Key::Kind, StaticKind::ALL, StaticKind::name)?;
                let kind = f.need(Key::Kind, kind)?;
                let score = f.need(Key::Score, f.score(Key::Score, node.ply)?)?;
                no_pv(Event::StaticScore { kind, score })
            }
            "aspiration" => selective::aspiration(f).and_then(no_pv),
            "tt_hit" => selective::tt_hit(self, f).and_then(no_pv),
            "iteration" => tables::iteration(self, f).map(|(event, pv)| {
                Some(Read {
                    before: None,
                    event,
                    pv,
                })
            }),
            _ => Ok(None),
        }
    }

    pub(super) fn unspecified(&mut self) -> Result<MoveSource, Bad> {
        self.labels
            .source(UNSPECIFIED)
            .map_err(|what| Bad { col: 0, what })
    }

    fn node_enter(&mut self, f: &Fields) -> Result<Read, Bad> {
        let parent = self.stack.last().copied();
        let given = f.int(Key::Ply, 0, i64::from(u32::MAX))?.map(|p| p as u32);
        // No move at the parent's own ply: the parent's position searched again (internal
        // iterative deepening, a verification search), as Texel's tree logs record it.
        let same = matches!((parent, given, f.mv(Key::Move)?), (Some(p), Some(g), Some(None)) if ply_matches(g, p.ply));
        let ply = match (parent, given) {
            (Some(p), _) if same => p.ply,
            (Some(p), Some(g)) if !ply_matches(g, p.ply + 1) => {
                return bad(
                    f.col(Key::Ply),
                    format!(
                        "\"ply\" is {g}, but the open node is at ply {}: a child is one ply deeper",
                        p.ply
                    ),
                );
            }
            (Some(p), _) => p.ply + 1,
            (None, g) => g.unwrap_or(0),
        };
        let depth = f.need(Key::Depth, f.int(Key::Depth, -128, 127)?)? as i8;
        let alpha = f.need(Key::Alpha, f.score(Key::Alpha, ply)?)?;
        let beta = f.need(Key::Beta, f.score(Key::Beta, ply)?)?;
        let kind = f.named(Key::Kind, NodeKind::ALL, NodeKind::name)?;
        let kind = kind.unwrap_or(NodeKind::Main);
        let mut before = None;
        let mv = if same {
            self.board.enter_same();
            Move::NULL
        } else if let Some(parent) = parent {
            let mv = self.legal(f, Key::Move)?;
            let mv = f.need(Key::Move, mv).map_err(|b| Bad {
                what: format!("{} (null for a null move)", b.what),
                ..b
            })?;
            let announced = parent.illegal == Some(mv);
            let en_prise = self.board.enter((!mv.is_null()).then_some(mv), announced);
            if mv.is_null() && en_prise && !announced {
                before = Some(Event::Illegal { mv });
            }
            if let Some(open) = self.stack.last_mut() {
                open.illegal = None;
            }
            mv
        } else {
            let mv = match f.mv(Key::Move)? {
                Some(Some(text)) if ply > 0 => Board::syntax(text).map_err(|what| Bad {
                    col: f.col(Key::Move),
                    what,
                })?,
                Some(Some(_)) => {
                    return bad(
                        f.col(Key::Move),
                        "a top-level node at ply 0 is the root: its \"move\" must be null",
                    );
                }
                _ => Move::NULL,
            };
            self.board.enter_top(ply);
            mv
        };
        self.stack.push(Open {
            ply,
            alpha,
            beta,
            tried: 0,
            last: None,
            entered_by: mv,
            illegal: None,
        });
        self.nodes += 1;
        let event = Event::NodeEnter {
            ply: ply_byte(ply),
            depth,
            kind,
            mv,
            alpha,
            beta,
        };
        Ok(Read {
            before,
            event,
            pv: Vec::new(),
        })
    }

    fn node_exit(&mut self, f: &Fields) -> Result<Event, Bad> {
        let Some(&node) = self.stack.last() else {
            return bad(0, "an exit without an enter: no node is open");
        };
        check_ply(f, &node)?;
        let score = f.need(Key::Score, f.score(Key::Score, node.ply)?)?;
        if self.fail_hard && !(node.alpha..=node.beta).contains(&score) {
            return bad(
                f.col(Key::Score),
                format!(
                    "score {} lies outside the node's window [{}, {}], but the header says the \
                     engine is fail-hard (\"fail\": \"hard\"), which clamps every score to it",
                    format_uci(score),
                    format_uci(node.alpha),
                    format_uci(node.beta)
                ),
            );
        }
        let bound = match f.named(Key::Bound, Bound::ALL, Bound::name)? {
            Some(b) => b,
            None if score <= node.alpha => Bound::Upper,
            None if score >= node.beta => Bound::Lower,
            None => Bound::Exact,
        };
        Ok(self.close(score, bound))
    }

    /// Closes the innermost node with `score` and `bound`.
    pub fn close(&mut self, score: i32, bound: Bound) -> Event {
        self.stack.pop();
        self.board.exit();
        Event::NodeExit { score, bound }
    }

    fn cutoff(&mut self, f: &Fields) -> Result<Event, Bad> {
        let node = self.own_node(f)?;
        let mv = self.searched(f)?;
        let score = f.need(Key::Score, f.score(Key::Score, node.ply)?)?;
        let beta = f.score(Key::Beta, node.ply)?.unwrap_or(node.beta);
        if score < beta {
            return bad(
                f.col(Key::Score),
                format!(
                    "cutoff score {} is below its beta {}: a cutoff needs score >= beta",
                    format_uci(score),
                    format_uci(beta)
                ),
            );
        }
        let tried = node.last.filter(|&(m, ..)| m == mv);
        let index = match f.int(Key::Index, 0, 255)? {
            Some(i) => i as u8,
            None => tried.map_or(node.tried.min(255) as u8, |(_, i, _)| i),
        };
        let source = match (self.source(f)?, tried) {
            (Some(s), _) => s,
            (None, Some((_, _, s))) => s,
            (None, None) => self.unspecified()?,
        };
        Ok(Event::Cutoff {
            mv,
            index,
            source,
            score,
            beta,
        })
    }
}
