//! Slides for a lecture hall (issue 36): on every picture the binary draws — the log's charts,
//! `compare --svg` of one position and of several, the ordering ladder — no text is smaller
//! than 18 pixels on the 1280×720 page; the ladder gives its two extremes, the worst order and
//! the oracle, colours of their own and names b^d beside Knuth–Moore, so "worst" is not read as
//! the full minimax tree; and compare pictures name their columns by the short config names.

use crate::binary;

use binary::{run, text};

/// The `font-size` of every `<text>` of `svg`, with the text.
fn font_sizes(svg: &str) -> Vec<(f64, String)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| {
            let size = n
                .attribute("font-size")
                .and_then(|s| s.parse().ok())
                .expect("a font size");
            (size, n.text().unwrap_or_default().trim().to_string())
        })
        .collect()
}

/// Checks that no text of `svg` (what `what` drew) is under 18 pixels.
fn readable_from_the_back(svg: &str, what: &str) {
    let sizes = font_sizes(svg);
    assert!(!sizes.is_empty(), "{what}: no text");
    for (size, text) in sizes {
        assert!(size >= 18.0, "{what}: \"{text}\" is {size:.1} px");
    }
}

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ks-hall-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn every_slide_writes_its_text_at_18_pixels_or_more() {
    let dir = temp("charts");
    let log = dir.join("search.kslog");
    let log = log.to_str().expect("utf-8");
    let out = run(&["search", "--depth", "3", "--log", log]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    for chart in ["nodes-per-ply", "ranks", "sources", "ebf", "icicle"] {
        let out = run(&["log", "plot", log, "--chart", chart, "-o", "-"]);
        assert!(out.status.success(), "{chart}: {}", text(&out.stderr));
        readable_from_the_back(&text(&out.stdout), chart);
    }
    let one = run(&[
        "compare",
        "--depth",
        "3",
        "--config",
        "killers=0,history=off",
        "--config",
        "history=off",
        "--svg",
        "-",
    ]);
    assert!(one.status.success(), "{}", text(&one.stderr));
    let one = text(&one.stdout);
    readable_from_the_back(&one, "compare, one position");
    let names: Vec<String> = font_sizes(&one).into_iter().map(|(_, t)| t).collect();
    assert!(
        names
            .iter()
            .any(|t| t.starts_with("no killers, no history"))
            && names.iter().any(|t| t.starts_with("killers only")),
        "the legend names the columns by their short names: {names:?}"
    );
    let many = run(&["compare", "--library", "--depth", "2", "--svg", "-"]);
    assert!(many.status.success(), "{}", text(&many.stderr));
    readable_from_the_back(&text(&many.stdout), "compare, the library");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_ladder_colours_its_extremes_apart_and_draws_b_to_the_d_beside_knuth_moore() {
    let out = run(&["compare", "--ladder", "--depth", "3", "--svg", "-"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let svg = text(&out.stdout);
    readable_from_the_back(&svg, "the ladder");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    // The bars: the filled rectangles below the legend's swatches, worst first.
    let fills: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("rect"))
        .filter(|n| n.attribute("height").and_then(|h| h.parse::<f64>().ok()) > Some(20.0))
        .filter_map(|n| n.attribute("fill"))
        .filter(|f| !f.eq_ignore_ascii_case("#FFFFFF"))
        .collect();
    let (worst, oracle) = (fills.first().expect("bars"), fills.last().expect("bars"));
    assert_ne!(
        worst, oracle,
        "the worst order and the oracle share {worst}: {fills:?}"
    );
    assert!(
        fills[1..].iter().all(|f| f != worst),
        "no other rung shares the worst order's colour: {fills:?}"
    );
    let between = fills.iter().filter(|f| *f != worst && *f != oracle).count();
    assert!(
        between >= 5,
        "the heuristics' rungs have a colour of their own: {fills:?}"
    );
    let words: Vec<String> = font_sizes(&svg).into_iter().map(|(_, t)| t).collect();
    assert!(
        words
            .iter()
            .any(|t| t.contains("b^3 = ") && t.contains("every line, no cutoff")),
        "{words:?}"
    );
    assert!(
        words
            .iter()
            .any(|t| t.contains("Knuth–Moore") && t.contains("minimal tree")),
        "{words:?}"
    );
}
