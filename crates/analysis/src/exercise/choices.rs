//! The choices of a question and the words around them: the windows a student may mistake
//! for a child's, the wrong moves offered beside the right one, drawn with the exercise's
//! seed, and the names of sides and move sources. Apart from `ask.rs`, which decides what is
//! asked at a node and reads the answer from its events.

use killerscope_chess::san;
use killerscope_chess::{Color, Move, MoveList, Position};
use killerscope_engine::fmt;
use killerscope_engine::score::INFINITY;
use killerscope_engine::splitmix64;
use killerscope_log::{MoveSource, SOURCES};

/// Choices of a move question: the answer and three others, as the bundled lessons ask.
const MOVE_CHOICES: usize = 4;

/// Why a child gets its window: the full negated window first, a null window after.
pub(super) fn window_reason(first: bool, (alpha, beta): (i32, i32)) -> String {
    let window = window_text((alpha, beta));
    if first {
        format!(
            "the first move is searched with the parent's window, negated and swapped: {window}."
        )
    } else if beta - alpha == 1 {
        format!(
            "a later move is first searched with a null window at the parent's alpha: {window} only asks whether it beats alpha."
        )
    } else {
        format!("it was searched with {window}.")
    }
}

/// The right window of a child and the mistakes a student makes with it: forgetting to negate
/// and swap, the full window where a null window was used (or the other way round), the
/// parent's entry window where its raised alpha counts, a null window one off — the
/// implausible ones (empty, or past
/// the infinite bounds) left out, at most three of them, drawn with the seed.
pub(super) fn window_choices(child: (i32, i32), parent: (i32, i32), rng: &mut u64) -> Vec<String> {
    let (lo, hi) = child;
    let (alpha, beta) = parent;
    // The parent's alpha when the child was searched: what a null window at it implies.
    let raised = if hi - lo == 1 { -hi } else { alpha };
    let candidates = [
        child,
        (-hi, -lo),
        (-beta, -raised),
        (-raised - 1, -raised),
        (-beta, -alpha),
        (alpha, beta),
        // The null window a cell off: above the parent's alpha instead of at it.
        (-raised, -raised + 1),
        (lo - 1, lo),
    ];
    let plausible = |&(a, b): &(i32, i32)| {
        a < b && a >= -INFINITY && b <= INFINITY && a < INFINITY - 1 && b > -INFINITY + 1
    };
    let mut options: Vec<String> = candidates
        .iter()
        .filter(|w| plausible(w))
        .map(|&w| window_text(w))
        .collect();
    dedupe(&mut options);
    // The right window (first), then three of the mistakes, drawn with the seed.
    if let Some(mistakes) = options.get_mut(1..) {
        shuffle(mistakes, rng);
    }
    options.truncate(MOVE_CHOICES);
    options
}

/// A window as the explorer's Explain writes it: `[+109, +110]`, `[-∞, ∞]`, mates as `#3`.
pub(super) fn window_text((alpha, beta): (i32, i32)) -> String {
    format!("[{}, {}]", fmt::score(alpha), fmt::score(beta))
}

pub(super) fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `capture (Cap)`, `killer 1 (K1)`, `TT`: the name, and the short label when it differs.
pub(super) fn source_name(source: MoveSource) -> String {
    match SOURCES.get(usize::from(source.code())) {
        Some(row) if row.name == row.label => row.name.to_string(),
        Some(row) => format!("{} ({})", row.name, row.label),
        None => source.label(),
    }
}

pub(super) fn legal_moves(pos: &Position) -> MoveList {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
}

/// `right` and up to three other legal moves of `pos`, in SAN, in a seeded order.
pub(super) fn move_choices(pos: &Position, right: Move, rng: &mut u64) -> Vec<String> {
    let mut others: Vec<Move> = legal_moves(pos).iter().filter(|&m| m != right).collect();
    shuffle(&mut others, rng);
    let mut choices: Vec<String> = std::iter::once(right)
        .chain(others.into_iter().take(MOVE_CHOICES - 1))
        .map(|m| san(pos, m))
        .collect();
    shuffle(&mut choices, rng);
    choices
}

/// Fisher–Yates with the seeded generator.
pub(super) fn shuffle<T>(items: &mut [T], rng: &mut u64) {
    for i in (1..items.len()).rev() {
        let j = (splitmix64(rng) % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// Drops repeated choices, keeping the first of each.
fn dedupe(options: &mut Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    options.retain(|o| seen.insert(o.clone()));
}

/// `path` from `root` in SAN, space-separated (the moves were checked legal).
pub(super) fn line_san(root: &Position, path: &[Move]) -> String {
    let mut pos = root.clone();
    let mut words = Vec::with_capacity(path.len());
    for &mv in path {
        words.push(san(&pos, mv));
        pos.make_move(mv);
    }
    words.join(" ")
}
