"""Slices of a multi-parameter kernel for ``extrap-validate``: the core groups, the adapter names and filters."""
from __future__ import annotations

import numpy as np
from extrap.entities.callpath import Callpath
from extrap.entities.coordinate import Coordinate
from extrap.entities.measurement import Measurement
from extrap.entities.metric import Metric

from extrap_segmented.adapters.expectations.multi_rows import slices_of


def test_slices_keyed_by_the_other_parameters_ascending_with_measurements_in_given_order():
    rng = np.random.default_rng(2)
    points = [(p, n, s) for p in (64.0, 8.0, 16.0, 32.0) for n in (2.0, 1.0) for s in (3.0, 5.0)]
    points = [points[i] for i in rng.permutation(len(points))]
    ms = [Measurement(Coordinate(*pt), Callpath("k"), Metric("time"), [1.0]) for pt in points]
    slices = slices_of(ms, ["p", "n", "s"], 0, {"n": 2})
    assert list(slices) == [(("n", 2.0), ("s", 3.0)), (("n", 2.0), ("s", 5.0))]
    for (_, n), (_, s) in slices:
        assert slices[(("n", n), ("s", s))] == [m for m in ms if tuple(m.coordinate)[1:] == (n, s)]
    along_s = slices_of(ms, ["p", "n", "s"], 2, {})
    assert list(along_s) == sorted(along_s) and len(along_s) == 8
    assert all(len(subset) == 2 for subset in along_s.values())
    assert slices_of(ms, ["p", "n", "s"], 0, {"n": 7}) == {}
