//! The countermove heuristic (Uiterwijk 1992): many quiet moves are the natural answer to one
//! particular opponent move — a knight hop that attacks the queen is met by the same retreat
//! wherever it happens in the tree. The table remembers, per opponent move (the piece that moved
//! and its to-square), the quiet move that last refuted it; the picker tries that move right after
//! the killers.

use killerscope_chess::{Color, Move, Piece, PieceKind, Square};

/// Number of (piece, to-square) keys: 12 pieces × 64 squares (the log bounds a countermove
/// store's key by it).
pub use killerscope_log::COUNTER_KEYS;

/// A move as the tables that answer a move index it (the opponent's last move, for a
/// countermove): the piece that moved and its to-square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CounterKey(u16);

impl CounterKey {
    /// The key of `prev`, the move just played, made by `piece` (the piece now on its
    /// to-square; for a promotion the promoted piece, as in most engines).
    pub fn new(piece: Piece, prev: Move) -> CounterKey {
        CounterKey::at(piece, prev.to())
    }

    /// The key of a move by `piece` to `to`, for a reader that knows the parts rather than
    /// the move (a trace names them).
    pub fn at(piece: Piece, to: Square) -> CounterKey {
        let piece_index = piece.color.index() * 6 + piece.kind.index();
        CounterKey((piece_index * 64 + to.index()) as u16)
    }

    /// The dense index `0..COUNTER_KEYS`, the form events and logs store.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The key with dense index `index`; `None` outside `0..COUNTER_KEYS`.
    pub fn from_index(index: usize) -> Option<CounterKey> {
        (index < COUNTER_KEYS).then_some(CounterKey(index as u16))
    }

    /// The piece of the answered move.
    pub fn piece(self) -> Piece {
        let piece_index = usize::from(self.0 / 64);
        let color = if piece_index < 6 {
            Color::White
        } else {
            Color::Black
        };
        let kind = PieceKind::from_index(piece_index % 6).unwrap_or(PieceKind::Pawn);
        Piece::new(color, kind)
    }

    /// The to-square index of the answered move.
    pub fn to_index(self) -> u8 {
        (self.0 % 64) as u8
    }
}

/// For each move (piece, to-square) — the opponent's last one, for countermoves — the quiet
/// move that last refuted the position it reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterMoveTable {
    table: Box<[Move; COUNTER_KEYS]>,
}

impl Default for CounterMoveTable {
    fn default() -> Self {
        CounterMoveTable::new()
    }
}

impl CounterMoveTable {
    /// An empty table (every entry `Move::NULL`).
    pub fn new() -> CounterMoveTable {
        CounterMoveTable {
            table: Box::new([Move::NULL; COUNTER_KEYS]),
        }
    }

    /// The countermove stored for `key` (`Move::NULL` if none).
    #[inline]
    pub fn get(&self, key: CounterKey) -> Move {
        self.table[key.index()]
    }

    /// Records that quiet move `mv` refuted the move `key` names; returns whether the entry
    /// changed. Captures, promotions and the null move are never stored.
    pub fn store(&mut self, key: CounterKey, mv: Move) -> bool {
        if mv.is_null() || !mv.is_quiet() || self.table[key.index()] == mv {
            return false;
        }
        self.table[key.index()] = mv;
        true
    }

    /// Every entry, indexed by `CounterKey::index`.
    pub fn entries(&self) -> &[Move; COUNTER_KEYS] {
        &self.table
    }

    /// Forgets every countermove (a new search or a new game).
    pub fn clear(&mut self) {
        self.table.fill(Move::NULL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use killerscope_chess::MoveFlag;

    fn mv(from: u8, to: u8, flag: MoveFlag) -> Move {
        Move::new(Square::from_index(from), Square::from_index(to), flag)
    }

    #[test]
    fn keys_are_piece_and_to_square_only() {
        let knight = Piece::new(Color::Black, PieceKind::Knight);
        let a = CounterKey::new(knight, mv(57, 42, MoveFlag::Quiet));
        let b = CounterKey::new(knight, mv(52, 42, MoveFlag::Quiet));
        assert_eq!(a, b, "the from-square does not matter");
        assert_eq!(a.piece(), knight);
        assert_eq!(a.to_index(), 42);
        let bishop = Piece::new(Color::Black, PieceKind::Bishop);
        assert_ne!(a, CounterKey::new(bishop, mv(57, 42, MoveFlag::Quiet)));
        assert_eq!(CounterKey::from_index(a.index()), Some(a));
        assert_eq!(CounterKey::from_index(COUNTER_KEYS), None);
    }

    #[test]
    fn stores_only_quiet_moves_and_reports_changes() {
        let mut table = CounterMoveTable::new();
        let key = CounterKey::new(
            Piece::new(Color::White, PieceKind::Queen),
            mv(3, 39, MoveFlag::Quiet),
        );
        let reply = mv(62, 45, MoveFlag::Quiet);
        assert!(table.store(key, reply));
        assert!(!table.store(key, reply), "same move: no change");
        assert!(!table.store(key, mv(55, 39, MoveFlag::Capture)));
        assert!(!table.store(key, Move::NULL));
        assert_eq!(table.get(key), reply);
        table.clear();
        assert_eq!(table.get(key), Move::NULL);
    }
}
