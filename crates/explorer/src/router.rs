//! `Explorer::update`: an action goes to the view it names (`Action::View`, through the
//! registry) or is one of the router's own — leaving, stopping, the next search's settings,
//! the overlays the router holds (help, FEN box, position picker), how moves are shown. What a
//! view asks of another (`Cx::then`) is applied right after, as if a key had asked for it.
//! `handle_key` looks a key up in the key table; the learner's input goes through the views'
//! watch (`Hooks::gate`, `Hooks::observe`: a lesson's) on its way.

use super::action::{Action, Effect, SetupAction};
use super::app::Explorer;
use super::keys::{KeyCode, KeyPress, action_for};
use super::mode::{Mode, Outcome};
use super::views::Views;

impl Explorer {
    /// Looks the key up in the key table for the current mode (a lesson's keys first while one
    /// is on screen) and applies the action it is bound to. Returns what the runtime must do.
    pub fn handle_key(&mut self, key: KeyPress) -> Vec<Effect> {
        let action = self
            .contexts()
            .into_iter()
            .find_map(|context| action_for(context, key));
        let typed = match key.code {
            KeyCode::Char(c) => Some(c),
            _ => None,
        };
        self.learner(action, typed)
    }

    /// The learner's own input that is not a key (a click, the wheel, a paste): applied, and a
    /// lesson waiting for a node is told.
    pub fn input(&mut self, action: Action) -> Vec<Effect> {
        self.learner(Some(action), None)
    }

    /// The learner's input: each view may hold it back (a lesson asks before its search is
    /// changed), then it is applied, then each view sees it was.
    fn learner(&mut self, action: Option<Action>, typed: Option<char>) -> Vec<Effect> {
        let mode = self.mode.clone();
        let refused = self
            .views
            .all_mut()
            .into_iter()
            .find_map(|view| view.gate(action.as_ref(), &mode).err());
        let go = action.as_ref().filter(|_| refused.is_none()).cloned();
        self.say(refused);
        let mut effects = go.map_or_else(Vec::new, |a| self.update(a));
        Views::each(self, &mut |view, cx| {
            view.observe(action.as_ref(), typed, cx)
        });
        effects.extend(self.follow_ups());
        let selected = self.view.selected_node();
        let normal = self.mode == Mode::Normal;
        self.status.forget_stale(selected, normal);
        effects
    }

    /// Applies one action. Overlay actions in a mode they do not belong to change nothing.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        if action != Action::Rerun {
            let said = self.setup.replacement.keep_trace();
            self.say(said);
        }
        let mut effects = match action {
            Action::View(action) => Views::update(self, action),
            Action::Setup(setup) => self.setup_action(setup),
            other => self.global(other),
        };
        effects.extend(self.follow_ups());
        effects
    }

    /// Applies the actions views asked for during the last one, in order (each with what it
    /// asks for in turn).
    pub(crate) fn follow_ups(&mut self) -> Vec<Effect> {
        let queued = std::mem::take(&mut self.then);
        queued.into_iter().flat_map(|a| self.update(a)).collect()
    }

    /// The router's own actions.
    fn global(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Quit | Action::Interrupt => {
                self.mode = Mode::Normal;
                self.status.quit = true;
                return self
                    .views
                    .all_mut()
                    .into_iter()
                    .flat_map(|v| v.leaving())
                    .collect();
            }
            Action::Help => self.mode = Mode::Help(0),
            Action::Stop if self.has_work() => return vec![Effect::Stop],
            Action::Stop => self.views.all_mut().into_iter().for_each(|v| v.halt()),
            Action::Rerun => return self.rerun(),
            Action::SaveLog => return self.save(),
            Action::CycleNotation => {
                let said = self.prefs.cycle_notation();
                self.info(said);
            }
            Action::Projector => {
                let said = self.prefs.toggle_projector();
                self.info(said);
            }
            Action::Focus => {
                let said = self.prefs.toggle_focus();
                self.info(said);
            }
            Action::SelectNode(id) => self.view.select_node(&self.session, id),
            Action::Say(message) => self.status.message = Some(message),
            Action::Paste(text) => self.mode.paste(&text),
            overlay => return self.overlay(&overlay),
        }
        Vec::new()
    }

    /// The keys every overlay shares (scrolling, moving through a list, editing a line,
    /// leaving) and the router's own overlays' (the FEN box, the position picker).
    fn overlay(&mut self, action: &Action) -> Vec<Effect> {
        let choices = self
            .views
            .all()
            .iter()
            .find_map(|v| v.list_len(&self.mode))
            .unwrap_or(self.setup.library.len());
        match self.mode.update(action, choices) {
            Outcome::Stay => Vec::new(),
            Outcome::Closed(left) => {
                let mut effects: Vec<Effect> = self
                    .views
                    .all_mut()
                    .into_iter()
                    .flat_map(|v| v.left(&left))
                    .collect();
                effects.dedup();
                effects
            }
            Outcome::SubmitFen(text) => self.submit_fen(&text),
            Outcome::LoadPosition(index) => self.pick(index),
        }
    }

    /// What to search next, and starting it.
    fn setup_action(&mut self, action: SetupAction) -> Vec<Effect> {
        match action {
            SetupAction::EnterFen => self.mode = Mode::fen_box(),
            SetupAction::OpenPicker => self.mode = Mode::Picker(0),
            SetupAction::DepthUp | SetupAction::DepthDown => {
                let said = self.setup.step_depth(action == SetupAction::DepthUp);
                self.info(said);
            }
            SetupAction::SetKillers(k) => {
                let said = self.setup.set_killers(k);
                self.info(said);
            }
            SetupAction::ToggleSelective => {
                self.setup.toggle_selective();
                return vec![Effect::Search(Box::new(self.begin_search()))];
            }
            SetupAction::Load(position) => self.setup.root = *position,
            SetupAction::Plan(depth, ordering, selective) => {
                self.setup.plan(depth, ordering, selective);
            }
            SetupAction::ShowPosition => return self.show_position(),
        }
        Vec::new()
    }

    /// Advances the replay clock by `millis`; returns whether the timeline moved.
    pub fn tick(&mut self, millis: u64) -> bool {
        let mut moved = false;
        Views::each(self, &mut |view, cx| moved |= view.tick(millis, cx));
        moved
    }
}
