"""Verdicts on real measurements nobody generated: the tables of docs/expectations.md ("Real data").

    python benchmarks/expectations/real_data_verdicts.py --mpi-csv DIR/mpi_data.csv \\
        [--relearn DIR/relearn_data.txt] [--sweep fixtures/series/openmpi_oversubscribed.txt] [--png-dir DIR]

* ``--mpi-csv``: Extra-P's ``tests/data/mpi_data.csv`` (OpenMPI and Intel MPI, 32 … 512 ranks; one
  row of statistics per collective and scale, no repetitions): each collective's medians are
  validated against the scalability-validation paper's expectation (Table 2: Barrier, Bcast,
  Reduce, Allreduce O(log p); Gather, Allgather O(p); Alltoall O(p log p)), as a user who puts
  the medians into an Extra-P text file would (no repetitions: 5 % noise assumed);
* ``--relearn``: Extra-P's ``tests/data/text/mpa/relearn_data.txt`` (RELeARN, p = 32 … 512 for
  n = 5000 … 9000, two repetitions): every region over p for every n against ``O(p)``; the table
  lists where changes are named;
* ``--sweep``: the committed OpenMPI latency sweep measured on the development machine.

Neither fetched file is part of this repository (clone extra-p/extrap to get them).
"""
from __future__ import annotations

import argparse
import csv
import re
from collections import defaultdict
from pathlib import Path

import numpy as np

from extrap_segmented.expectations.validation import validate_series

PAPER = {"MPI_Barrier": "O(log p)", "MPI_Bcast": "O(log p)", "MPI_Reduce": "O(log p)", "MPI_Allreduce": "O(log p)",
         "MPI_Gather": "O(p)", "MPI_Allgather": "O(p)", "MPI_Alltoall": "O(p log p)", "Bcast_BT": "O(log p)"}


def mpi_csv_series(path) -> dict:
    """``{(mpi, collective): (ranks, medians)}`` of Extra-P's mpi_data.csv."""
    series = defaultdict(list)
    with open(path, newline="") as handle:
        for row in csv.DictReader(handle):
            series[(row["mpi"], row["variable"])].append((float(row["Ranks"]), float(row["median"])))
    return {key: tuple(np.array(v) for v in zip(*sorted(values))) for key, values in series.items()}


def relearn_series(path) -> dict:
    """``{(region, n): (p repeated per repetition, values)}`` of Extra-P's RELeARN text file."""
    text = Path(path).read_text()
    points = [tuple(float(v) for v in m) for m in re.findall(r"POINTS \( (\S+) (\S+) \)", text)]
    series = {}
    for name, block in re.findall(r"REGION\s+(.+?)\n((?:DATA .*\n?)+)", text):
        rows = [[float(v) for v in line.split()[1:]] for line in block.strip().splitlines()]
        for n in sorted({n for _, n in points}):
            x, y = [], []
            for (p, m), values in zip(points, rows):
                if m == n:
                    x += [p] * len(values)
                    y += values
            series[(name.strip(), int(n))] = (np.array(x), np.array(y))
    return series


def table_row(label, result) -> str:
    row = result.row()
    values = result.y
    shown = ", ".join(f"{v:.4g}" for v in values)
    return (f"| {label} | {shown} | {row['expectation']} | {row['model']} | {row['range']} | "
            f"{result.verdict} | {result.changes_text or '-'} |")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mpi-csv", type=Path)
    parser.add_argument("--relearn", type=Path)
    parser.add_argument("--sweep", type=Path)
    parser.add_argument("--png-dir", type=Path, help="write one validation plot per MPI series")
    args = parser.parse_args(argv)
    header = ("| series | aggregated values | expectation | model | indistinguishable | verdict | changes |\n"
              "|---|---|---|---|---|---|---|")
    if args.mpi_csv:
        print("\nExtra-P's mpi_data.csv, medians (µs), 32 … 512 ranks:\n")
        print(header)
        for (mpi, name), (ranks, medians) in sorted(mpi_csv_series(args.mpi_csv).items(),
                                                      key=lambda kv: (kv[0][0] != "OpenMPI", list(PAPER).index(kv[0][1]))):
            result = validate_series(ranks, medians, PAPER[name])
            print(table_row(f"{mpi} {name}", result))
            if args.png_dir:
                from extrap_segmented.expectations.plot import plot_validation
                args.png_dir.mkdir(parents=True, exist_ok=True)
                plot_validation(result, args.png_dir / f"{mpi}_{name}.png", title=f"{mpi} {name}")
    if args.relearn:
        print("\nRELeARN (Extra-P's relearn_data.txt), every region over p for each n, against O(p):\n")
        named, total = defaultdict(list), 0
        for (region, n), (x, y) in relearn_series(args.relearn).items():
            if not np.any(y):
                continue
            total += 1
            result = validate_series(x, y, "O(p)")
            if result.changes:
                named[(region, result.changes_text)].append(n)
        print(f"{total} series; changes named in {sum(len(v) for v in named.values())}:\n")
        print("| region | changes | n |\n|---|---|---|")
        for (region, where), ns in sorted(named.items()):
            print(f"| {region} | {where} | {', '.join(map(str, ns))} |")
    if args.sweep:
        from extrap_segmented.adapters.expectations.text_input import read_text_series
        data = read_text_series(args.sweep)
        print("\nOpenMPI latency sweep measured here (µs), 1 … 64 ranks on 2 cores, medians of 5 runs:\n")
        print(header)
        for (callpath, _metric), measurements in data.measurements.items():
            name = getattr(callpath, "name", str(callpath))
            result = validate_series(measurements.x, measurements.y, PAPER[name])
            print(table_row(name, result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
