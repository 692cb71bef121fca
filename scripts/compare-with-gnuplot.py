#!/usr/bin/env python3
"""Whole-process time of `graphcalc plot` against gnuplot's dumb terminal, interleaved.

    swift build -c release --static-swift-stdlib --product graphcalc
    python3 scripts/compare-with-gnuplot.py [.build/release/graphcalc] [RUNS]

Each round runs graphcalc, then gnuplot, drawing sin(x) on [-10, 10] in 80x24 cells, so
both see the same machine state; prints the median wall time of each and the ratio.
gnuplot comes from Debian's gnuplot-nox.
"""
import os
import statistics
import sys
import time

binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/graphcalc"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 60
commands = {
    "graphcalc": [binary, "plot", "sin(x)", "--size", "80x24"],
    "gnuplot": ["gnuplot", "-e", "set terminal dumb 80 24; plot [-10:10] sin(x)"],
}
null = os.open(os.devnull, os.O_WRONLY)


def run(argv):
    start = time.perf_counter_ns()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter_ns() - start
    if status != 0:
        sys.exit(f"{argv[0]} failed with status {status}")
    return elapsed / 1e6


times = {name: [] for name in commands}
for round_ in range(runs + 5):
    for name, argv in commands.items():
        elapsed = run(argv)
        if round_ >= 5:  # warm-up rounds are not counted
            times[name].append(elapsed)
medians = {name: statistics.median(values) for name, values in times.items()}
for name, median in medians.items():
    print(f"{name:10} {median:6.2f} ms  (median of {runs}, interleaved)")
print(f"graphcalc takes {medians['graphcalc'] / medians['gnuplot']:.2f} of gnuplot's time")
