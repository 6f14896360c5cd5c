//! The rows of the key table, mode by mode. Within a mode the first matching row wins, so a
//! fallback row (`AnyChar`, `AnyKey`) comes last. The help overlay lists the rows in this
//! order, grouped by `Group`.

use crossterm::event::KeyCode::{
    self, Backspace, Char, Down, End, Enter, Esc, Home, Left, PageDown, PageUp, Right, Up,
};

use super::{Action, Binding, Context, Group, Key, Trigger};
use crate::search::MAX_KILLER_SLOTS;

const _: () = assert!(MAX_KILLER_SLOTS <= 9, "one digit key per killer-slot count");

/// Builds rows of one mode: `row(keys, label, action, help, group)`.
struct Rows {
    context: Context,
    out: Vec<Binding>,
}

impl Rows {
    fn new(context: Context) -> Rows {
        Rows {
            context,
            out: Vec::new(),
        }
    }

    fn push(&mut self, trigger: Trigger, label: &str, help: &'static str, group: Group) {
        self.out.push(Binding {
            context: self.context,
            trigger,
            label: label.to_string(),
            help,
            group,
        });
    }

    /// Plain keys.
    fn row(
        &mut self,
        codes: &[KeyCode],
        label: &str,
        action: Action,
        help: &'static str,
        group: Group,
    ) {
        let keys = codes.iter().copied().map(Key::plain).collect();
        self.push(Trigger::Keys(keys, action), label, help, group);
    }

    /// A key listed on the line of the row before it (`]` after `[`).
    fn also(&mut self, code: KeyCode, action: Action, group: Group) {
        self.row(&[code], "", action, "", group);
    }
}

/// Every row, `Context::Everywhere` first.
pub(super) fn bindings() -> Vec<Binding> {
    let mut all = Rows::new(Context::Everywhere);
    all.push(
        Trigger::Keys(vec![Key::ctrl('c')], Action::Quit),
        "Ctrl-C",
        "quit, from any view",
        Group::General,
    );
    let mut out = all.out;
    out.extend(normal());
    out.extend(overlays());
    out
}

fn normal() -> Vec<Binding> {
    use Group::{General, Search, Timeline, Tree};
    let mut r = Rows::new(Context::Normal);
    r.row(&[Up, Char('k')], "↑ k", Action::Up, "previous row", Tree);
    r.row(&[Down, Char('j')], "↓ j", Action::Down, "next row", Tree);
    r.row(&[Right, Char('l')], "→ l", Action::Open, "open node", Tree);
    r.row(
        &[Left, Char('h')],
        "← h",
        Action::Close,
        "close node / go to parent",
        Tree,
    );
    r.row(
        &[Enter, Char(' ')],
        "Enter Space",
        Action::Toggle,
        "open or close node",
        Tree,
    );
    r.row(
        &[Char('g'), Home],
        "g Home",
        Action::First,
        "first row",
        Tree,
    );
    r.row(&[Char('G'), End], "G End", Action::Last, "last row", Tree);
    r.row(&[PageUp], "PgUp", Action::PageUp, "one screen up", Tree);
    r.row(
        &[PageDown],
        "PgDn",
        Action::PageDown,
        "one screen down",
        Tree,
    );
    r.row(
        &[Char('z')],
        "z",
        Action::Zoom,
        "zoom: selected node becomes the root",
        Tree,
    );
    r.row(&[Char('Z')], "Z", Action::ZoomOut, "zoom back out", Tree);
    let to_node = "timeline to the end of the selected node";
    r.row(&[Char('t')], "t", Action::SeekNode, to_node, Timeline);
    let step = "timeline: one event back / forward";
    r.row(&[Char('[')], "[ ]", Action::StepBack, step, Timeline);
    r.also(Char(']'), Action::StepForward, Timeline);
    let cutoff = "previous / next beta cutoff";
    r.row(&[Char('{')], "{ }", Action::PrevCutoff, cutoff, Timeline);
    r.also(Char('}'), Action::NextCutoff, Timeline);
    let killer = "next cutoff by a killer move";
    r.row(
        &[Char('K')],
        "K",
        Action::NextKillerCutoff,
        killer,
        Timeline,
    );
    r.row(
        &[Char('p')],
        "p",
        Action::PlayPause,
        "play / pause the replay",
        Timeline,
    );
    r.row(
        &[Char('<')],
        "< >",
        Action::Slower,
        "replay slower / faster",
        Timeline,
    );
    r.also(Char('>'), Action::Faster, Timeline);
    r.row(&[Char('f')], "f", Action::EnterFen, "type a FEN", Search);
    let library = "pick a position from the library";
    r.row(&[Char('o')], "o", Action::OpenPicker, library, Search);
    let depth = "search depth up / down";
    r.row(
        &[Char('+'), Char('=')],
        "+ -",
        Action::DepthUp,
        depth,
        Search,
    );
    r.also(Char('-'), Action::DepthDown, Search);
    for slots in 0..=MAX_KILLER_SLOTS as u8 {
        let key = Char(char::from(b'0' + slots));
        let label = if slots == 0 {
            format!("0-{MAX_KILLER_SLOTS}")
        } else {
            String::new()
        };
        let help = if slots == 0 {
            "killer slots for the next search"
        } else {
            ""
        };
        r.row(&[key], &label, Action::SetKillers(slots), help, Search);
    }
    r.row(
        &[Char('r')],
        "r",
        Action::Rerun,
        "re-run the search",
        Search,
    );
    r.row(
        &[Char('s'), Esc],
        "s Esc",
        Action::Stop,
        "stop the search",
        Search,
    );
    r.row(
        &[Char('c')],
        "c",
        Action::Compare,
        "compare killers off / on",
        Search,
    );
    let save = "save the event log (.kslog)";
    r.row(&[Char('w')], "w", Action::SaveLog, save, General);
    r.row(&[Char('?')], "?", Action::Help, "this help", General);
    r.row(&[Char('q')], "q", Action::Quit, "quit", General);
    r.out
}

fn overlays() -> Vec<Binding> {
    use Group::{CompareView, FenEntry, HelpView, Picker};
    let mut help = Rows::new(Context::Help);
    let lines = "scroll a line up / down";
    help.row(
        &[Up, Char('k')],
        "↑ ↓ k j",
        Action::Scroll(-1),
        lines,
        HelpView,
    );
    help.row(&[Down, Char('j')], "", Action::Scroll(1), "", HelpView);
    let pages = "scroll a page up / down";
    help.row(&[PageUp], "PgUp PgDn", Action::Scroll(-10), pages, HelpView);
    help.also(PageDown, Action::Scroll(10), HelpView);
    help.row(&[Char('q')], "q", Action::Quit, "quit", HelpView);
    help.push(
        Trigger::AnyKey(Action::Leave),
        "other",
        "close the help",
        HelpView,
    );

    let mut fen = Rows::new(Context::Fen);
    let load = "load the position and search it";
    fen.row(&[Enter], "Enter", Action::FenSubmit, load, FenEntry);
    fen.row(&[Esc], "Esc", Action::Leave, "cancel", FenEntry);
    let delete = "delete the last character";
    fen.row(
        &[Backspace],
        "Backspace",
        Action::FenBackspace,
        delete,
        FenEntry,
    );
    let clear = Trigger::Keys(vec![Key::ctrl('u')], Action::FenClear);
    fen.push(clear, "Ctrl-U", "clear the text", FenEntry);
    let typed = "typed into the FEN";
    fen.push(
        Trigger::AnyChar(Action::Insert),
        "any char",
        typed,
        FenEntry,
    );

    let mut picker = Rows::new(Context::Picker);
    let choose = "previous / next position";
    picker.row(
        &[Up, Char('k')],
        "↑ ↓ k j",
        Action::PickerPrev,
        choose,
        Picker,
    );
    picker.row(&[Down, Char('j')], "", Action::PickerNext, "", Picker);
    let load = "load the position and search it";
    picker.row(&[Enter], "Enter", Action::PickerLoad, load, Picker);
    let close = "close the picker";
    picker.row(
        &[Esc, Char('q'), Char('o')],
        "Esc q o",
        Action::Leave,
        close,
        Picker,
    );

    let mut compare = Rows::new(Context::Compare);
    let close = "close (stops a comparison still running)";
    let keys = [Esc, Char('c'), Char('q')];
    compare.row(&keys, "Esc c q", Action::Leave, close, CompareView);

    [help.out, fen.out, picker.out, compare.out].concat()
}

#[cfg(test)]
mod tests {
    use crossterm::event::{KeyEvent, KeyModifiers};

    use super::*;
    use crate::tui::keys::{action_for, bindings};

    /// The contexts a row is looked up in.
    fn contexts(b: &Binding) -> Vec<Context> {
        match b.context {
            Context::Everywhere => Context::ALL.to_vec(),
            c => vec![c],
        }
    }

    #[test]
    fn every_row_dispatches_to_its_action_in_its_mode() {
        for b in bindings() {
            for context in contexts(b) {
                match &b.trigger {
                    Trigger::Keys(keys, action) => {
                        for key in keys {
                            let got = action_for(context, key.event());
                            assert_eq!(got, Some(*action), "{key:?} in {context:?}");
                        }
                    }
                    Trigger::AnyChar(action) => {
                        let got = action_for(context, Key::plain(Char('x')).event());
                        assert_eq!(got, Some(action('x')), "{context:?}");
                    }
                    Trigger::AnyKey(action) => {
                        let got = action_for(context, Key::plain(KeyCode::F(5)).event());
                        assert_eq!(got, Some(*action), "{context:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_digit_per_killer_slot_count_and_one_ctrl_c_for_every_mode() {
        for slots in 0..=MAX_KILLER_SLOTS as u8 {
            let digit = Key::plain(Char(char::from(b'0' + slots))).event();
            let got = action_for(Context::Normal, digit);
            assert_eq!(got, Some(Action::SetKillers(slots)));
        }
        let beyond = Key::plain(Char(char::from(b'1' + MAX_KILLER_SLOTS as u8)));
        assert_eq!(action_for(Context::Normal, beyond.event()), None);
        let ctrl_c = bindings().iter().filter(|b| match &b.trigger {
            Trigger::Keys(keys, _) => keys.contains(&Key::ctrl('c')),
            _ => false,
        });
        assert_eq!(ctrl_c.count(), 1, "Ctrl-C is one row");
        for context in Context::ALL {
            let got = action_for(context, Key::ctrl('c').event());
            assert_eq!(got, Some(Action::Quit), "{context:?}");
        }
    }

    #[test]
    fn chords_do_nothing_in_the_normal_view_but_overlays_take_the_key_alone() {
        let alt = |c| KeyEvent::new(Char(c), KeyModifiers::ALT);
        assert_eq!(action_for(Context::Normal, alt('j')), None);
        assert_eq!(action_for(Context::Help, alt('j')), Some(Action::Scroll(1)));
        assert_eq!(
            action_for(Context::Picker, alt('j')),
            Some(Action::PickerNext)
        );
        assert_eq!(
            action_for(Context::Fen, alt('x')),
            Some(Action::Insert('x'))
        );
        let ctrl_u = Key::ctrl('u').event();
        assert_eq!(action_for(Context::Fen, ctrl_u), Some(Action::FenClear));
        assert_eq!(action_for(Context::Compare, alt('x')), None);
    }
}
