//! The lesson file as a teacher writes it (TOML, in assets/lessons/ or anywhere with
//! `--file`): a title, a summary and a list of steps. Each step has a text and may drive the
//! explorer (load, search, select, timeline, chart, compare), wait for the learner (a key, a
//! node to select) or ask a question whose answer is read from the search. Unknown keys are
//! errors, so a misspelt key is reported instead of silently doing nothing.

use serde::Deserialize;

/// A whole lesson file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LessonFile {
    /// Shown in the list and over the panel.
    pub title: String,
    /// One or two sentences: what the class will see.
    pub summary: String,
    /// The steps, in order (`[[step]]` tables).
    #[serde(rename = "step", default)]
    pub steps: Vec<StepFile>,
}

/// One step.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepFile {
    /// What the panel says.
    pub text: String,
    /// Load a classroom library position by its `id`.
    pub load: Option<String>,
    /// Load a position by FEN.
    pub fen: Option<String>,
    /// Search the current position.
    pub search: Option<SearchSpec>,
    /// Select a node of the current search in the tree.
    pub select: Option<NodeSpec>,
    /// Move the timeline to an event of the current search.
    pub timeline: Option<EventSpec>,
    /// Open a chart: `nodes-per-ply`, `ranks`, `sources`, `ebf` or `icicle`.
    pub chart: Option<String>,
    /// Compare configurations on the current position at the current search's depth.
    pub compare: Option<CompareSpec>,
    /// Wait until the learner has done something.
    pub wait: Option<WaitSpec>,
    /// Ask a question whose answer comes from the search.
    pub question: Option<QuestionSpec>,
}

/// A search to run.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchSpec {
    /// Depth of the search.
    pub depth: u8,
    /// Ordering switches, as `--ordering` takes them (default: the default ordering).
    #[serde(default)]
    pub ordering: String,
    /// Selective-search switches, as `--search` takes them (default: full width).
    #[serde(default)]
    pub search: String,
    /// If given, the search must visit exactly this many nodes — how a lesson's numbers are
    /// kept true.
    pub nodes: Option<u64>,
}

/// A node: the iteration (by depth) and the moves from the root, space-separated, SAN or UCI.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NodeSpec {
    /// The iteration, by its depth.
    pub depth: u8,
    /// Moves from the root, e.g. `"Ra5 Bc6"`; empty for the root.
    #[serde(default)]
    pub path: String,
}

/// An event of the search, e.g. `{ event = "killer_store", move = "Bc6", ply = 1, depth = 5 }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSpec {
    /// The event kind's JSON name (`killer_store`, `cutoff`, `move_tried`, …).
    pub event: String,
    /// The move it concerns, SAN or UCI.
    #[serde(rename = "move")]
    pub mv: String,
    /// The ply of the node it happened in.
    pub ply: Option<u8>,
    /// The iteration it happened in, by depth.
    pub depth: Option<u8>,
    /// Only events of this node itself, e.g. the cutoff that ended it.
    pub node: Option<NodeSpec>,
    /// Only a tried or cutting move from this ordering source (`K1`, `K2`, `Cap`, …).
    pub source: Option<String>,
    /// Which match, 1 = the first (the default).
    pub nth: Option<usize>,
}

/// Configurations to compare, and optionally the node counts they must produce.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareSpec {
    /// Ordering (and selective) switches per column, as `compare --config` takes them.
    pub configs: Vec<String>,
    /// If given, one node count per config that the searches must reproduce.
    pub nodes: Option<Vec<u64>>,
}

/// What the learner must do before the lesson goes on.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WaitSpec {
    /// A key to press, e.g. `"K"`.
    pub key: Option<String>,
    /// A node to select in the tree.
    pub select: Option<NodeSpec>,
}

/// A question with choices; the answer is read from the search, never written in the file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestionSpec {
    /// The question.
    pub prompt: String,
    /// The choices shown, SAN or UCI moves; the right one must be among them.
    pub choices: Vec<String>,
    /// Where the answer comes from.
    pub answer: AnswerSpec,
}

/// The rule that gives a question's answer.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub enum AnswerSpec {
    /// The first move the node tried.
    FirstTried(NodeSpec),
    /// The move that made the node cut off.
    CutoffBy(NodeSpec),
}

/// Parses a lesson file's text; the error names the line and column.
pub fn parse(text: &str) -> Result<LessonFile, String> {
    toml::from_str(text).map_err(|e| e.to_string().trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_with_every_kind_of_part_parses() {
        let lesson = parse(
            r#"
title = "t"
summary = "s"
[[step]]
text = "load and search"
load = "killer-puzzle"
search = { depth = 6, ordering = "history=off", nodes = 452135 }
[[step]]
text = "ask"
question = { prompt = "first?", choices = ["Bc6", "a4"], answer = { first_tried = { depth = 5, path = "Rb4" } } }
"#,
        )
        .expect("parses");
        assert_eq!(lesson.steps.len(), 2);
        assert_eq!(
            lesson.steps[0].search.as_ref().map(|s| s.nodes),
            Some(Some(452135))
        );
        let answer = &lesson.steps[1]
            .question
            .as_ref()
            .expect("a question")
            .answer;
        assert!(matches!(answer, AnswerSpec::FirstTried(n) if n.path == "Rb4"));
    }

    #[test]
    fn a_misspelt_key_is_an_error_with_its_line() {
        let err = parse("title = \"t\"\nsummary = \"s\"\n[[step]]\ntext = \"x\"\nserach = 3\n")
            .expect_err("unknown key");
        assert!(err.contains("line 5") && err.contains("serach"), "{err}");
    }
}
