//! `Explorer::update`: every action, in every mode, as state changes on the sub-state that owns
//! them plus the effects the runtime must carry out; `handle_key` only looks the key up in the
//! key table. Also the replay clock and the timeline's jumps.

use crate::chess::Position;
use crate::search::Event;

use super::action::{Action, Area, CompareRequest, Effect, LessonSource};
use super::app::Explorer;
use super::charts::{IcicleMove, IcicleStep};
use super::config_picker::ConfigPicker;
use super::keys::{KeyCode, KeyPress, action_for};
use super::lesson;
use super::library::PositionSettings;
use super::mode::{Mode, Outcome};
use super::session::Session;
use super::status::SPEEDS;
use super::tree_view::TreeView;

impl Explorer {
    /// Looks the key up in the key table for the current mode (the lesson's keys first while
    /// one is on screen) and applies the action it is bound to; a lesson waiting for the
    /// learner to press a key or select a node is told. Returns what the runtime must do.
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

    fn learner(&mut self, action: Option<Action>, typed: Option<char>) -> Vec<Effect> {
        let watched = self.lesson.is_some() && self.mode.shows_lesson();
        let lesson_key = action.as_ref().is_some_and(Action::is_lesson);
        let mut effects = action.map_or_else(Vec::new, |a| self.update(a));
        if watched && !lesson_key {
            effects.extend(self.observe_learner(typed));
        }
        effects
    }

    /// Applies one action. Overlay actions in a mode they do not belong to change nothing.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        if action != Action::Rerun {
            self.keep_trace();
        }
        match action.area() {
            Area::Tree => self.tree_action(&action),
            Area::Timeline => self.timeline_action(&action),
            Area::Search => return self.search_action(action),
            Area::View => self.view_action(&action),
            Area::Screen => self.screen_action(action),
            Area::Lesson => return self.lesson_action(&action),
            Area::Overlay => return self.overlay_action(&action),
        }
        Vec::new()
    }

    /// Moving around the tree.
    fn tree_action(&mut self, action: &Action) {
        if self.mode == Mode::Diff {
            return self.diff_action(action);
        }
        let (view, session) = (&mut self.view, &self.session);
        let page = view.page_rows();
        match *action {
            Action::Up => view.up(session, 1),
            Action::Down => view.down(session, 1),
            Action::Close => view.close_selected(session),
            Action::Open => view.open_selected(session),
            Action::Toggle => view.toggle_selected(session),
            Action::First => view.first(session),
            Action::Last => view.last(session),
            Action::PageUp => view.up(session, page),
            Action::PageDown => view.down(session, page),
            Action::Zoom => view.zoom_in(session),
            Action::ZoomOut => view.zoom_out(session),
            Action::ClickRow(row) => view.click(session, row),
            Action::SelectNode(id) => view.select_node(session, id),
            Action::ResetTree => *view = TreeView::default(),
            _ => {}
        }
    }

    /// Moving the timeline, and the replay clock.
    fn timeline_action(&mut self, action: &Action) {
        match *action {
            Action::SeekNode => {
                let node = self
                    .view
                    .selected_node()
                    .and_then(|id| self.session.node(id));
                if let Some(node) = node {
                    let end = node
                        .exit_event()
                        .map_or(self.session.events().len(), |x| x + 1);
                    self.session.seek(end);
                }
            }
            Action::StepBack => self.seek(self.session.position().saturating_sub(1)),
            Action::StepForward => self.seek(self.session.position() + 1),
            Action::Seek(n) => self.seek(n),
            Action::SeekEnd => self.session.seek(self.session.events().len()),
            Action::PrevCutoff => self.jump_back(|e| matches!(e, Event::Cutoff { .. })),
            Action::NextCutoff => self.jump_forward(|e| matches!(e, Event::Cutoff { .. })),
            Action::NextKillerCutoff => {
                let sources = self.session.header().sources.clone();
                self.jump_forward(move |e| {
                    matches!(e, Event::Cutoff { source, .. } if sources.is_killer(*source))
                });
            }
            Action::PlayPause => {
                self.playback.playing = !self.playback.playing;
                if self.playback.playing && self.session.at().is_none() && !self.is_live() {
                    self.seek(0);
                }
            }
            Action::Slower => self.playback.speed = self.playback.speed.saturating_sub(1),
            Action::Faster => self.playback.speed = (self.playback.speed + 1).min(SPEEDS.len() - 1),
            _ => {}
        }
    }

    /// What to search next, and starting or stopping it.
    fn search_action(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::EnterFen => self.mode = Mode::fen_box(),
            Action::OpenPicker => self.mode = Mode::Picker(0),
            Action::DepthUp | Action::DepthDown => {
                let depth = self.setup.settings.depth;
                let depth = match action {
                    Action::DepthUp => depth.saturating_add(1),
                    _ => depth.saturating_sub(1),
                };
                let said = self.setup.set_depth(depth);
                self.info(said);
            }
            Action::SetKillers(k) => {
                let said = self.setup.set_killers(k);
                self.info(said);
            }
            Action::Rerun => return self.rerun(),
            Action::ToggleSelective => {
                self.setup.toggle_selective();
                return vec![Effect::Search(Box::new(self.begin_search()))];
            }
            Action::Stop => {
                if self.is_live() || self.comparison.running || self.audit.running.is_some() {
                    return vec![Effect::Stop];
                }
                self.playback.playing = false;
            }
            Action::Compare => {
                let current = self.setup.ordering(self.session.header());
                self.mode = Mode::ComparePicker(ConfigPicker::new(current));
            }
            Action::SaveLog => return self.save(),
            Action::Audit => return self.audit_selected(),
            Action::Load(position) => self.setup.root = *position,
            Action::Plan(depth, ordering, selective) => {
                self.setup.plan(depth, ordering, selective);
            }
            Action::ShowPosition => return self.show_position(),
            Action::StartCompare(labels, request) => return self.start_compare(labels, *request),
            _ => {}
        }
        Vec::new()
    }

    /// The charts and compare views.
    fn view_action(&mut self, action: &Action) {
        let comparing = self.mode == Mode::Compare;
        match *action {
            Action::Charts => self.mode = Mode::Charts,
            Action::NextChart | Action::PrevChart | Action::ChartColours | Action::PairWith(_)
                if comparing =>
            {
                if let Some(why) = self.comparison.update(action) {
                    self.info(why);
                }
            }
            Action::NextChart => self.charts.kind = self.charts.kind.cycle(1),
            Action::PrevChart => self.charts.kind = self.charts.kind.cycle(-1),
            Action::ChartColours => self.charts.switch_colouring(),
            Action::Icicle(step) => self.move_in_icicle(step),
            Action::ClickBlock(id) if self.view.selected_node() == Some(id) => {
                self.move_in_icicle(IcicleMove::Zoom);
            }
            Action::ClickBlock(id) => self.view.select_node(&self.session, id),
            Action::OpenChart(kind) => {
                self.charts.kind = kind;
                self.mode = Mode::Charts;
                self.lesson_opened_view();
            }
            Action::ShowDiff => self.show_diff(),
            Action::Divergence(_) if self.mode == Mode::Diff => self.diff_action(action),
            Action::ShowCompare => {
                self.mode = Mode::Compare;
                self.lesson_opened_view();
            }
            Action::CloseView => {
                let opened = self.lesson.as_mut().is_some_and(|l| l.take_opened_view());
                if opened && matches!(self.mode, Mode::Charts | Mode::Compare) {
                    self.mode = Mode::Normal;
                }
            }
            _ => {}
        }
    }

    /// Notation, panels, overlays that only open, and leaving.
    fn screen_action(&mut self, action: Action) {
        match action {
            Action::CycleNotation => {
                let said = self.prefs.cycle_notation();
                self.info(said);
            }
            Action::KillerTab => self.prefs.switch_killer_tab(),
            Action::Help => self.mode = Mode::Help(0),
            Action::OpenLessons => self.mode = Mode::LessonPicker(0),
            Action::Projector => {
                let said = self.prefs.toggle_projector();
                self.info(said);
            }
            Action::Focus => {
                let said = self.prefs.toggle_focus();
                self.info(said);
            }
            Action::Quit => {
                self.mode = Mode::Normal;
                self.status.quit = true;
            }
            Action::ShowError(text) => self.error(text),
            _ => {}
        }
    }

    /// Applies an action of the help, FEN, picker or compare overlay.
    fn overlay_action(&mut self, action: &Action) -> Vec<Effect> {
        if let Action::Paste(text) = action {
            self.mode.paste(text);
            return Vec::new();
        }
        let choices = match self.mode {
            Mode::LessonPicker(_) => lesson::BUNDLED.len(),
            _ => self.setup.library.len(),
        };
        match self.mode.update(action, choices) {
            Outcome::Stay => Vec::new(),
            Outcome::Closed { was_comparing } if was_comparing && self.comparison.running => {
                self.comparison.running = false;
                vec![Effect::Stop]
            }
            Outcome::Closed { .. } => Vec::new(),
            Outcome::SubmitFen(text) => self.submit_fen(&text),
            Outcome::LoadPosition(index) => self.pick(index),
            Outcome::OpenLesson(index) => {
                let Some(source) = LessonSource::bundled(index) else {
                    return Vec::new();
                };
                self.info(format!(
                    "checking the lesson {} against the engine…",
                    source.name
                ));
                vec![Effect::OpenLesson(source)]
            }
            Outcome::RunCompare(chosen) => {
                let request = CompareRequest {
                    root: self.setup.root.clone(),
                    depth: self.setup.settings.depth,
                    configs: chosen.iter().map(|p| p.ordering).collect(),
                    selective: self.setup.settings.selective,
                };
                self.comparison
                    .start(chosen.into_iter().map(|p| p.name).collect());
                vec![Effect::Compare(Box::new(request))]
            }
        }
    }

    /// Moves the icicle's selection (and so the tree's) or its root, on the icicle as laid
    /// out for the screen.
    fn move_in_icicle(&mut self, step: IcicleMove) {
        let selected = self.view.selected_node();
        match self.charts.step(&self.session, selected, step) {
            IcicleStep::Select(id) => self.view.select_node(&self.session, id),
            IcicleStep::Stay => {}
            IcicleStep::Refused(why) => self.info(why),
        }
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
        if target >= self.session.events().len() && !self.is_live() {
            self.playback.playing = false;
        }
        self.seek(target);
        true
    }

    /// Moves the timeline and selects the node the last shown event belongs to.
    fn seek(&mut self, index: usize) {
        self.session.seek(index);
        let shown = self.session.position();
        if let Some(node) = shown
            .checked_sub(1)
            .and_then(|i| self.session.node_at_event(i))
        {
            self.view.select_node(&self.session, node);
        }
    }

    fn jump_forward(&mut self, wanted: impl Fn(&Event) -> bool) {
        match self.session.find_forward(wanted) {
            Some((at, wrapped)) => {
                self.seek(at);
                if wrapped {
                    self.info("wrapped around to the start of the search");
                }
            }
            None => self.info("no event of that kind in this search"),
        }
    }

    fn jump_back(&mut self, wanted: impl Fn(&Event) -> bool) {
        match self.session.find_back(wanted) {
            Some(at) => self.seek(at),
            None => self.info("no earlier event of that kind"),
        }
    }

    fn save(&mut self) -> Vec<Effect> {
        if self.session.events().is_empty() {
            self.error("nothing to save: no search recorded yet");
        } else if self.is_live() {
            self.error("the search is still running: stop it (s) or wait, then save");
        } else {
            return vec![Effect::Save(std::path::PathBuf::from("killerscope.kslog"))];
        }
        Vec::new()
    }

    /// A position a lesson step loads without searching it: an empty tree over it, any running
    /// search dropped.
    fn show_position(&mut self) -> Vec<Effect> {
        let header = self.setup.idle_header(self.session.header());
        self.session = Session::new(self.setup.root.clone(), header);
        // A diff's A side is the session: another session ends it.
        self.diff = None;
        self.view = TreeView::default();
        self.charts.forget_nodes();
        if let Some(state) = self.lesson.as_mut() {
            state.set_awaiting(false);
        }
        vec![Effect::Discard]
    }

    /// A comparison a lesson step asks for: its position, depth and selective switches become
    /// the explorer's, and it runs.
    fn start_compare(&mut self, labels: Vec<String>, request: CompareRequest) -> Vec<Effect> {
        self.setup.root = request.root.clone();
        self.setup.settings.depth = request.depth;
        self.setup.settings.selective = request.selective;
        self.comparison.start(labels);
        vec![Effect::Compare(Box::new(request))]
    }

    fn submit_fen(&mut self, text: &str) -> Vec<Effect> {
        match Position::from_fen(text) {
            Ok(position) => {
                self.mode = Mode::Normal;
                let on_screen = self.session.header().clone();
                self.setup
                    .load(position, None, PositionSettings::default(), &on_screen);
                vec![Effect::Search(Box::new(self.begin_search()))]
            }
            Err(e) => {
                self.mode.refuse_fen(e.to_string());
                Vec::new()
            }
        }
    }

    fn pick(&mut self, index: usize) -> Vec<Effect> {
        let Some(entry) = self.setup.library.get(index).cloned() else {
            return Vec::new();
        };
        match Position::from_fen(&entry.fen) {
            Ok(position) => {
                let on_screen = self.session.header().clone();
                self.setup
                    .load(position, Some(&entry.id), entry.settings, &on_screen);
                vec![Effect::Search(Box::new(self.begin_search()))]
            }
            Err(e) => {
                self.error(format!("library position {}: {e}", entry.id));
                Vec::new()
            }
        }
    }
}
