/* STREAM-like triad a[i] = b[i] + s·c[i] over arrays of N doubles, for timing cache-level changes.
 *
 *   gcc -O2 -o triad triad.c
 *   ./triad N MIN_SECONDS   ->  prints "n sweeps wall_seconds_per_element cpu_seconds_per_element checksum"
 *
 * Sweeps the three arrays (24·N bytes) until MIN_SECONDS have passed (at least once, after one
 * untimed warm-up sweep) and prints the mean time per element. The time per element depends on
 * which cache level holds the three arrays: L1d, L2, L3 or memory; that is the change being measured.
 * The arrays are separate allocations, each shifted by a different odd number of cache lines, so
 * that equal indices of power-of-two sized arrays do not map to the same cache set.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

/* noinline: the compiler must not merge sweeps or hoist them out of the timing loop */
__attribute__((noinline)) static void triad(long n, double *restrict a, const double *restrict b,
                                            const double *restrict c, double s) {
    for (long i = 0; i < n; i++)
        a[i] = b[i] + s * c[i];
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s N MIN_SECONDS\n", argv[0]);
        return 2;
    }
    long n = atol(argv[1]);
    double min_seconds = atof(argv[2]);
    if (n < 1 || min_seconds < 0) {
        fprintf(stderr, "%s: N must be >= 1 and MIN_SECONDS >= 0, got %s %s\n", argv[0], argv[1], argv[2]);
        return 2;
    }
    /* shifts of 1, 3 and 5 cache lines (8 doubles each) */
    double *base_a = malloc((n + 8) * sizeof(double)), *base_b = malloc((n + 24) * sizeof(double)),
           *base_c = malloc((n + 40) * sizeof(double));
    if (!base_a || !base_b || !base_c) {
        fprintf(stderr, "%s: cannot allocate 3 arrays of %ld doubles\n", argv[0], n);
        return 2;
    }
    double *a = base_a + 8, *b = base_b + 24, *c = base_c + 40;
    for (long i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = 1.0 + (double)(i % 7) / 8;
        c[i] = 1.0 - (double)(i % 5) / 8;
    }
    double s = 0.5;
    triad(n, a, b, c, s); /* warm-up: page faults, caches */
    long sweeps = 0;
    /* wall time includes the time other processes run on this core; CPU time only this process's */
    double start = now(CLOCK_MONOTONIC), cpu_start = now(CLOCK_PROCESS_CPUTIME_ID), elapsed;
    do {
        triad(n, a, b, c, s);
        s = -s; /* a changes every sweep: no sweep is dead code */
        sweeps++;
        elapsed = now(CLOCK_MONOTONIC) - start;
    } while (elapsed < min_seconds);
    double cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu_start;
    double elements = (double)n * sweeps;
    printf("%ld %ld %.6e %.6e %g\n", n, sweeps, elapsed / elements, cpu / elements, a[n / 2]);
    free(base_a);
    free(base_b);
    free(base_c);
    return 0;
}
