//! The marker column of a tree row: what happened at the node, in words and symbols that read
//! without colour — the cutoff (`✂ Bc6 K1`, `✂ TT entry`), and what selective search did, in
//! the style of SharpChess's move analysis: `R2` searched two plies shallower, `↻` / `↻R`
//! searched again (PVS / after a reduction), `NM` a null-move search, `NM✂` cut by its null
//! move, `RFP` / `MDP` pruned whole, `FUT×3` three moves pruned by futility, `ASP ok|low|high`
//! an aspiration window at the root, `✗ illegal` a pseudo-legal engine's illegal try (`✗ in
//! check` for a null move made in check), refuted below. `--ascii` writes `x`, `re`, `NMx`
//! and `*` instead.

use ratatui::style::Style;
use ratatui::text::Span;

use super::RowStyle;
use killerscope_chess::Position;
use killerscope_explorer::{NodeId, Session};
use killerscope_log::{PruneRule, WindowOutcome};
use killerscope_trace::ReSearch;

/// The symbols of the markers, Unicode or ASCII (`--ascii`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// A beta cutoff: `✂`.
    pub cut: &'static str,
    /// A PVS re-search: `↻`.
    pub research: &'static str,
    /// A re-search at full depth after a reduced search failed high: `↻R`.
    pub unreduced: &'static str,
    /// A node cut by its null move: `NM✂`.
    pub null_cut: &'static str,
    /// "times", in a count of pruned moves: `FUT×3`.
    pub times: &'static str,
    /// An illegal try or a null move made in check: `✗`.
    pub illegal: &'static str,
}

impl Glyphs {
    /// The symbols for a terminal that draws Unicode (`false`) or only ASCII (`true`).
    pub const fn new(ascii: bool) -> Glyphs {
        if ascii {
            Glyphs {
                cut: "x",
                research: "re",
                unreduced: "reR",
                null_cut: "NMx",
                times: "*",
                illegal: "x!",
            }
        } else {
            Glyphs {
                cut: "✂",
                research: "↻",
                unreduced: "↻R",
                null_cut: "NM✂",
                times: "×",
                illegal: "✗",
            }
        }
    }
}

/// The marker of a root's aspiration window: `ASP ok`, `ASP low`, `ASP high`.
pub fn aspiration_text(outcome: WindowOutcome) -> &'static str {
    match outcome {
        WindowOutcome::Inside => "ASP ok",
        WindowOutcome::FailLow => "ASP low",
        WindowOutcome::FailHigh => "ASP high",
    }
}

/// The marker of a node pruned whole by `rule`.
pub fn pruned_text(rule: PruneRule) -> &'static str {
    match rule {
        PruneRule::Futility => "FUT",
        PruneRule::ReverseFutility => "RFP",
        PruneRule::MateDistance => "MDP",
    }
}

/// One word of the marker column: one or more styled pieces.
type Word = Vec<Span<'static>>;

/// The marker column of node `id`'s row (`pos` is the position at the node, `None` where
/// there is none: the cutting move is then written in coordinates), its words joined by
/// spaces and not padded (`fit.rs` pads it to its column).
/// Words in order: illegal step, aspiration window, re-search, reduction, null-move search,
/// how the node ended (cutoff, TT entry, null-move cutoff, pruned whole), pruned moves.
pub fn marker_spans(
    session: &Session,
    style: RowStyle,
    id: NodeId,
    pos: Option<&Position>,
) -> Vec<Span<'static>> {
    let (theme, glyphs) = (style.theme, Glyphs::new(style.ascii));
    let Some(node) = session.node(id) else {
        return Vec::new();
    };
    let marks = session.marks(id);
    let word = |text: String, style: Style| vec![Span::styled(text, style)];
    let mut words: Vec<Word> = Vec::new();
    if marks.illegal {
        let what = if node.is_null_move() {
            "in check"
        } else {
            "illegal"
        };
        words.push(word(format!("{} {what}", glyphs.illegal), theme.error));
    }
    if let Some(window) = marks.aspiration {
        words.push(word(
            aspiration_text(window.outcome).into(),
            theme.selective,
        ));
    }
    let research = marks.research.map(|kind| match kind {
        ReSearch::Pvs => glyphs.research,
        ReSearch::Reduction => glyphs.unreduced,
    });
    words.extend(research.map(|g| word(g.into(), theme.cutoff)));
    if let Some(by) = marks.reduced {
        words.push(word(format!("R{by}"), theme.selective));
    }
    if marks.null_search {
        words.push(word("NM".into(), theme.selective));
    }
    // A question asks which move cut `hidden_cut` off: neither it nor its siblings (…Rb4 cut
    // by the same move, one row down) may tell.
    let asked = style.hidden_cut.is_some_and(|asked| {
        asked == id
            || session
                .parent(asked)
                .is_some_and(|p| session.parent(id) == Some(p))
    });
    let ending = if node.cutoff().is_some() && asked {
        Some(word(format!("{} ?", glyphs.cut), theme.cutoff))
    } else if let Some(cut) = node.cutoff() {
        let sources = &session.header().sources;
        let label = sources.label(cut.source).into_owned();
        let colour = theme.source_style(sources.colour(cut.source));
        let mv = match pos {
            Some(pos) => style.notation.format(pos, cut.mv),
            None => cut.mv.to_string(),
        };
        let text = format!("{} {mv} ", glyphs.cut);
        Some(vec![
            Span::styled(text, theme.cutoff),
            Span::styled(label, colour),
        ])
    } else if node.tt_cutoff() {
        Some(word(format!("{} TT entry", glyphs.cut), theme.cutoff))
    } else if marks.null_move.is_some_and(|n| n.cutoff) {
        Some(word(glyphs.null_cut.into(), theme.cutoff))
    } else {
        marks
            .pruned
            .map(|(rule, _)| word(pruned_text(rule).into(), theme.selective))
    };
    match ending {
        Some(w) => words.push(w),
        None if research.is_some() => words.push(word("re-search".into(), theme.cutoff)),
        None => {}
    }
    if marks.pruned_moves > 0 {
        let text = format!("FUT{}{}", glyphs.times, marks.pruned_moves);
        words.push(word(text, theme.selective));
    }
    join(words, theme.cutoff)
}

/// Joins `words` with spaces.
fn join(words: Vec<Word>, style: Style) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (k, w) in words.into_iter().enumerate() {
        if k > 0 {
            spans.push(Span::styled(" ", style));
        }
        spans.extend(w);
    }
    spans
}
