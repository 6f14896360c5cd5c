#!/usr/bin/env python3
"""What `--jobs` buys as users run it: a command with its default jobs against `--jobs 1`.

    cargo build --release
    tools/jobs_speedup.py --rounds 11 -- compare --library --depth 6

Both are whole processes of the release binary, run back to back in each round, their order
turned round from one round to the next (A B, B A, …), so a burst of load from another user
falls on both alike. Figures: the median over rounds of the per-round speed-up (`--jobs 1`
time over default time), for wall time and for CPU time (user + system of every thread, from
wait4), with quartiles and extremes, the medians of each command's times, and the load
average before and after: on a shared machine a busy core is a core the pool does not have,
so say how loaded it was. The outputs are compared too (`--same` names the columns or keys
that hold measured times, dropped before comparing; `tests/cli_jobs.rs` checks the same
byte for byte).
"""

import argparse
import os
import statistics
import subprocess
import sys
import time


def timed(argv):
    """Runs one whole process; returns (wall seconds, CPU seconds of all its threads, stdout)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{' '.join(argv)} failed with status {status}")
    return wall, usage.ru_utime + usage.ru_stime, out


def quartiles(values):
    q = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
    return f"{q[0]:.2f}-{q[2]:.2f} [{min(values):.2f}-{max(values):.2f}]"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--binary", default="target/release/killerscope")
    parser.add_argument("--jobs", help="the jobs to pit against --jobs 1 (default: the default)")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command's arguments")
    args = parser.parse_args()
    command = [a for a in args.command if a != "--"]
    if not command:
        sys.exit("name a command after --, e.g. -- compare --library --depth 6")
    many = [args.binary, *command] + (["--jobs", args.jobs] if args.jobs else [])
    one = [args.binary, *command, "--jobs", "1"]
    print(" ".join(one))
    print(" ".join(many))
    print(f"cores this process may use: {len(os.sched_getaffinity(0))}")
    before = os.getloadavg()
    timed(one)  # warm the page cache
    walls, cpus, speedups, cpu_ratios, differ = ([], []), ([], []), [], [], 0
    for r in range(args.rounds):
        pair = [(0, one), (1, many)]
        results = {}
        for k, argv in pair if r % 2 == 0 else reversed(pair):
            results[k] = timed(argv)
        for k in (0, 1):
            walls[k].append(results[k][0])
            cpus[k].append(results[k][1])
        speedups.append(results[0][0] / results[1][0])
        cpu_ratios.append(results[1][1] / results[0][1])
        differ += results[0][2] != results[1][2]
    after = os.getloadavg()
    print(f"{args.rounds} rounds; load average (1, 5, 15 min): "
          f"{before[0]:.1f}, {before[1]:.1f}, {before[2]:.1f} before, "
          f"{after[0]:.1f}, {after[1]:.1f}, {after[2]:.1f} after")
    for k, name in ((0, "--jobs 1"), (1, "default" if not args.jobs else f"--jobs {args.jobs}")):
        print(f"  {name:10} median {statistics.median(walls[k]) * 1000:8.0f} ms wall "
              f"{statistics.median(cpus[k]) * 1000:8.0f} ms CPU")
    print(f"  speed-up (wall of --jobs 1 / wall of the other): {statistics.median(speedups):.2f}x, "
          f"quartiles {quartiles(speedups)}")
    print(f"  CPU of the other / CPU of --jobs 1: {statistics.median(cpu_ratios):.2f}x, "
          f"quartiles {quartiles(cpu_ratios)}")
    print(f"  outputs that differed (timings included): {differ} of {args.rounds}")


if __name__ == "__main__":
    main()
