"""``search_many``: many series sharing parameter values in one vectorized call, each result bit for
bit the series' own ``search``."""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented.pmnf.search import search, search_many


@pytest.mark.parametrize("crossvalidation", [True, False])
def test_each_result_equals_its_own_search(crossvalidation):
    rng = np.random.default_rng(3)
    x = np.array([8.0, 16, 32, 64, 128, 256, 512, 1024])
    shapes = [np.ones_like(x), np.log2(x), x, x ** 1.5, np.sqrt(x) * np.log2(x), 1 / x]
    Y = np.array([(1 + rng.uniform(0, 3)) * shapes[i % len(shapes)] * (1 + 0.05 * rng.standard_normal(x.size))
                  + (5 if i % 4 == 0 else 0) for i in range(300)])
    Y[7] = 3.0  # exactly constant: cost exactly 0
    Y[11] = np.round(Y[11] * 100)  # counts
    batched = search_many(x, Y, crossvalidation=crossvalidation)
    assert len(batched) == len(Y)
    terms = set()
    for y, fits in zip(Y, batched):
        alone = search(x, y, crossvalidation=crossvalidation)
        for name, value in vars(alone).items():
            assert np.array_equal(value, getattr(fits, name), equal_nan=True), name
        terms.add(int(fits.term[0]))
    assert len(terms) >= 4  # the series are not all alike
    assert search_many(x, np.zeros((0, x.size))) == []


def test_segment_costs_of_many_series_equal_each_series_own():
    from extrap_segmented.segmentation.costs import RelativeFitCost, relative_scale
    from extrap_segmented.segmentation.significance import SignificanceSearch
    rng = np.random.default_rng(5)
    x = np.array([4.0, 8, 16, 32, 64, 128, 256, 512, 1024, 2048])
    Y = np.array([(1 + rng.uniform(0, 2)) * np.where(x <= 64, x, 64 + 5 * (x - 64)) ** rng.uniform(0.3, 1.2)
                  * (1 + 0.02 * rng.standard_normal(x.size)) for _ in range(120)])
    Y[3] = -Y[3]  # negative values
    Y[4, 2] = 0.0  # a zero
    starts, stops = SignificanceSearch().first_bounds(len(x))
    assert len(starts) > 10
    cost = RelativeFitCost()
    many = cost.errors_many(x, Y, starts, stops)
    for y, row in zip(Y, many):
        assert np.array_equal(RelativeFitCost().fit(x, y).errors(starts, stops), row, equal_nan=True)
    assert np.array_equal(cost.errors_many(x, Y, starts, stops, np.stack([relative_scale(y) for y in Y])), many)
