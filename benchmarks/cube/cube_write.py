#!/usr/bin/env python3
"""Writer throughput: one profile of 1,024 ranks x 1,000 call paths x 3 metrics (target < 10 s).

    python benchmarks/cube/cube_write.py [--ranks 1024 --callpaths 1000 --metrics 3 --rounds 3]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "fixtures"))

from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex  # noqa: E402
from generate_fixtures import synthetic_call_paths  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ranks", type=int, default=1024)
    parser.add_argument("--callpaths", type=int, default=1000)
    parser.add_argument("--metrics", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(0)
    paths = synthetic_call_paths(args.callpaths, seed=0)
    names = ["time", "visits", "PAPI_TOT_INS", "bytes_sent", "bytes_received"][:args.metrics]
    values = {n: rng.random((args.callpaths, args.ranks)) * (1 if n == "time" else 1e6) for n in names}
    defs = [CubeMetric(n, "DOUBLE" if n == "time" else "UINT64") for n in names]
    loc = make_location_table(args.ranks, ranks_per_node=48, cart_dims=(32, args.ranks // 32)
                              if args.ranks % 32 == 0 else None)
    print(f"| ranks | call paths | metrics | compressed | write time (s), best of {args.rounds} | file (MB) |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for compress in (False, True):
            best = float("inf")
            for _ in range(args.rounds):
                start = time.perf_counter()
                out = write_cubex(Path(tmp) / "w.p1.r1" / "profile.cubex", callpaths=paths, values=values,
                                  locations=loc, metrics=defs, compress=compress)
                best = min(best, time.perf_counter() - start)
            print(f"| {args.ranks} | {args.callpaths} | {args.metrics} | {compress} | {best:.2f} | "
                  f"{out.stat().st_size / 1e6:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
