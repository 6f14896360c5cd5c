//! Every colour the explorer uses, in one place, with a monochrome variant for `--no-color` and
//! `NO_COLOR`. Widgets never name a colour; they ask the theme for a role. Markers (✂, ★, the
//! brackets around highlighted squares) are text, so the monochrome screen loses nothing.

use ratatui::style::{Color, Modifier, Style};

use killerscope_log::SourceColour;

/// Styles by role. Colours are chosen to read on dark and light terminals alike: the board sets
/// both foreground and background, everything else uses mid-tone colours.
#[derive(Clone, Debug)]
pub struct Theme {
    /// True for the monochrome variant (widgets then draw bracket markers on the board).
    pub mono: bool,
    /// White pieces drawn as outlines and Black as solid shapes, so the shape tells the side
    /// where colour does not (monochrome, and the projector's black-on-light board).
    pub outline_white: bool,
    /// Panel borders.
    pub border: Style,
    /// Border of the panel that has the keyboard.
    pub border_focus: Style,
    /// Panel titles.
    pub title: Style,
    /// Light board squares.
    pub light_square: Style,
    /// Dark board squares.
    pub dark_square: Style,
    /// White pieces (foreground over the square style).
    pub white_piece: Style,
    /// Black pieces.
    pub black_piece: Style,
    /// Squares of the move that led to the shown node.
    pub last_move: Style,
    /// Squares of the killer moves stored for the shown node's ply.
    pub killer_square: Style,
    /// Rank and file letters.
    pub coords: Style,
    /// Tree rows on the principal variation.
    pub pv: Style,
    /// Quiescence nodes (dimmed).
    pub quiescence: Style,
    /// The beta-cutoff marker `✂ Bc6 K1`.
    pub cutoff: Style,
    /// Node type tags PV / CUT / ALL.
    pub node_type: Style,
    /// Selective-search markers (`R2`, `NM✂`, `FUT×3`, `RFP`, `ASP`): words, so monochrome
    /// keeps them.
    pub selective: Style,
    /// "… N more" rows and other secondary text.
    pub dim: Style,
    /// The selected row.
    pub selected: Style,
    /// A killer cell that just produced a cutoff.
    pub killer_hit: Style,
    /// A killer cell that was just stored.
    pub killer_new: Style,
    /// Key names in help and hints.
    pub key: Style,
    /// Error text (bad FEN, failed save).
    pub error: Style,
    /// Informational status text.
    pub info: Style,
    /// The progress gauge's bar.
    pub gauge: Style,
    /// Normal text.
    pub text: Style,
    /// Chart bars and lines (main-search nodes where quiescence is stacked on them).
    pub chart: Style,
}

impl Theme {
    /// The colour theme.
    pub fn color() -> Theme {
        let plain = Style::new();
        Theme {
            mono: false,
            outline_white: false,
            border: plain.fg(Color::DarkGray),
            border_focus: plain.fg(Color::Cyan),
            title: plain.fg(Color::Cyan).add_modifier(Modifier::BOLD),
            light_square: plain.bg(Color::Rgb(181, 153, 120)),
            dark_square: plain.bg(Color::Rgb(125, 94, 66)),
            white_piece: plain
                .fg(Color::Rgb(255, 255, 255))
                .add_modifier(Modifier::BOLD),
            black_piece: plain.fg(Color::Rgb(0, 0, 0)).add_modifier(Modifier::BOLD),
            last_move: plain.bg(Color::Rgb(170, 162, 58)),
            killer_square: plain.bg(Color::Rgb(196, 84, 84)),
            coords: plain.fg(Color::Gray),
            pv: plain.fg(Color::Green).add_modifier(Modifier::BOLD),
            quiescence: plain.fg(Color::DarkGray),
            cutoff: plain.fg(Color::LightRed).add_modifier(Modifier::BOLD),
            node_type: plain.fg(Color::Blue),
            selective: plain.fg(Color::Magenta),
            dim: plain.fg(Color::DarkGray),
            selected: plain.add_modifier(Modifier::REVERSED),
            killer_hit: plain.fg(Color::LightRed).add_modifier(Modifier::BOLD),
            killer_new: plain.fg(Color::Yellow).add_modifier(Modifier::BOLD),
            key: plain.fg(Color::Yellow).add_modifier(Modifier::BOLD),
            error: plain.fg(Color::Red).add_modifier(Modifier::BOLD),
            info: plain.fg(Color::Green),
            gauge: plain.fg(Color::Green),
            text: plain,
            chart: plain.fg(Color::Cyan),
        }
    }

    /// The monochrome theme: only bold, dim, underline and reverse.
    pub fn mono() -> Theme {
        let plain = Style::new();
        let bold = plain.add_modifier(Modifier::BOLD);
        let dim = plain.add_modifier(Modifier::DIM);
        Theme {
            mono: true,
            outline_white: true,
            border: plain,
            border_focus: bold,
            title: bold,
            light_square: plain,
            dark_square: plain,
            white_piece: bold,
            black_piece: plain,
            last_move: plain.add_modifier(Modifier::UNDERLINED),
            killer_square: plain.add_modifier(Modifier::UNDERLINED),
            coords: dim,
            pv: bold,
            quiescence: dim,
            cutoff: bold,
            node_type: plain,
            selective: plain,
            dim,
            selected: plain.add_modifier(Modifier::REVERSED),
            killer_hit: bold,
            killer_new: plain.add_modifier(Modifier::UNDERLINED),
            key: bold,
            error: bold,
            info: plain,
            gauge: plain,
            text: plain,
            chart: plain,
        }
    }

    /// The projector theme: what a washed-out projection still shows. No dark grey (it
    /// vanishes), everything bold, a board of light and mid-grey squares with every piece in
    /// black (White as outlines, Black solid), strong yellow and red for the marked squares.
    /// With `mono`, the monochrome theme with its dim text made plain.
    pub fn projector(mono: bool) -> Theme {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        if mono {
            return Theme {
                coords: bold,
                quiescence: Style::new(),
                dim: Style::new(),
                text: bold,
                ..Theme::mono()
            };
        }
        let ink = bold.fg(Color::Rgb(0, 0, 0));
        Theme {
            mono: false,
            outline_white: true,
            border: bold.fg(Color::White),
            border_focus: bold.fg(Color::LightYellow),
            title: bold.fg(Color::LightCyan),
            light_square: Style::new().bg(Color::Rgb(235, 235, 235)),
            dark_square: Style::new().bg(Color::Rgb(150, 150, 150)),
            white_piece: ink,
            black_piece: ink,
            last_move: Style::new().bg(Color::Rgb(255, 221, 0)),
            killer_square: Style::new().bg(Color::Rgb(255, 110, 110)),
            coords: bold.fg(Color::White),
            pv: bold.fg(Color::LightGreen),
            quiescence: bold.fg(Color::Gray),
            cutoff: bold.fg(Color::LightRed),
            node_type: bold.fg(Color::LightBlue),
            selective: bold.fg(Color::LightMagenta),
            dim: bold.fg(Color::Gray),
            selected: bold.add_modifier(Modifier::REVERSED),
            killer_hit: bold.fg(Color::LightRed),
            killer_new: bold.fg(Color::LightYellow),
            key: bold.fg(Color::LightYellow),
            error: bold.fg(Color::LightRed),
            info: bold.fg(Color::LightGreen),
            gauge: bold.fg(Color::LightGreen),
            text: bold.fg(Color::White),
            chart: bold.fg(Color::LightCyan),
        }
    }

    /// The style of a move-source marker (`K1`, `Cap`) from the colour hint its log's source
    /// table gives it, so a source added to `killerscope_log::SOURCES` — or named by a foreign
    /// log — is coloured without touching the explorer. Monochrome keeps the hint as bold
    /// (everything but `Plain`), so a marker still stands out without colour.
    pub fn source_style(&self, colour: SourceColour) -> Style {
        let bold = Style::new().add_modifier(Modifier::BOLD);
        let fg = match colour {
            SourceColour::Plain => return self.text,
            _ if self.mono => return bold,
            SourceColour::Cyan => Color::Cyan,
            SourceColour::Red => Color::LightRed,
            SourceColour::Yellow => Color::Yellow,
            SourceColour::Magenta => Color::Magenta,
            SourceColour::Green => Color::LightGreen,
            SourceColour::Blue => Color::LightBlue,
        };
        bold.fg(fg)
    }

    /// Whether the screen is monochrome: asked on the command line, or the `NO_COLOR`
    /// environment variable is set to anything non-empty (see no-color.org).
    pub fn wants_mono(no_color_flag: bool) -> bool {
        no_color_flag || std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty())
    }

    /// The theme of a screen in projector mode or not, monochrome or not (projector mode
    /// keeps monochrome monochrome).
    pub fn for_screen(projector: bool, mono: bool) -> Theme {
        match (projector, mono) {
            (true, _) => Theme::projector(mono),
            (false, true) => Theme::mono(),
            (false, false) => Theme::color(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_projector_theme_has_no_dark_grey_and_keeps_monochrome() {
        let projector = Theme::projector(false);
        let styles = [
            projector.border,
            projector.title,
            projector.coords,
            projector.quiescence,
            projector.dim,
            projector.text,
            projector.key,
        ];
        for style in styles {
            assert_ne!(style.fg, Some(Color::DarkGray), "{style:?}");
            assert!(style.add_modifier.contains(Modifier::BOLD), "{style:?}");
        }
        assert!(projector.outline_white && !projector.mono);
        let mono = Theme::projector(true);
        assert!(mono.mono && mono.text.fg.is_none());
        assert!(!mono.dim.add_modifier.contains(Modifier::DIM));
    }

    #[test]
    fn every_source_colour_has_a_style_and_monochrome_only_bolds() {
        let (color, mono) = (Theme::color(), Theme::mono());
        for hint in SourceColour::ALL {
            let style = mono.source_style(hint);
            assert_eq!(style.fg, None, "{hint:?}");
            let plain = hint == SourceColour::Plain;
            assert_eq!(color.source_style(hint).fg.is_none(), plain, "{hint:?}");
            assert_eq!(style.add_modifier.contains(Modifier::BOLD), !plain);
        }
    }
}
