//! No bookmark is ever lost: a sidecar corrupted in a dozen ways — a byte that is not UTF-8, a
//! byte-order mark, UTF-16 with or without its mark, ids that are not numbers, NUL bytes,
//! carriage returns, a line of junk without an end, repeated lines, another tree's lines — keeps
//! every good line through a load and a save, and every line it could not use is written back
//! byte for byte. A sidecar that is not a regular file (a FIFO, a link to `/dev/zero`) or is too
//! big is refused at once, never written over. (One bad byte used to lose every bookmark, and
//! the next `b` rewrote the file with only the new one; a FIFO hung the explorer.)

use crate::tui_support;

use crossterm::event::KeyCode;
use killerscope_explorer::{Action, Effect, Mode};
use killerscope_trace::NodeId;
use killerscope_trace::{bookmarks, bookmarks::MAX_SIDECAR_BYTES, bookmarks::sidecar_path};
use std::time::{Duration, Instant};
use tui_support::{App, press, puzzle_app, type_text};

/// The good lines: a few nodes of the puzzle's tree with notes, as `node\tline\tnote`.
fn good_lines(app: &App) -> Vec<(NodeId, String)> {
    let tree = app.session().tree();
    let notes = [
        "first good",
        "second, with é ♔",
        "third\u{00a0}one",
        "fourth",
        "fifth",
    ];
    let step = tree.len() as NodeId / 7;
    notes
        .iter()
        .enumerate()
        .map(|(k, note)| {
            let id = step * (k as NodeId + 1);
            let path = bookmarks::path_text(tree, id).expect("a node");
            (id, format!("{id}\t{path}\t{note}"))
        })
        .collect()
}

/// A node that none of the good lines names, to bookmark as the change that saves.
fn fresh_node(good: &[(NodeId, String)]) -> NodeId {
    (1..)
        .find(|n| good.iter().all(|g| g.0 != *n))
        .expect("a node")
}

fn utf16le(text: &[u8], mark: bool) -> Vec<u8> {
    let text = String::from_utf8_lossy(text);
    let mark = if mark { "\u{feff}" } else { "" };
    format!("{mark}{text}")
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect()
}

fn utf16be(text: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(text)
        .encode_utf16()
        .flat_map(u16::to_be_bytes)
        .collect()
}

/// A corruption: its name, the sidecar's bytes, and the bad lines a save must write back (as
/// the save writes them: UTF-16 comes back as UTF-8).
type Corrupt = (&'static str, Vec<u8>, Vec<Vec<u8>>);

fn corruptions(good: &[(NodeId, String)], first: NodeId) -> Vec<Corrupt> {
    let text = |lines: &[&[u8]]| {
        let mut out = Vec::new();
        for line in lines {
            out.extend_from_slice(line);
            out.push(b'\n');
        }
        out
    };
    let g: Vec<&[u8]> = good.iter().map(|(_, l)| l.as_bytes()).collect();
    let with = |bad: &[u8]| {
        let mut lines = g.clone();
        lines.insert(2, bad);
        text(&lines)
    };
    let junk = vec![b'z'; 100_000];
    let stale = format!("{first}\te2e4 e7e5\tanother tree's line");
    let plain = text(&g);
    let mut crlf = Vec::new();
    for line in &g {
        crlf.extend_from_slice(line);
        crlf.extend_from_slice(b"\r\n");
    }
    let mut repeated = Vec::new();
    for _ in 0..1000 {
        repeated.extend_from_slice(&plain);
    }
    let mut endless = plain.clone();
    endless.extend_from_slice(&junk);
    let mut bommed = b"\xef\xbb\xbf".to_vec();
    bommed.extend_from_slice(&plain);
    let mid_bom = {
        let mut lines = g.clone();
        let marked = [b"\xef\xbb\xbf", g[3]].concat();
        lines[3] = &marked;
        text(&lines)
    };
    vec![
        (
            "a byte that is not UTF-8",
            with(b"12\t-\tbad \xff byte"),
            vec![b"12\t-\tbad \xff byte".to_vec()],
        ),
        ("a byte-order mark", bommed, vec![]),
        ("a byte-order mark mid-file", mid_bom, vec![]),
        (
            "UTF-16 with its mark",
            utf16le(&with(b"x1\t-\tin UTF-16"), true),
            vec![b"x1\t-\tin UTF-16".to_vec()],
        ),
        ("UTF-16 big-endian, no mark", utf16be(&plain), vec![]),
        (
            "an id that is not a number",
            with(b"12x\t-\tnote"),
            vec![b"12x\t-\tnote".to_vec()],
        ),
        (
            "an id too big",
            with(b"99999999999999999999\t-\tx"),
            vec![b"99999999999999999999\t-\tx".to_vec()],
        ),
        ("NUL bytes", with(b"\0\0\t\0"), vec![b"\0\0\t\0".to_vec()]),
        (
            "a field missing",
            with(b"only one field"),
            vec![b"only one field".to_vec()],
        ),
        ("carriage returns", crlf, vec![]),
        ("a line of junk with no end", endless, vec![junk.clone()]),
        ("every line a thousand times", repeated, vec![]),
        (
            "another tree's line",
            with(stale.as_bytes()),
            vec![stale.into_bytes()],
        ),
        (
            "a lone carriage return",
            with(b"1\r2\t-\tx"),
            vec![b"1\r2\t-\tx".to_vec()],
        ),
    ]
}

/// Bookmarks `node` through the keys; the bytes the save writes.
fn save_one(app: &mut App, node: NodeId, note: &str) -> Vec<u8> {
    app.update(Action::SelectNode(node));
    press(app, KeyCode::Char('b'));
    type_text(app, note);
    let effects = press(app, KeyCode::Enter);
    match effects.as_slice() {
        [Effect::Write(write)] => write.bytes.clone(),
        other => panic!("no save: {other:?}"),
    }
}

fn notes(app: &App) -> Vec<(NodeId, String)> {
    app.views()
        .bookmarks
        .marks()
        .iter()
        .map(|m| (m.node, m.note.clone()))
        .collect()
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    needle.is_empty() || hay.windows(needle.len()).any(|w| w == needle)
}

#[test]
fn a_sidecar_corrupted_in_a_dozen_ways_keeps_every_good_line_through_a_load_and_a_save() {
    let base = puzzle_app();
    let good = good_lines(&base);
    let wanted: Vec<(NodeId, String)> = good
        .iter()
        .map(|(id, line)| (*id, line.rsplit('\t').next().expect("note").to_string()))
        .collect();
    let fresh = fresh_node(&good);
    let cases = corruptions(&good, fresh);
    assert!(cases.len() >= 10);
    let mut all_at_once = Vec::new();
    for (name, bytes, bad) in &cases {
        let started = Instant::now();
        let mut app = puzzle_app();
        app.open_bookmarks("puzzle.kslog.marks".into(), Ok(Some(bytes.clone())));
        assert_eq!(notes(&app), wanted, "{name}: loaded");
        let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
        if !bad.is_empty() {
            assert!(
                said.contains("left out (kept in the file), line "),
                "{name}: {said}"
            );
        }
        assert!(
            said.len() < 400,
            "{name}: the status line is bounded: {said}"
        );
        let saved = save_one(&mut app, fresh, "after the damage");
        for line in bad {
            assert!(
                contains(&saved, line),
                "{name}: a line it could not use was dropped"
            );
        }
        let mut again = puzzle_app();
        again.open_bookmarks("puzzle.kslog.marks".into(), Ok(Some(saved.clone())));
        let mut expected = wanted.clone();
        expected.push((fresh, "after the damage".into()));
        expected.sort();
        assert_eq!(notes(&again), expected, "{name}: after a save and a load");
        // A second save (the same note, Enter at once) writes the same file: nothing
        // accumulates.
        let resaved = save_one(&mut again, fresh, "");
        assert_eq!(resaved, saved, "{name}: a save of what was read is stable");
        assert!(started.elapsed() < Duration::from_secs(5), "{name}");
        if !name.contains("UTF-16") && !name.contains("mark") {
            all_at_once.extend_from_slice(bytes);
            all_at_once.push(b'\n');
        }
    }
    // Every damage in one file.
    let mut app = puzzle_app();
    app.open_bookmarks("puzzle.kslog.marks".into(), Ok(Some(all_at_once)));
    assert_eq!(notes(&app), wanted, "all at once");
}

#[test]
fn a_sidecar_that_is_not_a_regular_file_or_too_big_is_refused_at_once_and_never_written_over() {
    let dir = std::env::temp_dir().join(format!("ks-marks-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let big = dir.join("big.marks");
    std::fs::write(&big, vec![b'#'; MAX_SIDECAR_BYTES as usize + 1]).expect("write");
    let mut hostile = vec![(big.clone(), "more than 4 MiB")];
    #[cfg(unix)]
    {
        let zero = dir.join("zero.marks");
        let _ = std::fs::remove_file(&zero);
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
        hostile.push((zero, "a character device"));
        let fifo = dir.join("fifo.marks");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if made.is_ok_and(|s| s.success()) {
            hostile.push((fifo, "a FIFO"));
        }
    }
    for (path, what) in hostile {
        let started = Instant::now();
        let loaded = bookmarks::load(&path);
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{what}: it waited"
        );
        let why = loaded.expect_err(what);
        assert!(why.contains(what), "{what}: {why}");
        let mut app = puzzle_app();
        app.open_bookmarks(path.clone(), Err(why));
        let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
        assert!(said.contains("left as it is"), "{said}");
        app.update(Action::SelectNode(3));
        press(&mut app, KeyCode::Char('b'));
        type_text(&mut app, "in memory");
        let effects = press(&mut app, KeyCode::Enter);
        assert!(effects.is_empty(), "{what}: written over: {effects:?}");
        assert_eq!(*app.mode(), Mode::Normal);
        assert_eq!(app.views().bookmarks.marks().len(), 1, "kept in memory");
    }
    // A missing sidecar is none yet; the log's own is found beside it.
    assert_eq!(bookmarks::load(&dir.join("none.marks")), Ok(None));
    assert!(sidecar_path(&dir.join("a.kslog")).ends_with("a.kslog.marks"));
    std::fs::remove_dir_all(&dir).ok();
}
