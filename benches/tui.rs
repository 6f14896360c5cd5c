//! Drawing one frame of the explorer (160×48, `TestBackend`) over a five-million-node search
//! tree whose root is open: the budget is 10 ms. Rows are built only for opened nodes, so the
//! cost must not depend on the tree's size; a 50-thousand-node tree is drawn alongside to show it.
//! Also a node with a million children with the selection 900,000 children down: a page of
//! children follows the selection, so the cost must not depend on the fan-out either.

use killerscope_engine::HeaderSettings;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use killerscope_chess::{Move, MoveList, Position};
use killerscope_explorer::{Action, Explorer, Session, Settings};
use killerscope_log::{Bound, MoveSource, NodeKind};
use killerscope_log::{Event, EventLog, LogHeader};
use killerscope_tui::key_press;
use killerscope_tui::{Ui, ui};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn enter(events: &mut Vec<Event>, ply: u8, mv: Move) {
    events.push(Event::NodeEnter {
        ply,
        depth: 4 - ply as i8,
        kind: NodeKind::Main,
        mv,
        alpha: -30,
        beta: 30,
    });
}

fn exit(events: &mut Vec<Event>, score: i32, bound: Bound) {
    events.push(Event::NodeExit { score, bound });
}

/// A synthetic log: the start position's 20 moves at the root, each with `fan` children of
/// `fan` children of `leaves` leaves; every grandchild fails high on its first move.
fn synthetic(fan: usize, leaves: usize) -> EventLog {
    let root = Position::startpos();
    let mut moves = MoveList::new();
    root.legal_moves(&mut moves);
    let mut events = Vec::new();
    enter(&mut events, 0, Move::NULL);
    for mv in moves.iter() {
        enter(&mut events, 1, mv);
        for _ in 0..fan {
            enter(&mut events, 2, Move::NULL);
            for _ in 0..fan {
                enter(&mut events, 3, Move::NULL);
                for _ in 0..leaves {
                    enter(&mut events, 4, Move::NULL);
                    exit(&mut events, 0, Bound::Exact);
                }
                events.push(Event::Cutoff {
                    mv: Move::NULL,
                    index: 0,
                    source: MoveSource::killer(0),
                    score: 40,
                    beta: 30,
                });
                exit(&mut events, 40, Bound::Lower);
            }
            exit(&mut events, -40, Bound::Upper);
        }
        exit(&mut events, 10, Bound::Exact);
    }
    exit(&mut events, 10, Bound::Exact);
    let header = LogHeader::new(
        root.to_fen(),
        &Default::default(),
        &killerscope_engine::Limits::depth(4),
    );
    EventLog::from_parts(header, events, Vec::new(), false)
}

/// An explorer over `log` with the root open and its first child selected.
fn explorer(log: EventLog) -> (Explorer, Ui, Terminal<TestBackend>) {
    let root = Position::startpos();
    let settings = Settings {
        depth: 4,
        killers: 2,
        ..Settings::default()
    };
    let mut app = Explorer::new(root.clone(), settings, Vec::new());
    app.open_session(Session::from_log(root, log));
    let mut ui = Ui::new(false);
    let mut terminal = Terminal::new(TestBackend::new(160, 48)).expect("test backend");
    let mut press = |app: &mut Explorer, ui: &mut Ui, code| {
        app.handle_key(key_press(KeyEvent::new(code, KeyModifiers::NONE)));
        terminal
            .draw(|frame| ui::render(frame, app, ui))
            .expect("draw");
    };
    press(&mut app, &mut ui, KeyCode::Home);
    press(&mut app, &mut ui, KeyCode::Enter);
    press(&mut app, &mut ui, KeyCode::Down);
    (app, ui, terminal)
}

/// A root with `children` leaf children.
fn wide(children: usize) -> EventLog {
    let root = Position::startpos();
    let mut events = Vec::with_capacity(2 * children + 2);
    enter(&mut events, 0, Move::NULL);
    for _ in 0..children {
        enter(&mut events, 1, Move::NULL);
        exit(&mut events, 0, Bound::Exact);
    }
    exit(&mut events, 0, Bound::Exact);
    let header = LogHeader::new(
        root.to_fen(),
        &Default::default(),
        &killerscope_engine::Limits::depth(1),
    );
    EventLog::from_parts(header, events, Vec::new(), false)
}

fn draw_frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("tui_draw_frame_160x48");
    for (name, fan, leaves) in [("50k_nodes", 5, 100), ("5M_nodes", 50, 100)] {
        let log = synthetic(fan, leaves);
        let (mut app, mut ui, mut terminal) = explorer(log);
        eprintln!("{name}: {} nodes in the tree", app.session().tree().len());
        group.bench_function(name, |b| {
            b.iter(|| {
                terminal
                    .draw(|frame| ui::render(frame, black_box(&mut app), &mut ui))
                    .expect("draw");
            })
        });
    }
    let (mut app, mut ui, mut terminal) = explorer(wide(1_000_000));
    let far = app
        .session()
        .children(Some(0))
        .nth(900_000)
        .expect("a million children");
    app.update(Action::SelectNode(far));
    terminal
        .draw(|frame| ui::render(frame, &mut app, &mut ui))
        .expect("draw");
    group.bench_function("1M_children_selection_900k_down", |b| {
        b.iter(|| {
            terminal
                .draw(|frame| ui::render(frame, black_box(&mut app), &mut ui))
                .expect("draw");
        })
    });
    group.finish();
}

criterion_group!(benches, draw_frame);
criterion_main!(benches);
