//! The lesson in the explorer: the lesson picker (`L`), the lesson's own keys (next, back, an
//! answer, close) laid over the views it drives, and the lesson driving the explorer — each
//! step's scene shown by the actions it plans (`lesson::drive`), applied as any key's, and the
//! learner watched: a key that would change the lesson's search is asked about first, and a
//! step waiting for a key or a node goes on once the learner did it (`steps`). The lesson
//! model itself (checking, playing, scoring) is `crate::lesson`.

mod explorer;
mod steps;
mod veil;

pub use explorer::asked_node;

use std::path::PathBuf;

use crate::action::{Action, Effect, LessonSource, WriteFile};
use crate::keys::KeyCode::{Char, Enter, Esc, Left, Right};
use crate::keys::{Binding, Context, Group, Rows, list};
use crate::lesson::{self, Lesson, LessonState};
use crate::mode::Mode;

use super::{Control, Cx, Hooks, Job, JobEvent, Registered, Stops, View, ViewAction, ViewNotice};

/// Most choices a question can offer: one digit key each.
pub const MAX_CHOICES: u8 = 9;

/// What the lesson's keys (and its own steps) ask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonsAction {
    /// Open the lesson picker: the bundled lessons.
    OpenPicker,
    /// Check the highlighted lesson in the picker against the engine and open it.
    Load,
    /// Go on to the next step (once the step's wait and question are done).
    Next,
    /// Go back one step, restoring what that step showed.
    Back,
    /// Answer the step's question with this choice (0-based).
    Answer(u8),
    /// Close the lesson (the explorer stays where it is).
    Close,
    /// Close a chart or comparison a step opened (a step without one).
    CloseView,
    /// A step's actions are applied: a wait for a node the screen has selected is over.
    Settle,
}

impl LessonsAction {
    /// Whether `action` is one of the lesson's own (stepping, answering, closing): the
    /// learner's doing, which a step waiting for a key or a node does not count.
    pub fn is_lesson(action: &Action) -> bool {
        use LessonsAction as L;
        matches!(
            action,
            Action::View(ViewAction::Lessons(
                L::Next | L::Back | L::Answer(_) | L::Close
            ))
        )
    }
}

/// What the runtime tells the lesson view.
#[derive(Debug)]
pub enum LessonsNotice {
    /// A lesson was checked against the engine: it, or why it does not hold; whether a refusal
    /// ends the explorer, and where its results go.
    Checked(Result<Lesson, String>, bool, Option<PathBuf>),
    /// The results file was written (or not: why).
    Saved(String, Option<String>),
}

/// The lesson open, if one is.
#[derive(Debug, Default)]
pub struct Lessons {
    /// The lesson being followed.
    pub state: Option<LessonState>,
    /// Whether the lesson watches the learner's input being handled (it was on screen when it
    /// came).
    watched: bool,
    /// The step whose question held the timeline back, and where the timeline was.
    held: Option<(usize, usize)>,
}

impl View for Lessons {
    type Action = LessonsAction;
    type Notice = LessonsNotice;

    #[rustfmt::skip]
    fn keys() -> Vec<Binding> {
        use LessonsAction as L;
        let mut normal = Rows::new(Context::Normal, Group::General);
        normal.row(&[Char('L')], "L", L::OpenPicker.into(), "lessons: pick one (they drive the explorer)");
        let lesson = Rows::with(Context::Lesson, Group::Lesson, [
            (&[Right],     "→ ←", L::Next.into(),  "lesson: next / previous step (l h open and close nodes)"),
            (&[Left],      "",    L::Back.into(),  ""),
            (&[Char('x')], "x",   L::Close.into(), "close the lesson"),
        ]);
        let mut question = Rows::new(Context::Question, Group::Lesson);
        for k in 0..MAX_CHOICES {
            let key = Char(char::from(b'1' + k));
            let (label, help) = match k {
                0 => (format!("1-{MAX_CHOICES}"), "answer the question (until answered)"),
                _ => (String::new(), ""),
            };
            question.row(&[key], &label, L::Answer(k).into(), help);
        }
        let picker = list(Context::LessonPicker, Group::LessonPicker, "previous / next lesson", [
            (&[Enter],                     "Enter",   L::Load.into(), "check the lesson against the engine and open it"),
            (&[Esc, Char('q'), Char('L')], "Esc q L", Action::Leave,  "close the picker"),
        ]);
        [normal.done(), lesson.done(), question.done(), picker].concat()
    }

    fn update(&mut self, action: LessonsAction, cx: &mut Cx) -> Vec<Effect> {
        match action {
            LessonsAction::OpenPicker => *cx.mode = Mode::LessonPicker(0),
            LessonsAction::Load => return self.load(cx),
            LessonsAction::Close => {
                let effects = self.leaving();
                self.close_view(cx);
                self.state = None;
                cx.info("lesson closed: L opens one");
                return effects;
            }
            LessonsAction::CloseView => self.close_view(cx),
            LessonsAction::Settle => self.settle(cx),
            LessonsAction::Next | LessonsAction::Back | LessonsAction::Answer(_) => {
                return self.step(action, cx);
            }
        }
        Vec::new()
    }

    fn job(&mut self, event: JobEvent<LessonsNotice>, cx: &mut Cx) -> Vec<Effect> {
        match event {
            JobEvent::Done(LessonsNotice::Checked(Ok(lesson), _, results)) => {
                return self.open(lesson, results, cx);
            }
            JobEvent::Done(LessonsNotice::Checked(Err(why), true, _)) => cx.quit_with(why),
            JobEvent::Done(LessonsNotice::Checked(Err(why), false, _)) => cx.error(why),
            JobEvent::Lost => cx.error("the lesson check ended without a result"),
            JobEvent::Stopped => cx.error("the lesson check was stopped"),
            JobEvent::Done(LessonsNotice::Saved(path, None)) => {
                cx.info(format!("lesson results written to {path}"));
            }
            JobEvent::Done(LessonsNotice::Saved(path, Some(e))) => {
                let why = format!("could not write the lesson results to {path}: {e}");
                if cx.quitting() {
                    cx.exit_error(why);
                } else {
                    cx.error(why);
                }
            }
            JobEvent::Progress(..) => {}
        }
        Vec::new()
    }
}

impl Hooks for Lessons {
    /// While a lesson is on screen its keys (and, while its question waits, the answer
    /// digits) come before the mode's own.
    fn contexts(&self, mode: &Mode, out: &mut Vec<Context>) {
        if let Some(lesson) = self.state.as_ref().filter(|_| mode.shows_lesson()) {
            if lesson.asking() {
                out.push(Context::Question);
            }
            out.push(Context::Lesson);
        }
    }

    fn gate(&mut self, action: Option<&Action>, mode: &Mode) -> Result<(), String> {
        self.watched = self.state.is_some() && mode.shows_lesson();
        match (action, self.state.as_mut().filter(|_| self.watched)) {
            (Some(action), Some(state)) if state.asking() && Lessons::held_back(action) => {
                Err("answer the question first: y, Y, X and v wait for it".into())
            }
            (Some(action), Some(state)) => state.confirm(action),
            _ => Ok(()),
        }
    }

    fn observe(&mut self, action: Option<&Action>, typed: Option<char>, cx: &mut Cx) {
        // Held back first, so a wait for the asked node sees a key that went below it and was
        // brought back up (K into its subtree); again after, for a step the learner began.
        if self.state.is_some() {
            self.veil(cx, true);
        }
        if self.watched && !action.is_some_and(LessonsAction::is_lesson) {
            self.observe_learner(typed, cx);
        }
        if self.state.is_some() {
            self.veil(cx, true);
        }
    }

    fn search_done(&mut self, cx: &mut Cx) {
        self.lesson_search_done(cx);
    }

    /// The explorer quits (or this lesson is replaced or closed): its results, if it keeps any.
    fn leaving(&mut self) -> Vec<Effect> {
        self.state
            .iter()
            .filter_map(LessonState::save_results)
            .collect()
    }

    fn list_len(&self, mode: &Mode) -> Option<usize> {
        matches!(mode, Mode::LessonPicker(_)).then_some(lesson::BUNDLED.len())
    }
}

impl Lessons {
    /// Enter in the picker: the highlighted lesson, to check on the runtime's thread.
    fn load(&mut self, cx: &mut Cx) -> Vec<Effect> {
        let Mode::LessonPicker(index) = *cx.mode else {
            return Vec::new();
        };
        *cx.mode = Mode::Normal;
        let Some(source) = LessonSource::bundled(index) else {
            return Vec::new();
        };
        cx.info(format!(
            "checking the lesson {} against the engine…",
            source.name
        ));
        vec![Effect::OpenLesson(source)]
    }

    /// The chart or comparison on screen, if the lesson opened it, closes.
    fn close_view(&mut self, cx: &mut Cx) {
        let opened = self.state.as_mut().is_some_and(|l| l.take_opened_view());
        if opened && matches!(cx.mode, Mode::Charts | Mode::Compare) {
            *cx.mode = Mode::Normal;
        }
    }

    /// Writing the results `csv` to `path` (the lesson's results file).
    pub fn results_file(path: PathBuf, csv: String) -> Effect {
        Effect::Write(Box::new(WriteFile {
            path,
            bytes: csv.into_bytes(),
            told: Lessons::saved,
        }))
    }

    /// Tells how writing the results went.
    fn saved(path: String, error: Option<String>) -> ViewNotice {
        Lessons::notice(JobEvent::Done(LessonsNotice::Saved(path, error)))
    }
}

/// The check of `source` against the engine, for the runtime's thread (`Effect::OpenLesson`):
/// the lesson opens if it holds, else the status line (or the explorer's exit) says why.
pub fn check(source: LessonSource) -> Job {
    Job::new::<Lessons, _>(source, Stops::default(), checked)
}

/// Checks the lesson's text against the engine and the classroom library.
fn checked(source: LessonSource, _: &Control) -> LessonsNotice {
    let result = lesson::load(&source.text)
        .map_err(|e| format!("lesson {} does not hold: {e}", source.name));
    LessonsNotice::Checked(result, source.leave_if_refused, source.results)
}
