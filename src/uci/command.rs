//! Parsing of the lines a UCI GUI sends, kept apart from the engine loop so it can be tested alone.
//!
//! Parsing never fails loudly: the UCI specification says unknown commands and tokens are
//! ignored, so a malformed line becomes `UciCommand::Invalid` with a reason that the loop reports
//! as an `info string` (harmless to GUIs, useful to a human typing into the engine).

use crate::search::Limits;
use std::time::Duration;

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
    Go(Limits),
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
    /// `ponderhit`, `debug`, `register`: accepted and ignored.
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
        "go" => parse_go(&rest),
        "stop" => UciCommand::Stop,
        "quit" => UciCommand::Quit,
        "setoption" => parse_setoption(&rest),
        "ponderhit" | "debug" | "register" => UciCommand::Ignored,
        other => UciCommand::Invalid(format!("unknown command '{}'", truncate(other))),
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
            return UciCommand::Invalid(format!(
                "position startpos: unexpected '{}'",
                truncate(extra[0])
            ));
        }
        Some((&"fen", fields)) if !fields.is_empty() => Some(fields.join(" ")),
        Some((&"fen", _)) => return UciCommand::Invalid("position fen: missing FEN".into()),
        _ => return UciCommand::Invalid("position: expected 'startpos' or 'fen'".into()),
    };
    UciCommand::Position {
        fen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    }
}

fn parse_go(args: &[&str]) -> UciCommand {
    let mut params = Limits::default();
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1).copied();
        let step = match key {
            "infinite" => {
                params.infinite = true;
                Ok(1)
            }
            "depth" => set(&mut params.depth, key, value, |v| v.parse().ok()),
            "nodes" => set(&mut params.nodes, key, value, |v| v.parse().ok()),
            "movestogo" => set(&mut params.movestogo, key, value, |v| v.parse().ok()),
            "movetime" => set(&mut params.movetime, key, value, millis),
            "wtime" => set(&mut params.wtime, key, value, millis),
            "btime" => set(&mut params.btime, key, value, millis),
            "winc" => set(&mut params.winc, key, value, millis),
            "binc" => set(&mut params.binc, key, value, millis),
            // `searchmoves` restricts the root; we search all moves and skip its list.
            "searchmoves" => Ok(args.len() - i),
            // `ponder` and unknown tokens are skipped, as the UCI specification asks.
            _ => Ok(1),
        };
        match step {
            Ok(n) => i += n,
            Err(reason) => return UciCommand::Invalid(reason),
        }
    }
    UciCommand::Go(params)
}

/// Stores the parsed value of `key`; the error names the key and the bad value.
fn set<T>(
    slot: &mut Option<T>,
    key: &str,
    value: Option<&str>,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<usize, String> {
    let Some(text) = value else {
        return Err(format!("go {key}: missing value"));
    };
    match parse(text) {
        Some(v) => {
            *slot = Some(v);
            Ok(2)
        }
        None => Err(format!(
            "go {key}: '{}' is not a valid value",
            truncate(text)
        )),
    }
}

/// Milliseconds; GUIs sometimes send negative clock times when flagging, which we clamp to zero.
fn millis(text: &str) -> Option<Duration> {
    let ms: i64 = text.parse().ok()?;
    Some(Duration::from_millis(ms.max(0) as u64))
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

/// Keeps echoed junk short, so a megabyte of garbage does not come back as a megabyte of info.
fn truncate(token: &str) -> String {
    const MAX: usize = 40;
    match token.char_indices().nth(MAX) {
        Some((cut, _)) => format!("{}…", &token[..cut]),
        None => token.to_string(),
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
        assert!(matches!(parse("position"), UciCommand::Invalid(_)));
        assert!(matches!(parse("position fen"), UciCommand::Invalid(_)));
        assert!(matches!(parse("position banana"), UciCommand::Invalid(_)));
    }

    #[test]
    fn go_parameters() {
        let UciCommand::Go(p) = parse("go wtime 1000 btime -5 winc 10 binc 10 movestogo 20") else {
            panic!("not a go command");
        };
        assert_eq!(p.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(p.btime, Some(Duration::ZERO));
        assert_eq!(p.movestogo, Some(20));
        let UciCommand::Go(p) = parse("go ponder depth 7 infinite") else {
            panic!("not a go command");
        };
        assert_eq!(p.depth, Some(7));
        assert!(p.infinite);
        assert!(matches!(parse("go depth"), UciCommand::Invalid(_)));
        assert!(matches!(parse("go depth x"), UciCommand::Invalid(_)));
        assert!(matches!(
            parse("go nodes 99999999999999999999999"),
            UciCommand::Invalid(_)
        ));
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
