//! Scores in a trace: centipawns from the side to move as a JSON integer, mates as
//! `{"mate": n}` in moves the way UCI counts them (`n > 0`: the side to move mates in `n`;
//! `n < 0`: it is mated in `-n`; `0`: it is mated on the board), counted from the node the
//! event belongs to.
//!
//! Inside killerscope a mate `p` plies from the root scores `MATE - p` wherever in the tree it
//! is reported, so turning a mate in moves back into a score needs the node's ply. The export
//! writes the mate form only when reading it back gives exactly the same score (a window bound
//! such as `MATE - 5 + 25` from an aspiration window is no mate of any length and stays an
//! integer), so export → import → export is lossless.

use killerscope_engine::{score::INFINITY, score::MATE, score::MATE_BOUND};
use serde::Serialize;

/// A score as the trace writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum JsonScore {
    /// Centipawns (or a bound the mate form cannot express exactly).
    Cp(i32),
    /// A mate in moves from the event's node.
    Mate {
        /// Moves to mate: positive when the side to move mates.
        mate: i32,
    },
}

/// The mate in moves that `score` announces at a node `ply` plies from the root, when the
/// mate form holds it exactly.
fn mate_moves(score: i32, ply: u32) -> Option<i32> {
    if !(MATE_BOUND..=MATE).contains(&score.abs()) {
        return None;
    }
    let from_root = MATE - score.abs();
    let plies = from_root.checked_sub(i32::try_from(ply).ok()?)?;
    if plies < 0 {
        return None;
    }
    let moves = match (score > 0, plies % 2) {
        (true, 1) => (plies + 1) / 2,
        (false, 0) => -(plies / 2),
        _ => return None,
    };
    (mate_score(moves, ply) == Some(score)).then_some(moves)
}

/// The score of a mate in `moves` (UCI sign convention) at a node `ply` plies from the root;
/// `None` when the mate would lie further from the root than a score can say.
pub fn mate_score(moves: i32, ply: u32) -> Option<i32> {
    let plies = if moves > 0 {
        moves.checked_mul(2)? - 1
    } else {
        moves.checked_mul(-2)?
    };
    let from_root = plies.checked_add(i32::try_from(ply).ok()?)?;
    if from_root > MATE - MATE_BOUND {
        return None;
    }
    let score = MATE - from_root;
    Some(if moves > 0 { score } else { -score })
}

/// How `score`, reported at a node `ply` plies from the root, is written.
pub fn to_json(score: i32, ply: u32) -> JsonScore {
    match mate_moves(score, ply) {
        Some(mate) => JsonScore::Mate { mate },
        None => JsonScore::Cp(score),
    }
}

/// Centipawns read from a trace: any integer, with magnitudes beyond `INFINITY` (an engine's
/// own "infinite" window bound, `INT_MAX` say) read as `±INFINITY`.
pub fn clamp_cp(cp: i64) -> i32 {
    cp.clamp(i64::from(-INFINITY), i64::from(INFINITY)) as i32
}

/// An integer score read from a trace whose header declares the engine's own mate score
/// `engine_mate` (its score for mating at the root; mate at ply `p` is `engine_mate - p`):
/// the engine's mate band (within 1000 plies of `engine_mate`) becomes killerscope's at the
/// same distance from the root, beyond `engine_mate` is infinite, and an evaluation is kept as
/// it is. Without a declared mate score, killerscope's own scale applies ([`clamp_cp`]).
/// Returns the score and whether it had to be cut to fit (an evaluation of the engine's that
/// reaches killerscope's mate band, or a magnitude past infinity without a declared scale).
pub fn read_cp(cp: i64, engine_mate: Option<i64>) -> (i32, bool) {
    let sign = if cp < 0 { -1 } else { 1 };
    let magnitude = cp.unsigned_abs().min(i64::MAX as u64) as i64;
    match engine_mate {
        Some(m) if magnitude > m => (sign * INFINITY, false),
        Some(m) if magnitude >= m - i64::from(MATE - MATE_BOUND) => {
            (sign * (MATE - (m - magnitude) as i32), false)
        }
        Some(_) if magnitude >= i64::from(MATE_BOUND) => (sign * (MATE_BOUND - 1), true),
        _ => (clamp_cp(cp), magnitude > i64::from(INFINITY)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_are_moves_from_the_node() {
        assert_eq!(to_json(MATE - 1, 0), JsonScore::Mate { mate: 1 });
        assert_eq!(to_json(MATE - 5, 2), JsonScore::Mate { mate: 2 });
        assert_eq!(to_json(-(MATE - 4), 2), JsonScore::Mate { mate: -1 });
        assert_eq!(to_json(-(MATE - 3), 3), JsonScore::Mate { mate: 0 });
        assert_eq!(to_json(35, 4), JsonScore::Cp(35));
    }

    #[test]
    fn scores_the_mate_form_cannot_hold_stay_integers() {
        assert_eq!(to_json(INFINITY, 0), JsonScore::Cp(INFINITY));
        assert_eq!(to_json(-INFINITY, 7), JsonScore::Cp(-INFINITY));
        // Wrong parity for the node (a window bound, not a mate).
        assert_eq!(to_json(MATE - 3, 1), JsonScore::Cp(MATE - 3));
        // A mate nearer the root than the node itself.
        assert_eq!(to_json(MATE - 2, 5), JsonScore::Cp(MATE - 2));
    }

    #[test]
    fn every_score_round_trips() {
        for ply in [0u32, 1, 2, 7, 60, 127] {
            for score in (-INFINITY..=-MATE_BOUND + 3).chain(MATE_BOUND - 3..=INFINITY) {
                let back = match to_json(score, ply) {
                    JsonScore::Cp(cp) => clamp_cp(i64::from(cp)),
                    JsonScore::Mate { mate } => mate_score(mate, ply).expect("in range"),
                };
                assert_eq!(back, score, "ply {ply}");
            }
        }
        assert_eq!(mate_score(600, 0), None);
        assert_eq!(mate_score(i32::MAX, 0), None);
        assert_eq!(clamp_cp(i64::MAX), INFINITY);
    }

    #[test]
    fn an_engines_own_mate_scale_maps_onto_killerscopes_at_the_same_distance() {
        let m = Some(100_000);
        assert_eq!(read_cp(99_995, m), (MATE - 5, false));
        assert_eq!(
            read_cp(99_994, m),
            (MATE - 6, false),
            "probe windows stay apart"
        );
        assert_eq!(read_cp(-99_998, m), (-(MATE - 2), false));
        assert_eq!(read_cp(100_001, m), (INFINITY, false));
        assert_eq!(read_cp(250, m), (250, false));
        assert_eq!(
            read_cp(50_000, m),
            (MATE_BOUND - 1, true),
            "an evaluation cut to fit"
        );
        assert_eq!(
            read_cp(31_500, None),
            (31_500, false),
            "killerscope's own mate band"
        );
        assert_eq!(read_cp(-40_000, None), (-INFINITY, true));
        assert_eq!(read_cp(i64::MIN, None), (-INFINITY, true));
    }
}
