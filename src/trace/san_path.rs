//! A node's line written for people, one word a step: SAN where each move can be played (the
//! step's own text, [`Step::text`]), `--` for a pass, and the moves' coordinates from the
//! first step that cannot be played (a filtered log's top node, a foreign or damaged log) on.

use super::line::Step;
use crate::chess::Position;
use crate::chess::notation::Notation;

/// `steps`, played from `root` (when known), a word each in SAN.
pub fn san_steps(root: Option<&Position>, steps: &[Step]) -> Vec<String> {
    let mut pos = root.cloned();
    steps
        .iter()
        .map(|&step| match pos.take() {
            Some(before) => {
                let text = step.text(&before, Notation::San);
                pos = step.play(&before);
                text
            }
            None => match step {
                Step::Move(mv) => mv.to_string(),
                Step::Pass => "--".to_string(),
            },
        })
        .collect()
}

/// The steps as UCI words, `0000` for a pass (for JSON).
pub fn uci_steps(steps: &[Step]) -> Vec<String> {
    steps
        .iter()
        .map(|step| match step {
            Step::Move(mv) => mv.to_string(),
            Step::Pass => "0000".to_string(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::notation::uci_line;

    #[test]
    fn san_with_passes_then_coordinates_once_lost() {
        let start = Position::startpos();
        let [e4, e5] = uci_line(&start, ["e2e4", "e7e5"]).map(Step::Move);
        assert_eq!(san_steps(Some(&start), &[e4, Step::Pass]), ["e4", "--"]);
        assert_eq!(san_steps(Some(&start), &[e4, e5]), ["e4", "e5"]);
        assert_eq!(san_steps(Some(&start), &[e5, e4]), ["e7e5", "e2e4"]);
        assert_eq!(san_steps(None, &[e4]), ["e2e4"]);
        assert_eq!(uci_steps(&[e4, Step::Pass]), ["e2e4", "0000"]);
    }
}
