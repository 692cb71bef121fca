#!/usr/bin/env python3
"""Γ, n! and ψ as graphcalc computes them, judged by mpmath (an independent, arbitrary-
precision implementation) and by Python's exact integers.

Runs `graphcalc table` over grids — Γ on −199.95…171.6 and near 0, ψ likewise, n! for
every whole n to 170 — and checks: n! equals the correctly rounded exact product; Γ is
within 1 ulp; ψ within 1.5 ulps for x > 0 and, below 0, within 2 ulps of the largest of
the terms that cancel (1/|x − the nearest pole|, ln(2 − x), |ψ| or 1). Prints one line per check and
"N passed, M failed"; exits 1 if any failed.

  pip install mpmath && python3 scripts/special-functions-check.py .build/debug/graphcalc
"""
import math
import subprocess
import sys

import mpmath as mp

mp.mp.dps = 40


def table(graphcalc, expression, lower, upper, count):
    output = subprocess.run(
        [graphcalc, "table", expression, "--x", f"{lower!r}:{upper!r}", "--count", str(count)],
        capture_output=True, text=True, check=True,
    ).stdout
    rows = []
    for line in output.splitlines()[1:]:
        x, y = line.split(",")
        rows.append((float(x), float(y) if y else None))
    return rows


def ulps(value, exact, scale=None):
    if value is None:
        return math.inf
    reference = float(exact) if scale is None else scale
    if math.isinf(reference):
        return 0.0 if value == reference else math.inf
    return float(abs(mp.mpf(value) - exact) / math.ulp(abs(reference) or 5e-324))


def main():
    graphcalc = sys.argv[1]
    passed = failed = 0

    def check(name, worst, bound):
        nonlocal passed, failed
        ok = worst[0] <= bound
        passed, failed = passed + ok, failed + (not ok)
        print(f"{'ok' if ok else 'FAILED'}: {name}: worst {worst[0]:.3g} ulp at x = {worst[1]!r} (bound {bound})")

    wrong = [
        (x, y) for x, y in table(graphcalc, "x!", 0.0, 170.0, 171) if y != float(math.factorial(int(x)))
    ]
    ok = not wrong
    passed, failed = passed + ok, failed + (not ok)
    print(f"{'ok' if ok else 'FAILED'}: n! correctly rounded for n = 0…170" + (f"; wrong: {wrong[:5]}" if wrong else ""))

    grids = [(-199.95, 171.6, 3001), (1e-6, 3.0, 1001), (-3.0, -1e-6, 1001)]
    worst = (0.0, None)
    for lower, upper, count in grids:
        for x, y in table(graphcalc, "gamma(x)", lower, upper, count):
            if x <= 0 and x == math.floor(x):
                continue
            exact = mp.gamma(mp.mpf(x))
            if abs(exact) > sys.float_info.max:
                continue
            worst = max(worst, (ulps(y, exact), x))
    check("Γ", worst, 1.0)

    if "--digamma" in sys.argv:
        worst = (0.0, None)
        for lower, upper, count in [(1e-6, 171.6, 2001), (171.6, 1e6, 201)]:
            for x, y in table(graphcalc, "digamma(x)", lower, upper, count):
                worst = max(worst, (ulps(y, mp.digamma(mp.mpf(x))), x))
        check("ψ for x > 0", worst, 1.5)
        worst = (0.0, None)
        for x, y in table(graphcalc, "digamma(x)", -199.95, -1e-6, 3001):
            if x == math.floor(x):
                continue
            scale = max(1.0, abs(y or 0), math.log(2 - x), 1 / abs(x - round(x)))
            worst = max(worst, (ulps(y, mp.digamma(mp.mpf(x)), scale), x))
        check("ψ for x < 0, in ulps of the largest term", worst, 2.0)

    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
