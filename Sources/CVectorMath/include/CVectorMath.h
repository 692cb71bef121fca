// Batch kernels for the compiled evaluator: each applies one operation to n doubles.
//
// Every kernel is compiled three times (AVX-512, AVX2 with FMA, baseline x86-64) and the
// best for the CPU is chosen when the library loads. Results do not depend on which one
// runs: floating-point contraction is off and fma is only used explicitly.
// `y` may be the same array as an operand. An infinite result of an operation on finite
// operands (an overflow, a division by zero) is NaN, as the calculator reports no value
// (`gcvm_run` may leave it infinite for the steps that read it, `gcvm_step.unchecked`).
#ifndef CVECTORMATH_H
#define CVECTORMATH_H

// libm, for the Swift libraries: importing this module is how CalculatorBrain, Graphing
// and Plotting reach sin, log10 and the rest on any platform, with no `import Glibc`.
#include <math.h>

/// The binary operations, in `gcvm_binary`'s `operation` argument.
enum gcvm_binary_operation {
    GCVM_ADD, GCVM_SUBTRACT, GCVM_MULTIPLY, GCVM_DIVIDE, GCVM_MINIMUM, GCVM_MAXIMUM, GCVM_POWER, GCVM_ATAN2,
    /// The remainder with the divisor's sign; the logarithm of b (second) to base a
    /// (first); permutations and combinations of whole n (first) and r (second).
    GCVM_MOD, GCVM_LOGB, GCVM_NPR, GCVM_NCR,
    /// Comparisons, 1.0 or 0.0 (NaN when an operand is NaN), and Kleene's `and` and `or`:
    /// a 0 decides `and` and a non-zero `or` even beside a NaN.
    GCVM_LESS, GCVM_LESS_OR_EQUAL, GCVM_GREATER, GCVM_GREATER_OR_EQUAL, GCVM_EQUAL, GCVM_NOT_EQUAL,
    GCVM_AND, GCVM_OR
};

/// The unary operations, in `gcvm_unary`'s `operation` argument.
enum gcvm_unary_operation {
    GCVM_NEGATE, GCVM_ABS, GCVM_SQRT, GCVM_SQUARE, GCVM_RECIPROCAL, GCVM_SIN, GCVM_COS, GCVM_TAN,
    GCVM_ASIN, GCVM_ACOS, GCVM_ATAN, GCVM_LOG, GCVM_LOG10, GCVM_EXP,
    /// glibc's own sin, cos and tan, one value at a time, for results identical to libm's.
    GCVM_SIN_LIBM, GCVM_COS_LIBM, GCVM_TAN_LIBM,
    /// The calculator keys: steps (round takes halves away from zero), hyperbolic
    /// functions and their inverses, cube root, base-2 logarithm, n!, Γ and ψ.
    GCVM_FLOOR, GCVM_CEIL, GCVM_ROUND, GCVM_TRUNC, GCVM_SIGN, GCVM_SINH, GCVM_COSH, GCVM_TANH,
    GCVM_ASINH, GCVM_ACOSH, GCVM_ATANH, GCVM_CBRT, GCVM_LOG2, GCVM_FACTORIAL, GCVM_GAMMA,
    GCVM_DIGAMMA,
    /// 1.0 for 0, 0.0 for any other number, NaN for NaN.
    GCVM_NOT
};

/// How the operands of `gcvm_binary` are laid out.
enum gcvm_operand_layout {
    /// Both are arrays of n values.
    GCVM_ARRAYS,
    /// `a` is an array, `b` one value for all.
    GCVM_SCALAR_SECOND,
    /// `a` is one value for all, `b` an array.
    GCVM_SCALAR_FIRST
};

/// y[i] = a[i] op b[i] (or with a scalar operand, per `layout`).
void gcvm_binary(int operation, double *y, const double *a, const double *b, int layout, long n);

/// y[i] = op(a[i]). sin, cos and tan are vectorised here, within 2 ulp of glibc's;
/// the rest call glibc's scalar functions.
void gcvm_unary(int operation, double *y, const double *a, long n);

/// y[i] = a[i]^exponent for a whole exponent, by compensated multiplication: as if
/// computed in twice the precision, so within an ulp of pow; where the power leaves the
/// normal range, pow itself. NaN stays NaN.
void gcvm_integer_power(double *y, const double *a, long exponent, long n);

/// What a `gcvm_step` does.
enum gcvm_step_kind { GCVM_STEP_UNARY, GCVM_STEP_BINARY, GCVM_STEP_POWER };

/// One instruction of a program for `gcvm_run`, in 16 bytes: registers are numbered from
/// 0 (x); an operand of -1 - k reads `constants[k]`.
struct gcvm_step {
    /// A `gcvm_step_kind`.
    unsigned char kind;
    /// A `gcvm_unary_operation` or `gcvm_binary_operation`.
    unsigned char operation;
    /// Nonzero where an infinite sum, difference, product, quotient, square or reciprocal
    /// may stay infinite rather than become NaN: every step that reads it keeps an
    /// infinity infinite or NaN, and the last of them turns it into NaN (`gcvm_run` only).
    unsigned char unchecked;
    int destination;
    int first;
    /// The second operand; for a power, the whole exponent.
    int second;
};

/// The width of `gcvm_run`'s blocks, in values.
#define GCVM_LANES 64

/// Runs a program over n values of x, block by block: every step over 64 values before
/// the next block, so intermediates stay in the first-level cache (or in vector
/// registers) instead of one pass over the whole batch per instruction. Results are the
/// same as running each step over the whole batch with `gcvm_unary`, `gcvm_binary` and
/// `gcvm_integer_power`. `constants` holds the steps' constants; `registers` holds 64
/// doubles for each register the steps use, and 8 more (the blocks start at the first
/// 64-byte boundary); y receives register `result`.
void gcvm_run(const struct gcvm_step *steps, long step_count, const double *constants, double *registers,
              const double *x, double *y, int result, long n);

/// Γ(x), within an ulp (correctly rounded in all but the closest cases); NaN at the poles
/// 0, −1, −2, …, +∞ past 171.62.
double gcvm_gamma(double x);

/// n! for a whole n ≥ 0: the exact product rounded once to the nearest double; +∞ past
/// 170!, NaN for anything else.
double gcvm_factorial(double x);

/// The digamma function ψ(x) = Γ′(x)/Γ(x), within a few ulps (away from its zeros, where
/// the error is a few ulps of the terms that cancel); NaN at the poles 0, −1, −2, ….
double gcvm_digamma(double x);

/// Reads whole lines of plain numbers from text[0, length), as a data reader whose layout
/// is decided reads them: fields split at `separator` (or, with `blanks`, at runs of
/// blanks after leading ones), field i going to column slots[i] (−1: not kept; fields
/// past slot_count ignored), each a decimal numeral read exactly by Clinger's fast path
/// or empty (a gap, NaN); a row that ends early has gaps in its last columns; blank lines
/// and `#` comments hold no row. Row r's values go to columns[slot][r], for at most
/// `capacity` rows. Stops before the first line it cannot read so (a quote, a word, NA,
/// a numeral needing more than the fast path) and at the last line break; returns the
/// bytes read, with the rows made and the lines read (rows, blank lines and comments).
long gcvm_read_rows(const unsigned char *text, long length, unsigned char separator, int blanks,
                    const long *slots, long slot_count, double *const *columns, long capacity, long *rows,
                    long *lines);

/// `gcvm_read_rows` on two threads: text of 64 KB or more is split after the line break
/// nearest its middle and each part read into its own columns (capacity rows each) at
/// once. The second part's rows count only when the first part was read to its end;
/// returns the bytes read, with each part's rows and the lines read in all.
long gcvm_read_rows_split(const unsigned char *text, long length, unsigned char separator, int blanks,
                          const long *slots, long slot_count, double *const *first_columns,
                          double *const *second_columns, long capacity, long *first_rows, long *second_rows,
                          long *lines);

/// The values of a column that are not NaN: how many, their sum (compensated: within
/// about an ulp of the exact sum, plus n·ε² times the sum of magnitudes), the least and
/// the greatest (∞ and −∞ when there are none). Columns of 64 K values or more are summed
/// on two threads; the result does not depend on it.
void gcvm_column_sums(const double *values, long count, long *kept_count, double *sum, double *minimum,
                      double *maximum);

/// Σ(v − centre)² and Σ(v − centre) over the values that are not NaN, compensated, as
/// `gcvm_column_sums`.
void gcvm_deviation_sums(const double *values, long count, double centre, double *squares, double *deviations);

/// `gcvm_deviation_sums`, and in the same pass what `gcvm_bucket_counts` adds to `counts`
/// (one pass over a long column, not two).
void gcvm_deviation_sums_and_buckets(const double *values, long count, double centre, double minimum, double scale,
                                     long buckets, long *counts, double *squares, double *deviations);

/// Over the pairs (x[i], y[i]) with neither NaN: how many, Σx and Σy, compensated, as
/// `gcvm_column_sums`.
void gcvm_pair_sums(const double *x, const double *y, long count, long *pairs, double *sum_x, double *sum_y);

/// Over the pairs with neither NaN, with dx = x − centre_x and dy = y − centre_y: Σdx²,
/// Σdy² and Σdx·dy, compensated, as `gcvm_column_sums`.
void gcvm_pair_deviation_sums(const double *x, const double *y, long count, double centre_x, double centre_y,
                              double *squares_x, double *squares_y, double *products);

/// Adds to counts[b] (b from 0 below `buckets`) the number of the values that are not NaN
/// in bucket b: ⌊(v − minimum)·scale⌋, or the last bucket from there on. Every value must
/// be at least `minimum`. Long columns are counted on two threads.
void gcvm_bucket_counts(const double *values, long count, double minimum, double scale, long buckets, long *counts);

/// Gathers the values of the buckets that have a slot (slots[b] ≥ 0; buckets as
/// `gcvm_bucket_counts`): each value of bucket b goes to gathered[slots[b]], at
/// filled[slots[b]], which is then counted up, while it is below room[slots[b]].
void gcvm_bucket_gather(const double *values, long count, double minimum, double scale, long buckets,
                        const int *slots, double *const *gathered, const long *room, long *filled);

/// Runs job(second) on a thread of its own and job(first) on this one, and returns when
/// both have: two independent pieces of work on two cores (one after the other on this
/// thread when no thread can be started).
void gcvm_run_both(void (*job)(void *), void *first, void *second);

/// Asks the kernel to back [start, start + bytes) with huge pages where it can (Linux's
/// madvise(MADV_HUGEPAGE); nothing elsewhere): a column of 10⁷ values is then touched in
/// a few dozen page faults, not 20,000. Only whole huge pages inside the range change.
void gcvm_advise_huge_pages(void *start, long bytes);

// Taylor series in interval arithmetic (TaylorArithmetic.c): a series of n coefficients is
// 2n doubles, each coefficient's lower then upper bound. Every bound is rounded outward
// (by upward rounding, the caller's restored), so each result holds the exact one and an
// exact operation stays exact. Each returns 1, or 0 where a bound is not finite (or a
// divisor holds 0); w may not overlap an operand unless said.

/// w = u + v, or u − v when `subtracts` (w may be u or v).
int gcvm_taylor_sum(const double *u, const double *v, double *w, long n, int subtracts);
/// w = u ÷ [lower, upper], coefficient by coefficient, for a divisor without 0 (w may be u).
int gcvm_taylor_divide(const double *u, double lower, double upper, double *w, long n);
/// wₖ = k·uₖ (w may be u).
int gcvm_taylor_scale_terms(const double *u, double *w, long n);
/// The Cauchy product: wₖ = Σⱼ uⱼvₖ₋ⱼ.
int gcvm_taylor_product(const double *u, const double *v, double *w, long n);
/// The quotient, v₀ without 0: wₖ = (uₖ − Σⱼ₌₁ᵏ vⱼwₖ₋ⱼ)/v₀.
int gcvm_taylor_quotient(const double *u, const double *v, double *w, long n);
/// exp u, w₀ = [lower, upper] enclosing exp u₀: wₖ = (1/k) Σⱼ₌₁ᵏ j·uⱼ·wₖ₋ⱼ.
int gcvm_taylor_exp(const double *u, double lower, double upper, double *w, long n);
/// ln u for u₀ above 0, w₀ = [lower, upper] enclosing ln u₀:
/// wₖ = (uₖ − (1/k) Σⱼ₌₁ᵏ⁻¹ j·wⱼ·uₖ₋ⱼ)/u₀.
int gcvm_taylor_log(const double *u, double lower, double upper, double *w, long n);
/// sin u and cos u together (sinh and cosh when `hyperbolic`), s0 and c0 the enclosures
/// (lower, upper) of their values at u₀.
int gcvm_taylor_sine_cosine(const double *u, const double *s0, const double *c0, double *sine, double *cosine,
                            long n, int hyperbolic);
/// √u for u₀ above 0, w₀ = [lower, upper] enclosing √u₀ (above 0).
int gcvm_taylor_square_root(const double *u, double lower, double upper, double *w, long n);
/// ∛u for u₀ without 0, w₀ = [lower, upper] enclosing ∛u₀.
int gcvm_taylor_cube_root(const double *u, double lower, double upper, double *w, long n);

/// Σₖ pₖ·∫tᵏ + Rₙ₋₁·∫tⁿ⁻¹ over t from a − c to b − c (n − 1 even): a Taylor polynomial
/// about c integrated exactly over [a, b], its last term the remainder, whose coefficient
/// R is enclosed over the whole stretch. Sets [*lower, *upper].
int gcvm_taylor_integral(const double *polynomial, const double *remainder, long n, double a, double b, double c,
                         double *lower, double *upper);

// Interval kernels (IntervalKernels.c) for the compiled evaluator: bounds exactly as
// Graphing's enclosures compute them (outward by an ulp unless shown exact; sin and cos
// by 4 ulps unless at 0), from finite operands. Each returns 1, or 0 where a bound is not
// finite (the caller then takes the general path). Results may overwrite an operand.

/// The operations of `gcvm_interval_unary` and `gcvm_interval_binary`.
enum gcvm_interval_operation {
    GCVM_INTERVAL_NEGATE, GCVM_INTERVAL_SQUARE, GCVM_INTERVAL_SIN, GCVM_INTERVAL_COS,
    GCVM_INTERVAL_ADD, GCVM_INTERVAL_SUBTRACT, GCVM_INTERVAL_MULTIPLY,
    /// 1/x and x/y where the divisor keeps one sign; a divisor that may be 0 is reported
    /// as a bound that is not finite (the general path takes it).
    GCVM_INTERVAL_RECIPROCAL, GCVM_INTERVAL_DIVIDE
};

/// [lower[i], upper[i]] = op([a_lower[i], a_upper[i]]).
int gcvm_interval_unary(int operation, double *lower, double *upper, const double *a_lower, const double *a_upper,
                        long n);
/// [lower[i], upper[i]] = [a_lower[i], a_upper[i]] op [b_lower[i], b_upper[i]], an operand
/// one interval for all per `layout`.
int gcvm_interval_binary(int operation, double *lower, double *upper, const double *a_lower, const double *a_upper,
                         const double *b_lower, const double *b_upper, int layout, long n);
/// sin [a, b] (cos, when `cosine`) for Graphing's enclosures: the ends' values, widened
/// to ±1 where the slope changes sign inside; [−1, 1] for a stretch of 2π or more.
void gcvm_interval_periodic(int cosine, double a, double b, double *lower, double *upper);

/// The vectorised sin, cos and tan for one value (the same code path, for tests).
double gcvm_sin(double x);
double gcvm_cos(double x);
double gcvm_tan(double x);

#endif
