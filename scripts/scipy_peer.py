#!/usr/bin/env python3
"""The peer a Python user would pick for analysis: scipy.

Zeros: sign changes on a 1,000-point grid, then scipy.optimize.brentq on each bracket.
Integrals: scipy.integrate.quad. Global minimum: scipy.optimize.minimize_scalar (bounded).
The same problems as graphcalc-bench's analysis section, which runs this script and
prints its figures beside its own; by hand:

  python3 scripts/scipy_peer.py            # every problem once
  python3 scripts/scipy_peer.py --serve    # a problem for each name read, one per line

Each line: name, milliseconds per solve (median of 5), the answer. graphcalc-bench uses
--serve, asking for each problem in turn between its own timings of it, so the two sides
of a ratio are measured in the same second.
"""
import statistics
import sys
import time

import numpy as np
from scipy import integrate, optimize

GRID = 1000

ZEROS = {
    "Z1": ("sin(x)", lambda x: np.sin(x), -10.0, 10.0),
    "Z2": ("x^3-2x+1", lambda x: x**3 - 2 * x + 1, -2.0, 2.0),
    "Z3": ("tan(x)-x", lambda x: np.tan(x) - x, 0.0, 20.0),
    "Z4": ("(x-1)*(x-1.000001)", lambda x: (x - 1) * (x - 1.000001), 0.0, 2.0),
    "Z5": ("sin(1/x)", lambda x: np.sin(1 / x), 0.01, 1.0),
}
INTEGRALS = {
    "I1": ("sin(x)", lambda x: np.sin(x), 0.0, np.pi),
    "I2": ("exp(-x^2)", lambda x: np.exp(-x * x), -5.0, 5.0),
    "I3": ("sqrt(x)", lambda x: np.sqrt(x), 0.0, 1.0),
    "I4": ("exp(-((x-0.3)*1e4)^2)", lambda x: np.exp(-(((x - 0.3) * 1e4) ** 2)), 0.0, 1.0),
}
MINIMA = {
    "M1": ("cos(3x)+x/4", lambda x: np.cos(3 * x) + x / 4, -4.0, 4.0),
}


def timed(solve):
    times, answer = [], None
    for _ in range(5):
        start = time.perf_counter()
        answer = solve()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e3, answer


def zeros(f, a, b):
    xs = np.linspace(a, b, GRID)
    with np.errstate(all="ignore"):
        ys = f(xs)
    roots = [x for x, y in zip(xs, ys) if y == 0]
    for i in np.nonzero(np.sign(ys[:-1]) * np.sign(ys[1:]) < 0)[0]:
        roots.append(optimize.brentq(lambda t: float(f(t)), xs[i], xs[i + 1]))
    return sorted(roots)


def solved(name):
    """The line for one problem: name, ms per solve, answer, the function."""
    if name in ZEROS:
        text, f, a, b = ZEROS[name]
        ms, roots = timed(lambda: zeros(f, a, b))
        return f"{name}\t{ms:.3f}\t{len(roots)} roots\t{text}"
    if name in INTEGRALS:
        text, f, a, b = INTEGRALS[name]
        ms, (value, error) = timed(lambda: integrate.quad(f, a, b))
        return f"{name}\t{ms:.3f}\t{value:.17g} ±{error:.1e}\t{text}"
    if name in MINIMA:
        text, f, a, b = MINIMA[name]
        ms, result = timed(lambda: optimize.minimize_scalar(f, bounds=(a, b), method="bounded"))
        return f"{name}\t{ms:.3f}\tmin {float(result.fun):.17g} at {float(result.x):.6g}\t{text}"
    return f"{name}\t-\tno such problem\t"


def main():
    if sys.argv[1:] == ["--serve"]:
        for line in sys.stdin:
            print(solved(line.strip()), flush=True)
        return 0
    for name in [*ZEROS, *INTEGRALS, *MINIMA]:
        print(solved(name))
    return 0


if __name__ == "__main__":
    sys.exit(main())
