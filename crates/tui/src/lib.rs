//! The terminal: it draws the explorer's model (`killerscope_explorer`) and turns the terminal's
//! input into the model's actions. Terminal set-up and the panic hook (`terminal`), the layout
//! for the screen size (`layout`), every colour (`theme`), the translation of keys and clicks
//! (`input`), one widget per panel drawing from `&Explorer` (`widgets`, laid out by `ui`), and
//! the run loop (`run`). What a widget must remember between frames (the tree's scroll) is the
//! terminal's own state (`ui::Ui`), never the model's.

mod ctx;
mod input;
pub mod layout;
pub mod run;
mod terminal;
mod theme;
pub mod ui;
pub mod widgets;
pub use input::key_press;
pub use theme::Theme;
pub use ui::Ctx;
pub use ui::Ui;
