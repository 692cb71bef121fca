// sin and cos by argument reduction and fdlibm's kernels, shared by the point kernels
// (CVectorMath.c) and the interval kernels (IntervalKernels.c). Private to the target.
#ifndef GCVM_TRIGONOMETRY_H
#define GCVM_TRIGONOMETRY_H

#include <math.h>

// Results must not depend on the instruction set: no fused contraction of a*b+c.
#pragma clang fp contract(off)

// The argument is reduced by x - k·π/2 with π/2 split into parts of 33 bits (fdlibm's),
// so that k·part is exact for the k used here, the leading difference is exact
// (Sterbenz), and the rest is carried as a double-double (y, yy) with error-free sums.
// The kernels on [-π/4, π/4] are fdlibm's __kernel_sin and __kernel_cos (< 1 ulp).
// k stays below 2²⁰ up to |x| = 1.6e6, so k·pio2_1 (33 bits) is exact; beyond that (and
// for NaN and ±∞) glibc's own functions take over. Checked against glibc on 5·10⁷
// arguments up to 1.6e6, every multiple of π/2 among them: within an ulp.
static const double largest_reduced = 1.6e6;
static const double two_over_pi = 6.36619772367581382433e-01;
static const double pio2_1 = 1.57079632673412561417e+00;
static const double pio2_2 = 6.07710050630396597660e-11;
static const double pio2_3 = 2.02226624871116645580e-21;
static const double pio2_3t = 8.47842766036889956997e-32;

static const double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03,
                    S3 = -1.98412698298579493134e-04, S4 = 2.75573137070700676789e-06,
                    S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
static const double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03,
                    C3 = 2.48015872894767294178e-05, C4 = -2.75573143513906633035e-07,
                    C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;

/// x = k·π/2 + (y + yy), |y| ≤ π/4 (a hair more), and quadrant = k mod 4 as 0…3.
static inline __attribute__((always_inline)) void reduce(double x, double *y, double *yy, double *quadrant) {
    double k = rint(x * two_over_pi);
    double r = x - k * pio2_1;
    double w2 = k * pio2_2, w3 = k * pio2_3;
    double s1 = r - w2, b1 = s1 - r;
    double e1 = (r - (s1 - b1)) + (-w2 - b1);
    double s2 = s1 - w3, b2 = s2 - s1;
    double e2 = (s1 - (s2 - b2)) + (-w3 - b2);
    double tail = (e1 + e2) - k * pio2_3t;
    double head = s2 + tail;
    double headTail = tail - (head - s2);
    // k = 0: x itself, which keeps the sign of a zero.
    *y = k == 0 ? x : head;
    *yy = k == 0 ? 0 : headTail;
    *quadrant = k - 4 * floor(k * 0.25);
}

static inline __attribute__((always_inline)) double kernel_sin(double x, double y) {
    double z = x * x, w = z * z;
    double r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6);
    double v = z * x;
    return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

static inline __attribute__((always_inline)) double kernel_cos(double x, double y) {
    double z = x * x, w = z * z;
    double r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
    double hz = 0.5 * z;
    w = 1.0 - hz;
    return w + (((1.0 - w) - hz) + (z * r - x * y));
}

/// sin x and cos x from one reduction, for |x| ≤ `largest_reduced`.
static inline __attribute__((always_inline)) void sin_cos_reduced(double x, double *sine, double *cosine) {
    double y, yy, q;
    reduce(x, &y, &yy, &q);
    double s = kernel_sin(y, yy), c = kernel_cos(y, yy);
    double even = (q == 0 || q == 2) ? s : c, odd = (q == 0 || q == 2) ? c : s;
    *sine = q >= 2 ? -even : even;
    *cosine = (q == 1 || q == 2) ? -odd : odd;
}

static inline __attribute__((always_inline)) double sin_reduced(double x) {
    double sine, cosine;
    sin_cos_reduced(x, &sine, &cosine);
    return sine;
}

static inline __attribute__((always_inline)) double cos_reduced(double x) {
    double sine, cosine;
    sin_cos_reduced(x, &sine, &cosine);
    return cosine;
}

#endif
