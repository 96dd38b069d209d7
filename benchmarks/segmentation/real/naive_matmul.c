/* Naive matrix multiplication C = A·B (double, row-major, i-j-k loop order), for timing cache spills.
 *
 *   gcc -O2 -o naive_matmul naive_matmul.c
 *   ./naive_matmul N MIN_SECONDS   ->  prints "n multiplies wall_seconds_per_flop cpu_seconds_per_flop checksum"
 *
 * Repeats the multiplication until MIN_SECONDS have passed (at least once, after one untimed
 * warm-up multiply for N <= 512) and prints the mean time per floating-point operation (2·N^3 per multiply).
 * The inner k loop walks a column of B (stride N doubles), so the time per FLOP depends on which
 * cache level holds the column's lines and B: that is the change being measured.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

static void multiply(int n, const double *a, const double *b, double *c) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double sum = 0.0;
            for (int k = 0; k < n; k++)
                sum += a[(size_t)i * n + k] * b[(size_t)k * n + j];
            c[(size_t)i * n + j] = sum;
        }
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s N MIN_SECONDS\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    double min_seconds = atof(argv[2]);
    if (n < 1 || min_seconds < 0) {
        fprintf(stderr, "%s: N must be >= 1 and MIN_SECONDS >= 0, got %s %s\n", argv[0], argv[1], argv[2]);
        return 2;
    }
    size_t count = (size_t)n * n;
    double *a = malloc(count * sizeof *a), *b = malloc(count * sizeof *b), *c = malloc(count * sizeof *c);
    if (!a || !b || !c) {
        fprintf(stderr, "%s: cannot allocate 3 matrices of %d x %d doubles\n", argv[0], n, n);
        return 2;
    }
    for (size_t i = 0; i < count; i++) {
        a[i] = 1.0 + (double)(i % 7) / 8;
        b[i] = 1.0 - (double)(i % 5) / 8;
    }
    if (n <= 512)
        multiply(n, a, b, c); /* warm-up (page faults, caches); above, one multiply takes > 0.1 s anyway */
    long multiplies = 0;
    /* wall time includes the time other processes run on this core; CPU time only this process's */
    double start = now(CLOCK_MONOTONIC), cpu_start = now(CLOCK_PROCESS_CPUTIME_ID), elapsed;
    do {
        multiply(n, a, b, c);
        multiplies++;
        elapsed = now(CLOCK_MONOTONIC) - start;
    } while (elapsed < min_seconds);
    double cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    double checksum = c[count / 2]; /* keeps the multiplication from being optimised away */
    double flops = 2.0 * n * n * (double)n * multiplies;
    printf("%d %ld %.6e %.6e %g\n", n, multiplies, elapsed / flops, cpu / flops, checksum);
    free(a);
    free(b);
    free(c);
    return 0;
}
