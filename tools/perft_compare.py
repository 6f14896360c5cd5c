#!/usr/bin/env python3
"""Times `killerscope perft` against cozy-chess, shakmaty and Stockfish, whole processes, paired.

The comparison programs are never dependencies of killerscope: this script writes a throwaway
cargo project in a temporary directory (cozy-chess and shakmaty from crates.io), builds it in
release mode with the same profile settings as ours, and deletes it afterwards. Stockfish is the
Debian package (`apt-get install stockfish`), driven through its UCI `go perft`.

    cargo build --release
    tools/perft_compare.py --rounds 15

Each round runs every program once on each case, in an order that rotates from round to round,
so a burst of load from another user falls on all of them alike. A program's figure is the
median of its wall times; a ratio is the median of the per-round ratios (ours over theirs), for
wall time and for CPU time (user + system of the whole process, from wait4). The cases:

- bulk: our default `perft` (the last ply counted, not played) against cozy-chess's bulk perft
  and Stockfish's `go perft`, start position depth 6 and Kiwipete depth 5;
- full: `perft --full` (make/unmake at every leaf) against shakmaty playing every leaf
  (clone and play, the way shakmaty's own API walks a tree), same positions and depths.

Every node count is checked against the published count, so a fast wrong answer cannot pass.
Stockfish's start-up (loading its network, clearing its hash table) takes about a second on
this machine and is not perft: it is timed from `go perft` to its `Nodes searched` line, after
`isready` has been answered, with its CPU time read from /proc/PID/stat around the same span
(10 ms resolution). Every other program is a whole process, start-up included.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CASES = [("startpos d6", START, 6, 119_060_324), ("Kiwipete d5", KIWIPETE, 5, 193_690_690)]

CARGO_TOML = """[package]
name = "perft-reference"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
cozy-chess = "0.3"
shakmaty = "0.29"

[profile.release]
codegen-units = 1
lto = "thin"
"""

MAIN_RS = r"""
//! perft-reference MODE DEPTH FEN: `cozy-bulk` (cozy-chess, last ply counted from the move
//! sets) or `shakmaty-full` (shakmaty, every leaf played on a clone). Prints the node count.
use shakmaty::{CastlingMode, Chess, Position, fen::Fen};

fn cozy_bulk(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
        return nodes;
    }
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_bulk(&child, depth - 1);
        }
        false
    });
    nodes
}

fn shakmaty_full(pos: &Chess, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in pos.legal_moves() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += shakmaty_full(&child, depth - 1);
    }
    nodes
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mode, depth, fen) = (&args[1], args[2].parse::<u32>().expect("depth"), &args[3]);
    let nodes = match mode.as_str() {
        "cozy-bulk" => {
            let board: cozy_chess::Board = fen.parse().expect("cozy-chess FEN");
            if depth == 0 { 1 } else { cozy_bulk(&board, depth) }
        }
        "shakmaty-full" => {
            let parsed: Fen = fen.parse().expect("shakmaty FEN");
            let pos: Chess = parsed.into_position(CastlingMode::Standard).expect("position");
            shakmaty_full(&pos, depth)
        }
        other => panic!("unknown mode {other}"),
    };
    println!("Nodes searched: {nodes}");
}
"""


def build_reference(workdir: Path) -> Path:
    """Writes and builds the throwaway comparison project; returns its binary."""
    (workdir / "src").mkdir(parents=True)
    (workdir / "Cargo.toml").write_text(CARGO_TOML)
    (workdir / "src" / "main.rs").write_text(MAIN_RS)
    print(f"building cozy-chess and shakmaty in {workdir} (not part of killerscope)", flush=True)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=workdir, check=True)
    subprocess.run(["cargo", "tree", "--depth", "1", "-e", "normal"], cwd=workdir, check=True)
    return workdir / "target" / "release" / "perft-reference"


def timed(cmd):
    """Runs one whole process; returns (wall seconds, CPU seconds of the child, stdout)."""
    before = os.times()
    start = time.perf_counter()
    proc = subprocess.run(
        cmd,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
    )
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    if proc.returncode != 0:
        sys.exit(f"{cmd[0]} exited with {proc.returncode}: {proc.stderr}")
    return wall, cpu, proc.stdout


def nodes_of(out: str) -> int:
    for line in out.splitlines():
        if line.startswith("Nodes searched:"):
            return int(line.split(":")[1])
    sys.exit(f"no 'Nodes searched' line in:\n{out}")


def cpu_of(pid: int) -> float:
    """User + system CPU seconds of a running process, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed_uci(engine: str, fen: str, depth: int):
    """Stockfish's `go perft`, timed from the command to its answer, start-up excluded."""
    proc = subprocess.Popen(
        [engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )

    def send(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()

    def read_until(prefix):
        lines = []
        for line in proc.stdout:
            lines.append(line)
            if line.startswith(prefix):
                return "".join(lines)
        sys.exit(f"{engine} ended before '{prefix}'")

    send("isready")
    read_until("readyok")
    send(f"position fen {fen}")
    cpu = cpu_of(proc.pid)
    start = time.perf_counter()
    send(f"go perft {depth}")
    out = read_until("Nodes searched")
    wall = time.perf_counter() - start
    cpu = cpu_of(proc.pid) - cpu
    send("quit")
    proc.wait()
    return wall, cpu, out


def programs(ours: str, reference: Path, stockfish: str | None, fen: str, depth: int):
    """The commands of one case: name -> (argv, "process" or "uci")."""
    progs = {
        "killerscope": ([ours, "perft", "--depth", str(depth), "--fen", fen], "process"),
        "killerscope --full": (
            [ours, "perft", "--full", "--depth", str(depth), "--fen", fen],
            "process",
        ),
        "cozy-chess": ([str(reference), "cozy-bulk", str(depth), fen], "process"),
        "shakmaty": ([str(reference), "shakmaty-full", str(depth), fen], "process"),
    }
    if stockfish:
        progs["stockfish"] = ([stockfish], "uci")
    return progs


PAIRS = [
    ("killerscope", "cozy-chess"),
    ("killerscope", "stockfish"),
    ("killerscope --full", "shakmaty"),
]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--killerscope", default="target/release/killerscope")
    parser.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    args = parser.parse_args()
    stockfish = args.stockfish if Path(args.stockfish).exists() else None
    if not stockfish:
        print("stockfish not found (apt-get install stockfish): its column is skipped")

    with tempfile.TemporaryDirectory(prefix="perft-reference-") as tmp:
        reference = build_reference(Path(tmp))
        for name, fen, depth, expected in CASES:
            progs = programs(args.killerscope, reference, stockfish, fen, depth)
            names = list(progs)
            wall = {n: [] for n in names}
            cpu = {n: [] for n in names}
            for r in range(args.rounds):
                order = names[r % len(names):] + names[: r % len(names)]
                for n in order:
                    argv, how = progs[n]
                    if how == "uci":
                        w, c, out = timed_uci(argv[0], fen, depth)
                    else:
                        w, c, out = timed(argv)
                    if nodes_of(out) != expected:
                        sys.exit(f"{n} counted {nodes_of(out)} nodes for {name}, not {expected}")
                    wall[n].append(w)
                    cpu[n].append(c)
            print(f"\n{name} ({expected:,} nodes), {args.rounds} rounds, medians:")
            for n in names:
                med = statistics.median(wall[n])
                print(f"  {n:20} {med:7.3f} s wall  {expected / med / 1e6:7.1f} Mnps")
            for a, b in PAIRS:
                if b not in names:
                    continue
                rw = statistics.median(x / y for x, y in zip(wall[a], wall[b]))
                rc = statistics.median(x / y for x, y in zip(cpu[a], cpu[b]))
                print(f"  {a} / {b}: {rw:.3f}x wall, {rc:.3f}x CPU")


if __name__ == "__main__":
    main()
