//! Sliding-piece attacks by "fancy" magic bitboards.
//!
//! For each square, the relevant blockers (`mask`: the rays without their edge squares) are
//! multiplied by a magic number and shifted so that every blocker subset lands on a slot holding
//! its attack set; all 64 rook and 64 bishop tables share one array of 107 648 entries. The
//! magics below were found once by the usual seeded random search (sparse xorshift64* candidates,
//! as described on the chess programming wiki's "Looking for Magics"); a unit test checks every
//! blocker subset of every square against a plain ray walk, so a bad magic cannot go unnoticed.
//! The table is filled on first use (about a millisecond); doing it in a `const` initialiser
//! instead would add ~10 s of compile-time evaluation to every build of the crate.

use super::attacks::{SLIDER_DELTAS, offset};
use super::bitboard::Bitboard;
use super::square::Square;
use std::sync::LazyLock;

const ROOK_MAGICS: [u64; 64] = [
    0x1080004008801020,
    0x0840092002C03000,
    0x1900200010400900,
    0x0880100008000480,
    0x4200100420080200,
    0x8100020100080400,
    0x0200040110886200,
    0x0200008040220411,
    0x0404800084400220,
    0x0000401000402000,
    0x0086001081220440,
    0x0408800800100280,
    0x000A001201040820,
    0x8848800200840080,
    0x4001000100040200,
    0x0442000102105084,
    0x9080010020804100,
    0x0040404000201009,
    0x0000808010002009,
    0x2200090021D00100,
    0x0008008008040080,
    0x0004004002010040,
    0x0011040008015042,
    0x00000A0001768104,
    0x0000800080204009,
    0x2010004140002001,
    0x9800200280100080,
    0x1000100080080080,
    0x0442000A00049020,
    0x2100040080020080,
    0x0800120400900148,
    0x0010040A00128541,
    0x2800804000800030,
    0x1010002000400041,
    0x4000200011004100,
    0x0610008410800800,
    0x0400802402800800,
    0xC100020080800400,
    0x0002000802000401,
    0x0182085882000401,
    0x0220204000808000,
    0x2860100040024022,
    0x0001002004110040,
    0x99101042000A0020,
    0x0004080004008080,
    0x0010040002008080,
    0x2012004881020004,
    0x8300842444820011,
    0x0088403882010200,
    0x0820400080210100,
    0x0110910040A00300,
    0x0801100280080480,
    0x0242009008200600,
    0x1002000489500200,
    0x0040800200010080,
    0x0091800041000080,
    0x0000209300488001,
    0x04C1002414824001,
    0x020020000B001041,
    0x7000100004200901,
    0x8002002004100802,
    0x30010002084C0007,
    0x0888221800813004,
    0x4000002840840112,
];

const BISHOP_MAGICS: [u64; 64] = [
    0xA010041108003100,
    0x006082020A002900,
    0x6810010619200000,
    0x08281A0520000408,
    0x0001104001000400,
    0x0018901008048400,
    0x00040A0210245280,
    0x000200210808A402,
    0x9140048410821200,
    0x0800091010820041,
    0x20504804832202C0,
    0x0100091401081000,
    0x8021011140000012,
    0x0810020804450400,
    0x208B0542109008A2,
    0x0080084A08040204,
    0x0040E2A80811244C,
    0x2505022008008108,
    0x0430220100420040,
    0x010A040420220040,
    0x1105000290400000,
    0x0093001200822120,
    0x4000A62048043004,
    0x280120048A015004,
    0x006090002A020814,
    0x44042000240800D0,
    0x01102800040A4400,
    0x1004080080220040,
    0x0001001011004024,
    0x0010044000805040,
    0x0914041200820100,
    0x0004821012821480,
    0x0024040500C05021,
    0x0088611002080200,
    0x0116080A00040020,
    0x4000020080080080,
    0x2450450140840040,
    0x0000880201484100,
    0x0222020404020092,
    0x8081110600002E00,
    0x2842101105000801,
    0x1100809008001025,
    0x00020202221C0400,
    0x0422014022009020,
    0x0210046102100C00,
    0xC004008082029102,
    0x00AA461801101200,
    0x0404080080201108,
    0x020542108C205002,
    0x0410544804100100,
    0x0040910841100000,
    0x0400200042021100,
    0x00004204850400C0,
    0x0200100410A42102,
    0x1040020801210102,
    0x0805040410420000,
    0x2884804130100200,
    0x800C262201242000,
    0x1058000194108800,
    0x0014221054420204,
    0x0104000012A02200,
    0x0200881003300100,
    0x0140400202840100,
    0x0402020801010201,
];

/// Total table entries: sum over squares of 2^(relevant blocker count).
const TABLE_SIZE: usize = 107_648;

#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl Magic {
    #[inline(always)]
    const fn index(&self, occ: u64) -> usize {
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
    Bitboard(s.table[s.rook[sq.index()].index(occ.0)])
}

/// Bishop attacks from `sq` with blockers `occ`.
#[inline(always)]
pub(crate) fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let s = &*SLIDERS;
    Bitboard(s.table[s.bishop[sq.index()].index(occ.0)])
}

/// Attacks from `sq` along directions `SLIDER_DELTAS[first..first + 4]`, stopping at (and
/// including) the first blocker: the slow reference the tables are filled from. With
/// `relevant`, returns instead the blocker mask: the rays without their last square.
const fn ray_walk(sq: usize, occ: u64, first: usize, relevant: bool) -> u64 {
    let mut bits = 0;
    let mut d = first;
    while d < first + 4 {
        let (df, dr) = SLIDER_DELTAS[d];
        let mut cur = offset(sq, df, dr);
        while let Some(s) = cur {
            let next = offset(s, df, dr);
            if !relevant || next.is_some() {
                bits |= 1 << s;
            }
            if occ >> s & 1 != 0 {
                break;
            }
            cur = next;
        }
        d += 1;
    }
    bits
}

/// Fills the magics for one piece (rook rays at 0, bishop rays at 4) from `offset` on, and
/// returns the offset after its last slot.
fn fill(
    magics: &[u64; 64],
    first: usize,
    out: &mut [Magic; 64],
    table: &mut [u64],
    mut offset: usize,
) -> usize {
    for (sq, (slot, &number)) in out.iter_mut().zip(magics).enumerate() {
        let mask = ray_walk(sq, 0, first, true);
        let bits = mask.count_ones();
        let magic = Magic {
            mask,
            magic: number,
            shift: 64 - bits,
            offset: offset as u32,
        };
        let mut subset = 0u64;
        loop {
            table[magic.index(subset)] = ray_walk(sq, subset, first, false);
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        *slot = magic;
        offset += 1 << bits;
    }
    offset
}

fn build() -> Sliders {
    let empty = Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    };
    let mut s = Sliders {
        rook: [empty; 64],
        bishop: [empty; 64],
        table: vec![0; TABLE_SIZE].into_boxed_slice(),
    };
    let end = fill(&ROOK_MAGICS, 0, &mut s.rook, &mut s.table, 0);
    let end = fill(&BISHOP_MAGICS, 4, &mut s.bishop, &mut s.table, end);
    debug_assert_eq!(end, TABLE_SIZE);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every blocker subset of every square: the magic lookup equals the ray walk, so no two
    /// subsets with different attacks share a slot.
    #[test]
    fn magic_lookups_match_ray_walks_for_every_blocker_subset() {
        for sq in 0..64u8 {
            for (first, lookup) in [
                (0, rook_attacks as fn(Square, Bitboard) -> Bitboard),
                (4, bishop_attacks),
            ] {
                let mask = ray_walk(sq as usize, 0, first, true);
                let mut subset = 0u64;
                loop {
                    let expected = ray_walk(sq as usize, subset, first, false);
                    assert_eq!(lookup(Square::from_index(sq), Bitboard(subset)).0, expected);
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
    }
}
