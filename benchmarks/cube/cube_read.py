#!/usr/bin/env python3
"""Reading speed and memory of ``--cube-ranks`` next to Extra-P's ``--cube``, same files, same run.

    python benchmarks/cube/cube_read.py [--points 10 --ranks 256 --callpaths 500 --metrics 3 --rounds 3]

Generates the set with ``fixtures/generate_fixtures.py --large`` into a temporary directory, then
reads it alternately with both readers (weak scaling, exclusive values) and prints a table:
best wall time of each, their ratio, the bytes of the per-location values kept (unique arrays)
against their raw float64 size, and the memory retained by the whole experiment and the peak
during reading (tracemalloc).
"""
from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
import tracemalloc
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "fixtures"))

from extrap.fileio.file_reader.cube_file_reader2 import CubeFileReader2  # noqa: E402

from extrap_segmented.adapters.cube.reader import CubeRankReader  # noqa: E402
from generate_fixtures import generate_large  # noqa: E402


def _read(reader_cls, path):
    reader = reader_cls()
    reader.scaling_type = "weak"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        start = time.perf_counter()
        experiment = reader.read_experiment(path)
        return time.perf_counter() - start, experiment


def _memory(reader_cls, path):
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    _, experiment = _read(reader_cls, path)
    gc.collect()
    current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return experiment, current - before, peak - before


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--points", type=int, default=10)
    parser.add_argument("--ranks", type=int, default=256)
    parser.add_argument("--callpaths", type=int, default=500)
    parser.add_argument("--metrics", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench"
        generate_large(path, points=args.points, ranks=args.ranks, n_paths=args.callpaths, n_metrics=args.metrics)
        size = sum(f.stat().st_size for f in path.rglob("*.cubex"))
        times = {CubeFileReader2: [], CubeRankReader: []}
        for _ in range(args.rounds):
            for cls in (CubeFileReader2, CubeRankReader):
                times[cls].append(_read(cls, path)[0])
                gc.collect()
        experiment, retained, peak = _memory(CubeRankReader, path)
        bases = {}
        for ms in experiment.measurements.values():
            for m in ms:
                base = m.values if m.values.base is None else m.values.base
                bases[id(base)] = base.nbytes
        raw = args.points * args.ranks * args.callpaths * args.metrics * 8
        _, stock_retained, stock_peak = _memory(CubeFileReader2, path)
    best_stock, best_ours = min(times[CubeFileReader2]), min(times[CubeRankReader])
    print(f"set: {args.points} points x {args.ranks} ranks x {args.callpaths} call paths x {args.metrics} metrics, "
          f"1 repetition, {size / 1e6:.1f} MB of .cubex; best of {args.rounds} rounds")
    print("| reader | read time (s) | ratio to --cube | retained (MB) | peak while reading (MB) |")
    print("|---|---|---|---|---|")
    print(f"| --cube (Extra-P) | {best_stock:.2f} | 1.00 | {stock_retained / 1e6:.1f} | {stock_peak / 1e6:.1f} |")
    print(f"| --cube-ranks | {best_ours:.2f} | {best_ours / best_stock:.2f} | {retained / 1e6:.1f} | "
          f"{peak / 1e6:.1f} |")
    print(f"per-location values kept: {sum(bases.values()) / 1e6:.1f} MB in {len(bases)} arrays; raw float64 size "
          f"{raw / 1e6:.1f} MB; ratio {sum(bases.values()) / raw:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
