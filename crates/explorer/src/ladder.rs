//! The ordering ladder in the compare view (`O`): the position on screen searched to the
//! explorer's depth under every rung of `search::ladder` — the worst order, a random one,
//! generation order, MVV-LVA, + killers, + history, + TT, the oracle — beside the Knuth–Moore
//! count of the minimal tree, the numbers `compare --ladder` prints. It runs on the runtime's
//! thread (`Effect::Ladder`, stoppable with `s` / Esc), reports each rung as it starts
//! (`Notice::LadderClimbing`, for the status line) and its ladder at the end
//! (`Notice::LadderClimbed`).

use std::sync::atomic::{AtomicBool, Ordering};

use super::job_slot::JobSlot;
use super::status::Message;
use killerscope_chess::Position;
use killerscope_engine::{ladder::Ladder, ladder::climb, ladder::rungs};

/// The random rung's seed: `compare --ladder`'s default, so the two give the same tree.
pub const SEED: u64 = 1;
/// The hash size of every rung's search, `compare`'s default.
pub const HASH_MIB: usize = 16;

/// Which position and depth a ladder is of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderKey {
    /// The position, as FEN.
    pub fen: String,
    /// The depth every rung searched to.
    pub depth: u8,
}

/// What the runtime climbs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderRequest {
    /// The position and depth.
    pub key: LadderKey,
    /// The position.
    pub root: Position,
}

/// The ladder's state: the one being climbed (and how far), and the last one climbed.
#[derive(Debug, Default)]
pub struct LadderState {
    /// The ladder being climbed (with the rungs started so far), and the last one climbed.
    pub slot: JobSlot<LadderKey, usize, Ladder>,
}

impl LadderState {
    /// `O` on `root` at `depth`: the climb to run and what the status line says, or what to say
    /// instead (one is running, or this one is on screen already).
    pub fn start(
        &mut self,
        root: &Position,
        depth: u8,
    ) -> Result<(String, LadderRequest), Message> {
        let key = LadderKey {
            fen: root.to_fen(),
            depth,
        };
        if self.slot.running().is_some() {
            return Err(Message::info(
                "the ladder is being climbed: s or Esc stops it",
            ));
        }
        if self.slot.is_done(&key) {
            return Err(Message::info(
                "the ladder of this position at this depth is on screen (change either and O climbs again)",
            ));
        }
        self.slot.begin(key.clone(), 0);
        let said = progress(0, depth);
        let request = LadderRequest {
            key,
            root: root.clone(),
        };
        Ok((said, request))
    }

    /// The climb has started `started` rungs: the status line's words.
    pub fn climbing(&mut self, started: usize) -> Option<String> {
        let (key, at) = self.slot.progress()?;
        *at = started;
        Some(progress(started, key.depth))
    }

    /// The climb of `key` ended with `ladder`: kept for the panel; the status line's words.
    pub fn finish(&mut self, key: LadderKey, ladder: Ladder) -> String {
        self.slot.end(&key);
        let said = match (ladder.oracle(), ladder.rungs.first()) {
            (Some((_, oracle)), Some((_, worst))) if oracle.nodes > 0 => format!(
                "ordering ladder at depth {}: the worst order searched {:.0}× the oracle's nodes",
                key.depth,
                worst.nodes as f64 / oracle.nodes as f64
            ),
            _ => format!("ordering ladder at depth {}: climbed", key.depth),
        };
        self.slot.keep(key, ladder);
        said
    }

    /// The climb stopped before the top.
    pub fn stopped(&mut self) -> Option<String> {
        self.slot
            .stop()
            .then(|| "ordering ladder: stopped before the last rung".to_string())
    }
}

/// "ordering ladder at depth 5: rung 3 of 9 (generation order)…"
fn progress(started: usize, depth: u8) -> String {
    let all = rungs(SEED);
    let at = started.clamp(1, all.len());
    let name = all.get(at - 1).map_or("", |r| r.name);
    format!(
        "ordering ladder at depth {depth}: rung {at} of {} ({name})… s or Esc stops",
        all.len()
    )
}

/// Climbs every rung for `request` (the runtime calls this on its thread), `on_rung` told how
/// many rungs have started; `None` once `stop` is set.
pub fn run(
    request: &LadderRequest,
    stop: &AtomicBool,
    on_rung: &mut dyn FnMut(usize),
) -> Option<Ladder> {
    let mut started = 0;
    let mut told = |_: &str| {
        started += 1;
        on_rung(started);
    };
    let ladder = climb(
        &request.root,
        request.key.depth,
        &rungs(SEED),
        HASH_MIB,
        &mut told,
        stop,
    );
    (!stop.load(Ordering::Relaxed)).then_some(ladder)
}
