"""Time per FLOP of a naive matrix multiplication over the matrix size (real data, cache spills).

    python benchmarks/segmentation/real/measure_matmul.py --out fixtures/real/matmul/naive_matmul_cpu.txt
    python benchmarks/segmentation/real/measure_matmul.py --clock wall --out fixtures/real/matmul/naive_matmul_wall.txt
    python benchmarks/segmentation/real/measure_matmul.py --out fixtures/real_holdout/matmul/naive_matmul_sixth_cpu.txt \
        --sizes $(python -c "print(*sorted({round(24 * 2 ** (k / 6)) | 1 for k in range(38)}))")
    python benchmarks/segmentation/real/measure_matmul.py --out fixtures/real_fourth/matmul/naive_matmul_quarter26_cpu.txt \
        --sizes $(python -c "print(*sorted({round(26 * 2 ** (k / 4)) | 1 for k in range(25)}))")
    python benchmarks/segmentation/real/measure_matmul.py --out fixtures/real_fifth/matmul/naive_matmul_third24_cpu.txt \
        --sizes $(python -c "print(*sorted({round(24 * 2 ** (k / 3)) | 1 for k in range(20)}))")
    python benchmarks/segmentation/real/measure_matmul.py --out fixtures/real_sixth/matmul/naive_matmul_fifth30_cpu.txt \
        --sizes $(python -c "print(*sorted({round(30 * 2 ** (k / 5)) | 1 for k in range(30)}))")

The segmentation paper's real case (Section 4, "Matrix multiplication"): a sequential naive triple
loop (``naive_matmul.c``, i-j-k order, doubles, compiled with ``gcc -O2``) slows down per FLOP when
its matrices no longer fit a cache level. Sizes n on a quarter-octave grid 20·2^(k/4) rounded to
the next odd number (odd n avoid the cache-set conflicts of strides that are multiples of large
powers of two, which give isolated spikes at n = 320, 640, 1280), k = 0 … 26: n = 21 … 1811.

Each of the ``--runs`` repetitions is one process per size (the runs interleaved over the sizes, so a
slow phase of the shared machine spreads over all sizes); its value is the mean time per FLOP
(2·n³ per multiply) over as many multiplies as fill ``--min-seconds`` (at least one, after one
untimed warm-up multiply for n <= 512), by the process's CPU time (``--clock cpu``, default: on a
shared machine the elapsed time also counts the time other processes hold the core) or the elapsed
time (``--clock wall``). Written as an Extra-P text file (``PARAMETER n``, metric
``time_per_flop`` in nanoseconds) with the compiler, CPU, caches, date and load averages in its header.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from compiled_sweep import Sweep, main as measure  # noqa: E402


def default_sizes() -> list[int]:
    return [int(round(20 * 2 ** (k / 4))) | 1 for k in range(27)]


SWEEP = Sweep(Path(__file__).with_name("naive_matmul.c"), default_sizes,
              "naive matrix multiplication (i-j-k, double): time per FLOP [ns] vs matrix size n (n x n)",
              "naive_matmul", "time_per_flop", "multiplies", "at least one; one untimed warm-up multiply for n <= 512", "measure_matmul.py")


def main(argv=None) -> int:
    return measure(SWEEP, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    sys.exit(main())
