"""``fit_many``: the change-point search of a stack of series equals each series' own ``fit``."""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented.exceptions import InvalidInputError
from extrap_segmented.segmentation.search import MODES, ChangePointSearch


def _stack(rng, rows=24):
    """Series at shared sizes (given shuffled), half with a change after x = 64: a steeper slope,
    and in every other one of those also a x3 step (a slope that only rises is no trend break)."""
    x = np.array([4.0, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192])
    Y = []
    for r in range(rows):
        base = (1 + rng.uniform(0, 2)) * x ** rng.uniform(0.3, 1.2)
        if r % 2:
            base = np.where(x <= 64, base, base[4] * (x / 64) ** 2.5 * (3.0 if r % 4 == 1 else 1.0))
        Y.append(base * (1 + 0.02 * rng.standard_normal(x.size)))
    order = rng.permutation(x.size)
    return x[order], np.array(Y)[:, order]


def _fitted(search):
    names = ["order_", "x_", "y_", "breakpoints_", "shared_", "segmented_", "too_few_points_", "window_errors_",
             "window_tags_", "epsilon_", "statistics_", "quantum_"]
    return {name: getattr(search, name) for name in names}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_each_series_of_the_stack_is_fitted_as_on_its_own(mode):
    rng = np.random.default_rng(11)
    x, Y = _stack(rng)
    noise = 0.01 + 0.01 * rng.uniform(size=Y.shape)  # per series and point
    search = ChangePointSearch(mode=mode)
    many = search.fit_many(x, Y, noise=noise, repetitions=5)
    assert len(many) == len(Y) and all(type(s) is type(search) for s in many)
    for y, n, fitted in zip(Y, noise, many):
        alone = ChangePointSearch(mode=mode).fit(x, y, noise=n, repetitions=5)
        np.testing.assert_equal(_fitted(fitted), _fitted(alone))  # exact: same operations per row (see fit_many)
    # the stack holds changes and no changes: both outcomes are compared above
    assert {s.segmented_ for s in many} == {True, False}
    assert not hasattr(search, "breakpoints_")  # the search itself stays unfitted


def test_first_detection_costs_of_the_stack_equal_each_series_own():
    rng = np.random.default_rng(3)
    x, Y = _stack(rng, rows=40)  # more rows than one vectorized call takes
    order = np.argsort(x)
    search = ChangePointSearch(mode="test")
    many = search.first_errors_many(x[order], Y[:, order])
    starts, stops = search.first_bounds(len(x))
    assert many.shape == (len(Y), len(starts))
    for y, row in zip(Y[:, order], many):
        own = ChangePointSearch(mode="test").fit(x[order], y).cost_.errors(starts, stops)
        np.testing.assert_array_equal(row, own)  # exact: bit for bit by construction of errors_many
    assert search.first_errors_many(x[:4], Y[:, :4]) is None  # fewer points than a search needs
    assert ChangePointSearch(mode="test", cost="smooth").first_errors_many(x[order], Y[:, order]) is None


def test_a_bad_series_is_named_by_its_row():
    x, Y = _stack(np.random.default_rng(1), rows=3)
    Y[2, 5] = np.nan
    with pytest.raises(InvalidInputError, match="series 2: values must be finite"):
        ChangePointSearch(mode="test").fit_many(x, Y)
    with pytest.raises(InvalidInputError, match="Y of shape"):
        ChangePointSearch(mode="test").fit_many(x, Y[0])
