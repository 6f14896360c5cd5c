#!/usr/bin/env python3
"""The workbench's figures (issue 21): `diff`, `log query` and `log report` timed as users run them.

    tools/workbench_figures.py --binary target/release/killerscope --rounds 5
    tools/workbench_figures.py --before /tmp/main/killerscope      # two builds, alternating

Whole processes of the release binary, many rounds, medians; no criterion. The logs are made
by the binary itself, with `search --log`, in --dir where missing (the logs it made are deleted
at the end unless --keep):

  - two ~13M-event logs of one position, killers 0 and killers 2 (the start position,
    depth 9: 12,789,965 and 13,657,126 events), for `diff A B`;
  - one 102,496,961-event log (1.6 GB; a middlegame position, depth 9, killers 0) for
    `log query`, `log report` and `log stats` (the reference: one pass, no node walk, but
    every move checked legal where it is played).

Each round runs every command once, in turn, with its output to /dev/null, under
`/usr/bin/time -f '%e %U %S %M'`: the whole process's wall time, CPU time (user + system) and
maximum resident set. The logs are read once before the first round,
so every run finds them in the page cache. The machine is shared: the script prints the load
average before and after, and on a loaded machine wall time is well above CPU time.

The budgets: `diff` <= 10 s and <= 1 GB resident; a query and the report over the 100M-event
log <= 20 s, in memory that does not grow with the log.
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
MIDDLEGAME = "6k1/3q1ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 b - - 0 1"
# A position of the big log's tree (after 1...Qa7+), found wherever it transposes.
KEY_FEN = "6k1/q4ppp/p7/1r5n/5P2/1P4P1/PQ4BP/2R3K1 w - - 1 2"

LOGS = {
    "k0.kslog": ["--fen", START, "--depth", "9", "--killers", "0"],
    "k2.kslog": ["--fen", START, "--depth", "9", "--killers", "2"],
    "big.kslog": ["--fen", MIDDLEGAME, "--depth", "9", "--killers", "0"],
}

# (name, arguments after the binary, budget in seconds, budget in KB or None)
COMMANDS = [
    ("diff k0 k2 (13M events each)", ["diff", "{dir}/k0.kslog", "{dir}/k2.kslog"], 10, 1 << 20),
    (
        "log query big 'type=CUT and cut.rank>1 and tt_tried and not tt_cut'",
        ["log", "query", "{dir}/big.kslog", "type=CUT and cut.rank>1 and tt_tried and not tt_cut"],
        20,
        None,
    ),
    (
        "log query big \"key='FEN'\" (positions followed)",
        ["log", "query", "{dir}/big.kslog", f"key='{KEY_FEN}'"],
        20,
        None,
    ),
    ("log report big", ["log", "report", "{dir}/big.kslog"], 20, None),
    ("log stats big (reference: no walk, moves checked)", ["log", "stats", "{dir}/big.kslog"], None, None),
]


def make_logs(binary, directory):
    """Searches the positions with --log where a log is missing; returns the paths made."""
    made = []
    for name, args in LOGS.items():
        path = directory / name
        if path.exists():
            continue
        print(f"making {path}: search {' '.join(args)}", file=sys.stderr)
        subprocess.run(
            [binary, "search", *args, "--log", str(path)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        made.append(path)
    return made


def warm(directory):
    """Reads every log once, so that each round finds them in the page cache."""
    for name in LOGS:
        with open(directory / name, "rb") as f:
            while f.read(1 << 24):
                pass


def run(binary, args, report):
    """Wall seconds, CPU seconds and maximum resident set (KB) of one whole process, as
    `/usr/bin/time` measures it (a forked Python's own resident set would count in wait4's)."""
    proc = subprocess.run(
        ["/usr/bin/time", "-f", "%e %U %S %M", "-o", report, binary, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    if proc.returncode != 0:
        sys.exit(f"{' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")
    wall, user, system, rss = open(report).read().split()[-4:]
    return float(wall), float(user) + float(system), int(rss)


def load():
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def report(rounds, runs):
    """Prints the medians of every command, for each binary."""
    print(f"medians of {rounds} runs (min-max of wall time in brackets):")
    print(f"{'':6} {'wall s':>7} {'CPU s':>6} {'max RSS':>10}  budget  command")
    for name, _, seconds, kb in COMMANDS:
        for label in runs:
            times = runs[label][name]
            walls = [w for w, _, _ in times]
            wall = statistics.median(walls)
            cpu = statistics.median(c for _, c, _ in times)
            rss = statistics.median(m for _, _, m in times)
            ok = (seconds is None or wall <= seconds) and (kb is None or rss <= kb)
            verdict = "-" if seconds is None else ("met" if ok else "MISSED")
            print(
                f"{label:6} {wall:7.2f} {cpu:6.2f} {rss / 1024:7.1f} MB  {verdict:6}  {name}"
                f"  [{min(walls):.2f}-{max(walls):.2f}]"
            )


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default="target/release/killerscope")
    parser.add_argument(
        "--before", help="another build to time in the same rounds (alternating), e.g. main's"
    )
    parser.add_argument("--dir", default="/tmp/killerscope-figures", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--keep", action="store_true", help="keep the logs it made (1.9 GB)")
    args = parser.parse_args()
    binaries = {"now": str(Path(args.binary).resolve())}
    if args.before:
        binaries["before"] = str(Path(args.before).resolve())
    args.dir.mkdir(parents=True, exist_ok=True)
    made = make_logs(binaries["now"], args.dir)
    timing = str(args.dir / "time.txt")
    try:
        warm(args.dir)
        print(f"load average before: {load()} ({os.cpu_count()} cores)")
        runs = {label: {name: [] for name, *_ in COMMANDS} for label in binaries}
        for r in range(args.rounds):
            for name, command, *_ in COMMANDS:
                argv = [a.replace("{dir}", str(args.dir)) for a in command]
                order = list(binaries) if r % 2 == 0 else list(reversed(binaries))
                for label in order:
                    runs[label][name].append(run(binaries[label], argv, timing))
            print(f"round {r + 1}/{args.rounds} done, load {load()}", file=sys.stderr)
        print(f"load average after:  {load()}")
        report(args.rounds, runs)
    finally:
        Path(timing).unlink(missing_ok=True)
        for path in made:
            if args.keep:
                print(f"kept {path}", file=sys.stderr)
            else:
                path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
