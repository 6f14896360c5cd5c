//! The timeline and its replay clock: stepping through the search's events one at a time, by
//! cutoff or killer cutoff, or playing them at a speed. The timeline belongs to the session (its
//! replay position) and moving it selects the node the shown event belongs to, so the router
//! lends this stage the session, the tree view and the clock for the length of one action.

use killerscope_log::Event;

use super::action::Action;
use super::session::Session;
use super::status::{Playback, SPEEDS};
use super::tree_view::TreeView;

/// The parts of the explorer one timeline action moves.
pub struct Timeline<'a> {
    /// The search whose replay position moves.
    pub session: &'a mut Session,
    /// The tree view, whose selection follows the shown event.
    pub view: &'a mut TreeView,
    /// The replay clock.
    pub playback: &'a mut Playback,
}

impl Timeline<'_> {
    /// Applies a timeline or replay action; what the status line should say, if anything.
    pub fn apply(&mut self, action: &Action) -> Option<String> {
        match *action {
            Action::SeekNode => self.seek_selected(),
            Action::StepBack => self.seek(self.session.position().saturating_sub(1)),
            Action::StepForward => self.seek(self.session.position() + 1),
            Action::Seek(n) => self.seek(n),
            Action::SeekEnd => self.session.seek(self.session.events().len()),
            Action::SeekNodeEntered => self.seek_selected_entry(),
            Action::PrevCutoff => return self.jump_back(|e| matches!(e, Event::Cutoff { .. })),
            Action::NextCutoff => {
                return self.jump_forward(|e| matches!(e, Event::Cutoff { .. }));
            }
            Action::NextKillerCutoff => {
                let sources = self.session.header().sources.clone();
                return self.jump_forward(move |e| {
                    matches!(e, Event::Cutoff { source, .. } if sources.is_killer(*source))
                });
            }
            Action::PlayPause => {
                self.playback.playing = !self.playback.playing;
                let live = self.session.run().is_live();
                if self.playback.playing && self.session.at().is_none() && !live {
                    self.seek(0);
                }
            }
            Action::Slower => self.playback.speed = self.playback.speed.saturating_sub(1),
            Action::Faster => self.playback.speed = (self.playback.speed + 1).min(SPEEDS.len() - 1),
            _ => {}
        }
        None
    }

    /// Advances the replay clock by `millis`; returns whether the timeline moved.
    pub fn tick(&mut self, millis: u64) -> bool {
        if !self.playback.playing {
            return false;
        }
        let total = self.playback.carry + millis * u64::from(SPEEDS[self.playback.speed]) * 1000;
        let steps = total / 1_000_000;
        self.playback.carry = total % 1_000_000;
        if steps == 0 {
            return false;
        }
        let target = self.session.position() + steps as usize;
        if target >= self.session.events().len() && !self.session.run().is_live() {
            self.playback.playing = false;
        }
        self.seek(target);
        true
    }

    /// The timeline to the moment the selected node was finished (its killer store included).
    fn seek_selected(&mut self) {
        let end = self.selected_events().map(|(_, exit)| exit);
        if let Some(end) = end {
            self.session.seek(end);
        }
    }

    /// Shows the selected node's enter event as the last one, the selection staying on it.
    fn seek_selected_entry(&mut self) {
        let entered = self.selected_events().map(|(enter, _)| enter);
        if let Some(entered) = entered {
            self.session.seek(entered);
        }
    }

    /// The timeline positions just after the selected node's enter event and just after its
    /// exit (the end of the log for a node still open), if a node is selected.
    fn selected_events(&self) -> Option<(usize, usize)> {
        let node = self.session.node(self.view.selected_node()?)?;
        let exit = node
            .exit_event()
            .map_or(self.session.events().len(), |x| x + 1);
        Some((node.enter_event() + 1, exit))
    }

    /// Moves the timeline and selects the node the last shown event belongs to.
    fn seek(&mut self, index: usize) {
        self.session.seek(index);
        let shown = self.session.position();
        if let Some(node) = shown
            .checked_sub(1)
            .and_then(|i| self.session.node_at_event(i))
        {
            self.view.select_node(self.session, node);
        }
    }

    fn jump_forward(&mut self, wanted: impl Fn(&Event) -> bool) -> Option<String> {
        match self.session.find_forward(wanted) {
            Some((at, wrapped)) => {
                self.seek(at);
                wrapped.then(|| "wrapped around to the start of the search".to_string())
            }
            None => Some("no event of that kind in this search".to_string()),
        }
    }

    fn jump_back(&mut self, wanted: impl Fn(&Event) -> bool) -> Option<String> {
        match self.session.find_back(wanted) {
            Some(at) => {
                self.seek(at);
                None
            }
            None => Some("no earlier event of that kind".to_string()),
        }
    }
}
