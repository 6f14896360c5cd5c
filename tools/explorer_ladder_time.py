#!/usr/bin/env python3
"""How long the explorer's `O` (the ordering ladder) takes, as a user meets it: in a terminal.

    cargo build --release
    tools/explorer_ladder_time.py --rounds 5 --minus 1 target/release/killerscope OTHER_BUILD

Each round starts each build in its own tmux session (160x48) on the bundled classroom puzzle,
waits for the first search to end, presses `-` MINUS times (the ladder is climbed at the
explorer's depth: 6 by default, so `--minus 1` is depth 5), presses `O`, and times from the key
to the status line's "the worst order searched" — the whole climb, polled every 20 ms. The
builds take turns (A B, B A, ...), so a burst of load falls on both; the medians are printed.
Needs tmux.
"""

import argparse
import statistics
import subprocess
import time

SESSION = "ks-ladder-time"


def screen():
    return subprocess.run(
        ["tmux", "capture-pane", "-p", "-t", SESSION], capture_output=True, text=True
    ).stdout


def wait_for(text, limit):
    start = time.perf_counter()
    while text not in screen():
        if time.perf_counter() - start > limit:
            raise SystemExit(f"no '{text}' on screen after {limit} s:\n{screen()}")
        time.sleep(0.02)
    return time.perf_counter() - start


def climb(binary, minus):
    """One run of `binary`: seconds from `O` to the finished ladder."""
    subprocess.run(["tmux", "kill-session", "-t", SESSION], stderr=subprocess.DEVNULL)
    subprocess.run(["tmux", "new", "-d", "-s", SESSION, "-x", "160", "-y", "48", binary], check=True)
    try:
        wait_for("search done", 120)
        for _ in range(minus):
            subprocess.run(["tmux", "send-keys", "-t", SESSION, "-"], check=True)
        time.sleep(0.5)
        subprocess.run(["tmux", "send-keys", "-t", SESSION, "O"], check=True)
        return wait_for("worst order searched", 600)
    finally:
        subprocess.run(["tmux", "kill-session", "-t", SESSION], stderr=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--minus", type=int, default=1, help="'-' presses before O (depth 6 - N)")
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    times = {b: [] for b in args.binaries}
    for r in range(args.rounds):
        order = args.binaries if r % 2 == 0 else args.binaries[::-1]
        for binary in order:
            times[binary].append(climb(binary, args.minus))
    for binary, seconds in times.items():
        runs = " ".join(f"{s:.2f}" for s in seconds)
        print(f"{binary}: median {statistics.median(seconds):.2f} s ({runs})")


if __name__ == "__main__":
    main()
