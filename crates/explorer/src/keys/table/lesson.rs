//! The lesson's rows: stepping, answering, closing, and the lesson picker. `Context::Lesson`
//! and `Context::Question` are laid over the view a lesson is shown with (`App::contexts`), so
//! their keys win there: `→` / `←` step the lesson instead of opening and closing tree nodes
//! (`l` / `h` still do that), and while a question waits, the digits answer it instead of
//! setting the killer slots.

use crate::{
    keys::KeyCode::Char, keys::KeyCode::Enter, keys::KeyCode::Esc, keys::KeyCode::Left,
    keys::KeyCode::Right,
};

use super::{Action, Binding, Context, Group, Rows, list};

/// Most choices a question can offer: one digit key each.
pub const MAX_CHOICES: u8 = 9;

/// The rows of the lesson, the question and the lesson picker.
#[rustfmt::skip]
pub(in crate::keys) fn rows() -> Vec<Binding> {
    let lesson = Rows::with(Context::Lesson, Group::Lesson, [
        (&[Right],     "→ ←", Action::LessonNext,  "lesson: next / previous step (l h open and close nodes)"),
        (&[Left],      "",    Action::LessonBack,  ""),
        (&[Char('x')], "x",   Action::CloseLesson, "close the lesson"),
    ]);
    let mut question = Rows::new(Context::Question, Group::Lesson);
    for k in 0..MAX_CHOICES {
        let key = Char(char::from(b'1' + k));
        let (label, help) = match k {
            0 => (format!("1-{MAX_CHOICES}"), "answer the question (until answered)"),
            _ => (String::new(), ""),
        };
        question.row(&[key], &label, Action::LessonAnswer(k), help);
    }
    let picker = list(Context::LessonPicker, Group::LessonPicker, "previous / next lesson", [
        (&[Enter],                     "Enter",   Action::LessonLoad, "check the lesson against the engine and open it"),
        (&[Esc, Char('q'), Char('L')], "Esc q L", Action::Leave,      "close the picker"),
    ]);
    [lesson.out, question.out, picker].concat()
}
