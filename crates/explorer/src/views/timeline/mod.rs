//! The timeline and its replay clock: stepping through the search's events one at a time, by
//! cutoff or killer cutoff, or playing them at a speed. The replay position belongs to the
//! session (`Session::seek`) and moving it selects the node the shown event belongs to; this
//! view holds the clock and carries out the keys.

use killerscope_log::Event;

use crate::action::Effect;
use crate::keys::KeyCode::Char;
use crate::keys::{Binding, Context, Group, KeyRow, Rows};
use crate::status::{Playback, SPEEDS};

use super::{Cx, Hooks, NoJob, View};

/// What the timeline's keys (and a lesson's steps) ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimelineAction {
    /// To the moment the selected node was finished (its killer store included).
    SeekNode,
    /// One event back.
    StepBack,
    /// One event forward.
    StepForward,
    /// To the previous beta cutoff.
    PrevCutoff,
    /// To the next beta cutoff.
    NextCutoff,
    /// To the next cutoff by a killer move.
    NextKillerCutoff,
    /// Start or pause the automatic replay.
    PlayPause,
    /// Replay slower.
    Slower,
    /// Replay faster.
    Faster,
    /// To the first `n` events, selecting the node of the last one (a lesson step).
    Seek(usize),
    /// To the end of the log.
    SeekEnd,
    /// To just after the selected node was entered: the killers and tables as the engine had
    /// them when it began ordering that node's moves (a lesson's question about the node,
    /// whose answer the moment after it would show).
    SeekNodeEntered,
}

/// The replay clock.
#[derive(Debug, Default)]
pub struct Timeline {
    /// Playing or not, and how fast.
    pub playback: Playback,
}

/// Stepping the timeline, in the normal view and the charts view.
#[rustfmt::skip]
pub fn stepping() -> [KeyRow; 4] {
    use TimelineAction as T;
    [
        (&[Char('[')], "[ ]", T::StepBack.into(),    "timeline: one event back / forward"),
        (&[Char(']')], "",    T::StepForward.into(), ""),
        (&[Char('{')], "{ }", T::PrevCutoff.into(),  "previous / next beta cutoff"),
        (&[Char('}')], "",    T::NextCutoff.into(),  ""),
    ]
}

/// Playing the replay, in the normal view and the charts view.
#[rustfmt::skip]
pub fn playing() -> [KeyRow; 3] {
    use TimelineAction as T;
    [
        (&[Char('p')], "p",   T::PlayPause.into(), "play / pause the replay"),
        (&[Char('<')], "< >", T::Slower.into(),    "replay slower / faster"),
        (&[Char('>')], "",    T::Faster.into(),    ""),
    ]
}

impl View for Timeline {
    type Action = TimelineAction;
    type Notice = NoJob;

    fn keys() -> Vec<Binding> {
        let mut rows = Rows::new(Context::Normal, Group::Timeline);
        let to_node = "timeline to the end of the selected node";
        rows.row(&[Char('t')], "t", TimelineAction::SeekNode.into(), to_node);
        rows.table(stepping());
        let killer = "next cutoff by a killer move";
        let next_killer = TimelineAction::NextKillerCutoff.into();
        rows.row(&[Char('K')], "K", next_killer, killer);
        rows.table(playing());
        rows.done()
    }

    fn update(&mut self, action: TimelineAction, cx: &mut Cx) -> Vec<Effect> {
        let said = self.apply(action, cx);
        cx.say(said);
        Vec::new()
    }
}

impl Hooks for Timeline {
    fn forget(&mut self) {
        self.playback.playing = false;
    }

    fn moving(&self) -> bool {
        self.playback.playing
    }

    fn halt(&mut self) {
        self.playback.playing = false;
    }

    /// Advances the replay clock by `millis`; returns whether the timeline moved.
    fn tick(&mut self, millis: u64, cx: &mut Cx) -> bool {
        let playback = &mut self.playback;
        if !playback.playing {
            return false;
        }
        let total = playback.carry + millis * u64::from(SPEEDS[playback.speed]) * 1000;
        let steps = total / 1_000_000;
        playback.carry = total % 1_000_000;
        if steps == 0 {
            return false;
        }
        let target = cx.session.position() + steps as usize;
        if target >= cx.session.events().len() && !cx.is_live() {
            playback.playing = false;
        }
        seek(cx, target);
        true
    }
}

impl Timeline {
    /// Applies a timeline or replay action; what the status line should say, if anything.
    fn apply(&mut self, action: TimelineAction, cx: &mut Cx) -> Option<String> {
        let position = cx.session.position();
        match action {
            TimelineAction::SeekNode => seek_selected(cx, |_, exit| exit),
            TimelineAction::StepBack => seek(cx, position.saturating_sub(1)),
            TimelineAction::StepForward => seek(cx, position + 1),
            TimelineAction::Seek(n) => seek(cx, n),
            TimelineAction::SeekEnd => {
                let end = cx.session.events().len();
                cx.session.seek(end);
            }
            TimelineAction::SeekNodeEntered => seek_selected(cx, |entered, _| entered),
            TimelineAction::PrevCutoff => {
                return jump_back(cx, |e| matches!(e, Event::Cutoff { .. }));
            }
            TimelineAction::NextCutoff => {
                return jump_forward(cx, |e| matches!(e, Event::Cutoff { .. }));
            }
            TimelineAction::NextKillerCutoff => {
                let sources = cx.session.header().sources.clone();
                return jump_forward(
                    cx,
                    move |e| matches!(e, Event::Cutoff { source, .. } if sources.is_killer(*source)),
                );
            }
            TimelineAction::PlayPause => {
                let playback = &mut self.playback;
                playback.playing = !playback.playing;
                if playback.playing && cx.session.at().is_none() && !cx.is_live() {
                    seek(cx, 0);
                }
            }
            TimelineAction::Slower => self.playback.speed = self.playback.speed.saturating_sub(1),
            TimelineAction::Faster => {
                self.playback.speed = (self.playback.speed + 1).min(SPEEDS.len() - 1);
            }
        }
        None
    }
}

/// Moves the timeline to the moment `at` picks of the selected node's: just after its enter
/// event, or just after its exit (the end of the log for a node still open).
fn seek_selected(cx: &mut Cx, at: fn(usize, usize) -> usize) {
    let Some(node) = cx.selected().and_then(|id| cx.session.node(id)) else {
        return;
    };
    let exit = node
        .exit_event()
        .map_or(cx.session.events().len(), |x| x + 1);
    let target = at(node.enter_event() + 1, exit);
    cx.session.seek(target);
}

/// Moves the timeline and selects the node the last shown event belongs to.
fn seek(cx: &mut Cx, index: usize) {
    cx.session.seek(index);
    let shown = cx.session.position();
    if let Some(node) = shown
        .checked_sub(1)
        .and_then(|i| cx.session.node_at_event(i))
    {
        cx.select(node);
    }
}

fn jump_forward(cx: &mut Cx, wanted: impl Fn(&Event) -> bool) -> Option<String> {
    match cx.session.find_forward(wanted) {
        Some((at, wrapped)) => {
            seek(cx, at);
            wrapped.then(|| "wrapped around to the start of the search".to_string())
        }
        None => Some("no event of that kind in this search".to_string()),
    }
}

fn jump_back(cx: &mut Cx, wanted: impl Fn(&Event) -> bool) -> Option<String> {
    match cx.session.find_back(wanted) {
        Some(at) => {
            seek(cx, at);
            None
        }
        None => Some("no earlier event of that kind".to_string()),
    }
}
