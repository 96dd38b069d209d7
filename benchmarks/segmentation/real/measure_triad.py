"""Time per element of a STREAM-like triad over the array length (real data, cache-level changes).

    python benchmarks/segmentation/real/measure_triad.py --out fixtures/real_holdout/triad/triad_cpu.txt
    python benchmarks/segmentation/real/measure_triad.py --out fixtures/real_fourth/triad/triad_quarter_cpu.txt \
        --sizes $(python -c "print(*[round(300 * 2 ** (k / 4)) for k in range(60)])")
    python benchmarks/segmentation/real/measure_triad.py --out fixtures/real_fifth/triad/triad_fifth_cpu.txt \
        --sizes $(python -c "print(*[round(350 * 2 ** (k / 5)) for k in range(74)])")
    python benchmarks/segmentation/real/measure_triad.py --out fixtures/real_sixth/triad/triad_sixth_cpu.txt \
        --sizes $(python -c "print(*[round(400 * 2 ** (k / 6)) for k in range(89)])")

``triad.c`` (compiled with ``gcc -O2``) sweeps a[i] = b[i] + s·c[i] over three arrays of n doubles
(24·n bytes) and reports the mean time per element: it rises where the three arrays leave a cache
level (``lscpu``: L1d, L2, L3), which is the change being measured. Lengths n on a half-octave grid
round(256·2^(k/2)), k = 0 … 30: n = 256 … 8,388,608 (6 KiB … 192 MiB for the three arrays).

As in ``measure_matmul.py``: each of the ``--runs`` repetitions is one process per length, the runs
interleaved over the lengths; its value is the mean over as many sweeps as fill ``--min-seconds``
(after one untimed warm-up sweep), by the process's CPU time (``--clock cpu``, default) or the
elapsed time (``--clock wall``). Written as an Extra-P text file (``PARAMETER n``, metric
``time_per_element`` in nanoseconds) with the compiler, CPU, caches, date and load averages in its header.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from compiled_sweep import Sweep, main as measure  # noqa: E402


def default_sizes() -> list[int]:
    return [int(round(256 * 2 ** (k / 2))) for k in range(31)]


SWEEP = Sweep(Path(__file__).with_name("triad.c"), default_sizes,
              "STREAM-like triad a(i) = b(i) + s*c(i) (double): time per element [ns] vs array length n (3 arrays, 24 n bytes)",
              "triad", "time_per_element", "sweeps", "at least one, after one untimed warm-up sweep", "measure_triad.py")


def main(argv=None) -> int:
    return measure(SWEEP, __doc__.splitlines()[0], argv)


if __name__ == "__main__":
    sys.exit(main())
