// Sums over columns of data for their statistics: compensated, four sums side by side
// (one compensated sum is a chain of dependent additions, four chains vectorise), and
// on two threads for long columns. The halves and the lanes are fixed by the count
// alone, so a result never depends on whether a thread could be started.
#include "CVectorMath.h"

// Results must not depend on the instruction set: no fused contraction of a*b+c.
#pragma clang fp contract(off)

#include <pthread.h>
#include <string.h>
#include <stdlib.h>

/// Four compensated sums (Neumaier's, each error found by Knuth's branch-free TwoSum).
struct lanes {
    double sum[4];
    double compensation[4];
};

static inline void compensated_add(double *sum, double *compensation, double term) {
    double total = *sum + term;
    double part = total - *sum;
    *compensation += (*sum - (total - part)) + (term - part);
    *sum = total;
}

/// The lanes of both halves, summed in a fixed order: their sums, then their
/// compensations.
static double lanes_total(const struct lanes *first, const struct lanes *second) {
    double sum = 0, compensation = 0;
    for (int k = 0; k < 4; k++) compensated_add(&sum, &compensation, first->sum[k]);
    for (int k = 0; k < 4; k++) compensated_add(&sum, &compensation, second->sum[k]);
    for (int k = 0; k < 4; k++) compensated_add(&sum, &compensation, first->compensation[k]);
    for (int k = 0; k < 4; k++) compensated_add(&sum, &compensation, second->compensation[k]);
    return sum + compensation;
}

/// The bucket of `value` (not NaN): ⌊(value − minimum)·scale⌋, the last bucket from the
/// buckets' end on, and the first below their start (a value under `minimum`, which the
/// callers never pass, still lands in the table).
static inline long bucket_of(double value, double minimum, double scale, long buckets) {
    double t = (value - minimum) * scale;
    if (t < (double)buckets) return t > 0 ? (long)t : 0;
    return buckets - 1;
}

enum sums_kind { SUMS_COLUMN, SUMS_DEVIATIONS, SUMS_DEVIATIONS_AND_BUCKETS, SUMS_PAIRS, SUMS_PAIR_DEVIATIONS };

/// One half's work and results.
struct sums_job {
    enum sums_kind kind;
    const double *x, *y;
    long count;
    double centre_x, centre_y;
    long values;
    double minimum, maximum;
    struct lanes first, second, third;
    /// Buckets counted with the deviations: ⌊(v − bucket_minimum)·bucket_scale⌋, into
    /// `counts`.
    double bucket_minimum, bucket_scale;
    long buckets;
    long *counts;
};

// The vector helpers below are always inlined, so no vector crosses a call and the
// warning that AVX vectors change the calling convention does not apply.
#pragma clang diagnostic ignored "-Wpsabi"

typedef double v4d __attribute__((vector_size(32)));
typedef long long v4l __attribute__((vector_size(32)));

/// Four compensated sums in one vector.
struct vector_lanes {
    v4d sum, compensation;
};

static inline __attribute__((always_inline)) void vector_add(struct vector_lanes *lanes, v4d terms) {
    v4d total = lanes->sum + terms;
    v4d part = total - lanes->sum;
    lanes->compensation += (lanes->sum - (total - part)) + (terms - part);
    lanes->sum = total;
}

static inline __attribute__((always_inline)) v4d load(const double *values) {
    v4d vector;
    memcpy(&vector, values, sizeof vector);
    return vector;
}

/// `values` where `mask` is set (all ones), 0 elsewhere.
static inline __attribute__((always_inline)) v4d kept(v4d values, v4l mask) { return (v4d)((v4l)values & mask); }

/// `a` where `mask` is set, `b` elsewhere.
static inline __attribute__((always_inline)) v4d blend(v4l mask, v4d a, v4d b) {
    return (v4d)(((v4l)a & mask) | ((v4l)b & ~mask));
}

static inline struct lanes unpack(struct vector_lanes vector) {
    struct lanes lanes;
    for (int k = 0; k < 4; k++) {
        lanes.sum[k] = vector.sum[k];
        lanes.compensation[k] = vector.compensation[k];
    }
    return lanes;
}

/// The loop of one kind (a constant where it is inlined, so each kind is its own loop,
/// its four sums a vector).
static inline __attribute__((always_inline)) void sum_block(struct sums_job *job, const enum sums_kind kind) {
    const double *x = job->x, *y = job->y;
    const v4d centre_x = {job->centre_x, job->centre_x, job->centre_x, job->centre_x};
    const v4d centre_y = {job->centre_y, job->centre_y, job->centre_y, job->centre_y};
    const long count = job->count;
    const double bucket_minimum = job->bucket_minimum, bucket_scale = job->bucket_scale;
    const long buckets = job->buckets;
    long *const counts = job->counts;
    v4l values = {0, 0, 0, 0};
    struct vector_lanes first = {{0}, {0}}, second = {{0}, {0}}, third = {{0}, {0}};
    v4d minimum = {INFINITY, INFINITY, INFINITY, INFINITY}, maximum = -minimum;
    // The last block padded with NaN (left out like a gap).
    double tail_x[4], tail_y[4];
    for (long start = 0; start < count; start += 4) {
        const double *xs = x + start, *ys = y ? y + start : 0;
        if (start + 4 > count) {
            for (int k = 0; k < 4; k++) {
                tail_x[k] = start + k < count ? x[start + k] : NAN;
                tail_y[k] = y && start + k < count ? y[start + k] : NAN;
            }
            xs = tail_x;
            ys = tail_y;
        }
        v4d u = load(xs);
        // All ones where u is a number (a comparison's vector of −1 and 0).
        v4l numbers = (v4l)(u == u);
        switch (kind) {
        case SUMS_COLUMN:
            values -= numbers;
            minimum = blend((v4l)(u < minimum), u, minimum);
            maximum = blend((v4l)(u > maximum), u, maximum);
            vector_add(&first, kept(u, numbers));
            break;
        case SUMS_DEVIATIONS:
        case SUMS_DEVIATIONS_AND_BUCKETS: {
            v4d deviation = kept(u - centre_x, numbers);
            vector_add(&first, deviation * deviation);
            vector_add(&second, deviation);
            if (kind == SUMS_DEVIATIONS_AND_BUCKETS) {
                for (int k = 0; k < 4; k++) {
                    if (u[k] != u[k]) continue;
                    counts[bucket_of(u[k], bucket_minimum, bucket_scale, buckets)] += 1;
                }
            }
            break;
        }
        case SUMS_PAIRS: {
            v4d v = load(ys);
            v4l pairs = numbers & (v4l)(v == v);
            values -= pairs;
            vector_add(&first, kept(u, pairs));
            vector_add(&second, kept(v, pairs));
            break;
        }
        case SUMS_PAIR_DEVIATIONS: {
            v4d v = load(ys);
            v4l pairs = numbers & (v4l)(v == v);
            v4d dx = kept(u - centre_x, pairs), dy = kept(v - centre_y, pairs);
            vector_add(&first, dx * dx);
            vector_add(&second, dy * dy);
            vector_add(&third, dx * dy);
            break;
        }
        }
    }
    job->first = unpack(first);
    job->second = unpack(second);
    job->third = unpack(third);
    job->values = values[0] + values[1] + values[2] + values[3];
    job->minimum = INFINITY;
    job->maximum = -INFINITY;
    for (int k = 0; k < 4; k++) {
        job->minimum = minimum[k] < job->minimum ? minimum[k] : job->minimum;
        job->maximum = maximum[k] > job->maximum ? maximum[k] : job->maximum;
    }
}

/// Compiled for AVX2 too (x86-64-v3, where the loader picks clones), with the same
/// results: no contraction, the same operations in the same order.
#if defined(__x86_64__) && defined(__linux__)
__attribute__((target_clones("arch=x86-64-v3", "default")))
#endif
static void run_sums(void *argument) {
    struct sums_job *job = argument;
    switch (job->kind) {
    case SUMS_COLUMN: sum_block(job, SUMS_COLUMN); break;
    case SUMS_DEVIATIONS: sum_block(job, SUMS_DEVIATIONS); break;
    case SUMS_DEVIATIONS_AND_BUCKETS: sum_block(job, SUMS_DEVIATIONS_AND_BUCKETS); break;
    case SUMS_PAIRS: sum_block(job, SUMS_PAIRS); break;
    case SUMS_PAIR_DEVIATIONS: sum_block(job, SUMS_PAIR_DEVIATIONS); break;
    }
}

/// Runs `kind` over both halves of the columns (the first half a multiple of four long),
/// the second on a thread of its own when the columns are long; the jobs' bucket fields
/// are kept as set.
static void run_halves(struct sums_job *first, struct sums_job *second, enum sums_kind kind, const double *x,
                       const double *y, long count, double centre_x, double centre_y) {
    long half = count / 8 * 4;
    first->kind = second->kind = kind;
    first->x = x;
    first->y = y;
    first->count = half;
    second->x = x + half;
    second->y = y ? y + half : 0;
    second->count = count - half;
    first->centre_x = second->centre_x = centre_x;
    first->centre_y = second->centre_y = centre_y;
    if (count >= (1 << 16)) {
        gcvm_run_both(run_sums, first, second);
    } else {
        run_sums(first);
        run_sums(second);
    }
}

void gcvm_column_sums(const double *values, long count, long *kept_count, double *sum, double *minimum,
                      double *maximum) {
    struct sums_job first = {0}, second = {0};
    run_halves(&first, &second, SUMS_COLUMN, values, 0, count, 0, 0);
    *kept_count = first.values + second.values;
    *sum = lanes_total(&first.first, &second.first);
    *minimum = first.minimum < second.minimum ? first.minimum : second.minimum;
    *maximum = first.maximum > second.maximum ? first.maximum : second.maximum;
}

void gcvm_deviation_sums(const double *values, long count, double centre, double *squares, double *deviations) {
    struct sums_job first = {0}, second = {0};
    run_halves(&first, &second, SUMS_DEVIATIONS, values, 0, count, centre, 0);
    *squares = lanes_total(&first.first, &second.first);
    *deviations = lanes_total(&first.second, &second.second);
}

void gcvm_deviation_sums_and_buckets(const double *values, long count, double centre, double minimum, double scale,
                                     long buckets, long *counts, double *squares, double *deviations) {
    // The second half counts into a table of its own, added after.
    long *second_counts = calloc((size_t)buckets, sizeof(long));
    if (second_counts == NULL) {
        gcvm_deviation_sums(values, count, centre, squares, deviations);
        gcvm_bucket_counts(values, count, minimum, scale, buckets, counts);
        return;
    }
    struct sums_job first = {0}, second = {0};
    first.bucket_minimum = second.bucket_minimum = minimum;
    first.bucket_scale = second.bucket_scale = scale;
    first.buckets = second.buckets = buckets;
    first.counts = counts;
    second.counts = second_counts;
    run_halves(&first, &second, SUMS_DEVIATIONS_AND_BUCKETS, values, 0, count, centre, 0);
    for (long bucket = 0; bucket < buckets; bucket++) counts[bucket] += second_counts[bucket];
    free(second_counts);
    *squares = lanes_total(&first.first, &second.first);
    *deviations = lanes_total(&first.second, &second.second);
}

void gcvm_pair_sums(const double *x, const double *y, long count, long *pairs, double *sum_x, double *sum_y) {
    struct sums_job first = {0}, second = {0};
    run_halves(&first, &second, SUMS_PAIRS, x, y, count, 0, 0);
    *pairs = first.values + second.values;
    *sum_x = lanes_total(&first.first, &second.first);
    *sum_y = lanes_total(&first.second, &second.second);
}

void gcvm_pair_deviation_sums(const double *x, const double *y, long count, double centre_x, double centre_y,
                              double *squares_x, double *squares_y, double *products) {
    struct sums_job first = {0}, second = {0};
    run_halves(&first, &second, SUMS_PAIR_DEVIATIONS, x, y, count, centre_x, centre_y);
    *squares_x = lanes_total(&first.first, &second.first);
    *squares_y = lanes_total(&first.second, &second.second);
    *products = lanes_total(&first.third, &second.third);
}

struct both_job {
    void (*job)(void *);
    void *context;
};

static void *run_both_job(void *argument) {
    struct both_job *both = argument;
    both->job(both->context);
    return NULL;
}

void gcvm_run_both(void (*job)(void *), void *first, void *second) {
    struct both_job other = {job, second};
    pthread_t thread;
    int threaded = pthread_create(&thread, NULL, run_both_job, &other) == 0;
    job(first);
    if (threaded) {
        pthread_join(thread, NULL);
    } else {
        job(second);
    }
}

struct buckets_job {
    const double *values;
    long count;
    double minimum, scale;
    long buckets;
    long *counts;
};

static void count_buckets(void *argument) {
    const struct buckets_job *job = argument;
    const double *values = job->values;
    const double minimum = job->minimum, scale = job->scale;
    long *counts = job->counts;
    for (long index = 0; index < job->count; index++) {
        double value = values[index];
        if (value != value) continue;
        counts[bucket_of(value, minimum, scale, job->buckets)] += 1;
    }
}

void gcvm_bucket_counts(const double *values, long count, double minimum, double scale, long buckets, long *counts) {
    long half = count / 2;
    long *second_counts = count >= (1 << 16) ? calloc((size_t)buckets, sizeof(long)) : NULL;
    struct buckets_job first = {values, second_counts ? half : count, minimum, scale, buckets, counts};
    if (second_counts == NULL) {
        count_buckets(&first);
        return;
    }
    struct buckets_job second = {values + half, count - half, minimum, scale, buckets, second_counts};
    gcvm_run_both(count_buckets, &first, &second);
    for (long bucket = 0; bucket < buckets; bucket++) counts[bucket] += second_counts[bucket];
    free(second_counts);
}

void gcvm_bucket_gather(const double *values, long count, double minimum, double scale, long buckets,
                        const int *slots, double *const *gathered, const long *room, long *filled) {
    for (long index = 0; index < count; index++) {
        double value = values[index];
        if (value != value) continue;
        int slot = slots[bucket_of(value, minimum, scale, buckets)];
        if (slot >= 0 && filled[slot] < room[slot]) gathered[slot][filled[slot]++] = value;
    }
}
