//! The root position of a Texel tree log: the FEN of the position Texel packs into its three
//! position records (4 bits a square and a flags word, as the table in `texel.rs` lays out).
//! Apart from the reader, which follows the node records: this only unpacks bits into a FEN,
//! once, for the root, and is checked below against a start position packed by hand.

use killerscope_chess::Square;

/// The FEN of the position Texel packed into `words`.
pub(super) fn position_fen(words: [u64; 5]) -> Result<String, String> {
    const PIECES: &[u8; 13] = b".KQRBNPkqrbnp";
    let mut board = [b'.'; 64];
    for (i, &word) in words[..4].iter().enumerate() {
        for k in 0..16 {
            let code = ((word >> ((15 - k) * 4)) & 0xf) as usize;
            board[i * 16 + k] = *PIECES
                .get(code)
                .ok_or_else(|| format!("square code {code} is no piece"))?;
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                b'.' => empty += 1,
                piece => {
                    if empty > 0 {
                        fen.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    fen.push(char::from(piece));
                }
            }
        }
        if empty > 0 {
            fen.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let flags = words[4];
    let white = flags >> 36 & 1 == 1;
    let castle = (flags >> 32) & 0xf;
    let ep = (flags >> 24) & 0xff;
    let rights: String = [(1, 'K'), (0, 'Q'), (3, 'k'), (2, 'q')]
        .iter()
        .filter(|&&(bit, _)| castle >> bit & 1 == 1)
        .map(|&(_, c)| c)
        .collect();
    let ep = match ep {
        0xff => "-".to_string(),
        sq if sq < 64 => Square::from_index(sq as u8).to_string(),
        sq => return Err(format!("en-passant square {sq} is off the board")),
    };
    Ok(format!(
        "{fen} {} {} {ep} {} {}",
        if white { 'w' } else { 'b' },
        if rights.is_empty() { "-" } else { &rights },
        (flags >> 16) & 0xff,
        (flags & 0xffff).max(1)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_unpacks_to_its_fen() {
        // Texel's packing of the start position, written out by hand from the format.
        let rank = |codes: [u64; 8]| codes.iter().fold(0u64, |w, &c| w << 4 | c);
        let two = |a: [u64; 8], b: [u64; 8]| rank(a) << 32 | rank(b);
        let words = [
            two([3, 5, 4, 2, 1, 4, 5, 3], [6; 8]),
            0,
            0,
            two([12; 8], [9, 11, 10, 8, 7, 10, 11, 9]),
            1 << 36 | 0xf << 32 | 0xff << 24 | 1,
        ];
        assert_eq!(
            position_fen(words).expect("a position"),
            killerscope_chess::START_FEN
        );
    }
}
