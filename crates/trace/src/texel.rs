//! Texel's search tree logs, read into an event log so a Texel search opens in the explorer.
//!
//! Texel (Peter Österlund's UCI engine) can dump its whole search as a binary file of 18-byte
//! records (its `debug/treeLogger`): byte 0 the record type, then little-endian fields packed
//! without padding.
//!
//! | type | record | fields after the type byte |
//! | --- | --- | --- |
//! | 0, 1 | position, part 0 (0: forward links not yet computed) | `u32` next position's index, `u64` squares a1–h2 |
//! | 2 | position, part 1 | `u64` squares a3–h4, `u64` squares a5–h6 |
//! | 3 | position, part 2 | `u64` squares a7–h8, `u64` flags |
//! | 4 | node start | `u32` end index, `u32` parent index, `u16` move, `i16` alpha, `i16` beta, `u8` ply, `u16` depth |
//! | 5 | node end | `u32` start index, `i16` score, `u8` score type, `i16` static eval, `u64` hash key |
//!
//! A position packs 4 bits a square (the first square of each word in its top nibble; 0 empty,
//! 1–6 white K Q R B N P, 7–12 black), and its flags word holds, from the low bits up, the
//! full-move counter (16 bits), the half-move clock (8), the en-passant square (8, 255 none),
//! castling (4: white long, white short, black long, black short) and white to move (1). A
//! move is `from + 64·to + 4096·promotion` (a Texel piece code); `0` is Texel's empty move
//! (the null move of null-move pruning) and `b1b1` its "no move": a search of the *same*
//! position (internal iterative deepening, a singular-extension test, a null-move
//! verification), which becomes a node entered by no move at its parent's ply. Score types are
//! 1 exact, 2 at least (lower bound), 3 at most (upper bound). Mates are `32000 − ply`, as in
//! killerscope.
//!
//! A node's ply byte is checked against its nesting (one below its parent, the parent's own for
//! a search of the same position, 1 for a root move): a record that says otherwise is an error
//! naming it. Plies past 255 are kept faithfully: the byte holds the ply modulo 256, in Texel's
//! field as in a `.kslog`, and the nesting says the rest, so a line of any depth reads whole.
//!
//! Texel logs no node for the root position (it loops over the root moves itself): the import
//! adds one root holding every ply-1 node in the order searched, its score the best of theirs.
//! The first search of the file is read (a file may hold several, each starting with a
//! position); static evaluations and hash keys have no place in a `.kslog` and are dropped.
//! The log records no tries and no cutoffs; the nesting implies both (`tries.rs`).

mod ply;
mod position;
mod tries;

use killerscope_chess::{Move, PieceKind, Square};
use killerscope_engine::score::INFINITY;
use killerscope_log::Board;
use killerscope_log::EventLog;
use killerscope_log::LogHeader;
use killerscope_log::{Bound, Event, NodeKind};
use position::position_fen;
use std::fmt;
use std::io::{self, BufReader, Read};
use std::path::Path;
use tries::Tries;
pub use tries::{PRUNED_UNRECORDED, SEARCHED};

/// Size of one Texel record.
pub const RECORD: usize = 18;

const POSITION_INCOMPLETE: u8 = 0;
const POSITION_PART0: u8 = 1;
const POSITION_PART1: u8 = 2;
const POSITION_PART2: u8 = 3;
const NODE_START: u8 = 4;
const NODE_END: u8 = 5;
/// Texel's "no move" (`b1b1`): a search of the same position.
const NO_MOVE: u16 = 1 | (1 << 6);

/// Why a Texel log could not be read: what, at which record.
#[derive(Debug)]
pub struct TexelError {
    /// Index of the record (its byte offset is 18 times that).
    pub record: u64,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for TexelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Texel tree log: record {} (byte {}): {}",
            self.record,
            self.record * RECORD as u64,
            self.message
        )
    }
}

impl std::error::Error for TexelError {}

/// What an import read besides the events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TexelSummary {
    /// Records read.
    pub records: u64,
    /// Nodes read (the added root not counted).
    pub nodes: u64,
    /// Searches of the same position ("no move" nodes: IID, singular and verification searches).
    pub same_position: u64,
    /// Whether the file holds further searches after the first (not read).
    pub later_searches: bool,
    /// Nodes left open at the end (an interrupted search).
    pub open_at_end: u64,
}

/// Whether `head` (a file's first bytes) looks like a Texel tree log: a position's three
/// parts in its first three records.
pub fn sniff(head: &[u8]) -> bool {
    head.len() >= 3 * RECORD
        && matches!(head[0], POSITION_INCOMPLETE | POSITION_PART0)
        && head[RECORD] == POSITION_PART1
        && head[2 * RECORD] == POSITION_PART2
}

fn u16_at(r: &[u8; RECORD], at: usize) -> u16 {
    u16::from_le_bytes([r[at], r[at + 1]])
}

fn u32_at(r: &[u8; RECORD], at: usize) -> u32 {
    u32::from_le_bytes([r[at], r[at + 1], r[at + 2], r[at + 3]])
}

fn u64_at(r: &[u8; RECORD], at: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&r[at..at + 8]);
    u64::from_le_bytes(b)
}

/// Reads a Texel tree log into an event log.
pub struct TexelReader {
    board: Board,
    events: Vec<Event>,
    /// Open nodes: their start record's index, ply and window.
    stack: Vec<(u32, u32, i32, i32)>,
    /// The tries of the added root and of each open node (one more than `stack`).
    tries: Vec<Tries>,
    /// The position record's index.
    position: u32,
    /// Best score of the root's children, from the root's side.
    root_best: i32,
    summary: TexelSummary,
}

fn score(raw: i16) -> i32 {
    i32::from(raw).clamp(-INFINITY, INFINITY)
}

impl TexelReader {
    fn start(&mut self, index: u32, r: &[u8; RECORD]) -> Result<(), String> {
        let parent = u32_at(r, 5);
        let raw = u16_at(r, 9);
        let (alpha, beta) = (score(u16_at(r, 11) as i16), score(u16_at(r, 13) as i16));
        let depth = (u16_at(r, 16) as i16).clamp(-128, 127) as i8;
        let expected = self.stack.last().map_or(self.position, |n| n.0);
        if parent != expected {
            return Err(format!(
                "node start names parent {parent}, but the open node is {expected}"
            ));
        }
        let parent = self.stack.last().map(|n| n.1);
        let ply = ply::nested_ply(parent, raw == NO_MOVE, r[15])?;
        let mv = match raw {
            NO_MOVE => {
                self.summary.same_position += 1;
                self.board.enter_same();
                Move::NULL
            }
            0 => {
                self.board.enter(None, false);
                Move::NULL
            }
            raw => {
                let from = Square::from_index((raw & 63) as u8);
                let to = Square::from_index((raw >> 6 & 63) as u8);
                let promo = match raw >> 12 {
                    0 => None,
                    2 | 8 => Some(PieceKind::Queen),
                    3 | 9 => Some(PieceKind::Rook),
                    4 | 10 => Some(PieceKind::Bishop),
                    5 | 11 => Some(PieceKind::Knight),
                    p => return Err(format!("move promotes to piece code {p}")),
                };
                let mv = self.board.legal_parts((from, to, promo))?;
                self.board.enter(Some(mv), false);
                mv
            }
        };
        self.stack.push((index, ply, alpha, beta));
        self.summary.nodes += 1;
        // The added root's children are every iteration's root moves, which Texel loops over
        // itself: they are not one node's tries.
        if let Some(parent) = self.tries.last_mut().filter(|_| self.stack.len() > 1)
            && let Some(tried) = parent.child(mv)
        {
            self.events.push(tried);
        }
        self.tries.push(Tries::default());
        self.events.push(Event::NodeEnter {
            ply: ply::ply_byte(ply),
            depth,
            kind: NodeKind::Main,
            mv,
            alpha,
            beta,
        });
        Ok(())
    }

    fn end(&mut self, r: &[u8; RECORD]) -> Result<(), String> {
        let start = u32_at(r, 1);
        let Some(&(open, ply, alpha, beta)) = self.stack.last() else {
            return Err("node end with no node open".into());
        };
        if start != open {
            return Err(format!(
                "node end closes {start}, but the open node is {open}"
            ));
        }
        let value = score(u16_at(r, 5) as i16);
        let bound = match r[7] {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ if value <= alpha => Bound::Upper,
            _ if value >= beta => Bound::Lower,
            _ => Bound::Exact,
        };
        self.stack.pop();
        self.board.exit();
        if ply == 1 && self.stack.is_empty() {
            self.root_best = self.root_best.max(-value);
        }
        let tries = self.tries.pop().unwrap_or_default();
        if bound == Bound::Lower
            && let Some(cutoff) = tries.cutoff(beta)
        {
            self.events.push(cutoff);
        }
        self.events.push(Event::NodeExit {
            score: value,
            bound,
        });
        if let Some(parent) = self.tries.last_mut() {
            parent.child_ended(value);
        }
        Ok(())
    }
}

/// Reads the Texel tree log from `r` (the first search in it).
pub fn read_texel<R: Read>(r: R) -> Result<(EventLog, TexelSummary), TexelError> {
    let mut r = BufReader::with_capacity(1 << 16, r);
    let mut record = [0u8; RECORD];
    let fail = |record: u64, message: String| TexelError { record, message };
    let mut words = [0u64; 5];
    for k in 0..3u64 {
        read_record(&mut r, &mut record)
            .map_err(|m| fail(k, m))?
            .ok_or_else(|| {
                fail(
                    k,
                    "the file ends before the root position's three records".into(),
                )
            })?;
        let want = [POSITION_PART0, POSITION_PART1, POSITION_PART2][k as usize];
        if record[0] != want && !(k == 0 && record[0] == POSITION_INCOMPLETE) {
            return Err(fail(
                k,
                format!(
                    "record type {} where a position part {k} must be",
                    record[0]
                ),
            ));
        }
        match k {
            0 => words[0] = u64_at(&record, 5),
            1 => (words[1], words[2]) = (u64_at(&record, 1), u64_at(&record, 9)),
            _ => (words[3], words[4]) = (u64_at(&record, 1), u64_at(&record, 9)),
        }
    }
    let fen = position_fen(words).map_err(|m| fail(0, m))?;
    let root = killerscope_chess::Position::from_fen(&fen)
        .map_err(|e| fail(0, format!("the root position {fen} is not valid: {e}")))?;
    let mut header = LogHeader {
        fen,
        engine: "Texel (tree log)".into(),
        ..LogHeader::default()
    };
    header.sources = tries::sources();
    header.ordering = vec![(
        PRUNED_UNRECORDED.0.to_string(),
        PRUNED_UNRECORDED.1.to_string(),
    )];
    let mut reader = TexelReader {
        board: Board::new(root),
        events: vec![Event::NodeEnter {
            ply: 0,
            depth: 0,
            kind: NodeKind::Main,
            mv: Move::NULL,
            alpha: -INFINITY,
            beta: INFINITY,
        }],
        stack: Vec::new(),
        tries: vec![Tries::default()],
        position: 0,
        root_best: -INFINITY,
        summary: TexelSummary {
            records: 3,
            ..TexelSummary::default()
        },
    };
    reader.board.enter_top(0);
    let mut index = 3u64;
    while read_record(&mut r, &mut record)
        .map_err(|m| fail(index, m))?
        .is_some()
    {
        let at = u32::try_from(index)
            .map_err(|_| fail(index, "more records than Texel can number".into()))?;
        let step = match record[0] {
            NODE_START => reader.start(at, &record),
            NODE_END => reader.end(&record),
            POSITION_PART0 | POSITION_INCOMPLETE => {
                reader.summary.later_searches = true;
                break;
            }
            t => Err(format!("unknown record type {t}")),
        };
        step.map_err(|m| fail(index, m))?;
        index += 1;
        reader.summary.records = index;
    }
    reader.summary.open_at_end = reader.stack.len() as u64;
    let truncated = !reader.stack.is_empty();
    if !truncated {
        reader.events.push(Event::NodeExit {
            score: reader.root_best,
            bound: Bound::Exact,
        });
    }
    let summary = reader.summary;
    Ok((
        EventLog::from_parts(header, reader.events, Vec::new(), truncated),
        summary,
    ))
}

/// Fills `record` with the next record; `None` at a clean end of the file.
fn read_record<R: Read>(r: &mut R, record: &mut [u8; RECORD]) -> Result<Option<()>, String> {
    let mut done = 0;
    while done < RECORD {
        match r.read(&mut record[done..]) {
            Ok(0) if done == 0 => return Ok(None),
            Ok(0) => {
                return Err(format!(
                    "the file ends {done} bytes into a record; cut short?"
                ));
            }
            Ok(n) => done += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("cannot read: {e}")),
        }
    }
    Ok(Some(()))
}

/// Reads the Texel tree log at `path`.
pub fn read_texel_file(path: &Path) -> Result<(EventLog, TexelSummary), String> {
    let file = killerscope_log::files::open_input(path)
        .map_err(|e| format!("{}: cannot open: {e}", path.display()))?;
    read_texel(file).map_err(|e| format!("{}: {e}", path.display()))
}
