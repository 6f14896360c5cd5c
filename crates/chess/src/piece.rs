//! Colours and piece kinds: the small value types every other chess module indexes tables with.

/// The side a piece belongs to, or the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// Moves first; pawns advance towards rank 8.
    White = 0,
    /// Moves second; pawns advance towards rank 1.
    Black = 1,
}

impl Color {
    /// Both colours, in index order, for loops over per-side tables.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// Table index (White 0, Black 1).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opponent: what the side to move becomes after a move.
    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        self.flip()
    }
}

/// A kind of piece without its colour; the order (pawn first, king last) is the MVV-LVA value order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl PieceKind {
    /// All kinds in index order.
    pub const ALL: [PieceKind; 6] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// Table index, 0..6.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind at a table index; `None` outside 0..6.
    #[inline]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        match i {
            0 => Some(PieceKind::Pawn),
            1 => Some(PieceKind::Knight),
            2 => Some(PieceKind::Bishop),
            3 => Some(PieceKind::Rook),
            4 => Some(PieceKind::Queen),
            5 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// Upper-case letter used by FEN (white) and SAN (`N`, `B`, `R`, `Q`, `K`; `P` for pawns).
    pub const fn letter(self) -> char {
        match self {
            PieceKind::Pawn => 'P',
            PieceKind::Knight => 'N',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Queen => 'Q',
            PieceKind::King => 'K',
        }
    }
}

/// A coloured piece, as it stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceKind,
}

impl Piece {
    /// Builds a piece from its parts.
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// FEN letter: upper case for White, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.letter();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter (`PNBRQK` white, `pnbrqk` black).
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let kind = match c.to_ascii_lowercase() {
            'p' => PieceKind::Pawn,
            'n' => PieceKind::Knight,
            'b' => PieceKind::Bishop,
            'r' => PieceKind::Rook,
            'q' => PieceKind::Queen,
            'k' => PieceKind::King,
            _ => return None,
        };
        Some(Piece { color, kind })
    }

    /// Unicode chess symbol (♔♕♖♗♘♙ for White, ♚♛♜♝♞♟ for Black) for the board views.
    pub const fn unicode(self) -> char {
        /// By colour, then by kind in index order (pawn first).
        const SYMBOLS: [[char; 6]; 2] = [
            ['♙', '♘', '♗', '♖', '♕', '♔'],
            ['♟', '♞', '♝', '♜', '♛', '♚'],
        ];
        SYMBOLS[self.color.index()][self.kind.index()]
    }
}
