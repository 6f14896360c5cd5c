//! A search as a flame graph: speedscope's JSON file format (the "evented" profile of
//! `https://www.speedscope.app/file-format-schema.json`), so a huge tree opens in the viewer
//! profilers use. Each node is one open/close pair of a frame named by the move that reached it
//! (`root` for a top-level node, `null` for a null move); the clock is the count of nodes
//! entered, so a node's width is its subtree size and the left-heavy view sums the subtrees of
//! every node reached by the same move.
//!
//! Written as the events come, a chunk at a time: what is held is one frame index per open node
//! and one per distinct move name (a few thousand at most), so a log of any size is exported in
//! constant memory. The frames are written after the events (JSON objects are unordered).

use killerscope_chess::Move;
use killerscope_log::Event;
use std::collections::HashMap;
use std::io::{self, Write};

/// A speedscope file being written.
pub struct SpeedscopeWriter<W: Write> {
    w: W,
    /// Frame index of each move name (by the move's 16 bits; the null move names a root or a
    /// pass by ply).
    frames: HashMap<(u16, bool), usize>,
    names: Vec<String>,
    /// Frames of the open nodes, innermost last.
    open: Vec<usize>,
    /// Nodes entered so far: the clock.
    clock: u64,
    first: bool,
}

impl<W: Write> SpeedscopeWriter<W> {
    /// Starts the file for a search called `name` (the profile's name).
    pub fn new(mut w: W, name: &str) -> io::Result<Self> {
        let name = serde_json::to_string(name)?;
        write!(
            w,
            "{{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\
             \"exporter\":\"killerscope {}\",\"name\":{name},\"activeProfileIndex\":0,\
             \"profiles\":[{{\"type\":\"evented\",\"name\":{name},\"unit\":\"none\",\
             \"startValue\":0,\"events\":[",
            env!("CARGO_PKG_VERSION")
        )?;
        Ok(SpeedscopeWriter {
            w,
            frames: HashMap::new(),
            names: Vec::new(),
            open: Vec::new(),
            clock: 0,
            first: true,
        })
    }

    fn frame(&mut self, mv: Move, top: bool) -> usize {
        let key = (mv.raw(), top);
        if let Some(&k) = self.frames.get(&key) {
            return k;
        }
        let name = match (mv.is_null(), top) {
            (true, true) => "root".to_string(),
            (true, false) => "null".to_string(),
            _ => mv.to_string(),
        };
        self.names.push(name);
        self.frames.insert(key, self.names.len() - 1);
        self.names.len() - 1
    }

    fn event(&mut self, kind: char, frame: usize) -> io::Result<()> {
        let comma = if std::mem::take(&mut self.first) {
            ""
        } else {
            ","
        };
        write!(
            self.w,
            "{comma}{{\"type\":\"{kind}\",\"frame\":{frame},\"at\":{}}}",
            self.clock
        )
    }

    /// Writes the next events of the log.
    pub fn events(&mut self, chunk: &[Event]) -> io::Result<()> {
        for event in chunk {
            match *event {
                Event::NodeEnter { mv, .. } => {
                    let frame = self.frame(mv, self.open.is_empty());
                    self.event('O', frame)?;
                    self.open.push(frame);
                    self.clock += 1;
                }
                Event::NodeExit { .. } => {
                    if let Some(frame) = self.open.pop() {
                        self.event('C', frame)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Closes the nodes still open (a truncated log), writes the frames and ends the file.
    pub fn finish(mut self) -> io::Result<W> {
        while let Some(frame) = self.open.pop() {
            self.event('C', frame)?;
        }
        write!(
            self.w,
            "],\"endValue\":{}}}],\"shared\":{{\"frames\":[",
            self.clock
        )?;
        for (k, name) in self.names.iter().enumerate() {
            let comma = if k == 0 { "" } else { "," };
            write!(
                self.w,
                "{comma}{{\"name\":{}}}",
                serde_json::to_string(name)?
            )?;
        }
        self.w.write_all(b"]}}\n")?;
        self.w.flush()?;
        Ok(self.w)
    }
}
