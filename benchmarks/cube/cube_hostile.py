#!/usr/bin/env python3
"""Hostile Cube inputs: time and memory of the bounded reader, next to the previous method.

    python benchmarks/cube/cube_hostile.py [--depths 100 300 600 900 3000] [--bomb-mib 2560]

Two tables:

1. Call-tree construction for a chain of nested calls of each depth: Extra-P's
   ``io_helper.create_call_tree`` (the previous method of ``--cube-ranks``; cubic in the depth,
   recursive) against ``build_call_tree``, and the whole ``--cube-ranks`` read of five profiles.
   Extra-P's construction is skipped above 900 levels (it needs minutes, then fails with RecursionError).
2. Inflation bombs: a zlib data chunk inflating to ``--bomb-mib`` MiB and a 512 MiB gzip anchor,
   read with ``read_cubex`` under tracemalloc (peak traced bytes, wall time, message). Without the
   bounds the first needs the whole inflated size at once (``zlib.decompress``), i.e. ``--bomb-mib`` MiB.
"""
from __future__ import annotations

import argparse
import io
import sys
import tarfile
import tempfile
import time
import tracemalloc
import warnings
import zlib
from pathlib import Path

import numpy as np
from extrap.entities.callpath import Callpath
from extrap.fileio import io_helper

from extrap_segmented.adapters.cube.calltree import build_call_tree
from extrap_segmented.adapters.cube.reader import CubeRankReader
from extrap_segmented.cube.profile import read_cubex
from extrap_segmented.cube.writer import make_location_table, write_cubex
from extrap_segmented.exceptions import CubeFormatError

MiB = 1 << 20


def chain(depth):
    paths = ["main"]
    for i in range(1, depth):
        paths.append(f"{paths[-1]}->f{i}")
    return paths


def deep_tables(depths, root: Path):
    print(f"{'depth':>6} {'Extra-P create_call_tree [s]':>29} {'build_call_tree [s]':>20} {'--cube-ranks read [s]':>22}")
    for depth in depths:
        callpaths = [Callpath(p) for p in chain(depth)]
        if depth <= 900:
            start = time.perf_counter()
            io_helper.create_call_tree(callpaths)
            theirs = f"{time.perf_counter() - start:29.3f}"
        else:
            theirs = f"{'(skipped: RecursionError)':>29}"
        start = time.perf_counter()
        build_call_tree(callpaths)
        ours = time.perf_counter() - start
        directory = root / f"deep{depth}"
        loc = make_location_table(4)
        for p in (2, 4, 8, 16, 32):
            write_cubex(directory / f"app.p{p}.r1" / "profile.cubex", callpaths=chain(depth),
                        values={"time": np.full((depth, 4), float(p))}, locations=loc)
        reader = CubeRankReader()
        reader.scaling_type = "weak"
        start = time.perf_counter()
        reader.read_experiment(directory)
        print(f"{depth:6d} {theirs} {ours:20.4f} {time.perf_counter() - start:22.3f}")


def _replace(path, name, payload):
    with tarfile.open(path) as tar:
        members = [(m.name, tar.extractfile(m).read()) for m in tar.getmembers()]
    with tarfile.open(path, "w", format=tarfile.USTAR_FORMAT) as tar:
        for n, data in members:
            data = payload if n == name else data
            info = tarfile.TarInfo(n)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def _deflate(n_mib, wbits):
    c = zlib.compressobj(9, zlib.DEFLATED, wbits)
    return b"".join([c.compress(bytes(MiB)) for _ in range(n_mib)] + [c.flush()])


def bomb_table(bomb_mib, root: Path):
    print(f"\n{'input':<44} {'file [MB]':>9} {'peak traced [MiB]':>18} {'time [s]':>9}  message")
    cases = []
    path = write_cubex(root / "bomb.cubex", callpaths=["main", "main->f"], values={"time": np.ones((2, 4))},
                       locations=make_location_table(4), compress=True)
    chunk = _deflate(bomb_mib, 15)
    _replace(path, "0.data", b"ZCUBEX.DATA" + np.array([1, 0, 0, len(chunk)], "<i8").tobytes() + chunk)
    cases.append((f"zlib data chunk -> {bomb_mib} MiB", path))
    path2 = write_cubex(root / "anchor.cubex", callpaths=["main", "main->f"], values={"time": np.ones((2, 4))},
                        locations=make_location_table(4))
    _replace(path2, "anchor.xml", _deflate(512, 31))
    cases.append(("gzip anchor.xml -> 512 MiB", path2))
    for label, p in cases:
        tracemalloc.start()
        start = time.perf_counter()
        try:
            read_cubex(p)
            message = "read"
        except CubeFormatError as err:
            message = str(err).split(": ", 1)[1][:70]
        seconds = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"{label:<44} {p.stat().st_size / 1e6:9.2f} {peak / MiB:18.1f} {seconds:9.3f}  {message}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[100, 300, 600, 900, 3000])
    parser.add_argument("--bomb-mib", type=int, default=2560)
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    with tempfile.TemporaryDirectory() as tmp:
        deep_tables(args.depths, Path(tmp))
        bomb_table(args.bomb_mib, Path(tmp))


if __name__ == "__main__":
    sys.exit(main())
