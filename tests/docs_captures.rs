//! Every screen capture in README.md and docs/*.md is what the explorer draws today, and so is
//! the README's picture.
//!
//! A capture is a fenced block right after a marker comment that says how to draw it:
//!
//! ```text
//! <!-- capture: size=160x48 depth=6 keys="G l j j" rows=0..12 cols=44..108 -->
//! <!-- capture: snapshot=suite__tui_lesson_screens__lesson_missed_once_80x24 -->
//! ```
//!
//! The first kind records a search of the position (`fen="…"`, default the classroom puzzle) to
//! `depth` with `killers` slots (default 2), opens a monochrome explorer over it on a
//! `size` test terminal, presses `keys` (characters, or `Up` `Down` `Left` `Right` `Enter`
//! `Esc` `Tab`; a background job a key asks for is worked out at once) and takes `rows` and
//! `cols` of the screen (half-open, from 0; default all). The second kind is the body of an
//! insta snapshot, which its own test checks against the program. The README's picture,
//! `docs/img/explorer.svg`, is drawn from the same buffer by `docs_support::svg`.
//!
//! A capture that differs fails the test; `KS_UPDATE_DOCS=1 cargo test --test suite docs_captures`
//! writes the program's screens into the docs instead.

use crate::docs_support;
use crate::tui_support;

use std::collections::HashMap;
use std::fs;

use crossterm::event::KeyCode;
use killerscope_chess::Position;
use killerscope_explorer::Effect;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use tui_support::{App, PUZZLE, app_over, draw, press, record, run_job};

/// Whether to write the program's screens into the docs rather than compare.
fn updating() -> bool {
    std::env::var("KS_UPDATE_DOCS").is_ok_and(|v| v == "1")
}

/// How to draw one capture, read from its marker.
#[derive(Debug, Clone, Default)]
struct Spec {
    snapshot: Option<String>,
    fen: String,
    depth: u8,
    killers: u8,
    width: u16,
    height: u16,
    keys: Vec<String>,
    rows: Option<(usize, usize)>,
    cols: Option<(usize, usize)>,
}

/// `key=value` and `key="value with spaces"` pairs.
fn pairs(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        let (key, after) = rest
            .split_once('=')
            .ok_or_else(|| format!("expected key=value at {rest:?}"))?;
        let (value, next) = if let Some(quoted) = after.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or_else(|| format!("unclosed quote in {after:?}"))?;
            (&quoted[..end], &quoted[end + 1..])
        } else {
            after.split_at(after.find(' ').unwrap_or(after.len()))
        };
        out.push((key.trim().to_string(), value.to_string()));
        rest = next.trim_start();
    }
    Ok(out)
}

fn range(value: &str) -> Result<(usize, usize), String> {
    let (a, b) = value
        .split_once("..")
        .ok_or_else(|| format!("range {value:?} is not A..B"))?;
    let a = a.parse().map_err(|_| format!("bad range start {a:?}"))?;
    let b = b.parse().map_err(|_| format!("bad range end {b:?}"))?;
    Ok((a, b))
}

fn spec(marker: &str) -> Result<Spec, String> {
    let mut spec = Spec {
        fen: PUZZLE.to_string(),
        depth: 6,
        killers: 2,
        width: 160,
        height: 48,
        ..Spec::default()
    };
    for (key, value) in pairs(marker)? {
        match key.as_str() {
            "snapshot" => spec.snapshot = Some(value),
            "fen" => spec.fen = value,
            "depth" => spec.depth = value.parse().map_err(|_| format!("depth {value:?}"))?,
            "killers" => spec.killers = value.parse().map_err(|_| format!("killers {value:?}"))?,
            "size" => {
                let (w, h) = value
                    .split_once('x')
                    .ok_or_else(|| format!("size {value:?} is not WxH"))?;
                spec.width = w.parse().map_err(|_| format!("width {w:?}"))?;
                spec.height = h.parse().map_err(|_| format!("height {h:?}"))?;
            }
            "keys" => spec.keys = value.split_whitespace().map(String::from).collect(),
            "rows" => spec.rows = Some(range(&value)?),
            "cols" => spec.cols = Some(range(&value)?),
            other => return Err(format!("unknown capture setting {other:?}")),
        }
    }
    Ok(spec)
}

fn key_code(key: &str) -> Result<KeyCode, String> {
    Ok(match key {
        "Up" => KeyCode::Up,
        "Down" => KeyCode::Down,
        "Left" => KeyCode::Left,
        "Right" => KeyCode::Right,
        "Enter" => KeyCode::Enter,
        "Esc" => KeyCode::Esc,
        "Tab" => KeyCode::Tab,
        "Space" => KeyCode::Char(' '),
        one if one.chars().count() == 1 => KeyCode::Char(one.chars().next().unwrap_or(' ')),
        other => return Err(format!("unknown key {other:?}")),
    })
}

/// Presses `key` and works out at once every background job it (and what the job's report
/// asks for in turn) starts, as the runtime would on its threads.
fn press_and_work(app: &mut App, key: KeyCode) {
    let mut effects = press(app, key);
    while let Some(Effect::Job(_)) = effects.first() {
        let Some(Effect::Job(job)) = effects.drain(..1).next() else {
            break;
        };
        effects = run_job(app, job);
    }
}

/// Recorded searches by (fen, depth, killers), so captures of one search record it once.
type Logs = HashMap<(String, u8, u8), killerscope_log::EventLog>;

/// The explorer's screen for `spec`, on its test terminal.
fn screen_of(
    spec: &Spec,
    logs: &mut Logs,
    coloured: bool,
) -> Result<Terminal<TestBackend>, String> {
    Position::from_fen(&spec.fen).map_err(|e| format!("fen: {e}"))?;
    let log = logs
        .entry((spec.fen.clone(), spec.depth, spec.killers))
        .or_insert_with(|| record(&spec.fen, spec.depth, spec.killers))
        .clone();
    let mut app = app_over(&spec.fen, log);
    if coloured {
        app = app.coloured();
    }
    draw(&mut app, spec.width, spec.height);
    for key in &spec.keys {
        press_and_work(&mut app, key_code(key)?);
        draw(&mut app, spec.width, spec.height);
    }
    Ok(draw(&mut app, spec.width, spec.height))
}

/// The text of the capture `spec` describes, one string per line, trailing spaces trimmed.
fn capture(spec: &Spec, logs: &mut Logs) -> Result<Vec<String>, String> {
    if let Some(name) = &spec.snapshot {
        let path = docs_support::root().join(format!("tests/snapshots/{name}.snap"));
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let body = text
            .splitn(3, "---\n")
            .nth(2)
            .ok_or_else(|| format!("{}: no snapshot body", path.display()))?;
        return Ok(body.lines().map(|l| l.trim_end().to_string()).collect());
    }
    let terminal = screen_of(spec, logs, false)?;
    let buffer = terminal.backend().buffer();
    let (r0, r1) = spec.rows.unwrap_or((0, usize::from(buffer.area.height)));
    let (c0, c1) = spec.cols.unwrap_or((0, usize::from(buffer.area.width)));
    let mut lines = Vec::new();
    for y in r0..r1.min(usize::from(buffer.area.height)) {
        let line: String = (c0..c1.min(usize::from(buffer.area.width)))
            .map(|x| buffer[(x as u16, y as u16)].symbol().to_string())
            .collect();
        lines.push(line.trim_end().to_string());
    }
    Ok(lines)
}

/// One marked capture: the marker's line (1-based), its spec and its block's line range in
/// the file's lines (the lines between the fences).
struct Marked {
    line: usize,
    marker: String,
    body: std::ops::Range<usize>,
    /// The fence's indentation (a block inside a list item), which every line of it carries.
    indent: usize,
}

fn marked(lines: &[&str]) -> Vec<Marked> {
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.trim().strip_prefix("<!-- capture:") else {
            continue;
        };
        let marker = rest.trim_end_matches("-->").trim().to_string();
        let open = i + 1;
        if !lines
            .get(open)
            .is_some_and(|l| l.trim_start().starts_with("```"))
        {
            out.push(Marked {
                line: i + 1,
                marker,
                body: 0..0,
                indent: 0,
            });
            continue;
        }
        let indent = lines[open].len() - lines[open].trim_start().len();
        let close = (open + 1..lines.len())
            .find(|&k| lines[k].trim_start().starts_with("```"))
            .unwrap_or(lines.len());
        out.push(Marked {
            line: i + 1,
            marker,
            body: open + 1..close,
            indent,
        });
    }
    out
}

#[test]
fn every_capture_in_the_docs_is_what_the_program_draws() {
    let mut logs = Logs::new();
    let mut failures = Vec::new();
    let mut count = 0;
    for file in docs_support::markdown_files() {
        let text = fs::read_to_string(&file).expect("read a markdown file");
        let lines: Vec<&str> = text.lines().collect();
        let mut rewritten: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        let mut changed = false;
        // From the end, so rewriting a block leaves the earlier ranges where they are.
        for m in marked(&lines).into_iter().rev() {
            count += 1;
            let at = format!("{}:{}", docs_support::shown(&file), m.line);
            if m.body.is_empty() && m.body.start == 0 {
                failures.push(format!(
                    "{at}: a capture marker must be followed by a fenced block"
                ));
                continue;
            }
            let want = match spec(&m.marker).and_then(|s| capture(&s, &mut logs)) {
                Ok(want) => want,
                Err(why) => {
                    failures.push(format!("{at}: {why}"));
                    continue;
                }
            };
            let have: Vec<String> = lines[m.body.clone()]
                .iter()
                .map(|l| l.get(m.indent..).unwrap_or("").trim_end().to_string())
                .collect();
            if have != want {
                if updating() {
                    let pad = " ".repeat(m.indent);
                    let indented = want.iter().map(|l| {
                        if l.is_empty() {
                            String::new()
                        } else {
                            format!("{pad}{l}")
                        }
                    });
                    rewritten.splice(m.body.clone(), indented);
                    changed = true;
                } else {
                    let first = have
                        .iter()
                        .zip(&want)
                        .position(|(a, b)| a != b)
                        .unwrap_or(have.len().min(want.len()));
                    failures.push(format!(
                        "{at}: the capture differs from the program's screen from its line {}:\n  docs:    {:?}\n  program: {:?}",
                        first + 1,
                        have.get(first),
                        want.get(first)
                    ));
                }
            }
        }
        if changed {
            let mut out = rewritten.join("\n");
            out.push('\n');
            fs::write(&file, out).expect("rewrite a markdown file");
        }
    }
    assert!(count > 0, "no capture markers found");
    assert!(
        failures.is_empty(),
        "{} capture(s) differ (KS_UPDATE_DOCS=1 rewrites them):\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The README's picture: the classroom puzzle searched to depth 5 at 160×48, the last
/// iteration open, …Ra5 selected and the timeline at the end of its node, in colour.
const PICTURE: &str = r#"size=160x48 depth=5 keys="G l j j j j j j j j t""#;

#[test]
fn the_readme_picture_is_what_the_program_draws() {
    let spec = spec(PICTURE).expect("the picture's spec reads");
    let mut logs = Logs::new();
    let terminal = screen_of(&spec, &mut logs, true).expect("the picture draws");
    let text = tui_support::screen(&terminal);
    assert!(
        text.contains("▸  ▶ …Ra5") && text.contains("Bc6★"),
        "the picture shows …Ra5 selected and Bc6 stored as killer 1:\n{text}"
    );
    let svg = docs_support::svg::render(
        terminal.backend().buffer(),
        "killerscope's explorer on the classroom puzzle",
    );
    roxmltree::Document::parse(&svg).expect("the picture is well-formed XML");
    let path = docs_support::root().join("docs/img/explorer.svg");
    if updating() {
        fs::create_dir_all(path.parent().expect("docs/img")).expect("create docs/img");
        fs::write(&path, &svg).expect("write the picture");
        return;
    }
    let committed = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == svg,
        "docs/img/explorer.svg is not what the program draws (KS_UPDATE_DOCS=1 rewrites it)"
    );
}
