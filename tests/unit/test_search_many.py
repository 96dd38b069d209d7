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
