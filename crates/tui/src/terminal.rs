//! Terminal setup and restore: raw mode, alternate screen, mouse capture and bracketed paste
//! (a paste arrives as one event, not a key per character), undone by a `Drop` guard on every
//! normal exit path and by a panic hook on the abnormal one, so a crash never leaves the user's
//! shell in raw mode or wrapping its pastes.

use std::io::{self, Stdout, stdout};
use std::sync::Once;

use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;

/// The real terminal the explorer draws on.
pub type Tty = Terminal<CrosstermBackend<Stdout>>;

/// Owns the terminal while the explorer runs; dropping it restores the terminal.
pub struct TerminalGuard {
    /// The ratatui terminal over stdout.
    pub terminal: Tty,
}

/// Puts the terminal into raw mode on the alternate screen with mouse capture and bracketed
/// paste, after installing a panic hook that restores it first, so a panic message lands on a
/// usable screen.
pub fn init() -> io::Result<TerminalGuard> {
    install_panic_hook();
    enable_raw_mode()?;
    let mut out = stdout();
    if let Err(err) = execute!(
        out,
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableBracketedPaste
    ) {
        restore();
        return Err(err);
    }
    match Terminal::new(CrosstermBackend::new(out)) {
        Ok(terminal) => Ok(TerminalGuard { terminal }),
        Err(err) => {
            restore();
            Err(err)
        }
    }
}

/// Leaves raw mode, the alternate screen, mouse capture and bracketed paste, and shows the
/// cursor. Safe to call more than once; errors are ignored because there is nothing better to
/// do while tearing down.
pub fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        stdout(),
        DisableBracketedPaste,
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

fn install_panic_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}
