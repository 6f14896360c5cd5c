//! `log plot`'s pictures of a recorded search of the classroom puzzle, read back as XML: every
//! chart is a well-formed SVG page, and its bars stand to scale with the log's own numbers
//! written over them — nodes per ply from the charts' fold, cutoffs by rank and by source from
//! the search statistics, nodes per iteration and the branching factor — and the icicle is the
//! tree below the last iteration's root.

use crate::plot_support;
use crate::tui_support;

use killerscope::{plot, plot::Options, plot::palette};
use killerscope_engine::CutoffStats;
use killerscope_explorer::{charts::ChartKind, charts::Colouring};
use killerscope_explorer::{charts::data::Counts, charts::data::RANKS};
use killerscope_log::EventLog;
use killerscope_log::MoveSource;
use killerscope_trace::SearchTree;
use plot_support::{assert_to_scale, fill, grouped, parse};
use std::sync::LazyLock;
use tui_support::{PUZZLE, record};

/// One recorded search shared by the tests: the puzzle at depth 4, a few thousand nodes.
static LOG: LazyLock<EventLog> = LazyLock::new(|| record(PUZZLE, 4, 2));

fn svg(kind: ChartKind, options: Options) -> plot_support::Svg {
    let text = plot::chart(&LOG, kind, &options).expect("the chart is drawn");
    parse(&text)
}

fn folded() -> Counts {
    let mut counts = Counts::default();
    LOG.replay_into(&mut counts);
    counts
}

#[test]
fn every_chart_is_a_well_formed_page_of_the_slide_size() {
    for kind in ChartKind::ALL {
        for colouring in Colouring::ALL {
            let page = svg(
                kind,
                Options {
                    colouring,
                    ..Options::default()
                },
            );
            assert_eq!((page.width, page.height), (1280.0, 720.0), "{kind:?}");
            assert!(!page.texts.is_empty(), "{kind:?} has a title");
        }
    }
}

#[test]
fn nodes_per_ply_stacks_quiescence_on_main_with_each_total_written_over_it() {
    let counts = folded();
    let plies = counts.plies();
    let page = svg(ChartKind::Plies, Options::default());
    let main = page.bars(&[&fill(palette::MAIN)]);
    let main_counts: Vec<u64> = plies.iter().map(|p| p.main).collect();
    assert_to_scale(&main, &main_counts);
    let quiescence_fill = fill(palette::QUIESCENCE);
    for (ply, (bar, counts)) in main.iter().zip(plies).enumerate() {
        let stacked = page
            .rects
            .iter()
            .find(|r| r.fill == quiescence_fill && (r.centre() - bar.centre()).abs() < 0.5)
            .unwrap_or_else(|| panic!("ply {ply} has a quiescence part"));
        assert!(
            (stacked.bottom() - bar.y).abs() < 0.5,
            "ply {ply}: stacked on main"
        );
        let label = page.label_over(bar.centre(), stacked.y);
        assert_eq!(label, Some(grouped(counts.total()).as_str()), "ply {ply}");
    }
    let total = grouped(counts.nodes());
    assert!(
        page.strings()[0].contains(&total),
        "the title: {:?}",
        page.strings()[0]
    );
}

#[test]
fn cutoffs_by_rank_are_the_folds_ranks_and_add_up_to_the_statistics() {
    let counts = folded();
    let mut stats = CutoffStats::new();
    LOG.replay_into(&mut stats);
    assert_eq!(counts.cutoffs(), stats.cutoffs);
    let page = svg(ChartKind::Ranks, Options::default());
    let bars = page.bars(&[&fill(palette::PLAIN)]);
    assert_eq!(bars.len(), RANKS);
    assert_to_scale(&bars, counts.ranks());
    for (bar, &n) in bars.iter().zip(counts.ranks()) {
        assert_eq!(
            page.label_over(bar.centre(), bar.y),
            Some(grouped(n).as_str())
        );
    }
    assert!(page.strings().iter().any(|t| t.starts_with("11th+ (")));
}

#[test]
fn cutoffs_by_source_are_the_statistics_in_each_sources_colour() {
    let mut stats = CutoffStats::new();
    LOG.replay_into(&mut stats);
    let table = &LOG.header().sources;
    let shown: Vec<MoveSource> = table
        .rows()
        .iter()
        .map(|r| MoveSource::from_code(r.code))
        .filter(|&s| stats.tries.get(s) > 0 || stats.cutoffs_by(s) > 0)
        .collect();
    assert!(
        shown.len() >= 4,
        "TT, captures, killers, quiet moves at least"
    );
    let fills: Vec<String> = shown
        .iter()
        .map(|&s| fill(palette::source_colour(table, s)))
        .collect();
    let wanted: Vec<&str> = fills.iter().map(String::as_str).collect();
    let page = svg(ChartKind::Sources, Options::default());
    let bars = page.bars(&wanted);
    let cut: Vec<u64> = shown.iter().map(|&s| stats.cutoffs_by(s)).collect();
    assert_to_scale(&bars, &cut);
    for ((bar, colour), (&source, &n)) in bars.iter().zip(&fills).zip(shown.iter().zip(&cut)) {
        assert_eq!(&bar.fill, colour, "{}", table.name(source));
        assert_eq!(
            page.label_over(bar.centre(), bar.y),
            Some(grouped(n).as_str())
        );
        let name = table.name(source);
        assert!(
            page.strings().iter().any(|t| t.starts_with(name.as_ref())),
            "{name}"
        );
    }
}

#[test]
fn the_branching_factor_page_has_each_iterations_nodes_and_ratio() {
    let iterations = folded().iterations();
    assert_eq!(iterations.len(), 4);
    let page = svg(ChartKind::Ebf, Options::default());
    let bars = page.bars(&[&fill(palette::MAIN)]);
    let nodes: Vec<u64> = iterations.iter().map(|it| it.nodes).collect();
    assert_to_scale(&bars, &nodes);
    for (bar, &n) in bars.iter().zip(&nodes) {
        assert_eq!(
            page.label_over(bar.centre(), bar.y),
            Some(grouped(n).as_str())
        );
    }
    let ratios: Vec<String> = iterations
        .iter()
        .filter_map(|it| it.ebf.map(|e| format!("×{e:.2}")))
        .collect();
    let written: Vec<&str> = page
        .strings()
        .into_iter()
        .filter(|t| t.starts_with('×'))
        .collect();
    assert_eq!(written, ratios);
}

#[test]
fn the_icicle_is_the_last_iterations_tree_with_its_root_across_the_page() {
    let tree = SearchTree::build(LOG.events());
    let root = *tree.roots().last().expect("a root");
    let page = svg(ChartKind::Icicle, Options::default());
    let size = grouped(u64::from(tree.subtree_size(root)));
    let title = page.strings()[0].to_string();
    assert!(
        title.contains("depth-4 iteration") && title.contains(&size),
        "{title}"
    );
    let widest = page
        .rects
        .iter()
        .filter(|r| r.width < page.width)
        .map(|r| r.width)
        .fold(0.0, f64::max);
    assert!(widest > 1100.0, "the root spans the page: {widest}");
    assert!(page.strings().contains(&"ply 0") && page.strings().contains(&"PV"));
    let by_source = svg(
        ChartKind::Icicle,
        Options {
            colouring: Colouring::Source,
            ..Options::default()
        },
    );
    let strings = by_source.strings();
    assert!(strings.contains(&"cut by killer 1"), "{strings:?}");
    assert!(strings.iter().any(|t| t.contains(" ✂")), "{strings:?}");
}

#[test]
fn an_icicle_below_a_node_that_does_not_exist_is_refused() {
    let nodes = SearchTree::build(LOG.events()).len() as u32;
    let options = Options {
        node: Some(nodes),
        ..Options::default()
    };
    let err = plot::chart(&LOG, ChartKind::Icicle, &options).expect_err("no such node");
    assert!(
        err.to_string().contains(&format!("no node {nodes}")),
        "{err}"
    );
}

#[test]
fn every_chart_carries_the_title_it_was_given_in_place_of_the_generated_one() {
    let title = "Killers & history: <who> cuts first?";
    for kind in ChartKind::ALL {
        let generated = svg(kind, Options::default());
        let generated = generated.texts[0].text.clone();
        let page = svg(
            kind,
            Options {
                title: Some(title.into()),
                ..Options::default()
            },
        );
        let top = page
            .texts
            .iter()
            .min_by(|a, b| a.y.total_cmp(&b.y))
            .expect("texts");
        assert_eq!(top.text, title, "{kind:?}: the topmost text is the title");
        assert!(
            !page.strings().contains(&generated.as_str()),
            "{kind:?}: {generated:?} is replaced"
        );
    }
}

#[test]
fn killer_slots_are_drawn_in_colours_of_their_own() {
    let page = svg(
        ChartKind::Icicle,
        Options {
            colouring: Colouring::Source,
            ..Options::default()
        },
    );
    // Each legend entry is a swatch left of its name: read the pairs back from the page.
    let swatch = |label: &plot_support::Label| {
        page.rects
            .iter()
            .find(|r| (label.x - r.x - 20.0).abs() < 1.0 && (r.centre_y() - label.y).abs() < 9.0)
            .map(|r| r.fill.clone())
            .unwrap_or_else(|| panic!("no swatch for {:?}", label.text))
    };
    let slots: Vec<(String, String)> = page
        .texts
        .iter()
        .filter(|t| t.text.starts_with("cut by killer "))
        .map(|t| (t.text.clone(), swatch(t)))
        .collect();
    assert!(slots.len() >= 2, "both slots cut in the puzzle: {slots:?}");
    for (i, (name, drawn)) in slots.iter().enumerate() {
        let slot: usize = name["cut by killer ".len()..]
            .parse()
            .expect("a slot number");
        assert_eq!(drawn, &fill(palette::KILLER_SLOTS[slot - 1]), "{name}");
        for (other, other_fill) in &slots[i + 1..] {
            assert_ne!(drawn, other_fill, "{name} and {other} share a colour");
        }
        let drawn_in_it = page.rects.iter().filter(|r| &r.fill == drawn);
        assert!(
            drawn_in_it.count() > 1,
            "{name}: no block besides the swatch"
        );
    }
}

#[test]
fn the_width_table_is_never_narrower_than_the_font_viewers_draw_with() {
    let Some(font) = plot_support::font::Font::open(plot_support::font::DEJAVU_SANS) else {
        eprintln!("skipped: no {}", plot_support::font::DEJAVU_SANS);
        return;
    };
    let symbols = "·…×–−✂→←≥≤÷αβ∞éü漢";
    for c in (' '..='~').chain(symbols.chars()) {
        let text = c.to_string();
        // Size 124 is 100 px in the SVG.
        let ours = killerscope::plot::measure::width(&text, 124);
        let real = font.width(&text, 100.0);
        assert!(ours >= real, "{c:?}: {ours:.1} px < the font's {real:.1}");
        assert!(
            ours <= real * 1.05 || !c.is_ascii(),
            "{c:?}: {ours:.1} px, the font's {real:.1}"
        );
    }
}
