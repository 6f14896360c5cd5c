#!/usr/bin/env python3
"""What `killerscope_log::LogWriter` costs a Rust engine: the log crate's example engine
(crates/log/examples/tiny_engine) searching with `--trace FILE` against the same search without
it.

    tools/writer_overhead.py --rounds 41                       # Kiwipete, depth 6
    tools/writer_overhead.py --fen startpos --depth 8 --rounds 41

The example is built first (`cargo build --release -p killerscope-log --example tiny_engine`).
Both commands are whole processes — start-up, the search, the writer thread, the writes into
the page cache, finishing the file and exiting — run back to back in each round, their order
turned round from one round to the next, so a burst of load from another user of the machine
falls on both. The trace goes to a new file every round (the old one is removed outside the
timing), as a user's first run writes it.

Figures: the median over rounds of the per-round ratio (traced over untraced) for wall time
and for CPU time (user + system of every thread, from wait4), with quartiles and extremes, the
medians of each command's times, the log's size and events (bytes per event), and the load
average before and after. Goal: <= 1.3x, aim 1.2x (issue 35).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def build():
    """Builds the example in release mode; returns its path."""
    cmd = ["cargo", "build", "--release", "--quiet", "-p", "killerscope-log",
           "--example", "tiny_engine", "--message-format=json"]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)}:\n{done.stderr}")
    for line in done.stdout.splitlines():
        if '"executable":"' in line and "tiny_engine" in line:
            return line.split('"executable":"')[1].split('"')[0]
    sys.exit("cargo built no tiny_engine executable")


def run_round(argv, out_path):
    """Runs one whole process, its output to `out_path`; returns (wall s, CPU s from wait4)."""
    with open(out_path, "wb") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed: {Path(out_path).read_text()}")
    return wall, usage.ru_utime + usage.ru_stime


def quartiles(values):
    q = statistics.quantiles(values, n=4)
    return f"median {statistics.median(values):.3f}  (quartiles {q[0]:.3f}-{q[2]:.3f}, " \
           f"min {min(values):.3f}, max {max(values):.3f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=41)
    parser.add_argument("--fen", default="kiwipete", help="a FEN, 'kiwipete' or 'startpos'")
    parser.add_argument("--depth", type=int, default=6)
    args = parser.parse_args()
    fen = {"kiwipete": KIWIPETE, "startpos": START}.get(args.fen, args.fen)
    engine = build()
    with tempfile.TemporaryDirectory() as tmp:
        log, printed = Path(tmp) / "trace.kslog", Path(tmp) / "printed.txt"
        plain = [engine, "--fen", fen, "--depth", str(args.depth)]
        traced = plain + ["--trace", str(log)]
        load = os.getloadavg()
        run_round(traced, printed)  # warm-up: the binary in the page cache
        walls, cpus, ratios_wall, ratios_cpu = ([], []), ([], []), [], []
        for r in range(args.rounds):
            order = [(0, plain), (1, traced)] if r % 2 == 0 else [(1, traced), (0, plain)]
            got = {}
            for which, argv in order:
                log.unlink(missing_ok=True)
                got[which] = run_round(argv, printed)
            for which in (0, 1):
                walls[which].append(got[which][0])
                cpus[which].append(got[which][1])
            ratios_wall.append(got[1][0] / got[0][0])
            ratios_cpu.append(got[1][1] / got[0][1])
        log.unlink(missing_ok=True)
        run_round(traced, printed)
        last = printed.read_text().strip().splitlines()[-1]
        events = int(last.split(": ")[1].split(" ")[0])
        size = log.stat().st_size
        print(f"position {fen}, depth {args.depth}, {args.rounds} rounds")
        print(f"load average (1, 5, 15 min) {', '.join(f'{x:.1f}' for x in load)} before, "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} after")
        print(f"{events} events, {size / 2**20:.1f} MiB, {size / events:.2f} bytes per event "
              f"(header and tail included)")
        print(f"untraced wall s  {quartiles(walls[0])}")
        print(f"traced   wall s  {quartiles(walls[1])}")
        print(f"untraced cpu s   {quartiles(cpus[0])}")
        print(f"traced   cpu s   {quartiles(cpus[1])}")
        print(f"traced/untraced wall  {quartiles(ratios_wall)}")
        print(f"traced/untraced cpu   {quartiles(ratios_cpu)}")


if __name__ == "__main__":
    main()
