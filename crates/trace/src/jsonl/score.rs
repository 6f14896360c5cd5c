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

/// How a trace's integer scores are read: on killerscope's scale, or on the engine's own when
/// its header declares its mate score (`"mate"`) and, or, its infinity (`"infinity"`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Scale {
    /// The engine's score for mating at the root (mate at ply `p` scores `mate - p`).
    pub mate: Option<i64>,
    /// The engine's infinite score: at least its mate score, and may equal it.
    pub infinity: Option<i64>,
}

/// An integer score read from a trace on `scale`. With a declared mate score `m`: from
/// `m - 1000` up to `m` inclusive is a mate at the same distance from the root on
/// killerscope's scale; above `m` (`m + 1000` too) is infinite; below, an evaluation, cut to
/// ±30999 (and counted) if it reaches killerscope's mate band. Without one, killerscope's own
/// scale applies ([`clamp_cp`]). A declared infinity `i` reads as infinite exactly, even when
/// it equals the mate score; any other magnitude past the mate score (or past ±32001 on
/// killerscope's scale) also reads as infinite but is counted, since two such bounds can no
/// longer be told apart. Returns the score and whether it had to be cut to fit.
pub fn read_cp(cp: i64, scale: Scale) -> (i32, bool) {
    let sign = if cp < 0 { -1 } else { 1 };
    let magnitude = cp.unsigned_abs().min(i64::MAX as u64) as i64;
    if let Some(i) = scale.infinity
        && magnitude >= i
    {
        return (sign * INFINITY, magnitude > i);
    }
    let declared_infinity = scale.infinity.is_some();
    match scale.mate {
        Some(m) if magnitude > m => (sign * INFINITY, declared_infinity),
        Some(m) if magnitude >= m - i64::from(MATE - MATE_BOUND) => {
            (sign * (MATE - (m - magnitude) as i32), false)
        }
        Some(_) if magnitude >= i64::from(MATE_BOUND) => (sign * (MATE_BOUND - 1), true),
        Some(_) => (cp as i32, false),
        None if declared_infinity && magnitude >= i64::from(INFINITY) => (sign * INFINITY, true),
        None => (clamp_cp(cp), magnitude > i64::from(INFINITY)),
    }
}

/// How a window — a node's `(alpha, beta)` or an aspiration window — is written at a node
/// `ply` plies from the root: both bounds in the mate form when both have one, else both as
/// integers, so the two bounds of one window always read alike (a root window of ±32000 is
/// `-32000, 32000`, not `{"mate": 0}, 32000`). Exact either way: [`to_json`]'s rule.
pub fn window_to_json(alpha: i32, beta: i32, ply: u32) -> (JsonScore, JsonScore) {
    match (to_json(alpha, ply), to_json(beta, ply)) {
        (a @ JsonScore::Mate { .. }, b @ JsonScore::Mate { .. }) => (a, b),
        _ => (JsonScore::Cp(alpha), JsonScore::Cp(beta)),
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
        let m = Scale {
            mate: Some(100_000),
            infinity: None,
        };
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
        let own = Scale::default();
        assert_eq!(
            read_cp(31_500, own),
            (31_500, false),
            "killerscope's own mate band"
        );
        assert_eq!(read_cp(-40_000, own), (-INFINITY, true));
        assert_eq!(read_cp(i64::MIN, own), (-INFINITY, true));
    }

    #[test]
    fn the_mate_band_ends_at_the_mate_score_and_infinity_begins_past_it() {
        let m = Scale {
            mate: Some(30_000),
            infinity: None,
        };
        assert_eq!(read_cp(30_000, m), (MATE, false), "mate at the root");
        assert_eq!(
            read_cp(29_000, m),
            (MATE_BOUND, false),
            "the band's far end"
        );
        assert_eq!(read_cp(28_999, m), (28_999, false), "an evaluation");
        assert_eq!(
            read_cp(31_000, m),
            (INFINITY, false),
            "mate + 1000 is infinite"
        );
        assert_eq!(read_cp(-30_001, m), (-INFINITY, false));
    }

    #[test]
    fn a_declared_infinity_is_exact_and_other_values_past_mate_are_counted() {
        // An engine whose infinity is its mate score: ±30000 is infinite, not mate at the root.
        let same = Scale {
            mate: Some(30_000),
            infinity: Some(30_000),
        };
        assert_eq!(read_cp(30_000, same), (INFINITY, false));
        assert_eq!(read_cp(-30_000, same), (-INFINITY, false));
        assert_eq!(read_cp(29_999, same), (MATE - 1, false));
        assert_eq!(read_cp(30_001, same), (INFINITY, true));
        // Infinity above the mate score: values between them collapse, so they count.
        let above = Scale {
            mate: Some(30_000),
            infinity: Some(31_000),
        };
        assert_eq!(read_cp(31_000, above), (INFINITY, false));
        assert_eq!(read_cp(30_500, above), (INFINITY, true));
        assert_eq!(read_cp(30_000, above), (MATE, false));
        // On killerscope's own scale.
        let own = Scale {
            mate: None,
            infinity: Some(32_000),
        };
        assert_eq!(read_cp(32_000, own), (INFINITY, false));
        assert_eq!(read_cp(32_001, own), (INFINITY, true));
        assert_eq!(read_cp(31_999, own), (31_999, false));
    }

    #[test]
    fn a_windows_bounds_are_written_alike() {
        let cp = JsonScore::Cp;
        let mate = |mate| JsonScore::Mate { mate };
        assert_eq!(window_to_json(-MATE, MATE, 0), (cp(-MATE), cp(MATE)));
        assert_eq!(window_to_json(-(MATE - 3), MATE - 4, 3), (mate(0), mate(1)));
        assert_eq!(
            window_to_json(-(MATE - 3), 50, 3),
            (cp(-(MATE - 3)), cp(50))
        );
        assert_eq!(
            window_to_json(-INFINITY, INFINITY, 0),
            (cp(-INFINITY), cp(INFINITY))
        );
    }
}
