//! Parsing of the lines a UCI GUI sends, kept apart from the engine loop so it can be tested alone.
//!
//! Parsing never fails loudly: the UCI specification says unknown commands and tokens are
//! ignored, so a malformed line becomes `UciCommand::Invalid` with a reason that the loop reports
//! as an `info string` (harmless to GUIs, useful to a human typing into the engine).

use super::go::{GoParams, parse_go};
use killerscope_text::quote;

/// One command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UciCommand {
    /// `uci`: identify and list options.
    Uci,
    /// `isready`: answer `readyok` once earlier commands are done.
    IsReady,
    /// `ucinewgame`: forget everything learned from the previous game.
    NewGame,
    /// `position startpos|fen … [moves …]`.
    Position {
        /// The FEN text, or `None` for the start position.
        fen: Option<String>,
        /// Moves in UCI notation played from that position.
        moves: Vec<String>,
    },
    /// `go …` with its limits.
    Go(GoParams),
    /// `ponderhit`: the move pondered on was played; the ponder search ends with its best move.
    PonderHit,
    /// A `position` line that cannot be used; the reason says why. The previous position is
    /// dropped, so that a later `go` never answers for a position the GUI no longer means.
    BadPosition(String),
    /// `stop`: end the running search and report its best move.
    Stop,
    /// `quit`: leave as soon as possible.
    Quit,
    /// `setoption name N [value V]`.
    SetOption {
        /// Option name as sent (matched case-insensitively).
        name: String,
        /// The value, if any.
        value: Option<String>,
    },
    /// `debug`, `register`, empty lines: accepted and ignored.
    Ignored,
    /// A line that is not a UCI command, or one with bad arguments; the reason says why.
    Invalid(String),
}

/// Parses one line from the GUI.
pub fn parse(line: &str) -> UciCommand {
    let mut tokens = line.split_whitespace();
    let Some(first) = tokens.next() else {
        return UciCommand::Ignored;
    };
    let rest: Vec<&str> = tokens.collect();
    match first {
        "uci" => UciCommand::Uci,
        "isready" => UciCommand::IsReady,
        "ucinewgame" => UciCommand::NewGame,
        "position" => parse_position(&rest),
        "go" => UciCommand::Go(parse_go(&rest)),
        "stop" => UciCommand::Stop,
        "quit" => UciCommand::Quit,
        "setoption" => parse_setoption(&rest),
        "ponderhit" => UciCommand::PonderHit,
        "debug" | "register" => UciCommand::Ignored,
        other => UciCommand::Invalid(format!("unknown command '{}'", quote(other))),
    }
}

fn parse_position(args: &[&str]) -> UciCommand {
    let moves_at = args.iter().position(|t| *t == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[][..]),
    };
    let fen = match setup.split_first() {
        Some((&"startpos", [])) => None,
        Some((&"startpos", extra)) => {
            return UciCommand::BadPosition(format!(
                "position startpos: unexpected '{}'",
                quote(extra[0])
            ));
        }
        Some((&"fen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
        Some((&"fen", _)) => return UciCommand::BadPosition("position fen: missing FEN".into()),
        _ => return UciCommand::BadPosition("position: expected 'startpos' or 'fen'".into()),
    };
    UciCommand::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

fn parse_setoption(args: &[&str]) -> UciCommand {
    if args.first() != Some(&"name") {
        return UciCommand::Invalid("setoption: expected 'name'".into());
    }
    let value_at = args.iter().position(|t| *t == "value");
    let name_tokens = &args[1..value_at.unwrap_or(args.len())];
    if name_tokens.is_empty() {
        return UciCommand::Invalid("setoption: missing option name".into());
    }
    let value = value_at.map(|i| args[i + 1..].join(" "));
    UciCommand::SetOption {
        name: name_tokens.join(" "),
        value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_with_moves() {
        assert_eq!(
            parse("position startpos moves e2e4 e7e5"),
            UciCommand::Position {
                fen: None,
                moves: vec!["e2e4".into(), "e7e5".into()]
            }
        );
        assert_eq!(
            parse("position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1"),
            UciCommand::Position {
                fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1".into()),
                moves: vec![]
            }
        );
        assert!(matches!(parse("position"), UciCommand::BadPosition(_)));
        assert!(matches!(parse("position fen"), UciCommand::BadPosition(_)));
        assert!(matches!(
            parse("position banana"),
            UciCommand::BadPosition(_)
        ));
    }

    #[test]
    fn echoed_text_has_no_control_characters_and_is_short() {
        let UciCommand::Invalid(reason) = parse("\u{0}\u{1b}[2Jboom") else {
            panic!("junk accepted");
        };
        assert!(!reason.chars().any(|c| c.is_control()), "{reason:?}");
        assert!(reason.contains("\\u{1b}[2Jboom"), "{reason:?}");
    }

    #[test]
    fn setoption_names_with_spaces() {
        assert_eq!(
            parse("setoption name Trace File value /tmp/a b.kslog"),
            UciCommand::SetOption {
                name: "Trace File".into(),
                value: Some("/tmp/a b.kslog".into())
            }
        );
        assert_eq!(
            parse("setoption name Clear Hash"),
            UciCommand::SetOption {
                name: "Clear Hash".into(),
                value: None
            }
        );
        assert!(matches!(parse("setoption value 3"), UciCommand::Invalid(_)));
    }

    #[test]
    fn junk_is_invalid_not_fatal() {
        assert_eq!(parse(""), UciCommand::Ignored);
        assert!(matches!(parse("\u{0}\u{1}garbage"), UciCommand::Invalid(_)));
        let long = "x".repeat(10_000);
        let UciCommand::Invalid(reason) = parse(&long) else {
            panic!("junk accepted");
        };
        assert!(reason.len() < 100);
    }
}
