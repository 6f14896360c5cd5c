//! What each node did with its killers, beside the node walk: the killer tries in order (each
//! with its source and, for a per-row slot, the slot), and whether a killer cut it off. The
//! workbench's killer figures — `log query`'s `killer_tried`, `killer_cut`, `cut.slot` and
//! `killer_slots`, `log report`'s killer table — read it from here, by the log's own source
//! table (which sources are killers, which slot each is), so another engine's killers count
//! whatever it calls them.
//!
//! It keeps a frame per open node beside [`NodeWalk`]'s own stack and hands both out together
//! as a node closes: memory grows with the search's depth, never with the log's length.

use killerscope_log::NodeEntry;
use killerscope_log::SourceTable;
use killerscope_log::{Event, MoveSource};
use killerscope_trace::{NodeWalk, WalkPath, WalkedNode};

/// One killer try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KillerTry {
    /// The source that placed it.
    pub source: MoveSource,
    /// Its 0-based slot, when the source is a per-row slot.
    pub slot: Option<u8>,
}

/// A node's killer tries and cutoff.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NodeKillers {
    /// The killer tries, in order.
    pub tries: Vec<KillerTry>,
    /// The killer that cut the node off, if one did.
    pub cut: Option<KillerTry>,
}

impl NodeKillers {
    /// Killer moves tried.
    pub fn tried(&self) -> u32 {
        self.tries.len() as u32
    }

    /// The slots tried, 0-based, in the order tried (unslotted killers left out).
    pub fn slots(&self) -> impl Iterator<Item = u8> + '_ {
        self.tries.iter().filter_map(|t| t.slot)
    }

    /// Whether a later slot was tried before an earlier one.
    pub fn inverted(&self) -> bool {
        let mut top = None;
        for slot in self.slots() {
            if top.is_some_and(|t| slot < t) {
                return true;
            }
            top = top.max(Some(slot));
        }
        false
    }

    /// The 1-based slots tried, in order, as the digits of one number (K2 then K1: 21; none:
    /// 0). A slot past the ninth is written as 9.
    pub fn slot_digits(&self) -> i64 {
        self.slots()
            .fold(0i64, |n, s| n.saturating_mul(10) + i64::from(s.min(8)) + 1)
    }
}

/// The node walk with each node's killers.
pub struct KillerWalk {
    walk: NodeWalk,
    /// For each source code: `None` when it is no killer, else its slot.
    kinds: Box<[Option<Option<u8>>; 256]>,
    stack: Vec<NodeKillers>,
    open: usize,
}

impl KillerWalk {
    /// `walk` (following positions or not), with killers told apart by `sources`.
    pub fn new(walk: NodeWalk, sources: &SourceTable) -> KillerWalk {
        let mut kinds = Box::new([None; 256]);
        for (code, kind) in kinds.iter_mut().enumerate() {
            let source = MoveSource::from_code(code as u8);
            if sources.is_killer(source) {
                *kind = Some(sources.killer_slot(source));
            }
        }
        KillerWalk {
            walk,
            kinds,
            stack: Vec::new(),
            open: 0,
        }
    }

    /// Nodes entered so far.
    pub fn nodes_entered(&self) -> u64 {
        self.walk.nodes_entered()
    }

    fn killer(&self, source: MoveSource) -> Option<KillerTry> {
        self.kinds[usize::from(source.code())].map(|slot| KillerTry { source, slot })
    }

    fn top(&mut self) -> Option<&mut NodeKillers> {
        self.open.checked_sub(1).map(|k| &mut self.stack[k])
    }

    /// Folds in the next events, handing every node that closes to `on_node` with its killers.
    pub fn feed(
        &mut self,
        chunk: &[Event],
        on_node: &mut dyn FnMut(&WalkedNode, &WalkPath<'_>, &NodeKillers),
    ) {
        for event in chunk {
            match *event {
                _ if NodeEntry::of(event).is_some() => {
                    if self.open == self.stack.len() {
                        self.stack.push(NodeKillers::default());
                    }
                    let frame = &mut self.stack[self.open];
                    frame.tries.clear();
                    frame.cut = None;
                    self.open += 1;
                }
                Event::MoveTried { source, .. } => {
                    if let Some(k) = self.killer(source)
                        && let Some(frame) = self.top()
                    {
                        frame.tries.push(k);
                    }
                }
                Event::Cutoff { source, .. } => {
                    let k = self.killer(source);
                    if let Some(frame) = self.top() {
                        frame.cut = k;
                    }
                }
                _ => {}
            }
            let KillerWalk {
                walk, stack, open, ..
            } = self;
            walk.feed(std::slice::from_ref(event), &mut |node, path| {
                if let Some(k) = open.checked_sub(1) {
                    on_node(node, path, &stack[k]);
                    *open = k;
                }
            });
        }
    }

    /// After the last event: the nodes still open, innermost first, with no result.
    pub fn finish(self, on_node: &mut dyn FnMut(&WalkedNode, &WalkPath<'_>, &NodeKillers)) {
        let KillerWalk {
            walk,
            stack,
            mut open,
            ..
        } = self;
        walk.finish(&mut |node, path| {
            if let Some(k) = open.checked_sub(1) {
                on_node(node, path, &stack[k]);
                open = k;
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tries(slots: &[Option<u8>]) -> NodeKillers {
        NodeKillers {
            tries: slots
                .iter()
                .map(|&slot| KillerTry {
                    source: MoveSource::from_code(3),
                    slot,
                })
                .collect(),
            cut: None,
        }
    }

    #[test]
    fn slots_in_try_order_and_inversions() {
        let k = tries(&[Some(1), None, Some(0)]);
        assert_eq!(k.tried(), 3);
        assert_eq!(k.slot_digits(), 21);
        assert!(k.inverted());
        let k = tries(&[Some(0), Some(0), Some(2)]);
        assert_eq!(k.slot_digits(), 113);
        assert!(!k.inverted());
        assert_eq!(tries(&[]).slot_digits(), 0);
        assert_eq!(tries(&[Some(200)]).slot_digits(), 9);
    }
}
