//! The key table's lookups: every row reaches its action in its mode, chords and text entry
//! are told apart, Ctrl-C works everywhere.

use super::KeyCode::{self, Backspace, Char, Delete, End, Home, Left, Right};
use super::{Action, Binding, Context, Group, Key, KeyPress, Trigger, action_for, bindings};
use crate::action::SetupAction;
use crate::line_edit::Edit;
use crate::views::lessons::LessonsAction;
use killerscope_log::MAX_KILLER_SLOTS;

/// The contexts a row is looked up in.
fn contexts(b: &Binding) -> Vec<Context> {
    match b.context {
        Context::Everywhere => Context::all(),
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
                        let got = action_for(context, key.press());
                        assert_eq!(got, Some(action.clone()), "{key:?} in {context:?}");
                    }
                }
                Trigger::AnyChar(action) => {
                    let got = action_for(context, Key::plain(Char('x')).press());
                    assert_eq!(got, Some(action('x')), "{context:?}");
                }
                Trigger::AnyKey(action) => {
                    let got = action_for(context, Key::plain(KeyCode::Other).press());
                    assert_eq!(got, Some(action.clone()), "{context:?}");
                }
            }
        }
    }
}

#[test]
fn every_row_is_in_a_context_and_a_group_the_help_lists() {
    let contexts = Context::all();
    let groups: Vec<Group> = Group::MAIN.into_iter().chain(Group::overlays()).collect();
    for b in bindings() {
        // A view's list rows are looked up and listed only if the view sets `View::LIST`.
        assert!(contexts.contains(&b.context), "{:?}", b.context);
        assert!(groups.contains(&b.group), "{:?}", b.group);
    }
}

#[test]
fn a_digit_per_killer_slot_count_and_one_ctrl_c_for_every_mode() {
    for slots in 0..=MAX_KILLER_SLOTS as u8 {
        let digit = Key::plain(Char(char::from(b'0' + slots))).press();
        let got = action_for(Context::Normal, digit);
        assert_eq!(got, Some(SetupAction::SetKillers(slots).into()));
    }
    let beyond = Key::plain(Char(char::from(b'1' + MAX_KILLER_SLOTS as u8)));
    assert_eq!(action_for(Context::Normal, beyond.press()), None);
    let ctrl_c = bindings().iter().filter(|b| match &b.trigger {
        Trigger::Keys(keys, _) => keys.contains(&Key::ctrl('c')),
        _ => false,
    });
    assert_eq!(ctrl_c.count(), 1, "Ctrl-C is one row");
    for context in Context::all() {
        let got = action_for(context, Key::ctrl('c').press());
        assert_eq!(got, Some(Action::Interrupt), "{context:?}");
    }
}

#[test]
fn chords_do_nothing_in_the_normal_view_but_overlays_take_the_key_alone() {
    let alt = |c| KeyPress {
        alt: true,
        ..KeyPress::plain(Char(c))
    };
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
    let ctrl_u = Key::ctrl('u').press();
    let kill = Some(Action::FenEdit(Edit::KillToStart));
    assert_eq!(action_for(Context::Fen, ctrl_u), kill);
    assert_eq!(action_for(Context::Compare, alt('x')), None);
}

#[test]
fn ctrl_letters_in_the_fen_box_edit_instead_of_typing_letters() {
    let ctrl = |c| Key::ctrl(c).press();
    let edit = |e| Some(Action::FenEdit(e));
    assert_eq!(action_for(Context::Fen, ctrl('a')), edit(Edit::Start));
    assert_eq!(action_for(Context::Fen, ctrl('e')), edit(Edit::End));
    assert_eq!(action_for(Context::Fen, ctrl('b')), edit(Edit::Left));
    assert_eq!(action_for(Context::Fen, ctrl('f')), edit(Edit::Right));
    assert_eq!(action_for(Context::Fen, ctrl('k')), edit(Edit::KillToEnd));
    assert_eq!(action_for(Context::Fen, ctrl('w')), edit(Edit::KillWord));
    let key = |code| Key::plain(code).press();
    assert_eq!(action_for(Context::Fen, key(Home)), edit(Edit::Start));
    assert_eq!(action_for(Context::Fen, key(End)), edit(Edit::End));
    assert_eq!(action_for(Context::Fen, key(Left)), edit(Edit::Left));
    assert_eq!(action_for(Context::Fen, key(Right)), edit(Edit::Right));
    assert_eq!(action_for(Context::Fen, key(Delete)), edit(Edit::Delete));
    assert_eq!(
        action_for(Context::Fen, key(Backspace)),
        edit(Edit::Backspace)
    );
    assert_eq!(
        action_for(Context::Fen, ctrl('x')),
        None,
        "no letter for an unbound chord"
    );
    let altgr = KeyPress {
        ctrl: true,
        alt: true,
        ..KeyPress::plain(Char('@'))
    };
    assert_eq!(action_for(Context::Fen, altgr), Some(Action::Insert('@')));
    let shifted = KeyPress::plain(Char('K'));
    assert_eq!(action_for(Context::Fen, shifted), Some(Action::Insert('K')));
}

/// The keys of the rows that apply in `context` (its own and `Everywhere`'s).
fn keys_of(context: Context) -> Vec<(Key, Action)> {
    bindings()
        .iter()
        .filter(|b| b.context == context || b.context == Context::Everywhere)
        .flat_map(|b| match &b.trigger {
            Trigger::Keys(keys, action) => keys.iter().map(|&k| (k, action.clone())).collect(),
            Trigger::AnyChar(_) | Trigger::AnyKey(_) => Vec::new(),
        })
        .collect()
}

#[test]
fn no_two_rows_of_a_context_share_a_key() {
    for context in Context::all() {
        let keys = keys_of(context);
        for (i, (key, action)) in keys.iter().enumerate() {
            if let Some((_, other)) = keys[i + 1..].iter().find(|(k, _)| k == key) {
                panic!("{key:?} in {context:?} is bound to {action:?} and {other:?}");
            }
        }
    }
}

#[test]
fn the_lesson_keys_shadow_only_the_arrows_and_the_slot_digits_of_the_views_under_them() {
    let lesson: Vec<(Key, Action)> = [Context::Question, Context::Lesson]
        .into_iter()
        .flat_map(keys_of)
        .filter(|(k, _)| !k.ctrl)
        .collect();
    let digits: Vec<Key> = (1..=9u8)
        .map(|d| Key::plain(Char(char::from(b'0' + d))))
        .collect();
    for under in [Context::Normal, Context::Charts, Context::Compare] {
        let shadowed: Vec<Key> = lesson
            .iter()
            .filter(|(k, _)| action_for(under, k.press()).is_some())
            .map(|(k, _)| *k)
            .collect();
        for key in &shadowed {
            let arrow = [Key::plain(Left), Key::plain(Right)].contains(key);
            assert!(arrow || digits.contains(key), "{key:?} shadows {under:?}");
        }
        assert!(shadowed.contains(&Key::plain(Right)), "{under:?}");
    }
    for c in ['l', 'h'] {
        let key = Key::plain(Char(c));
        assert!(
            !lesson.iter().any(|(k, _)| *k == key),
            "{c} still opens / closes"
        );
    }
    for digit in &digits {
        let slot = action_for(Context::Normal, digit.press());
        assert!(
            matches!(slot, None | Some(Action::Setup(SetupAction::SetKillers(_)))),
            "{digit:?}: {slot:?}"
        );
    }
    assert_eq!(
        action_for(Context::Lesson, Key::plain(Right).press()),
        Some(LessonsAction::Next.into())
    );
    assert_eq!(
        action_for(Context::Question, Key::plain(Char('1')).press()),
        Some(LessonsAction::Answer(0).into())
    );
}
