#!/usr/bin/env python3
"""numpy's figures for graphcalc-bench's expressions E1–E4, as graphcalc-bench runs them:
the same grid (x_i = -10 + i*20/(N-1), i = 0..N-1), in blocks of 16,384 (numpy's fastest
form here), median of 3 runs. graphcalc-bench runs this script and prints the ratios; by
hand:

  python3 scripts/numpy_peer.py [N]

Each line: name, ns per point, the sum of the finite values (numpy adds pairwise within a
block, graphcalc-bench in sequence, so the last digits differ), the expression.
"""
import statistics
import sys
import time

import numpy as np

EXPRESSIONS = {
    "E1": ("sin(x)*cos(x/3)+sqrt(abs(x))", lambda x: np.sin(x) * np.cos(x / 3) + np.sqrt(np.abs(x))),
    "E2": ("x^5-3*x^3+2*x-7", lambda x: x**5 - 3 * x**3 + 2 * x - 7),
    "E3": (
        "(x*1+1)/2+…+(x*50+1)/51",
        lambda x: sum((x * k + 1) / (k + 1) for k in range(1, 51)),
    ),
    "E4": ("tan(x)+1/(x-1)", lambda x: np.tan(x) + 1 / (x - 1)),
}


def run(f, n, block=16384):
    step = 20.0 / (n - 1)
    index = np.arange(block, dtype=np.float64)
    times = []
    for _ in range(3):
        start = time.perf_counter()
        with np.errstate(all="ignore"):
            for first in range(0, n, block):
                size = min(block, n - first)
                x = (index[:size] + first) * step - 10.0
                np.sum(f(x))
        times.append(time.perf_counter() - start)
    # The sum of the finite values, for the check against graphcalc's, outside the timing
    # (numpy's fastest form sums everything, inf and NaN included).
    total = 0.0
    with np.errstate(all="ignore"):
        for first in range(0, n, block):
            size = min(block, n - first)
            y = f((index[:size] + first) * step - 10.0)
            total += float(np.sum(y[np.isfinite(y)]))
    return statistics.median(times) / n * 1e9, total


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000_000
    for name, (text, f) in EXPRESSIONS.items():
        ns, total = run(f, n)
        print(f"{name}\t{ns:.2f}\t{total!r}\t{text}")


if __name__ == "__main__":
    sys.exit(main())
