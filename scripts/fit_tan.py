#!/usr/bin/env python3
"""How the vectorised tan's coefficients (T_P0…T_Q4 in Sources/CVectorMath/CVectorMath.c)
were found: tan(y) = y + y·z·P(z)/Q(z), z = y², on |y| ≤ π/4 (and a hair more), P of
degree 2 and Q of degree 4 with Q(0) = 1.

Weighted least squares on 400 Chebyshev nodes, linearised (Loeb: divide by the previous
Q), then reweighted towards equal ripple (Lawson), in 60 digits with mpmath. The weight
makes the error one of tan itself: an error e in P/Q moves tan by e·y·z, relative to
tan(y). Prints the largest relative error before rounding and the coefficients.

  pip install mpmath && python3 scripts/fit_tan.py
"""
import mpmath as mp

mp.mp.dps = 60
P_DEGREE, Q_DEGREE = 2, 4
NODES = 400


def main():
    top = (mp.pi / 4 * mp.mpf("1.0001")) ** 2
    nodes = [top * (1 - mp.cos(mp.pi * (i + 0.5) / NODES)) / 2 for i in range(NODES)]
    target = [(mp.tan(mp.sqrt(z)) / mp.sqrt(z) - 1) / z for z in nodes]
    weight = [z * mp.sqrt(z) / mp.tan(mp.sqrt(z)) for z in nodes]
    previous_q = [mp.mpf(1)] * NODES
    lawson = [mp.mpf(1)] * NODES
    for iteration in range(30):
        rows, right = [], []
        for i, z in enumerate(nodes):
            w = weight[i] * lawson[i] / previous_q[i]
            rows.append([w * z**k for k in range(P_DEGREE + 1)] + [-w * target[i] * z**k for k in range(1, Q_DEGREE + 1)])
            right.append(w * target[i])
        a, b = mp.matrix(rows), mp.matrix(right)
        solution = mp.lu_solve(a.T * a, a.T * b)
        p = [solution[k] for k in range(P_DEGREE + 1)]
        q = [mp.mpf(1)] + [solution[P_DEGREE + 1 + k] for k in range(Q_DEGREE)]
        previous_q = [sum(q[k] * z**k for k in range(Q_DEGREE + 1)) for z in nodes]
        errors = [
            abs(sum(p[k] * z**k for k in range(P_DEGREE + 1)) / previous_q[i] - target[i]) * weight[i]
            for i, z in enumerate(nodes)
        ]
        largest = max(errors)
        if iteration >= 5:
            lawson = [lawson[i] * mp.sqrt(errors[i] / largest) + mp.mpf("1e-40") for i in range(NODES)]
            total = sum(lawson)
            lawson = [value * NODES / total for value in lawson]
    print("largest relative error of tan before rounding:", mp.nstr(largest, 3))
    for k in range(P_DEGREE + 1):
        print(f"T_P{k} = {mp.nstr(p[k], 21)}")
    for k in range(1, Q_DEGREE + 1):
        print(f"T_Q{k} = {mp.nstr(q[k], 21)}")


if __name__ == "__main__":
    main()
