"""Deep call trees: --cube-ranks builds Extra-P's call tree without recursion and in linear time.

Extra-P's ``io_helper.create_call_tree`` is cubic in the depth and recursive: a chain of 3,000
nested calls ran for 500 s and ended in ``RecursionError`` (1,200 levels: 108 s, then the error).
"""
from __future__ import annotations

import sys
import time
import warnings

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from extrap.entities.callpath import Callpath
from extrap.fileio import io_helper

from extrap_segmented.adapters.cube.calltree import build_call_tree
from extrap_segmented.adapters.cube.reader import CubeRankReader
from extrap_segmented.cube.writer import make_location_table, write_cubex


def chain(depth: int) -> list[str]:
    paths = ["main"]
    for i in range(1, depth):
        paths.append(f"{paths[-1]}->f{i}")
    return paths


def write_deep_experiment(root, depth: int, points=(2, 4, 8, 16, 32)) -> list[str]:
    paths = chain(depth)
    loc = make_location_table(4)
    for p in points:
        values = np.random.default_rng(p).random((depth, 4)) * p + 1
        write_cubex(root / f"app.p{p}.r1" / "profile.cubex", callpaths=paths, values={"time": values}, locations=loc)
    return paths


def tree_rows(tree) -> list[tuple[int, str, str]]:
    """(depth, name, path name) of every node in pre-order, walked without recursion."""
    out, stack = [], [(0, c) for c in reversed(tree.childs)]
    while stack:
        depth, node = stack.pop()
        out.append((depth, node.name, node.path.name if node.path is not None else None))
        stack += [(depth + 1, c) for c in reversed(node.childs)]
    return out


@pytest.mark.slow
def test_3000_levels_read_in_seconds_without_recursion_error(tmp_path):
    paths = write_deep_experiment(tmp_path, 3000)
    reader = CubeRankReader()
    reader.scaling_type = "weak"
    start = time.perf_counter()
    experiment = reader.read_experiment(tmp_path)
    elapsed = time.perf_counter() - start
    # about 1 s on an idle 2-core machine; Extra-P's construction alone needed 108 s for 1,200 levels
    assert elapsed < 30, elapsed
    rows = tree_rows(experiment.call_tree)
    assert len(rows) == 3000
    assert rows[-1] == (2999, "f2999", paths[-1])
    assert [c.name for c in experiment.callpaths] == paths


def test_reading_needs_no_stack_proportional_to_depth(tmp_path):
    """1,000 levels read with the recursion limit at 200: no frame per level anywhere in the reader."""
    write_deep_experiment(tmp_path, 1000, points=(2, 4, 8, 16, 32))
    reader = CubeRankReader()
    reader.scaling_type = "weak"
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        experiment = reader.read_experiment(tmp_path)
    finally:
        sys.setrecursionlimit(limit)
    assert len(tree_rows(experiment.call_tree)) == 1000


def test_equals_extrap_call_tree_on_fixtures(fixtures_dir):
    for name in ("gather-switch-p", "multimetric-p", "stencil2d-ps"):
        reader = CubeRankReader()
        reader.scaling_type = "weak"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            experiment = reader.read_experiment(fixtures_dir / "cube" / name)
        assert experiment.call_tree == io_helper.create_call_tree(experiment.callpaths)


_segment = st.sampled_from(["a", "b", "c", "MPI_Send", "x y"])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(_segment, min_size=1, max_size=5).map("->".join), min_size=1, max_size=25))
def test_equals_extrap_call_tree_for_any_order_gaps_and_duplicates(names):
    """Paths in any order, parents implied but not listed, duplicates: same nodes, child order,
    placeholder paths and duplicate warnings as Extra-P's construction."""
    callpaths = [Callpath(n) for n in names]
    with warnings.catch_warnings(record=True) as theirs_warned:
        warnings.simplefilter("always")
        theirs = io_helper.create_call_tree(callpaths)
    with warnings.catch_warnings(record=True) as ours_warned:
        warnings.simplefilter("always")
        ours = build_call_tree(callpaths)
    assert ours == theirs
    assert tree_rows(ours) == tree_rows(theirs)
    assert [str(w.message) for w in ours_warned] == [str(w.message) for w in theirs_warned]


@pytest.mark.slow
def test_saved_3000_level_experiment_reopens_in_seconds(tmp_path):
    """Extra-P's loader builds the call tree with create_call_tree too: a saved 3,000-level
    experiment did not reopen within 5 minutes; RankExperimentSchema builds it linearly."""
    from extrap.fileio.experiment_io import read_experiment, write_experiment

    import extrap_segmented
    extrap_segmented.activate()
    paths = write_deep_experiment(tmp_path / "in", 3000)
    reader = CubeRankReader()
    reader.scaling_type = "weak"
    experiment = reader.read_experiment(tmp_path / "in")
    saved = tmp_path / "deep.extra-p"
    write_experiment(experiment, str(saved))
    original = io_helper.create_call_tree
    start = time.perf_counter()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        loaded = read_experiment(str(saved))
    elapsed = time.perf_counter() - start
    assert elapsed < 60, elapsed  # about 5 s on the shared, loaded machine
    assert io_helper.create_call_tree is original  # Extra-P's function is back in place
    assert type(loaded).__name__ == "RankExperiment"
    rows = tree_rows(loaded.call_tree)
    assert len(rows) == 3000 and rows[-1] == (2999, "f2999", paths[-1])
