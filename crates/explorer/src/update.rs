//! `Explorer::update`: every action, in every mode, as state changes on the sub-state that owns
//! them plus the effects the runtime must carry out; `handle_key` only looks the key up in the
//! key table. Also the replay clock and the timeline's jumps.

use super::action::{Action, Area, CompareRequest, Effect, LessonSource};
use super::app::Explorer;
use super::charts::{IcicleMove, IcicleStep};
use super::config_picker::ConfigPicker;
use super::diff;
use super::keys::{KeyCode, KeyPress, action_for};
use super::lesson::{self, Lesson, LessonState};
use super::library::PositionSettings;
use super::mode::{Mode, Outcome};
use super::query::Submitted;
use super::replace::Rerun;
use super::session::Session;
use super::status::Message;
use super::timeline::Timeline;
use super::tools::Scene;
use super::tree_view::TreeView;
use killerscope_chess::Position;
use std::path::PathBuf;

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
        let asked = match (&action, self.lesson.as_mut().filter(|_| watched)) {
            (Some(a), Some(state)) => state.confirm(a).err(),
            _ => None,
        };
        let action = action.filter(|_| asked.is_none());
        self.say(asked);
        let mut effects = action.map_or_else(Vec::new, |a| self.update(a));
        if watched && !lesson_key {
            effects.extend(self.observe_learner(typed));
        }
        effects
    }

    /// Applies one action. Overlay actions in a mode they do not belong to change nothing.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        if action != Action::Rerun {
            let said = self.setup.replacement.keep_trace();
            self.say(said);
        }
        match action.area() {
            Area::Tree => self.tree_action(&action),
            Area::Timeline => {
                let said = self.timeline().apply(&action);
                self.say(said);
            }
            Area::Search => return self.search_action(action),
            Area::View if action == Action::ShowDiff => return self.show_diff(),
            Area::View => self.view_action(&action),
            Area::Screen if action == Action::Quit => {
                self.mode = Mode::Normal;
                self.status.quit = true;
                return self.lesson_results();
            }
            Area::Screen => self.screen_action(action),
            Area::Lesson => return self.lesson_action(&action),
            Area::Overlay => return self.overlay_action(&action),
            Area::Tool => {
                if let Action::Tool(call) = action {
                    let scene = Scene {
                        session: &self.session,
                        view: &mut self.view,
                    };
                    let said = self.views.tools.call(call, scene);
                    self.say(said);
                }
            }
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
            Action::QueryStep(dir) => {
                let said = self.views.query.step_in(view, session, dir);
                self.info(said);
            }
            Action::Why => {
                let said = self.views.why.show(session, view.selected_node());
                self.info(said);
            }
            Action::WhyWalk => {
                let said = self.views.why.walk(session, view);
                self.info(said);
            }
            _ => {}
        }
    }

    /// Runs the query typed in the query line: at once (selecting its first match), on the
    /// runtime's thread for a big log, or refused with the line left open to fix it.
    fn run_query(&mut self, text: &str) -> Vec<Effect> {
        match self.views.query.submit(&self.session, text) {
            Submitted::Refused(why) => self.mode.refuse_fen(why),
            Submitted::Done(said, first) => {
                self.mode = Mode::Normal;
                self.select_match(first);
                self.info(said);
            }
            Submitted::Background(job, said) => {
                self.mode = Mode::Normal;
                self.info(said);
                return vec![Effect::Query(job)];
            }
        }
        Vec::new()
    }

    /// Selects a query's first match, if it has one.
    pub(super) fn select_match(&mut self, first: Option<super::session::NodeId>) {
        if let Some(id) = first {
            self.view.select_node(&self.session, id);
        }
    }

    /// A tree key or a divergence step in the diff view: it moves through the aligned tree
    /// instead of A's, and selects A's node in the normal view too (so leaving the diff view
    /// lands on it).
    fn diff_action(&mut self, action: &Action) {
        let Some(diff) = self.views.diff.open_mut() else {
            return;
        };
        let said = diff.key(&self.session, action);
        if let Some(id) = diff.selected_a() {
            self.view.select_node(&self.session, id);
        }
        self.say(said);
    }

    /// `D`: back to the diff view if one is open, else a diff of the search on screen (A)
    /// against the one shown before it (B), once the search on screen has finished.
    fn show_diff(&mut self) -> Vec<Effect> {
        if self.views.diff.open().is_some() {
            self.mode = Mode::Diff;
            return Vec::new();
        }
        if self.is_live() {
            self.info(
                "the search is still running: D diffs it against the one before once it ends",
            );
            return Vec::new();
        }
        let Some(before) = self.views.diff.take_previous() else {
            self.info("no diff open and no earlier search to diff against: search again (r) with other settings, or killerscope tui --diff A B");
            return Vec::new();
        };
        let names = [
            diff::name("this search", &self.session),
            diff::name("the search before", &before),
        ];
        match self.open_diff(before, names) {
            Ok(effects) => effects,
            Err(why) => {
                self.error(format!("cannot diff against the search before: {why}"));
                Vec::new()
            }
        }
    }

    /// What to search next, and starting or stopping it.
    fn search_action(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::EnterFen => self.mode = Mode::fen_box(),
            Action::OpenPicker => self.mode = Mode::Picker(0),
            Action::DepthUp | Action::DepthDown => {
                let said = self.setup.step_depth(action == Action::DepthUp);
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
            Action::Stop if self.has_work() => return vec![Effect::Stop],
            Action::Stop => self.playback.playing = false,
            Action::Compare => {
                let current = self.setup.ordering(self.session.header());
                self.mode = Mode::ComparePicker(ConfigPicker::new(current));
            }
            Action::SaveLog => return self.save(),
            Action::Audit => {
                let started = self.audit.start(&self.session, self.view.selected_node());
                return self.begin(started.map(|(s, r)| (s, Effect::Audit(Box::new(r)))));
            }
            Action::Ladder => {
                self.mode = Mode::Compare;
                let started = self.views.comparison.climb(&self.setup);
                return self.begin(started.map(|(s, r)| (s, Effect::Ladder(Box::new(r)))));
            }
            Action::BestReply => {
                let (node, asked) = (self.view.selected_node(), self.asked_node());
                let started = self.views.best.start(&self.session, node, asked);
                return self.begin(started.map(|(s, r)| (s, Effect::BestReply(Box::new(r)))));
            }
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
                if let Some(why) = self.views.comparison.update(action) {
                    self.info(why);
                }
            }
            Action::NextChart => self.views.charts.kind = self.views.charts.kind.cycle(1),
            Action::PrevChart => self.views.charts.kind = self.views.charts.kind.cycle(-1),
            Action::ChartColours => self.views.charts.switch_colouring(),
            Action::Icicle(step) => self.move_in_icicle(step),
            Action::ClickBlock(id) if self.view.selected_node() == Some(id) => {
                self.move_in_icicle(IcicleMove::Zoom);
            }
            Action::ClickBlock(id) => self.view.select_node(&self.session, id),
            Action::OpenChart(kind) => {
                self.views.charts.kind = kind;
                self.mode = Mode::Charts;
                self.lesson_opened_view();
            }
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

    /// Notation, panels and overlays that only open (leaving is `update`'s: it saves a
    /// lesson's results).
    fn screen_action(&mut self, action: Action) {
        match action {
            Action::CycleNotation => {
                let said = self.prefs.cycle_notation();
                self.info(said);
            }
            Action::KillerTab => self.prefs.switch_killer_tab(),
            Action::Help => self.mode = Mode::Help(0),
            Action::OpenQuery => self.mode = Mode::query_line(self.views.query.last_text()),
            Action::Bookmark | Action::OpenBookmarks => {
                let selected = self.view.selected_node();
                match self.views.bookmarks.open(&action, &self.session, selected) {
                    Ok(mode) => self.mode = mode,
                    Err(said) => self.info(said),
                }
            }
            Action::OpenLessons => self.mode = Mode::LessonPicker(0),
            Action::Projector => {
                let said = self.prefs.toggle_projector();
                self.info(said);
            }
            Action::Focus => {
                let said = self.prefs.toggle_focus();
                self.info(said);
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
            Mode::Bookmarks(_) => self.views.bookmarks.marks().len(),
            _ => self.setup.library.len(),
        };
        match self.mode.update(action, choices) {
            Outcome::Stay => Vec::new(),
            Outcome::Closed { was_comparing } if was_comparing && self.views.comparison.busy() => {
                self.views.comparison.running = false;
                vec![Effect::Stop]
            }
            Outcome::Closed { .. } => Vec::new(),
            Outcome::SubmitFen(text) => self.submit_fen(&text),
            Outcome::RunQuery(text) => self.run_query(&text),
            Outcome::Bookmark(op) => {
                let (view, session) = (&mut self.view, &self.session);
                let (said, effects) = self.views.bookmarks.apply(op, session, view);
                self.info(said);
                effects
            }
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
                let configs = chosen.iter().map(|p| p.ordering).collect();
                let request = CompareRequest::of(&self.setup, configs);
                let labels = chosen.into_iter().map(|p| p.name).collect();
                self.start_compare(labels, request)
            }
        }
    }

    /// Moves the icicle's selection (and so the tree's) or its root, on the icicle as laid
    /// out for the screen.
    fn move_in_icicle(&mut self, step: IcicleMove) {
        let selected = self.view.selected_node();
        match self.views.charts.step(&self.session, selected, step) {
            IcicleStep::Select(id) => self.view.select_node(&self.session, id),
            IcicleStep::Stay => {}
            IcicleStep::Refused(why) => self.info(why),
        }
    }

    /// Advances the replay clock by `millis`; returns whether the timeline moved.
    pub fn tick(&mut self, millis: u64) -> bool {
        self.timeline().tick(millis)
    }

    /// The timeline, lent the session, the tree view and the replay clock.
    fn timeline(&mut self) -> Timeline<'_> {
        Timeline {
            session: &mut self.session,
            view: &mut self.view,
            playback: &mut self.playback,
        }
    }

    /// A job a key starts on the runtime's thread (`a`, `E`): the status line says it started,
    /// or, refused, why.
    fn begin(&mut self, started: Result<(String, Effect), Message>) -> Vec<Effect> {
        match started {
            Ok((said, effect)) => {
                self.info(said);
                vec![effect]
            }
            Err(said) => {
                self.status.message = Some(said);
                Vec::new()
            }
        }
    }

    /// `r`: search again, asking first when the tree shows another engine's trace.
    fn rerun(&mut self) -> Vec<Effect> {
        let in_lesson = self.lesson.is_some();
        match self.setup.replacement.rerun(&self.session, in_lesson) {
            Rerun::Ask(question) => {
                self.info(question);
                Vec::new()
            }
            Rerun::Search(replacing) => {
                let request = self.begin_search();
                let said = self.setup.replacement.replaced(replacing);
                self.say(said);
                vec![Effect::Search(Box::new(request))]
            }
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
        self.install(Session::new(self.setup.root.clone(), header));
        if let Some(state) = self.lesson.as_mut() {
            state.set_awaiting(false);
        }
        vec![Effect::Discard]
    }

    /// A comparison, chosen or asked for by a lesson step: its position, depth and selective
    /// switches become the explorer's, and it runs.
    fn start_compare(&mut self, labels: Vec<String>, request: CompareRequest) -> Vec<Effect> {
        request.adopt(&mut self.setup);
        self.views.comparison.start(labels);
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

    /// A checked lesson, opened at its first step (replacing any lesson open); returns what
    /// the runtime must do for that step.
    pub fn open_lesson(&mut self, lesson: Lesson) -> Vec<Effect> {
        self.open_graded_lesson(lesson, None)
    }

    /// The same, its results written to `results` as the learner answers (the lesson open
    /// before writes its own first).
    pub fn open_graded_lesson(&mut self, lesson: Lesson, results: Option<PathBuf>) -> Vec<Effect> {
        let title = lesson.title.clone();
        let mut effects = self.lesson_results();
        effects.extend(self.update(Action::CloseView));
        self.lesson = Some(LessonState::graded(lesson, results));
        self.mode = Mode::Normal;
        effects.extend(self.enter_step(true));
        self.info(format!("lesson: {title}"));
        effects
    }

    /// Writing the open lesson's results, if it keeps any (before it closes or is replaced).
    fn lesson_results(&self) -> Vec<Effect> {
        self.lesson
            .iter()
            .filter_map(LessonState::save_results)
            .collect()
    }

    /// Applies a lesson key: next, back, an answer, close.
    fn lesson_action(&mut self, action: &Action) -> Vec<Effect> {
        if *action == Action::CloseLesson {
            let mut effects = self.lesson_results();
            effects.extend(self.update(Action::CloseView));
            self.lesson = None;
            self.info("lesson closed: L opens one");
            return effects;
        }
        let Some(state) = self.lesson.as_mut() else {
            return Vec::new();
        };
        let (said, enter, save) = state.step(action);
        if enter.is_some() {
            self.clear_message();
        }
        if let Some(text) = said {
            self.info(text);
        }
        let mut effects: Vec<Effect> = save.into_iter().collect();
        effects.extend(enter.map_or_else(Vec::new, |restore| self.enter_step(restore)));
        effects
    }

    /// What the learner just did (a key typed, a node selected) ends a step's wait; a step
    /// without a question then goes on by itself.
    fn observe_learner(&mut self, typed: Option<char>) -> Vec<Effect> {
        let selected = self.view.selected_node().filter(|_| self.lesson_holds());
        let Some(state) = self.lesson.as_mut() else {
            return Vec::new();
        };
        let (said, next) = state.observe(typed, selected);
        if let Some(text) = said {
            self.info(text);
        }
        if next {
            return self.enter_step(false);
        }
        Vec::new()
    }

    /// Makes the screen show the current step, by the actions the lesson plans for it.
    pub(super) fn enter_step(&mut self, restore: bool) -> Vec<Effect> {
        let Some(stage) = self.stage() else {
            return Vec::new();
        };
        let plan = lesson::drive::enter_step(&stage, restore);
        if let (Some(on), Some(state)) = (plan.awaiting, self.lesson.as_mut()) {
            state.set_awaiting(on);
        }
        let effects = plan
            .actions
            .into_iter()
            .flat_map(|action| self.update(action))
            .collect();
        self.tick_selected();
        effects
    }

    /// A step waiting for a node the screen already has selected (`K` or the learner got
    /// there first) has had its wait.
    fn tick_selected(&mut self) {
        let selected = self.view.selected_node().filter(|_| self.lesson_holds());
        if let (Some(id), Some(state)) = (selected, self.lesson.as_mut()) {
            state.player.node_selected(id);
        }
    }

    /// The lesson's search ended: select the step's node and show its event, if the search is
    /// the one the lesson was checked against.
    pub(super) fn lesson_search_done(&mut self) {
        let Some(state) = self.lesson.as_mut() else {
            return;
        };
        if !state.awaiting() {
            return;
        }
        state.set_awaiting(false);
        let actions = self.stage().map(|s| lesson::drive::search_done(&s));
        for action in actions.unwrap_or_default() {
            self.update(action);
        }
        self.tick_selected();
    }

    /// The view just opened is the lesson step's (leaving the step closes it).
    fn lesson_opened_view(&mut self) {
        if let Some(state) = self.lesson.as_mut() {
            state.opened_view();
        }
    }
}
