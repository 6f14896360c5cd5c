//! The tokens of a trace line: strings (with every JSON escape, surrogate pairs included) and
//! numbers (integers kept exact up to `i64`, anything with a fraction or exponent told apart),
//! read by the `Cursor` of `scan.rs`.

use super::scan::{Cursor, Res, Val};
use std::borrow::Cow;

impl<'a> Cursor<'a> {
    pub(super) fn string(&mut self) -> Res<Cow<'a, str>> {
        self.expect(b'"', "a string")?;
        let start = self.at;
        let mut owned: Option<String> = None;
        let mut run = start;
        loop {
            match self.peek() {
                None => return self.err("the line ends inside a string (cut short?)"),
                Some(b'"') => {
                    let tail = &self.text[run..self.at];
                    self.at += 1;
                    return Ok(match owned {
                        None => Cow::Borrowed(tail),
                        Some(mut s) => {
                            s.push_str(tail);
                            Cow::Owned(s)
                        }
                    });
                }
                Some(b'\\') => {
                    let before = &self.text[run..self.at];
                    self.at += 1;
                    let c = self.escape()?;
                    let s = owned.get_or_insert_with(String::new);
                    s.push_str(before);
                    s.push(c);
                    run = self.at;
                }
                Some(c) if c < 0x20 => {
                    return self.err("a control character inside a string (write it as \\u00XX)");
                }
                Some(_) => self.at += 1,
            }
        }
    }

    fn hex4(&mut self) -> Res<u32> {
        let digits = self.text.get(self.at..self.at + 4).unwrap_or("");
        match u32::from_str_radix(digits, 16) {
            Ok(v) if digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_hexdigit()) => {
                self.at += 4;
                Ok(v)
            }
            _ => self.err("expected four hex digits after \\u"),
        }
    }

    fn escape(&mut self) -> Res<char> {
        let Some(c) = self.peek() else {
            return self.err("the line ends inside an escape");
        };
        self.at += 1;
        Ok(match c {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let hi = self.hex4()?;
                let code =
                    if (0xd800..0xdc00).contains(&hi) && self.text[self.at..].starts_with("\\u") {
                        self.at += 2;
                        let lo = self.hex4()?;
                        if !(0xdc00..0xe000).contains(&lo) {
                            return self.err("a UTF-16 high surrogate without its low half");
                        }
                        0x10000 + ((hi - 0xd800) << 10) + (lo - 0xdc00)
                    } else {
                        hi
                    };
                char::from_u32(code).unwrap_or('\u{fffd}')
            }
            _ => {
                self.at -= 1;
                return self.err(format!("unknown escape \\{}", self.found()));
            }
        })
    }

    pub(super) fn number(&mut self) -> Res<Val<'a>> {
        let start = self.at;
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let digits = self.digits("expected digits")?;
        if self.b[digits] == b'0' && self.at - digits > 1 {
            self.at = digits;
            return self.err("a number with a leading zero");
        }
        let mut float = false;
        if self.peek() == Some(b'.') {
            float = true;
            self.at += 1;
            self.digits("expected digits after the decimal point")?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            float = true;
            self.at += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.at += 1;
            }
            self.digits("expected digits in the exponent")?;
        }
        if float {
            return Ok(Val::Float);
        }
        Ok(self.text[start..self.at]
            .parse::<i64>()
            .map_or(Val::Big, Val::Int))
    }

    /// Steps over a run of digits and returns where it starts; `missing` is the error when
    /// there is none.
    fn digits(&mut self, missing: &str) -> Res<usize> {
        let start = self.at;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        if self.at == start {
            return self.err(missing);
        }
        Ok(start)
    }
}
