#define _GNU_SOURCE
#include "CVectorMath.h"

#include <locale.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

/// The powers of ten that are exact doubles.
static const double powers_of_ten[23] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/// Whether `byte` is a blank that pads a field (a space, a tab, a carriage return), the
/// separator itself excepted (a tab between tab-separated fields).
static inline int is_pad(unsigned char byte, unsigned char separator) {
    return (byte == ' ' || byte == '\t' || byte == '\r') && byte != separator;
}

/// Reads the field at *cursor as a number in one pass, as `fast_number` reads a field cut
/// out first: padding, a sign, digits with a point, an exponent, padding, then the field's
/// end (the separator or the line break, or with blanks a blank). Returns 0 where the
/// careful reader is needed.
/// The "C" locale, for reading numerals with a point whatever the process's locale.
static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;
static void make_c_locale(void) { c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0); }

/// The numeral [start, end) (already checked to be one) read by the C library, correctly
/// rounded as Swift's `Double(_:)` reads it; 0 when it is beyond the doubles (the careful
/// reader says so) or the library cannot read it.
static int long_number(const unsigned char *start, const unsigned char *end, double *value) {
    pthread_once(&c_locale_once, make_c_locale);
    if (c_locale == (locale_t)0) return 0;
    char *stop;
    double result = strtod_l((const char *)start, &stop, c_locale);
    if ((const unsigned char *)stop != end || isinf(result)) return 0;
    *value = result;
    return 1;
}

/// 10⁰ … 10⁸.
static const uint64_t small_powers[9] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};

/// The value of eight digits, one a byte from 0 to 9, the first (the lowest byte) the
/// most significant: pairs, then fours, then the eight, each by one multiply.
static inline uint64_t eight_digits(uint64_t x) {
    x = (x * 10 + (x >> 8)) & UINT64_C(0x00FF00FF00FF00FF);
    x = (x * 100 + (x >> 16)) & UINT64_C(0x0000FFFF0000FFFF);
    return (x * 10000 + (x >> 32)) & UINT64_C(0xFFFFFFFF);
}

/// Reads the run of digits at `p` onto `*mantissa` (times ten a digit, wrapping past 19
/// digits) and returns where it ends: eight bytes at a time while eight lie before
/// `end`, with the run's end found by one compare of the word rather than a branch a
/// digit, then a byte at a time.
static inline const unsigned char *read_digits(const unsigned char *p, const unsigned char *end, uint64_t *mantissa) {
    uint64_t m = *mantissa;
    while (end - p >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        // A byte's high bit marks a byte that is not a digit: below '0' (it wraps) or
        // above '9' (adding 0x76 carries it past 0x7F). Borrows and carries move only
        // into later bytes, past the first such byte, which is all that is used.
        uint64_t x = word - UINT64_C(0x3030303030303030);
        uint64_t stops = (x | (x + UINT64_C(0x7676767676767676))) & UINT64_C(0x8080808080808080);
        if (stops == 0) {
            m = m * 100000000 + eight_digits(x);
            p += 8;
            continue;
        }
        int count = __builtin_ctzll(stops) >> 3;
        // The count digits moved to the top, zeros (leading digits 0) below them.
        if (count > 0) m = m * small_powers[count] + eight_digits(x << (8 * (8 - count)));
        *mantissa = m;
        return p + count;
    }
    unsigned digit;
    while ((digit = (unsigned)(*p - '0')) < 10) {
        m = m * 10 + digit;
        p++;
    }
    *mantissa = m;
    return p;
}

static inline int scan_number(const unsigned char **cursor, const unsigned char *end, unsigned char separator,
                              int blanks, double *value) {
    const unsigned char *p = *cursor;
    if (!blanks) {
        while (is_pad(*p, separator)) p++;
        if (*p == separator || *p == '\n') {
            *value = NAN;
            *cursor = p;
            return 1;
        }
    }
    const unsigned char *numeral = p;
    int negative = 0;
    if (*p == '-' || *p == '+') {
        negative = *p == '-';
        p++;
    }
    // The digits before and after the point, as one whole number (wrapping past 19
    // digits, where the library reads the numeral instead).
    uint64_t mantissa = 0;
    int exponent = 0;
    unsigned digit;
    const unsigned char *whole = p;
    p = read_digits(p, end, &mantissa);
    long written = p - whole;
    if (*p == '.') {
        p++;
        const unsigned char *fraction = p;
        p = read_digits(p, end, &mantissa);
        exponent = -(int)(p - fraction);
        written += p - fraction;
    }
    if (written == 0) return 0;
    int is_long = written > 19;
    if (*p == 'e' || *p == 'E') {
        p++;
        int negative_exponent = 0, written = 0, saw_exponent_digit = 0;
        if (*p == '-' || *p == '+') {
            negative_exponent = *p == '-';
            p++;
        }
        while ((digit = (unsigned)(*p - '0')) < 10) {
            saw_exponent_digit = 1;
            if (written < 100000) written = written * 10 + (int)digit;
            p++;
        }
        if (!saw_exponent_digit) return 0;
        exponent += negative_exponent ? -written : written;
    }
    const unsigned char *numeral_end = p;
    if (blanks) {
        if (!(*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')) return 0;
    } else {
        while (is_pad(*p, separator)) p++;
        if (*p != separator && *p != '\n') return 0;
    }
    if (is_long || mantissa > (UINT64_C(1) << 53) || exponent > 22 || exponent < -22) {
        // More than the fast path holds (over 19 digits, a whole number past 2^53, a power of
        // ten past 10^22): the library.
        if (!long_number(numeral, numeral_end, value)) return 0;
        *cursor = p;
        return 1;
    }
    double magnitude = exponent < 0 ? (double)mantissa / powers_of_ten[-exponent]
                                    : (double)mantissa * powers_of_ten[exponent];
    *value = negative ? -magnitude : magnitude;
    *cursor = p;
    return 1;
}

long gcvm_read_rows(const unsigned char *text, long length, unsigned char separator, int blanks,
                    const long *slots, long slot_count, double *const *columns, long capacity, long *rows,
                    long *lines) {
    *rows = 0;
    *lines = 0;
    // Lines are read up to the last line break: every scan below stops at a '\n'.
    const unsigned char *last = text + length;
    while (last > text && last[-1] != '\n') last--;
    if (last == text) return 0;
    const unsigned char *position = text;
    long row = 0, line = 0;
    if (blanks) separator = ' ';
    while (row < capacity && position < last) {
        const unsigned char *cursor = position;
        while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r') cursor++;
        // A blank line or a comment: no row.
        if (*cursor == '\n' || *cursor == '#') {
            if (*cursor == '#') cursor = memchr(cursor, '\n', (size_t)(last - cursor));
            position = cursor + 1;
            line++;
            continue;
        }
        if (!blanks) cursor = position;
        long field = 0;
        int readable = 1;
        while (field < slot_count) {
            if (*cursor == '"') {
                readable = 0;
                break;
            }
            long slot = slots[field];
            if (slot >= 0) {
                if (!scan_number(&cursor, text + length, separator, blanks, &columns[slot][row])) {
                    readable = 0;
                    break;
                }
            } else if (blanks) {
                while (!(*cursor == ' ' || *cursor == '\t' || *cursor == '\r' || *cursor == '\n')) cursor++;
            } else {
                while (*cursor != separator && *cursor != '\n') cursor++;
            }
            field++;
            if (blanks) {
                while (*cursor == ' ' || *cursor == '\t' || *cursor == '\r') cursor++;
                if (*cursor == '\n') break;
            } else {
                if (*cursor == '\n') break;
                cursor++;
            }
        }
        if (!readable) break;
        // A row that ends early: its last columns are gaps.
        for (; field < slot_count; field++) {
            if (slots[field] >= 0) columns[slots[field]][row] = NAN;
        }
        if (*cursor != '\n') cursor = memchr(cursor, '\n', (size_t)(last - cursor));
        row++;
        line++;
        position = cursor + 1;
    }
    *rows = row;
    *lines = line;
    return (long)(position - text);
}

/// One half of a parallel read: what `gcvm_read_rows` takes and gives.
struct rows_job {
    const unsigned char *text;
    long length;
    unsigned char separator;
    int blanks;
    const long *slots;
    long slot_count;
    double *const *columns;
    long capacity;
    long rows, lines, consumed;
};

static void *run_rows_job(void *argument) {
    struct rows_job *job = argument;
    job->consumed = gcvm_read_rows(job->text, job->length, job->separator, job->blanks, job->slots, job->slot_count,
                                   job->columns, job->capacity, &job->rows, &job->lines);
    return NULL;
}

long gcvm_read_rows_split(const unsigned char *text, long length, unsigned char separator, int blanks,
                          const long *slots, long slot_count, double *const *first_columns,
                          double *const *second_columns, long capacity, long *first_rows, long *second_rows,
                          long *lines) {
    *first_rows = 0;
    *second_rows = 0;
    *lines = 0;
    // The second half starts after the line break nearest the middle.
    const unsigned char *middle = length >= (1 << 16) ? memchr(text + length / 2, '\n', (size_t)(length / 2)) : NULL;
    struct rows_job first = {text, length, separator, blanks, slots, slot_count, first_columns, capacity, 0, 0, 0};
    if (middle == NULL) {
        run_rows_job(&first);
        *first_rows = first.rows;
        *lines = first.lines;
        return first.consumed;
    }
    long split = (long)(middle + 1 - text);
    first.length = split;
    struct rows_job second = {text + split, length - split, separator, blanks, slots, slot_count,
                              second_columns, capacity, 0, 0, 0};
    pthread_t thread;
    int threaded = pthread_create(&thread, NULL, run_rows_job, &second) == 0;
    run_rows_job(&first);
    if (threaded) {
        pthread_join(thread, NULL);
    }
    *first_rows = first.rows;
    *lines = first.lines;
    // The second half's rows follow only when the first half was read to its end.
    if (!threaded || first.consumed != split) return first.consumed;
    *second_rows = second.rows;
    *lines += second.lines;
    return split + second.consumed;
}

void gcvm_advise_huge_pages(void *start, long bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (start == NULL) return;
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t first = ((uintptr_t)start + huge - 1) & ~(huge - 1);
    uintptr_t end = ((uintptr_t)start + (uintptr_t)(bytes > 0 ? bytes : 0)) & ~(huge - 1);
    if (end > first) madvise((void *)first, end - first, MADV_HUGEPAGE);
#else
    (void)start;
    (void)bytes;
#endif
}
