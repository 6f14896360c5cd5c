//! The ordering ladder in the compare view (`O`): the position on screen searched to the
//! explorer's depth under every rung of `search::ladder` — the worst order, a random one,
//! generation order, MVV-LVA, + killers, + history, + TT, the oracle — beside the Knuth–Moore
//! count of the minimal tree, the numbers `compare --ladder` prints. It runs on the runtime's
//! thread (`Effect::Job`, stoppable with `s` / Esc), publishes how many rungs it has started
//! (for the status line) and reports its ladder at the end; the compare view shows it on its
//! last page.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::action::{Action, Effect};
use crate::job_slot::JobSlot;
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, Rows};
use crate::mode::Mode;
use crate::status::Message;
use killerscope_chess::Position;
use killerscope_engine::{ladder::Ladder, ladder::climb, ladder::rungs};

use super::compare::{CompareAction, ComparePage};
use super::{Control, Cx, Hooks, Job, JobEvent, Stops, View};

/// What the ladder's key asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LadderAction {
    /// Climb the ordering ladder of the position at the next search's depth (worst order to
    /// the oracle's, beside Knuth–Moore) and show it in the compare view.
    Climb,
}

impl View for LadderState {
    type Action = LadderAction;
    /// The ladder climbed (`None`: stopped before its last rung).
    type Notice = (LadderKey, Option<Ladder>);

    fn keys() -> Vec<Binding> {
        let climb = Action::from(LadderAction::Climb);
        let mut normal = Rows::new(Context::Normal, Group::Search);
        let help = "ordering ladder: worst to oracle vs Knuth–Moore";
        normal.row(&[Char('O')], "O", climb.clone(), help);
        let mut compare = Rows::new(Context::Compare, Group::CompareView);
        let help = "the ordering ladder of the position (climbs it once)";
        compare.row(&[Char('O')], "O", climb, help);
        [normal.done(), compare.done()].concat()
    }

    fn update(&mut self, action: LadderAction, cx: &mut Cx) -> Vec<Effect> {
        let LadderAction::Climb = action;
        *cx.mode = Mode::Compare;
        cx.then(CompareAction::Page(ComparePage::Ladder));
        match self.start(&cx.setup.root, cx.setup.next.depth) {
            Ok((said, request)) => {
                cx.info(said);
                let stops = Stops {
                    on_stop_key: true,
                    on_new_search: false,
                };
                vec![Effect::Job(Job::new::<LadderState, _>(
                    request, stops, work,
                ))]
            }
            Err(said) => {
                cx.show(said);
                Vec::new()
            }
        }
    }

    fn job(&mut self, event: JobEvent<Self::Notice>, cx: &mut Cx) -> Vec<Effect> {
        let said = match event {
            JobEvent::Progress(climbed, _) => {
                self.climbing(usize::try_from(climbed).unwrap_or(usize::MAX))
            }
            JobEvent::Done((key, Some(ladder))) => Some(self.finish(key, ladder)),
            JobEvent::Done((_, None)) | JobEvent::Stopped | JobEvent::Lost => self.stopped(),
        };
        cx.say(said);
        Vec::new()
    }
}

impl Hooks for LadderState {
    fn busy(&self) -> bool {
        self.slot.running().is_some()
    }

    /// Leaving the compare view stops a climb still running.
    fn left(&mut self, mode: &Mode) -> Vec<Effect> {
        if *mode == Mode::Compare && self.busy() {
            vec![Effect::Stop]
        } else {
            Vec::new()
        }
    }
}

/// Climbs the request's ladder from the runtime's thread, on every core, publishing how many
/// rungs are climbed.
fn work(request: LadderRequest, control: &Control) -> (LadderKey, Option<Ladder>) {
    let on_climbed = |n: usize| control.progress(n as u64, 0);
    let climbed = run(&request, control.stop_flag(), &on_climbed);
    (request.key, climbed)
}

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

    /// The climb has climbed `climbed` rungs: the status line's words.
    pub fn climbing(&mut self, climbed: usize) -> Option<String> {
        let (key, at) = self.slot.progress()?;
        *at = climbed;
        Some(progress(climbed, key.depth))
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

/// "ordering ladder at depth 5: 3 of 9 rungs climbed…"
fn progress(climbed: usize, depth: u8) -> String {
    format!(
        "ordering ladder at depth {depth}: {climbed} of {} rungs climbed… s or Esc stops",
        rungs(SEED).len()
    )
}

/// Climbs every rung for `request` (the runtime calls this on its thread; the rungs run on
/// every core), `on_climbed` told how many rungs are climbed; `None` once `stop` is set.
pub fn run(
    request: &LadderRequest,
    stop: &AtomicBool,
    on_climbed: &(dyn Fn(usize) + Sync),
) -> Option<Ladder> {
    let ladder = climb(
        &request.root,
        request.key.depth,
        &rungs(SEED),
        HASH_MIB,
        on_climbed,
        stop,
    );
    (!stop.load(Ordering::Relaxed)).then_some(ladder)
}
