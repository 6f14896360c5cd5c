//! Why a lesson was refused, and where: what `verify` and `load` return.

use std::fmt;

/// Why a lesson was refused: the step (1-based; 0 for the file as a whole) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The step, counting from 1; 0 when the whole file is at fault.
    pub step: usize,
    /// What is wrong, in words for the lesson's author.
    pub reason: String,
}

impl LessonError {
    /// An error at `step` (0 for the whole file), its reason cut so that no input it echoes
    /// (a pasted FEN, a path, the line a parse error quotes) runs longer than a quote.
    pub fn new(step: usize, reason: &str) -> LessonError {
        LessonError {
            step,
            reason: killerscope_text::bounded(reason),
        }
    }
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.step == 0 {
            f.write_str(&self.reason)
        } else {
            write!(f, "step {}: {}", self.step, self.reason)
        }
    }
}

impl std::error::Error for LessonError {}
