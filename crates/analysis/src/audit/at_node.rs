//! The decisions of one node without a pass over the whole log, for the explorer's audit key:
//! the collector is fed the `NodeEnter` of every ancestor above the parent (the line and the
//! iteration), then the parent's own events and the node's own events, each child other than
//! the node reduced to its enter and its exit. That is all a decision of the node depends on —
//! the window, the alpha its move loop reached (children's scores), a reduction announced
//! before it and whether a re-search followed — so the decisions found are those the whole
//! log's `collect` finds for the node, for the cost of two nodes' children.

use super::{Collector, Decision};
use killerscope_log::Event;
use killerscope_log::EventSource;
use killerscope_trace::{NodeId, SearchTree};
use std::ops::Range;

/// The decisions `collect` would find for node `id` of `tree` (a null-move cut, a reverse
/// futility or mate distance prune, the futility prunes of its moves, or — for a reduced
/// move — the reduction that stood), in log order.
pub fn decisions_at<E: EventSource + ?Sized>(
    tree: &SearchTree,
    events: &E,
    id: NodeId,
) -> Vec<Decision> {
    let path = tree.path(id);
    let Some((_, above)) = path.split_last() else {
        return Vec::new();
    };
    let mut feeder = Feeder {
        tree,
        events,
        collector: Collector::new(),
    };
    match above.split_last() {
        Some((&parent, outer)) => {
            for &ancestor in outer {
                let at = tree.event_range(ancestor).start;
                feeder.feed(at..at + 1);
            }
            feeder.own(parent, Some(id));
        }
        None => feeder.own(id, None),
    }
    let node_event = tree.event_range(id).start;
    feeder
        .collector
        .finish()
        .into_iter()
        .filter(|d| d.node_event == node_event)
        .collect()
}

struct Feeder<'a, E: ?Sized> {
    tree: &'a SearchTree,
    events: &'a E,
    collector: Collector,
}

impl<E: EventSource + ?Sized> Feeder<'_, E> {
    fn feed(&mut self, range: Range<usize>) {
        if range.is_empty() {
            return;
        }
        self.collector.skip_to(range.start);
        let collector = &mut self.collector;
        self.events
            .for_each_chunk(range, &mut |chunk| collector.feed(chunk));
    }

    /// Feeds `node`'s own events, each child as its enter and exit only — except `inside`,
    /// whose own events are fed the same way, after which the feed stops at the next child.
    fn own(&mut self, node: NodeId, inside: Option<NodeId>) {
        let range = self.tree.event_range(node);
        let mut at = range.start;
        let mut passed = false;
        for child in self.tree.children(node) {
            let span = self.tree.event_range(child);
            self.feed(at..span.start);
            if passed {
                return; // the next move has started: a reduction of `inside` stood or not
            }
            if Some(child) == inside {
                self.own(child, None);
                passed = true;
            } else {
                self.feed(span.start..span.start + 1);
                let last = span.end.saturating_sub(1);
                let closed = last > span.start
                    && matches!(self.events.event(last), Some(Event::NodeExit { .. }));
                if !closed {
                    return; // the log ends inside this child
                }
                self.feed(last..span.end);
            }
            at = span.end;
        }
        self.feed(at..range.end);
    }
}
