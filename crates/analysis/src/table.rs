//! Tables written once: every CSV file and every markdown table the program prints goes
//! through here, so they all quote the same way.
//!
//! CSV is written by the `csv` crate (RFC 4180: a field is quoted when it holds a comma, a
//! quote, a carriage return or a line feed, and its quotes are doubled), so a position named
//! `a, "b"` on two lines reads back as one field in any CSV reader. A markdown table escapes
//! `|` and turns line breaks into spaces in every cell, so no name breaks a row.

use std::io::{self, Write};

/// A CSV writer over `out`: rows of fields, quoted only where they must be, `\n` after each.
pub struct Csv<W: Write> {
    writer: csv::Writer<W>,
}

impl<W: Write> Csv<W> {
    /// A writer that writes to `out`.
    pub fn new(out: W) -> Csv<W> {
        let writer = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .quote_style(csv::QuoteStyle::Necessary)
            .flexible(true)
            .from_writer(out);
        Csv { writer }
    }

    /// Writes one row.
    pub fn row<I, T>(&mut self, fields: I) -> io::Result<()>
    where
        I: IntoIterator<Item = T>,
        T: AsRef<[u8]>,
    {
        self.writer.write_record(fields).map_err(into_io)
    }

    /// Flushes what is buffered to the output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.writer.flush()
    }
}

/// The error of a CSV write as the I/O error it is (a closed pipe stays a closed pipe).
fn into_io(e: csv::Error) -> io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        other => io::Error::other(format!("{other:?}")),
    }
}

/// The whole CSV text of `rows`, for callers that write a file in one go.
pub fn csv_text<R, I, T>(rows: R) -> String
where
    R: IntoIterator<Item = I>,
    I: IntoIterator<Item = T>,
    T: AsRef<[u8]>,
{
    let mut csv = Csv::new(Vec::new());
    for row in rows {
        // Writing to memory cannot fail.
        csv.row(row).ok();
    }
    csv.flush().ok();
    let bytes = csv.writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// How a markdown column is aligned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    /// Text: `---`.
    Left,
    /// Numbers: `---:`.
    Right,
}

/// A markdown table under construction: its heading and alignment, then its rows.
#[derive(Clone, Debug, Default)]
pub struct Markdown {
    heads: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
}

impl Markdown {
    /// A table with these columns.
    pub fn new<S: Into<String>>(heads: impl IntoIterator<Item = (S, Align)>) -> Markdown {
        Markdown {
            heads: heads.into_iter().map(|(h, a)| (h.into(), a)).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row (a cell per column; missing cells are left empty).
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) -> &mut Markdown {
        self.rows.push(cells.into_iter().map(Into::into).collect());
        self
    }

    /// Writes the table: `| a | b |`, `| --- | ---: |`, then a line per row.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let heads: Vec<String> = self.heads.iter().map(|(h, _)| cell(h)).collect();
        writeln!(out, "| {} |", heads.join(" | "))?;
        let rule: Vec<&str> = self
            .heads
            .iter()
            .map(|(_, a)| match a {
                Align::Left => "---",
                Align::Right => "---:",
            })
            .collect();
        writeln!(out, "| {} |", rule.join(" | "))?;
        for row in &self.rows {
            let mut cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
            cells.resize(self.heads.len().max(cells.len()), String::new());
            writeln!(out, "| {} |", cells.join(" | "))?;
        }
        Ok(())
    }
}

/// A cell's text made safe inside a row: `|` escaped, line breaks as spaces.
pub fn cell(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '|' => out.push_str("\\|"),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\r' | '\n' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_with_a_comma_a_quote_and_a_line_break_reads_back_whole() {
        let name = "a, \"b\"\r\nc";
        let text = csv_text([vec!["name", "nodes"], vec![name, "12"], vec!["plain", "3"]]);
        assert_eq!(
            text, "name,nodes\n\"a, \"\"b\"\"\r\nc\",12\nplain,3\n",
            "quoted only where needed"
        );
        let mut reader = csv::ReaderBuilder::new().from_reader(text.as_bytes());
        let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
        assert_eq!(rows.len(), 2);
        assert_eq!(&rows[0][0], name);
        assert_eq!(&rows[0][1], "12");
        assert_eq!(&rows[1][0], "plain");
    }

    #[test]
    fn markdown_cells_cannot_break_the_table() {
        let mut table = Markdown::new([("name", Align::Left), ("nodes", Align::Right)]);
        table.row(["a|b\nc", "1"]).row(["short"]);
        let mut out = Vec::new();
        table.write(&mut out).expect("to memory");
        assert_eq!(
            String::from_utf8(out).expect("utf-8"),
            "| name | nodes |\n| --- | ---: |\n| a\\|b c | 1 |\n| short |  |\n"
        );
    }
}
