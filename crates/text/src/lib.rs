//! Text from outside the program — a log's header, an EPD file, a GUI's line, a command-line
//! argument — made safe to show on a terminal. Such text may hold escape sequences (`ESC[2J`
//! clears the screen, `ESC]0;…` retitles the window), bidirectional overrides that reorder what
//! the reader sees, or megabytes of junk; every place that shows it goes through these two
//! helpers so that none of that reaches the user's terminal.
//!
//! A leaf crate: it depends on nothing, so every layer (the rules, the engine, the log, the
//! explorer, the terminal, the CLI and UCI) can use it. It also holds the two declaration macros
//! every layer repeats (`coded_enum!`, `message_error!`, in `declare.rs`).

mod declare;

use std::borrow::Cow;

/// Characters of user input an error message quotes; more is cut and marked with `…`.
pub const QUOTE_CHARS: usize = 60;

/// Whether `c` must not reach a terminal as it is: control characters (C0, DEL, C1 — `ESC`
/// among them) and the invisible formatting characters that reorder or hide text
/// (bidirectional overrides and isolates, zero-width characters, the byte-order mark).
pub fn is_unsafe(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2066}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// Pushes `c`, written as a visible escape (`\u{1b}`, `\n`) when it is unsafe.
fn push_shown(out: &mut String, c: char) {
    if is_unsafe(c) {
        out.extend(c.escape_default());
    } else {
        out.push(c);
    }
}

/// `text` with every control or invisible formatting character written as a visible escape
/// (`ESC` becomes `\u{1b}`, a newline `\n`), so it shows as one line of plain text. Borrows
/// when there is nothing to escape, which is the case for everything this program writes
/// itself.
pub fn printable(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_unsafe) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        push_shown(&mut out, c);
    }
    Cow::Owned(out)
}

/// Bad input quoted in a message: its first [`QUOTE_CHARS`] characters, made
/// [`printable`], and `…` when it was longer — a pasted megabyte is not echoed back.
pub fn quote(text: &str) -> String {
    quote_within(text, QUOTE_CHARS)
}

/// Input echoed where more of it helps (the query a result answers): its first `chars`
/// characters, made [`printable`] (one line), and `…` when it was longer.
pub fn quote_within(text: &str, chars: usize) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == chars {
            out.push('…');
            break;
        }
        push_shown(&mut out, c);
    }
    out
}

/// Characters of a path a message shows; a longer one keeps its start and its end (the file's
/// name) around a `…`.
pub const PATH_CHARS: usize = 200;

/// A path named in a message: [`printable`] (a newline in a file name is `\n`, one line) and
/// at most [`PATH_CHARS`] characters.
pub fn path(path: &std::path::Path) -> String {
    let shown = printable(&path.display().to_string()).into_owned();
    let count = shown.chars().count();
    if count <= PATH_CHARS {
        return shown;
    }
    let half = PATH_CHARS / 2;
    let head: String = shown.chars().take(half).collect();
    let tail: String = shown.chars().skip(count - half).collect();
    format!("{head}…{tail}")
}

/// The last guard on a message printed to the user, whatever it quotes: each line
/// [`printable`] and cut to `line_chars` characters, and at most `lines` lines (the rest said
/// as `…`). Messages are written to be far shorter; this keeps a missed echo bounded.
pub fn bounded_lines(message: &str, line_chars: usize, lines: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    for (n, line) in message.split('\n').enumerate() {
        if n == lines {
            out.push("…".into());
            break;
        }
        out.push(quote_within(line, line_chars));
    }
    out.join("\n")
}

/// A message that may echo input (a parser's error quoting the offending line, a reference
/// that was not found): every run of more than [`QUOTE_CHARS`] characters without a space is cut
/// to that many and marked `…`, and the whole to [`MESSAGE_RUNS`] such runs, so whatever a file
/// holds, its error stays a few lines long.
pub fn bounded(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4 * MESSAGE_RUNS));
    let (mut run, mut runs) = (0usize, 0usize);
    for c in message.chars() {
        if c.is_whitespace() {
            if run > 0 {
                runs += 1;
            }
            run = 0;
        } else {
            run += 1;
        }
        if runs == MESSAGE_RUNS {
            out.push_str(" …");
            break;
        }
        match run {
            r if r <= QUOTE_CHARS => push_shown_keeping_lines(&mut out, c),
            r if r == QUOTE_CHARS + 1 => out.push('…'),
            _ => {}
        }
    }
    out
}

/// Words (runs without a space) a [`bounded`] message keeps.
pub const MESSAGE_RUNS: usize = 200;

/// Like `push_shown`, but a line break stays one: a multi-line message keeps its lines.
fn push_shown_keeping_lines(out: &mut String, c: char) {
    if c == '\n' {
        out.push(c);
    } else {
        push_shown(out, c);
    }
}

/// `n` as an English ordinal, for sentences about move order: `1st`, `2nd`, `3rd`, `11th`,
/// `22nd`.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// `n` and `noun`, the noun plural unless `n` is 1: `1 line`, `3 lines`, `0 root nodes`
/// (regular plurals only: an `s` is added).
pub fn counted(n: u64, noun: &str) -> String {
    let s = if n == 1 { "" } else { "s" };
    format!("{n} {noun}{s}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_of_one_is_singular() {
        assert_eq!(counted(1, "root node"), "1 root node");
        assert_eq!(counted(0, "line"), "0 lines");
        assert_eq!(counted(400_002, "line"), "400002 lines");
    }

    #[test]
    fn a_bounded_message_cuts_long_runs_and_keeps_lines() {
        let long = "x".repeat(500_000);
        let message = format!("line 3, column 8\n  |\n3 | load = \"{long}\"\n  |        ^");
        let cut = bounded(&message);
        assert!(cut.len() < 200, "{}", cut.len());
        assert!(cut.starts_with("line 3, column 8\n"), "{cut}");
        assert!(
            cut.contains(&format!("\"{}…", "x".repeat(QUOTE_CHARS - 1))),
            "{cut}"
        );
        assert!(cut.ends_with("  |        ^"), "{cut}");
        let words = "w ".repeat(10_000);
        assert!(bounded(&words).ends_with('…'));
        assert_eq!(bounded("short \u{1b}[2J"), "short \\u{1b}[2J");
    }

    #[test]
    fn clean_text_is_borrowed_unchanged() {
        let text = "killers=2 · K1 ♔ é";
        assert!(matches!(printable(text), Cow::Borrowed(t) if t == text));
    }

    #[test]
    fn escapes_and_invisible_formatting_become_visible() {
        assert_eq!(printable("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(printable("line\nnext\t"), "line\\nnext\\t");
        assert_eq!(printable("\u{9b}2J"), "\\u{9b}2J");
        for c in [
            '\u{202e}', '\u{2066}', '\u{200b}', '\u{feff}', '\u{7f}', '\0',
        ] {
            let shown = printable(&format!("x{c}y")).into_owned();
            assert!(!shown.contains(c), "{c:?} survived in {shown:?}");
            assert!(shown.starts_with('x') && shown.ends_with('y'), "{shown:?}");
        }
    }

    #[test]
    fn quotes_are_short_and_printable() {
        assert_eq!(quote("short"), "short");
        let long = quote(&"y".repeat(100_000));
        assert_eq!(long.chars().count(), QUOTE_CHARS + 1);
        assert!(long.ends_with('…'));
        let junk = quote(&"\u{1b}".repeat(1000));
        assert!(!junk.contains('\u{1b}'));
        assert!(junk.len() < 10 * QUOTE_CHARS, "{}", junk.len());
        assert_eq!(quote(&"é".repeat(QUOTE_CHARS)), "é".repeat(QUOTE_CHARS));
    }

    #[test]
    fn paths_and_last_guards_stay_short_and_on_their_lines() {
        let long = std::path::PathBuf::from(format!("/tmp/{}\nend.kslog", "d".repeat(5_000)));
        let shown = path(&long);
        assert_eq!(shown.chars().count(), PATH_CHARS + 1);
        assert!(
            shown.starts_with("/tmp/ddd") && shown.ends_with("\\nend.kslog"),
            "{shown}"
        );
        assert_eq!(path(std::path::Path::new("a\nb")), "a\\nb");
        let message = format!("first\n{}\n{}", "x".repeat(5_000), "l\n".repeat(100));
        let guarded = bounded_lines(&message, 100, 10);
        assert_eq!(guarded.lines().count(), 11);
        assert!(guarded.lines().all(|l| l.chars().count() <= 101));
        assert!(guarded.ends_with("\n…"));
        assert_eq!(bounded_lines("a\u{1b}b", 10, 2), "a\\u{1b}b");
    }

    #[test]
    fn ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111]
            .map(ordinal)
            .to_vec();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st",
                "111th"
            ]
        );
    }
}
