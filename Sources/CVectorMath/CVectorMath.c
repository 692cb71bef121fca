#include "CVectorMath.h"

#include <float.h>
#include <stdint.h>
#include <math.h>
#include <string.h>

#include "Dispatch.h"
#include "Trigonometry.h"

// Results must not depend on the instruction set: no fused contraction of a*b+c.
#pragma clang fp contract(off)

// An infinite result from finite (or NaN) operands is an overflow or a pole: NaN.
#define FINITE_OR_NAN(v) (fabs(v) == INFINITY ? NAN : (v))
// Blocks small enough for the stack, large enough to vectorise.
#define BLOCK 256

// MARK: - Binary operations

// `y` may be an operand register. Compilers only vectorise loops whose output provably
// (or, checked at run time, actually) does not overlap their inputs, so an operand that
// is also the output is first copied into a block on the stack.
#define BINARY_LOOPS(EXPRESSION)                                                        \
    for (long start = 0; start < n; start += BLOCK) {                                   \
        long count = n - start < BLOCK ? n - start : BLOCK;                             \
        double firstCopy[BLOCK], secondCopy[BLOCK];                                     \
        double *out = y + start;                                                        \
        const double *first = a + start, *second = b + start;                           \
        if (layout != GCVM_SCALAR_FIRST && a == y) {                                    \
            memcpy(firstCopy, first, (size_t)count * sizeof(double));                   \
            first = firstCopy;                                                          \
        }                                                                               \
        if (layout != GCVM_SCALAR_SECOND && b == y) {                                   \
            memcpy(secondCopy, second, (size_t)count * sizeof(double));                 \
            second = secondCopy;                                                        \
        }                                                                               \
        switch (layout) {                                                               \
        case GCVM_ARRAYS:                                                               \
            for (long i = 0; i < count; i++) { double p = first[i], q = second[i]; out[i] = (EXPRESSION); } \
            break;                                                                      \
        case GCVM_SCALAR_SECOND: {                                                      \
            double q = b[0];                                                            \
            for (long i = 0; i < count; i++) { double p = first[i]; out[i] = (EXPRESSION); } \
            break;                                                                      \
        }                                                                               \
        default: {                                                                      \
            double p = a[0];                                                            \
            for (long i = 0; i < count; i++) { double q = second[i]; out[i] = (EXPRESSION); } \
            break;                                                                      \
        }                                                                               \
        }                                                                               \
    }

// The calculator keys, step for step as `BinaryOperation.apply` computes them, so that
// compiled and reference values agree bit for bit.

static double modulo(double a, double b) {
    if (a != a || b != b || b == 0) return NAN;
    double remainder = fmod(a, b);
    if (remainder == 0) return 0;
    return (remainder < 0) != (b < 0) ? remainder + b : remainder;
}

static double logarithm(double base, double x) {
    if (base != base || x != x || base <= 0 || base == 1 || base == INFINITY || x <= 0) return NAN;
    if (base == 2) return log2(x);
    if (base == 10) return log10(x);
    if (base == M_E) return log(x);
    return log2(x) / log2(base);
}

static int is_choice(double n, double r) {
    return isfinite(n) && n == rint(n) && r == rint(r) && r >= 0 && r <= n;
}

static double permutations(double n, double r) {
    if (!is_choice(n, r)) return NAN;
    double product = 1, factor = n, remaining = r;
    while (remaining > 0 && isfinite(product)) {
        product *= factor;
        factor -= 1;
        remaining -= 1;
    }
    return product;
}

static double combinations(double n, double r) {
    if (!is_choice(n, r)) return NAN;
    double k = r < n - r ? r : n - r, result = 1;
    for (double i = 1; i <= k && isfinite(result); i += 1) result = result * (n - k + i) / i;
    return isfinite(result) ? round(result) : result;
}

DISPATCHED
void gcvm_binary(int operation, double *y, const double *a, const double *b, int layout, long n) {
    switch (operation) {
    case GCVM_ADD: BINARY_LOOPS(FINITE_OR_NAN(p + q)) break;
    case GCVM_SUBTRACT: BINARY_LOOPS(FINITE_OR_NAN(p - q)) break;
    case GCVM_MULTIPLY: BINARY_LOOPS(FINITE_OR_NAN(p * q)) break;
    case GCVM_DIVIDE: BINARY_LOOPS(FINITE_OR_NAN(p / q)) break;
    // Swift's min and max (b < a ? b : a, b >= a ? b : a), with NaN kept.
    case GCVM_MINIMUM: BINARY_LOOPS((p != p || q != q) ? NAN : (q < p ? q : p)) break;
    case GCVM_MAXIMUM: BINARY_LOOPS((p != p || q != q) ? NAN : (q >= p ? q : p)) break;
    case GCVM_POWER: BINARY_LOOPS((p != p || q != q) ? NAN : FINITE_OR_NAN(pow(p, q))) break;
    case GCVM_ATAN2: BINARY_LOOPS(atan2(p, q)) break;
    case GCVM_MOD: BINARY_LOOPS(modulo(p, q)) break;
    case GCVM_LOGB: BINARY_LOOPS(FINITE_OR_NAN(logarithm(p, q))) break;
    case GCVM_NPR: BINARY_LOOPS(FINITE_OR_NAN(permutations(p, q))) break;
    case GCVM_NCR: BINARY_LOOPS(FINITE_OR_NAN(combinations(p, q))) break;
    case GCVM_LESS: BINARY_LOOPS((p != p || q != q) ? NAN : (double)(p < q)) break;
    case GCVM_LESS_OR_EQUAL: BINARY_LOOPS((p != p || q != q) ? NAN : (double)(p <= q)) break;
    case GCVM_GREATER: BINARY_LOOPS((p != p || q != q) ? NAN : (double)(p > q)) break;
    case GCVM_GREATER_OR_EQUAL: BINARY_LOOPS((p != p || q != q) ? NAN : (double)(p >= q)) break;
    case GCVM_EQUAL: BINARY_LOOPS((p != p || q != q) ? NAN : (double)(p == q)) break;
    case GCVM_NOT_EQUAL: BINARY_LOOPS((p != p || q != q) ? NAN : (double)(p != q)) break;
    case GCVM_AND: BINARY_LOOPS((p == 0 || q == 0) ? 0.0 : (p != p || q != q) ? NAN : 1.0) break;
    case GCVM_OR: BINARY_LOOPS(((p == p && p != 0) || (q == q && q != 0)) ? 1.0 : (p != p || q != q) ? NAN : 0.0) break;
    }
}

// MARK: - sin, cos and tan

// tan(y) = y + y·z·P(z)/Q(z), z = y², on |y| ≤ π/4: a rational fit of ours (weighted
// least squares, reweighted towards minimax, in 60 digits with mpmath: scripts/fit_tan.py),
// relative error 2e-20 as fitted and 1.6e-17 (0.14 ulp) with the coefficients rounded
// to doubles, before the rounding of the arithmetic. In odd quadrants
// −cot(y) = −Q/(y·Q + y·z·P): one division in either case, with the same numerator and
// denominator picked per lane.
static const double T_P0 = 0.333333333333333335863, T_P1 = -0.0214131407619809364178,
                    T_P2 = 0.000243063014935623799504;
static const double T_Q1 = -0.464239422285942510073, T_Q2 = 0.0245201960544179975736,
                    T_Q3 = -0.000253970898198304362689, T_Q4 = -1.85634155463373187655e-8;

/// tan from the reduced argument y + yy: one correctly rounded division, then the tail
/// yy by tan' = 1 + tan².
static inline __attribute__((always_inline)) double tan_reduced(double x) {
    double y, yy, q;
    reduce(x, &y, &yy, &q);
    double z = y * y;
    double p = fma(fma(T_P2, z, T_P1), z, T_P0);
    double qq = fma(fma(fma(fma(T_Q4, z, T_Q3), z, T_Q2), z, T_Q1), z, 1.0);
    double small = (y * z) * p;
    int odd = (q == 1 || q == 3);
    double numerator = odd ? -qq : small, denominator = odd ? fma(y, qq, small) : qq;
    double t = numerator / denominator;
    double value = odd ? t : y + t;
    value = value + yy * fma(value, value, 1.0);
    // y is ±0 only for x = ±0 (k = 0 keeps x itself): tan(±0) = ±0.
    return y == 0 ? y : value;
}

// Arguments beyond the reduction's range (and NaN, ±∞) are rare: one vectorised test
// per block finds whether any is there before the scalar pass that hands them to glibc.
#define REDUCED_LOOP(FUNCTION, FALLBACK)                                              \
    for (long start = 0; start < n; start += BLOCK) {                                 \
        long count = n - start < BLOCK ? n - start : BLOCK;                           \
        double x[BLOCK];                                                              \
        memcpy(x, a + start, (size_t)count * sizeof(double));                        \
        double *out = y + start;                                                      \
        int outside = 0;                                                              \
        for (long i = 0; i < count; i++) {                                            \
            out[i] = FUNCTION(x[i]);                                                  \
            outside |= !(fabs(x[i]) <= largest_reduced);                              \
        }                                                                             \
        if (outside)                                                                  \
            for (long i = 0; i < count; i++)                                          \
                if (!(fabs(x[i]) <= largest_reduced)) y[start + i] = FALLBACK(x[i]);  \
    }

double gcvm_sin(double x) { return fabs(x) <= largest_reduced ? sin_reduced(x) : sin(x); }
double gcvm_cos(double x) { return fabs(x) <= largest_reduced ? cos_reduced(x) : cos(x); }
double gcvm_tan(double x) { return fabs(x) <= largest_reduced ? tan_reduced(x) : tan(x); }

// MARK: - Unary operations

#define UNARY_LOOP(EXPRESSION)                                                          \
    for (long start = 0; start < n; start += BLOCK) {                                   \
        long count = n - start < BLOCK ? n - start : BLOCK;                             \
        double copy[BLOCK];                                                             \
        double *out = y + start;                                                        \
        const double *first = a + start;                                               \
        if (a == y) {                                                                   \
            memcpy(copy, first, (size_t)count * sizeof(double));                        \
            first = copy;                                                               \
        }                                                                               \
        for (long i = 0; i < count; i++) { double p = first[i]; out[i] = (EXPRESSION); } \
    }

// The cube root as `UnaryOperation.cubeRoot` computes it: of cbrt's result and its
// neighbours, the one whose cube (computed exactly with fma) is nearest x.
static double cube_residual(double c, double x) {
    double square = c * c;
    double square_error = fma(c, c, -square);
    return fabs(fma(square, c, -x) + square_error * c);
}

static double cube_root(double x) {
    double estimate = cbrt(x);
    if (!isfinite(estimate) || estimate == 0) return estimate;
    double best = estimate, smallest = cube_residual(estimate, x);
    double candidates[2] = {nextafter(estimate, -INFINITY), nextafter(estimate, INFINITY)};
    for (int i = 0; i < 2; i++) {
        double error = cube_residual(candidates[i], x);
        if (error < smallest) {
            best = candidates[i];
            smallest = error;
        }
    }
    return best;
}

DISPATCHED
void gcvm_unary(int operation, double *y, const double *a, long n) {
    switch (operation) {
    case GCVM_NEGATE: UNARY_LOOP(-p) break;
    case GCVM_ABS: UNARY_LOOP(fabs(p)) break;
    case GCVM_SQRT: UNARY_LOOP(sqrt(p)) break;
    case GCVM_SQUARE: UNARY_LOOP(FINITE_OR_NAN(p * p)) break;
    case GCVM_RECIPROCAL: UNARY_LOOP(FINITE_OR_NAN(1.0 / p)) break;
    case GCVM_SIN: REDUCED_LOOP(sin_reduced, sin) break;
    case GCVM_COS: REDUCED_LOOP(cos_reduced, cos) break;
    case GCVM_TAN: REDUCED_LOOP(tan_reduced, tan) break;
    case GCVM_ASIN: UNARY_LOOP(asin(p)) break;
    case GCVM_ACOS: UNARY_LOOP(acos(p)) break;
    case GCVM_ATAN: UNARY_LOOP(atan(p)) break;
    case GCVM_LOG: UNARY_LOOP(FINITE_OR_NAN(log(p))) break;
    case GCVM_LOG10: UNARY_LOOP(FINITE_OR_NAN(log10(p))) break;
    case GCVM_EXP: UNARY_LOOP(FINITE_OR_NAN(exp(p))) break;
    case GCVM_SIN_LIBM: UNARY_LOOP(sin(p)) break;
    case GCVM_COS_LIBM: UNARY_LOOP(cos(p)) break;
    case GCVM_TAN_LIBM: UNARY_LOOP(tan(p)) break;
    case GCVM_FLOOR: UNARY_LOOP(floor(p)) break;
    case GCVM_CEIL: UNARY_LOOP(ceil(p)) break;
    case GCVM_ROUND: UNARY_LOOP(round(p)) break;
    case GCVM_TRUNC: UNARY_LOOP(trunc(p)) break;
    case GCVM_SIGN: UNARY_LOOP(p != p ? NAN : (double)((p > 0) - (p < 0))) break;
    case GCVM_SINH: UNARY_LOOP(FINITE_OR_NAN(sinh(p))) break;
    case GCVM_COSH: UNARY_LOOP(FINITE_OR_NAN(cosh(p))) break;
    case GCVM_TANH: UNARY_LOOP(tanh(p)) break;
    case GCVM_ASINH: UNARY_LOOP(asinh(p)) break;
    case GCVM_ACOSH: UNARY_LOOP(acosh(p)) break;
    case GCVM_ATANH: UNARY_LOOP(FINITE_OR_NAN(atanh(p))) break;
    case GCVM_CBRT: UNARY_LOOP(cube_root(p)) break;
    case GCVM_LOG2: UNARY_LOOP(FINITE_OR_NAN(log2(p))) break;
    case GCVM_FACTORIAL: UNARY_LOOP(FINITE_OR_NAN(gcvm_factorial(p))) break;
    case GCVM_GAMMA: UNARY_LOOP(FINITE_OR_NAN(gcvm_gamma(p))) break;
    case GCVM_DIGAMMA: UNARY_LOOP(FINITE_OR_NAN(gcvm_digamma(p))) break;
    case GCVM_NOT: UNARY_LOOP(p != p ? NAN : (double)(p == 0)) break;
    }
}

// MARK: - Whole powers

DISPATCHED
void gcvm_integer_power(double *y, const double *a, long exponent, long n) {
    long steps = (exponent < 0 ? -exponent : exponent) - 1;
    for (long start = 0; start < n; start += BLOCK) {
        long count = n - start < BLOCK ? n - start : BLOCK;
        double base[BLOCK], product[BLOCK], error[BLOCK];
        memcpy(base, a + start, (size_t)count * sizeof(double));
        if (exponent == 0) {
            for (long i = 0; i < count; i++) y[start + i] = base[i] != base[i] ? NAN : 1.0;
            continue;
        }
        for (long i = 0; i < count; i++) { product[i] = base[i]; error[i] = 0; }
        // TwoProduct: p·b = q + e exactly; the errors are carried and added at the end.
        for (long step = 0; step < steps; step++) {
            for (long i = 0; i < count; i++) {
                double q = product[i] * base[i];
                double e = fma(product[i], base[i], -q);
                error[i] = fma(error[i], base[i], e);
                product[i] = q;
            }
        }
        for (long i = 0; i < count; i++) {
            // Keep the sign of zero: −0 + 0 would be +0.
            double sum = error[i] == 0 ? product[i] : product[i] + error[i];
            product[i] = exponent > 0 ? sum : 1.0 / sum;
        }
        // Where a power leaves the normal range (overflow, underflow, a zero base), the
        // compensation no longer holds: pow decides, as for the reference.
        for (long i = 0; i < count; i++) {
            double value = product[i];
            if (!(fabs(value) >= DBL_MIN && fabs(value) < INFINITY)) value = pow(base[i], (double)exponent);
            y[start + i] = FINITE_OR_NAN(value);
        }
    }
}

// MARK: - Programs run block by block

// Registers are whole blocks of GCVM_LANES: two operands are either the same register
// or do not overlap at all, so the loops may be vectorised without overlap checks.
#define LANE_LOOP _Pragma("clang loop vectorize(assume_safety)") for (long i = 0; i < GCVM_LANES; i++)

#define FUSED_BINARY(EXPRESSION)                                                        \
    if (step->first >= 0 && step->second >= 0) {                                        \
        const double *first = registers + step->first * GCVM_LANES;                     \
        const double *second = registers + step->second * GCVM_LANES;                   \
        LANE_LOOP { double p = first[i], q = second[i]; out[i] = (EXPRESSION); }        \
    } else if (step->first >= 0) {                                                      \
        const double *first = registers + step->first * GCVM_LANES;                     \
        double q = constants[-1 - step->second];                                        \
        LANE_LOOP { double p = first[i]; out[i] = (EXPRESSION); }                       \
    } else {                                                                            \
        const double *second = registers + step->second * GCVM_LANES;                   \
        double p = constants[-1 - step->first];                                         \
        LANE_LOOP { double q = second[i]; out[i] = (EXPRESSION); }                      \
    }

#define FUSED_UNARY(EXPRESSION)                                                         \
    {                                                                                   \
        const double *first = registers + step->first * GCVM_LANES;                     \
        LANE_LOOP { double p = first[i]; out[i] = (EXPRESSION); }                       \
    }

// An infinity left for the steps that read it (`gcvm_step.unchecked`), or made NaN here.
#define CHECKED_OR_NOT(LOOPS, EXPRESSION)                                               \
    if (step->unchecked) {                                                              \
        LOOPS(EXPRESSION)                                                               \
    } else {                                                                            \
        LOOPS(FINITE_OR_NAN(EXPRESSION))                                                \
    }

// The destination may be the operand: whether any argument is beyond the reduction's
// range is found first, and only then are values overwritten.
#define FUSED_REDUCED(FUNCTION, FALLBACK)                                               \
    {                                                                                   \
        const double *first = registers + step->first * GCVM_LANES;                     \
        int outside = 0;                                                                \
        LANE_LOOP { outside |= !(fabs(first[i]) <= largest_reduced); }                  \
        if (outside) {                                                                  \
            for (long i = 0; i < GCVM_LANES; i++) {                                     \
                double p = first[i];                                                    \
                out[i] = fabs(p) <= largest_reduced ? FUNCTION(p) : FALLBACK(p);        \
            }                                                                           \
        } else {                                                                        \
            LANE_LOOP { out[i] = FUNCTION(first[i]); }                                  \
        }                                                                               \
    }

DISPATCHED
void gcvm_run(const struct gcvm_step *steps, long step_count, const double *constants, double *registers,
              const double *x, double *y, int result, long n) {
    // Blocks on 64-byte boundaries: a vector load or store across two cache lines
    // costs nearly twice as much.
    registers = (double *)(((uintptr_t)registers + 63) & ~(uintptr_t)63);
    for (long start = 0; start < n; start += GCVM_LANES) {
        long count = n - start < GCVM_LANES ? n - start : GCVM_LANES;
        // Lanes past the end compute on zeros and are not copied out.
        memcpy(registers, x + start, (size_t)count * sizeof(double));
        memset(registers + count, 0, (size_t)(GCVM_LANES - count) * sizeof(double));
        for (long index = 0; index < step_count; index++) {
            const struct gcvm_step *step = steps + index;
            double *out = registers + step->destination * GCVM_LANES;
            if (step->kind == GCVM_STEP_BINARY) {
                switch (step->operation) {
                case GCVM_ADD: CHECKED_OR_NOT(FUSED_BINARY, p + q) continue;
                case GCVM_SUBTRACT: CHECKED_OR_NOT(FUSED_BINARY, p - q) continue;
                case GCVM_MULTIPLY: CHECKED_OR_NOT(FUSED_BINARY, p * q) continue;
                case GCVM_DIVIDE: CHECKED_OR_NOT(FUSED_BINARY, p / q) continue;
                default: {
                    double constant = step->first < 0    ? constants[-1 - step->first]
                                      : step->second < 0 ? constants[-1 - step->second]
                                                         : 0;
                    const double *first = step->first >= 0 ? registers + step->first * GCVM_LANES : &constant;
                    const double *second = step->second >= 0 ? registers + step->second * GCVM_LANES : &constant;
                    int layout = step->first < 0 ? GCVM_SCALAR_FIRST
                                 : step->second < 0 ? GCVM_SCALAR_SECOND : GCVM_ARRAYS;
                    gcvm_binary(step->operation, out, first, second, layout, GCVM_LANES);
                    continue;
                }
                }
            }
            if (step->kind == GCVM_STEP_POWER) {
                gcvm_integer_power(out, registers + step->first * GCVM_LANES, (long)step->second, GCVM_LANES);
                continue;
            }
            switch (step->operation) {
            case GCVM_SIN: FUSED_REDUCED(sin_reduced, sin) continue;
            case GCVM_COS: FUSED_REDUCED(cos_reduced, cos) continue;
            case GCVM_TAN: FUSED_REDUCED(tan_reduced, tan) continue;
            case GCVM_NEGATE: FUSED_UNARY(-p) continue;
            case GCVM_ABS: FUSED_UNARY(fabs(p)) continue;
            case GCVM_SQRT: {
                // Not vectorised (sqrt may set errno), so no assume_safety request.
                const double *first = registers + step->first * GCVM_LANES;
                for (long i = 0; i < GCVM_LANES; i++) out[i] = sqrt(first[i]);
                continue;
            }
            case GCVM_SQUARE: CHECKED_OR_NOT(FUSED_UNARY, p * p) continue;
            case GCVM_RECIPROCAL: CHECKED_OR_NOT(FUSED_UNARY, 1.0 / p) continue;
            default:
                gcvm_unary(step->operation, out, registers + step->first * GCVM_LANES, GCVM_LANES);
                continue;
            }
        }
        memcpy(y + start, registers + result * GCVM_LANES, (size_t)count * sizeof(double));
    }
}
