//! The search as it stood at one event index: per-cell killer counts, the latest killer action
//! per killer row, and the cutoff statistics — a fold over the event log's prefix. (The killer
//! rows themselves come from `trace::Replay`.) A killer row is a ply, or a remaining depth when
//! the log's search indexed killers by depth (`killerindex=depth`).
//! A `fold::Cursor` moves it along the timeline.

use std::collections::HashMap;

use killerscope_chess::Move;
use killerscope_engine::CutoffStats;
use killerscope_log::SearchObserver;
use killerscope_log::{Event, SourceTable};

use super::fold::Fold;

/// What last happened to a ply's killer row: drives the cutoff / new-store markers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KillerMark {
    /// The killer in this slot (0-based) just produced a beta cutoff.
    Cutoff(u8),
    /// A move was just stored in slot 0 (the others shifted down).
    Stored,
}

/// How often a move was tried as a killer at a ply, and how often it cut off.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KillerCount {
    /// Times searched from a killer slot.
    pub tried: u32,
    /// Times it then failed high.
    pub cutoffs: u32,
}

/// The folded state at `applied` events.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scan {
    applied: usize,
    /// Killer rows are remaining depths rather than plies.
    rows_by_depth: bool,
    /// The killer row of every open node, innermost last.
    rows: Vec<u8>,
    marks: Vec<Option<KillerMark>>,
    counts: HashMap<(u8, Move), KillerCount>,
    /// The event index of the latest store of each move in each killer row (mate killers
    /// included): where it was stored, so it can be written from the position it was a move of.
    stores: HashMap<(u8, Move), usize>,
    stats: CutoffStats,
    depth: u8,
    score: Option<i32>,
    /// The node count the last finished iteration reported.
    reported: u64,
}

impl Scan {
    /// Number of events folded in.
    pub fn applied(&self) -> usize {
        self.applied
    }

    /// The latest killer action in killer row `row`.
    pub fn mark(&self, row: usize) -> Option<KillerMark> {
        self.marks.get(row).copied().flatten()
    }

    /// Killer tries and cutoffs of `mv` in killer row `row`.
    pub fn count(&self, row: usize, mv: Move) -> KillerCount {
        u8::try_from(row)
            .ok()
            .and_then(|p| self.counts.get(&(p, mv)).copied())
            .unwrap_or_default()
    }

    /// The index of the event that last stored `mv` in killer row `row` (as a killer or a mate
    /// killer), if any did.
    pub fn stored_at(&self, row: usize, mv: Move) -> Option<usize> {
        u8::try_from(row)
            .ok()
            .and_then(|r| self.stores.get(&(r, mv)).copied())
    }

    /// Cutoff statistics over the folded events.
    pub fn stats(&self) -> &CutoffStats {
        &self.stats
    }

    /// Deepest finished iteration and its score, if any finished.
    pub fn finished(&self) -> Option<(u8, i32)> {
        self.score.map(|s| (self.depth, s))
    }

    /// The node count the engine reported at its last finished iteration, when it is more than
    /// the log holds: an engine seen through UCI (or a trace of a part of a search) counts nodes
    /// it never wrote, and a rate of the written ones alone would be off by that much.
    pub fn reported_beyond_log(&self) -> Option<u64> {
        Some(self.reported).filter(|&n| n > self.stats.nodes())
    }

    /// Folds one more event in: the statistics through the search's own `CutoffStats`, the
    /// killer counts and marks here, killers being the sources the log's table calls killers.
    pub fn apply(&mut self, event: &Event, sources: &SourceTable) {
        self.applied += 1;
        self.stats.observe(*event);
        match *event {
            Event::NodeEnter { ply, depth, .. } => {
                let row = if self.rows_by_depth {
                    depth.max(0) as u8
                } else {
                    ply
                };
                self.rows.push(row);
            }
            Event::MoveTried { mv, source, .. } => {
                if let (Some(_), Some(&row)) = (sources.killer_slot(source), self.rows.last()) {
                    self.counts.entry((row, mv)).or_default().tried += 1;
                }
            }
            Event::Cutoff { mv, source, .. } => {
                if let (Some(slot), Some(&row)) = (sources.killer_slot(source), self.rows.last()) {
                    self.counts.entry((row, mv)).or_default().cutoffs += 1;
                    *self.mark_slot(row) = Some(KillerMark::Cutoff(slot));
                }
            }
            // A store event names the row it changed, ply or depth.
            Event::KillerStore { ply: row, mv, .. } => {
                self.stores.insert((row, mv), self.applied - 1);
                *self.mark_slot(row) = Some(KillerMark::Stored);
            }
            Event::MateKillerStore { ply, mv } => {
                self.stores.insert((ply, mv), self.applied - 1);
            }
            Event::NodeExit { .. } => {
                self.rows.pop();
            }
            Event::Iteration {
                depth,
                score,
                nodes,
            } => {
                self.depth = depth;
                self.score = Some(score);
                self.reported = nodes.get();
            }
            // Kinds that touch no killer count or mark (new kinds too).
            _ => {}
        }
    }

    fn mark_slot(&mut self, row: u8) -> &mut Option<KillerMark> {
        let row = usize::from(row);
        if self.marks.len() <= row {
            self.marks.resize(row + 1, None);
        }
        &mut self.marks[row]
    }
}

/// The timeline's fold, movable to any event index.
pub type Cursor = super::fold::Cursor<Scan>;

impl Scan {
    /// The state before any event of a log whose killer rows are remaining depths (`true`) or
    /// plies.
    pub fn start(rows_by_depth: bool) -> Scan {
        Scan {
            rows_by_depth,
            ..Scan::default()
        }
    }
}

impl Fold for Scan {
    fn applied(&self) -> usize {
        self.applied
    }

    fn apply(&mut self, event: &Event, sources: &SourceTable) {
        Scan::apply(self, event, sources);
    }

    fn restart(&self) -> Scan {
        Scan::start(self.rows_by_depth)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::fold::CHECKPOINT_EVERY;
    use killerscope_chess::Position;
    use killerscope_engine::{HeaderSettings, Limits, SearchConfig, Searcher};
    use killerscope_log::{LogHeader, Recorder};
    use std::sync::atomic::AtomicBool;

    fn puzzle_events() -> Vec<Event> {
        let fen = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";
        let root = Position::from_fen(fen).expect("valid FEN");
        let header = LogHeader::new(fen, &Default::default(), &Limits::depth(5));
        let mut recorder = Recorder::new(header);
        let stop = AtomicBool::new(false);
        Searcher::new(SearchConfig::default()).search(
            &root,
            &[],
            &Limits::depth(5),
            &stop,
            &mut recorder,
            &mut |_| {},
        );
        recorder.into_log().events().to_vec()
    }

    fn fresh(events: &[Event], n: usize) -> Scan {
        let mut scan = Scan::default();
        for e in &events[..n] {
            scan.apply(e, &SourceTable::builtin());
        }
        scan
    }

    #[test]
    fn seeking_anywhere_equals_a_fresh_fold() {
        let events = puzzle_events();
        assert!(
            events.len() > 3 * CHECKPOINT_EVERY,
            "the log spans several checkpoints"
        );
        let mut cursor = Cursor::new(Scan::start(false));
        let targets = [
            events.len(),
            100,
            2 * CHECKPOINT_EVERY + 17,
            CHECKPOINT_EVERY,
            CHECKPOINT_EVERY - 1,
            0,
            events.len() + 5,
            3 * CHECKPOINT_EVERY + 1,
        ];
        for target in targets {
            cursor.seek(&events, &SourceTable::builtin(), target);
            let expected = fresh(&events, target.min(events.len()));
            assert_eq!(cursor.fold(), &expected, "seek to {target}");
        }
    }

    #[test]
    fn killer_marks_and_counts_follow_the_events() {
        let events = puzzle_events();
        let scan = fresh(&events, events.len());
        let stats = scan.stats();
        assert!(stats.killer_stores > 0 && stats.killer_cutoffs_total() > 0);
        let (tried, cut): (u64, u64) = scan
            .counts
            .values()
            .map(|c| (u64::from(c.tried), u64::from(c.cutoffs)))
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
        assert!(tried >= stats.killer_tries_total());
        assert!(cut >= stats.killer_cutoffs_total());
        let stored = events
            .iter()
            .rposition(|e| matches!(e, Event::KillerStore { .. }))
            .expect("a store");
        let Event::KillerStore { ply, .. } = events[stored] else {
            unreachable!("matched above")
        };
        let after = fresh(&events, stored + 1);
        assert_eq!(after.mark(usize::from(ply)), Some(KillerMark::Stored));
    }
}
