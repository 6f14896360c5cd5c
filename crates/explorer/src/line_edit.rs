//! A one-line text field edited as readline edits a shell's command line: a cursor that moves
//! by character, characters and pasted text inserted at it, kills to either end and of the
//! word before it. The FEN prompt is one; the key table maps keys to `Edit`s.
//!
//! The text has a fixed capacity, so a runaway paste cannot make every frame slower: what does
//! not fit is left out and counted, for the prompt to say so.

/// Characters a field holds (a FEN is under 100).
pub const CAPACITY: usize = 512;

/// One editing command, as bound to keys in the key table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Cursor to the start of the line (Ctrl-A, Home).
    Start,
    /// Cursor to the end of the line (Ctrl-E, End).
    End,
    /// Cursor one character left (←, Ctrl-B).
    Left,
    /// Cursor one character right (→, Ctrl-F).
    Right,
    /// Delete the character before the cursor (Backspace).
    Backspace,
    /// Delete the character under the cursor (Delete).
    Delete,
    /// Delete from the start of the line to the cursor (Ctrl-U).
    KillToStart,
    /// Delete from the cursor to the end of the line (Ctrl-K).
    KillToEnd,
    /// Delete the word before the cursor and the spaces after it (Ctrl-W).
    KillWord,
}

/// The text and the cursor (a byte offset on a character boundary).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    text: String,
    cursor: usize,
    /// Characters pasted that did not fit, since the field was last empty: a refusal of the
    /// text says so, or it would name a token the cut made.
    left_out: usize,
}

impl LineEdit {
    /// A field holding `text` (cut to `CAPACITY`) with the cursor at its end.
    pub fn with_text(text: &str) -> LineEdit {
        let mut field = LineEdit::default();
        field.insert(text);
        field
    }

    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Characters pasted that did not fit since the field was last empty.
    pub fn left_out(&self) -> usize {
        self.left_out
    }

    /// The cursor as a character index (where to draw it).
    pub fn cursor_chars(&self) -> usize {
        self.text[..self.cursor].chars().count()
    }

    /// Inserts `input` at the cursor in one step, control characters (a pasted line break)
    /// turned into spaces; returns how many characters did not fit.
    pub fn insert(&mut self, input: &str) -> usize {
        let room = CAPACITY.saturating_sub(self.text.chars().count());
        let mut chars = input.chars();
        let kept: String = chars
            .by_ref()
            .take(room)
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        self.text.insert_str(self.cursor, &kept);
        self.cursor += kept.len();
        let dropped = chars.count();
        self.left_out += dropped;
        dropped
    }

    /// Applies one editing command.
    pub fn apply(&mut self, edit: Edit) {
        let before = self.prev_boundary();
        let after = self.next_boundary();
        match edit {
            Edit::Start => self.cursor = 0,
            Edit::End => self.cursor = self.text.len(),
            Edit::Left => self.cursor = before,
            Edit::Right => self.cursor = after,
            Edit::Backspace => {
                self.text.replace_range(before..self.cursor, "");
                self.cursor = before;
            }
            Edit::Delete => self.text.replace_range(self.cursor..after, ""),
            Edit::KillToStart => {
                self.text.replace_range(..self.cursor, "");
                self.cursor = 0;
            }
            Edit::KillToEnd => self.text.truncate(self.cursor),
            Edit::KillWord => {
                let head = &self.text[..self.cursor];
                let word_end = head.trim_end().len();
                let start = head[..word_end]
                    .rfind(char::is_whitespace)
                    .map_or(0, |i| i + 1);
                self.text.replace_range(start..self.cursor, "");
                self.cursor = start;
            }
        }
        if self.text.is_empty() {
            self.left_out = 0;
        }
    }

    fn prev_boundary(&self) -> usize {
        self.text[..self.cursor]
            .char_indices()
            .next_back()
            .map_or(0, |(i, _)| i)
    }

    fn next_boundary(&self) -> usize {
        self.text[self.cursor..]
            .chars()
            .next()
            .map_or(self.cursor, |c| self.cursor + c.len_utf8())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, cursor_chars: usize) -> LineEdit {
        let mut field = LineEdit::with_text(text);
        field.apply(Edit::Start);
        for _ in 0..cursor_chars {
            field.apply(Edit::Right);
        }
        field
    }

    fn edited(text: &str, cursor: usize, edit: Edit) -> (String, usize) {
        let mut field = at(text, cursor);
        field.apply(edit);
        (field.text().to_string(), field.cursor_chars())
    }

    #[test]
    fn the_cursor_moves_by_character_and_stops_at_the_ends() {
        let s = "8/8 w";
        assert_eq!(edited(s, 2, Edit::Left), (s.into(), 1));
        assert_eq!(edited(s, 2, Edit::Right), (s.into(), 3));
        assert_eq!(edited(s, 0, Edit::Left), (s.into(), 0));
        assert_eq!(edited(s, 5, Edit::Right), (s.into(), 5));
        assert_eq!(edited(s, 3, Edit::Start), (s.into(), 0));
        assert_eq!(edited(s, 3, Edit::End), (s.into(), 5));
        assert_eq!(
            edited("é♞x", 2, Edit::Left),
            ("é♞x".into(), 1),
            "by char, not byte"
        );
    }

    #[test]
    fn deletes_and_kills_work_around_the_cursor() {
        let s = "rnbq kbnr w KQkq";
        assert_eq!(edited(s, 4, Edit::Backspace), ("rnb kbnr w KQkq".into(), 3));
        assert_eq!(edited(s, 0, Edit::Backspace), (s.into(), 0));
        assert_eq!(edited(s, 4, Edit::Delete), ("rnbqkbnr w KQkq".into(), 4));
        assert_eq!(edited(s, 16, Edit::Delete), (s.into(), 16));
        assert_eq!(edited(s, 5, Edit::KillToStart), ("kbnr w KQkq".into(), 0));
        assert_eq!(edited(s, 5, Edit::KillToEnd), ("rnbq ".into(), 5));
        assert_eq!(edited(s, 9, Edit::KillWord), ("rnbq  w KQkq".into(), 5));
        assert_eq!(
            edited(s, 10, Edit::KillWord),
            ("rnbq w KQkq".into(), 5),
            "and the spaces after it"
        );
        assert_eq!(edited(s, 3, Edit::KillWord), ("q kbnr w KQkq".into(), 0));
        assert_eq!(edited("a ♞♞ b", 4, Edit::Backspace), ("a ♞ b".into(), 3));
    }

    #[test]
    fn text_goes_in_at_the_cursor_and_stops_at_the_capacity() {
        let mut field = at("8/8 w - - 0 1", 3);
        assert_eq!(field.insert("8/"), 0);
        assert_eq!(field.text(), "8/88/ w - - 0 1");
        assert_eq!(field.cursor_chars(), 5);
        assert_eq!(
            field.insert("\r\n"),
            0,
            "a pasted line break becomes spaces"
        );
        assert_eq!(field.text(), "8/88/   w - - 0 1");
        let long = "x".repeat(5_000);
        let dropped = field.insert(&long);
        assert_eq!(field.text().chars().count(), CAPACITY);
        assert_eq!(dropped, 5_000 - (CAPACITY - 17));
        assert_eq!(field.insert("y"), 1);
        assert!(
            field.text().ends_with(" w - - 0 1"),
            "the tail after the cursor stays"
        );
    }
}
