//! `App::update`: every user action, in every mode, as a pure state change plus the effects the
//! runtime must carry out; `App::handle_key` only looks the key up in the key table. Also the
//! replay clock.

use crossterm::event::{KeyCode, KeyEvent, MouseEvent, MouseEventKind};
use ratatui::layout::Position as Cell;

use crate::chess::Position;
use crate::search::MAX_KILLER_SLOTS;
use crate::trace::Event;

use super::app::{App, Effect, KillerTab, MAX_DEPTH, Mode, SPEEDS};
use super::config_picker::ConfigPicker;
use super::fmt;
use super::keys::{Action, action_for};
use super::lesson;
use super::line_edit::{CAPACITY, LineEdit};
use super::setup::PositionSettings;

impl App {
    /// Looks the key up in the key table for the current mode (the lesson's keys first while
    /// one is on screen) and applies the action it is bound to; a lesson waiting for the
    /// learner to press a key or select a node is told. Returns what the runtime must do.
    pub fn handle_key(&mut self, key: KeyEvent) -> Vec<Effect> {
        let watched = self.lesson.is_some() && self.mode.shows_lesson();
        let action = self
            .contexts()
            .into_iter()
            .find_map(|context| action_for(context, key));
        let mut effects = action.map_or_else(Vec::new, |a| self.update(a));
        if watched && !action.is_some_and(Action::is_lesson) {
            let typed = match key.code {
                KeyCode::Char(c) => Some(c),
                _ => None,
            };
            effects.extend(self.observe_learner(typed));
        }
        effects
    }

    /// Applies one action. Overlay actions in a mode they do not belong to change nothing.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let (view, session) = (&mut self.view, &self.session);
        let page = self.page_rows.max(1);
        match action {
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
            Action::SeekNode => {
                if let Some(node) = self
                    .view
                    .selected_node()
                    .and_then(|id| self.session.node(id))
                {
                    let end = node
                        .exit_event()
                        .map_or(self.session.events().len(), |x| x + 1);
                    self.session.seek(end);
                }
            }
            Action::StepBack => {
                let at = self.session.position().saturating_sub(1);
                self.seek(at);
            }
            Action::StepForward => {
                let at = self.session.position() + 1;
                self.seek(at);
            }
            Action::PrevCutoff => self.jump_back(|e| matches!(e, Event::Cutoff { .. })),
            Action::NextCutoff => self.jump_forward(|e| matches!(e, Event::Cutoff { .. })),
            Action::NextKillerCutoff => {
                let sources = self.session.header().sources.clone();
                self.jump_forward(move |e| {
                    matches!(e, Event::Cutoff { source, .. } if sources.killer_slot(*source).is_some())
                });
            }
            Action::PlayPause => {
                self.playback.playing = !self.playback.playing;
                if self.playback.playing && self.session.at.is_none() && !self.is_live() {
                    self.seek(0);
                }
            }
            Action::Slower => self.playback.speed = self.playback.speed.saturating_sub(1),
            Action::Faster => self.playback.speed = (self.playback.speed + 1).min(SPEEDS.len() - 1),
            Action::EnterFen => {
                self.mode = Mode::Fen {
                    input: LineEdit::default(),
                    error: None,
                }
            }
            Action::OpenPicker => self.mode = Mode::Picker(0),
            Action::DepthUp => self.set_depth(self.settings.depth.saturating_add(1)),
            Action::DepthDown => self.set_depth(self.settings.depth.saturating_sub(1)),
            Action::SetKillers(k) => {
                self.settings.killers = k.min(MAX_KILLER_SLOTS as u8);
                self.info(format!(
                    "killer slots {} for the next search (r to re-run)",
                    self.settings.killers
                ));
            }
            Action::Rerun => return vec![Effect::Search],
            Action::ToggleSelective => {
                self.toggle_selective();
                return vec![Effect::Search];
            }
            Action::Stop => {
                if self.is_live() || self.comparison.running {
                    return vec![Effect::Stop];
                }
                self.playback.playing = false;
            }
            Action::Compare => self.mode = Mode::ComparePicker(ConfigPicker::new(self.ordering())),
            Action::SaveLog => {
                if self.session.events().is_empty() {
                    self.error("nothing to save: no search recorded yet");
                } else if self.is_live() {
                    self.error("the search is still running: stop it (s) or wait, then save");
                } else {
                    return vec![Effect::Save(self.save_path.clone())];
                }
            }
            Action::NextChart | Action::PrevChart | Action::ChartColours | Action::PairWith(_)
                if self.mode == Mode::Compare =>
            {
                self.update_compare(action)
            }
            Action::Charts
            | Action::NextChart
            | Action::PrevChart
            | Action::ChartColours
            | Action::PairWith(_)
            | Action::Icicle(_) => self.update_charts(action),
            Action::CycleNotation => {
                self.notation = self.notation.next();
                self.info(format!("moves in {}", self.notation.name()));
            }
            Action::KillerTab => {
                self.killer_tab = match self.killer_tab {
                    KillerTab::Killers => KillerTab::Countermoves,
                    KillerTab::Countermoves => KillerTab::Killers,
                };
            }
            Action::Help => self.mode = Mode::Help(0),
            Action::OpenLessons => self.mode = Mode::LessonPicker(0),
            Action::LessonNext
            | Action::LessonBack
            | Action::LessonAnswer(_)
            | Action::CloseLesson => return self.update_lesson(action),
            Action::Projector => self.toggle_projector(),
            Action::Focus => self.toggle_focus(),
            Action::Quit => {
                self.mode = Mode::Normal;
                self.quit = true;
            }
            Action::Scroll(_)
            | Action::PickerPrev
            | Action::PickerNext
            | Action::PickerLoad
            | Action::LessonLoad
            | Action::CompareToggle
            | Action::CompareRun
            | Action::FenSubmit
            | Action::FenEdit(_)
            | Action::Insert(_)
            | Action::Leave => return self.update_overlay(action),
        }
        Vec::new()
    }

    /// Applies an action of the help, FEN, picker or compare overlay.
    fn update_overlay(&mut self, action: Action) -> Vec<Effect> {
        let count = match self.mode {
            Mode::LessonPicker(_) => lesson::BUNDLED.len(),
            _ => self.library.len(),
        };
        match (&mut self.mode, action) {
            (Mode::Help(scroll), Action::Scroll(lines)) => {
                *scroll = scroll.saturating_add_signed(lines);
            }
            (Mode::Picker(index) | Mode::LessonPicker(index), Action::PickerPrev) => {
                *index = index.saturating_sub(1);
            }
            (Mode::Picker(index) | Mode::LessonPicker(index), Action::PickerNext) => {
                *index = (*index + 1).min(count.saturating_sub(1));
            }
            (Mode::LessonPicker(index), Action::LessonLoad) => {
                let chosen = *index;
                self.mode = Mode::Normal;
                self.info(format!(
                    "checking the lesson {} against the engine…",
                    lesson::BUNDLED.get(chosen).map_or("", |(name, _)| name)
                ));
                return vec![Effect::OpenLesson(chosen)];
            }
            (Mode::Picker(index), Action::PickerLoad) => {
                let chosen = *index;
                return self.pick(chosen);
            }
            (Mode::ComparePicker(picker), Action::PickerPrev) => picker.up(),
            (Mode::ComparePicker(picker), Action::PickerNext) => picker.down(),
            (Mode::ComparePicker(picker), Action::CompareToggle) => picker.toggle(),
            (Mode::ComparePicker(_), Action::CompareRun) => return self.start_compare(),
            (Mode::Fen { .. }, Action::FenSubmit) => return self.submit_fen(),
            (Mode::Fen { input, error }, Action::FenEdit(edit)) => {
                input.apply(edit);
                *error = None;
            }
            (Mode::Fen { .. }, Action::Insert(c)) => self.paste(c.encode_utf8(&mut [0; 4])),
            (mode, Action::Leave) => {
                let comparing = *mode == Mode::Compare && self.comparison.running;
                *mode = Mode::Normal;
                if comparing {
                    self.comparison.running = false;
                    return vec![Effect::Stop];
                }
            }
            _ => {}
        }
        Vec::new()
    }

    /// Pasted (or typed) text: goes into the FEN box at the cursor in one step, what does not
    /// fit the box is left out with a message; ignored outside the FEN box, so a paste into
    /// the tree view is not taken for a burst of commands.
    pub fn paste(&mut self, text: &str) {
        if let Mode::Fen { input, error } = &mut self.mode {
            let dropped = input.insert(text);
            *error = (dropped > 0).then(|| {
                format!(
                    "the box holds {CAPACITY} characters (a FEN is under 100): {} left out",
                    fmt::grouped(dropped as u64)
                )
            });
        }
    }

    /// Mouse: a click selects (or toggles) a tree row — or, in the charts view, an icicle
    /// block — and the wheel moves the selection; a lesson waiting for that node goes on.
    pub fn on_mouse(&mut self, mouse: MouseEvent) -> Vec<Effect> {
        let charts = self.mode == Mode::Charts;
        if self.mode != Mode::Normal && !charts {
            return Vec::new();
        }
        match mouse.kind {
            MouseEventKind::Down(_) if charts && self.click_chart(mouse.column, mouse.row) => {}
            MouseEventKind::Down(_) => {
                let cell = Cell::new(mouse.column, mouse.row);
                self.view.click(&self.session, cell);
            }
            MouseEventKind::ScrollDown => self.view.down(&self.session, 1),
            MouseEventKind::ScrollUp => self.view.up(&self.session, 1),
            _ => {}
        }
        if self.lesson.is_some() {
            return self.observe_learner(None);
        }
        Vec::new()
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
    pub fn seek(&mut self, index: usize) {
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
        let from = self.session.position();
        let events = self.session.events();
        if let Some(offset) = events.range(from..events.len()).position(|e| wanted(&e)) {
            self.seek(from + offset + 1);
        } else if let Some(i) = events.range(0..from).position(|e| wanted(&e)) {
            self.seek(i + 1);
            self.info("wrapped around to the start of the search");
        } else {
            self.info("no event of that kind in this search");
        }
    }

    fn jump_back(&mut self, wanted: impl Fn(&Event) -> bool) {
        let before = self.session.position().saturating_sub(1);
        let events = self.session.events().range(0..before);
        match events.rev().position(|e| wanted(&e)) {
            Some(k) => self.seek(before - k),
            None => self.info("no earlier event of that kind"),
        }
    }

    fn set_depth(&mut self, depth: u8) {
        self.settings.depth = depth.clamp(1, MAX_DEPTH);
        self.info(format!(
            "depth {} for the next search (r to re-run)",
            self.settings.depth
        ));
    }

    /// Starts the comparison of the picker's checked configurations, or says in the picker
    /// why not.
    fn start_compare(&mut self) -> Vec<Effect> {
        let Mode::ComparePicker(picker) = &mut self.mode else {
            return Vec::new();
        };
        match picker.choice() {
            Ok(chosen) => {
                self.mode = Mode::Compare;
                let labels = chosen.iter().map(|p| p.name.clone()).collect();
                self.comparison.start(labels);
                vec![Effect::Compare(
                    chosen.into_iter().map(|p| p.ordering).collect(),
                )]
            }
            Err(why) => {
                picker.error = Some(why);
                Vec::new()
            }
        }
    }

    fn submit_fen(&mut self) -> Vec<Effect> {
        let Mode::Fen { input, error } = &mut self.mode else {
            return Vec::new();
        };
        match Position::from_fen(input.text().trim()) {
            Ok(position) => {
                self.root = position;
                self.mode = Mode::Normal;
                self.load_position_settings(PositionSettings::default());
                vec![Effect::Search]
            }
            Err(e) => {
                *error = Some(e.to_string());
                Vec::new()
            }
        }
    }

    fn pick(&mut self, index: usize) -> Vec<Effect> {
        let Some(entry) = self.library.get(index) else {
            self.mode = Mode::Normal;
            return Vec::new();
        };
        self.mode = Mode::Normal;
        match Position::from_fen(&entry.fen) {
            Ok(position) => {
                let (id, asked) = (entry.id.clone(), entry.settings);
                self.root = position;
                let note = self.load_position_settings(asked);
                self.loaded = Some(if note.is_empty() {
                    format!("loaded {id}")
                } else {
                    format!("loaded {id}: {note}")
                });
                vec![Effect::Search]
            }
            Err(e) => {
                self.error(format!("library position {}: {e}", entry.id));
                Vec::new()
            }
        }
    }
}
