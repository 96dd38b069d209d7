"""Core of the multi-parameter segmentation: slices, consistent/moving changes, pooled
slices and separable fits (no Extra-P)."""
from __future__ import annotations

import numpy as np
import pytest

from extrap_segmented.segmentation.multi import (CONSISTENT, ISOLATED, MOVING, NONE, changes_along,
                                                 confirm_with_pool, fit_separable, pooled_series, slices_along)

P = [4.0, 8.0, 16.0, 32.0]
N = [256.0, 512.0, 1024.0, 2048.0, 4096.0, 8192.0, 16384.0, 32768.0]
X = np.array([(p, n) for p in P for n in N])


def _detect_at(location_of):
    """A stand-in detection: a change where ``location_of(other value)`` says (None: none)."""
    def detect(x, y, rows):
        loc = location_of(X[rows[0], 0])
        return [] if loc is None else [loc]
    return detect


def test_slices_along_n_are_one_per_p_sorted_by_n():
    slices = slices_along(X[::-1], 1)
    assert list(slices) == [(p,) for p in P]
    for rows in slices.values():
        assert list(X[::-1][rows, 1]) == N


def test_the_same_location_in_every_slice_is_consistent_and_reported_once():
    result = changes_along(X, np.ones(len(X)), 1, _detect_at(lambda p: (4096.0, 8192.0)))
    assert result.kind == CONSISTENT
    assert result.locations == ((4096.0, 8192.0),)
    assert result.checked == len(P)


def test_a_location_that_moves_with_p_is_moving():
    result = changes_along(X, np.ones(len(X)), 1, _detect_at(lambda p: (p * 128, p * 256)))
    assert result.kind == MOVING and result.locations == ()


def test_a_change_in_one_slice_of_four_is_isolated_and_none_is_none():
    assert changes_along(X, np.ones(len(X)), 1, _detect_at(lambda p: (4096.0, 8192.0) if p == 8 else None)).kind \
        == ISOLATED
    assert changes_along(X, np.ones(len(X)), 1, _detect_at(lambda p: None)).kind == NONE


def test_fit_separable_recovers_a_product_of_segments_and_log_p():
    p, n = X[:, 0], X[:, 1]
    y = np.where(n <= 4096, 50 + 0.01 * n, 200 + 0.05 * n) * np.log2(p)
    fits = fit_separable(X, y, 1, [(4096.0, 8192.0)], [lambda v: v, lambda v: v], [(0, np.log2)])
    best = fits[0]
    assert best.form == "product"
    (a0, b0), (a1, b1) = best.segments
    assert a0 == pytest.approx(50, rel=1e-9) and b0 == pytest.approx(0.01, rel=1e-9)
    assert a1 == pytest.approx(200, rel=1e-9) and b1 == pytest.approx(0.05, rel=1e-9)
    assert best.relative_error < 1e-9


def test_fit_separable_prefers_the_sum_where_the_parameters_add():
    p, n = X[:, 0], X[:, 1]
    y = np.where(n <= 4096, 50 + 0.01 * n, 200 + 0.05 * n) + 30 * np.log2(p)
    best = fit_separable(X, y, 1, [(4096.0, 8192.0)], [lambda v: v, lambda v: v], [(0, np.log2)])[0]
    assert best.form == "sum"
    assert best.others[0] == pytest.approx(30, rel=1e-9)


def test_pooled_series_divides_each_slice_by_its_mean_and_pools_the_noise():
    p, n = X[:, 0], X[:, 1]
    y = n * p  # every slice the same shape, scaled by p
    x, pooled, relative, count = pooled_series(X, y, 0.1 * y, 1)
    assert list(x) == N and count == len(P)
    assert pooled == pytest.approx(np.array(N) / np.mean(N), rel=1e-12)
    assert relative == pytest.approx(np.full(len(N), 0.1 / np.sqrt(len(P))), rel=1e-12)


def test_a_pooled_change_is_accepted_only_where_no_slice_contradicts_it():
    none = changes_along(X, np.ones(len(X)), 1, _detect_at(lambda p: None))
    assert confirm_with_pool(none, [(4096.0, 8192.0)]).kind == CONSISTENT
    isolated = changes_along(X, np.ones(len(X)), 1, _detect_at(lambda p: (4096.0, 8192.0) if p == 8 else None))
    assert confirm_with_pool(isolated, [(4096.0, 8192.0)]).locations == ((4096.0, 8192.0),)
    assert confirm_with_pool(isolated, [(1024.0, 2048.0)]).kind == ISOLATED  # slice p=8 says elsewhere
