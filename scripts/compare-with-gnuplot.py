#!/usr/bin/env python3
"""Whole-process time of graphcalc against gnuplot, interleaved.

    swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product graphcalc
    python3 scripts/compare-with-gnuplot.py [.build/release/graphcalc] [RUNS]

Two comparisons: `plot 'sin(x)'` against gnuplot's dumb terminal (80x24 cells), and
`svg` of sin(x), cos(x) and x^3/100 against gnuplot's svg terminal (800x500 pixels), at
gnuplot's default 100 samples and at 100k samples. Each round runs every command once
in turn, so all see the same machine state; prints median wall times and ratios.
gnuplot comes from Debian's gnuplot-nox.
"""
import os
import shutil
import statistics
import sys
import time

binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/graphcalc")
gnuplot = shutil.which("gnuplot") or sys.exit("gnuplot is not installed (apt-get install gnuplot-nox)")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 60
svg_out = "/tmp/graphcalc-compare.svg"
three = "set terminal svg size 800,500; set output '/tmp/gnuplot-compare.svg'; "
commands = {
    "graphcalc plot": [binary, "plot", "sin(x)", "--size", "80x24"],
    "gnuplot dumb": [gnuplot, "-e", "set terminal dumb 80 24; plot [-10:10] sin(x)"],
    "graphcalc svg": [binary, "svg", "sin(x)", "cos(x)", "x^3/100", "-o", svg_out],
    "gnuplot svg": [gnuplot, "-e", three + "plot [-10:10] sin(x), cos(x), x**3/100"],
    "gnuplot svg 100k": [gnuplot, "-e", three + "set samples 100000; plot [-10:10] sin(x), cos(x), x**3/100"],
}
null = os.open(os.devnull, os.O_WRONLY)


def run(argv):
    start = time.perf_counter_ns()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=[(os.POSIX_SPAWN_DUP2, null, 1)])
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
    print(f"{name:18} {median:7.2f} ms  (median of {runs}, interleaved)")
print(f"plot takes {medians['graphcalc plot'] / medians['gnuplot dumb']:.2f} of gnuplot dumb's time")
print(f"svg takes {medians['graphcalc svg'] / medians['gnuplot svg']:.2f} of gnuplot svg's time "
      f"({medians['graphcalc svg'] / medians['gnuplot svg 100k']:.2f} of it at 100k samples)")
