#!/usr/bin/env python3
"""Where recording's CPU time goes: the search thread against the writer thread, per run.

    cargo build --release
    tools/record_split.py --rounds 21

`tools/record_overhead.py` says what recording costs as a whole process; this says which
thread pays it. Each round runs `search --depth D` once plain and once recorded into a new
file (`--log`, the file removed before), both under `perf record -e cpu-clock` (a software
clock, so it works in a virtual machine without hardware counters), and counts each thread's
samples. The writer thread ("kslog writer") is split by symbol into the kernel's copy of the
records into the page cache (`copy_folio_from_iter_atomic`), the CRC-32 (`crc32fast`), and
the rest (the page cache's and ext4's bookkeeping, the channel, the system calls).

Figures: medians over rounds of the samples (at `--frequency` Hz, 4000 by default: one
sample is 0.25 ms), the median per-round ratio of the recorded search thread over the plain
one, and the writer's median as a share of the plain search. Together the two shares are the
recording's CPU overhead, which `record_overhead.py` measures whole and this cannot replace:
perf's own cost, and start-up and exit, are not in these samples.

Needs `perf` (linux-perf / linux-tools) and permission to use it (`perf_event_paranoid` ≤ 2
for one's own processes).
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
WRITER = "kslog writer"
WRITER_PARTS = (("copy", "copy_folio_from_iter_atomic"), ("crc", "crc32fast"))


def profile(argv, data, frequency):
    """Runs one process under perf; returns {thread name: {symbol: samples}}."""
    record = ["perf", "record", "-q", "-e", "cpu-clock", "-F", str(frequency), "-o", data]
    done = subprocess.run(record + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if done.returncode != 0:
        sys.exit(f"perf record {' '.join(argv)} failed: {done.stderr.decode().strip()}")
    report = ["perf", "report", "-i", data, "--sort", "comm,sym", "-q", "-F", "sample,comm,sym"]
    out = subprocess.run(report, capture_output=True, text=True, check=True).stdout
    threads = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) < 3 or not fields[0].isdigit():
            continue
        samples = int(fields[0])
        # The writer's name has a space; every other thread is the search's (the binary's name).
        comm = WRITER if fields[1:3] == WRITER.split() else "search"
        symbol = " ".join(fields[3:] if comm == WRITER else fields[2:])
        per_symbol = threads.setdefault(comm, {})
        per_symbol[symbol] = per_symbol.get(symbol, 0) + samples
    return threads


def writer_parts(symbols):
    """The writer's samples by part: copy, crc, rest."""
    parts = dict.fromkeys([name for name, _ in WRITER_PARTS] + ["rest"], 0)
    for symbol, samples in symbols.items():
        name = next((n for n, key in WRITER_PARTS if key in symbol), "rest")
        parts[name] += samples
    return parts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--binary", default="target/release/killerscope")
    parser.add_argument("--fen", default=KIWIPETE)
    parser.add_argument("--depth", type=int, default=7)
    parser.add_argument("--frequency", type=int, default=4000)
    args = parser.parse_args()

    plain_argv = [args.binary, "search", "--fen", args.fen, "--depth", str(args.depth)]
    rows = []
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="record-split-") as tmp:
        log = Path(tmp) / "split.kslog"
        data = str(Path(tmp) / "perf.data")
        for _ in range(args.rounds):
            plain = profile(plain_argv, data, args.frequency)
            log.unlink(missing_ok=True)
            recorded = profile(plain_argv + ["--log", str(log)], data, args.frequency)
            parts = writer_parts(recorded.get(WRITER, {}))
            rows.append((
                sum(plain.get("search", {}).values()),
                sum(recorded.get("search", {}).values()),
                parts,
            ))
    load_after = os.getloadavg()

    med = statistics.median
    plain = med(r[0] for r in rows)
    search = med(r[1] for r in rows)
    writer = med(sum(r[2].values()) for r in rows)
    print(" ".join(plain_argv), "--log NEW_FILE")
    print(f"{args.rounds} rounds at {args.frequency} Hz; load average "
          f"{load_before[0]:.1f} before, {load_after[0]:.1f} after")
    print(f"  search thread: median {plain:.0f} samples plain, {search:.0f} recorded; "
          f"per-round ratio median {med(r[1] / r[0] for r in rows):.3f}")
    parts = ", ".join(f"{name} {med(r[2][name] for r in rows):.0f}" for name in rows[0][2])
    print(f"  writer thread: median {writer:.0f} samples ({parts}); "
          f"{med(sum(r[2].values()) / r[0] for r in rows):.3f} of the plain search")


if __name__ == "__main__":
    main()
