//! Running the real `killerscope` binary from integration tests, the way a user's shell does.

#![allow(dead_code)] // each test binary uses a different subset of these helpers

use std::process::{Command, Output};

/// Runs `killerscope ARGS…` to the end and returns its status and output.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_killerscope"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Output bytes as text, invalid UTF-8 replaced, for assertions and failure messages.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
