//! Parsing of the lines a UCI GUI sends, kept apart from the engine loop so it can be tested alone.
//!
//! Parsing never fails loudly: the UCI specification says unknown commands and tokens are
//! ignored, so a malformed line becomes `UciCommand::Invalid` with a reason that the loop reports
//! as an `info string` (harmless to GUIs, useful to a human typing into the engine).

use crate::search::Limits;
use crate::text::quote;
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

/// What a `go` line asks for beyond the search limits.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// Depth, nodes, time, mate limits (`searchmoves` is filled in by the engine, which knows
    /// the position the moves belong to).
    pub limits: Limits,
    /// The `searchmoves` list as sent, in UCI notation.
    pub searchmoves: Vec<String>,
    /// `go ponder`: search until `ponderhit` or `stop`, never ending on its own.
    pub ponder: bool,
}

/// The keywords of `go`, which end a `searchmoves` list.
const GO_KEYWORDS: [&str; 13] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

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

fn parse_go(args: &[&str]) -> UciCommand {
    let mut go = GoParams::default();
    let params = &mut go.limits;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1).copied();
        let step = match key {
            "infinite" => {
                params.infinite = true;
                Ok(1)
            }
            "ponder" => {
                go.ponder = true;
                Ok(1)
            }
            "depth" => set(&mut params.depth, key, value, |v| v.parse().ok()),
            "nodes" => set(&mut params.nodes, key, value, |v| v.parse().ok()),
            "mate" => set(&mut params.mate, key, value, |v| {
                v.parse().ok().filter(|&n: &u32| n > 0)
            }),
            "movestogo" => set(&mut params.movestogo, key, value, |v| v.parse().ok()),
            "movetime" => set(&mut params.movetime, key, value, millis),
            "wtime" => set(&mut params.wtime, key, value, millis),
            "btime" => set(&mut params.btime, key, value, millis),
            "winc" => set(&mut params.winc, key, value, millis),
            "binc" => set(&mut params.binc, key, value, millis),
            // The moves run up to the next keyword; the engine checks them against the position.
            "searchmoves" => {
                let moves: Vec<&str> = args[i + 1..]
                    .iter()
                    .take_while(|t| !GO_KEYWORDS.contains(t))
                    .copied()
                    .collect();
                let kept = moves.iter().take(crate::chess::MAX_MOVES);
                go.searchmoves.extend(kept.map(|m| m.to_string()));
                Ok(1 + moves.len())
            }
            // Unknown tokens are skipped, as the UCI specification asks.
            _ => Ok(1),
        };
        match step {
            Ok(n) => i += n,
            Err(reason) => return UciCommand::Invalid(reason),
        }
    }
    UciCommand::Go(go)
}

/// Stores the parsed value of `key`; the error names the key and the bad value.
fn set<T>(
    slot: &mut Option<T>,
    key: &str,
    value: Option<&str>,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<usize, String> {
    let Some(text) = value else {
        return Err(format!("go {key} needs a number"));
    };
    match parse(text) {
        Some(v) => {
            *slot = Some(v);
            Ok(2)
        }
        None if GO_KEYWORDS.contains(&text) => Err(format!(
            "go {key} needs a number, found the keyword '{text}'"
        )),
        None => Err(format!(
            "go {key} needs a number in range, found '{}'",
            quote(text)
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

    fn go(line: &str) -> GoParams {
        match parse(line) {
            UciCommand::Go(p) => p,
            other => panic!("{line}: not a go command: {other:?}"),
        }
    }

    #[test]
    fn go_parameters() {
        let p = go("go wtime 1000 btime -5 winc 10 binc 10 movestogo 20").limits;
        assert_eq!(p.wtime, Some(Duration::from_millis(1000)));
        assert_eq!(p.btime, Some(Duration::ZERO));
        assert_eq!(p.movestogo, Some(20));
        let p = go("go ponder depth 7 infinite");
        assert_eq!(p.limits.depth, Some(7));
        assert!(p.limits.infinite && p.ponder);
        assert_eq!(go("go mate 3").limits.mate, Some(3));
        assert!(matches!(parse("go mate 0"), UciCommand::Invalid(_)));
        assert!(matches!(parse("go depth"), UciCommand::Invalid(_)));
        assert!(matches!(parse("go depth x"), UciCommand::Invalid(_)));
        assert!(matches!(
            parse("go nodes 99999999999999999999999"),
            UciCommand::Invalid(_)
        ));
    }

    #[test]
    fn a_keyword_where_a_number_belongs_is_named() {
        let UciCommand::Invalid(reason) = parse("go nodes depth 4") else {
            panic!("accepted");
        };
        assert!(reason.contains("nodes needs a number"), "{reason}");
        assert!(!reason.contains("not a valid value"), "{reason}");
    }

    #[test]
    fn searchmoves_run_to_the_next_keyword() {
        let p = go("go searchmoves a2a3 h2h3 depth 5");
        assert_eq!(p.searchmoves, ["a2a3", "h2h3"]);
        assert_eq!(p.limits.depth, Some(5));
        assert_eq!(go("go depth 2 searchmoves e2e4").searchmoves, ["e2e4"]);
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
