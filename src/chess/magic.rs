//! Sliding-piece attacks by "fancy" magic bitboards.
//!
//! For each square, the relevant blockers (`mask`) are multiplied by a magic number and shifted
//! so that every blocker subset maps to a slot holding its attack set. The magics are found once,
//! on first use, by a seeded random search (deterministic: the same tables on every run; ~10 ms),
//! and all 64 rook and 64 bishop tables share one array of 107 648 entries.

use super::attacks::{SLIDER_DELTAS, offset};
use super::bitboard::Bitboard;
use super::square::Square;
use std::sync::LazyLock;

#[derive(Clone, Copy, Default)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

struct Sliders {
    rook: [Magic; 64],
    bishop: [Magic; 64],
    table: Box<[u64]>,
}

static SLIDERS: LazyLock<Sliders> = LazyLock::new(build);

/// Rook attacks from `sq` with blockers `occ`.
#[inline(always)]
pub(crate) fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let s = &*SLIDERS;
    let m = &s.rook[sq.index()];
    Bitboard(s.table[m.index(occ.0)])
}

/// Bishop attacks from `sq` with blockers `occ`.
#[inline(always)]
pub(crate) fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let s = &*SLIDERS;
    let m = &s.bishop[sq.index()];
    Bitboard(s.table[m.index(occ.0)])
}

/// Attacks from `sq` along `dirs`, stopping at (and including) the first blocker: the slow
/// reference the magic tables are filled from.
fn slow_attacks(sq: usize, occ: u64, dirs: &[(i8, i8)]) -> u64 {
    let mut bits = 0;
    for &(df, dr) in dirs {
        let mut cur = offset(sq, df, dr);
        while let Some(s) = cur {
            bits |= 1 << s;
            if occ >> s & 1 != 0 {
                break;
            }
            cur = offset(s, df, dr);
        }
    }
    bits
}

/// Blockers that matter for a slider on `sq`: its rays without the last square of each.
fn relevant_mask(sq: usize, dirs: &[(i8, i8)]) -> u64 {
    let mut bits = 0;
    for &(df, dr) in dirs {
        let mut cur = offset(sq, df, dr);
        while let Some(s) = cur {
            let next = offset(s, df, dr);
            if next.is_some() {
                bits |= 1 << s;
            }
            cur = next;
        }
    }
    bits
}

/// xorshift64*: a tiny deterministic generator for the magic search.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// Few set bits: such numbers make good magic candidates.
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

/// Finds a collision-free magic for `sq` and fills its slice of `table`.
fn find_magic(
    sq: usize,
    dirs: &[(i8, i8)],
    offset: usize,
    table: &mut Vec<u64>,
    rng: &mut Rng,
) -> Magic {
    let mask = relevant_mask(sq, dirs);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let mut occupancies = Vec::with_capacity(size);
    let mut subset = 0u64;
    loop {
        occupancies.push((subset, slow_attacks(sq, subset, dirs)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    table.resize(offset + size, 0);
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let candidate = Magic {
            mask,
            magic,
            shift: 64 - bits,
            offset: offset as u32,
        };
        let ok = occupancies.iter().all(|&(occ, attacks)| {
            let slot = candidate.index(occ) - offset;
            if epoch[slot] != attempt {
                epoch[slot] = attempt;
                table[offset + slot] = attacks;
                true
            } else {
                table[offset + slot] == attacks
            }
        });
        if ok {
            return candidate;
        }
    }
}

fn build() -> Sliders {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::with_capacity(107_648);
    let mut rook = [Magic::default(); 64];
    let mut bishop = [Magic::default(); 64];
    for (sq, magic) in rook.iter_mut().enumerate() {
        *magic = find_magic(sq, &SLIDER_DELTAS[..4], table.len(), &mut table, &mut rng);
    }
    for (sq, magic) in bishop.iter_mut().enumerate() {
        *magic = find_magic(sq, &SLIDER_DELTAS[4..], table.len(), &mut table, &mut rng);
    }
    Sliders {
        rook,
        bishop,
        table: table.into_boxed_slice(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every square against many random blocker sets: the tables agree with the slow walk.
    #[test]
    fn magic_lookups_match_ray_walks() {
        let mut rng = Rng(12345);
        for sq in 0..64u8 {
            for _ in 0..200 {
                let occ = rng.next() & rng.next();
                let s = Square::from_index(sq);
                let idx = sq as usize;
                assert_eq!(
                    rook_attacks(s, Bitboard(occ)).0,
                    slow_attacks(idx, occ, &SLIDER_DELTAS[..4])
                );
                assert_eq!(
                    bishop_attacks(s, Bitboard(occ)).0,
                    slow_attacks(idx, occ, &SLIDER_DELTAS[4..])
                );
            }
        }
        assert_eq!(SLIDERS.table.len(), 107_648);
    }
}
