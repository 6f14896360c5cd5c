//! The lesson panel: the lesson's title and where the learner is (step k of n), the step's
//! text, what the step shows or asks the learner to do, its question with the choices and —
//! once answered — the answer the log gives and why, the running score of a lesson that asks
//! questions, and on the last line what lets the lesson go on. Whatever the step claims about the search is shown only while the search on
//! screen is the one the lesson was checked against; otherwise the panel says what differs.
//! When the panel is too short, blank lines and details go first, then the text is cut
//! (marked `…`), never the question, its answer or the way on.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::ctx::Ctx;
use crate::theme::Theme;
use crate::widgets::Panel;
use crate::widgets::timeline::describe;
use killerscope_chess::Notation;
use killerscope_engine::fmt;
use killerscope_explorer::{lesson::LessonState, lesson::SearchCheck, lesson::View, lesson::Wait};
use killerscope_trace::NodeId;
use killerscope_trace::{line::Step, line::line_text};

/// The lesson panel, drawn while a lesson is open.
pub struct LessonPanel;

impl Panel for LessonPanel {
    /// Draws the panel: the body fitted to the height, the way on in the last line.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Some(state) = &app.lesson() else {
            return;
        };
        let theme = &app.theme;
        let block = Block::bordered()
            .title(Span::styled(title(state, area.width), theme.title))
            .border_style(theme.border_focus);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if inner.is_empty() {
            return;
        }
        let mut parts = body(app, state, usize::from(inner.width));
        if let Some(score) = state.player.score().text() {
            parts.push(Part {
                lines: wrap(&score, usize::from(inner.width))
                    .into_iter()
                    .map(|l| Line::styled(l, theme.dim))
                    .collect(),
                text: false,
                optional: false,
            });
        }
        parts.push(footer(theme, state));
        let lines = fit(parts, usize::from(inner.height), usize::from(inner.width));
        frame.render_widget(Paragraph::new(lines), inner);
    }
}

/// " Lesson: Killer moves in ten minutes — step 2 of 5 ", without the last space, then without
/// "Lesson:" and then with the name shortened by `…` where that does not fit, so that where the learner is always
/// fits a panel `width` wide.
pub fn title(state: &LessonState, width: u16) -> String {
    let lesson = state.player.lesson();
    let place = format!(
        " — step {} of {} ",
        state.player.index() + 1,
        lesson.steps.len()
    );
    let room = usize::from(width).saturating_sub(2);
    let full = format!(" Lesson: {}{place}", lesson.title);
    let tight = full.trim_end();
    if full.chars().count() <= room {
        return full;
    }
    if tight.chars().count() <= room {
        return tight.to_string();
    }
    let room = room.saturating_sub(1 + place.chars().count()).max(1);
    let mut name: String = lesson.title.chars().take(room).collect();
    if name.chars().count() < lesson.title.chars().count() {
        name.pop();
        name.push('…');
    }
    format!(" {name}{place}")
}

/// One part of the panel and whether it may be dropped when the panel is too short.
struct Part {
    lines: Vec<Line<'static>>,
    /// The step's text: cut (not dropped) to what fits.
    text: bool,
    /// A blank line or a detail the learner can also read elsewhere on screen.
    optional: bool,
}

/// The panel's lines above the footer, in order, before fitting.
fn body(app: &Ctx, state: &LessonState, width: usize) -> Vec<Part> {
    let theme = &app.theme;
    let step = state.player.step();
    let styled = |text: &str, style: Style| -> Vec<Line<'static>> {
        wrap(text, width)
            .into_iter()
            .map(|l| Line::styled(l, style))
            .collect()
    };
    let mut parts = vec![Part {
        lines: styled(&step.text, theme.text),
        text: true,
        optional: false,
    }];
    let gap = || Part {
        lines: vec![Line::raw("")],
        text: false,
        optional: true,
    };
    parts.push(gap());
    for (text, style, optional) in looks(app, state) {
        parts.push(Part {
            lines: styled(&text, style),
            text: false,
            optional,
        });
    }
    if let Some(q) = &step.question {
        parts.push(gap());
        parts.push(Part {
            lines: styled(&format!("? {}", q.prompt), theme.title),
            text: false,
            optional: false,
        });
        parts.push(Part {
            lines: choices(theme, &q.choices, state, width),
            text: false,
            optional: false,
        });
        let missed = state.player.missed().filter(|_| state.asking());
        if let Some((k, chosen)) = missed.and_then(|k| Some((k, q.choices.get(k)?))) {
            let hint = q.hints.get(k).map_or("", String::as_str);
            let said = format!("✗ Not {chosen}: one more try. {hint}");
            parts.push(Part {
                lines: styled(said.trim_end(), theme.error),
                text: false,
                optional: false,
            });
        }
        if let Some(picked) = state.player.choice() {
            let verdict = if picked == q.answer {
                (format!("✓ Right: {}. {}", q.answer_san, q.why), theme.info)
            } else {
                let chosen = q.choices.get(picked).map_or("", String::as_str);
                let said = format!(
                    "✗ You picked {chosen}; the log says {}. {}",
                    q.answer_san, q.why
                );
                (said, theme.error)
            };
            parts.push(Part {
                lines: styled(&verdict.0, verdict.1),
                text: false,
                optional: false,
            });
        }
    }
    parts
}

/// What the step shows or asks, one line each: (text, style, may be dropped).
fn looks(app: &Ctx, state: &LessonState) -> Vec<(String, Style, bool)> {
    let theme = &app.theme;
    let step = state.player.step();
    let holds = app.lesson_holds();
    let mut out = Vec::new();
    match app.lesson_check() {
        Some(SearchCheck::Running { depth }) => out.push((
            format!("… searching to depth {depth}: the step's node follows when it ends"),
            theme.info,
            false,
        )),
        Some(SearchCheck::Holds { nodes }) if step.sets.search.is_some() => out.push((
            format!(
                "✓ {} nodes, the search the lesson was checked against",
                fmt::grouped(nodes)
            ),
            theme.info,
            true,
        )),
        Some(SearchCheck::Differs(why)) => out.push((
            format!("✗ {why}. The step's nodes and numbers are not shown: ← restores a step."),
            theme.error,
            false,
        )),
        _ => {}
    }
    if let Some(id) = step.sets.select.filter(|_| holds) {
        out.push((
            format!("▸ Selected: {}", node_name(app, id)),
            theme.text,
            true,
        ));
    }
    if let Some(i) = step.sets.timeline.filter(|_| holds) {
        let what = describe(app.session(), i, app.prefs().notation);
        out.push((format!("▸ Timeline: {what}"), theme.text, true));
    }
    if let Some(View::Chart(kind)) = &step.sets.view {
        let chart = format!("▸ Chart: {} (Tab: the other charts)", kind.title());
        out.push((chart, theme.text, true));
    }
    for (label, pinned, measured) in app.lesson_compare().unwrap_or_default() {
        let (mark, style) = match measured {
            Some(m) if m == pinned => ("✓".to_string(), theme.text),
            Some(m) => (format!("✗ measured {}", fmt::grouped(m)), theme.error),
            None if app.views().compare.running => ("…".to_string(), theme.dim),
            None => ("(not run)".to_string(), theme.dim),
        };
        let row = format!("▸ {label}: {} nodes {mark}", fmt::grouped(pinned));
        out.push((row, style, false));
    }
    let waited = state.player.waited();
    let done = if waited { " ✓" } else { "" };
    match step.wait {
        Some(Wait::Key(c)) => {
            out.push((format!("▸ Your turn: press {c}{done}"), theme.key, waited))
        }
        Some(Wait::Select(id)) => {
            let name = if holds {
                node_name(app, id)
            } else {
                "the node the step names".to_string()
            };
            out.push((
                format!("▸ Your turn: select {name}{done}"),
                theme.key,
                waited,
            ));
        }
        None => {}
    }
    out
}

/// "…Ra5 Bc6 (iteration 5)" for a node of the search on screen.
fn node_name(app: &Ctx, id: NodeId) -> String {
    let tree = app.session().tree();
    let moves: Vec<Step> = tree.line(id).into_iter().map(|(_, s)| s).collect();
    let depth = tree
        .root_of(id)
        .and_then(|r| tree.node(r))
        .map_or(0, |n| n.depth());
    if moves.is_empty() {
        format!("the root (iteration {depth})")
    } else {
        let text = line_text(app.session().root(), &moves, Notation::San);
        format!("{text} (iteration {depth})")
    }
}

/// The choices as `1 Bc6   2 Qb2 …`, wrapped between choices; once answered, the right one
/// marked and a wrong pick in the error style.
fn choices(
    theme: &Theme,
    choices: &[String],
    state: &LessonState,
    width: usize,
) -> Vec<Line<'static>> {
    let picked = state.player.choice();
    let answer = state.player.step().question.as_ref().map(|q| q.answer);
    let mut lines = Vec::new();
    let mut spans: Vec<Span<'static>> = Vec::new();
    let mut used = 0;
    for (k, choice) in choices.iter().enumerate() {
        let cell = format!("{} {choice}", k + 1);
        let len = cell.chars().count() + 3;
        if used > 0 && used + len > width {
            lines.push(Line::from(std::mem::take(&mut spans)));
            used = 0;
        }
        let style = match picked {
            Some(_) if Some(k) == answer => theme.info.patch(theme.selected),
            Some(p) if p == k => theme.error,
            Some(_) => theme.dim,
            None => theme.text,
        };
        spans.push(Span::styled(format!("{}", k + 1), theme.key));
        spans.push(Span::styled(format!(" {choice}"), style));
        spans.push(Span::raw("   "));
        used += len;
    }
    if !spans.is_empty() {
        lines.push(Line::from(spans));
    }
    lines
}

/// The last line: what lets the lesson go on.
fn footer(theme: &Theme, state: &LessonState) -> Part {
    let player = &state.player;
    let step = player.step();
    let text = match (&step.wait, player.waited()) {
        (Some(Wait::Key(c)), false) => format!("press {c} to go on"),
        (Some(Wait::Select(_)), false) => "select the node to go on".to_string(),
        _ if state.asking() => {
            let n = step.question.as_ref().map_or(0, |q| q.choices.len());
            format!("answer with 1-{n} to go on")
        }
        _ if player.at_end() => "the end · ← back · x closes · L another lesson".to_string(),
        _ if player.index() == 0 => "→ next step".to_string(),
        _ => "→ next step · ← back".to_string(),
    };
    Part {
        lines: vec![Line::styled(text, theme.key)],
        text: false,
        optional: false,
    }
}

/// Fits the parts into `height` rows of `width`, the last part (the way on) always in the last row:
/// blank lines and details go first, then the text is cut (to one line at least), marked
/// with `…`.
fn fit(mut parts: Vec<Part>, height: usize, width: usize) -> Vec<Line<'static>> {
    let count = |parts: &[Part]| parts.iter().map(|p| p.lines.len()).sum::<usize>();
    while count(&parts) > height {
        match parts.iter().rposition(|p| p.optional) {
            Some(i) => {
                parts.remove(i);
            }
            None => break,
        }
    }
    let over = count(&parts).saturating_sub(height);
    if let Some(text) = parts.iter_mut().find(|p| p.text).filter(|_| over > 0) {
        let keep = text.lines.len().saturating_sub(over).max(1);
        text.lines.truncate(keep);
        if let Some(last) = text.lines.last_mut() {
            let style = last.spans.first().map_or_else(Style::default, |s| s.style);
            let kept: String = last
                .to_string()
                .chars()
                .take(width.saturating_sub(2))
                .collect();
            *last = Line::styled(format!("{kept} …"), style);
        }
    }
    let footer = parts.pop().map(|p| p.lines).unwrap_or_default();
    let mut lines: Vec<Line<'static>> = parts.into_iter().flat_map(|p| p.lines).collect();
    let room = height.saturating_sub(footer.len());
    lines.truncate(room);
    lines.resize(room, Line::raw(""));
    lines.extend(footer);
    lines.truncate(height);
    lines
}

/// `text` in lines of at most `width` characters, broken between words (a word longer than
/// the width is split); line breaks in the text are kept.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let (have, len) = (line.chars().count(), word.chars().count());
            if have > 0 && have + 1 + len > width {
                out.push(std::mem::take(&mut line));
            }
            let mut rest: Vec<char> = word.chars().collect();
            while line.is_empty() && rest.len() > width {
                out.push(rest.drain(..width).collect());
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.extend(rest);
        }
        out.push(line);
    }
    out
}

#[cfg(test)]
mod tests;
