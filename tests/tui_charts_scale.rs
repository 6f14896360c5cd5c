//! The charts view on trees of shapes no search produces but a log may hold — a node with a
//! million children, a line of 100,000 nested nodes: every chart drawn, the icicle walked and
//! the timeline stepped within a bound far below what a per-node cost per frame would take
//! (the icicle only looks at blocks a cell wide, within a visit budget).

mod tui_support;

use crossterm::event::KeyCode;
use killerscope::explorer::charts::ChartKind;
use tui_support::App;
use tui_support::synthetic::{deep, wide};
use tui_support::{press, synthetic_app};

/// Opens every chart, moves through the icicle and steps the timeline, drawing each frame at
/// 160×48, and checks it all took a bounded time.
fn every_chart_in_bounded_time(mut app: App) {
    let start = std::time::Instant::now();
    press(&mut app, KeyCode::Char('v'));
    for _ in ChartKind::ALL {
        press(&mut app, KeyCode::Tab);
    }
    while app.charts().kind != ChartKind::Icicle {
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
    assert!(app.charts().icicle(app.session()).is_some());
}

#[test]
fn a_million_child_node_and_a_100k_level_line_chart_in_bounded_time() {
    every_chart_in_bounded_time(synthetic_app(wide(1_000_000), false));
    every_chart_in_bounded_time(synthetic_app(deep(100_000, true), false));
}
