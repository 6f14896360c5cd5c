//! The seeded engine's move order: TT move, captures by MVV-LVA, the two killers of the node's
//! row, then the quiet moves in generation order — each move once — and the seeded bugs that
//! bend it.

use super::pseudo::{leaves_king_attacked, quiet_pseudo_legal};
use super::{Bug, Engine, Pick, mvv_lva};
use killerscope_chess::{Move, MoveList, Position};

const KILLER_LABELS: [&str; 3] = ["K1", "K2", "K3"];

/// The list being built: each move once, unless a seeded bug says otherwise.
struct List(Vec<Pick>);

impl List {
    fn has(&self, mv: Move) -> bool {
        self.0.iter().any(|p| p.mv == mv && !p.illegal)
    }

    fn push(&mut self, mv: Move, source: &'static str) {
        if !self.has(mv) {
            self.0.push(Pick {
                mv,
                source,
                illegal: false,
            });
        }
    }
}

impl Engine {
    /// Every move of the node at `ply` in the order it is tried.
    pub(super) fn order(
        &self,
        pos: &Position,
        legal: &MoveList,
        tt_move: Move,
        ply: usize,
    ) -> Vec<Pick> {
        let bug = self.bug;
        let mut list = List(Vec::new());
        let tt_legal = !tt_move.is_null() && legal.contains(tt_move);
        if tt_legal && bug != Bug::TtMoveNotFirst {
            list.push(tt_move, "tt");
        }
        let mut captures: Vec<Move> = legal.iter().filter(|m| !m.is_quiet()).collect();
        captures.sort_by_key(|&m| -mvv_lva(pos, m));
        for mv in captures {
            self.push_generated(&mut list, mv, tt_move, "capture");
        }
        if tt_legal && bug == Bug::TtMoveNotFirst {
            list.push(tt_move, "tt");
        }
        let quiets: Vec<Move> = legal.iter().filter(|m| m.is_quiet()).collect();
        let mut rest = quiets.as_slice();
        if bug == Bug::KillerAfterQuiet
            && let Some((&first, tail)) = rest.split_first()
            && !list.has(first)
            && !self.killers[ply].contains(&first)
        {
            list.push(first, "quiet");
            rest = tail;
        }
        self.killer_stage(&mut list, pos, legal, ply);
        for (k, &mv) in rest.iter().enumerate() {
            self.push_generated(&mut list, mv, tt_move, "quiet");
            if bug == Bug::TriedTwice && ply == 1 && k == 1 && rest.len() >= 3 && mv != tt_move {
                list.0.push(Pick {
                    mv,
                    source: "quiet",
                    illegal: false,
                });
            }
        }
        if bug == Bug::MoveNeverTried && ply > 0 && list.0.len() >= 4 {
            list.0.pop();
        }
        list.0
    }

    /// A move of a generated stage: once, except the TT move under `TtMoveTwice`.
    fn push_generated(&self, list: &mut List, mv: Move, tt_move: Move, source: &'static str) {
        if self.bug == Bug::TtMoveTwice && mv == tt_move {
            list.0.push(Pick {
                mv,
                source,
                illegal: false,
            });
        } else {
            list.push(mv, source);
        }
    }

    /// The killers of the node's row, in slot order (with the seeded killer bugs).
    fn killer_stage(&self, list: &mut List, pos: &Position, legal: &MoveList, ply: usize) {
        let row = match self.bug {
            Bug::RowMismatchRead => self.killers[ply.saturating_sub(2)],
            _ => self.killers[ply],
        };
        let mut slots: Vec<(usize, Move)> = row.iter().copied().enumerate().collect();
        if self.bug == Bug::SlotOrder {
            let place = |mv: Move| legal.iter().position(|m| m == mv).unwrap_or(usize::MAX);
            slots.sort_by_key(|&(_, mv)| place(mv));
        }
        for (slot, mv) in slots {
            if mv.is_null() || !mv.is_quiet() || list.has(mv) {
                continue;
            }
            let label_slot = if self.bug == Bug::SlotLabel {
                slot + 1
            } else {
                slot
            };
            let source = KILLER_LABELS[label_slot];
            if legal.contains(mv) {
                list.push(mv, source);
            } else if self.bug == Bug::IllegalKiller
                && quiet_pseudo_legal(pos, mv)
                && leaves_king_attacked(pos, mv)
            {
                list.0.push(Pick {
                    mv,
                    source,
                    illegal: true,
                });
            }
        }
    }
}
