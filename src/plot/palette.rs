//! Every colour a slide uses, declared here and nowhere else: the explorer's colour roles and
//! source colour hints as colours that read on a white page, for every reader of the class.
//!
//! The hues are Okabe and Ito's palette ("Color Universal Design", 2008), chosen so that
//! viewers with any of the three kinds of colour blindness still tell them apart; the tests
//! below simulate those viewers (Machado, Oliveira and Fernandes 2009) and measure the
//! difference. Each killer slot has a colour of its own: on a slide a block often has no room
//! for the `K1` / `K2` label the explorer writes, so the colour alone must say which slot cut.

use plotters::style::RGBColor;
use plotters::style::colors::{BLACK, WHITE};

use killerscope_engine::MoveOrder;
use killerscope_explorer::charts::Shade;
use killerscope_log::SourceTable;
use killerscope_log::{MoveSource, SourceColour};

/// Secondary text.
pub const GREY: RGBColor = RGBColor(110, 110, 110);
/// Blocks narrower than a pixel, merged.
pub const NARROW: RGBColor = RGBColor(215, 204, 200);
/// Main-search nodes.
pub const MAIN: RGBColor = RGBColor(0, 114, 178);
/// Quiescence nodes.
pub const QUIESCENCE: RGBColor = RGBColor(144, 164, 174);
/// Bars and lines with no other meaning.
pub const PLAIN: RGBColor = RGBColor(38, 50, 56);

/// Colours of the configurations of a comparison, in column order: the first (the base of
/// every ratio) grey, the others apart from each other.
pub const SERIES: [RGBColor; 8] = [
    RGBColor(140, 140, 140),
    RGBColor(0, 114, 178),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(213, 94, 0),
    RGBColor(86, 180, 233),
    RGBColor(0, 0, 0),
];

/// The colour of each killer slot, slot 1 first (the grandparent's killers are slots 3 to 5
/// after two of the ply's own): vermillion, yellow, orange, brown, black — warm like the
/// explorer's killer colour, apart in lightness so that no kind of colour blindness merges
/// two of them.
pub const KILLER_SLOTS: [RGBColor; 5] = [
    RGBColor(213, 94, 0),
    RGBColor(240, 228, 66),
    RGBColor(230, 159, 0),
    RGBColor(107, 58, 0),
    RGBColor(0, 0, 0),
];

/// The worst move order's bar on the ladder.
pub const WORST: RGBColor = RGBColor(213, 94, 0);
/// The oracle's bar on the ladder.
pub const ORACLE: RGBColor = RGBColor(0, 158, 115);

/// The colour of a ladder's rung searched in `order`: the worst order and the oracle each their
/// own (vermillion, bluish green), every rung between the main blue — so the two extremes a
/// class compares never share a colour, however many rungs there are.
pub fn rung(order: MoveOrder) -> RGBColor {
    match order {
        MoveOrder::Worst => WORST,
        MoveOrder::Oracle => ORACLE,
        MoveOrder::Normal | MoveOrder::Random(_) => MAIN,
    }
}

/// The colour of configuration `k` of a comparison (the palette repeats after eight).
pub fn series(k: usize) -> RGBColor {
    SERIES[k % SERIES.len()]
}

/// The colour of a source colour hint (the killers' is slot 1's).
pub fn hint(colour: SourceColour) -> RGBColor {
    match colour {
        SourceColour::Plain => RGBColor(187, 187, 187),
        SourceColour::Cyan => RGBColor(86, 180, 233),
        SourceColour::Red => RGBColor(136, 34, 85),
        SourceColour::Yellow => KILLER_SLOTS[0],
        SourceColour::Magenta => RGBColor(204, 121, 167),
        SourceColour::Green => RGBColor(0, 158, 115),
        SourceColour::Blue => RGBColor(0, 114, 178),
    }
}

/// The colour of `source` on a slide: its killer slot's when the log's table says it is a
/// killer in slots (a sixth slot and beyond, from another engine's log, repeat the five),
/// else its colour hint's.
pub fn source_colour(sources: &SourceTable, source: MoveSource) -> RGBColor {
    match sources.killer_slot(source) {
        Some(slot) => KILLER_SLOTS[usize::from(slot) % KILLER_SLOTS.len()],
        None => hint(sources.colour(source)),
    }
}

/// The colour of an icicle block and the legend's word for it (a source's long name when it
/// cut the node off).
pub fn shade(shade: Shade, sources: &SourceTable) -> (RGBColor, String) {
    match shade {
        Shade::Open => (RGBColor(236, 236, 236), "open".into()),
        Shade::Pv => (RGBColor(0, 158, 115), "PV".into()),
        Shade::Cut => (RGBColor(213, 94, 0), "CUT".into()),
        Shade::All => (RGBColor(0, 114, 178), "ALL".into()),
        Shade::Quiescence => (QUIESCENCE, "quiescence".into()),
        Shade::CutBy(source) => (
            source_colour(sources, source),
            format!("cut by {}", sources.name(source)),
        ),
        Shade::NoCutoff => (RGBColor(224, 224, 224), "no cutoff".into()),
    }
}

/// Black or white, whichever reads on `fill`.
pub fn ink(fill: RGBColor) -> RGBColor {
    let RGBColor(r, g, b) = fill;
    let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luma > 150.0 { BLACK } else { WHITE }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_log::SOURCES;

    /// How a viewer sees `c`: as it is, or through one of Machado et al.'s matrices of full
    /// protanopia, deuteranopia and tritanopia (applied in linear RGB); the result in CIE L*a*b*.
    fn seen(c: RGBColor, vision: usize) -> [f64; 3] {
        const MATRICES: [[[f64; 3]; 3]; 3] = [
            [
                [0.152286, 1.052583, -0.204868],
                [0.114503, 0.786281, 0.099216],
                [-0.003882, -0.048116, 1.051998],
            ],
            [
                [0.367322, 0.860646, -0.227968],
                [0.280085, 0.672501, 0.047413],
                [-0.011820, 0.042940, 0.968881],
            ],
            [
                [1.255528, -0.076749, -0.178779],
                [-0.078411, 0.930809, 0.147602],
                [0.004733, 0.691367, 0.303900],
            ],
        ];
        let linear = |v: u8| {
            let v = f64::from(v) / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        let mut rgb = [linear(c.0), linear(c.1), linear(c.2)];
        if vision > 0 {
            let m = MATRICES[vision - 1];
            rgb =
                m.map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0));
        }
        let [r, g, b] = rgb;
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        [
            116.0 * f(y) - 16.0,
            500.0 * (f(x) - f(y)),
            200.0 * (f(y) - f(z)),
        ]
    }

    /// The colour difference (CIE76 ΔE) between `a` and `b` as `vision` sees them.
    fn difference(a: RGBColor, b: RGBColor, vision: usize) -> f64 {
        let (p, q) = (seen(a, vision), seen(b, vision));
        ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt()
    }

    /// The smallest difference between `a` and `b` over the four viewers.
    fn least_difference(a: RGBColor, b: RGBColor) -> f64 {
        (0..4)
            .map(|vision| difference(a, b, vision))
            .fold(f64::INFINITY, f64::min)
    }

    #[test]
    fn the_simulation_merges_what_colour_blind_viewers_merge() {
        let (red, olive) = (RGBColor(204, 51, 51), RGBColor(102, 136, 0));
        assert!(difference(red, olive, 0) > 80.0);
        assert!(
            least_difference(red, olive) < 12.0,
            "one red-green pair a deuteranope merges"
        );
    }

    #[test]
    fn killer_slots_differ_for_every_viewer_and_from_every_other_source() {
        for (i, &a) in KILLER_SLOTS.iter().enumerate() {
            for &b in &KILLER_SLOTS[i + 1..] {
                let d = least_difference(a, b);
                assert!(d >= 14.0, "slots {a:?} and {b:?} differ by only {d:.1}");
            }
        }
        let table = SourceTable::builtin();
        let others: Vec<RGBColor> = SOURCES
            .iter()
            .map(|row| MoveSource::from_code(row.code))
            .filter(|&s| table.killer_slot(s).is_none())
            .map(|s| source_colour(&table, s))
            .collect();
        for slot in &KILLER_SLOTS[..2] {
            for &other in &others {
                let d = least_difference(*slot, other);
                assert!(
                    d >= 14.0,
                    "slot colour {slot:?} and {other:?} differ by only {d:.1}"
                );
            }
        }
        let (one, two) = (KILLER_SLOTS[0], KILLER_SLOTS[1]);
        assert!(
            least_difference(one, two) >= 30.0,
            "the two default slots are far apart"
        );
    }

    #[test]
    fn every_killer_source_takes_its_slots_colour() {
        let table = SourceTable::builtin();
        let killers: Vec<RGBColor> = table
            .killers()
            .map(|row| source_colour(&table, MoveSource::from_code(row.code)))
            .collect();
        assert_eq!(killers, KILLER_SLOTS[..killers.len()]);
        assert!(killers.len() >= 2);
    }

    #[test]
    fn node_types_differ_for_every_viewer() {
        let table = SourceTable::builtin();
        let types = [Shade::Pv, Shade::Cut, Shade::All].map(|s| shade(s, &table).0);
        for (i, &a) in types.iter().enumerate() {
            for &b in &types[i + 1..] {
                assert!(least_difference(a, b) >= 14.0, "{a:?} / {b:?}");
            }
        }
    }
}
