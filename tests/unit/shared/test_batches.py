"""Series grouped for batch calls: bit-identical x (and equal keys) share a group, in order of first appearance;
one batch call per group (fit_in_groups)."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings, strategies as st

import pytest

from extrap_segmented.batches import fit_in_groups, same_x_groups


def test_groups_by_exact_x_and_key_in_order_of_first_appearance():
    a, b = np.array([1.0, 2.0, 4.0]), np.array([1.0, 2.0, 4.0 + 2 ** -50])  # b differs in the last bits
    groups = same_x_groups([a, b, None, a.copy(), b.copy(), np.array([1.0, 2.0])])
    assert [members for _, members in groups] == [[0, 3], [1, 4], [5]]
    assert groups[0][0] is a and groups[1][0] is b  # the first member's x
    keyed = same_x_groups([a, a, a], keys=["O(p)", "O(1)", "O(p)"])
    assert [members for _, members in keyed] == [[0, 2], [1]]
    # the same bytes in another shape are other coordinates
    assert len(same_x_groups([np.zeros(4), np.zeros((2, 2))])) == 2
    assert same_x_groups([None, None]) == []


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=12))
def test_every_given_series_is_in_exactly_one_group_with_its_equals(choices):
    pool = [np.arange(k + 2, dtype=float) for k in range(4)]
    xs = [pool[c].copy() for c in choices]
    groups = same_x_groups(xs)
    assert sorted(i for _, members in groups for i in members) == list(range(len(xs)))
    for x, members in groups:
        assert members == sorted(members)
        assert all(np.array_equal(xs[i], x) for i in members)
    assert len(groups) == len(set(choices))


def test_each_group_is_fitted_in_calls_of_at_most_size_rows_and_lone_series_are_left_to_the_caller():
    x, other = np.array([1.0, 2.0, 4.0]), np.array([1.0, 3.0, 9.0])
    xs = [x, x.copy(), other, None, x.copy(), x.copy(), x.copy()]
    ys = [np.full(3, float(i)) for i in range(len(xs))]
    calls = []

    def fit_many(x_, Y):
        calls.append((x_.tolist(), Y[:, 0].tolist()))
        return [10 * row[0] for row in Y]
    results = fit_in_groups(xs, ys, fit_many, size=2)
    assert results == [0.0, 10.0, None, None, 40.0, 50.0, 60.0]  # 2: alone with its x; 3: no x
    assert calls == [([1.0, 2.0, 4.0], [0.0, 1.0]), ([1.0, 2.0, 4.0], [4.0, 5.0]), ([1.0, 2.0, 4.0], [6.0])]


def test_a_refused_batch_leaves_its_series_to_the_caller_and_other_errors_pass():
    x = np.array([1.0, 2.0])
    ys = [np.array([1.0, 1.0]), np.array([np.nan, 1.0]), np.array([2.0, 2.0]), np.array([3.0, 3.0])]

    def fit_many(_, Y):
        if np.isnan(Y).any():
            raise ValueError("NaN")
        return list(Y.sum(axis=1))
    assert fit_in_groups([x] * 4, ys, fit_many, size=2, refused=(ValueError,)) == [None, None, 4.0, 6.0]
    with pytest.raises(ValueError, match="NaN"):
        fit_in_groups([x] * 4, ys, fit_many, size=2, refused=(KeyError,))
