#!/usr/bin/env python3
"""The peers a Python user would pick for data: pandas, numpy and scipy.

Reads the x,y CSV graphcalc-bench writes (a header, then 10^7 rows by default) and
times what graphcalc's data verbs do on it:

  D1  pandas.read_csv                                  answer: rows, peak memory (MB)
  D2  summary statistics (numpy mean, std, percentile)  answer: mean and sample sd of y
  D3  numpy.polyfit(x, y, 1)                           answer: slope and intercept
  D4  scipy.stats.linregress(x, y)                     answer: slope and intercept
  D5  scipy.optimize.curve_fit, y = a·e^(b·x)           answer: a and b
      (on the second file, EXP.csv, when given)

graphcalc-bench runs this script and prints its figures beside its own; by hand:

  python3 scripts/data_peer.py DATA.csv [EXP.csv]

Each line: name, milliseconds (median of 3), the answer.
"""
import resource
import statistics
import sys
import time

import numpy as np
import pandas as pd
from scipy import optimize, stats


def timed(work):
    times = []
    result = None
    for _ in range(3):
        start = time.perf_counter()
        result = work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def peak_megabytes():
    """The peak resident memory, VmHWM: getrusage's maximum survives exec, so a process
    started by a large one (graphcalc-bench) would report its parent's size."""
    try:
        with open("/proc/self/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(path, exp_path=None):
    milliseconds, frame = timed(lambda: pd.read_csv(path))
    peak = peak_megabytes()
    print(f"D1\t{milliseconds:.1f}\t{len(frame)} rows, peak {peak:.0f} MB")
    x = frame.iloc[:, 0].to_numpy()
    y = frame.iloc[:, 1].to_numpy()

    def summary():
        return (y.mean(), y.std(ddof=1), y.std(), np.percentile(y, [0, 25, 50, 75, 100]), y.sum())

    milliseconds, result = timed(summary)
    print(f"D2\t{milliseconds:.1f}\tmean {result[0]!r} sd {result[1]!r}")
    milliseconds, result = timed(lambda: np.polyfit(x, y, 1))
    print(f"D3\t{milliseconds:.1f}\t{result[0]!r} {result[1]!r}")
    milliseconds, result = timed(lambda: stats.linregress(x, y))
    print(f"D4\t{milliseconds:.1f}\t{result.slope!r} {result.intercept!r}")
    if exp_path:
        points = pd.read_csv(exp_path)
        u = points.iloc[:, 0].to_numpy()
        v = points.iloc[:, 1].to_numpy()
        # Tolerances tight enough that the fit is converged, as graphcalc's is.
        milliseconds, result = timed(
            lambda: optimize.curve_fit(
                lambda t, a, b: a * np.exp(b * t), u, v, p0=[1.0, 0.1], ftol=1e-15, xtol=1e-15, gtol=1e-15
            )
        )
        print(f"D5\t{milliseconds:.1f}\t{float(result[0][0])!r} {float(result[0][1])!r}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None)
