//! The position library behind the `o` picker and the bare `killerscope` start: the classroom
//! positions of `assets/positions.epd`, embedded in the binary so it works from any directory.

/// The EPD text compiled into the binary.
pub const EMBEDDED_EPD: &str = include_str!("../../assets/positions.epd");

/// One library position: an EPD line's board (as a full FEN) with its `id` and `c0` comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The `id` operation, e.g. `killer-puzzle`.
    pub id: String,
    /// The position as a six-field FEN (EPD has no clocks; they are set to `0 1`).
    pub fen: String,
    /// The `c0` comment: what to look for in this position.
    pub comment: String,
}

/// Why an EPD line could not be read, with its 1-based line number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdError {
    /// 1-based line number in the EPD text.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for EpdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EPD line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for EpdError {}

/// Parses EPD text: four FEN fields, then `opcode operand;` operations. Blank lines and lines
/// starting with `#` are skipped. The FEN fields are not validated here (the caller parses them
/// with the chess core, which names the bad field).
pub fn parse(text: &str) -> Result<Vec<Entry>, EpdError> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |message: String| EpdError {
            line: index + 1,
            message,
        };
        let mut rest = line;
        let mut fields = Vec::with_capacity(4);
        for _ in 0..4 {
            rest = rest.trim_start();
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            if end == 0 {
                return Err(err(format!(
                    "expected 4 FEN fields (board, side, castling, en passant), found {}",
                    fields.len()
                )));
            }
            fields.push(&rest[..end]);
            rest = &rest[end..];
        }
        let mut entry = Entry {
            id: format!("line {}", index + 1),
            fen: format!("{} 0 1", fields.join(" ")),
            comment: String::new(),
        };
        for op in split_operations(rest).map_err(err)? {
            let (code, operand) = op;
            match code {
                "id" => entry.id = operand,
                "c0" => entry.comment = operand,
                _ => {}
            }
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// The embedded library. It is part of the binary and covered by a test, so failure to parse it
/// is a build defect; an empty list is returned rather than a panic all the same.
pub fn embedded() -> Vec<Entry> {
    parse(EMBEDDED_EPD).unwrap_or_default()
}

/// Splits `opcode operand; opcode "quoted; operand";` into (opcode, operand) pairs.
fn split_operations(text: &str) -> Result<Vec<(&str, String)>, String> {
    let mut ops = Vec::new();
    let mut chars = text.trim().char_indices().peekable();
    let text = text.trim();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let mut code_end = start;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() || c == ';' {
                break;
            }
            code_end = i + c.len_utf8();
            chars.next();
        }
        let code = &text[start..code_end];
        let mut operand = String::new();
        let mut quoted = false;
        let mut closed = false;
        for (_, c) in chars.by_ref() {
            match c {
                '"' => quoted = !quoted,
                ';' if !quoted => {
                    closed = true;
                    break;
                }
                _ => operand.push(c),
            }
        }
        if quoted {
            return Err(format!("operation {code:?} has an unclosed quote"));
        }
        if !closed {
            return Err(format!("operation {code:?} is not terminated by ';'"));
        }
        ops.push((code, operand.trim().to_string()));
    }
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_library_parses_and_starts_with_the_classroom_puzzle() {
        let entries = parse(EMBEDDED_EPD).expect("embedded EPD parses");
        assert!(entries.len() >= 2);
        assert_eq!(entries[0].id, "killer-puzzle");
        assert_eq!(
            entries[0].fen,
            "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1"
        );
        assert!(entries[0].comment.contains("Bg2-c6"));
    }

    #[test]
    fn operations_with_semicolons_inside_quotes() {
        let e = parse("8/8/8/8/8/8/8/K6k w - - id \"a;b\"; c0 \"x\";").expect("parses");
        assert_eq!(e[0].id, "a;b");
        assert_eq!(e[0].comment, "x");
    }

    #[test]
    fn errors_name_the_line() {
        let err = parse("\n8/8/8 w").expect_err("too few fields");
        assert_eq!(err.line, 2);
        let err = parse("8/8/8/8/8/8/8/K6k w - - id \"open;").expect_err("unclosed");
        assert!(err.to_string().contains("unclosed quote"), "{err}");
        let err = parse("8/8/8/8/8/8/8/K6k w - - id x").expect_err("unterminated");
        assert!(err.to_string().contains("not terminated"), "{err}");
    }
}
