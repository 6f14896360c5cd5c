//! Lessons: guided walks through a real search, written as plain TOML files that a teacher can
//! edit. A lesson is checked against the engine before it is shown — every move path, event,
//! answer and node count it names must come out of the search — so it can never make a false
//! claim.

pub mod answer;
pub mod choices;
pub mod drive;
mod error;
pub mod file;
pub mod player;
pub mod scene;
pub mod score;
pub mod state;
pub mod verify;

pub use player::{Player, Verdict};
pub use scene::{Scene, SearchPlan, View};
pub use state::{LessonState, SearchCheck, Stage, check, compare, holds};

use std::sync::LazyLock;
pub use verify::{Lesson, LessonError, Question, Step, Wait, verify};

/// The lessons that ship with killerscope: (name, file text), in teaching order.
pub const BUNDLED: [(&str, &str); 6] = [
    (
        "killers-in-ten-minutes",
        include_str!("../../../../assets/lessons/killers-in-ten-minutes.toml"),
    ),
    (
        "why-a-second-slot",
        include_str!("../../../../assets/lessons/why-a-second-slot.toml"),
    ),
    (
        "killers-and-history-disagree",
        include_str!("../../../../assets/lessons/killers-and-history-disagree.toml"),
    ),
    (
        "alpha-beta-from-the-ground-up",
        include_str!("../../../../assets/lessons/alpha-beta-from-the-ground-up.toml"),
    ),
    (
        "move-ordering-lab",
        include_str!("../../../../assets/lessons/move-ordering-lab.toml"),
    ),
    (
        "the-limits-of-ordering",
        include_str!("../../../../assets/lessons/the-limits-of-ordering.toml"),
    ),
];

/// A bundled lesson as the picker lists it.
#[derive(Clone, Debug)]
pub struct Listed {
    /// The name `killerscope lesson NAME` takes.
    pub name: &'static str,
    /// Its title.
    pub title: String,
    /// Its summary.
    pub summary: String,
    /// How many steps it has.
    pub steps: usize,
}

static CATALOGUE: LazyLock<Vec<Listed>> = LazyLock::new(|| {
    BUNDLED
        .iter()
        .map(|&(name, text)| match file::parse(text) {
            Ok(f) => Listed {
                name,
                title: f.title,
                summary: f.summary,
                steps: f.steps.len(),
            },
            Err(e) => Listed {
                name,
                title: name.to_string(),
                summary: e,
                steps: 0,
            },
        })
        .collect()
});

/// The bundled lessons' names, titles and summaries, read once (for the picker and the list),
/// in the order of `BUNDLED`.
pub fn catalogue() -> &'static [Listed] {
    &CATALOGUE
}

/// Reads and checks a lesson's text against the engine and the classroom library.
pub fn load(text: &str) -> Result<Lesson, LessonError> {
    let file = file::parse(text).map_err(|reason| LessonError::new(0, &reason))?;
    verify(&file, &crate::library::embedded())
}

/// The bundled lesson called `name`.
pub fn bundled(name: &str) -> Option<&'static str> {
    BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_lesson_holds_against_the_engine() {
        for (name, text) in BUNDLED {
            let lesson = load(text).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!lesson.steps.is_empty(), "{name}");
        }
    }
}
