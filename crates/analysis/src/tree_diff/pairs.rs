//! The alignment itself, shared by the diff's walk and by any view that shows the two trees as
//! one: which root of B goes with which root of A (the k-th search of an iteration's depth with
//! the k-th), and which child of B goes with which child of A (the same step, the same
//! occurrence of it). A node of the aligned tree is a [`Pair`]: A's node, B's, or both.

use super::facts::{Child, children_of};
use super::shape::DiffTree;
use killerscope_chess::Position;
use killerscope_log::LogHeader;
use killerscope_text::quote;
use killerscope_trace::NodeId;

/// A node of the aligned tree: A's node and B's; one of them is `None` in a subtree searched
/// by one side only.
pub type Pair = (Option<NodeId>, Option<NodeId>);

/// Each root of `tree` with the depth of its iteration and which search of that depth it is.
pub(super) fn keyed_roots<T: DiffTree>(tree: &T) -> Vec<(i8, u16, NodeId)> {
    let mut seen: Vec<(i8, u16)> = Vec::new();
    tree.top_level()
        .iter()
        .map(|&r| {
            let depth = tree.root_depth(r);
            let k = seen.iter().filter(|(d, _)| *d == depth).count() as u16;
            seen.push((depth, k));
            (depth, k, r)
        })
        .collect()
}

/// The roots of the aligned tree: A's roots in search order, each with B's root of the same
/// iteration depth and occurrence, then B's roots A has no partner for.
pub fn root_pairs<T: DiffTree>(a: &T, b: &T) -> Vec<Pair> {
    let (ka, kb) = (keyed_roots(a), keyed_roots(b));
    let partner = |of: &[(i8, u16, NodeId)], d: i8, k: u16| {
        of.iter()
            .find(|&&(dd, kk, _)| dd == d && kk == k)
            .map(|&(_, _, r)| r)
    };
    let mut out: Vec<Pair> = ka
        .iter()
        .map(|&(d, k, r)| (Some(r), partner(&kb, d, k)))
        .collect();
    out.extend(
        kb.iter()
            .filter(|&&(d, k, _)| partner(&ka, d, k).is_none())
            .map(|&(_, _, r)| (None, Some(r))),
    );
    out
}

/// Children of A's node and B's node matched by the step that leads to them and which search
/// of it they are: the index pairs `(i in a, j in b)` in A's order, A's unmatched indexes and
/// B's unmatched indexes (each in search order).
pub(super) fn match_children(
    a: &[Child],
    b: &[Child],
) -> (Vec<(usize, usize)>, Vec<usize>, Vec<usize>) {
    let key = |c: &Child| (c.mv.raw(), c.same_position, c.occurrence);
    let mut b_index: Vec<((u16, bool, u16), usize)> =
        b.iter().enumerate().map(|(i, c)| (key(c), i)).collect();
    b_index.sort_unstable();
    let mut b_matched = vec![false; b.len()];
    let (mut pairs, mut only_a) = (Vec::new(), Vec::new());
    for (i, c) in a.iter().enumerate() {
        match b_index.binary_search_by_key(&key(c), |&(k, _)| k) {
            Ok(at) => {
                let j = b_index[at].1;
                b_matched[j] = true;
                pairs.push((i, j));
            }
            Err(_) => only_a.push(i),
        }
    }
    let only_b = (0..b.len()).filter(|&j| !b_matched[j]).collect();
    (pairs, only_a, only_b)
}

/// The children of `pair` in the aligned tree: A's children in search order, each with its
/// partner in B, then B's children A has no partner for. Under a one-sided node every child is
/// one-sided too.
pub fn child_pairs<T: DiffTree>(a: &T, b: &T, pair: Pair) -> Vec<Pair> {
    let ca = pair.0.map(|x| children_of(a, x)).unwrap_or_default();
    let cb = pair.1.map(|y| children_of(b, y)).unwrap_or_default();
    let (matched, _, only_b) = match_children(&ca, &cb);
    let mut partner = vec![None; ca.len()];
    for (i, j) in matched {
        partner[i] = Some(cb[j].id);
    }
    let mut out: Vec<Pair> = ca
        .iter()
        .zip(partner)
        .map(|(c, p)| (Some(c.id), p))
        .collect();
    out.extend(only_b.into_iter().map(|j| (None, Some(cb[j].id))));
    out
}

/// Whether `pair` has children in the aligned tree.
pub fn pair_has_children<T: DiffTree>(a: &T, b: &T, pair: Pair) -> bool {
    pair.0.is_some_and(|x| a.has_child(x)) || pair.1.is_some_and(|y| b.has_child(y))
}

/// Refuses two searches that cannot be aligned, saying what differs: other root positions
/// (compared without the move clocks), or other recording filters. Each side is its name (a
/// file, a configuration) and its log header.
pub fn alignable(a: (&str, &LogHeader), b: (&str, &LogHeader)) -> Result<(), String> {
    let place = |fen: &str| -> String {
        match Position::from_fen(fen) {
            Ok(p) => p.to_fen().split(' ').take(4).collect::<Vec<_>>().join(" "),
            Err(_) => fen.trim().to_string(),
        }
    };
    let (fa, fb) = (&a.1.fen, &b.1.fen);
    if place(fa) != place(fb) {
        return Err(format!(
            "A ({}) searched {} and B ({}) searched {}: a diff aligns two searches of the same \
             position",
            a.0,
            quote(fa),
            b.0,
            quote(fb)
        ));
    }
    if a.1.filter != b.1.filter {
        let what = |f: &str| {
            if f.is_empty() {
                "every node".to_string()
            } else {
                format!("only {}", quote(f))
            }
        };
        return Err(format!(
            "A records {} and B records {}: only trees recorded alike can be aligned",
            what(&a.1.filter),
            what(&b.1.filter)
        ));
    }
    Ok(())
}
