//! Score conventions shared by the search, the transposition table and every report.
//!
//! Scores are `i32` centipawns from the side to move's point of view. A mate delivered `p` plies
//! from the root scores `MATE - p` (being mated, `-(MATE - p)`), so shorter mates score higher and
//! a score alone says how far the mate is.

/// The score of delivering mate at the root itself; a mate at ply `p` scores `MATE - p`.
pub const MATE: i32 = 32_000;

/// Larger than any score the search returns: the initial alpha-beta window is `(-INFINITY, INFINITY)`.
pub const INFINITY: i32 = MATE + 1;

/// The score of a drawn position (repetition, fifty-move rule, stalemate, insufficient material).
pub const DRAW: i32 = 0;

/// Scores at least this far from zero are mates (mates further than this many plies cannot occur).
pub const MATE_BOUND: i32 = MATE - 1_000;

/// Whether `score` announces a forced mate for either side.
#[inline]
pub const fn is_mate(score: i32) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// Moves (not plies) to mate, signed: positive when the side to move mates, negative when it is
/// mated, `None` for an ordinary evaluation. UCI's `score mate n` uses exactly this number.
pub const fn mate_distance(score: i32) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

/// The UCI `score` field: `cp 35`, `mate 3` or `mate -2`.
pub fn format_uci(score: i32) -> String {
    match mate_distance(score) {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {score}"),
    }
}

/// Converts a score relative to the root into one relative to the node at `ply`, for storing in
/// the transposition table: a mate found `ply` plies deep is stored as "mate from here", so the
/// entry stays right when the same position is reached at another ply.
#[inline]
pub const fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score + ply as i32
    } else if score <= -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// Inverse of [`to_tt`]: a stored "mate from here" becomes a mate relative to the root again.
#[inline]
pub const fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= MATE_BOUND {
        score - ply as i32
    } else if score <= -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_count_moves_not_plies() {
        assert_eq!(mate_distance(MATE - 1), Some(1));
        assert_eq!(mate_distance(MATE - 3), Some(2));
        assert_eq!(mate_distance(MATE - 5), Some(3));
        assert_eq!(mate_distance(-(MATE - 2)), Some(-1));
        assert_eq!(mate_distance(-(MATE - 4)), Some(-2));
        assert_eq!(mate_distance(-MATE), Some(0));
        assert_eq!(mate_distance(150), None);
    }

    #[test]
    fn uci_scores() {
        assert_eq!(format_uci(35), "cp 35");
        assert_eq!(format_uci(-120), "cp -120");
        assert_eq!(format_uci(MATE - 5), "mate 3");
        assert_eq!(format_uci(-(MATE - 4)), "mate -2");
    }

    #[test]
    fn tt_adjustment_round_trips_and_rebases_mates() {
        for score in [0, 57, -300, MATE - 7, -(MATE - 6)] {
            assert_eq!(from_tt(to_tt(score, 5), 5), score);
        }
        // Mate in 3 plies from a node at ply 4 is mate at ply 7 from the root...
        let stored = to_tt(MATE - 7, 4);
        assert_eq!(stored, MATE - 3);
        // ...and the same entry reached at ply 2 is mate at ply 5.
        assert_eq!(from_tt(stored, 2), MATE - 5);
        assert_eq!(to_tt(42, 9), 42);
    }
}
