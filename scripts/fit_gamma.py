#!/usr/bin/env python3
"""How the Chebyshev coefficients of Γ and ψ on [1, 2] (GAMMA_CHEBYSHEV and
DIGAMMA_CHEBYSHEV in Sources/CVectorMath/Gamma.c) were found: the expansions of
Γ(1.5 + u/2) and ψ(1.5 + u/2) for u in [−1, 1], each coefficient
c_k = (2/N) Σ f(cos θ_j) cos(k θ_j) over N Chebyshev–Gauss nodes, in 60 digits with
mpmath, kept while |c_k| > 1e-24 and printed as pairs of doubles (hi, lo) whose sum is
the coefficient to about 2⁻¹⁰⁶. The nearest poles (0 and −1) are three half-widths
from the centre, so the coefficients fall by about 5.8 a term.

  pip install mpmath && python3 scripts/fit_gamma.py
"""
import mpmath as mp

mp.mp.dps = 60
NODES = 96
SMALLEST = mp.mpf("1e-24")


def chebyshev(function):
    thetas = [mp.pi * (j + mp.mpf(0.5)) / NODES for j in range(NODES)]
    values = [function(mp.mpf(1.5) + mp.cos(t) / 2) for t in thetas]
    coefficients = []
    for k in range(NODES):
        c = 2 * sum(v * mp.cos(k * t) for v, t in zip(values, thetas)) / NODES
        if k == 0:
            c /= 2
        if abs(c) < SMALLEST:
            break
        coefficients.append(c)
    return coefficients


def split(value):
    hi = float(value)
    lo = float(value - mp.mpf(hi))
    return hi, lo


def show(name, coefficients):
    print(f"static const double {name}[{len(coefficients)}][2] = {{")
    for c in coefficients:
        hi, lo = split(c)
        print(f"    {{{hi!r}, {lo!r}}},")
    print("};")


def main():
    show("GAMMA_CHEBYSHEV", chebyshev(mp.gamma))
    show("DIGAMMA_CHEBYSHEV", chebyshev(mp.digamma))


if __name__ == "__main__":
    main()
