"""The measuring loop shared by the compiled-kernel sweeps (``measure_matmul.py``, ``measure_triad.py``).

A C program built with ``gcc -O2`` prints, for one size n and a time budget, its elapsed and CPU
time per unit of work; each of ``--runs`` repetitions is one process per size, the runs interleaved
over the sizes (a slow phase of the shared machine spreads over all sizes), and the values are
written as an Extra-P text file with the compiler, CPU, caches, date and load averages in its header.
"""
from __future__ import annotations

import argparse
import datetime
import os
import platform
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence


@dataclass(frozen=True)
class Sweep:
    """What one compiled sweep measures and how its file is labelled."""
    source: Path          # the C program: ``prog n min_seconds`` prints "... elapsed cpu" per unit in seconds
    default_sizes: Callable[[], list[int]]
    title: str            # first header line; the unit in the first [...] (plot_series.py reads it)
    region: str
    metric: str
    work: str             # what fills --min-seconds, e.g. "multiplies"
    warm_up: str          # how the program warms up, for the header
    script: str           # the measuring script, for the header


def cache_sizes() -> str:
    done = subprocess.run(["lscpu"], capture_output=True, text=True)
    parts = [line.split(":", 1)[0].replace(" cache", "") + " " + line.split(":", 1)[1].strip()
             for line in done.stdout.splitlines() if line.split(":", 1)[0].strip() in ("L1d cache", "L2 cache", "L3 cache")]
    return ", ".join(parts) or "unknown"


def compile_program(source: Path, directory: Path, compiler: str) -> Path:
    binary = directory / source.stem
    done = subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{compiler} -O2 {source} failed: {done.stderr.strip()}")
    return binary


def run_once(binary: Path, n: int, min_seconds: float, clock: str) -> float:
    done = subprocess.run([str(binary), str(n), str(min_seconds)], capture_output=True, text=True, check=True)
    return float(done.stdout.split()[2 if clock == "wall" else 3]) * 1e9


def main(sweep: Sweep, description: str, argv: Sequence[str] | None = None) -> int:
    from measure_mpi import cpu_name

    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--out", type=Path, required=True, help="Extra-P text file to write")
    parser.add_argument("--sizes", type=int, nargs="+", default=sweep.default_sizes())
    parser.add_argument("--runs", type=int, default=5, help="repetitions (one process per size each)")
    parser.add_argument("--min-seconds", type=float, default=0.1, help=f"time filled by {sweep.work} per value")
    parser.add_argument("--compiler", default=shutil.which("gcc") or "gcc")
    parser.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                        help="cpu: the process's CPU time (default); wall: elapsed time, includes waiting for the core")
    args = parser.parse_args(argv)
    sizes = sorted(set(args.sizes))
    started = datetime.datetime.now(datetime.timezone.utc)
    loads = []
    values = {n: [] for n in sizes}
    with tempfile.TemporaryDirectory() as directory:
        binary = compile_program(sweep.source, Path(directory), args.compiler)
        for run in range(args.runs):
            before, t0 = os.getloadavg()[0], time.time()
            for n in sizes:
                values[n].append(run_once(binary, n, args.min_seconds, args.clock))
            loads.append((before, os.getloadavg()[0]))
            print(f"run {run + 1}/{args.runs}: {time.time() - t0:.0f} s, load {before:.2f} -> {loads[-1][1]:.2f}; "
                  + " ".join(f"{n}:{values[n][-1]:.3g}" for n in sizes), flush=True)
    compiler = subprocess.run([args.compiler, "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    header = [
        sweep.title,
        f"{compiler}, -O2; source benchmarks/segmentation/real/{sweep.source.name}",
        f"host: {cpu_name()}, {os.cpu_count()} cores, caches: {cache_sizes()}; {platform.system()} {platform.release()}",
        f"date: {started:%Y-%m-%d %H:%M} UTC; load average (1 min) before->after each run: "
        + ", ".join(f"{a:.2f}->{b:.2f}" for a, b in loads),
        f"clock: {args.clock} ({'process CPU time' if args.clock == 'cpu' else 'elapsed wall time'}); "
        f"each DATA value = one process: mean over {sweep.work} filling {args.min_seconds} s ({sweep.warm_up}); "
        "runs interleaved over the sizes",
        f"measured by benchmarks/segmentation/real/{sweep.script}",
    ]
    lines = [f"# {line}" for line in header]
    lines += ["PARAMETER n", "POINTS " + " ".join(str(n) for n in sizes), "", f"REGION {sweep.region}",
              f"METRIC {sweep.metric}"]
    lines += ["DATA " + " ".join(f"{v:.4g}" for v in values[n]) for n in sizes]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(lines) + "\n")
    print(f"wrote {args.out}")
    return 0
