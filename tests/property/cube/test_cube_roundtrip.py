"""Any finite values on any call tree and location layout round-trip through write_cubex/read_cubex."""
from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
from hypothesis import given, settings, strategies as st

from extrap_segmented.cube.directory import read_cubex
from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex


@st.composite
def profiles(draw):
    n_paths = draw(st.integers(1, 12))
    paths = ["main"]
    for i in range(1, n_paths):
        parent = paths[draw(st.integers(0, len(paths) - 1))]
        paths.append(f"{parent}->f{i}")
    ranks = draw(st.integers(1, 6))
    threads = draw(st.integers(1, 3))
    n_loc = ranks * threads
    floats = st.floats(-1e12, 1e12, allow_nan=False, allow_infinity=False)
    time = np.array(draw(st.lists(floats, min_size=n_paths * n_loc, max_size=n_paths * n_loc))).reshape(n_paths, n_loc)
    visits = np.array(draw(st.lists(st.integers(0, 2 ** 53), min_size=n_paths * n_loc, max_size=n_paths * n_loc)),
                      dtype=float).reshape(n_paths, n_loc)
    return paths, ranks, threads, {"time": time, "visits": visits}


@settings(max_examples=40, deadline=None)
@given(profiles(), st.sampled_from(["exclusive", "inclusive"]), st.booleans())
def test_values_round_trip_exactly(profile, kind, compress):
    paths, ranks, threads, values = profile
    loc = make_location_table(ranks, threads_per_rank=threads, ranks_per_node=2)
    with tempfile.TemporaryDirectory() as tmp:
        path = write_cubex(Path(tmp) / "x.p1.r1" / "profile.cubex", callpaths=paths, values=values, locations=loc,
                           metrics=[CubeMetric("visits", "UINT64")], value_kind=kind, compress=compress)
        back = read_cubex(path, inclusive=kind == "inclusive")
    rows = [back.callpaths.index(p) for p in paths]
    assert back.locations == loc
    for name, v in values.items():
        np.testing.assert_array_equal(back.values[name][rows], v)
