//! The engine's standard output, read on a thread a line at a time into a channel, so a silent
//! engine times out instead of hanging the caller. Every byte it prints goes to the transcript
//! file as it is read (streamed: a two-million-line search costs no memory for it), and a line
//! is held only up to [`MAX_LINE`] bytes: one that runs on, or is not UTF-8, is passed on as
//! unreadable — to be counted and named — and the next line read.

use crate::jsonl::MAX_LINE;
use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::sync::mpsc::{Receiver, sync_channel};
use std::sync::{Arc, Mutex};

/// A line the engine printed.
#[derive(Debug)]
pub enum Said {
    /// A line of text, without its line end.
    Line(String),
    /// A line that cannot be read: why (not UTF-8, longer than [`MAX_LINE`]).
    Unreadable(String),
}

/// Where the transcript is written, shared between the reading thread (which writes) and the
/// run (which flushes it at the end and learns of a write error).
#[derive(Debug, Clone)]
pub struct Transcript(Arc<Mutex<TranscriptFile>>);

#[derive(Debug)]
struct TranscriptFile {
    out: Option<BufWriter<File>>,
    error: Option<String>,
}

impl Transcript {
    /// A transcript written to `file`.
    pub fn new(file: File) -> Transcript {
        Transcript(Arc::new(Mutex::new(TranscriptFile {
            out: Some(BufWriter::with_capacity(1 << 16, file)),
            error: None,
        })))
    }

    /// Writes `bytes` (stops for good at the first error, which `finish` reports).
    fn write(&self, bytes: &[u8]) {
        let Ok(mut t) = self.0.lock() else { return };
        if let Some(out) = &mut t.out
            && let Err(e) = out.write_all(bytes)
        {
            t.error = Some(e.to_string());
            t.out = None;
        }
    }

    /// Flushes what was written and closes the file: the first write error, if any. What the
    /// engine prints later (an engine that ignores `quit`) is not written.
    pub fn finish(&self) -> Result<(), String> {
        let Ok(mut t) = self.0.lock() else {
            return Err("the transcript's writer failed".into());
        };
        if let Some(mut out) = t.out.take()
            && let Err(e) = out.flush()
        {
            t.error.get_or_insert(e.to_string());
        }
        t.error.clone().map_or(Ok(()), Err)
    }
}

/// Starts the thread that reads `stdout`, writing every byte to `transcript` if given; the
/// lines arrive on the channel, which closes when the engine's output does.
pub fn read_on_thread(
    stdout: impl Read + Send + 'static,
    transcript: Option<Transcript>,
) -> Receiver<Said> {
    // Bounded: an engine that floods its output waits for the reader instead of filling memory.
    let (send, lines) = sync_channel(4096);
    std::thread::spawn(move || {
        let mut out = BufReader::with_capacity(1 << 16, stdout);
        while let Some(said) = read_line(&mut out, transcript.as_ref()) {
            if send.send(said).is_err() {
                break;
            }
        }
    });
    lines
}

/// The next line `r` holds (`None` at its end), its bytes also written to `transcript`. A line
/// longer than [`MAX_LINE`] is read to its end without being kept.
pub fn read_line(r: &mut impl BufRead, transcript: Option<&Transcript>) -> Option<Said> {
    let mut bytes = Vec::new();
    let mut length = 0usize;
    loop {
        let chunk = match r.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if chunk.is_empty() {
            if length == 0 {
                return None;
            }
            break;
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (chunk.len(), false),
        };
        if let Some(t) = transcript {
            t.write(&chunk[..take]);
        }
        length += take;
        if length <= MAX_LINE + 2 {
            bytes.extend_from_slice(&chunk[..take]);
        }
        r.consume(take);
        if done {
            break;
        }
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
    }
    if length > MAX_LINE + 2 || bytes.len() > MAX_LINE {
        return Some(Said::Unreadable(format!(
            "a line of {length} bytes, longer than the {MAX_LINE} a line may be"
        )));
    }
    Some(match String::from_utf8(bytes) {
        Ok(text) => Said::Line(text),
        Err(e) => {
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            Said::Unreadable(format!(
                "a line that is not UTF-8, after \"{}\"",
                killerscope_text::quote(&String::from_utf8_lossy(good))
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<String> {
        let mut r = BufReader::with_capacity(7, input);
        std::iter::from_fn(|| read_line(&mut r, None))
            .map(|s| match s {
                Said::Line(l) => l,
                Said::Unreadable(why) => format!("! {why}"),
            })
            .collect()
    }

    #[test]
    fn bad_lines_are_passed_on_and_the_next_read() {
        let mut long = vec![b'x'; MAX_LINE + 10];
        long.extend_from_slice(b"\ninfo depth 1\r\n\xff\xfe\nlast");
        let lines = all(&long);
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert!(
            lines[0].starts_with("! a line of 1048587 bytes"),
            "{}",
            lines[0]
        );
        assert_eq!(lines[1], "info depth 1");
        assert!(
            lines[2].starts_with("! a line that is not UTF-8"),
            "{}",
            lines[2]
        );
        assert_eq!(lines[3], "last");
    }
}
