// Γ, n! and ψ (digamma) to within an ulp, for the calculator's keys, the compiled
// kernels and the interval enclosures alike: one implementation, so a value and its
// enclosure agree.
//
// Γ and ψ on [1, 2] are Chebyshev expansions summed in double-double arithmetic (about
// 106 bits); elsewhere they are reduced to [1, 2] by recurrences whose factors x + k
// are exact (computed as double-double sums), so the result before its one final
// rounding is within about 2⁻⁷⁸ of the true value: Γ is correctly rounded but in
// cases closer to a rounding midpoint than that, and never off by an ulp or more. n! for
// whole n ≤ 170 is the exact integer product rounded once to the nearest double.

#include "CVectorMath.h"

#include <math.h>
#include <pthread.h>
#include <stdint.h>

// The Chebyshev coefficients of Γ(1.5 + u/2) and ψ(1.5 + u/2) on u in [−1, 1], as
// double-double pairs; scripts/fit_gamma.py prints them.
static const double GAMMA_CHEBYSHEV[32][2] = {
    {0.9417855977954946, 2.1231285369347784e-17},
    {0.004415381324841007, -1.0734311597007906e-19},
    {0.05685043681599363, 2.762912933432599e-18},
    {-0.00421983539641856, -2.9132658950863427e-19},
    {0.0013268081812124603, -3.160950115164026e-20},
    {-0.00018930245297988805, 1.021891321584102e-20},
    {3.606925327441245e-05, -6.10414674974069e-23},
    {-6.056761904460864e-06, -3.1061543901086943e-22},
    {1.0558295463022833e-06, 3.949082438153561e-24},
    {-1.811967365542384e-07, 1.5491763701258375e-24},
    {3.117724964715322e-08, 1.725088056537424e-24},
    {-5.354219639019687e-09, -1.9176630435196704e-25},
    {9.193275519859589e-10, -2.6615573867799666e-26},
    {-1.5779412802883398e-10, -9.912416366422813e-28},
    {2.7079806229349544e-11, 1.4245381976728142e-27},
    {-4.64681865382573e-12, -2.0889791438794946e-28},
    {7.97335019200742e-13, -4.463297990303258e-29},
    {-1.368078209830916e-13, -2.341713222079039e-30},
    {2.3473194865638007e-14, -2.921750704306615e-31},
    {-4.027432614949067e-15, -1.5938132395044396e-31},
    {6.910051747372101e-16, 2.9120539405013366e-32},
    {-1.185584500221993e-16, 3.7627635377124863e-34},
    {2.034148542496374e-17, -1.5310271209724515e-33},
    {-3.490054341717406e-18, 3.4625907964973625e-34},
    {5.987993856485306e-19, -8.217421519843279e-36},
    {-1.027378057872228e-19, -5.6227987398594626e-36},
    {1.7627028160605298e-20, 5.823839874736011e-37},
    {-3.024320653735306e-21, -1.4152874348140448e-37},
    {5.188914660218398e-22, -3.758233200975517e-39},
    {-8.902770842456576e-23, -1.791177388218981e-39},
    {1.5274740684933426e-23, 7.551606018860941e-41},
    {-2.620731256187363e-24, 4.4036902995196705e-41},
};
static const double DIGAMMA_CHEBYSHEV[32][2] = {
    {-0.01902854041760896, 5.779506543269016e-19},
    {0.49141539302938714, -1.0031405902386471e-17},
    {-0.05681574782124473, 1.476067221847512e-18},
    {0.008357821225914313, 1.8483374644140716e-19},
    {-0.0013332328579943426, 2.442531418372239e-20},
    {0.00022031328706930824, 7.047435944593064e-21},
    {-3.704023817845688e-05, -2.41558762401185e-21},
    {6.28379365485499e-06, -1.7221400240511714e-23},
    {-1.071263908506185e-06, -4.150216400190193e-23},
    {1.8312839465484164e-07, 1.3114312337813292e-23},
    {-3.135350936180851e-08, 1.9043781183225667e-24},
    {5.372808776200777e-09, -3.184227292778169e-25},
    {-9.211681415978428e-10, 3.01991146790539e-26},
    {1.5798126521481822e-10, 1.0682624436735704e-26},
    {-2.7098646132380443e-11, 5.337768777769483e-29},
    {4.6487228599096836e-12, -6.427600091578963e-29},
    {-7.975272563830369e-13, 5.489064012205956e-30},
    {1.3682723857476993e-13, -3.25172343071083e-30},
    {-2.3475156060658973e-14, 1.7148976133978517e-32},
    {4.027630715560354e-15, -2.175797284617253e-32},
    {-6.910251853117904e-16, -1.9562838400814635e-32},
    {1.185604713886335e-16, 5.296410844911982e-33},
    {-2.034168961626156e-17, 1.2095459522929027e-33},
    {3.4900749686463045e-18, -1.3662234413110464e-34},
    {-5.988014693497671e-19, -2.662673786669497e-35},
    {1.0273801628080589e-19, -2.9936374891987872e-36},
    {-1.7627049424561072e-20, 3.492109728872349e-37},
    {3.024322801815692e-21, 1.2746668715498116e-37},
    {-5.188916830209231e-22, -1.7866622859363372e-38},
    {8.902773034584572e-23, -2.9636967292293e-39},
    {-1.5274742899426727e-23, -1.2828736194411586e-39},
    {2.6207314798962083e-24, -1.7315609846175258e-41},
};

// MARK: - Double-double arithmetic

// A value hi + lo with |lo| ≤ ulp(hi)/2.
typedef struct {
    double hi, lo;
} dd;

static dd two_sum(double a, double b) {
    double s = a + b, bb = s - a;
    return (dd){s, (a - (s - bb)) + (b - bb)};
}

static dd quick_two_sum(double a, double b) {
    double s = a + b;
    return (dd){s, b - (s - a)};
}

static dd dd_add(dd a, dd b) {
    dd s = two_sum(a.hi, b.hi);
    return quick_two_sum(s.hi, s.lo + a.lo + b.lo);
}

static dd dd_mul(dd a, dd b) {
    double p = a.hi * b.hi;
    double e = fma(a.hi, b.hi, -p);
    return quick_two_sum(p, e + (a.hi * b.lo + a.lo * b.hi));
}

static dd dd_scale(dd a, double s) { return (dd){a.hi * s, a.lo * s}; }

static dd dd_div(dd a, dd b) {
    double q1 = a.hi / b.hi;
    dd r = dd_add(a, dd_mul(b, (dd){-q1, 0}));
    double q2 = r.hi / b.hi;
    r = dd_add(r, dd_mul(b, (dd){-q2, 0}));
    double q3 = r.hi / b.hi;
    return dd_add(quick_two_sum(q1, q2), (dd){q3, 0});
}

// The Chebyshev sum Σ c_k T_k(u) by Clenshaw's recurrence, for t = 1.5 + u/2 in [1, 2].
static dd chebyshev(const double (*c)[2], int count, dd t) {
    dd u = dd_add(dd_scale(t, 2), (dd){-3, 0});
    dd twice = dd_scale(u, 2);
    dd next = {0, 0}, after = {0, 0};
    for (int k = count - 1; k >= 1; k--) {
        dd term = dd_add(dd_add((dd){c[k][0], c[k][1]}, dd_mul(twice, next)), (dd){-after.hi, -after.lo});
        after = next;
        next = term;
    }
    return dd_add(dd_add((dd){c[0][0], c[0][1]}, dd_mul(u, next)), (dd){-after.hi, -after.lo});
}

#define COUNT(table) ((int)(sizeof(table) / sizeof(table[0])))

// A product kept as a double-double and a power of two, so that 200 factors of up to 200
// neither overflow nor underflow on the way.
typedef struct {
    dd value;
    int exponent;
} scaled;

static void scaled_multiply(scaled *product, dd factor) {
    product->value = dd_mul(product->value, factor);
    int exponent;
    double fraction = frexp(product->value.hi, &exponent);
    (void)fraction;
    if (exponent > 512 || exponent < -512) {
        product->value.hi = ldexp(product->value.hi, -exponent);
        product->value.lo = ldexp(product->value.lo, -exponent);
        product->exponent += exponent;
    }
}

// MARK: - Γ

double gcvm_gamma(double x) {
    if (isnan(x) || x == -INFINITY) return NAN;
    if (x <= 0 && x == floor(x)) return NAN;  // the poles 0, −1, −2, …
    if (x >= 172) return INFINITY;
    // Beside 0, Γ(x) = 1/x − γ + O(x), and past 2¹⁰⁰⁰ the γ is far below an ulp of 1/x
    // (which overflows to ±∞ below about 5.6·10⁻³⁰⁹).
    if (fabs(x) < 0x1p-1000) return 1 / x;
    if (x > 0 && x < 1) {
        // Γ(x) = Γ(1 + x) / x, with 1 + x kept exactly.
        dd g = chebyshev(GAMMA_CHEBYSHEV, COUNT(GAMMA_CHEBYSHEV), two_sum(1, x));
        dd q = dd_div(g, (dd){x, 0});
        return q.hi + q.lo;
    }
    if (x >= 1) {
        // Γ(x) = Γ(f) (f)(f + 1)…(x − 1), f = x − n in [1, 2); each factor is exact.
        double n = floor(x) - 1;
        double f = x - n;
        scaled product = {chebyshev(GAMMA_CHEBYSHEV, COUNT(GAMMA_CHEBYSHEV), (dd){f, 0}), 0};
        for (double k = 0; k < n; k += 1) scaled_multiply(&product, two_sum(f, k));
        return ldexp(product.value.hi + product.value.lo, product.exponent);
    }
    // x < 0 between poles: Γ(x) = Γ(x + n) / (x (x + 1) … (x + n − 1)), x + n in (1, 2).
    double below = floor(x);  // the pole below x
    if (below < -200) {
        // |Γ(x)| < 10⁻³⁷⁰: zero, of Γ's sign there, (−1)^(−below).
        return fmod(-below, 2) == 1 ? -0.0 : 0.0;
    }
    double n = -below + 1;
    dd shifted = two_sum(x, n);
    scaled product = {{1, 0}, 0};
    for (double k = 0; k < n; k += 1) scaled_multiply(&product, two_sum(x, k));
    dd g = chebyshev(GAMMA_CHEBYSHEV, COUNT(GAMMA_CHEBYSHEV), shifted);
    dd q = dd_div(g, product.value);
    return ldexp(q.hi + q.lo, -product.exponent);
}

// MARK: - n!

// 0! … 170!, each the exact product rounded once; filled on first use.
static double factorials[171];
static pthread_once_t factorials_once = PTHREAD_ONCE_INIT;

// The nearest double to the integer held in `limbs` (base 2³², least significant
// first), ties to even.
static double nearest_double(const uint32_t *limbs, int count) {
    while (count > 1 && limbs[count - 1] == 0) count--;
    int top = count - 1;
    int bits = 32 * top + (32 - __builtin_clz(limbs[top] | 1)) - (limbs[top] == 0);
    if (bits <= 53) {
        double value = 0;
        for (int i = count - 1; i >= 0; i--) value = value * 4294967296.0 + limbs[i];
        return value;
    }
    // The 53 leading bits, the one after them and whether any below it is set.
    int shift = bits - 53;
    uint64_t mantissa = 0;
    for (int bit = bits - 1; bit >= shift; bit--) {
        mantissa = (mantissa << 1) | ((limbs[bit / 32] >> (bit % 32)) & 1);
    }
    int half = (limbs[(shift - 1) / 32] >> ((shift - 1) % 32)) & 1;
    int sticky = 0;
    for (int bit = shift - 2; bit >= 0 && !sticky; bit--) sticky = (limbs[bit / 32] >> (bit % 32)) & 1;
    if (half && (sticky || (mantissa & 1))) mantissa += 1;
    return ldexp((double)mantissa, shift);
}

static void fill_factorials(void) {
    uint32_t limbs[40] = {1};
    int count = 1;
    factorials[0] = 1;
    for (uint32_t n = 1; n <= 170; n++) {
        uint64_t carry = 0;
        for (int i = 0; i < count; i++) {
            uint64_t product = (uint64_t)limbs[i] * n + carry;
            limbs[i] = (uint32_t)product;
            carry = product >> 32;
        }
        if (carry) limbs[count++] = (uint32_t)carry;
        factorials[n] = nearest_double(limbs, count);
    }
}

double gcvm_factorial(double x) {
    if (!(x >= 0) || x != floor(x)) return NAN;
    if (x > 170) return INFINITY;
    pthread_once(&factorials_once, fill_factorials);
    return factorials[(int)x];
}

// MARK: - ψ

// ψ(t) for t in [1, 2].
static dd digamma_near_one(dd t) { return chebyshev(DIGAMMA_CHEBYSHEV, COUNT(DIGAMMA_CHEBYSHEV), t); }

// ψ(x) for x ≥ 1, as a double-double where it is summed (below 20).
static dd digamma_at_least_one(double x) {
    if (x < 2) return digamma_near_one((dd){x, 0});
    if (x < 20) {
        // ψ(x) = ψ(f) + 1/f + 1/(f + 1) + … + 1/(x − 1), f = x − n in [1, 2).
        double n = floor(x) - 1;
        double f = x - n;
        dd sum = digamma_near_one((dd){f, 0});
        for (double k = 0; k < n; k += 1) sum = dd_add(sum, dd_div((dd){1, 0}, two_sum(f, k)));
        return sum;
    }
    // ln x − 1/(2x) − Σ B₂ₖ / (2k x²ᵏ), k = 1…8: the next term is below 10⁻²² here.
    static const double terms[8] = {
        1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760, 1.0 / 12, -3617.0 / 8160,
    };
    double inverse_square = 1 / (x * x);
    double series = 0;
    for (int k = 7; k >= 0; k--) series = series * inverse_square + terms[k];
    series *= inverse_square;
    return dd_add((dd){log(x), 0}, (dd){-(0.5 / x + series), 0});
}

double gcvm_digamma(double x) {
    if (isnan(x) || x == -INFINITY) return NAN;
    if (x == INFINITY) return INFINITY;
    if (x <= 0 && x == floor(x)) return NAN;  // the poles 0, −1, −2, …
    // Beside 0, ψ(x) = −1/x − γ + O(x): past 2¹⁰⁰⁰ the γ is far below an ulp of 1/x.
    if (fabs(x) < 0x1p-1000) return -1 / x;
    if (x >= 1) {
        dd value = digamma_at_least_one(x);
        return value.hi + value.lo;
    }
    if (x > -20) {
        // ψ(x) = ψ(x + n) − 1/x − 1/(x + 1) − … − 1/(x + n − 1), x + n in [1, 2).
        double n = floor(x) < 0 ? -floor(x) + 1 : 1;
        dd sum = digamma_near_one(two_sum(x, n));
        for (double k = 0; k < n; k += 1) sum = dd_add(sum, dd_div((dd){-1, 0}, two_sum(x, k)));
        return sum.hi + sum.lo;
    }
    // Reflection: ψ(x) = ψ(1 − x) − π cot(πx), with πx reduced to π r, r = x − round(x)
    // exactly.
    double r = x - nearbyint(x);
    dd pi = {3.141592653589793116, 1.2246467991473532e-16};
    dd angle = dd_mul(pi, (dd){r, 0});
    double tangent = tan(angle.hi);
    // tan(hi + lo) ≈ tan(hi) + lo (1 + tan²(hi)).
    tangent += angle.lo * (1 + tangent * tangent);
    dd reflected = digamma_at_least_one(1 - x);
    dd value = dd_add(reflected, dd_div((dd){-3.141592653589793116, -1.2246467991473532e-16}, (dd){tangent, 0}));
    return value.hi + value.lo;
}
