//! The small pieces of state beside the views: the replay clock and the status line.

/// Replay speeds in events per second, slowest first.
pub const SPEEDS: [u32; 8] = [2, 10, 50, 200, 1_000, 5_000, 25_000, 100_000];

/// The replay clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playback {
    /// Whether the timeline advances on its own.
    pub playing: bool,
    /// Index into `SPEEDS`.
    pub speed: usize,
    /// Fraction of an event carried between ticks, in millionths.
    pub carry: u64,
}

impl Default for Playback {
    fn default() -> Playback {
        Playback {
            playing: false,
            speed: 2,
            carry: 0,
        }
    }
}

/// A one-line message in the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The text.
    pub text: String,
    /// Shown in the error style.
    pub error: bool,
    /// The node the message speaks of: it goes once another node is selected or an overlay
    /// or view opens, so a verdict on one node is never read beside another.
    pub about: Option<crate::session::NodeId>,
}

impl Message {
    /// An informational message.
    pub fn info(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            error: false,
            about: None,
        }
    }

    /// An error message.
    pub fn error(text: impl Into<String>) -> Message {
        Message {
            text: text.into(),
            error: true,
            about: None,
        }
    }

    /// An informational message about `node` (see `about`).
    pub fn about(node: crate::session::NodeId, text: impl Into<String>) -> Message {
        Message {
            about: Some(node),
            ..Message::info(text)
        }
    }
}

/// The status line's message and whether the user asked to leave.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Status {
    /// The message shown.
    pub message: Option<Message>,
    /// Set by `q`: the runtime leaves after this frame.
    pub quit: bool,
    /// Why the explorer leaves, when it leaves on an error.
    pub exit_error: Option<String>,
}

impl Status {
    /// Drops a message about a node once `selected` is another node, or the normal view has
    /// given way to an overlay or another view (`normal` false).
    pub fn forget_stale(&mut self, selected: Option<crate::session::NodeId>, normal: bool) {
        let stale = self
            .message
            .as_ref()
            .and_then(|m| m.about)
            .is_some_and(|node| !normal || selected != Some(node));
        if stale {
            self.message = None;
        }
    }
}

/// How long the UI waits for input before it drains the workers and redraws while anything
/// moves: 30 frames a second. A followed trace is batched at most a frame apart.
pub const FRAME: std::time::Duration = std::time::Duration::from_millis(33);
