//! The charts view on trees of shapes no search produces but a log may hold — a node with a
//! million children, a line of 100,000 nested nodes: every chart drawn, the icicle walked and
//! the timeline stepped without overflowing a stack or running out of memory (the icicle only
//! looks at blocks a cell wide, within a visit budget). The time is printed, not asserted: a
//! wall clock on a shared two-core machine proves nothing; `benches/tui.rs` measures speed.

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_explorer::charts::ChartKind;
use tui_support::App;
use tui_support::synthetic::{deep, wide};
use tui_support::{press, synthetic_app};

/// Opens every chart, moves through the icicle and steps the timeline, drawing each frame at
/// 160×48, and checks the icicle was built.
fn every_chart_drawn(mut app: App) {
    let start = std::time::Instant::now();
    press(&mut app, KeyCode::Char('v'));
    for _ in ChartKind::ALL {
        press(&mut app, KeyCode::Tab);
    }
    while app.views().charts.kind != ChartKind::Icicle {
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
    eprintln!(
        "keys took {:?} (reported; speed is benches/tui.rs's)",
        start.elapsed()
    );
    assert!(app.views().charts.icicle(app.session()).is_some());
}

#[test]
fn a_million_child_node_and_a_100k_level_line_chart_without_overflow() {
    every_chart_drawn(synthetic_app(wide(1_000_000), false));
    every_chart_drawn(synthetic_app(deep(100_000, true), false));
}
