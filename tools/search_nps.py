#!/usr/bin/env python3
"""Search speed of two builds, paired: `search --depth D` as whole processes, many rounds.

    tools/search_nps.py --before /tmp/speed-base/killerscope --after target/release/killerscope

Each round runs both binaries once per position, in alternating order. Speed is nodes per
second of wall time and of CPU time (user + system, from wait4; on a shared machine the CPU
figure is the steadier one); the script prints the medians and the median per-round ratio
(after over before). The node counts of the two builds must be equal: a faster search that
searched a different tree would not be a speed-up.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

POSITIONS = {
    "startpos": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
}


def run(binary, fen, depth):
    """Returns (nodes, wall seconds, CPU seconds) of one whole process."""
    start = time.perf_counter()
    proc = subprocess.Popen(
        [binary, "search", "--fen", fen, "--depth", str(depth)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{binary} failed")
    nodes = next(int(l.split()[1]) for l in out.splitlines() if l.startswith("nodes"))
    return nodes, wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--before", required=True)
    parser.add_argument("--after", required=True)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    for name, fen in POSITIONS.items():
        runs = {"before": [], "after": []}
        for r in range(args.rounds):
            order = ["before", "after"] if r % 2 == 0 else ["after", "before"]
            for which in order:
                runs[which].append(run(getattr(args, which), fen, args.depth))
        nodes = {n for runs_ in runs.values() for n, _, _ in runs_}
        if len(nodes) != 1:
            sys.exit(f"{name}: the builds searched different trees: {sorted(nodes)} nodes")
        n = nodes.pop()
        print(f"{name} depth {args.depth}: {n:,} nodes, {args.rounds} rounds")
        for which, rs in runs.items():
            wall = statistics.median(n / w for _, w, _ in rs) / 1e6
            cpu = statistics.median(n / c for _, _, c in rs) / 1e6
            print(f"  {which:6} {wall:6.2f} Mnps (wall)  {cpu:6.2f} Mnps (CPU)")
        for i, label in [(1, "wall"), (2, "CPU")]:
            ratio = statistics.median(
                b[i] / a[i] for b, a in zip(runs["before"], runs["after"])
            )
            print(f"  after / before speed ({label}): {ratio:.3f}x")


if __name__ == "__main__":
    main()
