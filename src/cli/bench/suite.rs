//! The positions a bench searches: the built-in suite, an EPD file, or the classroom library.

use crate::cli::CliError;
use killerscope_chess::Position;
use killerscope_text::printable;
use std::path::Path;

/// A position of the suite with the name it is shown under (safe to print).
pub(super) struct Named {
    pub name: String,
    pub pos: Position,
}

/// The built-in suite: the standard perft positions of the Chess Programming Wiki (openings,
/// castling, promotions, en passant, a pawn ending), the classroom's puzzle, and Fine #70
/// (Lasker–Reichhelm), the classic test of a transposition table. Never change it: its total is
/// the signature that tells one search from another.
const SUITE: [(&str, &str); 8] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    ("perft-3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    (
        "perft-4",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    ),
    (
        "perft-5",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ),
    (
        "perft-6",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ),
    (
        "puzzle",
        "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1",
    ),
    ("fine-70", "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"),
];

/// The positions: `epd` when given, else the library when asked, else the built-in suite.
pub(super) fn positions(epd: Option<&Path>, library: bool) -> Result<Vec<Named>, CliError> {
    if let Some(path) = epd {
        return from_epd(path);
    }
    let list: Vec<(String, String)> = if library {
        killerscope_explorer::library::embedded()
            .into_iter()
            .map(|e| (e.id, e.fen))
            .collect()
    } else {
        SUITE
            .iter()
            .map(|&(n, f)| (n.to_string(), f.to_string()))
            .collect()
    };
    list.into_iter()
        .map(|(name, fen)| {
            let pos =
                crate::cli::fen::read_position(&fen, &format!("position {}", printable(&name)))
                    .map_err(|e| CliError::new(format!("position {}: {e}", printable(&name))))?;
            Ok(Named {
                name: printable(&name).into_owned(),
                pos,
            })
        })
        .collect()
}

/// EPD or plain FEN lines; a position without an `id` is named by its place.
fn from_epd(path: &Path) -> Result<Vec<Named>, CliError> {
    let text = killerscope_log::files::read_text(path, killerscope_chess::epd::MAX_FILE_BYTES)
        .map_err(|e| CliError::new(format!("EPD file {}: {e}", path.display())))?;
    let records = killerscope_chess::epd::parse(&text)
        .map_err(|e| CliError::new(format!("{}:{}: {}", path.display(), e.line, e.message)))?;
    let mut list = Vec::with_capacity(records.len());
    for record in records {
        let at = format!("{}:{}", path.display(), record.line);
        let pos = crate::cli::fen::read_position(&record.fen, &at)
            .map_err(|e| CliError::new(format!("{at}: {e}")))?;
        let name = match record.id {
            Some(id) => printable(&id).into_owned(),
            None => format!("#{}", list.len() + 1),
        };
        list.push(Named { name, pos });
    }
    if list.is_empty() {
        return Err(CliError::new(format!("{}: no positions", path.display())));
    }
    Ok(list)
}
