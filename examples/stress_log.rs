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

#[path = "../tests/tui_support/synthetic.rs"]
mod synthetic;

use killerscope_log::Event;

fn events(shape: &str, n: usize) -> Result<Vec<Event>, String> {
    match shape {
        "deep" => Ok(synthetic::deep(n, true)),
        "open" => Ok(synthetic::deep(n, false)),
        "wide" => Ok(synthetic::wide(n)),
        "roots" => Ok(synthetic::roots(n)),
        _ => Err(format!(
            "unknown shape {shape:?}: deep, open, wide or roots"
        )),
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [shape, n, file] = args else {
        return Err("usage: stress_log deep|open|wide|roots N FILE".into());
    };
    let n: usize = n.parse().map_err(|e| format!("N {n:?}: {e}"))?;
    let log = synthetic::log_of(events(shape, n)?, shape == "open");
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
