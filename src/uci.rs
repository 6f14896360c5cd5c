//! A UCI engine on top of the instrumented search, for any chess GUI.
//!
//! The reader loop never waits for a search: `isready` is answered at once, `stop` and `quit`
//! are read while a search runs, and `position`, `ucinewgame`, `setoption` or `go` during a
//! search stop it first (its `bestmove` is still printed) and then take effect. Searches and
//! table work (hash resizing, clearing) run in order on an engine thread that prints `info`
//! lines per iteration and one `bestmove` per `go`. The end of input is a `quit`, as Stockfish
//! takes it: a search under way is stopped (its `bestmove` printed) and the program exits, so a
//! GUI that crashed mid-search leaves no engine burning a core.
//!
//! Pondering is not offered: no `Ponder` option, no `ponder` move after `bestmove`. A `go ponder`
//! sent anyway searches until `ponderhit` or `stop` and then answers, as the protocol requires.
//! Junk lines are ignored, as the specification asks, with an `info string` saying why; echoed
//! text is shortened and stripped of control characters.

mod command;
mod engine;
mod go;
mod input;
mod options;
mod worker;

pub use command::{UciCommand, parse};
pub use engine::UciEngine;
pub use go::GoParams;
pub use worker::info_line;

use input::InputLine;
use std::io::{self, BufRead, Write};

/// Runs the UCI protocol over `input` and `output` until `quit` or the end of input.
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) -> io::Result<()> {
    let mut engine = UciEngine::new(output);
    while let Some(line) = input::next_line(&mut input, input::MAX_LINE)? {
        let line = match line {
            InputLine::Text(line) => line,
            // Non-UTF-8 bytes or a runaway line from the GUI: report and carry on.
            InputLine::NotUtf8 => {
                engine.info_string("ignored a line that is not valid UTF-8")?;
                continue;
            }
            InputLine::TooLong(bytes) => {
                engine.info_string(&format!(
                    "ignored a line of {bytes} bytes (longer than {} bytes)",
                    input::MAX_LINE
                ))?;
                continue;
            }
        };
        if !engine.handle(parse(&line))? {
            return Ok(());
        }
    }
    engine.shutdown();
    Ok(())
}

/// The long help of `killerscope uci`: the protocol, and every option a GUI can set, from the
/// declarations the engine sends (`option name … type …`), so the help names them all.
pub fn options_help() -> String {
    let options: Vec<String> = engine::option_declarations()
        .iter()
        .filter_map(|line| {
            let rest = line.strip_prefix("option name ")?;
            let (name, kind) = rest.split_once(" type ")?;
            Some(format!("  {name} ({kind})"))
        })
        .collect();
    format!(
        "Speak the UCI protocol on stdin/stdout, for chess GUIs (and scripts): uci, isready, \
         ucinewgame, position, go (depth, nodes, movetime, clocks, infinite), stop, setoption, \
         quit.\n\nOptions (setoption name NAME value VALUE):\n{}",
        options.join("\n")
    )
}
