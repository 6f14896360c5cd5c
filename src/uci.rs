//! A UCI engine on top of the instrumented search, for any chess GUI.
//!
//! The reader loop answers at once (`isready` is never blocked by a search); `go` runs the search
//! on a worker thread that prints `info` lines per iteration and `bestmove` at the end; `stop`
//! sets the shared stop flag, which the search honours within a couple of milliseconds. Junk
//! lines are ignored, as the specification asks, with an `info string` saying why.

mod command;
mod engine;

pub use command::{UciCommand, parse};
pub use engine::{UciEngine, info_line};

use std::io::{self, BufRead, Write};

/// Runs the UCI protocol over `input` and `output` until `quit` or the end of input.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    let mut engine = UciEngine::new(output);
    for line in input.lines() {
        let line = match line {
            Ok(line) => line,
            // Non-UTF-8 bytes from the GUI: report and carry on with the next line.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                engine.info_string("ignored a line that is not valid UTF-8")?;
                continue;
            }
            Err(e) => return Err(e),
        };
        if !engine.handle(parse(&line))? {
            return Ok(());
        }
    }
    engine.shutdown();
    Ok(())
}
