#!/usr/bin/env python3
"""What recording costs as users run it: `search --log FILE` against the same search without it.

    cargo build --release
    tools/record_overhead.py --rounds 41

Both commands are whole processes of the release binary — start-up, the search, the writer
thread, the file's writes into the page cache, and teardown all count — run back to back in
each round, in alternating order, so a burst of load from another user falls on both alike.
The log goes to the same file every round, as when a user runs the command again (`--log`
then writes over the old log in place, src/trace/target.rs); `--fresh` removes it before each
recorded run instead, outside the timing, so every recording creates a new file.

Figures: the median over rounds of the per-round ratio (recorded over unrecorded), for wall
time and for CPU time (user + system of the whole process, both threads, from wait4), with
their quartiles and extremes, next to the medians of each command's times, and the load
average before and after (the machine is shared: say how loaded it was). Budget (issue 37):
≤ 1.10x wall and ≤ 1.15x CPU below depth 10, ≤ 1.25x both from depth 10.

Before and after a change: `--baseline OTHER_BINARY` runs the other build's two commands in
the same rounds (four processes a round, their order turned round from one round to the next),
so both builds meet the same load, and prints each build's figures.

Why a script and not an in-process bench: a user never runs the search inside a benchmark
harness. Only a separate process pays for creating and replacing the file, for the page cache,
and for exiting with 100 MB of dirty pages; and wait4 gives the CPU time of every thread the
process ran, the writer included, to the microsecond.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# (wall, CPU) budgets: below depth 10, and from depth 10 on.
BUDGET_SHALLOW = (1.10, 1.15)
BUDGET_DEEP = (1.25, 1.25)


def timed(argv):
    """Runs one whole process; returns (wall seconds, CPU seconds of all its threads)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed: {proc.stderr.read().decode()}")
    proc.stderr.close()
    return wall, usage.ru_utime + usage.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=41)
    parser.add_argument("--binary", default="target/release/killerscope")
    parser.add_argument("--baseline", help="another build to measure in the same rounds")
    parser.add_argument("--fen", default=KIWIPETE)
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--log", help="the log file (default: one in a temporary directory)")
    parser.add_argument("--fresh", action="store_true", help="remove the log before each run")
    args = parser.parse_args()
    if args.rounds < 2:
        parser.error("--rounds must be at least 2 (the figures include quartiles)")

    builds = [args.binary] + ([args.baseline] if args.baseline else [])
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="record-overhead-") as tmp:
        log = Path(args.log or Path(tmp) / "kiwipete.kslog")
        commands = []
        for binary in builds:
            plain = [binary, "search", "--fen", args.fen, "--depth", str(args.depth)]
            commands += [(binary, "plain", plain), (binary, "recorded", plain + ["--log", str(log)])]
        for binary, name, argv in commands:
            if name == "recorded":  # warm-up: the binary and the file in the page cache
                timed(argv)
        runs = {(binary, name): [] for binary, name, _ in commands}
        for r in range(args.rounds):
            turn = r % len(commands)
            order = commands[turn:] + commands[:turn]
            for binary, name, argv in order if r % 2 == 0 else reversed(order):
                if name == "recorded" and args.fresh:
                    log.unlink(missing_ok=True)
                runs[(binary, name)].append(timed(argv))
        size = log.stat().st_size

    load_after = os.getloadavg()
    print(f"{' '.join(commands[1][2])}")
    print(f"log: {size:,} bytes; {args.rounds} rounds, {'fresh file' if args.fresh else 'file replaced'}")
    print(f"load average (1, 5, 15 min): {load(load_before)} before, {load(load_after)} after")
    for binary in builds:
        budget = BUDGET_DEEP if args.depth >= 10 else BUDGET_SHALLOW
        report(binary, runs[(binary, "plain")], runs[(binary, "recorded")], budget)


def report(binary, plain, recorded, budget):
    """Prints one build's medians and the spread of its per-round ratios."""
    print(binary)
    for name, times in (("plain", plain), ("recorded", recorded)):
        w = statistics.median(t[0] for t in times)
        c = statistics.median(t[1] for t in times)
        print(f"  {name:9} median {w * 1000:7.1f} ms wall  {c * 1000:7.1f} ms CPU")
    wall = [rec[0] / pl[0] for pl, rec in zip(plain, recorded)]
    cpu = [rec[1] / pl[1] for pl, rec in zip(plain, recorded)]
    mw, mc = statistics.median(wall), statistics.median(cpu)
    print(f"  recorded / plain: {mw:.3f}x wall (budget {budget[0]}x), {mc:.3f}x CPU (budget {budget[1]}x)")
    print(f"  per-round ratios, quartiles [extremes]: wall {spread(wall)}, CPU {spread(cpu)}")


def spread(xs):
    q = statistics.quantiles(xs, n=4)
    return f"{q[0]:.3f}-{q[2]:.3f} [{min(xs):.3f}-{max(xs):.3f}]"


def load(avg):
    return ", ".join(f"{x:.1f}" for x in avg)


if __name__ == "__main__":
    main()
