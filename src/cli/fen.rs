//! `killerscope fen`: validate a FEN and show what the engine sees — the board, side to move,
//! castling rights, en-passant square, Zobrist key and the legal moves in SAN.

use super::CliError;
use clap::Args;
use killerscope_chess::san;
use killerscope_chess::{Color, MoveList, Position, Square};
use std::io::Write;

/// Arguments of `killerscope fen`.
#[derive(Args, Debug)]
pub struct FenArgs {
    /// The position; the fields may be given as one quoted argument or as separate words.
    #[arg(value_name = "FEN", num_args = 1.., required_unless_present = "fen_option",
          conflicts_with = "fen_option")]
    fen: Vec<String>,
    /// The position, as every other command takes it (quote it: it contains spaces).
    #[arg(long = "fen", id = "fen_option", value_name = "FEN")]
    fen_option: Option<String>,
    /// Draw pieces as FEN letters instead of Unicode chess symbols.
    #[arg(long)]
    ascii: bool,
}

/// Reads a FEN a command was given (`source` says where: `--fen`, an EPD line, a library
/// id): refused with the FEN's own error, or accepted — with a warning on stderr naming the
/// rule when the position cannot arise in a game (`Position::unreachable`), since classic
/// perft suites hold such positions and the engine plays them correctly as given.
pub fn read_position(fen: &str, source: &str) -> Result<Position, killerscope_chess::FenError> {
    let pos = Position::from_fen(fen)?;
    if let Some(why) = pos.unreachable() {
        eprintln!("warning: {source}: {why}; this position cannot arise in a game (used as given)");
    }
    Ok(pos)
}

/// Runs the command.
pub fn run(args: &FenArgs) -> Result<(), CliError> {
    let text = args
        .fen_option
        .clone()
        .unwrap_or_else(|| args.fen.join(" "));
    let pos = read_position(&text, "the FEN")?;
    show(&pos, args.ascii)
}

fn show(pos: &Position, ascii: bool) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", board(pos, ascii))?;
    let side = match pos.side_to_move() {
        Color::White => "White",
        Color::Black => "Black",
    };
    let ep = pos
        .en_passant()
        .map_or("-".to_string(), |sq| sq.to_string());
    writeln!(out, "FEN:          {}", pos.to_fen())?;
    writeln!(
        out,
        "Side to move: {side}{}",
        if pos.in_check() { " (in check)" } else { "" }
    )?;
    writeln!(out, "Castling:     {}", pos.castling())?;
    writeln!(out, "En passant:   {ep}")?;
    writeln!(out, "Zobrist key:  {:016x}", pos.key())?;
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let moves: Vec<String> = list.iter().map(|mv| san(pos, mv)).collect();
    let verdict = match (moves.is_empty(), pos.in_check()) {
        (true, true) => " — checkmate",
        (true, false) => " — stalemate",
        _ => "",
    };
    writeln!(out, "Legal moves:  {}{verdict}", moves.len())?;
    for line in moves.chunks(12) {
        writeln!(out, "  {}", line.join(" "))?;
    }
    out.flush()?;
    Ok(())
}

/// The board from White's side, with rank and file labels.
fn board(pos: &Position, ascii: bool) -> String {
    let files = "    a b c d e f g h";
    let mut s = String::from(files);
    s.push('\n');
    for rank in (0..8u8).rev() {
        s.push_str(&format!(" {} ", rank + 1));
        for file in 0..8u8 {
            let piece = Square::from_coords(file, rank).and_then(|sq| pos.piece_on(sq));
            let c = match (piece, ascii) {
                (Some(p), true) => p.fen_char(),
                (Some(p), false) => p.unicode(),
                (None, true) => '.',
                (None, false) => '·',
            };
            s.push(' ');
            s.push(c);
        }
        s.push_str(&format!("  {}\n", rank + 1));
    }
    s.push_str(files);
    s
}
