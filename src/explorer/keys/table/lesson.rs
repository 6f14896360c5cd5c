//! The lesson's rows: stepping, answering, closing, and the lesson picker. `Context::Lesson`
//! and `Context::Question` are laid over the view a lesson is shown with (`App::contexts`), so
//! their keys win there: `→` / `←` step the lesson instead of opening and closing tree nodes
//! (`l` / `h` still do that), and while a question waits, the digits answer it instead of
//! setting the killer slots.

use crate::explorer::keys::KeyCode::{Char, Enter, Esc, Left, Right};

use super::{Action, Binding, Context, Group, Rows};

/// Most choices a question can offer: one digit key each.
pub const MAX_CHOICES: u8 = 9;

/// The rows of the lesson, the question and the lesson picker.
pub(in crate::explorer::keys) fn rows() -> Vec<Binding> {
    let mut lesson = Rows::new(Context::Lesson);
    let step = "lesson: next / previous step (l h open and close nodes)";
    lesson.row(&[Right], "→ ←", Action::LessonNext, step, Group::Lesson);
    lesson.also(Left, Action::LessonBack, Group::Lesson);
    let close = "close the lesson";
    lesson.row(&[Char('x')], "x", Action::CloseLesson, close, Group::Lesson);

    let mut question = Rows::new(Context::Question);
    for k in 0..MAX_CHOICES {
        let key = Char(char::from(b'1' + k));
        let (label, help) = if k == 0 {
            (
                format!("1-{MAX_CHOICES}"),
                "answer the question (until answered)",
            )
        } else {
            (String::new(), "")
        };
        question.row(&[key], &label, Action::LessonAnswer(k), help, Group::Lesson);
    }

    let mut picker = Rows::new(Context::LessonPicker);
    let choose = "previous / next lesson";
    let group = Group::LessonPicker;
    picker.up_down(Action::PickerPrev, Action::PickerNext, choose, group);
    let open = "check the lesson against the engine and open it";
    picker.row(&[Enter], "Enter", Action::LessonLoad, open, group);
    let keys = [Esc, Char('q'), Char('L')];
    picker.row(&keys, "Esc q L", Action::Leave, "close the picker", group);
    [lesson.out, question.out, picker.out].concat()
}
