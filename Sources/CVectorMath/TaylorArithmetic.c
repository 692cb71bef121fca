// Taylor series in interval arithmetic: the recurrences of Taylor-mode automatic
// differentiation, every bound rounded outward by the processor's own directed rounding.
//
// A series of n coefficients is 2n doubles, lower and upper bound of each coefficient in
// turn. Each function computes in upward rounding (restoring the caller's rounding before
// it returns): an upper bound is the operation rounded up, a lower bound the negation of
// the negated operation rounded up, so every bound holds the exact value and an exact
// operation stays exact. FENV_ACCESS keeps the compiler from folding −((−x)·y) into x·y
// or moving an operation past the change of rounding.
#include "CVectorMath.h"

#include <fenv.h>
#include <math.h>

#pragma STDC FENV_ACCESS ON

/// An interval [lo, hi].
typedef struct {
    double lo, hi;
} interval;

static inline interval load(const double *series, long k) { return (interval){series[2 * k], series[2 * k + 1]}; }

static inline void store(double *series, long k, interval value) {
    series[2 * k] = value.lo;
    series[2 * k + 1] = value.hi;
}

static const interval zero = {0, 0};

/// a + b.
static inline interval add(interval a, interval b) { return (interval){-((-a.lo) - b.lo), a.hi + b.hi}; }

/// a − b.
static inline interval subtract(interval a, interval b) { return (interval){-(b.hi - a.lo), a.hi - b.lo}; }

/// x·y rounded down.
static inline double product_down(double x, double y) { return -((-x) * y); }

/// a × b: by the signs where they are one-signed, else the least and greatest of the four
/// products.
static inline interval multiply(interval a, interval b) {
    if (a.lo >= 0 && b.lo >= 0) return (interval){product_down(a.lo, b.lo), a.hi * b.hi};
    if (a.hi <= 0 && b.hi <= 0) return (interval){product_down(a.hi, b.hi), a.lo * b.lo};
    if (a.lo >= 0 && b.hi <= 0) return (interval){product_down(a.hi, b.lo), a.lo * b.hi};
    if (a.hi <= 0 && b.lo >= 0) return (interval){product_down(a.lo, b.hi), a.hi * b.lo};
    double l1 = product_down(a.lo, b.lo), l2 = product_down(a.lo, b.hi);
    double l3 = product_down(a.hi, b.lo), l4 = product_down(a.hi, b.hi);
    double h1 = a.lo * b.lo, h2 = a.lo * b.hi, h3 = a.hi * b.lo, h4 = a.hi * b.hi;
    double lo12 = l1 < l2 ? l1 : l2, lo34 = l3 < l4 ? l3 : l4;
    double hi12 = h1 > h2 ? h1 : h2, hi34 = h3 > h4 ? h3 : h4;
    return (interval){lo12 < lo34 ? lo12 : lo34, hi12 > hi34 ? hi12 : hi34};
}

/// a × j for a whole j ≥ 0.
static inline interval scale(interval a, long j) {
    double factor = (double)j;
    return (interval){product_down(a.lo, factor), a.hi * factor};
}

/// a ÷ b for b without 0: each bound one quotient, its divisor chosen by the signs.
static inline interval divide(interval a, interval b) {
    if (b.lo > 0) return (interval){-((-a.lo) / (a.lo >= 0 ? b.hi : b.lo)), a.hi / (a.hi >= 0 ? b.lo : b.hi)};
    return (interval){-((-a.hi) / (a.hi >= 0 ? b.hi : b.lo)), a.lo / (a.lo >= 0 ? b.lo : b.hi)};
}

/// a ÷ k for a whole k > 0.
static inline interval divide_whole(interval a, long k) {
    double divisor = (double)k;
    return (interval){-((-a.lo) / divisor), a.hi / divisor};
}

/// Whether every bound of the n coefficients is finite.
static int all_finite(const double *series, long n) {
    for (long i = 0; i < 2 * n; i++) {
        if (!isfinite(series[i])) return 0;
    }
    return 1;
}

/// The index of the last coefficient that is not exactly 0 (−1 for none): the series of x,
/// of a polynomial, of a constant end in zeros, and the sums below skip the terms that
/// are products with them (each exactly 0, so the sums are as they would be), which makes
/// exp, sin and a product of such a series cost a multiple of n, not of n².
static long last_nonzero(const double *series, long n) {
    long k = n - 1;
    while (k >= 0 && series[2 * k] == 0 && series[2 * k + 1] == 0) k--;
    return k;
}

static inline long max_long(long a, long b) { return a > b ? a : b; }
static inline long min_long(long a, long b) { return a < b ? a : b; }

/// Switches to upward rounding; returns the caller's rounding, for `finish`.
static inline int begin(void) {
    int mode = fegetround();
    fesetround(FE_UPWARD);
    return mode;
}

/// Restores the caller's rounding; returns whether the n coefficients are all bounded.
static inline int finish(int mode, const double *w, long n) {
    fesetround(mode);
    return all_finite(w, n);
}

int gcvm_taylor_sum(const double *u, const double *v, double *w, long n, int subtracts) {
    int mode = begin();
    for (long k = 0; k < n; k++) {
        store(w, k, subtracts ? subtract(load(u, k), load(v, k)) : add(load(u, k), load(v, k)));
    }
    return finish(mode, w, n);
}

int gcvm_taylor_divide(const double *u, double lower, double upper, double *w, long n) {
    if (!(lower > 0 || upper < 0)) return 0;
    int mode = begin();
    interval divisor = {lower, upper};
    for (long k = 0; k < n; k++) store(w, k, divide(load(u, k), divisor));
    return finish(mode, w, n);
}

int gcvm_taylor_scale_terms(const double *u, double *w, long n) {
    int mode = begin();
    for (long k = 0; k < n; k++) store(w, k, scale(load(u, k), k));
    return finish(mode, w, n);
}

int gcvm_taylor_product(const double *u, const double *v, double *w, long n) {
    long last_u = last_nonzero(u, n), last_v = last_nonzero(v, n);
    int mode = begin();
    for (long k = 0; k < n; k++) {
        interval total = zero;
        for (long j = max_long(0, k - last_v); j <= min_long(k, last_u); j++) {
            total = add(total, multiply(load(u, j), load(v, k - j)));
        }
        store(w, k, total);
    }
    return finish(mode, w, n);
}

int gcvm_taylor_quotient(const double *u, const double *v, double *w, long n) {
    interval v0 = load(v, 0);
    if (!(v0.lo > 0 || v0.hi < 0)) return 0;
    long last_v = last_nonzero(v, n);
    int mode = begin();
    for (long k = 0; k < n; k++) {
        interval total = load(u, k);
        for (long j = 1; j <= min_long(k, last_v); j++) total = subtract(total, multiply(load(v, j), load(w, k - j)));
        store(w, k, divide(total, v0));
    }
    return finish(mode, w, n);
}

int gcvm_taylor_exp(const double *u, double lower, double upper, double *w, long n) {
    long last_u = last_nonzero(u, n);
    int mode = begin();
    store(w, 0, (interval){lower, upper});
    for (long k = 1; k < n; k++) {
        interval total = zero;
        for (long j = 1; j <= min_long(k, last_u); j++) total = add(total, multiply(scale(load(u, j), j), load(w, k - j)));
        store(w, k, divide_whole(total, k));
    }
    return finish(mode, w, n);
}

int gcvm_taylor_log(const double *u, double lower, double upper, double *w, long n) {
    interval u0 = load(u, 0);
    if (!(u0.lo > 0)) return 0;
    long last_u = last_nonzero(u, n);
    int mode = begin();
    store(w, 0, (interval){lower, upper});
    for (long k = 1; k < n; k++) {
        interval total = zero;
        for (long j = max_long(1, k - last_u); j < k; j++) total = add(total, multiply(scale(load(w, j), j), load(u, k - j)));
        store(w, k, divide(subtract(load(u, k), divide_whole(total, k)), u0));
    }
    return finish(mode, w, n);
}

int gcvm_taylor_sine_cosine(const double *u, const double *s0, const double *c0, double *sine, double *cosine,
                            long n, int hyperbolic) {
    long last_u = last_nonzero(u, n);
    int mode = begin();
    store(sine, 0, (interval){s0[0], s0[1]});
    store(cosine, 0, (interval){c0[0], c0[1]});
    for (long k = 1; k < n; k++) {
        interval s = zero, c = zero;
        for (long j = 1; j <= min_long(k, last_u); j++) {
            interval ju = scale(load(u, j), j);
            s = add(s, multiply(ju, load(cosine, k - j)));
            c = add(c, multiply(ju, load(sine, k - j)));
        }
        store(sine, k, divide_whole(s, k));
        interval next = divide_whole(c, k);
        store(cosine, k, hyperbolic ? next : (interval){-next.hi, -next.lo});
    }
    fesetround(mode);
    return all_finite(sine, n) && all_finite(cosine, n);
}

int gcvm_taylor_square_root(const double *u, double lower, double upper, double *w, long n) {
    if (!(lower > 0)) return 0;
    long last_u = last_nonzero(u, n);
    interval u0 = load(u, 0);
    int mode = begin();
    interval w0 = {lower, upper};
    store(w, 0, w0);
    if (last_u <= 2 && u0.lo > 0) {
        // u of degree at most 2 (x, a quadratic): u·w′ = ½·u′·w gives
        // wₖ = (1/(k·u₀)) Σⱼ (½(k−j) − j)·uₖ₋ⱼ·wⱼ over the j with uₖ₋ⱼ not 0, two terms at
        // most, where w² = u would take k/2.
        for (long k = 1; k < n; k++) {
            interval total = zero;
            for (long j = max_long(0, k - last_u); j < k; j++) {
                // ½(k − j) − j, exact (k below 2⁵²).
                double factor = 0.5 * (double)(k - j) - (double)j;
                total = add(total, multiply(multiply((interval){factor, factor}, load(u, k - j)), load(w, j)));
            }
            store(w, k, divide(total, scale(u0, k)));
        }
        return finish(mode, w, n);
    }
    interval twice = scale(w0, 2);
    for (long k = 1; k < n; k++) {
        // w² = u: wₖ = (uₖ − Σⱼ₌₁ᵏ⁻¹ wⱼwₖ₋ⱼ)/(2w₀), the sum's pairs taken once.
        interval total = zero;
        for (long j = 1; j <= (k - 1) / 2; j++) total = add(total, multiply(load(w, j), load(w, k - j)));
        total = scale(total, 2);
        if (k % 2 == 0) total = add(total, multiply(load(w, k / 2), load(w, k / 2)));
        store(w, k, divide(subtract(load(u, k), total), twice));
    }
    return finish(mode, w, n);
}

int gcvm_taylor_cube_root(const double *u, double lower, double upper, double *w, long n) {
    interval u0 = load(u, 0);
    if (!(u0.lo > 0 || u0.hi < 0)) return 0;
    int mode = begin();
    store(w, 0, (interval){lower, upper});
    // u^p by wₖ = (1/(k·u₀)) Σⱼ₌₀ᵏ⁻¹ (p(k−j) − j) uₖ₋ⱼ wⱼ, p = 1/3.
    interval third = divide_whole((interval){1, 1}, 3);
    long last_u = last_nonzero(u, n);
    for (long k = 1; k < n; k++) {
        interval total = zero;
        for (long j = max_long(0, k - last_u); j < k; j++) {
            interval factor = subtract(scale(third, k - j), (interval){(double)j, (double)j});
            total = add(total, multiply(multiply(factor, load(u, k - j)), load(w, j)));
        }
        store(w, k, divide(total, scale(u0, k)));
    }
    return finish(mode, w, n);
}

int gcvm_taylor_integral(const double *polynomial, const double *remainder, long n, double a, double b, double c,
                         double *lower, double *upper) {
    int mode = begin();
    // t from a − c (at most 0) to b − c (at least 0), each enclosed.
    interval low = {-(c - a), a - c}, high = {-(c - b), b - c};
    interval low_power = low, high_power = high, total = zero;
    for (long k = 0; k < n; k++) {
        // ∫tᵏ = (highᵏ⁺¹ − lowᵏ⁺¹)/(k + 1); the last coefficient is the remainder's,
        // enclosed over the whole stretch (n − 1 even: tⁿ⁻¹ keeps a sign).
        interval integral = divide_whole(subtract(high_power, low_power), k + 1);
        total = add(total, multiply(load(k < n - 1 ? polynomial : remainder, k), integral));
        low_power = multiply(low_power, low);
        high_power = multiply(high_power, high);
    }
    fesetround(mode);
    *lower = total.lo;
    *upper = total.hi;
    return isfinite(total.lo) && isfinite(total.hi);
}
