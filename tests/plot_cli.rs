//! `killerscope log plot` and `compare --svg` through the real binary, as a teacher would run
//! them: a log recorded with `search --log`, every chart to a file and to stdout, and clean
//! failures (status 2, an `error:` line, no panic) for an unknown chart, an output that cannot
//! be written, a file that is not a log and options that do not fit the chart.

use crate::binary;
use binary::{run, text};

use crate::plot_support;

use std::path::PathBuf;
use std::process::Output;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-plot-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A log of a depth-3 search of the start position, recorded by the binary.
fn recorded(dir: &std::path::Path) -> String {
    let log = dir.join("start.kslog");
    let log = log.to_str().expect("UTF-8 temp path").to_string();
    let out = run(&["search", "--depth", "3", "--log", &log]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    log
}

fn assert_refused(out: &Output, needle: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.starts_with("error:") && err.contains(needle), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn every_chart_goes_to_a_file_or_to_stdout() {
    let dir = scratch("ok");
    let log = recorded(&dir);
    for chart in ["nodes-per-ply", "ranks", "sources", "ebf", "icicle"] {
        let svg = dir.join(format!("{chart}.svg"));
        let svg = svg.to_str().expect("UTF-8 temp path");
        let out = run(&["log", "plot", &log, "--chart", chart, "-o", svg]);
        assert!(out.status.success(), "{chart}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "{chart}: nothing on stdout");
        let written = std::fs::read_to_string(svg).expect("the SVG was written");
        plot_support::parse(&written);
    }
    let args = [
        "log", "plot", &log, "--chart", "icicle", "--colour", "source",
    ];
    let out = run(&[&args[..], &["--node", "1", "-o", "-"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = plot_support::parse(&text(&out.stdout));
    assert!(
        page.strings()[0].contains("(node 1, ply 1)"),
        "{:?}",
        page.strings()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn log_plot_draws_the_title_it_is_given() {
    let dir = scratch("title");
    let log = recorded(&dir);
    let title = "Where the killers cut";
    for chart in ["ranks", "icicle"] {
        let out = run(&[
            "log", "plot", &log, "--chart", chart, "--title", title, "-o", "-",
        ]);
        assert!(out.status.success(), "{chart}: {}", text(&out.stderr));
        let page = plot_support::parse(&text(&out.stdout));
        assert_eq!(page.strings()[0], title, "{chart}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_charts_outputs_logs_and_options_exit_2_with_a_message() {
    let dir = scratch("bad");
    let log = recorded(&dir);
    let out = run(&["log", "plot", &log, "--chart", "pie", "-o", "-"]);
    assert_refused(&out, "nodes-per-ply");
    let missing = dir.join("no-such-dir").join("x.svg");
    let missing = missing.to_str().expect("UTF-8 temp path");
    let out = run(&["log", "plot", &log, "--chart", "ranks", "-o", missing]);
    assert_refused(&out, "cannot write");
    let here = dir.to_str().expect("UTF-8 temp path");
    let out = run(&["log", "plot", &log, "--chart", "ranks", "-o", here]);
    assert_refused(&out, "cannot write");
    let junk = dir.join("junk.kslog");
    std::fs::write(&junk, "not a log at all").expect("write");
    let junk = junk.to_str().expect("UTF-8 temp path");
    let out = run(&["log", "plot", junk, "--chart", "ebf", "-o", "-"]);
    assert_refused(&out, "junk.kslog");
    assert!(out.stdout.is_empty());
    let out = run(&[
        "log", "plot", &log, "--chart", "ranks", "--node", "1", "-o", "-",
    ]);
    assert_refused(&out, "--chart icicle only");
    let out = run(&[
        "log", "plot", &log, "--chart", "icicle", "--node", "99999999", "-o", "-",
    ]);
    assert_refused(&out, "no node 99999999");
    let out = run(&["log", "plot", &log, "--chart", "icicle"]);
    assert_refused(&out, "--output");
    let out = run(&[
        "log", "plot", &log, "--chart", "ranks", "--title", " ", "-o", "-",
    ]);
    assert_refused(&out, "title cannot be empty");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The classroom puzzle (Black to move; Bg2-c6 is the killer).
const PUZZLE: &str = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1";

/// Runs `compare` with `args`, `--json` on stdout and `--svg` into a file; returns both.
fn compare(dir: &std::path::Path, args: &[&str]) -> (serde_json::Value, plot_support::Svg) {
    let svg = dir.join("lab.svg");
    let svg = svg.to_str().expect("UTF-8 temp path");
    let all = [&["compare"], args, &["--json", "--svg", svg]].concat();
    let out = run(&all);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json = serde_json::from_slice(&out.stdout).expect("the JSON report");
    let page = plot_support::parse(&std::fs::read_to_string(svg).expect("the SVG was written"));
    (json, page)
}

#[test]
fn one_position_is_drawn_as_nodes_per_ply_per_configuration() {
    use killerscope_chess::Position;
    use killerscope_engine::{CutoffStats, Limits, SearchConfig, Searcher};
    use killerscope_explorer::charts::data::Counts;
    let dir = scratch("one");
    let configs = [
        ("killers=0,history=off", "no killers, no history"),
        ("with killers:history=off", "with killers"),
    ];
    let (json, page) = compare(
        &dir,
        &[
            "--fen",
            PUZZLE,
            "--depth",
            "3",
            "--config",
            configs[0].0,
            "--config",
            configs[1].0,
        ],
    );
    let results = json["positions"][0]["results"].as_array().expect("results");
    for (k, (config, name)) in configs.iter().enumerate() {
        let nodes = results[k]["nodes"].as_u64().expect("nodes");
        let legend = format!("{name}: {} nodes", plot_support::grouped(nodes));
        assert!(
            page.strings().iter().any(|t| t.starts_with(&legend)),
            "{legend}: {:?}",
            page.strings()
        );
        let switches = config.rsplit(':').next().expect("the switches");
        let mut counts = Counts::default();
        let mut searcher = Searcher::new(SearchConfig {
            ordering: switches.parse().expect("valid config"),
            ..SearchConfig::default()
        });
        let root = Position::from_fen(PUZZLE).expect("valid FEN");
        let stop = std::sync::atomic::AtomicBool::new(false);
        let mut observer = (CutoffStats::new(), &mut counts);
        searcher.search(
            &root,
            &[],
            &Limits::depth(3),
            &stop,
            &mut observer,
            &mut |_| {},
        );
        assert_eq!(counts.nodes(), nodes, "the same search as the lab's");
        let per_ply: Vec<u64> = counts.plies().iter().map(|p| p.total()).collect();
        let bars = page.bars(&[&plot_support::fill(killerscope::plot::palette::series(k))]);
        plot_support::assert_to_scale(&bars, &per_ply);
        for (bar, &n) in bars.iter().zip(&per_ply) {
            let written = killerscope_engine::fmt::count(n);
            assert_eq!(page.label_over(bar.centre(), bar.y), Some(written.as_str()));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_positions_are_drawn_relative_to_the_first_configuration() {
    let dir = scratch("many");
    let epd = dir.join("two.epd");
    let lines = format!("{PUZZLE} id \"puzzle\";\n8/8/8/4k3/8/8/4P3/4K3 w - - id \"pawn\";\n");
    std::fs::write(&epd, lines).expect("write");
    let epd = epd.to_str().expect("UTF-8 temp path");
    let args = [
        "--epd",
        epd,
        "--depth",
        "3",
        "--config",
        "killers=0",
        "--config",
        "",
    ];
    let (json, page) = compare(&dir, &args);
    let positions = json["positions"].as_array().expect("positions");
    let mut expected: Vec<String> = positions
        .iter()
        .map(|p| {
            let nodes = |k: usize| p["results"][k]["nodes"].as_f64().expect("nodes");
            format!("{:.2}", nodes(1) / nodes(0))
        })
        .collect();
    let geomean = json["summary"][1]["geomean_ratio"].as_f64().expect("ratio");
    expected.push(format!("{geomean:.2}"));
    let bars = page.bars(&[&plot_support::fill(killerscope::plot::palette::series(1))]);
    let written: Vec<&str> = bars
        .iter()
        .map(|b| {
            page.label_over(b.centre(), b.y)
                .expect("a figure over every bar")
        })
        .collect();
    assert_eq!(written, expected);
    let strings = page.strings();
    for name in ["puzzle", "pawn", "geometric mean", "killers + history"] {
        assert!(strings.contains(&name), "{name}: {strings:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_slide_carries_the_title_it_was_given_and_a_title_needs_a_picture() {
    let title = "Killers save nodes at every ply";
    let out = run(&[
        "compare", "--fen", PUZZLE, "--depth", "2", "--svg", "-", "--title", title,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = plot_support::parse(&text(&out.stdout));
    assert!(page.strings().contains(&title), "{:?}", page.strings());
    assert!(
        !page
            .strings()
            .iter()
            .any(|s| s.starts_with("Nodes per ply")),
        "the generated title is replaced"
    );
    let out = run(&["compare", "--fen", PUZZLE, "--depth", "2", "--title", title]);
    assert_refused(&out, "--output");
    let out = run(&[
        "compare",
        "--fen",
        PUZZLE,
        "--depth",
        "2",
        "--ladder",
        "--rungs",
        "mvv-lva,killers",
        "--svg",
        "-",
        "--title",
        title,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = plot_support::parse(&text(&out.stdout));
    assert_eq!(page.strings()[0], title, "the ladder's slide too");
}

#[test]
fn compare_svg_to_stdout_replaces_the_tables_and_bad_outputs_fail_first() {
    let out = run(&["compare", "--fen", PUZZLE, "--depth", "2", "--svg", "-"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    plot_support::parse(&text(&out.stdout));
    let out = run(&["compare", "--depth", "2", "--svg", "-", "--json"]);
    assert_refused(&out, "-o -");
    let out = run(&[
        "compare",
        "--library",
        "--depth",
        "9",
        "--svg",
        "/no/such/dir/lab.svg",
    ]);
    assert_refused(&out, "cannot write /no/such/dir/lab.svg");
}

#[test]
fn an_icicle_below_an_illegal_try_writes_its_moves_in_coordinates() {
    // Below e2c3 (which leaves White's king attacked) there is no chess position: e1d1 is not
    // `Kd1`, which is what the root position (or the one before e2c3) would make of it.
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pseudo_legal_stores.jsonl"
    );
    let out = run(&["log", "plot", fixture, "--chart", "icicle", "-o", "-"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = plot_support::parse(&text(&out.stdout));
    let strings = page.strings();
    assert!(strings.contains(&"e1d1"), "{strings:?}");
    assert!(strings.contains(&"Kd2"), "{strings:?}");
    assert!(!strings.iter().any(|s| s.contains("Kd1")), "{strings:?}");
}

/// A position of no library with every FEN field in use (castling, en passant, clocks).
const LONG_FEN: &str = "rnbqkb1r/pp1p1ppp/4pn2/2pP4/2P5/8/PP2PPPP/RNBQKBNR w KQkq c6 0 4";

/// The FEN as slides name a position no library knows: without its clocks.
const LONG_FEN_SHORT: &str = "rnbqkb1r/pp1p1ppp/4pn2/2pP4/2P5/8/PP2PPPP/RNBQKBNR w KQkq c6";

/// The heading's lines: the texts at its left margin above the chart, top to bottom.
fn heading(page: &plot_support::Svg) -> Vec<&plot_support::Label> {
    let mut lines: Vec<_> = page
        .texts
        .iter()
        .filter(|t| t.x == 24.0 && t.anchor == "start" && t.y < 200.0)
        .collect();
    lines.sort_by(|a, b| a.y.total_cmp(&b.y));
    lines
}

/// Checks that every heading line ends inside the page's right margin as DejaVu Sans draws it
/// (read from the font file; skipped where there is none).
fn assert_heading_fits(page: &plot_support::Svg, what: &str) {
    let Some(font) = plot_support::font::Font::open(plot_support::font::DEJAVU_SANS) else {
        eprintln!(
            "{what}: widths not checked, no {}",
            plot_support::font::DEJAVU_SANS
        );
        return;
    };
    for line in heading(page) {
        let right = line.x + font.width(&line.text, line.size);
        assert!(
            right <= page.width - 24.0,
            "{what}: {:?} ends at {right:.0}",
            line.text
        );
    }
}

#[test]
fn headings_fit_the_page_and_name_the_position_rather_than_its_fen() {
    let dir = scratch("heading");
    let log = dir.join("long.kslog");
    let log = log.to_str().expect("UTF-8 temp path");
    let out = run(&[
        "search",
        "--fen",
        LONG_FEN,
        "--depth",
        "3",
        "--log",
        log,
        "--trace-cap",
        "300",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let title = "Why the killers of ply 1 cut off the whole subtree below every reply \
                 Black tries here, and what the history heuristic adds to them";
    for chart in ["nodes-per-ply", "ranks", "sources", "ebf", "icicle"] {
        let out = run(&[
            "log", "plot", log, "--chart", chart, "--title", title, "-o", "-",
        ]);
        assert!(out.status.success(), "{chart}: {}", text(&out.stderr));
        let page = plot_support::parse(&text(&out.stdout));
        assert_heading_fits(&page, chart);
        let lines: Vec<&str> = heading(&page).iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            lines[..2].join(" "),
            title,
            "{chart}: wrapped, not cut: {lines:?}"
        );
        let subtitle = lines[2..].join(" · ");
        for part in [
            LONG_FEN_SHORT,
            "depth 3",
            "killers + history (default)",
            "truncated log",
        ] {
            assert!(subtitle.contains(part), "{chart}: {part:?} in {subtitle:?}");
        }
        assert!(
            !subtitle.contains(LONG_FEN),
            "{chart}: no clocks: {subtitle:?}"
        );
    }
    let puzzle = dir.join("puzzle.kslog");
    let puzzle = puzzle.to_str().expect("UTF-8 temp path");
    let out = run(&[
        "search",
        "--fen",
        PUZZLE,
        "--depth",
        "2",
        "--ordering",
        "history=off",
        "--log",
        puzzle,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = run(&["log", "plot", puzzle, "--chart", "ranks", "-o", "-"]);
    let page = plot_support::parse(&text(&out.stdout));
    let subtitle = heading(&page)[1].text.clone();
    assert!(
        subtitle.starts_with("killer-puzzle · depth 2 · killers only (history=off)"),
        "the library's name, the configuration's: {subtitle:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_slides_name_each_configuration_and_fit_long_names() {
    let long_name = "a name as long as a legend allows, forty";
    let named = format!("{long_name}:killers=0");
    let out = run(&[
        "compare",
        "--fen",
        LONG_FEN,
        "--depth",
        "2",
        "--config",
        &named,
        "--config",
        "history=off",
        "--config",
        "tt=off,mvvlva=off,countermove=on,matekillers=on,killers=3",
        "--svg",
        "-",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = plot_support::parse(&text(&out.stdout));
    assert_heading_fits(&page, "compare");
    let lines: Vec<String> = heading(&page).iter().map(|l| l.text.clone()).collect();
    assert!(lines[0].starts_with("Nodes per ply of ") && lines.concat().contains(LONG_FEN_SHORT));
    let all = lines.join(" · ");
    for part in [
        format!("{long_name} (killers=0)"),
        "killers only (history=off)".into(),
        "killers=3,tt=off,mvvlva=off,matekillers=on,countermove=on".into(),
    ] {
        assert!(all.contains(&part), "{part:?} in {lines:?}");
    }
    let strings = page.strings();
    for legend in [long_name, "killers only", "killers=3,tt=off"] {
        assert!(
            strings
                .iter()
                .any(|s| s.starts_with(legend) && s.contains(" nodes")),
            "a legend entry for {legend:?}: {strings:?}"
        );
    }
}
