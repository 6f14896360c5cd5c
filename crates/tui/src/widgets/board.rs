//! The board panel: the position at the selected node, the move that led there (marked on the
//! board and named in the title, in the user's notation), and the squares of the killer moves
//! stored for that node's ply (the moves this side will try early here). At or below a
//! pseudo-legal engine's illegal try there is no chess position (a king can be captured), so
//! the panel says why instead of drawing one: never a wrong board.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::ctx::Ctx;
use crate::theme::Theme;
use crate::widgets::Panel;
use killerscope_chess::{Color, Move, Piece, Position, Square};
use killerscope_explorer::{NodeId, Session};

/// What the board shows.
pub struct BoardView<'a> {
    /// The position.
    pub position: &'a Position,
    /// The move that led to it (`Move::NULL` at the root).
    pub last_move: Move,
    /// Killer moves stored for this ply (empty slots are `Move::NULL`).
    pub killers: &'a [Move],
    /// Letters instead of chess glyphs.
    pub ascii: bool,
    /// Panel title.
    pub title: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    LastMove,
    Killer,
}

fn mark(view: &BoardView, sq: Square) -> Mark {
    let touches = |m: &Move| !m.is_null() && (m.from() == sq || m.to() == sq);
    if touches(&view.last_move) {
        Mark::LastMove
    } else if view.killers.iter().any(touches) {
        Mark::Killer
    } else {
        Mark::None
    }
}

/// Why node `id` has no position to draw: the illegal step on its line (an illegal try or a
/// null move made in check), or a move that does not fit the log's position.
fn no_position(session: &Session, id: NodeId) -> String {
    let Some(step) = session.illegal_above(id).and_then(|s| session.node(s)) else {
        return "No board: a move on the line to this node is not legal in its position (the \
                log does not fit its root position)."
            .into();
    };
    let mover = session
        .known_position_at(step.parent())
        .map_or("the mover", |p| match p.side_to_move() {
            Color::White => "White",
            Color::Black => "Black",
        });
    let at = if step.id() == id {
        "This node"
    } else {
        "The line to this node"
    };
    let what = if step.is_null_move() {
        format!(
            "{at} passes in check at ply {} ({mover} made a null move while in check)",
            step.ply()
        )
    } else {
        format!(
            "{at} plays {} at ply {}, an illegal try: it leaves {mover}'s king attacked",
            step.mv(),
            step.ply()
        )
    };
    format!(
        "No board. {what}. A pseudo-legal engine searches such moves and refutes them by \
         capturing the king, but the positions from there on are not chess positions, so none \
         is drawn; the tree writes their moves in coordinates."
    )
}

/// The glyph for a piece: solid shapes in colour (the foreground tells the side), outline vs
/// solid where the shape must tell it (`outline_white`: monochrome, projector), FEN letters
/// with `--ascii`.
pub fn glyph(piece: Piece, ascii: bool, outline_white: bool) -> char {
    if ascii {
        piece.fen_char()
    } else if outline_white {
        piece.unicode()
    } else {
        Piece::new(Color::Black, piece.kind).unicode()
    }
}

/// The board panel.
pub struct BoardPanel;

impl Panel for BoardPanel {
    /// Draws the position at the selected node: 5×2 cells per square when there is room (7×3
    /// in projector mode when there is more), else 3×1.
    fn render(&self, frame: &mut Frame, area: Rect, app: &mut Ctx) {
        let selected = app.view().selected_node();
        let node = selected.and_then(|id| app.session().node(id));
        let ply = node.map_or(0, |n| n.ply());
        let Some(position) = app.session().known_position_at(selected) else {
            let why = selected.map(|id| no_position(app.session(), id));
            let block = Block::bordered()
                .title(Span::styled(
                    format!(" Ply {ply} · no chess position "),
                    app.theme.title,
                ))
                .border_style(app.theme.border);
            let text = Paragraph::new(why.unwrap_or_default())
                .style(app.theme.text)
                .wrap(ratatui::widgets::Wrap { trim: true })
                .block(block);
            frame.render_widget(text, area);
            return;
        };
        let depth = node.map_or(0, |n| n.depth());
        let killer_row = app.session().replay().killer_row_of(ply, depth);
        let asked = selected.is_some() && selected == app.asked_node();
        let row = app
            .session()
            .replay()
            .killer_row(killer_row, app.session().position());
        let to_move = match position.side_to_move() {
            Color::White => "White",
            Color::Black => "Black",
        };
        let last_move = node.map_or(Move::NULL, |n| n.mv());
        let after = if node.is_some_and(|n| n.is_null_move()) {
            "after a null move (pass) · ".to_string()
        } else if last_move.is_null() {
            String::new()
        } else {
            let before = app
                .session()
                .position_at(selected.and_then(|id| app.session().parent(id)));
            format!(
                "after {} · ",
                app.prefs().notation.format(&before, last_move)
            )
        };
        // The status line says it once when the position is loaded; the title keeps saying it.
        let unreachable = if ply == 0 && app.session().root().unreachable().is_some() {
            " · no game reaches this position"
        } else {
            ""
        };
        let view = &BoardView {
            position: &position,
            last_move,
            // A lesson's question asks about this node: its killer squares would tell.
            killers: if asked { &[] } else { row.as_slice() },
            ascii: app.prefs().ascii,
            title: format!(" Ply {ply} · {after}{to_move} to move{unreachable} "),
        };
        draw(frame, area, app, view);
    }
}

/// Draws `view` in a bordered panel: 5×2 cells per square when there is room (7×3 in
/// projector mode when there is more), else 3×1. The board panel and the diff view share it.
pub fn draw(frame: &mut Frame, area: Rect, app: &Ctx, view: &BoardView) {
    let theme = &app.theme;
    let block = Block::bordered()
        .title(Span::styled(view.title.clone(), theme.title))
        .border_style(theme.border);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let (w, h) = square_size(inner, app.prefs().projector);
    let piece_row = if h == 3 { 1 } else { h - 1 };
    let mut lines = Vec::with_capacity(8 * h + 1);
    for rank in (0..8u8).rev() {
        for row in 0..h {
            let label = if row == piece_row {
                format!("{} ", rank + 1)
            } else {
                "  ".to_string()
            };
            let mut spans = vec![Span::styled(label, theme.coords)];
            for file in 0..8u8 {
                let Some(sq) = Square::from_coords(file, rank) else {
                    continue;
                };
                spans.push(square_span(view, theme, sq, w, row == piece_row));
            }
            lines.push(Line::from(spans));
        }
    }
    let mut files = String::from("  ");
    for f in "abcdefgh".chars() {
        files.push_str(&format!("{f:^w$}"));
    }
    lines.push(Line::styled(files, theme.coords));
    let width = u16::try_from(2 + 8 * w)
        .unwrap_or(u16::MAX)
        .min(inner.width);
    let centred = Rect {
        x: inner.x + (inner.width - width) / 2,
        width,
        ..inner
    };
    frame.render_widget(Paragraph::new(lines), centred);
}

/// Panel size (borders included) that fits the projector's 7×3 squares.
pub const PROJECTOR_PANEL: (u16, u16) = (60, 27);

/// Cells per square (width, height) for a board drawn in `inner`: 7×3 in projector mode
/// when it fits, 5×2 when that fits, else 3×1 — the piece on the middle row of a 3-row
/// square, on the last row otherwise.
pub fn square_size(inner: Rect, projector: bool) -> (usize, usize) {
    let big = (PROJECTOR_PANEL.0 - 2, PROJECTOR_PANEL.1 - 2);
    if projector && inner.width >= big.0 && inner.height >= big.1 {
        (7, 3)
    } else if inner.width >= 42 && inner.height >= 17 {
        (5, 2)
    } else {
        (3, 1)
    }
}

fn square_span<'a>(
    view: &BoardView,
    theme: &Theme,
    sq: Square,
    w: usize,
    piece_row: bool,
) -> Span<'a> {
    let dark = (sq.file() + sq.rank()).is_multiple_of(2);
    let mut style: Style = if dark {
        theme.dark_square
    } else {
        theme.light_square
    };
    let mark = mark(view, sq);
    match mark {
        Mark::LastMove => style = style.patch(theme.last_move),
        Mark::Killer => style = style.patch(theme.killer_square),
        Mark::None => {}
    }
    let piece = view.position.piece_on(sq).filter(|_| piece_row);
    let centre = match piece {
        Some(p) => {
            style = style.patch(if p.color == Color::White {
                theme.white_piece
            } else {
                theme.black_piece
            });
            glyph(p, view.ascii, theme.outline_white)
        }
        None if theme.mono && dark && piece_row => '·',
        None => ' ',
    };
    let (open, close) = match (theme.mono, mark) {
        (true, Mark::LastMove) if piece_row => ('[', ']'),
        (true, Mark::Killer) if piece_row => ('(', ')'),
        _ => (' ', ' '),
    };
    let pad = " ".repeat((w - 3) / 2);
    Span::styled(format!("{pad}{open}{centre}{close}{pad}"), style)
}

/// Legend lines for the help overlay: what the board's colours and brackets mean.
pub fn legend(theme: &Theme) -> Vec<(Span<'static>, &'static str)> {
    let sample = |style: Style, text: &'static str| Span::styled(text, style);
    let (last, killer) = if theme.mono {
        ("[♞]", "(♞)")
    } else {
        (" ♞ ", " ♞ ")
    };
    vec![
        (
            sample(theme.light_square.patch(theme.last_move), last),
            "board: squares of the move that led to the node",
        ),
        (
            sample(theme.light_square.patch(theme.killer_square), killer),
            "board: squares of the killer moves stored at this ply",
        ),
    ]
}
