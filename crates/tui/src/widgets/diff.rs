//! The diff view (`tui --diff A B`): two searches of one position as one tree. Each row shows
//! A's subtree size, B's, the difference and what differs there (the divergence kinds of
//! `killerscope diff`); beside the tree, the board at the selected node and the killer table
//! of each search as that node saw it on entry; below, the divergence at the selected node in
//! the `diff` command's words. The hint line stays free for the view's keys and messages.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::widgets::Panel;
use crate::{ctx::Ctx, ctx::area_of};
use crate::{widgets::board, widgets::board::BoardView};
use killerscope_analysis::DivergenceKinds;
use killerscope_chess::{Move, Position};
use killerscope_engine::fmt::grouped;
use killerscope_explorer::PairRow;
use killerscope_explorer::Session;
use killerscope_explorer::keys::Action;
use killerscope_explorer::views::ViewAction as V;
use killerscope_explorer::views::{diff::DiffAction, tree::TreeMove};
use killerscope_explorer::{Area, NodeId};
use killerscope_explorer::{DiffState, Ranking};
use killerscope_trace::line::Step;

/// The actions the hint line names while the diff view is open, with a word each.
pub const HINTS: [(Action, &str); 3] = [
    (
        Action::View(V::Diff(DiffAction::Divergence(1))),
        "next / previous divergence",
    ),
    (
        Action::View(V::Diff(DiffAction::Move(TreeMove::Toggle))),
        "open",
    ),
    (Action::Leave, "A's tree"),
];

/// The view's parts for a screen of `size` (the last row is the hint line's).
struct Parts {
    summary: Rect,
    tree: Rect,
    board: Rect,
    killers: Rect,
    said: Rect,
}

fn parts(size: Rect) -> Parts {
    let area = Rect {
        height: size.height.saturating_sub(1),
        ..size
    };
    let said_height = if area.height >= 30 { 5 } else { 4 };
    let [summary, middle, said] = Layout::vertical([
        Constraint::Length(3),
        Constraint::Min(3),
        Constraint::Length(said_height),
    ])
    .areas(area);
    let side = if middle.width >= 120 { 46 } else { 30 };
    let [tree, right] =
        Layout::horizontal([Constraint::Min(20), Constraint::Length(side)]).areas(middle);
    let board_height = if right.height >= 30 && side >= 46 {
        19
    } else {
        11
    };
    let [board, killers] =
        Layout::vertical([Constraint::Length(board_height), Constraint::Min(0)]).areas(right);
    Parts {
        summary,
        tree,
        board,
        killers,
        said,
    }
}

/// Where the tree's rows go on a screen of `size` (the model's page for PgUp / PgDn).
pub fn rows_area(size: Rect) -> Area {
    area_of(Block::bordered().inner(parts(size).tree))
}

/// The diff view.
pub struct DiffOverlay;

impl Panel for DiffOverlay {
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let Some(diff) = app.views().diff.open() else {
            return;
        };
        let p = parts(area);
        frame.render_widget(
            Clear,
            Rect {
                height: area.height.saturating_sub(1),
                ..area
            },
        );
        summary(frame, p.summary, app, diff);
        tree(frame, p.tree, app, diff);
        let row = diff.rows().selected_row().copied();
        board_at(frame, p.board, app, diff, row);
        killers(frame, p.killers, app, diff, row);
        said(frame, p.said, app, diff, row);
    }
}

fn block<'a>(app: &Ctx, title: String) -> Block<'a> {
    Block::bordered()
        .title(Span::styled(title, app.theme.title))
        .border_style(app.theme.border)
}

/// Nodes of each, their ratio, and the ranking's gauge or result.
fn summary(frame: &mut Frame, area: Rect, app: &Ctx, diff: &DiffState) {
    let [na, nb] = [app.session().tree().len(), diff.b().tree().len()].map(|n| n as u64);
    let ratio = if na == 0 {
        "–".to_string()
    } else {
        format!("{:.3}×", nb as f64 / na as f64)
    };
    let ranked = match diff.ranking() {
        Ranking::Running(done, total) => {
            let pct = if *total == 0 { 0 } else { done * 100 / total };
            format!("ranking divergences… {pct}%")
        }
        Ranking::Done(d) if d.total == 0 => "no divergences".into(),
        Ranking::Done(d) => format!("{} divergences", grouped(d.total)),
        Ranking::Failed(why) => format!("ranking failed: {why}"),
    };
    let [a, b] = diff.names();
    let text = Line::from(vec![
        Span::styled(format!("A {a}: {}", grouped(na)), app.theme.text),
        Span::styled(" · ", app.theme.dim),
        Span::styled(
            format!("B {b}: {} nodes ({ratio})", grouped(nb)),
            app.theme.text,
        ),
        Span::styled(" · ", app.theme.dim),
        Span::styled(ranked, app.theme.info),
    ]);
    let title = " Diff · o order  c cut move  s source  t type  A B subtrees only in A, B ";
    frame.render_widget(Paragraph::new(text).block(block(app, title.into())), area);
}

/// The move that leads to `id` in `s`, in the user's notation (`iter D` for a root).
fn move_text(app: &Ctx, s: &Session, id: NodeId) -> String {
    let Some(node) = s.node(id) else {
        return String::new();
    };
    if node.parent().is_none() {
        return format!("iter {}", node.depth());
    }
    let step = if node.is_null_move() {
        Step::Pass
    } else if node.mv().is_null() {
        return "(again)".into();
    } else {
        Step::Move(node.mv())
    };
    let again = if s.is_research(id) { " ↻" } else { "" };
    let text = step.text(&s.position_at(node.parent()), app.prefs().notation);
    format!("{text}{again}")
}

/// The marks of a row: what differs at a pair, or which side alone searched it.
pub fn marks(kinds: Option<DivergenceKinds>, pair_a: bool) -> String {
    let Some(k) = kinds else {
        return if pair_a { "A only" } else { "B only" }.into();
    };
    let marked = k.each().into_iter().filter(|&(on, _, _)| on);
    let text: String = marked.map(|(_, _, mark)| mark).collect();
    if text.is_empty() {
        String::new()
    } else {
        format!("◆ {text}")
    }
}

/// One row's text: A's nodes, B's, the difference, the marks, then the tree's indent, opener
/// and move; `compact` narrows the columns for a small screen.
pub fn row_text(app: &Ctx, diff: &DiffState, row: &PairRow, compact: bool) -> (String, bool) {
    let a = app.session();
    let b = diff.b();
    let size = |s: &Session, id: Option<NodeId>| id.map(|i| u64::from(s.tree().subtree_size(i)));
    let (sa, sb) = (size(a, row.pair.0), size(b, row.pair.1));
    let mv = match row.pair {
        (Some(x), _) => move_text(app, a, x),
        (None, Some(y)) => move_text(app, b, y),
        _ => String::new(),
    };
    let opener = match (row.has_children, row.open) {
        (false, _) => ' ',
        (true, true) => '▾',
        (true, false) => '▸',
    };
    let count = |n: Option<u64>| n.map_or_else(|| "–".to_string(), grouped);
    let delta = sa.unwrap_or(0) as i64 - sb.unwrap_or(0) as i64;
    let delta = if delta == 0 {
        "0".to_string()
    } else {
        format!(
            "{}{}",
            if delta > 0 { "+" } else { "−" },
            grouped(delta.unsigned_abs())
        )
    };
    let marks = marks(diff.kinds(a, row.pair), row.pair.0.is_some());
    let indent = "  ".repeat(usize::from(row.level).min(40));
    let (sa, sb) = (count(sa), count(sb));
    let text = if compact {
        let marks = marks.trim_start_matches("◆ ");
        format!("{sa:>7} {sb:>7} {delta:>6} {marks:<6} {indent}{opener} {mv}")
    } else {
        format!("{sa:>10} {sb:>10} {delta:>10}  {marks:<9} {indent}{opener} {mv}")
    };
    (text, !marks.is_empty())
}

fn tree(frame: &mut Frame, area: Rect, app: &Ctx, diff: &DiffState) {
    let rows = diff.rows();
    let compact = area.width < 80;
    let title = if compact {
        format!(
            "{:>6} {:>7} {:>6} {:<6} move ",
            "A", "B", "A − B", "differs"
        )
    } else {
        format!(
            "{:>10} {:>10} {:>10}  {:<9} move (↻ a re-search) ",
            "A nodes", "B nodes", "A − B", "differs"
        )
    };
    let inner_height = usize::from(area.height.saturating_sub(2));
    let lines: Vec<Line> = rows
        .rows()
        .iter()
        .enumerate()
        .skip(rows.offset())
        .take(inner_height)
        .map(|(i, row)| {
            let (text, differs) = row_text(app, diff, row, compact);
            let style = if i == rows.selected() {
                app.theme.selected
            } else if differs {
                app.theme.cutoff
            } else {
                app.theme.text
            };
            Line::styled(text, style)
        })
        .collect();
    frame.render_widget(Paragraph::new(lines).block(block(app, title)), area);
}

/// The side that has the selected node (A first) and the node.
fn side_of<'a>(
    app: &'a Ctx,
    diff: &'a DiffState,
    row: Option<PairRow>,
) -> Option<(&'a Session, NodeId)> {
    match row?.pair {
        (Some(x), _) => Some((app.session(), x)),
        (None, Some(y)) => Some((diff.b(), y)),
        _ => None,
    }
}

fn board_at(frame: &mut Frame, area: Rect, app: &Ctx, diff: &DiffState, row: Option<PairRow>) {
    let (position, last_move) = match side_of(app, diff, row) {
        Some((s, id)) => (
            s.position_at(Some(id)),
            s.node(id).map_or(Move::NULL, |n| n.mv()),
        ),
        None => (app.session().root().clone(), Move::NULL),
    };
    let title = format!(
        " {} to move ",
        if position.side_to_move() == killerscope_chess::Color::White {
            "White"
        } else {
            "Black"
        }
    );
    let view = BoardView {
        position: &position,
        last_move,
        killers: &[],
        ascii: app.prefs().ascii,
        title,
    };
    board::draw(frame, area, app, &view);
}

/// The killer rows of `s` as node `id` saw them on entry, from its ply up to `rows` plies.
fn killer_rows(s: &Session, id: Option<NodeId>, pos: &Position, app: &Ctx) -> Vec<String> {
    let Some(node) = id.and_then(|i| s.node(i)) else {
        return vec!["–".into()];
    };
    let replay = s.replay();
    let row = replay.killer_row_of(node.ply(), node.depth());
    let slots = replay.killer_row(row, node.enter_event());
    let text: Vec<String> = slots
        .as_slice()
        .iter()
        .map(|&mv| {
            if mv.is_null() {
                "·".into()
            } else if pos.is_legal(mv) {
                app.prefs().notation.format(pos, mv)
            } else {
                mv.to_string()
            }
        })
        .collect();
    vec![if text.is_empty() {
        "·".into()
    } else {
        text.join(" ")
    }]
}

fn killers(frame: &mut Frame, area: Rect, app: &Ctx, diff: &DiffState, row: Option<PairRow>) {
    if area.height < 3 {
        return;
    }
    let pair = row.map_or((None, None), |r| r.pair);
    let pos = match side_of(app, diff, row) {
        Some((s, id)) => s.position_at(Some(id)),
        None => app.session().root().clone(),
    };
    let ply = side_of(app, diff, row)
        .and_then(|(s, id)| s.node(id))
        .map_or(0, |n| n.ply());
    let a = killer_rows(app.session(), pair.0, &pos, app);
    let b = killer_rows(diff.b(), pair.1, &pos, app);
    let differ = a != b;
    let style = if differ {
        app.theme.cutoff
    } else {
        app.theme.text
    };
    let lines = vec![
        Line::from(vec![
            Span::styled("A ", app.theme.key),
            Span::styled(a.join(" "), style),
        ]),
        Line::from(vec![
            Span::styled("B ", app.theme.key),
            Span::styled(b.join(" "), style),
        ]),
    ];
    let title = format!(" Killers at ply {ply}, on entry ");
    frame.render_widget(Paragraph::new(lines).block(block(app, title)), area);
}

/// The divergence at the selected pair in the `diff` command's words.
fn said(frame: &mut Frame, area: Rect, app: &Ctx, diff: &DiffState, row: Option<PairRow>) {
    let text = match row.map(|r| r.pair) {
        Some(pair @ (Some(_), Some(_))) => match diff.divergence(app.session(), pair) {
            Some(d) => format!("{:+} nodes here: {}", d.explains(), d.sentence),
            None => "the two searches agree here (the same moves, cut, source and type)".into(),
        },
        Some((Some(x), None)) => format!(
            "only A searched this: {} nodes",
            grouped(u64::from(app.session().tree().subtree_size(x)))
        ),
        Some((None, Some(y))) => format!(
            "only B searched this: {} nodes",
            grouped(u64::from(diff.b().tree().subtree_size(y)))
        ),
        _ => String::new(),
    };
    let step = match (diff.step(), diff.ranking()) {
        (Some(i), Ranking::Done(d)) => format!(" divergence {} of {} ", i + 1, d.divergences.len()),
        _ => " At the selected node ".into(),
    };
    frame.render_widget(
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .block(block(app, step)),
        area,
    );
}
