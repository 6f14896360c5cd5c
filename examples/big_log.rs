//! Writes a `.kslog` of N events made of a real search repeated (see
//! `benches/support/big_log.rs`), for measuring the explorer and the log commands at scale:
//!
//! `cargo run --release --example big_log -- 100000000 /tmp/big100m.kslog` (1.6 GB)

use std::process::ExitCode;

#[path = "../benches/support/big_log.rs"]
mod big_log;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [events, path] = args.as_slice() else {
        eprintln!("usage: big_log EVENTS FILE");
        return ExitCode::from(2);
    };
    let Ok(events) = events.replace('_', "").parse::<usize>() else {
        eprintln!("big_log: {events:?} is not a number of events");
        return ExitCode::from(2);
    };
    match big_log::write(std::path::Path::new(path), events) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("big_log: {path}: {e}");
            ExitCode::FAILURE
        }
    }
}
