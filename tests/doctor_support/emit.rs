//! The seeded engine's trace lines (docs/trace-schema.md), one `format!` each, the way an
//! engine author would print them: nothing here comes from killerscope's own exporter.

use killerscope_chess::Move;
use std::fmt::Write;

/// The trace being written.
#[derive(Default)]
pub struct Trace {
    pub text: String,
}

impl Trace {
    fn line(&mut self, args: std::fmt::Arguments<'_>) {
        self.text
            .write_fmt(args)
            .expect("writing to a String cannot fail");
        self.text.push('\n');
    }

    /// The header: the engine's name, position, sources and settings.
    pub fn header(&mut self, engine: &str, fen: &str, depth: u8) {
        self.line(format_args!(
            "{{\"type\":\"header\",\"schema\":1,\"engine\":\"{engine}\",\"fen\":\"{fen}\",\
             \"ordering\":{{\"killers\":\"2\"}},\"limits\":{{\"depth\":\"{depth}\"}},\
             \"sources\":[{{\"label\":\"tt\",\"role\":\"tt\"}},\
             {{\"label\":\"capture\",\"role\":\"capture\"}},\
             {{\"label\":\"K1\",\"killer_slot\":0}},{{\"label\":\"K2\",\"killer_slot\":1}},\
             {{\"label\":\"K3\",\"killer_slot\":2}},{{\"label\":\"quiet\",\"role\":\"quiet\"}}]}}"
        ));
    }

    pub fn enter(&mut self, depth: i32, window: (i32, i32), led_by: Option<Move>, quiet: bool) {
        let kind = if quiet { "quiescence" } else { "main" };
        let mv = led_by.map_or(String::new(), |m| format!(",\"move\":\"{m}\""));
        self.line(format_args!(
            "{{\"type\":\"node_enter\",\"depth\":{depth},\"alpha\":{},\"beta\":{},\"kind\":\"{kind}\"{mv}}}",
            window.0, window.1
        ));
    }

    pub fn exit(&mut self, score: i32) {
        self.line(format_args!("{{\"type\":\"node_exit\",\"score\":{score}}}"));
    }

    pub fn tried(&mut self, mv: Move, source: &str, illegal: bool) {
        let flag = if illegal { ",\"illegal\":true" } else { "" };
        self.line(format_args!(
            "{{\"type\":\"move_tried\",\"move\":\"{mv}\",\"source\":\"{source}\"{flag}}}"
        ));
    }

    pub fn cutoff(&mut self, mv: Move, score: i32, beta: i32) {
        self.line(format_args!(
            "{{\"type\":\"cutoff\",\"move\":\"{mv}\",\"score\":{score},\"beta\":{beta}}}"
        ));
    }

    pub fn killer_store(&mut self, row: usize, mv: Move, slots: &[Move; 2]) {
        let slot = |m: Move| {
            if m.is_null() {
                "null".to_string()
            } else {
                format!("\"{m}\"")
            }
        };
        self.line(format_args!(
            "{{\"type\":\"killer_store\",\"move\":\"{mv}\",\"ply\":{row},\"slots\":[{},{}]}}",
            slot(slots[0]),
            slot(slots[1])
        ));
    }

    pub fn tt_hit(&mut self, mv: Move, depth: i32, score: i32, bound: &str, cutoff: bool) {
        let mv = if mv.is_null() {
            "null".to_string()
        } else {
            format!("\"{mv}\"")
        };
        self.line(format_args!(
            "{{\"type\":\"tt_hit\",\"move\":{mv},\"depth\":{depth},\"score\":{score},\
             \"bound\":\"{bound}\",\"cutoff\":{cutoff}}}"
        ));
    }

    pub fn settled(&mut self, kind: &str, score: i32) {
        self.line(format_args!(
            "{{\"type\":\"static_score\",\"kind\":\"{kind}\",\"score\":{score}}}"
        ));
    }

    pub fn iteration(&mut self, depth: u8, score: i32) {
        self.line(format_args!(
            "{{\"type\":\"iteration\",\"depth\":{depth},\"score\":{score}}}"
        ));
    }
}
