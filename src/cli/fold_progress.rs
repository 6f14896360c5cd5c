//! A progress bar on stderr for the commands that fold over a whole log (`log query`, `log
//! report`): shown only on a terminal and for logs big enough to take a while, so a pipe, a
//! file or a test sees nothing but the result.

use indicatif::{ProgressBar, ProgressStyle};
use killerscope_trace::FoldProgress;
use std::io::IsTerminal;

/// Logs below this many events are folded in well under a second: no bar.
const SHOWN_FROM: u64 = 4_000_000;

/// A bar for a fold over `events` events (hidden when it is not worth showing).
pub(super) fn bar(events: u64, what: &str) -> ProgressBar {
    if events < SHOWN_FROM || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(events);
    let template = format!("{{bar:30}} {{percent}}% of {{len}} events · {{elapsed}} · {what}");
    if let Ok(style) = ProgressStyle::with_template(&template) {
        bar.set_style(style);
    }
    bar
}

/// The callback that moves `bar`.
pub(super) fn tick(bar: &ProgressBar) -> impl FnMut(FoldProgress) + '_ {
    move |p: FoldProgress| bar.set_position(p.done)
}
