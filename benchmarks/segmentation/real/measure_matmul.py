"""Time per FLOP of a naive matrix multiplication over the matrix size (real data, cache spills).

    python benchmarks/segmentation/real/measure_matmul.py --out fixtures/real/matmul/naive_matmul_cpu.txt
    python benchmarks/segmentation/real/measure_matmul.py --clock wall --out fixtures/real/matmul/naive_matmul_wall.txt
    python benchmarks/segmentation/real/measure_matmul.py --out fixtures/real_holdout/matmul/naive_matmul_sixth_cpu.txt \
        --sizes $(python -c "print(*sorted({round(24 * 2 ** (k / 6)) | 1 for k in range(38)}))")

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

import argparse
import datetime
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SOURCE = Path(__file__).with_name("naive_matmul.c")


def default_sizes() -> list[int]:
    return [int(round(20 * 2 ** (k / 4))) | 1 for k in range(27)]


def compile_program(directory: Path, compiler: str) -> Path:
    binary = directory / "naive_matmul"
    done = subprocess.run([compiler, "-O2", "-o", str(binary), str(SOURCE)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{compiler} -O2 {SOURCE} failed: {done.stderr.strip()}")
    return binary


def run_once(binary: Path, n: int, min_seconds: float, clock: str) -> float:
    done = subprocess.run([str(binary), str(n), str(min_seconds)], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[2 if clock == "wall" else 3]) * 1e9


def cache_sizes() -> str:
    done = subprocess.run(["lscpu"], capture_output=True, text=True)
    parts = [line.split(":", 1)[0].replace(" cache", "") + " " + line.split(":", 1)[1].strip()
             for line in done.stdout.splitlines() if line.split(":", 1)[0].strip() in ("L1d cache", "L2 cache", "L3 cache")]
    return ", ".join(parts) or "unknown"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="Extra-P text file to write")
    parser.add_argument("--sizes", type=int, nargs="+", default=default_sizes())
    parser.add_argument("--runs", type=int, default=5, help="repetitions (one process per size each)")
    parser.add_argument("--min-seconds", type=float, default=0.1, help="time filled by multiplies per value")
    parser.add_argument("--compiler", default=shutil.which("gcc") or "gcc")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="cpu: the process's CPU time (default); wall: elapsed time, includes waiting for the core")
    args = parser.parse_args(argv)
    sizes = sorted(set(args.sizes))
    started = datetime.datetime.now(datetime.timezone.utc)
    loads = []
    values = {n: [] for n in sizes}
    with tempfile.TemporaryDirectory() as directory:
        binary = compile_program(Path(directory), args.compiler)
        for run in range(args.runs):
            before, t0 = os.getloadavg()[0], time.time()
            for n in sizes:
                values[n].append(run_once(binary, n, args.min_seconds, args.clock))
            loads.append((before, os.getloadavg()[0]))
            print(f"run {run + 1}/{args.runs}: {time.time() - t0:.0f} s, load {before:.2f} -> {loads[-1][1]:.2f}; "
                  + " ".join(f"{n}:{values[n][-1]:.3g}" for n in sizes), flush=True)
    compiler = subprocess.run([args.compiler, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    from measure_mpi import cpu_name

    header = [
        "naive matrix multiplication (i-j-k, double): time per FLOP [ns] vs matrix size n (n x n)",
        f"{compiler}, -O2; source benchmarks/segmentation/real/naive_matmul.c",
        f"host: {cpu_name()}, {os.cpu_count()} cores, caches: {cache_sizes()}; {platform.system()} {platform.release()}",
        f"date: {started:%Y-%m-%d %H:%M} UTC; load average (1 min) before->after each run: "
        + ", ".join(f"{a:.2f}->{b:.2f}" for a, b in loads),
        f"clock: {args.clock} ({'process CPU time' if args.clock == 'cpu' else 'elapsed wall time'}); "
        f"each DATA value = one process: mean over multiplies filling {args.min_seconds} s (at least one; "
        "one untimed warm-up multiply for n <= 512); runs interleaved over the sizes",
        "measured by benchmarks/segmentation/real/measure_matmul.py",
    ]
    lines = [f"# {line}" for line in header]
    lines += ["PARAMETER n", "POINTS " + " ".join(str(n) for n in sizes), "", "REGION naive_matmul",
              "METRIC time_per_flop"]
    lines += ["DATA " + " ".join(f"{v:.4g}" for v in values[n]) for n in sizes]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sys.exit(main())
