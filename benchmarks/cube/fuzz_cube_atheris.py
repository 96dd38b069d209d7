#!/usr/bin/env python3
"""Coverage-guided fuzzing of the Cube reader with atheris (libFuzzer), for long runs outside the
test suite (the suite runs the time-bounded mutation fuzzer of tests/property/cube/test_cube_fuzz.py).

    pip install atheris      # a binary wheel exists for CPython 3.11 (atheris 3.0.0)
    python benchmarks/cube/fuzz_cube_atheris.py -max_total_time=600 [corpus_dir]

The seed corpus is written into ``corpus_dir`` (default: a temporary directory) from the profiles
of ``write_cubex``. Each input is written to a file and read with ``read_cubex``; a profile or a
``CubeFormatError`` is fine, any other exception is a finding (libFuzzer stops and saves it as
``crash-*``), as is a traced memory peak above 32 MiB.
"""
from __future__ import annotations

import sys
import tempfile
import tracemalloc
import warnings
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from extrap_segmented.cube.profile import read_cubex
    from extrap_segmented.exceptions import CubeFormatError

import numpy as np  # noqa: E402

from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex  # noqa: E402

MEMORY_BOUND = 32 << 20
_INPUT = Path(tempfile.mkdtemp()) / "input.cubex"


def write_corpus(directory: Path) -> None:
    paths = ["main", "main->init", "main->solve", "main->solve->MPI_Allreduce"]
    rng = np.random.default_rng(1)
    for i, (kwargs, loc) in enumerate([(dict(), make_location_table(2)),
                                       (dict(compress=True), make_location_table(2, threads_per_rank=2)),
                                       (dict(value_kind="inclusive", byteorder="big"),
                                        make_location_table(4, cart_dims=(2, 2)))]):
        values = {"time": rng.random((len(paths), len(loc))),
                  "visits": rng.integers(0, 9, (len(paths), len(loc))).astype(float)}
        write_cubex(directory / f"seed{i}.cubex", callpaths=paths, values=values, locations=loc,
                    metrics=[CubeMetric("visits", "UINT64")], **kwargs)


def test_one_input(data: bytes) -> None:
    _INPUT.write_bytes(data)
    tracemalloc.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            read_cubex(_INPUT)
            read_cubex(_INPUT, inclusive=True)
    except CubeFormatError:
        pass
    finally:
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    if peak > MEMORY_BOUND:
        raise MemoryError(f"{peak} bytes traced while reading one input")


def main() -> None:
    args = [a for a in sys.argv if not a.startswith("-")][1:]
    corpus = Path(args[0]) if args else Path(tempfile.mkdtemp(prefix="cube-corpus-"))
    corpus.mkdir(parents=True, exist_ok=True)
    if not any(corpus.iterdir()):
        write_corpus(corpus)
    argv = [sys.argv[0]] + [a for a in sys.argv[1:] if a.startswith("-")] + [str(corpus)]
    atheris.Setup(argv, test_one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
