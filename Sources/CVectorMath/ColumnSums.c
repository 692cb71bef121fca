// Sums over columns of data for their statistics: compensated, four sums side by side
// (one compensated sum is a chain of dependent additions, four chains vectorise), and
// on two threads for long columns. The halves and the lanes are fixed by the count
// alone, so a result never depends on whether a thread could be started.
#include "CVectorMath.h"

#include <pthread.h>
#include <stdlib.h>

/// Four compensated sums (Neumaier's, each error found by Knuth's branch-free TwoSum).
struct lanes {
    double sum[4];
    double compensation[4];
};

static inline void lanes_add(struct lanes *lanes, const double terms[4]) {
    for (int k = 0; k < 4; k++) {
        double total = lanes->sum[k] + terms[k];
        double part = total - lanes->sum[k];
        lanes->compensation[k] += (lanes->sum[k] - (total - part)) + (terms[k] - part);
        lanes->sum[k] = total;
    }
}

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

enum sums_kind { SUMS_COLUMN, SUMS_DEVIATIONS, SUMS_PAIRS, SUMS_PAIR_DEVIATIONS };

/// One half's work and results.
struct sums_job {
    enum sums_kind kind;
    const double *x, *y;
    long count;
    double centre_x, centre_y;
    long values;
    double minimum, maximum;
    struct lanes first, second, third;
};

/// The term of a value that is not NaN, 0 for NaN (chosen without a branch).
static inline double kept(double value, int keeps) { return keeps ? value : 0; }

/// The loop of one kind (a constant where it is inlined, so each kind is its own loop,
/// its sums in registers).
static inline __attribute__((always_inline)) void sum_block(struct sums_job *job, const enum sums_kind kind) {
    const double *x = job->x, *y = job->y;
    const double centre_x = job->centre_x, centre_y = job->centre_y;
    const long count = job->count;
    long values = 0;
    struct lanes first = {{0}, {0}}, second = {{0}, {0}}, third = {{0}, {0}};
    double minimum = INFINITY, maximum = -INFINITY;
    double a[4] = {0}, b[4] = {0}, c[4] = {0};
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
        for (int k = 0; k < 4; k++) {
            double u = xs[k];
            switch (kind) {
            case SUMS_COLUMN: {
                int keeps = u == u;
                values += keeps;
                minimum = u < minimum ? u : minimum;
                maximum = u > maximum ? u : maximum;
                a[k] = kept(u, keeps);
                break;
            }
            case SUMS_DEVIATIONS: {
                double deviation = kept(u - centre_x, u == u);
                a[k] = deviation * deviation;
                b[k] = deviation;
                break;
            }
            case SUMS_PAIRS: {
                double v = ys[k];
                int keeps = u == u && v == v;
                values += keeps;
                a[k] = kept(u, keeps);
                b[k] = kept(v, keeps);
                break;
            }
            case SUMS_PAIR_DEVIATIONS: {
                double v = ys[k];
                int keeps = u == u && v == v;
                double dx = kept(u - centre_x, keeps), dy = kept(v - centre_y, keeps);
                a[k] = dx * dx;
                b[k] = dy * dy;
                c[k] = dx * dy;
                break;
            }
            }
        }
        lanes_add(&first, a);
        if (kind != SUMS_COLUMN) lanes_add(&second, b);
        if (kind == SUMS_PAIR_DEVIATIONS) lanes_add(&third, c);
    }
    job->first = first;
    job->second = second;
    job->third = third;
    job->values = values;
    job->minimum = minimum;
    job->maximum = maximum;
}

static void *run_sums(void *argument) {
    struct sums_job *job = argument;
    switch (job->kind) {
    case SUMS_COLUMN: sum_block(job, SUMS_COLUMN); break;
    case SUMS_DEVIATIONS: sum_block(job, SUMS_DEVIATIONS); break;
    case SUMS_PAIRS: sum_block(job, SUMS_PAIRS); break;
    case SUMS_PAIR_DEVIATIONS: sum_block(job, SUMS_PAIR_DEVIATIONS); break;
    }
    return NULL;
}

/// Runs `kind` over both halves of the columns (the first half a multiple of four long),
/// the second on a thread of its own when the columns are long.
static void run_halves(struct sums_job *first, struct sums_job *second, enum sums_kind kind, const double *x,
                       const double *y, long count, double centre_x, double centre_y) {
    long half = count / 8 * 4;
    *first = (struct sums_job){kind, x, y, half, centre_x, centre_y, 0, 0, 0, {{0}}, {{0}}, {{0}}};
    *second = (struct sums_job){kind, x + half, y ? y + half : 0, count - half, centre_x, centre_y, 0, 0, 0,
                                {{0}}, {{0}}, {{0}}};
    pthread_t thread;
    int threaded = count >= (1 << 16) && pthread_create(&thread, NULL, run_sums, second) == 0;
    run_sums(first);
    if (threaded) {
        pthread_join(thread, NULL);
    } else {
        run_sums(second);
    }
}

void gcvm_column_sums(const double *values, long count, long *kept_count, double *sum, double *minimum,
                      double *maximum) {
    struct sums_job first, second;
    run_halves(&first, &second, SUMS_COLUMN, values, 0, count, 0, 0);
    *kept_count = first.values + second.values;
    *sum = lanes_total(&first.first, &second.first);
    *minimum = first.minimum < second.minimum ? first.minimum : second.minimum;
    *maximum = first.maximum > second.maximum ? first.maximum : second.maximum;
}

void gcvm_deviation_sums(const double *values, long count, double centre, double *squares, double *deviations) {
    struct sums_job first, second;
    run_halves(&first, &second, SUMS_DEVIATIONS, values, 0, count, centre, 0);
    *squares = lanes_total(&first.first, &second.first);
    *deviations = lanes_total(&first.second, &second.second);
}

void gcvm_pair_sums(const double *x, const double *y, long count, long *pairs, double *sum_x, double *sum_y) {
    struct sums_job first, second;
    run_halves(&first, &second, SUMS_PAIRS, x, y, count, 0, 0);
    *pairs = first.values + second.values;
    *sum_x = lanes_total(&first.first, &second.first);
    *sum_y = lanes_total(&first.second, &second.second);
}

void gcvm_pair_deviation_sums(const double *x, const double *y, long count, double centre_x, double centre_y,
                              double *squares_x, double *squares_y, double *products) {
    struct sums_job first, second;
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
    const double minimum = job->minimum, scale = job->scale, last = (double)job->buckets;
    long *counts = job->counts;
    for (long index = 0; index < job->count; index++) {
        double value = values[index];
        if (value != value) continue;
        double t = (value - minimum) * scale;
        counts[t < last ? (long)t : job->buckets - 1] += 1;
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
                        const int *slots, double *const *gathered, long *filled) {
    const double last = (double)buckets;
    for (long index = 0; index < count; index++) {
        double value = values[index];
        if (value != value) continue;
        double t = (value - minimum) * scale;
        int slot = slots[t < last ? (long)t : buckets - 1];
        if (slot >= 0) gathered[slot][filled[slot]++] = value;
    }
}
