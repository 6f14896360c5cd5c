//! Reading the SVG pictures back in the plot tests: the document must parse as XML, and its
//! rectangles and texts are what the tests compare with the log's numbers — which bar stands
//! on the axis, how tall it is, and what is written over it.

#![allow(dead_code)]

pub mod font;

/// A `<rect>`.
#[derive(Clone, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
    pub fill: String,
}

impl Rect {
    /// Its horizontal centre.
    pub fn centre(&self) -> f64 {
        self.x + self.width / 2.0
    }

    /// Its vertical centre.
    pub fn centre_y(&self) -> f64 {
        self.y + self.height / 2.0
    }

    /// Where its bottom edge is.
    pub fn bottom(&self) -> f64 {
        self.y + self.height
    }
}

/// A `<text>`, trimmed.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub x: f64,
    pub y: f64,
    pub text: String,
    /// Its `font-size`, pixels.
    pub size: f64,
    /// Its `text-anchor`: `start`, `middle` or `end`.
    pub anchor: String,
}

/// The parts of a picture the tests read.
#[derive(Debug)]
pub struct Svg {
    pub width: f64,
    pub height: f64,
    pub rects: Vec<Rect>,
    pub texts: Vec<Label>,
}

fn number(node: &roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("<{}> without a numeric {name}", node.tag_name().name()))
}

/// Parses `svg`, panicking when it is not well-formed XML with an `<svg>` root.
pub fn parse(svg: &str) -> Svg {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let mut out = Svg {
        width: number(&root, "width"),
        height: number(&root, "height"),
        rects: Vec::new(),
        texts: Vec::new(),
    };
    for node in doc.descendants() {
        match node.tag_name().name() {
            "rect" => out.rects.push(Rect {
                x: number(&node, "x"),
                y: number(&node, "y"),
                width: number(&node, "width"),
                height: number(&node, "height"),
                fill: node.attribute("fill").unwrap_or("").to_string(),
            }),
            "text" => out.texts.push(Label {
                x: number(&node, "x"),
                y: number(&node, "y"),
                text: node.text().unwrap_or("").trim().to_string(),
                size: number(&node, "font-size"),
                anchor: node.attribute("text-anchor").unwrap_or("start").to_string(),
            }),
            _ => {}
        }
    }
    out
}

impl Svg {
    /// Every text, in document order.
    pub fn strings(&self) -> Vec<&str> {
        self.texts.iter().map(|t| t.text.as_str()).collect()
    }

    /// The bars standing on the x axis (the lowest bottom edge any bar has, the page's
    /// background left out), left to right, with any fill in `fills`.
    pub fn bars(&self, fills: &[&str]) -> Vec<Rect> {
        let candidates: Vec<&Rect> = self
            .rects
            .iter()
            .filter(|r| r.width < self.width && fills.contains(&r.fill.as_str()))
            .collect();
        let axis = candidates.iter().map(|r| r.bottom()).fold(0.0, f64::max);
        let mut bars: Vec<Rect> = candidates
            .into_iter()
            .filter(|r| (r.bottom() - axis).abs() < 0.5)
            .cloned()
            .collect();
        bars.sort_by(|a, b| a.x.total_cmp(&b.x));
        bars
    }

    /// The text written just over a bar or stack whose top is at `top` and centre at `centre`
    /// (level with the top, or a few pixels above it when written upright).
    pub fn label_over(&self, centre: f64, top: f64) -> Option<&str> {
        self.texts
            .iter()
            .find(|t| (t.x - centre).abs() <= 1.5 && (-6.0..=1.0).contains(&(t.y - top)))
            .map(|t| t.text.as_str())
    }
}

/// Checks that bar heights are to one scale: each height over the tallest equals each value
/// over the largest, within the pixel rounding.
pub fn assert_to_scale(bars: &[Rect], values: &[u64]) {
    assert_eq!(bars.len(), values.len(), "one bar per value");
    let tallest = bars.iter().map(|b| b.height).fold(0.0, f64::max);
    let largest = values.iter().copied().max().unwrap_or(0) as f64;
    for (bar, &value) in bars.iter().zip(values) {
        let expected = tallest * value as f64 / largest;
        assert!(
            (bar.height - expected).abs() <= 1.5,
            "bar of {value} is {} px, expected {expected:.1}",
            bar.height
        );
    }
}

/// How the SVG writes `colour` in a `fill` attribute.
pub fn fill(colour: plotters::style::RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", colour.0, colour.1, colour.2)
}

/// A count as the pictures write it over a bar: `12,345`.
pub fn grouped(n: u64) -> String {
    killerscope_engine::fmt::grouped(n)
}
