//! Reading the GUI's lines with a bound: a line longer than `MAX_LINE` bytes (a GUI gone wrong,
//! or gigabytes without a newline) is skipped to its end instead of being buffered, so input can
//! never exhaust memory. The longest honest command, `position … moves` with a few thousand
//! moves, is tens of kilobytes.

use std::io::{self, BufRead};

/// The longest line read as a command: 1 MiB.
pub const MAX_LINE: usize = 1 << 20;

/// One line of input as the reader saw it.
#[derive(Debug, PartialEq, Eq)]
pub enum InputLine {
    /// A complete line (without its `\n` or `\r\n`).
    Text(String),
    /// A line that is not valid UTF-8.
    NotUtf8,
    /// A line longer than `MAX_LINE` bytes, skipped; carries its length.
    TooLong(usize),
}

/// Reads the next line of at most `max` bytes; `None` at the end of input.
pub fn next_line<R: BufRead>(input: &mut R, max: usize) -> io::Result<Option<InputLine>> {
    let mut bytes = Vec::new();
    let mut skipped = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if bytes.is_empty() && skipped == 0 {
                return Ok(None);
            }
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        if skipped > 0 || bytes.len() + take > max + 1 {
            skipped += bytes.len() + take;
            bytes.clear();
        } else {
            bytes.extend_from_slice(&chunk[..take]);
        }
        input.consume(take);
        if done {
            break;
        }
    }
    if skipped > 0 {
        return Ok(Some(InputLine::TooLong(skipped)));
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Ok(Some(match String::from_utf8(bytes) {
        Ok(text) => InputLine::Text(text),
        Err(_) => InputLine::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], max: usize) -> Vec<InputLine> {
        let mut reader = io::BufReader::with_capacity(7, input);
        std::iter::from_fn(|| next_line(&mut reader, max).expect("in-memory read")).collect()
    }

    #[test]
    fn lines_end_at_newlines_with_or_without_carriage_returns() {
        assert_eq!(
            all(b"uci\r\nisready\ngo", 100),
            [
                InputLine::Text("uci".into()),
                InputLine::Text("isready".into()),
                InputLine::Text("go".into())
            ]
        );
        assert_eq!(all(b"", 100), []);
        assert_eq!(all(b"\n", 100), [InputLine::Text(String::new())]);
    }

    #[test]
    fn an_overlong_line_is_skipped_and_the_next_one_read() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\nisready\n");
        assert_eq!(
            all(&input, 20),
            [InputLine::TooLong(51), InputLine::Text("isready".into())]
        );
        let exact = [vec![b'y'; 20], b"\n".to_vec()].concat();
        assert_eq!(all(&exact, 20), [InputLine::Text("y".repeat(20))]);
    }

    #[test]
    fn invalid_utf8_is_its_own_kind_of_line() {
        assert_eq!(
            all(b"\xff\xfe\nquit\n", 100),
            [InputLine::NotUtf8, InputLine::Text("quit".into())]
        );
    }
}
