#!/usr/bin/env python3
"""What it costs the kernel to take a log's bytes into a new file, without killerscope.

    tools/page_cache_model.py --megabytes 98 --runs 7

A model of the recorder's writer thread (docs/recording-your-engine.md): the same number of
bytes, in the same 1 MiB pieces, into a file created for each run in `--dir`, by one of four
ways, and the process's own user and system time for it (getrusage, so the bytes' write-back
to the disk, which the kernel does later on its own threads, is not in it):

- `write`: `write` calls into a new file, as the recorder does without space set aside;
- `write-reserved`: the same after `posix_fallocate` set the file's space aside (the recorder
  asks with `FALLOC_FL_KEEP_SIZE`; either way the blocks exist before the writes);
- `mmap`: the space set aside, the file mapped shared, and each piece copied into the map (a
  page fault for each new page instead of a `write` call);
- `overwrite`: `write` calls over the old file's bytes, its pages still in the page cache (a
  user running the same command again).

The pieces are copied from one buffer that stays hot in the cache, so the copy here costs
less than the recorder's, whose records come from the other core. Prints the median of
`--runs` runs of each way, in the order given (`--ways`).
"""

import argparse
import mmap
import os
import resource
import statistics
import tempfile
import time

PIECE = 1 << 20
WAYS = ("write", "write-reserved", "mmap", "overwrite")


def cpu():
    """(user, system) seconds of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime, usage.ru_stime


def one_run(way, path, size, piece):
    """Writes `size` bytes to `path` one way; returns (user ms, system ms, wall ms)."""
    if way != "overwrite" and os.path.exists(path):
        os.remove(path)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if way in ("write-reserved", "mmap"):
            os.posix_fallocate(fd, 0, size)
        (user0, sys0), wall0 = cpu(), time.perf_counter()
        if way == "mmap":
            with mmap.mmap(fd, size) as mapped:
                for at in range(0, size, PIECE):
                    mapped[at:at + PIECE] = piece
        else:
            os.lseek(fd, 0, os.SEEK_SET)
            for _ in range(0, size, PIECE):
                os.write(fd, piece)
        (user1, sys1), wall1 = cpu(), time.perf_counter()
    finally:
        os.close(fd)
    return (user1 - user0) * 1000, (sys1 - sys0) * 1000, (wall1 - wall0) * 1000


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--megabytes", type=int, default=98, help="MiB to write (default 98)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--ways", nargs="+", choices=WAYS, default=list(WAYS))
    parser.add_argument("--dir", help="where the file goes (default: the temporary directory)")
    args = parser.parse_args()
    if args.megabytes < 1 or args.runs < 1:
        parser.error("--megabytes and --runs must be at least 1")

    size = args.megabytes * PIECE
    piece = os.urandom(PIECE)
    with tempfile.TemporaryDirectory(prefix="page-cache-model-", dir=args.dir) as tmp:
        path = os.path.join(tmp, "model.bin")
        print(f"{args.megabytes} MiB in 1 MiB pieces, {args.runs} runs each, in {tmp}")
        for way in args.ways:
            if way == "overwrite":
                one_run("write", path, size, piece)  # the old file to write over
            runs = [one_run(way, path, size, piece) for _ in range(args.runs)]
            user, system, wall = (statistics.median(r[i] for r in runs) for i in range(3))
            print(f"  {way:15} median user {user:6.1f} ms  system {system:6.1f} ms  "
                  f"wall {wall:6.1f} ms")


if __name__ == "__main__":
    main()
