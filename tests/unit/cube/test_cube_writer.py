"""The Cube4 writer: files read back unchanged by pycubexr and by this package's reader."""
from __future__ import annotations

import numpy as np
import pytest
from pycubexr import CubexParser

from extrap_segmented.cube.directory import read_cubex
from extrap_segmented.cube.writer import CubeMetric, make_location_table, write_cubex
from extrap_segmented.exceptions import CubeFormatError
from extrap_segmented.locations import LocationTable

PATHS = ["main", "main->a", "main->a->x", "main->b", "main->a->y", "main->b->z"]


def _values(n_loc, seed=0):
    rng = np.random.default_rng(seed)
    time = rng.random((len(PATHS), n_loc))
    time[3] = 0.0  # a row of zeros is left out of the sparse index and must read back as zeros
    return {"time": time, "visits": rng.integers(0, 1000, (len(PATHS), n_loc)).astype(float)}


def _pycubexr_values(path, inclusive):
    out = {}
    with CubexParser(str(path)) as cube:
        by_path = {}

        def walk(node, prefix):
            name = f"{prefix}->{node.region.name}" if prefix else node.region.name
            by_path[name] = node
            for child in node.get_children():
                walk(child, name)

        walk(cube.get_root_cnodes()[0], "")
        for metric in cube.get_metrics():
            mv = cube.get_metric_values(metric, cache=False)
            out[metric.name] = np.array([mv.cnode_values(by_path[p], convert_to_exclusive=not inclusive,
                                                         convert_to_inclusive=inclusive).astype(float)
                                         for p in PATHS])
        n_loc = len(cube.get_locations())
    return out, n_loc


@pytest.mark.parametrize("value_kind", ["exclusive", "inclusive"])
@pytest.mark.parametrize("compress", [False, True])
def test_pycubexr_reads_back_the_written_values(tmp_path, value_kind, compress):
    loc = make_location_table(6, threads_per_rank=2, ranks_per_node=4)
    values = _values(12)
    path = write_cubex(tmp_path / "a.p2.r1" / "profile.cubex", callpaths=PATHS, values=values, locations=loc,
                       metrics=[CubeMetric("visits", "UINT64", "occ")], value_kind=value_kind, compress=compress)
    got, n_loc = _pycubexr_values(path, inclusive=value_kind == "inclusive")
    assert n_loc == 12
    for name in values:
        np.testing.assert_array_equal(got[name], values[name])


@pytest.mark.parametrize("value_kind", ["exclusive", "inclusive"])
def test_own_reader_converts_between_exclusive_and_inclusive_like_pycubexr(tmp_path, value_kind):
    loc = make_location_table(4)
    path = write_cubex(tmp_path / "a.p2.r1" / "profile.cubex", callpaths=PATHS, values=_values(4, 1),
                       locations=loc, value_kind=value_kind)
    for inclusive in (False, True):
        ours = read_cubex(path, inclusive=inclusive)
        theirs, _ = _pycubexr_values(path, inclusive)
        assert sorted(ours.callpaths) == sorted(PATHS)
        rows = [ours.callpaths.index(p) for p in PATHS]
        for name in theirs:
            np.testing.assert_array_equal(ours.values[name][rows], theirs[name])


def test_location_identity_and_topology_round_trip(tmp_path):
    loc = make_location_table(6, threads_per_rank=2, ranks_per_node=4, cart_dims=(2, 3), periodic=(True, False))
    path = write_cubex(tmp_path / "a.p6.r1" / "profile.cubex", callpaths=PATHS, values=_values(12), locations=loc)
    assert read_cubex(path).locations == loc
    assert loc.coords[5].tolist() == [0, 2] and loc.coords[6].tolist() == [1, 0]


def test_columns_are_stored_in_system_tree_order(tmp_path):
    # ranks listed 3, 0, 2, 1 on two nodes: the file groups them by node (first appearance) then rank
    loc = LocationTable(rank=np.array([3, 0, 2, 1]), thread=np.zeros(4, dtype=np.int64),
                        node=np.array(["n1", "n0", "n1", "n0"]))
    values = {"time": np.arange(len(PATHS) * 4, dtype=float).reshape(len(PATHS), 4)}
    back = read_cubex(write_cubex(tmp_path / "a.p4.r1" / "profile.cubex", callpaths=PATHS, values=values,
                                  locations=loc))
    assert back.locations.rank.tolist() == [3, 2, 0, 1]
    assert back.locations.node.tolist() == ["n1", "n1", "n0", "n0"]
    rows = [back.callpaths.index(p) for p in PATHS]
    np.testing.assert_array_equal(back.values["time"][rows], values["time"][:, [0, 2, 1, 3]])


def test_rows_follow_the_given_call_path_order(tmp_path):
    shuffled = ["main", "main->b", "main->a", "main->b->z", "main->a->y", "main->a->x"]
    values = {"time": np.arange(6, dtype=float)[:, None] * np.ones((1, 2))}
    back = read_cubex(write_cubex(tmp_path / "a.p2.r1" / "profile.cubex", callpaths=shuffled, values=values,
                                  locations=make_location_table(2)))
    got = dict(zip(back.callpaths, back.values["time"][:, 0]))
    assert got == {p: float(i) for i, p in enumerate(shuffled)}


def test_seeded_fixture_writing_is_byte_identical(tmp_path):
    args = dict(callpaths=PATHS, values=_values(3), locations=make_location_table(3), compress=True)
    a = write_cubex(tmp_path / "x.p1.r1" / "profile.cubex", **args).read_bytes()
    b = write_cubex(tmp_path / "x.p1.r2" / "profile.cubex", **args).read_bytes()
    assert a == b  # exact: the writer is deterministic and writes no fitted number


@pytest.mark.parametrize("kwargs, message", [
    (dict(callpaths=["main", "other"]), "exactly one root"),
    (dict(callpaths=["main", "main->a->b"]), "no parent"),
    (dict(callpaths=["main", "main"]), "listed twice"),
    (dict(values={"time": np.ones((2, 3))}), "have shape (2, 3)"),
    (dict(values={"time": np.full((1, 2), np.nan)}), "finite"),
    (dict(values={"c": -np.ones((1, 2))}, metrics=[CubeMetric("c", "UINT64")]), "outside the range of UINT64"),
    (dict(metrics=[CubeMetric("time", "FLOAT128")]), "dtype must be one of"),
    (dict(value_kind="both"), "value_kind"),
])
def test_bad_arguments_raise_a_message_naming_the_problem(tmp_path, kwargs, message):
    args = dict(callpaths=["main"], values={"time": np.ones((1, 2))}, locations=make_location_table(2))
    args.update(kwargs)
    with pytest.raises(CubeFormatError, match=message.replace("(", r"\(").replace(")", r"\)")):
        write_cubex(tmp_path / "bad.cubex", **args)


def test_location_table_errors():
    with pytest.raises(CubeFormatError, match="hold 6 ranks, not n_ranks=4"):
        make_location_table(4, cart_dims=(2, 3))
    dup = LocationTable(rank=np.array([0, 0]), thread=np.array([0, 0]), node=np.array(["a", "a"]))
    with pytest.raises(CubeFormatError, match="twice"):
        write_cubex("/nonexistent/x.cubex", callpaths=["main"], values={"t": np.ones((1, 2))}, locations=dup)
