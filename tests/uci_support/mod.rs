//! A `killerscope uci` child process driven like a GUI drives it: lines in, lines out with
//! timeouts, so a protocol test fails with what the engine said instead of hanging.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long a line the engine owes may take before the test fails.
pub const SHORT: Duration = Duration::from_secs(10);

/// The engine process, its input, and its output lines as they arrive.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `killerscope uci`.
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_killerscope"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.send_bytes(line.as_bytes());
    }

    /// Sends one line of raw bytes (which need not be UTF-8, as from a broken GUI).
    pub fn send_bytes(&mut self, line: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input still open");
        stdin.write_all(line).expect("engine reads stdin");
        stdin.write_all(b"\n").expect("engine reads stdin");
        stdin.flush().expect("flush");
    }

    /// Ends the session as a GUI does and checks that the engine exits cleanly.
    pub fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().expect("engine exits").success());
    }

    /// Collects lines until one starts with `prefix`; fails after `timeout`.
    pub fn expect(&self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return seen;
                    }
                }
                Err(_) => {
                    panic!("no line starting with {prefix:?} within {timeout:?}; saw {seen:#?}")
                }
            }
        }
    }

    /// Closes the input, waits for the process to end (failing after `timeout`) and returns
    /// every line left.
    pub fn exit_within(mut self, timeout: Duration) -> Vec<String> {
        self.stdin = None;
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                assert!(status.success(), "exit status {status}");
                // The output pipe is closed: read what the forwarding thread still holds.
                let mut rest = Vec::new();
                while let Ok(line) = self.lines.recv_timeout(SHORT) {
                    rest.push(line);
                }
                return rest;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("engine still running {timeout:?} after quit or end of input");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}
