//! The engine-side writer: what a Rust chess engine that is not killerscope — its own board, its
//! own move type — calls from its search to record it as a `.kslog`, 16 bytes an event.
//!
//! [`LogWriter`] is a thin, typed face on the recorder killerscope's own search records with:
//! each call builds one [`Event`] and hands it to a [`Recorder`] streaming to the file (its
//! buffer, its writer thread, its codec), so the bytes are killerscope's own and the cost per
//! event is a comparison and a 16-byte store, inlined where the engine calls it. Moves go
//! through [`LogMove`], which the engine implements for its move type; scores are on
//! killerscope's scale ([`MATE`], [`INFINITY`]).

use super::error::LogError;
use super::header::LogHeader;
use super::log::EventLog;
use super::recorder::Recorder;
use super::store::{InMemory, Store};
use super::stream::Streaming;
use super::stream_file::{LogOutput, StreamedLog};
use crate::{
    Bound, Event, KillerSlots, MAX_KILLER_SLOTS, MoveSource, NodeKind, PruneRule, ReSearchReason,
    SearchObserver, StaticKind, WindowOutcome,
};
use killerscope_chess::Move;
use std::io;
use std::path::Path;

/// The score of delivering mate at the root; a mate `p` plies from the root scores
/// `MATE - p` (being mated, `-(MATE - p)`), wherever in the tree it is reported.
pub const MATE: i32 = 32_000;

/// The widest window bound: the root's first window is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = MATE + 1;

/// The score of a mate `plies_from_root` plies from the root, for the side that mates.
pub const fn mate_score(plies_from_root: i32) -> i32 {
    MATE - plies_from_root
}

/// A move as a log stores it: implement it for your engine's move type. The log's [`Move`] is
/// 16 bits: from-square, to-square (a1 = 0, b1 = 1, …, h8 = 63) and a [`MoveFlag`] that must be
/// the one the position gives the move (a capture is a capture, castling is the king's move
/// with a castling flag, a pawn's two-square advance is a double push): every reader replays
/// the log's moves from its root and refuses one that does not fit. Build it with
/// [`Move::new`]; `Option<M>` is `Move::NULL` when `None` (no move: the root's, a null move's,
/// an empty TT entry's).
///
/// ```
/// use killerscope_log::{LogMove, Move, MoveFlag, Square};
///
/// /// An engine's own move: squares 0–63 from a1, and what kind of move it is.
/// #[derive(Clone, Copy)]
/// struct MyMove {
///     from: u8,
///     to: u8,
///     capture: bool,
///     promotion: Option<char>,
/// }
///
/// impl LogMove for MyMove {
///     fn log_move(self) -> Move {
///         let flag = match (self.promotion, self.capture) {
///             (Some('q'), false) => MoveFlag::PromoQueen,
///             (Some('q'), true) => MoveFlag::PromoCaptureQueen,
///             (None, true) => MoveFlag::Capture,
///             // … knights, bishops, rooks, castling, en passant, double pushes
///             _ => MoveFlag::Quiet,
///         };
///         Move::new(Square::from_index(self.from), Square::from_index(self.to), flag)
///     }
/// }
///
/// let exd5 = MyMove { from: 28, to: 35, capture: true, promotion: None };
/// assert_eq!(exd5.log_move().to_string(), "e4d5");
/// assert_eq!(None::<MyMove>.log_move(), Move::NULL);
/// ```
///
/// [`MoveFlag`]: killerscope_chess::MoveFlag
pub trait LogMove: Copy {
    /// The move in the log's encoding.
    fn log_move(self) -> Move;
}

impl LogMove for Move {
    #[inline(always)]
    fn log_move(self) -> Move {
        self
    }
}

impl<M: LogMove> LogMove for Option<M> {
    #[inline(always)]
    fn log_move(self) -> Move {
        self.map_or(Move::NULL, LogMove::log_move)
    }
}

/// A count that a record stores in a byte (a ply, an index), capped at 255 as every
/// killerscope writer caps it.
#[inline(always)]
fn byte(n: usize) -> u8 {
    n.min(255) as u8
}

/// A remaining depth, clamped to a signed byte.
#[inline(always)]
fn depth(d: i32) -> i8 {
    d.clamp(i32::from(i8::MIN), i32::from(i8::MAX)) as i8
}

/// Records one search as the engine runs it: open it with the header, call one method where
/// the search does each thing, and [`finish`](LogWriter::finish) it.
///
/// Into a `.kslog` file ([`LogWriter::create`]), buffered: events go to a buffer of 65,536
/// records that a writer thread takes whole, so the search never waits for the disk unless the
/// disk falls behind by several megabytes. A process killed before `finish` leaves a log that
/// reads, marked truncated, up to its last megabyte written; a writer dropped without `finish`
/// (an early return, a panic) finishes the log itself, marked truncated. Or into memory
/// ([`LogWriter::in_memory`]), for an engine's own tests of what it records.
#[derive(Debug)]
pub struct LogWriter<S: WriterStore = Streaming> {
    recorder: Recorder<S>,
    finished: bool,
}

/// Where a [`LogWriter`] keeps its events: [`Streaming`] to a file, [`InMemory`] in a vector.
pub trait WriterStore: Store + Sized {
    /// What a writer dropped without being finished does with its log.
    #[doc(hidden)]
    fn dropped(recorder: &mut Recorder<Self>);
}

impl WriterStore for Streaming {
    fn dropped(recorder: &mut Recorder<Streaming>) {
        // Nobody is left to hear of a failure: the file then stays unfinished, which reads.
        let _ = recorder.finish_now(true);
    }
}

impl WriterStore for InMemory {
    fn dropped(_: &mut Recorder<InMemory>) {}
}

impl LogWriter {
    /// Creates (or replaces) the log at `path` and writes `header` (see
    /// [`LogHeader::for_engine`]). A FIFO, a terminal or a directory is refused; an old log
    /// there is overwritten in place when nothing else has it open.
    pub fn create(path: impl AsRef<Path>, header: LogHeader) -> Result<LogWriter, LogError> {
        let recorder = Recorder::new(header).stream_to_file(path)?;
        Ok(LogWriter::of(recorder))
    }

    /// Writes the log to `out`, any seekable output that can be cut short (a test's in-memory
    /// file, say) instead of a path.
    pub fn to_output(out: Box<dyn LogOutput>, header: LogHeader) -> io::Result<LogWriter> {
        Ok(LogWriter::of(Recorder::new(header).stream_to(out)?))
    }

    /// Writes the last events, the PVs and the trailer: the log is complete. `Ok` says how
    /// many events it holds and whether it is truncated (the cap was reached, or a write
    /// failed: then `write_error` says why, and the file is still a valid log, cut short);
    /// `Err` that the file could not be finished.
    pub fn finish(mut self) -> Result<StreamedLog, LogError> {
        self.finished = true;
        self.recorder.finish_now(false)
    }
}

impl LogWriter<InMemory> {
    /// Keeps the log in memory, up to 4,000,000 events unless capped otherwise
    /// ([`with_cap`](LogWriter::with_cap)): what an engine's tests record into to look at
    /// the events with [`into_log`](LogWriter::into_log).
    pub fn in_memory(header: LogHeader) -> LogWriter<InMemory> {
        LogWriter::of(Recorder::new(header))
    }

    /// The log recorded, as every reader would read it back from a file.
    pub fn into_log(mut self) -> EventLog {
        self.finished = true;
        let empty = Recorder::new(LogHeader::default());
        std::mem::replace(&mut self.recorder, empty).into_log()
    }
}

impl<S: WriterStore> LogWriter<S> {
    fn of(recorder: Recorder<S>) -> LogWriter<S> {
        LogWriter {
            recorder,
            finished: false,
        }
    }

    /// Stops recording after `events` events (the search goes on; the log is marked
    /// truncated). Without a cap a file takes every event, up to what the disk holds.
    pub fn with_cap(mut self, events: u64) -> LogWriter<S> {
        self.recorder.set_cap(events);
        self
    }

    /// Records a raw event: the typed methods below each build one.
    #[inline(always)]
    pub fn event(&mut self, event: Event) {
        self.recorder.observe(event);
    }

    /// Events recorded so far.
    pub fn recorded(&self) -> u64 {
        self.recorder.recorded()
    }

    /// A node was entered: every call of the main search and of quiescence is one node. Its
    /// `ply` (root 0), remaining `depth` (after any extension; 0 or below in quiescence), the
    /// move that led here (`Move::NULL` or `None` at the root, and below it for a null move)
    /// and its window.
    #[inline(always)]
    pub fn node_enter(
        &mut self,
        ply: usize,
        remaining: i32,
        kind: NodeKind,
        led_by: impl LogMove,
        (alpha, beta): (i32, i32),
    ) {
        self.event(Event::NodeEnter {
            ply: byte(ply),
            depth: depth(remaining),
            kind,
            mv: led_by.log_move(),
            alpha,
            beta,
        });
    }

    /// The innermost open node returned `score`; `bound` says what it is (`Lower`: it failed
    /// high, `Upper`: it failed low).
    #[inline(always)]
    pub fn node_exit(&mut self, score: i32, bound: Bound) {
        self.event(Event::NodeExit { score, bound });
    }

    /// The node is about to search `mv`, the `index`-th (0-based) of its ordered list, placed
    /// there by the source the header declares as `source`. A PVS re-search of the same move is
    /// a second `node_enter`, with no second `move_tried`.
    #[inline(always)]
    pub fn move_tried(&mut self, mv: impl LogMove, index: usize, source: u8) {
        self.event(Event::MoveTried {
            mv: mv.log_move(),
            index: byte(index),
            source: MoveSource::from_code(source),
        });
    }

    /// `mv` (just searched) failed high: `score >= beta`.
    #[inline(always)]
    pub fn cutoff(&mut self, mv: impl LogMove, index: usize, source: u8, score: i32, beta: i32) {
        self.event(Event::Cutoff {
            mv: mv.log_move(),
            index: byte(index),
            source: MoveSource::from_code(source),
            score,
            beta,
        });
    }

    /// `mv` was stored as a killer in row `ply`; `slots` is the whole row after the store, slot 0
    /// first (at most 4 slots are kept).
    #[inline]
    pub fn killer_store<M: LogMove>(&mut self, ply: usize, mv: M, slots: &[M]) {
        let mut row = [Move::NULL; MAX_KILLER_SLOTS];
        for (to, from) in row.iter_mut().zip(slots) {
            *to = from.log_move();
        }
        let slots = KillerSlots::new(&row[..slots.len().min(MAX_KILLER_SLOTS)]);
        let (ply, mv) = (byte(ply), mv.log_move());
        self.event(Event::KillerStore { ply, mv, slots });
    }

    /// `mv` found a mate and became the mate killer of row `ply`.
    #[inline(always)]
    pub fn mate_killer_store(&mut self, ply: usize, mv: impl LogMove) {
        let (ply, mv) = (byte(ply), mv.log_move());
        self.event(Event::MateKillerStore { ply, mv });
    }

    /// `mv` became the countermove of the opponent's move keyed `key`: its piece × 64 + its
    /// to-square (pieces 0–5 white pawn, knight, bishop, rook, queen, king; 6–11 black).
    #[inline(always)]
    pub fn counter_store(&mut self, key: u16, mv: impl LogMove) {
        let mv = mv.log_move();
        self.event(Event::CounterStore { key, mv });
    }

    /// The transposition table had an entry for the node: its move (`None`: none), depth,
    /// score (as the node uses it: mates counted from the root), bound, and whether it ended
    /// the node without a search.
    #[inline(always)]
    pub fn tt_hit(&mut self, mv: impl LogMove, stored: i32, score: i32, bound: Bound, cut: bool) {
        self.event(Event::TtHit {
            mv: mv.log_move(),
            depth: depth(stored),
            score,
            bound,
            cutoff: cut,
        });
    }

    /// The node's score was settled without a move: a draw by rule, a mate, a stalemate, the
    /// ply limit, or a quiescence node's stand pat that no capture beat. Just before its exit.
    #[inline(always)]
    pub fn static_score(&mut self, kind: StaticKind, score: i32) {
        self.event(Event::StaticScore { kind, score });
    }

    /// The node searched a null move to `remaining` depth, `reduction` plies shallower than a
    /// move; its node (entered by `None` one ply down) comes before. `score` is from this
    /// node's side; `cut`: it failed high and ended the node.
    #[inline(always)]
    pub fn null_move(&mut self, remaining: i32, reduction: usize, score: i32, cut: bool) {
        self.event(Event::NullMove {
            depth: depth(remaining),
            reduction: byte(reduction),
            score,
            cutoff: cut,
        });
    }

    /// The next search of `mv` (just tried) is `by` plies shallower: a late move reduction.
    #[inline(always)]
    pub fn reduction(&mut self, mv: impl LogMove, by: usize) {
        let (mv, by) = (mv.log_move(), byte(by));
        self.event(Event::Reduction { mv, by });
    }

    /// `mv` is searched again at full depth: its reduced search failed high.
    #[inline(always)]
    pub fn re_search(&mut self, mv: impl LogMove) {
        let (mv, reason) = (mv.log_move(), ReSearchReason::Reduction);
        self.event(Event::ReSearch { mv, reason });
    }

    /// `mv` (`None`: the whole node) was pruned by `rule` without a search; `score` is the
    /// estimate the rule judged.
    #[inline(always)]
    pub fn pruned(&mut self, mv: impl LogMove, rule: PruneRule, score: i32) {
        let mv = mv.log_move();
        self.event(Event::Pruned { mv, rule, score });
    }

    /// A root aspiration window of iteration `depth` came back `outcome`; after the root node
    /// it judged.
    #[inline(always)]
    pub fn aspiration(&mut self, depth: usize, (alpha, beta): (i32, i32), outcome: WindowOutcome) {
        let depth = byte(depth);
        self.event(Event::Aspiration {
            depth,
            alpha,
            beta,
            outcome,
        });
    }

    /// The next try, `mv`, leaves the mover's king attacked (a pseudo-legal engine's move;
    /// `None`: the null-move node that follows is made in check). Before the `move_tried` it
    /// announces, which still takes its index.
    #[inline(always)]
    pub fn illegal(&mut self, mv: impl LogMove) {
        let mv = mv.log_move();
        self.event(Event::Illegal { mv });
    }

    /// Iterative deepening finished `depth`, after its root node's exit: the root score, the
    /// nodes searched so far in all, and the principal variation (legal from the root).
    pub fn iteration<M: LogMove>(&mut self, depth: usize, score: i32, nodes: u64, pv: &[M]) {
        let depth = byte(depth);
        let nodes = nodes.into();
        self.event(Event::Iteration {
            depth,
            score,
            nodes,
        });
        let pv: Vec<Move> = pv.iter().map(|m| m.log_move()).collect();
        self.recorder.iteration_pv(&pv);
    }
}

impl<S: WriterStore> Drop for LogWriter<S> {
    /// A file writer dropped without `finish` — an early return, a panic unwinding through the
    /// search — finishes its log marked truncated: it ends where the engine stopped.
    fn drop(&mut self) {
        if !self.finished {
            S::dropped(&mut self.recorder);
        }
    }
}
