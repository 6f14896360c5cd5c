//! The status line: where the timeline is (event i of n, live or paused, replay speed) and the
//! current event in words; below it a line of key hints or the latest message.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::ctx::Ctx;
use crate::{widgets::Panel, widgets::charts, widgets::compare, widgets::diff};
use killerscope_explorer::SetupAction;
use killerscope_explorer::views::ViewAction as V;
use killerscope_explorer::views::{charts::ChartsAction, compare::CompareAction};
use killerscope_explorer::views::{lessons::LessonsAction, timeline::TimelineAction as T};
use killerscope_explorer::{Mode, SPEEDS};
use killerscope_explorer::{keys, keys::Action, keys::Context};

pub mod words;
pub use words::describe;

/// The status line: where the timeline is and the current event in words.
pub struct StatusLine;

impl Panel for StatusLine {
    /// Draws the line: replay state, event counter, the event with its source coloured.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        status(frame, area, app);
    }
}

/// The line under the status line: key hints, or the latest message when there is one.
pub struct HintLine;

impl Panel for HintLine {
    /// Draws the hints (with the next search's depth, killer slots and, when on, selective
    /// search) or the message.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        hints(frame, area, app);
    }
}

fn status(frame: &mut Frame, area: Rect, app: &Ctx) {
    let theme = &app.theme;
    let session = app.session();
    let n = session.events().len();
    let at = session.position();
    let state = if app.views().timeline.playback.playing {
        Span::styled(
            format!("▶ {}/s", SPEEDS[app.views().timeline.playback.speed]),
            theme.info,
        )
    } else if session.at().is_none() && app.is_live() {
        Span::styled("● live", theme.info)
    } else if session.at().is_none() {
        Span::styled("■ end", theme.dim)
    } else {
        Span::styled(
            format!("‖ {}/s", SPEEDS[app.views().timeline.playback.speed]),
            theme.dim,
        )
    };
    let sources = &session.header().sources;
    let current = at
        .checked_sub(1)
        .map(|i| words::parts(session, i, app.prefs().notation))
        .unwrap_or_default()
        .into_iter()
        .map(|(text, source)| {
            let style = source.map_or(theme.text, |s| theme.source_style(sources.colour(s)));
            Span::styled(text, style)
        });
    let line = Line::from(
        [state, Span::styled(format!(" event {at}/{n} "), theme.key)]
            .into_iter()
            .chain(current)
            .collect::<Vec<_>>(),
    );
    frame.render_widget(line, area);
}

/// The actions the hint line names, with a word each; their keys come from the key table.
const HINTS: [(Action, &str); 11] = [
    (Action::Help, "help"),
    (Action::Quit, "quit"),
    (Action::Setup(SetupAction::EnterFen), "FEN"),
    (Action::Setup(SetupAction::OpenPicker), "library"),
    (Action::View(V::Timeline(T::StepBack)), "step"),
    (Action::View(V::Timeline(T::PrevCutoff)), "cutoff"),
    (Action::View(V::Timeline(T::NextKillerCutoff)), "killer cut"),
    (Action::View(V::Timeline(T::PlayPause)), "play"),
    (
        Action::View(V::Compare(CompareAction::OpenPicker)),
        "compare",
    ),
    (Action::Rerun, "re-run"),
    (Action::View(V::Charts(ChartsAction::Open)), "charts"),
];

/// A key label without ← and →, which step the lesson while one is on screen.
fn without_arrows(label: &str) -> String {
    let keys: Vec<&str> = label
        .split_whitespace()
        .filter(|k| !matches!(*k, "←" | "→"))
        .collect();
    keys.join(" ")
}

/// The lesson's keys, named first in the hint line while a lesson is on screen.
const LESSON_HINTS: [(Context, Action, &str); 2] = [
    (
        Context::Lesson,
        Action::View(V::Lessons(LessonsAction::Next)),
        "step",
    ),
    (
        Context::Lesson,
        Action::View(V::Lessons(LessonsAction::Close)),
        "close lesson",
    ),
];

fn hints(frame: &mut Frame, area: Rect, app: &Ctx) {
    let theme = &app.theme;
    if let Some((text, progress)) = app.views().query.running() {
        let ratio = progress.done as f64 / progress.total.max(1) as f64;
        let label = format!(
            "querying {}: {:.0}% of {} events · Esc or s stops",
            killerscope_text::printable(text),
            ratio * 100.0,
            killerscope_engine::fmt::grouped(progress.total)
        );
        let gauge = ratatui::widgets::Gauge::default()
            .gauge_style(theme.gauge)
            .ratio(ratio.clamp(0.0, 1.0))
            .label(label);
        frame.render_widget(gauge, area);
        return;
    }
    let hint = match &app.message() {
        Some(m) => Line::styled(
            m.text.clone(),
            if m.error { theme.error } else { theme.info },
        ),
        None => {
            let (context, hints) = match app.mode() {
                Mode::Charts => (Context::Charts, &charts::HINTS[..]),
                Mode::Compare => (Context::Compare, &compare::HINTS[..]),
                Mode::Diff => (Context::Diff, &diff::HINTS[..]),
                _ => (Context::Normal, &HINTS[..]),
            };
            let mut spans = Vec::new();
            if let Some(lesson) = app.lesson().filter(|_| app.mode().shows_lesson()) {
                for (context, action, what) in LESSON_HINTS {
                    spans.push(Span::styled(keys::label(context, &action), theme.key));
                    spans.push(Span::styled(format!(" {what}  "), theme.dim));
                }
                if let Some(q) = lesson
                    .player
                    .step()
                    .question
                    .as_ref()
                    .filter(|_| lesson.asking())
                {
                    spans.insert(2, Span::styled(format!("1-{}", q.choices.len()), theme.key));
                    spans.insert(3, Span::styled(" answer  ", theme.dim));
                }
            }
            let lesson_keys = app.lesson().is_some() && app.mode().shows_lesson();
            for (action, what) in hints {
                let label = keys::label(context, action);
                let label = if lesson_keys {
                    without_arrows(label)
                } else {
                    label.to_string()
                };
                spans.push(Span::styled(label, theme.key));
                spans.push(Span::styled(format!(" {what}  "), theme.dim));
            }
            let mut next = format!(
                "depth {} · killers {}",
                app.setup().next.depth,
                app.setup().next.killers
            );
            if app.setup().next.selective.any() {
                next.push_str(&format!(" · {}", app.setup().next.selective.label()));
            }
            spans.push(Span::styled(next, theme.text));
            Line::from(spans)
        }
    };
    frame.render_widget(hint, area);
}
