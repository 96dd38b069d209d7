"""Fuzz target of the Cube reader: mutated profiles give a CubeProfile or a CubeFormatError, nothing
else, within a memory bound, for a bounded time (``CUBE_FUZZ_SECONDS``, default 20 s).

Inputs are derived from small profiles written by ``write_cubex`` (plain and compressed, exclusive
and inclusive, little- and big-endian, every dtype, a topology) by one to four random mutations:
at the level of the archive bytes (bit flips, truncation, overwritten, inserted or deleted ranges)
and at the level of its members (numbers in anchor.xml replaced by boundary values, tags deleted or
duplicated, control characters, gzip toggled; index and data headers, counts, chunk tables and
values replaced; members dropped, duplicated or renamed). Input ``i`` of a run is a pure function of
``(CUBE_FUZZ_SEED, i)``; a failure names both and keeps the input in the test's tmp directory.
The number of inputs tried is printed (``pytest -rP`` or ``-s`` shows it).
"""
from __future__ import annotations

import gzip
import io
import os
import random
import re
import tarfile
import time
import tracemalloc
import warnings

import numpy as np
import pytest

from extrap_segmented.cube.profile import read_cubex
from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
from extrap_segmented.exceptions import CubeFormatError

SECONDS = float(os.environ.get("CUBE_FUZZ_SECONDS", "20"))
SEED = int(os.environ.get("CUBE_FUZZ_SEED", "20261123"))
MEMORY_BOUND = 32 << 20  # bytes traced by tracemalloc while reading one input (the seeds are a few KB)
INTERESTING = [0, 1, -1, 2, 7, 255, 256, 65535, 2 ** 31 - 1, -2 ** 31, 2 ** 31, 2 ** 32, 2 ** 63 - 1, -2 ** 63,
               10 ** 30, 123456789]
NUMBER = re.compile(rb"-?\d+")
TAG = re.compile(rb"</?[A-Za-z_]+[^<>]*>")


def _seeds(directory) -> list[bytes]:
    paths = ["main", "main->init", "main->solve", "main->solve->MPI_Allreduce", "main->solve->kernel"]
    rng = np.random.default_rng(1)
    out = []
    for i, (kwargs, locations) in enumerate([
        (dict(), make_location_table(4)),
        (dict(compress=True), make_location_table(4, threads_per_rank=2, ranks_per_node=2)),
        (dict(value_kind="inclusive", byteorder="big"), make_location_table(6, cart_dims=(2, 3), periodic=(True, False))),
        (dict(compress=True, value_kind="inclusive", skip_zero_rows=False), make_location_table(2)),
    ]):
        n = len(locations)
        values = {"time": rng.random((len(paths), n)), "visits": rng.integers(0, 9, (len(paths), n)).astype(float),
                  "max_time": rng.random((len(paths), n)), "bytes": rng.integers(-5, 5, (len(paths), n)).astype(float)}
        values["visits"][1] = 0  # a zero row: left out of the sparse index
        metrics = [CubeMetric("visits", "UINT64", "occ"), CubeMetric("max_time", "MAXDOUBLE", "sec"),
                   CubeMetric("bytes", "INT64", "bytes")]
        path = write_cubex(directory / f"seed{i}.cubex", callpaths=paths, values=values, locations=locations,
                           metrics=metrics, **kwargs)
        out.append(path.read_bytes())
    return out


def _members(raw: bytes) -> list[list]:
    with tarfile.open(fileobj=io.BytesIO(raw)) as tar:
        return [[m.name, tar.extractfile(m).read()] for m in tar.getmembers()]


def _archive(members) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _bytes_mutation(rng: random.Random, data: bytes) -> bytes:
    data = bytearray(data)
    if not data:
        return bytes(rng.randbytes(rng.randint(1, 32)))
    kind = rng.randrange(6)
    at = rng.randrange(len(data))
    if kind == 0:  # flip bits
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    elif kind == 1:  # truncate
        del data[at:]
    elif kind == 2:  # overwrite a range
        n = rng.randint(1, 64)
        data[at:at + n] = rng.randbytes(n)
    elif kind == 3:  # insert
        data[at:at] = rng.randbytes(rng.randint(1, 64))
    elif kind == 4:  # delete a range
        del data[at:at + rng.randint(1, 64)]
    else:  # an interesting integer in place
        width, order = rng.choice([(4, "little"), (8, "little"), (4, "big"), (8, "big")])
        value = rng.choice(INTERESTING) % (1 << (8 * width))
        data[at:at + width] = value.to_bytes(width, order)
    return bytes(data)


def _anchor_mutation(rng: random.Random, text: bytes) -> bytes:
    kind = rng.randrange(8)
    hits = list((NUMBER if kind == 0 else TAG).finditer(text))
    if not text or (kind in (0, 1, 2) and not hits):
        return _bytes_mutation(rng, text)
    if kind == 0:  # a number -> a boundary value
        m = rng.choice(hits)
        return text[:m.start()] + str(rng.choice(INTERESTING)).encode() + text[m.end():]
    if kind in (1, 2):  # delete or duplicate a tag
        m = rng.choice(hits)
        piece = b"" if kind == 1 else m.group() * rng.randint(2, 4)
        return text[:m.start()] + piece + text[m.end():]
    if kind == 3:  # duplicate a line (a cnode, a location, a metric ...)
        lines = text.split(b"\n")
        i = rng.randrange(len(lines))
        lines[i:i] = [lines[i]] * rng.randint(1, 3)
        return b"\n".join(lines)
    if kind == 4:  # a control or odd character inside a text
        at = rng.randrange(len(text))
        return text[:at] + rng.choice([b"\x01", b"\x00", b"&", b"<", b"\xff", b"&#0;", b"\xc3"]) + text[at:]
    if kind == 5:  # a data type or metric kind replaced
        token = rng.choice([b"DOUBLE", b"UINT64", b"INT64", b"MAXDOUBLE", b"EXCLUSIVE", b"INCLUSIVE"])
        other = rng.choice([b"DOUBLE", b"UINT64", b"INT8", b"CHAR", b"TAU_ATOMIC", b"INCLUSIVE", b"EXCLUSIVE",
                            b"POSTDERIVED", b"", b"COMPLEX"])
        return text.replace(token, other, 1)
    if kind == 6:  # swap two lines
        lines = text.split(b"\n")
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        return b"\n".join(lines)
    return _bytes_mutation(rng, text)


def _member_mutation(rng: random.Random, members: list[list]) -> None:
    if not members:
        return
    i = rng.randrange(len(members))
    name, data = members[i]
    kind = rng.randrange(10)
    if kind == 0:
        del members[i]
    elif kind == 1:
        members.insert(rng.randrange(len(members) + 1), [name, data])
    elif kind == 2:
        members[i][0] = rng.choice(["anchor.xml", "0.index", "0.data", "1.data", "7.index", "anchor", "../x"])
    elif name == "anchor.xml":
        gzipped = data[:2] == b"\x1f\x8b"
        text = gzip.decompress(data) if gzipped else data
        text = _anchor_mutation(rng, text)
        if rng.random() < 0.2:
            gzipped = not gzipped
        members[i][1] = gzip.compress(text, mtime=0) if gzipped else text
    else:
        members[i][1] = _bytes_mutation(rng, data)


def make_input(seeds: list[bytes], seed: int, index: int) -> bytes:
    rng = random.Random(seed * 1_000_003 + index)
    raw = rng.choice(seeds)
    members = _members(raw)
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.8:
            _member_mutation(rng, members)
        else:
            raw = _archive(members)
            return _bytes_mutation(rng, raw)
    return _archive(members)


def read_one(path) -> tuple[str, int]:
    """('ok' | 'error', peak traced bytes); any other exception propagates."""
    tracemalloc.start()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                profile = read_cubex(path)
            except CubeFormatError as err:
                assert str(path) in str(err), err
                return "error", tracemalloc.get_traced_memory()[1]
            for name, values in profile.values.items():
                assert values.shape == (len(profile.tree), len(profile.locations)) and values.dtype == np.float64
                assert profile.listed[name].max(initial=-1) < len(profile.tree)
            for variant in (True,):  # the other kind as well: conversions must hold up too
                read_cubex(path, inclusive=variant)
            return "ok", tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.fixture(scope="module")
def seeds(tmp_path_factory):
    return _seeds(tmp_path_factory.mktemp("seeds"))


def test_seeds_are_readable(seeds, tmp_path):
    for i, raw in enumerate(seeds):
        path = tmp_path / f"{i}.cubex"
        path.write_bytes(raw)
        assert read_one(path)[0] == "ok"


@pytest.mark.slow
def test_fuzz_cube_reader_only_documented_errors_within_bounded_memory(seeds, tmp_path, record_property):
    path = tmp_path / "input.cubex"
    outcomes = {"ok": 0, "error": 0}
    worst = 0
    start = time.perf_counter()
    index = 0
    while time.perf_counter() - start < SECONDS:
        data = make_input(seeds, SEED, index)
        path.write_bytes(data)
        try:
            outcome, peak = read_one(path)
        except Exception as err:  # noqa: BLE001 -- anything but CubeFormatError is the finding
            kept = tmp_path / f"failing-{SEED}-{index}.cubex"
            kept.write_bytes(data)
            raise AssertionError(f"input {index} of seed {SEED} (kept as {kept}): {type(err).__name__}: {err}") from err
        assert peak < MEMORY_BOUND, f"input {index} of seed {SEED}: {peak} bytes traced"
        outcomes[outcome] += 1
        worst = max(worst, peak)
        index += 1
    elapsed = time.perf_counter() - start
    record_property("cube_fuzz_inputs", index)
    print(f"cube fuzz: {index} inputs in {elapsed:.1f} s (seed {SEED}): {outcomes['ok']} read, "
          f"{outcomes['error']} CubeFormatError; largest traced peak {worst / 2 ** 20:.1f} MiB")
    assert index >= 200, f"only {index} inputs in {elapsed:.1f} s"
    assert outcomes["ok"] and outcomes["error"]  # the mutations reach both outcomes
