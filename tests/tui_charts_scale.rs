//! The charts view on trees of shapes no search produces but a log may hold — a node with a
//! million children, a line of 100,000 nested nodes: every chart drawn, the icicle walked and
//! the timeline stepped within a bound far below what a per-node cost per frame would take
//! (the icicle only looks at blocks a cell wide, within a visit budget).

mod tui_support;

use crossterm::event::KeyCode;
use killerscope::trace::Event;
use killerscope::tui::app::App;
use killerscope::tui::charts::ChartKind;
use killerscope::tui::theme::Theme;
use tui_support::press;

/// An explorer over `events` searched from the start position.
fn explorer(events: Vec<Event>) -> App {
    use killerscope::chess::Position;
    use killerscope::search::Limits;
    use killerscope::trace::{EventLog, LogHeader};
    use killerscope::tui::app::Settings;
    use killerscope::tui::session::Session;
    let root = Position::startpos();
    let header = LogHeader::new(root.to_fen(), &Default::default(), &Limits::depth(1));
    let log = EventLog::from_parts(header, events, Vec::new(), false);
    let settings = Settings {
        depth: 1,
        killers: 2,
    };
    let mut app = App::new(root.clone(), settings, Theme::mono(), Vec::new());
    app.session = Session::from_log(root, log);
    app
}

/// A node at `ply` reached by `mv`.
fn enter(ply: usize, mv: killerscope::chess::Move) -> Event {
    Event::NodeEnter {
        ply: ply as u8,
        depth: 1,
        kind: killerscope::search::NodeKind::Main,
        mv,
        alpha: -30,
        beta: 30,
    }
}

const EXIT: Event = Event::NodeExit {
    score: 0,
    bound: killerscope::search::Bound::Exact,
};

/// Opens every chart, moves through the icicle and steps the timeline, drawing each frame at
/// 160×48, and checks it all took a bounded time.
fn every_chart_in_bounded_time(mut app: App) {
    let start = std::time::Instant::now();
    press(&mut app, KeyCode::Char('v'));
    for _ in ChartKind::ALL {
        press(&mut app, KeyCode::Tab);
    }
    while app.charts.kind != ChartKind::Icicle {
        press(&mut app, KeyCode::Tab);
    }
    for key in [
        KeyCode::Down,
        KeyCode::Down,
        KeyCode::Right,
        KeyCode::Up,
        KeyCode::Char('['),
    ] {
        press(&mut app, key);
    }
    for key in [
        KeyCode::Left,
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::Char('{'),
    ] {
        press(&mut app, key);
    }
    let took = start.elapsed();
    assert!(took < std::time::Duration::from_secs(5), "took {took:?}");
    assert!(app.charts.drawn.is_some());
}

#[test]
fn a_million_child_node_and_a_100k_level_line_chart_in_bounded_time() {
    let wide_children = 1_000_000;
    let mut wide = vec![enter(0, killerscope::chess::Move::NULL)];
    for _ in 0..wide_children {
        wide.extend([enter(1, killerscope::chess::Move::NULL), EXIT]);
    }
    wide.push(EXIT);
    every_chart_in_bounded_time(explorer(wide));

    let levels = 100_000;
    let mut deep: Vec<Event> = (0..levels)
        .map(|level| enter(level, killerscope::chess::Move::NULL))
        .collect();
    deep.extend(std::iter::repeat_n(EXIT, levels));
    every_chart_in_bounded_time(explorer(deep));
}
