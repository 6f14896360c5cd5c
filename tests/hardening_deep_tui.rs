//! The explorer's Explain panel on a chain 20,000 plies deep: `y` traces it and the panel
//! shows its ends and the links around the selection with the count of the rest, drawing in a
//! moment (it wrote every link's move, each from a position replayed for it, every frame).

use crate::texel_support;
use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_explorer::Action;
use killerscope_trace::texel::read_texel;
use killerscope_tui::widgets::explain::ExplainPanel;
use std::time::{Duration, Instant};
use tui_support::{app_over, press, screen};

#[test]
fn a_chain_twenty_thousand_plies_deep_draws_its_ends_and_the_selection() {
    let (log, _) = read_texel(texel_support::deep_line(20_000).as_slice()).expect("reads");
    let mut app = app_over(killerscope_chess::START_FEN, log);
    app.update(Action::SelectNode(1));
    let started = Instant::now();
    press(&mut app, KeyCode::Char('y'));
    let text = screen(&app.panel(&ExplainPanel, 100, 60));
    for _ in 0..3 {
        press(&mut app, KeyCode::Char('Y'));
    }
    let walked = screen(&app.panel(&ExplainPanel, 100, 60));
    let took = started.elapsed();
    assert!(text.contains("Y walks down; 20,000 links"), "{text}");
    assert!(text.contains("▶ Nf3"), "{text}");
    assert!(text.contains("… 19,981 links …"), "{text}");
    assert!(
        walked.contains("▶ Ng8"),
        "the fourth link is selected: {walked}"
    );
    assert!(took < Duration::from_secs(5), "{took:?}");
}
