//! EPD line parsing (four FEN fields, optional move counters, then `opcode operand;`
//! operations), shared by the `compare --epd` command and the explorer's position library so
//! that both read the same files the same way. Only the text is split here; the FEN is checked
//! by [`Position::from_fen`](crate::Position::from_fen) in the caller, which names the
//! bad field.

use killerscope_text::quote;

/// Largest EPD file read (64 MiB, a few hundred thousand positions): a bigger file is refused
/// by its size, so naming the wrong file costs no memory.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// Longest EPD line accepted; real ones, comments included, are a few hundred bytes.
pub const MAX_LINE_BYTES: usize = 16 << 10;

/// One EPD line: its board as a six-field FEN and the operations the tools use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdRecord {
    /// 1-based line number in the EPD text, for messages.
    pub line: usize,
    /// The position as a six-field FEN; EPD has no clocks, so `0 1` unless the line gives
    /// counters (a plain FEN line is accepted too).
    pub fen: String,
    /// The `id` operation, if any.
    pub id: Option<String>,
    /// The `c0` comment (empty if none).
    pub comment: String,
    /// The other operations, in line order, as (opcode, operand): the tools that know an
    /// opcode read it (the explorer's `ordering` and `search` settings), the rest ignore it.
    pub opcodes: Vec<(String, String)>,
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

/// Parses EPD text. Blank lines and lines starting with `#` are skipped; plain six-field FEN
/// lines are accepted as EPD lines with counters. A leading UTF-8 byte-order mark (as some
/// Windows editors write) is skipped. A line longer than [`MAX_LINE_BYTES`] is an error: it is
/// not a position, and its operations are not split.
pub fn parse(text: &str) -> Result<Vec<EpdRecord>, EpdError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let err = |message: String| EpdError {
            line: index + 1,
            message,
        };
        if raw.len() > MAX_LINE_BYTES {
            return Err(err(format!(
                "{} bytes long; EPD lines longer than {MAX_LINE_BYTES} bytes are refused",
                raw.len()
            )));
        }
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut rest = line;
        let mut fields = Vec::with_capacity(6);
        for _ in 0..4 {
            let (field, tail) = next_token(rest);
            if field.is_empty() {
                return Err(err(format!(
                    "expected 4 FEN fields (board, side, castling, en passant), found {}",
                    fields.len()
                )));
            }
            fields.push(field);
            rest = tail;
        }
        let (half, after_half) = next_token(rest);
        let (full, after_full) = next_token(after_half);
        if half.parse::<u32>().is_ok() && full.parse::<u32>().is_ok() {
            fields.extend([half, full]);
            rest = after_full;
        } else {
            fields.extend(["0", "1"]);
        }
        let mut record = EpdRecord {
            line: index + 1,
            fen: fields.join(" "),
            id: None,
            comment: String::new(),
            opcodes: Vec::new(),
        };
        for (code, operand) in split_operations(rest).map_err(err)? {
            match code {
                "id" => record.id = Some(operand),
                "c0" => record.comment = operand,
                _ => record.opcodes.push((code.to_string(), operand)),
            }
        }
        records.push(record);
    }
    Ok(records)
}

/// The next whitespace-separated token of `text` (empty at the end) and the text after it.
fn next_token(text: &str) -> (&str, &str) {
    let text = text.trim_start();
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    text.split_at(end)
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
            return Err(format!("operation '{}' has an unclosed quote", quote(code)));
        }
        if !closed {
            return Err(format!(
                "operation '{}' is not terminated by ';'",
                quote(code)
            ));
        }
        ops.push((code, operand.trim().to_string()));
    }
    Ok(ops)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_with_semicolons_inside_quotes() {
        let e = parse("8/8/8/8/8/8/8/K6k w - - id \"a;b\"; c0 \"x\";").expect("parses");
        assert_eq!(e[0].id.as_deref(), Some("a;b"));
        assert_eq!(e[0].comment, "x");
        assert_eq!(e[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
    }

    #[test]
    fn other_opcodes_are_kept_in_order() {
        let e = parse(
            "8/8/8/8/8/8/8/K6k w - - id \"x\"; ordering \"history=off,killers=2\"; search lmr=on;",
        )
        .expect("parses");
        let ops: Vec<(&str, &str)> = e[0]
            .opcodes
            .iter()
            .map(|(c, o)| (c.as_str(), o.as_str()))
            .collect();
        assert_eq!(
            ops,
            [("ordering", "history=off,killers=2"), ("search", "lmr=on")]
        );
    }

    #[test]
    fn counters_are_kept_and_a_plain_fen_line_is_accepted() {
        let e = parse("8/8/8/8/8/8/8/K6k b - - 3 40 id \"x\";\n8/8/8/8/8/8/8/K6k w - - 0 1")
            .expect("parses");
        assert_eq!(e[0].fen, "8/8/8/8/8/8/8/K6k b - - 3 40");
        assert_eq!(e[0].id.as_deref(), Some("x"));
        assert_eq!((e[1].line, e[1].id.clone()), (2, None));
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

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let e = parse("\u{feff}8/8/8/8/8/8/8/K6k w - - id \"bom\";\n").expect("parses");
        assert_eq!(e[0].fen, "8/8/8/8/8/8/8/K6k w - - 0 1");
        assert_eq!(e[0].id.as_deref(), Some("bom"));
    }

    #[test]
    fn long_bad_operations_are_quoted_shortly() {
        let line = format!(
            "8/8/8/8/8/8/8/K6k w - - {} x",
            "o".repeat(MAX_LINE_BYTES - 100)
        );
        let err = parse(&line).expect_err("unterminated");
        assert!(err.to_string().len() < 150, "{err}");
    }

    #[test]
    fn an_overlong_line_is_refused_with_its_number() {
        let text = format!("# set\n{}\n", "8".repeat(MAX_LINE_BYTES + 1));
        let err = parse(&text).expect_err("too long");
        assert_eq!(err.line, 2);
        assert!(err.message.contains("longer than 16384 bytes"), "{err}");
        let comment = format!("# {}", "x".repeat(MAX_LINE_BYTES));
        assert!(parse(&comment).is_err(), "comments count too");
    }
}
