//! The position library behind the `o` picker and the bare `killerscope` start: the classroom
//! positions of `assets/positions.epd`, embedded in the binary so it works from any directory.
//! A position may carry its own search settings as EPD opcodes — `ordering "history=off";`
//! and `search "lmr=on";`, in the syntax of `--ordering` and `--search` — which the explorer
//! uses when it is loaded (see `setup.rs`).

use killerscope_chess::epd::EpdRecord;
use killerscope_engine::{OrderingConfig, SelectiveConfig};
use killerscope_text::quote;

/// The search settings a position asks for (its EPD opcodes); `None` where it asks nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PositionSettings {
    /// The `ordering` opcode.
    pub ordering: Option<OrderingConfig>,
    /// The `search` opcode.
    pub selective: Option<SelectiveConfig>,
}

/// The EPD text compiled into the binary.
pub const EMBEDDED_EPD: &str = include_str!("../../../assets/positions.epd");

/// One library position: an EPD line's board (as a full FEN) with its `id`, `c0` comment and
/// search settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The `id` operation, e.g. `killer-puzzle`.
    pub id: String,
    /// The position as a six-field FEN (EPD has no clocks; they are set to `0 1`).
    pub fen: String,
    /// The `c0` comment: what to look for in this position.
    pub comment: String,
    /// The `ordering` and `search` opcodes, parsed.
    pub settings: PositionSettings,
}

pub use killerscope_chess::epd::EpdError;

/// Parses the library's EPD text (see [`killerscope_chess::epd::parse`]); a line without an `id`
/// is called `line N`. A bad `ordering` or `search` value is an error naming the line and the
/// opcode.
pub fn parse(text: &str) -> Result<Vec<Entry>, EpdError> {
    killerscope_chess::epd::parse(text)?
        .into_iter()
        .map(entry)
        .collect()
}

fn entry(record: EpdRecord) -> Result<Entry, EpdError> {
    let mut settings = PositionSettings::default();
    for (code, operand) in &record.opcodes {
        let bad = |e: &dyn std::fmt::Display| EpdError {
            line: record.line,
            message: format!("opcode {code} \"{}\": {e}", quote(operand)),
        };
        match code.as_str() {
            "ordering" => {
                let config = operand.parse::<OrderingConfig>().map_err(|e| bad(&e))?;
                settings.ordering = Some(config);
            }
            "search" => {
                let config = operand.parse::<SelectiveConfig>().map_err(|e| bad(&e))?;
                settings.selective = Some(config);
            }
            _ => {}
        }
    }
    Ok(Entry {
        id: record.id.unwrap_or_else(|| format!("line {}", record.line)),
        fen: record.fen,
        comment: record.comment,
        settings,
    })
}

/// The embedded library. It is part of the binary and covered by a test, so failure to parse it
/// is a build defect; an empty list is returned rather than a panic all the same.
pub fn embedded() -> Vec<Entry> {
    parse(EMBEDDED_EPD).unwrap_or_default()
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
        assert!(
            entries
                .iter()
                .all(|e| e.settings == PositionSettings::default()),
            "the classroom positions are searched with the defaults their c0 claims were measured with"
        );
    }

    #[test]
    fn ordering_and_search_opcodes_are_parsed_and_bad_values_name_line_and_opcode() {
        let text = "# set\n8/8/8/4k3/8/8/4P3/4K3 w - - id \"kp\"; ordering \"history=off,killers=1\"; search \"lmr=on\";\n";
        let entries = parse(text).expect("parses");
        let settings = entries[0].settings;
        let ordering = settings.ordering.expect("ordering opcode");
        assert_eq!(ordering.killer_slots, 1);
        assert_eq!(ordering.changes(), "killers=1,history=off");
        let selective = settings.selective.expect("search opcode");
        assert!(selective.lmr && !selective.null_move);
        let err = parse("8/8/8/4k3/8/8/4P3/4K3 w - - id \"kp\";\n8/8/8/4k3/8/8/4P3/4K3 w - - search \"lmr=maybe\";")
            .expect_err("bad search value");
        assert_eq!(err.line, 2);
        let text = err.to_string();
        assert!(
            text.starts_with("EPD line 2: opcode search \"lmr=maybe\""),
            "{text}"
        );
        assert!(text.contains("`lmr` must be on or off"), "{text}");
        let err = parse("8/8/8/4k3/8/8/4P3/4K3 w - - ordering \"killers=9\";")
            .expect_err("bad ordering value");
        assert!(err.to_string().contains("opcode ordering"), "{err}");
    }
}
