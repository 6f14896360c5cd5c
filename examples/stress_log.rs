//! Writes synthetic `.kslog` files that stress the explorer's tree panel, for trying it by hand
//! (`killerscope tui --log FILE`):
//!
//! - `deep N FILE`: a line of N nested nodes, each the only child of the one before, along the
//!   legal knight shuffle Nf3 Nf6 Ng1 Ng8 … (so the board panel replays a real N-ply line);
//! - `open N FILE`: the same line cut off before any node exits (a truncated log);
//! - `wide N FILE`: one root with N children;
//! - `roots N FILE`: N top-level nodes.
//!
//! `cargo run --release --example stress_log -- deep 100000 /tmp/deep.kslog`

use std::process::ExitCode;

use killerscope::chess::notation::parse_uci;
use killerscope::chess::{Move, Position};
use killerscope::search::{Bound, Limits, NodeKind};
use killerscope::trace::{Event, EventLog, LogHeader};

fn enter(level: usize, mv: Move) -> Event {
    Event::NodeEnter {
        ply: level as u8,
        depth: 1,
        kind: NodeKind::Main,
        mv,
        alpha: -30,
        beta: 30,
    }
}

const EXIT: Event = Event::NodeExit {
    score: 0,
    bound: Bound::Exact,
};

/// The knight shuffle from the start position, `n` plies long.
fn shuffle(n: usize) -> Result<Vec<Move>, String> {
    let mut pos = Position::startpos();
    let cycle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    let mut line = Vec::with_capacity(n);
    for text in cycle.iter().cycle().take(n) {
        let mv = parse_uci(&pos, text).map_err(|e| format!("{text}: {e}"))?;
        pos.make_move(mv);
        line.push(mv);
    }
    Ok(line)
}

fn events(shape: &str, n: usize) -> Result<Vec<Event>, String> {
    let mut events = Vec::with_capacity(2 * n + 2);
    match shape {
        "deep" | "open" => {
            events.push(enter(0, Move::NULL));
            for (level, mv) in shuffle(n.saturating_sub(1))?.into_iter().enumerate() {
                events.push(enter(level + 1, mv));
            }
            if shape == "deep" {
                events.extend(std::iter::repeat_n(EXIT, n.max(1)));
            }
        }
        "wide" => {
            events.push(enter(0, Move::NULL));
            for _ in 0..n {
                events.extend([enter(1, Move::NULL), EXIT]);
            }
            events.push(EXIT);
        }
        "roots" => {
            for _ in 0..n {
                events.extend([enter(0, Move::NULL), EXIT]);
            }
        }
        _ => {
            return Err(format!(
                "unknown shape {shape:?}: deep, open, wide or roots"
            ));
        }
    }
    Ok(events)
}

fn run(args: &[String]) -> Result<(), String> {
    let [shape, n, file] = args else {
        return Err("usage: stress_log deep|open|wide|roots N FILE".into());
    };
    let n: usize = n.parse().map_err(|e| format!("N {n:?}: {e}"))?;
    let header = LogHeader::new(
        Position::startpos().to_fen(),
        &Default::default(),
        &Limits::depth(1),
    );
    let truncated = shape == "open";
    let log = EventLog::from_parts(header, events(shape, n)?, Vec::new(), truncated);
    log.write_file(file).map_err(|e| format!("{file}: {e}"))?;
    println!("wrote {} events to {file}", log.len());
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
