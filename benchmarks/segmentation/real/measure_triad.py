"""Time per element of a STREAM-like triad over the array length (real data, cache-level changes).

    python benchmarks/segmentation/real/measure_triad.py --out fixtures/real_holdout/triad/triad_cpu.txt

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

SOURCE = Path(__file__).with_name("triad.c")


def default_sizes() -> list[int]:
    return [int(round(256 * 2 ** (k / 2))) for k in range(31)]


def compile_program(directory: Path, compiler: str) -> Path:
    binary = directory / "triad"
    done = subprocess.run([compiler, "-O2", "-o", str(binary), str(SOURCE)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{compiler} -O2 {SOURCE} failed: {done.stderr.strip()}")
    return binary


def run_once(binary: Path, n: int, min_seconds: float, clock: str) -> float:
    done = subprocess.run([str(binary), str(n), str(min_seconds)], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[2 if clock == "wall" else 3]) * 1e9


def main(argv=None) -> int:
    from measure_matmul import cache_sizes
    from measure_mpi import cpu_name

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="Extra-P text file to write")
    parser.add_argument("--sizes", type=int, nargs="+", default=default_sizes(), help="array lengths (doubles)")
    parser.add_argument("--runs", type=int, default=5, help="repetitions (one process per length each)")
    parser.add_argument("--min-seconds", type=float, default=0.1, help="time filled by sweeps per value")
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
    header = [
        # no brackets before the unit: plot_series.py reads the unit from the first [...] of this line
        "STREAM-like triad a(i) = b(i) + s*c(i) (double): time per element [ns] vs array length n (3 arrays, 24 n bytes)",
        f"{compiler}, -O2; source benchmarks/segmentation/real/triad.c",
        f"host: {cpu_name()}, {os.cpu_count()} cores, caches: {cache_sizes()}; {platform.system()} {platform.release()}",
        f"date: {started:%Y-%m-%d %H:%M} UTC; load average (1 min) before->after each run: "
        + ", ".join(f"{a:.2f}->{b:.2f}" for a, b in loads),
        f"clock: {args.clock} ({'process CPU time' if args.clock == 'cpu' else 'elapsed wall time'}); "
        f"each DATA value = one process: mean over sweeps filling {args.min_seconds} s (at least one, "
        "after one untimed warm-up sweep); runs interleaved over the lengths",
        "measured by benchmarks/segmentation/real/measure_triad.py",
    ]
    lines = [f"# {line}" for line in header]
    lines += ["PARAMETER n", "POINTS " + " ".join(str(n) for n in sizes), "", "REGION triad",
              "METRIC time_per_element"]
    lines += ["DATA " + " ".join(f"{v:.4g}" for v in values[n]) for n in sizes]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).parent))
    sys.exit(main())
