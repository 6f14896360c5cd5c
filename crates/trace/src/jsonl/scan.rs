//! A JSON reader for one line of a trace: the flat objects the schema uses, read straight from
//! the line's text without building a general document. Every value keeps the byte column it
//! starts at, so an error can point at the offending field, not just the line. Nesting is read
//! to a fixed depth (the schema's deepest value is a list of objects) and anything deeper is
//! skipped by a loop, never by recursion, so no line can exhaust the stack.

use std::borrow::Cow;

/// Containers nested deeper than this (the line's object is level 0) are skipped, not read.
const MAX_LEVEL: u8 = 2;

/// One entry of an object: its key, the column of its value, the value.
pub type Entry<'a> = (Cow<'a, str>, usize, Val<'a>);

/// A value read from a line. Strings borrow the line unless they hold escapes.
#[derive(Clone, Debug, PartialEq)]
pub enum Val<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// An integer that fits an `i64`.
    Int(i64),
    /// An integer too large for an `i64`.
    Big,
    /// A number with a fraction or an exponent.
    Float,
    /// A string, unescaped.
    Str(Cow<'a, str>),
    /// An array: each element with its column.
    List(Vec<(usize, Val<'a>)>),
    /// An object: each key with the column of its value.
    Obj(Vec<Entry<'a>>),
    /// A container nested deeper than the schema goes (skipped).
    Deep,
}

impl Val<'_> {
    /// What the value is, for "expected …, found …" messages.
    pub fn describe(&self) -> &'static str {
        match self {
            Val::Null => "null",
            Val::Bool(_) => "a boolean",
            Val::Int(_) => "an integer",
            Val::Big => "an integer too large to hold",
            Val::Float => "a number with a fraction or exponent",
            Val::Str(_) => "a string",
            Val::List(_) => "an array",
            Val::Obj(_) => "an object",
            Val::Deep => "a deeply nested value",
        }
    }
}

/// A syntax error: what was expected, and the 0-based byte column where it was noticed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// 0-based byte offset in the line.
    pub at: usize,
    /// What is wrong.
    pub what: String,
}

/// A position in the line being read.
pub(super) struct Cursor<'a> {
    pub(super) text: &'a str,
    pub(super) b: &'a [u8],
    pub(super) at: usize,
}

/// A result of reading part of a line.
pub(super) type Res<T> = Result<T, SyntaxError>;

impl<'a> Cursor<'a> {
    pub(super) fn err<T>(&self, what: impl Into<String>) -> Res<T> {
        Err(SyntaxError {
            at: self.at,
            what: what.into(),
        })
    }

    pub(super) fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\r' | b'\n') = self.b.get(self.at) {
            self.at += 1;
        }
    }

    pub(super) fn peek(&self) -> Option<u8> {
        self.b.get(self.at).copied()
    }

    pub(super) fn found(&self) -> String {
        match self.text[self.at..].chars().next() {
            None => "the end of the line (cut short?)".to_string(),
            Some(c) => format!("{c:?}"),
        }
    }

    pub(super) fn expect(&mut self, byte: u8, what: &str) -> Res<()> {
        self.ws();
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            self.err(format!("expected {what}, found {}", self.found()))
        }
    }

    fn literal(&mut self, word: &str, val: Val<'a>) -> Res<Val<'a>> {
        if self.text[self.at..].starts_with(word) {
            self.at += word.len();
            Ok(val)
        } else {
            self.err(format!("expected a JSON value, found {}", self.found()))
        }
    }

    /// Reads a value at `level` (containers deeper than `MAX_LEVEL` are skipped).
    fn value(&mut self, level: u8) -> Res<Val<'a>> {
        self.ws();
        match self.peek() {
            Some(b'"') => self.string().map(Val::Str),
            Some(b'{' | b'[') if level > MAX_LEVEL => self.skip_container().map(|()| Val::Deep),
            Some(b'{') => self.object(level).map(Val::Obj),
            Some(b'[') => self.array(level),
            Some(b't') => self.literal("true", Val::Bool(true)),
            Some(b'f') => self.literal("false", Val::Bool(false)),
            Some(b'n') => self.literal("null", Val::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => self.err(format!("expected a JSON value, found {}", self.found())),
        }
    }

    fn array(&mut self, level: u8) -> Res<Val<'a>> {
        self.at += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Val::List(items));
        }
        loop {
            self.ws();
            let col = self.at;
            items.push((col, self.value(level + 1)?));
            self.ws();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Val::List(items));
                }
                _ => return self.err(format!("expected , or ] found {}", self.found())),
            }
        }
    }

    /// Reads an object's entries after checking its opening brace.
    fn object(&mut self, level: u8) -> Res<Vec<Entry<'a>>> {
        let mut entries = Vec::new();
        self.entries(level, |key, _, col, val| {
            entries.push((key, col, val));
            Ok(())
        })?;
        Ok(entries)
    }

    /// Reads `{ "key": value, … }`, handing each entry to `each` as it is read: the key, the
    /// column of the key, the column of the value, the value.
    fn entries(
        &mut self,
        level: u8,
        mut each: impl FnMut(Cow<'a, str>, usize, usize, Val<'a>) -> Res<()>,
    ) -> Res<()> {
        self.expect(b'{', "{ (each line of a trace is one JSON object)")?;
        self.ws();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(());
        }
        loop {
            self.ws();
            let key_col = self.at;
            let key = self.string()?;
            self.expect(b':', "a colon after the key")?;
            self.ws();
            let col = self.at;
            let val = self.value(level + 1)?;
            each(key, key_col, col, val)?;
            self.ws();
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(());
                }
                _ => return self.err(format!("expected , or }} found {}", self.found())),
            }
        }
    }

    /// Skips one array or object however deep: brackets are matched with a stack on the heap
    /// instead of recursion, and strings are read so brackets inside them do not count.
    fn skip_container(&mut self) -> Res<()> {
        let mut open: Vec<u8> = Vec::new();
        loop {
            match self.peek() {
                None => return self.err("the line ends inside an array or object (cut short?)"),
                Some(b'"') => {
                    self.string()?;
                    continue;
                }
                Some(b'{') => open.push(b'}'),
                Some(b'[') => open.push(b']'),
                Some(close @ (b'}' | b']')) => {
                    if open.pop() != Some(close) {
                        return self.err(format!("mismatched {}", close as char));
                    }
                    if open.is_empty() {
                        self.at += 1;
                        return Ok(());
                    }
                }
                Some(_) => {}
            }
            self.at += 1;
        }
    }
}

/// Reads one line holding one JSON object, handing each top-level entry (key, 0-based columns
/// of the key and of its value, value) to `each` in order. Anything after the object but whitespace is an
/// error, so two objects on one line are not silently read as one.
pub fn object_entries<'a>(
    text: &'a str,
    each: impl FnMut(Cow<'a, str>, usize, usize, Val<'a>) -> Result<(), SyntaxError>,
) -> Result<(), SyntaxError> {
    let mut cursor = Cursor {
        text,
        b: text.as_bytes(),
        at: 0,
    };
    cursor.entries(0, each)?;
    cursor.ws();
    if cursor.at < text.len() {
        return cursor.err(format!(
            "unexpected {} after the object (one object per line)",
            cursor.found()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Vec<(String, usize, Val<'_>)>, SyntaxError> {
        let mut out = Vec::new();
        object_entries(text, |k, _, col, v| {
            out.push((k.into_owned(), col, v));
            Ok(())
        })?;
        Ok(out)
    }

    #[test]
    fn flat_objects_read_with_columns() {
        let got = read(r#"{"type":"cutoff", "score":-12,"mate":{"mate":3},"pv":["e2e4",null]}"#)
            .expect("valid");
        assert_eq!(got[0], ("type".into(), 8, Val::Str("cutoff".into())));
        assert_eq!(got[1], ("score".into(), 26, Val::Int(-12)));
        let Val::Obj(mate) = &got[2].2 else {
            panic!("an object: {got:?}")
        };
        assert_eq!(mate[0].2, Val::Int(3));
        assert_eq!(
            got[3].2,
            Val::List(vec![(54, Val::Str("e2e4".into())), (61, Val::Null)])
        );
    }

    #[test]
    fn escapes_numbers_and_nesting() {
        let got =
            read(r#"{"a":"x\"\u00e9\ud83d\ude00","b":1.5,"c":99999999999999999999,"d":[[[[1]]]]}"#)
                .expect("valid");
        assert_eq!(got[0].2, Val::Str("x\"é😀".into()));
        assert_eq!(got[1].2, Val::Float);
        assert_eq!(got[2].2, Val::Big);
        assert_eq!(
            got[3].2,
            Val::List(vec![(67, Val::List(vec![(68, Val::Deep)]))])
        );
    }

    #[test]
    fn errors_say_where() {
        let cases = [
            (r#"{"a":1"#, 6, "expected , or }"),
            (r#"{"a":"cut"#, 9, "inside a string"),
            (r#"{"a":01}"#, 5, "leading zero"),
            (r#"{"a":1} {"b":2}"#, 8, "one object per line"),
            (r#"["a"]"#, 0, "each line of a trace is one JSON object"),
            (r#"{"a":tru}"#, 5, "expected a JSON value"),
            (r#"{"a":"\q"}"#, 7, "unknown escape"),
        ];
        for (text, at, what) in cases {
            let err = read(text).expect_err(text);
            assert_eq!(err.at, at, "{text}: {err:?}");
            assert!(err.what.contains(what), "{text}: {err:?}");
        }
    }

    #[test]
    fn deep_nesting_is_skipped_without_recursion() {
        let deep = format!(r#"{{"x":{}{}}}"#, "[".repeat(200_000), "]".repeat(200_000));
        let got = read(&deep).expect("balanced");
        assert_eq!(
            got[0].2,
            Val::List(vec![(6, Val::List(vec![(7, Val::Deep)]))])
        );
        let cut = format!(r#"{{"x":{}"#, "[".repeat(200_000));
        assert!(read(&cut).is_err());
    }
}
