// Interval kernels for Graphing's compiled evaluator: a program of sums, differences,
// products, quotients, negations, squares, reciprocals, sines and cosines over many
// intervals at once, each
// bound computed exactly as Graphing's own enclosures compute it (`Rounding`,
// `BinaryOperation.product`, `UnaryOperation.periodic`), so both agree to the bit.
//
// Bounds are computed in round-to-nearest and moved outward an ulp unless an error-free
// transformation shows the operation exact (a sum by TwoSum, a product by fma); sin and
// cos come from one argument reduction per end (Trigonometry.h), moved outward 4 ulps
// (`Rounding.libraryUlps`) unless at 0. Operands must be finite; a kernel reports a bound
// that is not (an overflow), and the caller then takes Graphing's general path.
#include "CVectorMath.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "Dispatch.h"
#include "Trigonometry.h"

#pragma clang fp contract(off)


#define BLOCK 256

/// Swift's `nextDown`: the next double below x (−∞ and NaN stay).
static inline __attribute__((always_inline)) double step_down(double x) {
    int64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits += x > 0 ? -1 : 1;
    double stepped;
    memcpy(&stepped, &bits, sizeof stepped);
    // Without branches, so that loops vectorise.
    stepped = x == 0 ? -0x1p-1074 : stepped;
    return ((x != x) | (x == -INFINITY)) ? x : stepped;
}

/// Swift's `nextUp`: the next double above x (+∞ and NaN stay).
static inline __attribute__((always_inline)) double step_up(double x) {
    int64_t bits;
    memcpy(&bits, &x, sizeof bits);
    bits += x > 0 ? 1 : -1;
    double stepped;
    memcpy(&stepped, &bits, sizeof stepped);
    stepped = x == 0 ? 0x1p-1074 : stepped;
    return ((x != x) | (x == INFINITY)) ? x : stepped;
}

/// Swift's `min` and `max`, whose choice between equal operands (0 and −0) differs from fmin's.
static inline __attribute__((always_inline)) double swift_min(double x, double y) { return y < x ? y : x; }
static inline __attribute__((always_inline)) double swift_max(double x, double y) { return y >= x ? y : x; }

/// `Rounding.isExactSum`.
static inline __attribute__((always_inline)) int is_exact_sum(double sum, double a, double b) {
    if (!(fabs(sum) < INFINITY)) return fabs(a) == INFINITY || fabs(b) == INFINITY;
    double b_part = sum - a;
    double error = (a - (sum - b_part)) + (b - b_part);
    return error == 0;
}

static inline __attribute__((always_inline)) double sum_down(double a, double b) {
    double sum = a + b;
    return is_exact_sum(sum, a, b) ? sum : step_down(sum);
}

static inline __attribute__((always_inline)) double sum_up(double a, double b) {
    double sum = a + b;
    return is_exact_sum(sum, a, b) ? sum : step_up(sum);
}

/// `Rounding.isExactProduct`, for nonzero a and b.
static inline __attribute__((always_inline)) int is_exact_product(double product, double a, double b) {
    return fabs(product) < INFINITY && fabs(product) >= DBL_MIN && fma(-a, b, product) == 0;
}

static inline __attribute__((always_inline)) double product_down(double a, double b) {
    if (a == 0 || b == 0) return 0;
    double product = a * b;
    return is_exact_product(product, a, b) ? product : step_down(product);
}

static inline __attribute__((always_inline)) double product_up(double a, double b) {
    if (a == 0 || b == 0) return 0;
    double product = a * b;
    return is_exact_product(product, a, b) ? product : step_up(product);
}

/// `Rounding.isExactQuotient`, for b ≠ 0.
static inline __attribute__((always_inline)) int is_exact_quotient(double quotient, double a, double b) {
    if (a == 0 || (fabs(b) == INFINITY && fabs(a) < INFINITY)) return quotient == 0;
    if (!(fabs(quotient) < INFINITY) || fabs(quotient) < DBL_MIN || fabs(a) < 0x1p-969) return 0;
    return fma(quotient, b, -a) == 0;
}

static inline __attribute__((always_inline)) double quotient_down(double a, double b) {
    double quotient = a / b;
    return is_exact_quotient(quotient, a, b) ? quotient : step_down(quotient);
}

static inline __attribute__((always_inline)) double quotient_up(double a, double b) {
    double quotient = a / b;
    return is_exact_quotient(quotient, a, b) ? quotient : step_up(quotient);
}

static inline __attribute__((always_inline)) double library_down(double value) { return step_down(step_down(step_down(step_down(value)))); }
static inline __attribute__((always_inline)) double library_up(double value) { return step_up(step_up(step_up(step_up(value)))); }

/// sin x and cos x: reduced here up to `largest_reduced`, glibc's beyond.
static inline void sin_cos(double x, double *sine, double *cosine) {
    if (fabs(x) <= largest_reduced) {
        sin_cos_reduced(x, sine, cosine);
    } else {
        *sine = sin(x);
        *cosine = cos(x);
    }
}

/// `UnaryOperation.periodic` on a stretch shorter than 3 whose ends have been evaluated:
/// the values at the ends, widened to 1 (or −1) where the slope falls (or rises) through 0.
static inline __attribute__((always_inline)) void periodic_ends(double a, double b, double fa, double fb, double slope_a, double slope_b,
                                 double *lower, double *upper) {
    int ordered = fa <= fb;
    double low = ordered ? fa : fb, low_at = ordered ? a : b;
    double high = ordered ? fb : fa, high_at = ordered ? b : a;
    double l = swift_max(-1, low_at == 0 ? low : library_down(low));
    double u = swift_min(1, high_at == 0 ? high : library_up(high));
    if (slope_a > 0 && slope_b < 0) u = 1;
    if (slope_a < 0 && slope_b > 0) l = -1;
    *lower = l;
    *upper = u;
}

/// sin (or cos, when `cosine`) over [a, b], as `UnaryOperation.periodic` computes it.
static void periodic(int cosine, double a, double b, double *lower, double *upper) {
    if (!(fabs(a) < INFINITY && fabs(b) < INFINITY)) {
        *lower = -1;
        *upper = 1;
        return;
    }
    double width = b - a;
    if (!(width < 2 * M_PI)) {
        *lower = -1;
        *upper = 1;
        return;
    }
    if (width >= 3) {
        double middle = a / 2 + b / 2;
        if (!(a < middle && middle < b)) {
            *lower = -1;
            *upper = 1;
            return;
        }
        double left_lower, left_upper, right_lower, right_upper;
        periodic(cosine, a, middle, &left_lower, &left_upper);
        periodic(cosine, middle, b, &right_lower, &right_upper);
        *lower = swift_min(left_lower, right_lower);
        *upper = swift_max(left_upper, right_upper);
        return;
    }
    double sa, ca, sb, cb;
    sin_cos(a, &sa, &ca);
    sin_cos(b, &sb, &cb);
    if (cosine) {
        periodic_ends(a, b, ca, cb, -sa, -sb, lower, upper);
    } else {
        periodic_ends(a, b, sa, sb, ca, cb, lower, upper);
    }
}

void gcvm_interval_periodic(int cosine, double a, double b, double *lower, double *upper) {
    periodic(cosine, a, b, lower, upper);
}

/// Copies a block's bounds to `lower` and `upper` from `start`; whether all are finite.
static inline int store_block(const double *l, const double *u, double *lower, double *upper, long start,
                              long count) {
    long infinite = 0;
    for (long i = 0; i < count; i++) infinite += !(fabs(l[i]) < INFINITY) | !(fabs(u[i]) < INFINITY);
    memcpy(lower + start, l, (size_t)count * sizeof(double));
    memcpy(upper + start, u, (size_t)count * sizeof(double));
    return infinite == 0;
}

DISPATCHED
int gcvm_interval_unary(int operation, double *lower, double *upper, const double *a_lower, const double *a_upper,
                        long n) {
    int finite = 1;
    for (long start = 0; start < n; start += BLOCK) {
        long count = n - start < BLOCK ? n - start : BLOCK;
        // Copies, so the results may overwrite the operand.
        double al[BLOCK], au[BLOCK], l[BLOCK], u[BLOCK];
        memcpy(al, a_lower + start, (size_t)count * sizeof(double));
        memcpy(au, a_upper + start, (size_t)count * sizeof(double));
        switch (operation) {
        case GCVM_INTERVAL_NEGATE:
            for (long i = 0; i < count; i++) {
                l[i] = -au[i];
                u[i] = -al[i];
            }
            break;
        case GCVM_INTERVAL_SQUARE:
            for (long i = 0; i < count; i++) {
                // `UnaryOperation.magnitude`, then its square.
                double ml = al[i] >= 0 ? al[i] : au[i] <= 0 ? -au[i] : 0;
                double mu = al[i] >= 0 ? au[i] : au[i] <= 0 ? -al[i] : swift_max(-al[i], au[i]);
                l[i] = swift_max(0, product_down(ml, ml));
                u[i] = product_up(mu, mu);
            }
            break;
        case GCVM_INTERVAL_RECIPROCAL:
            for (long i = 0; i < count; i++) {
                // `UnaryOperation.reciprocal` away from 0; NaN (the general path) where 0 may be.
                int away = (al[i] > 0) | (au[i] < 0);
                double b_upper = away ? au[i] : 1, b_lower = away ? al[i] : 1;
                l[i] = away ? quotient_down(1, b_upper) : NAN;
                u[i] = away ? quotient_up(1, b_lower) : NAN;
            }
            break;
        case GCVM_INTERVAL_SIN:
        case GCVM_INTERVAL_COS: {
            int cosine = operation == GCVM_INTERVAL_COS;
            // Stretches shorter than 3 within the reduction's range, all lanes at once;
            // the rest (halved, or glibc's) one at a time after.
            long others = 0;
            for (long i = 0; i < count; i++) {
                double a = al[i], b = au[i];
                int usual = (b - a < 3) & (fabs(a) <= largest_reduced) & (fabs(b) <= largest_reduced);
                others += !usual;
                double sa, ca, sb, cb;
                sin_cos_reduced(usual ? a : 0, &sa, &ca);
                sin_cos_reduced(usual ? b : 0, &sb, &cb);
                double fa = cosine ? ca : sa, fb = cosine ? cb : sb;
                double slope_a = cosine ? -sa : ca, slope_b = cosine ? -sb : cb;
                periodic_ends(a, b, fa, fb, slope_a, slope_b, &l[i], &u[i]);
            }
            if (others)
                for (long i = 0; i < count; i++) {
                    double a = al[i], b = au[i];
                    if (!(b - a < 3 && fabs(a) <= largest_reduced && fabs(b) <= largest_reduced))
                        periodic(cosine, a, b, &l[i], &u[i]);
                }
            break;
        }
        default:
            return 0;
        }
        finite &= store_block(l, u, lower, upper, start, count);
    }
    return finite;
}

DISPATCHED
int gcvm_interval_binary(int operation, double *lower, double *upper, const double *a_lower, const double *a_upper,
                         const double *b_lower, const double *b_upper, int layout, long n) {
    int finite = 1;
    for (long start = 0; start < n; start += BLOCK) {
        long count = n - start < BLOCK ? n - start : BLOCK;
        double al[BLOCK], au[BLOCK], bl[BLOCK], bu[BLOCK], l[BLOCK], u[BLOCK];
        for (long i = 0; i < count; i++) {
            al[i] = layout == GCVM_SCALAR_FIRST ? a_lower[0] : a_lower[start + i];
            au[i] = layout == GCVM_SCALAR_FIRST ? a_upper[0] : a_upper[start + i];
            bl[i] = layout == GCVM_SCALAR_SECOND ? b_lower[0] : b_lower[start + i];
            bu[i] = layout == GCVM_SCALAR_SECOND ? b_upper[0] : b_upper[start + i];
        }
        switch (operation) {
        case GCVM_INTERVAL_ADD:
            for (long i = 0; i < count; i++) {
                l[i] = sum_down(al[i], bl[i]);
                u[i] = sum_up(au[i], bu[i]);
            }
            break;
        case GCVM_INTERVAL_SUBTRACT:
            for (long i = 0; i < count; i++) {
                l[i] = sum_down(al[i], -bu[i]);
                u[i] = sum_up(au[i], -bl[i]);
            }
            break;
        case GCVM_INTERVAL_MULTIPLY:
            for (long i = 0; i < count; i++) {
                l[i] = swift_min(swift_min(product_down(al[i], bl[i]), product_down(al[i], bu[i])),
                                 swift_min(product_down(au[i], bl[i]), product_down(au[i], bu[i])));
                u[i] = swift_max(swift_max(product_up(al[i], bl[i]), product_up(al[i], bu[i])),
                                 swift_max(product_up(au[i], bl[i]), product_up(au[i], bu[i])));
            }
            break;
        case GCVM_INTERVAL_DIVIDE:
            for (long i = 0; i < count; i++) {
                // `BinaryOperation.quotient` away from 0: each bound the quotient of the ends
                // it comes from, rounded once; NaN (the general path) where 0 may be.
                double xl = al[i], xu = au[i], yl = bl[i], yu = bu[i];
                int positive = yl > 0, away = (yl > 0) | (yu < 0);
                double lower_dividend = positive ? xl : xu, upper_dividend = positive ? xu : xl;
                double lower_divisor = lower_dividend >= 0 ? yu : yl, upper_divisor = upper_dividend >= 0 ? yl : yu;
                l[i] = away ? quotient_down(lower_dividend, away ? lower_divisor : 1) : NAN;
                u[i] = away ? quotient_up(upper_dividend, away ? upper_divisor : 1) : NAN;
            }
            break;
        default:
            return 0;
        }
        finite &= store_block(l, u, lower, upper, start, count);
    }
    return finite;
}
